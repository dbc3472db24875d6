package httpserver_test

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

func TestMetricsAfterTraffic(t *testing.T) {
	srv, _ := start(t, nil, nil)
	for range 3 {
		send(t, srv, routes[1], nil, "x-api-key", goodKey)
	}
	send(t, srv, routes[5], nil) // 401
	srv.Do(t, "GET", "/nope", nil, nil)

	resp := srv.Do(t, "GET", "/metrics", nil, nil) // no key needed
	if resp.Status != 200 {
		t.Fatalf("GET /metrics: %d", resp.Status)
	}
	text := string(resp.Body)
	for _, want := range []string{
		`orchestration_http_requests_total{code="200",method="POST",route="/v1/orchestration/quote"} 3`,
		`orchestration_http_requests_total{code="401",method="GET",route="/v1/orchestration/orders/{originChain}/{orderId}"} 1`,
		`orchestration_http_requests_total{code="404",method="GET",route="unmatched"} 1`,
		`orchestration_http_request_duration_seconds_count{method="POST",route="/v1/orchestration/quote"} 3`,
		`orchestration_http_request_duration_seconds_bucket{method="POST",route="/v1/orchestration/quote",le="30"} 3`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// Two servers on one registry share the metrics instead of failing.
func TestSharedRegistry(t *testing.T) {
	reg := prometheus.NewRegistry()
	a, _ := start(t, nil, func(c *httpserver.Config) { c.Registry = reg })
	b, _ := start(t, nil, func(c *httpserver.Config) { c.Registry = reg })
	send(t, a, routes[0], nil, "x-api-key", goodKey)
	send(t, b, routes[0], nil, "x-api-key", goodKey)
	if !strings.Contains(string(a.Do(t, "GET", "/metrics", nil, nil).Body),
		`orchestration_http_requests_total{code="200",method="GET",route="/v1/orchestration/supported-assets"} 2`) {
		t.Error("shared counter did not count both servers")
	}
}

// TestAccessLog checks the access-log line, written through Config.Logger
// by the request itself, and through an AccessLog, read once it is closed.
func TestAccessLog(t *testing.T) {
	for _, async := range []bool{false, true} {
		t.Run(map[bool]string{false: "Logger", true: "AccessLog"}[async], func(t *testing.T) {
			logs := &httpservertest.LogBuffer{}
			flush := func() {}
			srv, _ := start(t, nil, func(c *httpserver.Config) {
				if async {
					al := httpserver.NewAccessLog(slog.NewJSONHandler(logs, nil), httpserver.AccessLogConfig{})
					t.Cleanup(func() { al.Close() })
					c.AccessLog = al
					flush = func() { al.Close() }
				}
			})
			if !async {
				logs = srv.Logs
			}
			resp := send(t, srv, routes[1], nil, "x-api-key", goodKey, "X-Request-Id", "log-test-1")
			if resp.Status != 200 {
				t.Fatalf("status %d", resp.Status)
			}
			send(t, srv, routes[1], nil, "x-api-key", unknownKey, "X-Request-Id", "log-test-2")
			send(t, srv, routes[1], nil, "x-api-key", ipKey)
			flush()

			var rec map[string]any
			for _, r := range logs.Records("http request") {
				if r["request_id"] == "log-test-1" {
					rec = r
				}
			}
			if rec == nil {
				t.Fatalf("no access log line for the request:\n%s", logs)
			}
			for k, want := range map[string]any{
				"method": "POST", "route": "/v1/orchestration/quote", "status": float64(200),
				"client_ip": "127.0.0.1", "key": goodKeyName,
			} {
				if rec[k] != want {
					t.Errorf("log %s = %v, want %v", k, rec[k], want)
				}
			}
			if _, ok := rec["latency"]; !ok {
				t.Error("no latency")
			}
			if b, _ := rec["bytes"].(float64); int(b) != len(resp.Body) {
				t.Errorf("bytes = %v, body is %d", rec["bytes"], len(resp.Body))
			}
			if _, ok := rec["code"]; ok {
				t.Errorf("a success logged code %v", rec["code"])
			}
			// The secret never reaches the log, whatever the outcome.
			found := false
			for _, r := range logs.Records("http request") {
				if r["request_id"] == "log-test-2" {
					found = true
					if r["code"] != "Unauthorized" || r["status"] != float64(401) || r["key"] != nil {
						t.Errorf("401 logged as %v", r)
					}
				}
			}
			if !found {
				t.Error("no access log line for the 401")
			}
			if n := len(logs.Records("http request")); n != 3 {
				t.Errorf("%d access log lines for 3 requests", n)
			}
			for _, secret := range []string{goodKey, unknownKey, ipKey} {
				if strings.Contains(logs.String()+srv.Logs.String(), secret) {
					t.Fatalf("log contains the secret %q", secret)
				}
			}
		})
	}
}

// assetsJSON is an asset catalog with the optional pre-encoded capability.
type assetsJSON struct {
	*httpservertest.Fake
	body []byte
	etag string
}

func (a assetsJSON) SupportedAssetsJSON(context.Context) ([]byte, string, error) {
	return a.body, a.etag, nil
}

func TestSupportedAssetsETag(t *testing.T) {
	body := []byte(`[{"chain":"Ethereum","runtime":"evm","address":"0x437cc33344a0B27A429f795ff6B469C72698B291","icon":"","decimals":6,"symbol":"wM","name":"WrappedM","m0Extension":true}]`)
	fake := &httpservertest.Fake{}
	svc := fake.Services()
	svc.Assets = assetsJSON{Fake: fake, body: body, etag: `"v1"`}
	srv := httpservertest.Start(t, svc, httpserver.Config{Keys: newKeys()})
	rt := routes[0]

	resp := send(t, srv, rt, nil, "x-api-key", goodKey)
	if resp.Status != 200 || resp.Header.Get("ETag") != `"v1"` || strings.TrimSpace(string(resp.Body)) != string(body) {
		t.Fatalf("status %d, ETag %q, body %s", resp.Status, resp.Header.Get("ETag"), resp.Body)
	}
	for _, c := range []struct {
		inm    string
		status int
	}{{`"v1"`, 304}, {`W/"v1"`, 304}, {`"v0", "v1"`, 304}, {`*`, 304}, {`"v0"`, 200}} {
		resp := send(t, srv, rt, nil, "x-api-key", goodKey, "If-None-Match", c.inm)
		if resp.Status != c.status {
			t.Errorf("If-None-Match %s: status %d, want %d", c.inm, resp.Status, c.status)
		}
		if c.status == 304 && len(resp.Body) != 0 {
			t.Errorf("304 with a body: %s", resp.Body)
		}
	}
	// A key is still required for a conditional request.
	wantError(t, send(t, srv, rt, nil, "If-None-Match", `"v1"`), 401, orchestration.Unauthorized)
	// The client decodes the pre-encoded body.
	assets, err := srv.Client(t, goodKey).SupportedAssets(context.Background())
	if err != nil || len(assets) != 1 || assets[0].Symbol != "wM" {
		t.Fatalf("client: %v %+v", assets, err)
	}
	if n := fake.Calls("SupportedAssets"); n != 0 {
		t.Errorf("SupportedAssets called %d times; the pre-encoded body should be used", n)
	}
}

func TestHealthAndReadiness(t *testing.T) {
	dbDown := errors.New("ping postgres://admin:pw@db.internal:5432: refused")
	var fail atomic.Bool
	srv, _ := start(t, nil, func(c *httpserver.Config) {
		c.Ready = []httpserver.ReadyCheck{
			{Name: "database", Check: func(context.Context) error {
				if fail.Load() {
					return dbDown
				}
				return nil
			}},
			{Name: "rpc", Check: func(context.Context) error { return nil }},
			{Name: "slow", Check: func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }},
		}
		c.ReadyTimeout = 50 * time.Millisecond
	})
	if resp := srv.Do(t, "GET", "/healthz", nil, nil); resp.Status != 200 || string(resp.Body) != "{\"status\":\"ok\"}\n" ||
		resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("healthz %d %q: %s", resp.Status, resp.Header.Get("Content-Type"), resp.Body)
	}
	resp := srv.Do(t, "GET", "/readyz", nil, nil)
	body := wantError(t, resp, 503, httpserver.NotReady)
	if body.Message != "not ready: slow" {
		t.Errorf("message = %q", body.Message)
	}
	fail.Store(true)
	body = wantError(t, srv.Do(t, "GET", "/readyz", nil, nil), 503, httpserver.NotReady)
	if body.Message != "not ready: database, slow" || strings.Contains(body.Message, "db.internal") {
		t.Errorf("message = %q", body.Message)
	}
	if !strings.Contains(srv.Logs.String(), "db.internal") {
		t.Error("cause not logged")
	}

	ok, _ := start(t, nil, func(c *httpserver.Config) {
		c.Ready = []httpserver.ReadyCheck{{Name: "database", Check: func(context.Context) error { return nil }}}
	})
	if resp := ok.Do(t, "GET", "/readyz", nil, nil); resp.Status != 200 || string(resp.Body) != "{\"status\":\"ready\"}\n" {
		t.Fatalf("readyz %d: %s", resp.Status, resp.Body)
	}
}

// Serve finishes in-flight requests when its context is cancelled, then
// returns nil.
func TestServeGracefulShutdown(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	fake := &httpservertest.Fake{QuoteFunc: func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
		close(entered)
		<-release
		return httpservertest.SampleQuotes(), nil
	}}
	h, err := httpserver.New(fake.Services(), httpserver.Config{Keys: newKeys(), Registry: prometheus.NewRegistry(),
		Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- httpserver.Serve(ctx, ln, h, httpserver.Config{ShutdownTimeout: 5 * time.Second}) }()

	base := "http://" + ln.Addr().String() + httpserver.BasePath
	status := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("POST", base+"/quote", strings.NewReader(routes[1].body))
		req.Header.Set("x-api-key", goodKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			status <- -1
			return
		}
		resp.Body.Close()
		status <- resp.StatusCode
	}()
	<-entered
	cancel()
	select {
	case err := <-served:
		t.Fatalf("Serve returned %v with a request in flight", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if s := <-status; s != 200 {
		t.Fatalf("in-flight request: status %d", s)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve = %v, want nil", err)
	}
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		t.Error("still accepting connections after shutdown")
	}
}

func TestHTTPServerTimeouts(t *testing.T) {
	s := httpserver.HTTPServer(":0", http.NotFoundHandler(), httpserver.Config{})
	if s.ReadHeaderTimeout != 5*time.Second || s.IdleTimeout != 60*time.Second || s.WriteTimeout != 30*time.Second {
		t.Errorf("timeouts: header %v idle %v write %v", s.ReadHeaderTimeout, s.IdleTimeout, s.WriteTimeout)
	}
}

func TestNewRequiresKeys(t *testing.T) {
	if _, err := httpserver.New(httpserver.Services{}, httpserver.Config{}); err == nil {
		t.Fatal("New without Keys succeeded")
	}
}

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// The real catalog serves its pre-encoded list with its ETag.
func TestSupportedAssetsRealCatalog(t *testing.T) {
	cat := asset.Default()
	srv := httpservertest.Start(t, httpserver.Services{Assets: cat}, httpserver.Config{Keys: newKeys()})
	resp := send(t, srv, routes[0], nil, "x-api-key", goodKey)
	etag := resp.Header.Get("ETag")
	if resp.Status != 200 || etag == "" {
		t.Fatalf("status %d, ETag %q", resp.Status, etag)
	}
	if resp := send(t, srv, routes[0], nil, "x-api-key", goodKey, "If-None-Match", etag); resp.Status != 304 {
		t.Errorf("If-None-Match: status %d, want 304", resp.Status)
	}
	got, err := srv.Client(t, goodKey).SupportedAssets(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want, _ := cat.SupportedAssets(context.Background())
	if len(got) == 0 || len(got) != len(want) || got[0] != want[0] {
		t.Errorf("client decoded %d assets, catalog has %d", len(got), len(want))
	}
}
