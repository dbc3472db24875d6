package httpserver

import (
	"context"
	"net/http"
	"strings"

	"github.com/m0-orchestration/m0/orchestration"
)

// The handlers: each decodes, calls one service method, and encodes. Every
// rule about the values themselves (amounts, addresses, chains, limits) is
// the service's.

// assetsJSONer is the optional capability of an asset catalog that keeps its
// list pre-encoded, with an entity tag that changes when the list does.
type assetsJSONer interface {
	SupportedAssetsJSON(ctx context.Context) (body []byte, etag string, err error)
}

func (s *server) supportedAssets(w http.ResponseWriter, r *http.Request) error {
	if s.assetsJSON == nil {
		assets, err := s.svc.Assets.SupportedAssets(r.Context())
		if err != nil {
			return err
		}
		if assets == nil {
			assets = []orchestration.Asset{}
		}
		return writeJSON(w, http.StatusOK, assets)
	}
	body, etag, err := s.assetsJSON.SupportedAssetsJSON(r.Context())
	if err != nil {
		return err
	}
	if etag != "" {
		if !strings.HasSuffix(etag, `"`) {
			etag = `"` + etag + `"`
		}
		w.Header().Set("ETag", etag)
		w.Header().Set("Cache-Control", "private, no-cache")
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return nil
		}
	}
	writeBody(w, http.StatusOK, body)
	return nil
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110, 13.1.2).
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(etag, "W/")
	for c := range strings.SplitSeq(header, ",") {
		c = strings.TrimSpace(c)
		if c == "*" || strings.TrimPrefix(c, "W/") == want {
			return true
		}
	}
	return false
}

func (s *server) quote(w http.ResponseWriter, r *http.Request) error {
	var req orchestration.QuoteRequest
	if err := decodeBody(w, r, orchestration.BadQuoteRequest, &req, false); err != nil {
		return err
	}
	quotes, err := s.svc.Quoter.Quote(r.Context(), req)
	if err != nil {
		return err
	}
	if quotes == nil {
		quotes = []orchestration.Quote{}
	}
	return writeJSON(w, http.StatusOK, quotes)
}

func (s *server) permitQuote(w http.ResponseWriter, r *http.Request) error {
	var req orchestration.PermitQuoteRequest
	if err := decodeBody(w, r, orchestration.BadPermitRequest, &req, false); err != nil {
		return err
	}
	resp, err := s.svc.PermitBuilder.PermitQuote(r.Context(), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

func (s *server) permitBuild(w http.ResponseWriter, r *http.Request) error {
	var req orchestration.PermitBuildRequest
	if err := decodeBody(w, r, orchestration.BadPermitRequest, &req, false); err != nil {
		return err
	}
	resp, err := s.svc.PermitBuilder.PermitBuild(r.Context(), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

func (s *server) orders(w http.ResponseWriter, r *http.Request) error {
	v, err := parseQuery(r, orchestration.BadOrderRequest)
	if err != nil {
		return err
	}
	q, err := orchestration.ParseOrdersQuery(v)
	if err != nil {
		return err
	}
	resp, err := s.svc.OrderService.Orders(r.Context(), q)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

// orderRef passes the path values raw: the order service decides whether the
// chain is known and the id well formed (BadOrderRequest).
func orderRef(r *http.Request) orchestration.OrderRef {
	return orchestration.OrderRef{
		OriginChain: orchestration.Chain(r.PathValue("originChain")),
		OrderID:     r.PathValue("orderId"),
	}
}

func (s *server) order(w http.ResponseWriter, r *http.Request) error {
	o, err := s.svc.OrderService.Order(r.Context(), orderRef(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, o)
}

func (s *server) cancelOrder(w http.ResponseWriter, r *http.Request) error {
	var req orchestration.CancelOrderRequest
	if err := decodeBody(w, r, orchestration.BadOrderRequest, &req, true); err != nil {
		return err
	}
	req.Order = orderRef(r)
	p, err := s.svc.OrderService.CancelOrder(r.Context(), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p)
}

func (s *server) topologyRoutes(w http.ResponseWriter, r *http.Request) error {
	v, err := parseQuery(r, orchestration.BadTopologyRequest)
	if err != nil {
		return err
	}
	routes, err := s.svc.Topology.Routes(r.Context(), orchestration.ParseTopologyQuery(v))
	if err != nil {
		return err
	}
	if routes == nil {
		routes = []orchestration.TopologyRoute{}
	}
	return writeJSON(w, http.StatusOK, routes)
}

func (s *server) topologyStats(w http.ResponseWriter, r *http.Request) error {
	st, err := s.svc.Topology.Stats(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}
