package httpserver_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// TestClientHappyPaths calls every route through the Go client and checks
// both what the service received and what the client decoded.
func TestClientHappyPaths(t *testing.T) {
	srv, fake := start(t, nil, nil)
	c := srv.Client(t, goodKey)
	ctx := context.Background()
	limit, origin := 5, uint64(1)
	ordersQ := orchestration.OrdersQuery{Sender: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", Status: orchestration.OrderCreated, OriginChainID: &origin, Limit: &limit}
	topoQ := orchestration.TopologyQuery{SourceChain: orchestration.Ethereum, SourceAddress: "0xdef"}
	cancelReq := orchestration.CancelOrderRequest{Order: httpservertest.SampleOrderRef(), Caller: "So11111111111111111111111111111111111111112"}

	cases := []struct {
		name     string
		call     func() (any, error)
		want     any
		method   string // the fake's method
		wantArg  any
		checkArg bool
	}{
		{"supported-assets", func() (any, error) { return c.SupportedAssets(ctx) },
			httpservertest.SampleAssets(), "SupportedAssets", nil, false},
		{"quote", func() (any, error) { return c.Quote(ctx, httpservertest.SampleQuoteRequest()) },
			httpservertest.SampleQuotes(), "Quote", httpservertest.SampleQuoteRequest(), true},
		{"permit-quote", func() (any, error) { return c.PermitQuote(ctx, httpservertest.SamplePermitQuoteRequest()) },
			httpservertest.SamplePermitQuoteResponse(), "PermitQuote", httpservertest.SamplePermitQuoteRequest(), true},
		{"permit-build", func() (any, error) { return c.PermitBuild(ctx, httpservertest.SamplePermitBuildRequest()) },
			httpservertest.SamplePermitBuildResponse(), "PermitBuild", httpservertest.SamplePermitBuildRequest(), true},
		{"orders", func() (any, error) { return c.Orders(ctx, ordersQ) },
			httpservertest.SampleOrdersResponse(), "Orders", ordersQ, true},
		{"order", func() (any, error) { return c.Order(ctx, httpservertest.SampleOrderRef()) },
			httpservertest.SampleOrder(), "Order", httpservertest.SampleOrderRef(), true},
		{"cancel", func() (any, error) { return c.CancelOrder(ctx, cancelReq) },
			httpservertest.SampleCancelPayload(), "CancelOrder", cancelReq, true},
		{"topology-routes", func() (any, error) { return c.Routes(ctx, topoQ) },
			httpservertest.SampleRoutes(), "Routes", topoQ, true},
		{"topology-stats", func() (any, error) { return c.Stats(ctx) },
			httpservertest.SampleStats(), "Stats", nil, false},
		{"solver-stats", func() (any, error) { return c.SolverStats(ctx) },
			httpservertest.SampleSolverStats(), "SolverStats", nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.call()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("decoded response (-want +got):\n%s", diff)
			}
			if n := fake.Calls(tc.method); n != 1 {
				t.Errorf("%s called %d times, want 1", tc.method, n)
			}
			if tc.checkArg {
				if diff := cmp.Diff(tc.wantArg, fake.Last(tc.method)); diff != "" {
					t.Errorf("service received (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// headerRecorder keeps the X-Request-Id of the last response.
type headerRecorder struct {
	mu   sync.Mutex
	last string
}

func (h *headerRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err == nil {
		h.mu.Lock()
		h.last = resp.Header.Get("X-Request-Id")
		h.mu.Unlock()
	}
	return resp, err
}

func (h *headerRecorder) get() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.last
}

// A failed call's error keeps the service's code and message and exposes
// the request id, which is the response's X-Request-Id.
func TestClientErrors(t *testing.T) {
	fake := &httpservertest.Fake{
		QuoteFunc: func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
			return nil, orchestration.Errorf(orchestration.NoQuotesAvailable, "no provider can quote this route")
		},
		CancelOrderFunc: func(context.Context, orchestration.CancelOrderRequest) (*orchestration.TransactionPayload, error) {
			return nil, orchestration.Errorf(orchestration.OrderNotCancellable, "order is COMPLETED")
		},
	}
	srv, _ := start(t, fake, nil)
	rec := &headerRecorder{}
	for _, tc := range []struct {
		name   string
		key    string
		call   func(c *client.Client, ctx context.Context) error
		code   orchestration.Code
		status int
	}{
		{"service code", goodKey, func(c *client.Client, ctx context.Context) error {
			_, err := c.Quote(ctx, httpservertest.SampleQuoteRequest())
			return err
		}, orchestration.NoQuotesAvailable, 404},
		{"conflict", goodKey, func(c *client.Client, ctx context.Context) error {
			_, err := c.CancelOrder(ctx, orchestration.CancelOrderRequest{Order: httpservertest.SampleOrderRef()})
			return err
		}, orchestration.OrderNotCancellable, 409},
		{"unauthorized", unknownKey, func(c *client.Client, ctx context.Context) error {
			_, err := c.SupportedAssets(ctx)
			return err
		}, orchestration.Unauthorized, 401},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := client.New(srv.BaseURL, client.Config{APIKey: tc.key, HTTPClient: &http.Client{Transport: rec}})
			if err != nil {
				t.Fatal(err)
			}
			err = tc.call(c, context.Background())
			if code, _ := orchestration.CodeOf(err); code != tc.code {
				t.Fatalf("CodeOf(%v) = %s, want %s", err, code, tc.code)
			}
			var ce *client.Error
			if !errors.As(err, &ce) || ce.StatusCode != tc.status {
				t.Fatalf("err = %#v, want a *client.Error with status %d", err, tc.status)
			}
			if id := client.RequestID(err); id == "" || id != rec.get() {
				t.Errorf("RequestID = %q, X-Request-Id header = %q", id, rec.get())
			}
			// A caller's own id is sent and kept.
			ctx := orchestration.ContextWithRequestID(context.Background(), "caller-chosen-id")
			if err := tc.call(c, ctx); client.RequestID(err) != "caller-chosen-id" || rec.get() != "caller-chosen-id" {
				t.Errorf("RequestID = %q, header %q, want caller-chosen-id", client.RequestID(err), rec.get())
			}
		})
	}
}
