package topology

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// routeView is one route's merged counters.
type routeView struct {
	key       routeKey
	total     counter
	providers map[orchestration.ProviderID]counter
}

// snapshot is a consistent reading of the local state and the store.
type snapshot struct {
	routes          map[routeKey]*routeView
	senders         []orchestration.AddressFrequency
	recipients      []orchestration.AddressFrequency
	providers       []orchestration.TopologyProviderStats
	collectingSince time.Time
	lastUpdated     time.Time
}

// read merges the seeds, the local counters and the store's totals. With
// addresses, it also reads the top address lists and provider windows.
func (s *Service) read(ctx context.Context, addresses bool) (*snapshot, error) {
	s.flushMu.RLock()
	defer s.flushMu.RUnlock()
	now := s.now()
	snap := &snapshot{routes: make(map[routeKey]*routeView)}
	view := func(k routeKey) *routeView {
		v := snap.routes[k]
		if v == nil {
			v = &routeView{key: k, providers: make(map[orchestration.ProviderID]counter)}
			snap.routes[k] = v
		}
		return v
	}
	add := func(k counterKey, c counter) {
		v := view(k.route)
		if k.provider == "" {
			v.total = v.total.plus(c)
		} else {
			v.providers[k.provider] = v.providers[k.provider].plus(c)
		}
	}

	s.mu.Lock()
	for k, ps := range s.seeds {
		v := view(k)
		for p := range ps {
			v.providers[p] = v.providers[p]
		}
	}
	for k, c := range s.pending.routes {
		add(k, c)
	}
	if addresses {
		snap.senders = s.pending.senders.all()
		snap.recipients = s.pending.recipients.all()
		ids := slices.Sorted(maps.Keys(s.windows))
		snap.providers = make([]orchestration.TopologyProviderStats, 0, len(ids))
		for _, id := range ids {
			snap.providers = append(snap.providers, s.windows[id].read(id, now))
		}
	}
	snap.collectingSince = s.started
	snap.lastUpdated = s.lastCount
	if s.seededAt.After(snap.lastUpdated) {
		snap.lastUpdated = s.seededAt
	}
	s.mu.Unlock()

	if s.store == nil {
		return snap, nil
	}
	stored, err := s.store.routes(ctx)
	if err != nil {
		return nil, fmt.Errorf("topology: read route counts: %w", err)
	}
	for k, c := range stored {
		add(k, c)
		if c.last.After(snap.lastUpdated) {
			snap.lastUpdated = c.last
		}
	}
	if !addresses {
		return snap, nil
	}
	for _, l := range []struct {
		kind string
		list *[]orchestration.AddressFrequency
	}{{kindSender, &snap.senders}, {kindRecipient, &snap.recipients}} {
		top, err := s.store.topAddresses(ctx, l.kind, s.topN)
		if err != nil {
			return nil, fmt.Errorf("topology: read %s addresses: %w", l.kind, err)
		}
		*l.list = mergeFrequencies(*l.list, top)
	}
	since, ok, err := s.store.collectingSince(ctx)
	if err != nil {
		return nil, fmt.Errorf("topology: read collecting_since: %w", err)
	}
	if ok && since.Before(snap.collectingSince) {
		snap.collectingSince = since
	}
	return snap, nil
}

// mergeFrequencies adds lists by address, most frequent first.
func mergeFrequencies(a, b []orchestration.AddressFrequency) []orchestration.AddressFrequency {
	sum := make(map[string]int64, len(a)+len(b))
	for _, f := range slices.Concat(a, b) {
		sum[f.Address] += f.Count
	}
	out := make([]orchestration.AddressFrequency, 0, len(sum))
	for addr, n := range sum {
		out = append(out, orchestration.AddressFrequency{Address: addr, Count: n})
	}
	sortFrequencies(out)
	return out
}

// wire returns v as the API shows it: providers by quote count, then name.
func (v *routeView) wire() orchestration.TopologyRoute {
	r := orchestration.TopologyRoute{
		Source:          v.key.src,
		Destination:     v.key.dst,
		Providers:       make([]orchestration.TopologyRouteProvider, 0, len(v.providers)),
		LastUsed:        timePtr(v.total.last),
		TotalQuoteCount: v.total.n,
	}
	for p, c := range v.providers {
		r.Providers = append(r.Providers, orchestration.TopologyRouteProvider{Provider: p, LastUsed: timePtr(c.last), QuoteCount: c.n})
	}
	slices.SortFunc(r.Providers, func(a, b orchestration.TopologyRouteProvider) int {
		return cmp.Or(cmp.Compare(b.QuoteCount, a.QuoteCount), cmp.Compare(a.Provider, b.Provider))
	})
	return r
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// unavailable is the failure of a read whose store of counters did not
// answer: TopologyUnavailable (503, decision 100). This replica's own
// counters alone would show totals that are not the service's.
func unavailable(err error) error {
	return orchestration.StoreUnavailable(orchestration.TopologyUnavailable, err,
		"the shared traffic counters could not be read; retry later")
}

// Routes returns every known route, or with q's source set those from that
// asset, ordered by source and destination. Only one of q's fields set, or
// an asset the catalog does not know, is BadTopologyRequest; a store that
// cannot be read, TopologyUnavailable.
func (s *Service) Routes(ctx context.Context, q orchestration.TopologyQuery) ([]orchestration.TopologyRoute, error) {
	var from *orchestration.AssetAddress
	switch {
	case q.SourceChain == "" && q.SourceAddress == "":
	case q.SourceChain == "" || q.SourceAddress == "":
		return nil, orchestration.Errorf(orchestration.BadTopologyRequest,
			"sourceChain and sourceAddress go together: give both or neither")
	default:
		a, err := s.catalog.Resolve(orchestration.AssetAddress{Chain: q.SourceChain, Address: q.SourceAddress})
		if err != nil {
			return nil, &orchestration.Error{Code: orchestration.BadTopologyRequest, Message: err.Error(), Err: err}
		}
		from = &orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
	}
	snap, err := s.read(ctx, false)
	if err != nil {
		return nil, unavailable(err)
	}
	out := make([]orchestration.TopologyRoute, 0, len(snap.routes))
	for _, k := range sortedRoutes(snap.routes) {
		if from == nil || k.src == *from {
			out = append(out, snap.routes[k].wire())
		}
	}
	return out, nil
}

func sortedRoutes(m map[routeKey]*routeView) []routeKey {
	return slices.SortedFunc(maps.Keys(m), compareRoutes)
}

// Stats returns the route statistics; see the package documentation. A
// store that cannot be read is TopologyUnavailable.
func (s *Service) Stats(ctx context.Context) (*orchestration.TopologyRouteStats, error) {
	snap, err := s.read(ctx, true)
	if err != nil {
		return nil, unavailable(err)
	}
	activeSince := s.now().Add(-s.active)
	st := &orchestration.TopologyRouteStats{
		TotalRoutes:     len(snap.routes),
		CollectingSince: timePtr(snap.collectingSince),
		LastUpdated:     timePtr(snap.lastUpdated),
		HottestPaths:    []orchestration.TopologyRoute{},
		TopSenders:      top(snap.senders, s.topN),
		TopRecipients:   top(snap.recipients, s.topN),
		Providers:       snap.providers,
	}
	var hot []*routeView
	for _, k := range sortedRoutes(snap.routes) {
		v := snap.routes[k]
		if !v.total.last.IsZero() && !v.total.last.Before(activeSince) {
			st.ActiveRoutes++
		}
		if v.total.n > 0 {
			hot = append(hot, v)
		}
	}
	slices.SortStableFunc(hot, func(a, b *routeView) int {
		return cmp.Or(cmp.Compare(b.total.n, a.total.n), b.total.last.Compare(a.total.last))
	})
	for _, v := range hot[:min(len(hot), s.topN)] {
		st.HottestPaths = append(st.HottestPaths, v.wire())
	}
	if st.Providers == nil {
		st.Providers = []orchestration.TopologyProviderStats{}
	}
	return st, nil
}

func top(fs []orchestration.AddressFrequency, n int) []orchestration.AddressFrequency {
	return append([]orchestration.AddressFrequency{}, fs[:min(len(fs), n)]...)
}
