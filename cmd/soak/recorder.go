package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// call is one API request as its user saw it: after the balancer's
// failover, the answer's status (0: no answer at all) and error code.
type call struct {
	At      time.Time
	Route   string // "GET /orders/{originChain}/{orderId}/events"
	Op      string // what the load meant by it, when it says ("quote warm: AMM swap")
	Status  int
	Code    string // the error body's code, or the transport error's kind
	Latency time.Duration
}

// recorder keeps every call, for the report.
type recorder struct {
	mu    sync.Mutex
	calls []call
}

func (r *recorder) add(c call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, c)
}

func (r *recorder) snapshot() []call {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]call(nil), r.calls...)
}

// balancer is the http.RoundTripper of every API client: it stands in for
// an operator's load balancer, sending each request to the next replica in
// turn and, when a replica does not answer (stopped, killed, restarting),
// to the next one, as a balancer with health checks would; and it records
// what the caller finally got.
type balancer struct {
	replicas []string // host:port
	next     atomic.Uint64
	rec      *recorder
	// failovers counts requests a replica did not answer that another did.
	failovers atomic.Int64
	transport http.RoundTripper
}

func newBalancer(replicas []string, rec *recorder) *balancer {
	return &balancer{replicas: replicas, rec: rec, transport: &http.Transport{MaxIdleConnsPerHost: 16, IdleConnTimeout: 30 * time.Second}}
}

func (b *balancer) RoundTrip(req *http.Request) (*http.Response, error) {
	route := routeOf(req)
	start := time.Now()
	first := int(b.next.Add(1))
	var resp *http.Response
	var err error
	for i := range b.replicas {
		r := req.Clone(req.Context())
		r.URL.Host = b.replicas[(first+i)%len(b.replicas)]
		r.Host = r.URL.Host
		if req.GetBody != nil {
			r.Body, _ = req.GetBody()
		}
		resp, err = b.transport.RoundTrip(r)
		if err == nil {
			if by, ok := req.Context().Value(answeredBy{}).(*string); ok {
				*by = r.URL.Host
			}
			break
		}
		if req.Context().Err() != nil {
			break
		}
		b.failovers.Add(1)
	}
	c := call{At: start, Route: route, Latency: time.Since(start)}
	c.Op, _ = req.Context().Value(opKey{}).(string)
	if err != nil {
		c.Code = transportKind(err)
		b.rec.add(c)
		return nil, err
	}
	c.Status = resp.StatusCode
	if resp.StatusCode >= 400 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		var e struct {
			Code string `json:"code"`
		}
		json.Unmarshal(body, &e)
		c.Code = e.Code
		resp.Body = io.NopCloser(bytes.NewReader(body))
	}
	b.rec.add(c)
	return resp, nil
}

// transportKind names a request that got no answer.
func transportKind(err error) string {
	switch s := err.Error(); {
	case strings.Contains(s, "context deadline exceeded"), strings.Contains(s, "Client.Timeout"):
		return "timeout"
	case strings.Contains(s, "context canceled"):
		return "canceled"
	case strings.Contains(s, "connection refused"):
		return "connection refused"
	default:
		return "connection error"
	}
}

// The API's routes with path parameters, as the specification writes them.
var routePatterns = []struct {
	re    *regexp.Regexp
	route string
}{
	{regexp.MustCompile(`^/v1/orchestration/orders/[^/]+/[^/]+/events$`), "/orders/{originChain}/{orderId}/events"},
	{regexp.MustCompile(`^/v1/orchestration/orders/[^/]+/[^/]+/cancel$`), "/orders/{originChain}/{orderId}/cancel"},
	{regexp.MustCompile(`^/v1/orchestration/orders/[^/]+/[^/]+$`), "/orders/{originChain}/{orderId}"},
	{regexp.MustCompile(`^/v1/orchestration/transfers/[^/]+/[^/]+$`), "/transfers/{chain}/{txHash}"},
}

func routeOf(req *http.Request) string {
	path := req.URL.Path
	for _, p := range routePatterns {
		if p.re.MatchString(path) {
			return req.Method + " " + p.route
		}
	}
	return req.Method + " " + strings.TrimPrefix(path, "/v1/orchestration")
}
