package client_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

func TestNewValidatesBaseURL(t *testing.T) {
	for _, u := range []string{"", "ftp://x/v1/orchestration", "http:///v1", "http://h/v1?x=1", "://bad",
		"http://h/v1", "http://h/api", "http://h/v1/orchestration/quote", "http://h/v2/orchestration"} {
		if _, err := client.New(u, client.Config{}); err == nil {
			t.Errorf("New(%q) succeeded", u)
		}
	}
	if _, err := client.New("http://h/api/", client.Config{}); err == nil || !strings.Contains(err.Error(), `"/api/" does not end in /v1/orchestration`) {
		t.Errorf("a wrong path: error %v, want one naming the path and what is expected", err)
	}
}

// A base URL without the API prefix gets it; one with it (under any mount
// prefix, with or without a trailing slash) is used as written.
func TestNewNormalisesBaseURL(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.URL.Path
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`[]`))
	}))
	defer srv.Close()
	for _, tt := range []struct{ base, want string }{
		{srv.URL, "/v1/orchestration/supported-assets"},
		{srv.URL + "/", "/v1/orchestration/supported-assets"},
		{srv.URL + "/v1/orchestration", "/v1/orchestration/supported-assets"},
		{srv.URL + "/v1/orchestration/", "/v1/orchestration/supported-assets"},
		{srv.URL + "/payments/v1/orchestration//", "/payments/v1/orchestration/supported-assets"},
	} {
		c, err := client.New(tt.base, client.Config{})
		if err != nil {
			t.Errorf("New(%q): %v", tt.base, err)
			continue
		}
		if _, err := c.SupportedAssets(context.Background()); err != nil || got != tt.want {
			t.Errorf("New(%q): GET %s (%v), want %s", tt.base, got, err, tt.want)
		}
	}
}

// Answers that are not the service's JSON (proxies, load balancers) become
// errors with the status and the endpoint's internal code, never a panic.
func TestNonJSONErrorAnswers(t *testing.T) {
	cases := []struct {
		name        string
		status      int
		contentType string
		body        string
	}{
		{"html 502", 502, "text/html", "<html><body>Bad Gateway</body></html>"},
		{"empty 503", 503, "", ""},
		{"json without code", 500, "application/json", `{"error":"oops"}`},
		{"truncated json", 504, "application/json", `{"code":"Quo`},
		{"plain 404", 404, "text/plain", "404 page not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if c.contentType != "" {
					w.Header().Set("Content-Type", c.contentType)
				}
				w.Header().Set("X-Request-Id", "proxy-id")
				w.WriteHeader(c.status)
				w.Write([]byte(c.body))
			}))
			defer srv.Close()
			cl, err := client.New(srv.URL+"/v1/orchestration", client.Config{APIKey: "k"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = cl.PermitQuote(context.Background(), orchestration.PermitQuoteRequest{})
			var ce *client.Error
			if !errors.As(err, &ce) || ce.StatusCode != c.status {
				t.Fatalf("err = %v, want *client.Error with status %d", err, c.status)
			}
			if code, _ := orchestration.CodeOf(err); code != orchestration.PermitQuoteError {
				t.Errorf("code = %s, want PermitQuoteError", code)
			}
			if client.RequestID(err) != "proxy-id" {
				t.Errorf("RequestID = %q", client.RequestID(err))
			}
			if !strings.Contains(err.Error(), "HTTP "+strconv.Itoa(c.status)) {
				t.Errorf("error text %q lacks the status", err)
			}
		})
	}
}

func TestRequestShape(t *testing.T) {
	type seen struct {
		method, path, rawPath, query, key, agent, ct, body string
	}
	got := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- seen{r.Method, r.URL.Path, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Get("x-api-key"),
			r.Header.Get("User-Agent"), r.Header.Get("Content-Type"), string(b)}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":"evm","chain":"Base","chainId":8453,"to":"0x","data":"0x","value":"0"}`))
	}))
	defer srv.Close()
	cl, _ := client.New(srv.URL+"/v1/orchestration", client.Config{APIKey: "secret", UserAgent: "ua/1"})

	_, err := cl.CancelOrder(context.Background(), orchestration.CancelOrderRequest{
		Order: orchestration.OrderRef{OriginChain: "Base", OrderID: "a/b c"}})
	if err != nil {
		t.Fatal(err)
	}
	s := <-got
	want := seen{method: "POST", path: "/v1/orchestration/orders/Base/a/b c/cancel",
		rawPath: "/v1/orchestration/orders/Base/a%2Fb%20c/cancel", key: "secret", agent: "ua/1"}
	if s != want {
		t.Errorf("cancel without caller sent %+v, want %+v", s, want)
	}

	_, err = cl.CancelOrder(context.Background(), orchestration.CancelOrderRequest{
		Order: orchestration.OrderRef{OriginChain: "Solana", OrderID: "0x01"}, Caller: "Caller111"})
	if err != nil {
		t.Fatal(err)
	}
	if s := <-got; s.body != `{"caller":"Caller111"}` || s.ct != "application/json" {
		t.Errorf("cancel with caller sent body %q content type %q", s.body, s.ct)
	}
}

func TestTransportErrorKeepsContextError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	cl, _ := client.New(srv.URL+"/v1/orchestration", client.Config{})
	srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := cl.Stats(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled in the chain", err)
	}
	if code, _ := orchestration.CodeOf(err); code != orchestration.QuoteError {
		t.Errorf("code = %s", code)
	}
	if client.RequestID(err) != "" {
		t.Errorf("a request that got no answer has request id %q", client.RequestID(err))
	}
}

// A 200 whose body does not decode is an error and never a partly filled
// list the caller might act on.
func TestTruncatedListIsNotReturned(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`[{"chain":"Sepolia","address":"0x1"},{"chain":`))
	}))
	defer srv.Close()
	c, err := client.New(srv.URL, client.Config{APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	assets, err := c.SupportedAssets(context.Background())
	if err == nil || assets != nil {
		t.Fatalf("got %v, %v; want nil and an error", assets, err)
	}
	quotes, err := c.Quote(context.Background(), orchestration.QuoteRequest{})
	if err == nil || quotes != nil {
		t.Fatalf("got %v, %v; want nil and an error", quotes, err)
	}
}

// The client calls every endpoint of orchestration's table (the one the
// server registers) with the table's method, and a failure without the
// service's error body gets that endpoint's internal code.
func TestClientCallsEveryEndpoint(t *testing.T) {
	mux := http.NewServeMux()
	hit := make(chan orchestration.Endpoint, 1)
	for _, ep := range orchestration.Endpoints() {
		mux.HandleFunc(ep.Method+" "+client.APIPrefix+ep.Path, func(w http.ResponseWriter, r *http.Request) {
			hit <- ep
			w.WriteHeader(http.StatusBadGateway) // no JSON body: the client falls back to ep.Fail
		})
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		hit <- orchestration.Endpoint{Method: r.Method, Path: r.URL.Path}
		w.WriteHeader(http.StatusBadGateway)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cl, err := client.New(srv.URL, client.Config{})
	if err != nil {
		t.Fatal(err)
	}
	calls := everyCall(context.Background(), cl)
	called := map[orchestration.Endpoint]string{}
	for name, call := range calls {
		err := call()
		ep := <-hit
		if prev, dup := called[ep]; dup {
			t.Errorf("%s and %s both call %s", prev, name, ep.Pattern())
		}
		called[ep] = name
		if code, _ := orchestration.CodeOf(err); code != ep.Fail {
			t.Errorf("%s (%s): code %q, want the table's %q", name, ep.Pattern(), code, ep.Fail)
		}
	}
	for _, ep := range orchestration.Endpoints() {
		if _, ok := called[ep]; !ok {
			t.Errorf("no client method calls %s", ep.Pattern())
		}
	}
}

// everyCall calls each method of cl that calls the service, by name.
func everyCall(ctx context.Context, cl *client.Client) map[string]func() error {
	ref := orchestration.OrderRef{OriginChain: orchestration.Ethereum, OrderID: "0x01"}
	return map[string]func() error{
		"SupportedAssets": func() error { _, err := cl.SupportedAssets(ctx); return err },
		"Quote":           func() error { _, err := cl.Quote(ctx, orchestration.QuoteRequest{}); return err },
		"PermitQuote":     func() error { _, err := cl.PermitQuote(ctx, orchestration.PermitQuoteRequest{}); return err },
		"PermitBuild":     func() error { _, err := cl.PermitBuild(ctx, orchestration.PermitBuildRequest{}); return err },
		"Orders":          func() error { _, err := cl.Orders(ctx, orchestration.OrdersQuery{}); return err },
		"Order":           func() error { _, err := cl.Order(ctx, ref); return err },
		"CancelOrder":     func() error { _, err := cl.CancelOrder(ctx, orchestration.CancelOrderRequest{Order: ref}); return err },
		"OrderEvents": func() error {
			_, err := cl.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: ref})
			return err
		},
		"Routes":      func() error { _, err := cl.Routes(ctx, orchestration.TopologyQuery{}); return err },
		"Stats":       func() error { _, err := cl.Stats(ctx); return err },
		"Transfer":    func() error { _, err := cl.Transfer(ctx, orchestration.Ethereum, "0x01"); return err },
		"SolverStats": func() error { _, err := cl.SolverStats(ctx); return err },
	}
}

// Every call, the status stream's included, sends the key, the User-Agent
// and the context's request id, and reports an error answer whose body
// broke off as a failed read (with its status and request id), not as
// whatever part of the body came.
func TestEveryCallSharesTheRequestSetup(t *testing.T) {
	type seen struct{ key, agent, requestID string }
	got := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- seen{r.Header.Get("x-api-key"), r.Header.Get("User-Agent"), r.Header.Get("X-Request-Id")}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "1000")
		w.Header().Set("X-Request-Id", "srv-id")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`{"code":"QuoteError","message":"cut`)) // and the connection closes
	}))
	defer srv.Close()
	cl, err := client.New(srv.URL, client.Config{APIKey: "secret", UserAgent: "ua/1"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := orchestration.ContextWithRequestID(context.Background(), "req-1")
	for name, call := range everyCall(ctx, cl) {
		err := call()
		if s := <-got; s != (seen{"secret", "ua/1", "req-1"}) {
			t.Errorf("%s sent %+v", name, s)
		}
		var ce *client.Error
		if !errors.As(err, &ce) || ce.StatusCode != http.StatusServiceUnavailable || ce.RequestID != "srv-id" ||
			!errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("%s: err = %v, want a *client.Error with status 503 and request id srv-id wrapping io.ErrUnexpectedEOF", name, err)
		}
	}
}

// A JSON error answer's Retry-After (an outage: 503 KeyStoreUnavailable)
// reaches the caller as the error's RetryAfter; one without it has none.
func TestErrorCarriesRetryAfter(t *testing.T) {
	for _, tt := range []struct {
		header string
		want   time.Duration
	}{{"5", 5 * time.Second}, {"", 0}, {"soon", 0}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if tt.header != "" {
				w.Header().Set("Retry-After", tt.header)
			}
			w.WriteHeader(503)
			w.Write([]byte(`{"code":"KeyStoreUnavailable","message":"the API key could not be verified","requestId":"r1"}`))
		}))
		cl, err := client.New(srv.URL+"/v1/orchestration", client.Config{APIKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = cl.SupportedAssets(t.Context())
		srv.Close()
		var oe *orchestration.Error
		if !errors.As(err, &oe) || oe.Code != orchestration.KeyStoreUnavailable || oe.RetryAfter != tt.want {
			t.Errorf("Retry-After %q: %v (%+v), want KeyStoreUnavailable with RetryAfter %v", tt.header, err, oe, tt.want)
		}
	}
}
