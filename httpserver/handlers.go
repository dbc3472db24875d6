package httpserver

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unsafe"

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
	c := s.assetsLine(body, etag)
	if c.etag != nil {
		h := w.Header()
		setHeader(h, "Etag", c.etag)
		setHeader(h, "Cache-Control", valueNoCache)
		if etagMatches(headerValue(r.Header, "If-None-Match"), c.etag[0]) {
			w.WriteHeader(http.StatusNotModified)
			return nil
		}
	}
	writeLineLength(w, http.StatusOK, c.line, c.length)
	return nil
}

// assetsLine returns the catalog's pre-encoded list with its final newline
// and its header values, made once per list: the list is immutable, and
// copying several kilobytes on every request is what pre-encoding saves.
func (s *server) assetsLine(body []byte, etag string) *encodedLine {
	if c := s.assetsCache.Load(); c != nil && len(c.src) == len(body) && unsafe.SliceData(c.src) == unsafe.SliceData(body) && c.rawETag == etag {
		return c
	}
	c := &encodedLine{src: body, rawETag: etag, line: append(slices.Clip(body), '\n')}
	c.length = []string{strconv.Itoa(len(c.line))}
	if etag != "" {
		if !strings.HasSuffix(etag, `"`) {
			etag = `"` + etag + `"`
		}
		c.etag = []string{etag}
	}
	s.assetsCache.Store(c)
	return c
}

// encodedLine is a pre-encoded body, the same with its newline, and the
// header values that go with it; the values are shared by every response,
// which net/http only reads.
type encodedLine struct {
	src     []byte
	rawETag string
	line    []byte
	length  []string // Content-Length
	etag    []string // ETag, quoted; nil without one
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

func readQuote(w http.ResponseWriter, r *http.Request) (req orchestration.QuoteRequest, err error) {
	err = decodeBody(w, r, orchestration.EndpointQuote.Bad, &req, false)
	return req, err
}

func (s *server) quote(w http.ResponseWriter, r *http.Request) error {
	req, err := readQuote(w, r)
	if err != nil {
		return err
	}
	quotes, err := s.svc.Quoter.Quote(r.Context(), req)
	if err != nil {
		return err
	}
	if quotes == nil {
		quotes = []orchestration.Quote{}
	}
	return writeQuotes(w, http.StatusOK, quotes)
}

func readPermitQuote(w http.ResponseWriter, r *http.Request) (req orchestration.PermitQuoteRequest, err error) {
	err = decodeBody(w, r, orchestration.EndpointPermitQuote.Bad, &req, false)
	return req, err
}

func (s *server) permitQuote(w http.ResponseWriter, r *http.Request) error {
	req, err := readPermitQuote(w, r)
	if err != nil {
		return err
	}
	resp, err := s.svc.PermitBuilder.PermitQuote(r.Context(), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

func readPermitBuild(w http.ResponseWriter, r *http.Request) (req orchestration.PermitBuildRequest, err error) {
	err = decodeBody(w, r, orchestration.EndpointPermitBuild.Bad, &req, false)
	return req, err
}

func (s *server) permitBuild(w http.ResponseWriter, r *http.Request) error {
	req, err := readPermitBuild(w, r)
	if err != nil {
		return err
	}
	resp, err := s.svc.PermitBuilder.PermitBuild(r.Context(), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

func readOrders(r *http.Request) (orchestration.OrdersQuery, error) {
	v, err := parseQuery(r, orchestration.EndpointOrders.Bad)
	if err != nil {
		return orchestration.OrdersQuery{}, err
	}
	return orchestration.ParseOrdersQuery(v)
}

func (s *server) orders(w http.ResponseWriter, r *http.Request) error {
	q, err := readOrders(r)
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

func readCancel(w http.ResponseWriter, r *http.Request) (req orchestration.CancelOrderRequest, err error) {
	err = decodeBody(w, r, orchestration.EndpointCancelOrder.Bad, &req, true)
	req.Order = orderRef(r)
	return req, err
}

func (s *server) cancelOrder(w http.ResponseWriter, r *http.Request) error {
	req, err := readCancel(w, r)
	if err != nil {
		return err
	}
	p, err := s.svc.OrderService.CancelOrder(r.Context(), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p)
}

func readTopology(r *http.Request) (orchestration.TopologyQuery, error) {
	v, err := parseQuery(r, orchestration.EndpointTopologyRoutes.Bad)
	if err != nil {
		return orchestration.TopologyQuery{}, err
	}
	return orchestration.ParseTopologyQuery(v)
}

func (s *server) topologyRoutes(w http.ResponseWriter, r *http.Request) error {
	q, err := readTopology(r)
	if err != nil {
		return err
	}
	routes, err := s.svc.Topology.Routes(r.Context(), q)
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

func (s *server) solverStats(w http.ResponseWriter, r *http.Request) error {
	st, err := s.svc.Solvers.SolverStats(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}

// The checks a route makes when its service is not configured: what the
// server can tell without the service (a well-formed body or query, the
// required fields, known and enabled chains, a well-formed order id), so a
// malformed request is a 400 whether or not the service runs here, and a
// valid one is a 501 NotImplemented. Rules that need the service (amounts
// against a token, quote limits, order state) are not applied.

func (s *server) checkQuote(w http.ResponseWriter, r *http.Request) error {
	req, err := readQuote(w, r)
	if err != nil {
		return err
	}
	return s.checkTransfer(r.Context(), orchestration.EndpointQuote.Bad, req.TransferFields())
}

func (s *server) checkPermitQuote(w http.ResponseWriter, r *http.Request) error {
	req, err := readPermitQuote(w, r)
	if err != nil {
		return err
	}
	return s.checkTransfer(r.Context(), orchestration.EndpointPermitQuote.Bad, req.TransferFields())
}

func (s *server) checkPermitBuild(w http.ResponseWriter, r *http.Request) error {
	req, err := readPermitBuild(w, r)
	if err != nil {
		return err
	}
	if len(req.SignedRecipes) == 0 {
		return orchestration.Errorf(orchestration.EndpointPermitBuild.Bad, "signedRecipes is required")
	}
	for i, sr := range req.SignedRecipes {
		if sr.Signature == "" {
			return orchestration.Errorf(orchestration.EndpointPermitBuild.Bad, "signedRecipes[%d].signature is required", i)
		}
		if err := s.checkChain(r.Context(), orchestration.EndpointPermitBuild.Bad, fmt.Sprintf("signedRecipes[%d].recipe.chain", i), sr.Recipe.Chain); err != nil {
			return err
		}
	}
	return nil
}

func (s *server) checkOrders(_ http.ResponseWriter, r *http.Request) error {
	_, err := readOrders(r)
	return err
}

func (s *server) checkOrder(_ http.ResponseWriter, r *http.Request) error {
	return s.checkOrderRef(r.Context(), orderRef(r))
}

func (s *server) checkCancel(w http.ResponseWriter, r *http.Request) error {
	req, err := readCancel(w, r)
	if err != nil {
		return err
	}
	if err := s.checkOrderRef(r.Context(), req.Order); err != nil {
		return err
	}
	return orchestration.RefuseZeroAccount(orchestration.EndpointCancelOrder.Bad, "caller", req.Caller)
}

func (s *server) checkTopology(_ http.ResponseWriter, r *http.Request) error {
	q, err := readTopology(r)
	if err != nil {
		return err
	}
	if (q.SourceChain == "") != (q.SourceAddress == "") {
		return orchestration.Errorf(orchestration.EndpointTopologyRoutes.Bad, "sourceChain and sourceAddress must be given together or not at all")
	}
	if q.SourceChain == "" {
		return nil
	}
	return s.checkChain(r.Context(), orchestration.EndpointTopologyRoutes.Bad, "sourceChain", q.SourceChain)
}

// checkTransfer checks a quote or permit quote request as far as it can
// without the service: its route's chains known and enabled and its asset
// addresses well formed, then the rest of its wire formats with
// orchestration.ParseTransfer, the check the quote validator makes too.
// Whether the assets are in the catalog is the service's to say.
func (s *server) checkTransfer(ctx context.Context, code orchestration.Code, f orchestration.TransferFields) error {
	for _, side := range []struct {
		name string
		a    orchestration.AssetAddress
	}{{"route.source", f.Route.Source}, {"route.destination", f.Route.Destination}} {
		if err := s.checkChain(ctx, code, side.name+".chain", side.a.Chain); err != nil {
			return err
		}
		if side.a.Address == "" {
			return orchestration.Errorf(code, "%s.address is required", side.name)
		}
		if _, err := orchestration.ParseAddress(side.a.Chain.Runtime(), side.a.Address); err != nil {
			return orchestration.Errorf(code, "%s.address %v", side.name, err)
		}
	}
	_, err := orchestration.ParseTransfer(code, f)
	return err
}

func (s *server) checkOrderRef(ctx context.Context, ref orchestration.OrderRef) error {
	if err := s.checkChain(ctx, orchestration.EndpointOrder.Bad, "originChain", ref.OriginChain); err != nil {
		return err
	}
	if _, err := orchestration.ParseOrderID(ref.OrderID); err != nil {
		return orchestration.Wrap(orchestration.EndpointOrder.Bad, err, err.Error())
	}
	return nil
}

// checkChain requires a known chain and, when the asset catalog runs here,
// one it lists assets on.
func (s *server) checkChain(ctx context.Context, code orchestration.Code, field string, c orchestration.Chain) error {
	if c == "" {
		return orchestration.Errorf(code, "%s is required", field)
	}
	if !c.IsKnown() {
		return orchestration.Errorf(code, "%s: unknown chain %q", field, orchestration.Clip(string(c)))
	}
	if s.svc.Assets == nil {
		return nil
	}
	assets, err := s.svc.Assets.SupportedAssets(ctx)
	if err != nil {
		return nil // the catalog cannot tell; the chain is known, which is all that is sure
	}
	for _, a := range assets {
		if a.Chain == c {
			return nil
		}
	}
	return orchestration.Errorf(code, "%s: chain %s is not enabled on this server", field, c)
}
