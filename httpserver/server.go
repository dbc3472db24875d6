package httpserver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/openapi"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/ratelimit"
)

// BasePath is the path prefix of every API route; the specification's
// {base_url} ends in it.
const BasePath = "/v1/orchestration"

// Services are the library services the API routes call. Each field may be
// nil: its routes then check what they can without the service (the body,
// the query, path parameters; a malformed request is still a 400) and answer
// a valid request with 501 NotImplemented, "<service> is not configured on
// this server". New logs the missing services once.
type Services struct {
	Assets        orchestration.Assets
	Quoter        orchestration.Quoter
	PermitBuilder orchestration.PermitBuilder
	OrderService  orchestration.OrderService
	// OrderWatcher serves GET /orders/{originChain}/{orderId}/events.
	OrderWatcher orchestration.OrderWatcher
	Topology     orchestration.Topology
	// Solvers serves GET /solvers/stats.
	Solvers orchestration.Solvers
	// Transfers serves GET /transfers/{chain}/{txHash}.
	Transfers orchestration.TransferTracker
}

// Config holds the server's cross-cutting settings. Only Keys is required;
// every other zero value means a documented default.
type Config struct {
	// Keys authenticates the x-api-key header of every API route: an
	// *apikey.Store, usually behind an *apikey.Cache. Its ErrUnknownKey is a
	// 401; any other error is answered with its own code when it carries an
	// *orchestration.Error (the Store's KeyStoreUnavailable, a 503 with
	// Retry-After: decision 99), else as the route's internal failure
	// (500), and logged.
	Keys apikey.Authenticator

	// RateLimiter enforces the rate limit each key carries
	// (apikey.Key.RateLimit), after authentication and before the handler:
	// a key over its limit gets 429 RateLimited with Retry-After. Nil means
	// no limits. Use a ratelimit.Memory for limits per replica, or a
	// ratelimit.Fallback over a redislimit.Limiter for limits shared by
	// replicas. A limiter error lets the request through (logged).
	RateLimiter ratelimit.Limiter

	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed. The client address is the direct peer unless the peer is
	// inside one of these prefixes; then X-Forwarded-For is walked from the
	// right, skipping trusted proxies, and the first untrusted address is the
	// client. Nil trusts no proxy, so X-Forwarded-For is ignored.
	TrustedProxies []netip.Prefix

	// Logger receives every internal failure with its cause, and the
	// access log unless AccessLog is set. Nil means slog.Default().
	Logger *slog.Logger

	// AccessLog, when set, receives one access-log line per request and
	// writes it on its own goroutine, so that requests never wait for the
	// log; the caller closes it after the server has shut down, which
	// writes the lines still queued (see AccessLog). Nil means each
	// request writes its line through Logger before its response is
	// complete: simple, and fine for tests, but a busy server then spends
	// a good part of its time in the log.
	AccessLog *AccessLog

	// Registry receives the HTTP metrics and is what GET /metrics serves.
	// Nil means a new private registry (with Go and process collectors), so
	// servers built in tests never collide.
	Registry *prometheus.Registry

	// StreamsPerKey bounds the order status streams (GET
	// /orders/{originChain}/{orderId}/events) one API key may have open on
	// this server at once; one more is a 429 RateLimited. Zero means
	// DefaultStreamsPerKey.
	StreamsPerKey int
	// StreamsPerServer bounds the order status streams open on this
	// server at once, whatever their keys, so that many keys cannot hold
	// all its goroutines and index reads; one more is a 429 RateLimited,
	// as over StreamsPerKey. Zero means DefaultStreamsPerServer.
	StreamsPerServer int
	// StreamLifetime is how long a status stream lasts, less up to a tenth
	// drawn for each stream so that streams opened together end apart:
	// past it the server ends the stream as at shutdown, without an
	// event, and the client
	// resumes with Last-Event-ID (on any replica), so that no stream holds
	// a connection, and a key's place among StreamsPerKey, for ever. Zero
	// means DefaultStreamLifetime.
	StreamLifetime time.Duration
	// StreamKeyRecheck is how often a status stream authenticates its API
	// key again through Keys: a key revoked since the stream began ends
	// it with an "error" event carrying the 401 Unauthorized body, within
	// StreamKeyRecheck (plus the cache TTL of Keys, if it caches). A
	// failing Keys ends no stream. Zero means DefaultStreamKeyRecheck.
	StreamKeyRecheck time.Duration
	// StreamHeartbeat is the interval of the ": ping" comments a status
	// stream sends so that proxies keep it open; zero means
	// DefaultStreamHeartbeat. A stream is exempt from ReadTimeout; each of
	// its writes gets WriteTimeout. Streams end when the server made by
	// HTTPServer (or Serve) shuts down.
	StreamHeartbeat time.Duration

	// Ready are the readiness checks GET /readyz runs, concurrently, each
	// bounded by ReadyTimeout. No checks means always ready.
	Ready []ReadyCheck
	// ReadyTimeout bounds each readiness check; zero means 5 seconds.
	ReadyTimeout time.Duration

	// CORSMaxAge is the Access-Control-Max-Age of preflight answers; zero
	// means 10 minutes.
	CORSMaxAge time.Duration

	// Timeouts of the *http.Server made by HTTPServer and ListenAndServe.
	// Zero values mean ReadHeaderTimeout 5s, ReadTimeout 10s (the whole
	// request, body included), WriteTimeout 30s (room for a quote fan-out),
	// IdleTimeout 60s and ShutdownTimeout 15s. The read timeouts are capped
	// at ShutdownTimeout, so a slow client cannot outlast a shutdown;
	// connections still open when it passes are closed.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	ShutdownTimeout   time.Duration
}

// ReadyCheck is one named readiness check, such as a database ping. Check
// must honour ctx; its error is logged, and only Name is sent to the caller.
type ReadyCheck struct {
	Name  string
	Check func(ctx context.Context) error
}

// endpoint describes one API route: its codes and its handler.
type endpoint struct {
	// api is the route in orchestration's table, with the code of
	// malformed requests (api.Bad); method, path (BasePath and api.Path)
	// and fail, the code of internal failures and panics (api.Fail), are
	// copied from it.
	api          orchestration.Endpoint
	method, path string
	fail         orchestration.Code
	// service names the missing service in "<service> is not configured on
	// this server"; configured says whether it is present.
	service    string
	configured bool
	handle     func(http.ResponseWriter, *http.Request) error
	// check validates the request without the service, when it is not
	// configured; nil means there is nothing to check.
	check func(http.ResponseWriter, *http.Request) error

	// Set by New for ServeHTTP: the metrics of the route, resolved once;
	// whether the pattern has no wildcards, so that its handler can be
	// called without ServeMux's match (there are no path values to fill
	// in); and that handler.
	stats      *routeMetrics
	direct     bool
	handler    http.Handler
	muxPattern string // pattern(), as registered with ServeMux
}

func (e *endpoint) pattern() string { return e.method + " " + e.path }

type server struct {
	svc       Services
	cfg       Config
	log       *slog.Logger
	mux       *http.ServeMux
	endpoints map[string]*endpoint // by pattern
	// literal holds the endpoints without wildcards by path, for route.
	literal    map[string][]*endpoint
	metrics    *metrics
	assetsJSON assetsJSONer
	// assetsCache holds assetsJSON's body with its newline (assetsLine).
	assetsCache atomic.Pointer[encodedLine]
	maxAge      string
	streams     *streamCounter
}

// New returns the HTTP handler of the orchestration API: the routes of the
// specification under BasePath, plus GET OpenAPIPath, GET /healthz, GET
// /readyz and GET /metrics (which need no key). It fails only on invalid
// configuration.
func New(svc Services, cfg Config) (http.Handler, error) {
	if cfg.Keys == nil {
		return nil, errors.New("httpserver: Config.Keys is required: every API route needs an API key")
	}
	for _, p := range cfg.TrustedProxies {
		if !p.IsValid() {
			return nil, fmt.Errorf("httpserver: invalid trusted proxy prefix %v", p)
		}
	}
	s := &server{
		svc:       svc,
		cfg:       cfg,
		log:       cfg.Logger,
		mux:       http.NewServeMux(),
		endpoints: map[string]*endpoint{},
		literal:   map[string][]*endpoint{},
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if cfg.StreamsPerKey < 0 || cfg.StreamsPerServer < 0 || cfg.StreamHeartbeat < 0 || cfg.StreamLifetime < 0 || cfg.StreamKeyRecheck < 0 {
		return nil, errors.New("httpserver: Config.StreamsPerKey, StreamsPerServer, StreamHeartbeat, StreamLifetime and StreamKeyRecheck must not be negative")
	}
	s.streams = &streamCounter{open: map[string]int{}, perKey: cmp.Or(cfg.StreamsPerKey, DefaultStreamsPerKey),
		perServer: cmp.Or(cfg.StreamsPerServer, DefaultStreamsPerServer)}
	if cfg.ReadyTimeout <= 0 {
		s.cfg.ReadyTimeout = 5 * time.Second
	}
	maxAge := cfg.CORSMaxAge
	if maxAge <= 0 {
		maxAge = 10 * time.Minute
	}
	s.maxAge = fmt.Sprint(int(maxAge / time.Second))
	reg := cfg.Registry
	if reg == nil {
		reg = newPrivateRegistry()
	}
	m, err := newMetrics(reg)
	if err != nil {
		return nil, err
	}
	s.metrics = m
	if cfg.AccessLog != nil {
		if err := m.watchAccessLog(reg, cfg.AccessLog); err != nil {
			return nil, err
		}
	}
	// Optional capability, decided once: an asset catalog that serves its
	// own pre-encoded JSON with an ETag.
	if aj, ok := svc.Assets.(assetsJSONer); ok {
		s.assetsJSON = aj
	}

	// One preflight handler per API path (several methods may share one).
	// Its Allow lists HEAD wherever GET is allowed, as the 405's does.
	methods := map[string][]string{}
	var paths, missing []string
	for _, e := range s.routes() {
		e.stats = m.forRoute(e.path, e.method)
		e.direct = !strings.Contains(e.path, "{")
		e.handler, e.muxPattern = s.api(e), e.pattern()
		s.endpoints[e.muxPattern] = e
		s.mux.Handle(e.muxPattern, e.handler)
		if e.direct {
			s.literal[e.path] = append(s.literal[e.path], e)
		}
		if methods[e.path] == nil {
			paths = append(paths, e.path)
		}
		methods[e.path] = append(methods[e.path], e.method)
		if e.method == http.MethodGet {
			methods[e.path] = append(methods[e.path], http.MethodHead)
		}
		if !e.configured && !slices.Contains(missing, e.service) {
			missing = append(missing, e.service)
		}
	}
	if len(missing) > 0 {
		s.log.Info("services not configured; their routes answer valid requests with 501 NotImplemented",
			"services", strings.Join(missing, ", "))
	}
	for _, p := range paths {
		s.mux.Handle("OPTIONS "+p, s.preflight(methods[p]))
	}
	s.mux.Handle("GET "+OpenAPIPath, openapi.Handler())
	s.mux.HandleFunc("GET /healthz", s.healthz)
	s.mux.HandleFunc("GET /readyz", s.readyz)
	s.mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	return s, nil
}

// routes is the API: one line per endpoint of the specification. The
// method, path and codes are orchestration's table (orchestration.Endpoints),
// the one the Go client reads too.
func (s *server) routes() []*endpoint {
	sv := s.svc
	out := []*endpoint{
		{api: orchestration.EndpointSupportedAssets,
			service: "asset catalog", configured: sv.Assets != nil, handle: s.supportedAssets},
		{api: orchestration.EndpointQuote,
			service: "quote service", configured: sv.Quoter != nil, handle: s.quote, check: s.checkQuote},
		{api: orchestration.EndpointPermitQuote,
			service: "permit service", configured: sv.PermitBuilder != nil, handle: s.permitQuote, check: s.checkPermitQuote},
		{api: orchestration.EndpointPermitBuild,
			service: "permit service", configured: sv.PermitBuilder != nil, handle: s.permitBuild, check: s.checkPermitBuild},
		{api: orchestration.EndpointOrders,
			service: "order service", configured: sv.OrderService != nil, handle: s.orders, check: s.checkOrders},
		{api: orchestration.EndpointOrder,
			service: "order service", configured: sv.OrderService != nil, handle: s.order, check: s.checkOrder},
		{api: orchestration.EndpointCancelOrder,
			service: "order service", configured: sv.OrderService != nil, handle: s.cancelOrder, check: s.checkCancel},
		{api: orchestration.EndpointOrderEvents,
			service: "order status stream", configured: sv.OrderWatcher != nil, handle: s.orderEvents, check: s.checkOrder},
		{api: orchestration.EndpointTopologyRoutes,
			service: "topology service", configured: sv.Topology != nil, handle: s.topologyRoutes, check: s.checkTopology},
		{api: orchestration.EndpointTopologyStats,
			service: "topology service", configured: sv.Topology != nil, handle: s.topologyStats},
		{api: orchestration.EndpointSolverStats,
			service: "solvers' records service", configured: sv.Solvers != nil, handle: s.solverStats},
		{api: orchestration.EndpointTransfer,
			service: "transfer status service", configured: sv.Transfers != nil, handle: s.transfer, check: s.checkTransferRef},
	}
	for _, e := range out {
		e.method, e.path = e.api.Method, BasePath+e.api.Path
		e.fail = e.api.Fail
	}
	return out
}

// api wraps an endpoint's handler with authentication, CORS and the
// not-configured answer, and turns its error into the one error response.
func (s *server) api(e *endpoint) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.authorize(w, r, e) {
			return
		}
		if !e.configured {
			err := error(orchestration.Errorf(orchestration.NotImplemented, "%s is not configured on this server", e.service))
			if e.check != nil {
				if cerr := e.check(w, r); cerr != nil {
					err = cerr
				}
			}
			s.writeError(w, r, e.fail, err)
			return
		}
		if err := e.handle(w, r); err != nil {
			s.writeError(w, r, e.fail, err)
		}
	})
}

// ServeHTTP is the front of every request: request id, client address,
// routing (with JSON 404 and 405), panic recovery, access log and metrics.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	if len(r.Method) > maxMethodLen {
		// No route has such a method. Bound it before the 404 or 405
		// body, the access log and the metrics see it.
		r = r.WithContext(r.Context()) // a shallow copy
		r.Method = r.Method[:maxMethodLen] + "…"
	}
	st := &requestState{Context: r.Context()}
	id := requestID(headerValue(r.Header, HeaderRequestID), &st.idDigits)
	st.id, st.idHeader[0] = id, id
	setHeader(w.Header(), HeaderRequestID, st.idHeader[:])
	st.info.client = s.clientIP(r)
	st.rec.ResponseWriter = w
	r = r.WithContext(st)
	rec := &st.rec

	e, h, pattern := s.route(r)
	route := "unmatched"
	fail := orchestration.QuoteError // the default internal code off the API
	switch {
	case e != nil:
		route, fail = e.path, e.fail
	case pattern != "":
		route = pattern
		if _, p, ok := strings.Cut(pattern, " "); ok {
			route = p
		}
	}
	defer func() {
		p := recover()
		abort := false
		if p != nil {
			if p == http.ErrAbortHandler {
				abort = true
			} else {
				s.log.LogAttrs(r.Context(), slog.LevelError, "panic serving request",
					slog.String("request_id", id),
					slog.String("route", route),
					slog.Any("panic", p),
					slog.String("stack", string(debug.Stack())))
				if rec.wroteHeader {
					abort = true // too late for an error body; cut the connection
				} else {
					s.writeError(rec, r, fail, fmt.Errorf("panic: %v", p))
				}
			}
		}
		s.observe(r, st, route, e, start)
		if abort {
			panic(http.ErrAbortHandler)
		}
	}()

	switch {
	case pattern == "":
		s.unmatched(rec, r, h)
	case e != nil && e.direct:
		r.Pattern = pattern
		h.ServeHTTP(rec, r)
	default:
		s.mux.ServeHTTP(rec, r)
	}
}

// route finds the handler of r and the pattern it matches ("" for none),
// and the API endpoint when it is one. A request for a literal API path
// (most of them) is matched by one map lookup; the rest go to ServeMux.
// Both give the same answer: a literal pattern is the most specific one
// for its path, and a GET pattern also serves HEAD, as in ServeMux.
func (s *server) route(r *http.Request) (*endpoint, http.Handler, string) {
	if r.URL.RawPath == "" { // the path has no escapes ServeMux would match on
		for _, e := range s.literal[r.URL.Path] {
			if e.method == r.Method || e.method == http.MethodGet && r.Method == http.MethodHead {
				return e, e.handler, e.muxPattern
			}
		}
	}
	h, pattern := s.mux.Handler(r)
	return s.endpoints[pattern], h, pattern
}

// maxMethodLen bounds the method name echoed in bodies and logs: longer
// than any real method (the longest registered one, UPDATEREDIRECTREF, has
// 17 letters), short enough for a log line.
const maxMethodLen = 32

// unmatched answers a request no pattern matches. ServeMux writes its 404
// and 405 as plain text; they are rewritten as the JSON error body, keeping
// the Allow header. Anything else it answers (a redirect to a cleaned path)
// is passed through.
func (s *server) unmatched(w http.ResponseWriter, r *http.Request, h http.Handler) {
	c := &capture{header: http.Header{}}
	h.ServeHTTP(c, r)
	switch c.status {
	case http.StatusNotFound:
		s.writeError(w, r, orchestration.NotFound,
			orchestration.Errorf(orchestration.NotFound, "no route for %s %s", orchestration.Clip(r.Method), orchestration.Clip(r.URL.Path)))
	case http.StatusMethodNotAllowed:
		allow := c.header.Get("Allow")
		w.Header().Set("Allow", allow)
		s.writeError(w, r, orchestration.MethodNotAllowed,
			orchestration.Errorf(orchestration.MethodNotAllowed, "method %s is not allowed on %s; allowed: %s", orchestration.Clip(r.Method), orchestration.Clip(r.URL.Path), allow))
	default:
		for k, v := range c.header {
			w.Header()[k] = v
		}
		w.WriteHeader(c.status)
		w.Write(c.body)
	}
}

// capture is a minimal ResponseWriter holding what ServeMux's fallback
// handlers write.
type capture struct {
	header http.Header
	status int
	body   []byte
}

func (c *capture) Header() http.Header { return c.header }
func (c *capture) WriteHeader(status int) {
	if c.status == 0 {
		c.status = status
	}
}
func (c *capture) Write(b []byte) (int, error) {
	c.WriteHeader(http.StatusOK)
	c.body = append(c.body, b...)
	return len(b), nil
}
