package httpserver

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/m0-orchestration/m0/orchestration"
)

// requestInfo is filled in while a request is served and read by the access
// log when it ends.
type requestInfo struct {
	client  netip.Addr
	keyName string
	code    orchestration.Code // of an error response
}

type requestInfoKey struct{}

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

// observe writes the access-log line and updates the metrics. The log names
// the key by its Name, never by its secret.
func (s *server) observe(r *http.Request, rec *recorder, route string, latency time.Duration, info *requestInfo) {
	status := rec.status
	if !rec.wroteHeader {
		status = http.StatusOK // a handler that wrote nothing sent an empty 200
	}
	method := metricMethod(r.Method)
	s.metrics.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	s.metrics.duration.WithLabelValues(route, method).Observe(latency.Seconds())

	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("route", route),
		slog.String("path", r.URL.Path),
		slog.Int("status", status),
		slog.Duration("latency", latency),
		slog.Int64("bytes", rec.bytes),
		slog.String("request_id", rec.Header().Get(HeaderRequestID)),
	}
	if info.client.IsValid() {
		attrs = append(attrs, slog.String("client_ip", info.client.String()))
	}
	if info.keyName != "" {
		attrs = append(attrs, slog.String("key", info.keyName))
	}
	if info.code != "" {
		attrs = append(attrs, slog.String("code", string(info.code)))
	}
	s.log.LogAttrs(r.Context(), slog.LevelInfo, "http request", attrs...)
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
	if requests, err = register(reg, requests); err != nil {
		return nil, err
	}
	if duration, err = register(reg, duration); err != nil {
		return nil, err
	}
	return &metrics{requests: requests, duration: duration}, nil
}

func register[C prometheus.Collector](reg prometheus.Registerer, c C) (C, error) {
	if err := reg.Register(c); err != nil {
		if are, ok := errors.AsType[prometheus.AlreadyRegisteredError](err); ok {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing, nil
			}
		}
		return c, fmt.Errorf("httpserver: registering metrics: %w", err)
	}
	return c, nil
}

func newPrivateRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}
