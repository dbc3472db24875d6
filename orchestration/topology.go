package orchestration

import (
	"net/url"
	"time"
)

// TopologyRoute is one route the service knows of, with how often each
// provider quoted it. Times are RFC 3339, as in the hosted service.
type TopologyRoute struct {
	Source          AssetAddress            `json:"source"`
	Destination     AssetAddress            `json:"destination"`
	Providers       []TopologyRouteProvider `json:"providers"`
	LastUsed        *time.Time              `json:"lastUsed,omitempty"`
	TotalQuoteCount int64                   `json:"totalQuoteCount"`
}

// TopologyRouteProvider is one provider's record on a route.
type TopologyRouteProvider struct {
	Provider   ProviderID `json:"provider"`
	LastUsed   *time.Time `json:"lastUsed,omitempty"`
	QuoteCount int64      `json:"quoteCount"`
}

// TopologyRouteStats aggregates route usage.
type TopologyRouteStats struct {
	TotalRoutes     int                `json:"totalRoutes"`
	ActiveRoutes    int                `json:"activeRoutes"`
	CollectingSince *time.Time         `json:"collectingSince,omitempty"`
	LastUpdated     *time.Time         `json:"lastUpdated,omitempty"`
	HottestPaths    []TopologyRoute    `json:"hottestPaths"`
	TopSenders      []AddressFrequency `json:"topSenders"`
	TopRecipients   []AddressFrequency `json:"topRecipients"`
	// Providers is each provider's recent quote performance, as seen by the
	// replica that answered. An additive field; the hosted service has no
	// such list.
	Providers []TopologyProviderStats `json:"providers"`
}

// TopologyProviderStats is one provider's quote performance over a sliding
// window of recent requests (WindowSeconds long). Requests counts the quote
// requests that selected the provider; each ended OK (it priced a leg),
// NoRoute (it served no leg of the request) or Failed (a call failed, timed
// out or panicked). An additive type.
type TopologyProviderStats struct {
	Provider      ProviderID `json:"provider"`
	WindowSeconds int64      `json:"windowSeconds"`
	Requests      int64      `json:"requests"`
	OK            int64      `json:"ok"`
	NoRoute       int64      `json:"noRoute"`
	Failed        int64      `json:"failed"`
	// SuccessRate is (OK + NoRoute) / Requests: the share of requests the
	// provider answered without failing. Absent when Requests is zero.
	SuccessRate *float64 `json:"successRate,omitempty"`
	// LatencyP50Ms and LatencyP95Ms are percentiles, in milliseconds, of
	// the provider's answer time per request (its longest leg call), over
	// the requests that called it. Absent when none did.
	LatencyP50Ms *float64 `json:"latencyP50Ms,omitempty"`
	LatencyP95Ms *float64 `json:"latencyP95Ms,omitempty"`
}

// AddressFrequency counts how often an address appeared.
type AddressFrequency struct {
	Address string `json:"address"`
	Count   int64  `json:"count"`
}

// TopologyQuery filters GET /topology/routes by source asset. Both fields are
// set or neither is.
type TopologyQuery struct {
	SourceChain   Chain
	SourceAddress string
}

// ParseTopologyQuery decodes the query string of GET /topology/routes. A
// parameter given twice or empty is an *Error with code BadTopologyRequest
// naming it (decision 40); whether the two are given together, and what
// they name, is the topology service's to check.
func ParseTopologyQuery(v url.Values) (TopologyQuery, error) {
	chain, err := queryValue(BadTopologyRequest, v, "sourceChain")
	if err != nil {
		return TopologyQuery{}, err
	}
	address, err := queryValue(BadTopologyRequest, v, "sourceAddress")
	if err != nil {
		return TopologyQuery{}, err
	}
	return TopologyQuery{SourceChain: Chain(chain), SourceAddress: address}, nil
}

// Values encodes q as a query string.
func (q TopologyQuery) Values() url.Values {
	v := url.Values{}
	if q.SourceChain != "" {
		v.Set("sourceChain", string(q.SourceChain))
	}
	if q.SourceAddress != "" {
		v.Set("sourceAddress", q.SourceAddress)
	}
	return v
}
