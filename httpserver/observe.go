package httpserver

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

// requestInfo is filled in while a request is served and read by the access
// log when it ends.
type requestInfo struct {
	client  netip.Addr
	keyName string
	keyID   string             // answers apikey.IDFromContext
	code    orchestration.Code // of an error response
}

type requestInfoKey struct{}

// requestState is what ServeHTTP keeps for one request, in one allocation.
// It is the request's context: the incoming one, which also answers the
// request id key (orchestration.RequestIDFromContext) with the id and
// requestInfoKey with its info. It must not be pooled: the request id
// and the Content-Length value are strings over its own arrays
// (unsafe.String), which the access log keeps after the request.
type requestState struct {
	context.Context
	id       string
	idHeader [1]string // the X-Request-Id header's value, id
	idDigits [32]byte  // a new id's hex digits, which id then views
	info     requestInfo
	rec      recorder
}

func (s *requestState) Value(key any) any {
	if _, ok := key.(requestInfoKey); ok {
		return &s.info
	}
	if orchestration.IsRequestIDKey(key) {
		return s.id
	}
	if apikey.IsIDKey(key) {
		if s.info.keyID == "" {
			return nil
		}
		return s.info.keyID
	}
	return s.Context.Value(key)
}

// madeID says the request's id is one the server made, a view of idDigits.
func (s *requestState) madeID() bool {
	return len(s.id) == len(s.idDigits) && unsafe.StringData(s.id) == &s.idDigits[0]
}

func infoOf(r *http.Request) *requestInfo {
	if i, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		return i
	}
	return &requestInfo{}
}

// recorder remembers the status and the number of body bytes written.
type recorder struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
	// Room for the Content-Length header's value (contentLength).
	lengthUsed   bool
	lengthDigits [20]byte
	length       [1]string
}

func (r *recorder) WriteHeader(status int) {
	if !r.wroteHeader && status >= 200 {
		r.status, r.wroteHeader = status, true
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = http.StatusOK, true
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush supports streaming handlers.
func (r *recorder) Flush() {
	if !r.wroteHeader {
		r.status, r.wroteHeader = http.StatusOK, true
	}
	http.NewResponseController(r.ResponseWriter).Flush()
}

// observe updates the metrics and hands the access-log line to the
// AccessLog, or writes it through the Logger when there is none. e is the
// API endpoint served, or nil.
func (s *server) observe(r *http.Request, st *requestState, route string, e *endpoint, start time.Time) {
	latency := time.Since(start)
	rec := &st.rec
	status := rec.status
	if !rec.wroteHeader {
		status = http.StatusOK // a handler that wrote nothing sent an empty 200
	}
	method := metricMethod(r.Method)
	if e != nil && e.method == method {
		e.stats.observe(s.metrics, status, latency)
	} else {
		s.metrics.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
		s.metrics.duration.WithLabelValues(route, method).Observe(latency.Seconds())
	}

	if s.cfg.AccessLog == nil && !s.log.Enabled(r.Context(), slog.LevelInfo) ||
		s.cfg.AccessLog != nil && !s.cfg.AccessLog.enabled() {
		return
	}
	line := accessLine{
		time:      start.Add(latency),
		method:    r.Method,
		route:     route,
		path:      r.URL.Path,
		status:    status,
		latency:   latency,
		bytes:     rec.bytes,
		requestID: st.id,
		// requestID returned it: 1 to 128 of [A-Za-z0-9._:-].
		requestIDBare: true,
		client:        st.info.client,
		key:           st.info.keyName,
		code:          st.info.code,
	}
	if s.cfg.AccessLog != nil {
		if st.madeID() { // queued: keep the digits, not the request's state
			line.requestID, line.newID, line.hasNewID = "", st.idDigits, true
		}
		s.cfg.AccessLog.add(line)
		return
	}
	s.log.Handler().Handle(r.Context(), line.record())
}

// metricMethod bounds the method label's cardinality.
func metricMethod(m string) string {
	switch m {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS":
		return m
	}
	return "OTHER"
}

type metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// routeMetrics are the metrics of one API route and method, resolved once
// rather than looked up by label values on every request.
type routeMetrics struct {
	route, method string
	duration      prometheus.Observer
	// requests by status code, each resolved on first use.
	requests [600]atomic.Pointer[prometheus.Counter]
}

func (m *metrics) forRoute(route, method string) *routeMetrics {
	return &routeMetrics{route: route, method: method, duration: m.duration.WithLabelValues(route, method)}
}

func (rm *routeMetrics) observe(m *metrics, status int, latency time.Duration) {
	rm.duration.Observe(latency.Seconds())
	if status < 0 || status >= len(rm.requests) {
		m.requests.WithLabelValues(rm.route, rm.method, strconv.Itoa(status)).Inc()
		return
	}
	c := rm.requests[status].Load()
	if c == nil {
		// Racing requests resolve the same child; either store is right.
		child := m.requests.WithLabelValues(rm.route, rm.method, strconv.Itoa(status))
		c = &child
		rm.requests[status].Store(c)
	}
	(*c).Inc()
}

// watchAccessLog exports the lines al dropped. A registry that already has
// the metric (a second server on it) keeps the first one's.
func (m *metrics) watchAccessLog(reg prometheus.Registerer, al *AccessLog) error {
	dropped := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "orchestration_http_access_log_dropped_total",
		Help: "Access-log lines dropped because the access log's buffer was full.",
	}, func() float64 { return float64(al.Dropped()) })
	_, err := promreg.Register(reg, dropped)
	return err
}

// newMetrics registers the HTTP metrics on reg. A registry that already
// holds them (a second server on the same registry) shares them.
func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "orchestration_http_requests_total",
		Help: "HTTP requests served, by route pattern, method and status code.",
	}, []string{"route", "method", "code"})
	duration := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "orchestration_http_request_duration_seconds",
		Help:    "Time to serve an HTTP request, by route pattern and method.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"route", "method"})
	var err error
	if requests, err = promreg.Register(reg, requests); err != nil {
		return nil, err
	}
	if duration, err = promreg.Register(reg, duration); err != nil {
		return nil, err
	}
	return &metrics{requests: requests, duration: duration}, nil
}

func newPrivateRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}
