package httpserver_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
)

// TestStatusTable checks every code's status against the specification's
// error table and docs/decisions.md, written out independently of statusFor.
func TestStatusTable(t *testing.T) {
	want := map[orchestration.Code]int{
		orchestration.BadQuoteRequest:        400,
		orchestration.NoQuotesAvailable:      404,
		orchestration.QuoteError:             500,
		orchestration.BadPermitRequest:       400,
		orchestration.PermitNotSupported:     404,
		orchestration.PermitQuoteError:       500,
		orchestration.PermitExpired:          410,
		orchestration.InvalidPermitSignature: 422,
		orchestration.PermitBuildError:       500,
		orchestration.BadOrderRequest:        400,
		orchestration.OrderNotFound:          404,
		orchestration.OrderNotCancellable:    409,
		orchestration.CancelOrderError:       500,
		orchestration.BadTopologyRequest:     400,
		orchestration.BadTransferRequest:     400,
		orchestration.TransferNotFound:       404,
		orchestration.TransferNotRecognized:  400,
		orchestration.TransferStatusError:    500,
		orchestration.Unauthorized:           401,
		orchestration.Forbidden:              403,
		orchestration.NotFound:               404,
		orchestration.MethodNotAllowed:       405,
		orchestration.RateLimited:            429,
		orchestration.NotImplemented:         501,
		orchestration.KeyStoreUnavailable:    503,
		orchestration.OrderIndexUnavailable:  503,
		orchestration.TopologyUnavailable:    503,
		"SomeFutureCode":                     500,
	}
	for _, c := range orchestration.KnownCodes() {
		if _, ok := want[c]; !ok {
			t.Errorf("code %s has no expected status in this test", c)
		}
	}
	// The fake fails with the code named in the request's sender.
	fake := &httpservertest.Fake{QuoteFunc: func(_ context.Context, req orchestration.QuoteRequest) ([]orchestration.Quote, error) {
		code := orchestration.Code(req.Sender)
		return nil, fmt.Errorf("engine: %w", orchestration.Errorf(code, "message for %s", code))
	}}
	srv, _ := start(t, fake, nil)
	for c, status := range want {
		t.Run(string(c), func(t *testing.T) {
			// Every code goes through /quote, most of them codes no quoter
			// returns: these answers are outside the OpenAPI document.
			body := wantError(t, send(t, srv, routes[1], ptr(`{"sender":"`+string(c)+`"}`), "x-api-key", goodKey,
				openapitest.SkipHeader, "status table"), status, c)
			if body.Message != "message for "+string(c) {
				t.Errorf("message = %q", body.Message)
			}
		})
	}
}

// A failure without an *orchestration.Error becomes the endpoint's internal
// code with a generic message; the cause is logged, never sent.
func TestRawErrorsAreInternalAndNotLeaked(t *testing.T) {
	cause := errors.New("dial tcp https://rpc.example/v2/SECRETKEY: connection refused")
	fake := &httpservertest.Fake{
		SupportedAssetsFunc: func(context.Context) ([]orchestration.Asset, error) { return nil, cause },
		QuoteFunc:           func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) { return nil, cause },
		PermitQuoteFunc: func(context.Context, orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
			return nil, cause
		},
		PermitBuildFunc: func(context.Context, orchestration.PermitBuildRequest) (*orchestration.PermitBuildResponse, error) {
			return nil, cause
		},
		OrdersFunc: func(context.Context, orchestration.OrdersQuery) (*orchestration.OrdersResponse, error) {
			return nil, cause
		},
		OrderFunc: func(context.Context, orchestration.OrderRef) (*orchestration.Order, error) { return nil, cause },
		CancelOrderFunc: func(context.Context, orchestration.CancelOrderRequest) (*orchestration.TransactionPayload, error) {
			return nil, cause
		},
		RoutesFunc: func(context.Context, orchestration.TopologyQuery) ([]orchestration.TopologyRoute, error) {
			return nil, cause
		},
		StatsFunc:       func(context.Context) (*orchestration.TopologyRouteStats, error) { return nil, cause },
		SolverStatsFunc: func(context.Context) (*orchestration.SolverStats, error) { return nil, cause },
		TransferFunc: func(context.Context, orchestration.Chain, string) (*orchestration.TransferStatus, error) {
			return nil, cause
		},
	}
	srv, _ := start(t, fake, nil)
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			resp := send(t, srv, rt, nil, "x-api-key", goodKey)
			body := wantError(t, resp, 500, rt.fail)
			if body.Message != "internal error; retry may succeed" {
				t.Errorf("message = %q", body.Message)
			}
			if strings.Contains(string(resp.Body), "SECRETKEY") || strings.Contains(string(resp.Body), "rpc.example") {
				t.Errorf("cause leaked into the body: %s", resp.Body)
			}
			found := false
			for _, rec := range srv.Logs.Records("request failed") {
				if rec["request_id"] == body.RequestID && strings.Contains(fmt.Sprint(rec["error"]), "SECRETKEY") {
					found = true
				}
			}
			if !found {
				t.Errorf("cause not logged with request id %s", body.RequestID)
			}
		})
	}
}

func TestPanicRecovered(t *testing.T) {
	fake := &httpservertest.Fake{
		QuoteFunc: func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
			panic("boom: provider table corrupted")
		},
		OrderFunc: func(context.Context, orchestration.OrderRef) (*orchestration.Order, error) {
			var m map[string]int
			m["x"] = 1 // a runtime error
			return nil, nil
		},
	}
	srv, _ := start(t, fake, nil)
	for _, c := range []struct {
		rt   route
		code orchestration.Code
	}{{routes[1], orchestration.QuoteError}, {routes[5], orchestration.CancelOrderError}} {
		body := wantError(t, send(t, srv, c.rt, nil, "x-api-key", goodKey), 500, c.code)
		if strings.Contains(body.Message, "boom") || strings.Contains(body.Message, "map") {
			t.Errorf("panic value leaked: %q", body.Message)
		}
	}
	recs := srv.Logs.Records("panic serving request")
	if len(recs) != 2 {
		t.Fatalf("%d panic records, want 2:\n%s", len(recs), srv.Logs)
	}
	if st := fmt.Sprint(recs[0]["stack"]); !strings.Contains(st, "goroutine") || !strings.Contains(st, "httpservertest") {
		t.Errorf("stack missing or not the handler's: %.300s", st)
	}
	// The server still serves.
	if resp := send(t, srv, routes[0], nil, "x-api-key", goodKey); resp.Status != 200 {
		t.Fatalf("after panic: status %d", resp.Status)
	}
}

func TestNotFoundAndMethodNotAllowedAreJSON(t *testing.T) {
	srv, _ := start(t, nil, nil)
	cases := []struct {
		method, path string
		status       int
		code         orchestration.Code
		allow        []string
	}{
		{"GET", httpserver.BasePath + "/nope", 404, orchestration.NotFound, nil},
		{"GET", "/nope", 404, orchestration.NotFound, nil},
		{"GET", httpserver.BasePath + "/quote/", 404, orchestration.NotFound, nil},
		{"GET", httpserver.BasePath + "/orders/Ethereum/0x1/cancel/extra", 404, orchestration.NotFound, nil},
		{"OPTIONS", httpserver.BasePath + "/nope", 404, orchestration.NotFound, nil},
		{"GET", httpserver.BasePath + "/quote", 405, orchestration.MethodNotAllowed, []string{"POST", "OPTIONS"}},
		{"DELETE", httpserver.BasePath + "/supported-assets", 405, orchestration.MethodNotAllowed, []string{"GET", "HEAD", "OPTIONS"}},
		{"GET", httpserver.BasePath + "/orders/Ethereum/0x1/cancel", 405, orchestration.MethodNotAllowed, []string{"POST"}},
		{"POST", "/healthz", 405, orchestration.MethodNotAllowed, []string{"GET"}},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			resp := srv.Do(t, c.method, c.path, nil, http.Header{"x-api-key": {goodKey}})
			wantError(t, resp, c.status, c.code)
			allow := resp.Header.Get("Allow")
			for _, m := range c.allow {
				if !strings.Contains(allow, m) {
					t.Errorf("Allow = %q, want it to contain %s", allow, m)
				}
			}
		})
	}
}

func TestRequestID(t *testing.T) {
	seen := make(chan string, 1)
	fake := &httpservertest.Fake{QuoteFunc: func(ctx context.Context, _ orchestration.QuoteRequest) ([]orchestration.Quote, error) {
		seen <- orchestration.RequestIDFromContext(ctx)
		return nil, orchestration.Errorf(orchestration.NoQuotesAvailable, "none")
	}}
	srv, _ := start(t, fake, nil)
	long := strings.Repeat("a", 128)
	cases := []struct {
		name, incoming string
		kept           bool
	}{
		{"absent", "", false},
		{"well formed", "req-01.AB:cd_ef", true},
		{"128 chars", long, true},
		{"129 chars", long + "a", false},
		{"space", "bad id", false},
		{"slash", "a/b", false},
		{"non-ascii", "idé", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kv := []string{"x-api-key", goodKey}
			if c.incoming != "" {
				kv = append(kv, "X-Request-Id", c.incoming)
			}
			resp := send(t, srv, routes[1], nil, kv...)
			body := wantError(t, resp, 404, orchestration.NoQuotesAvailable)
			got := resp.Header.Get(httpserver.HeaderRequestID)
			if c.kept && got != c.incoming {
				t.Errorf("X-Request-Id = %q, want the incoming %q", got, c.incoming)
			}
			if !c.kept && (got == c.incoming || len(got) != 32) {
				t.Errorf("X-Request-Id = %q, want a fresh 32-hex-digit id", got)
			}
			if saw := <-seen; saw != got || body.RequestID != got {
				t.Errorf("service saw %q, body has %q, header %q", saw, body.RequestID, got)
			}
		})
	}
	// Every response carries one, whatever it is.
	for _, c := range []struct{ method, path string }{
		{"GET", "/healthz"}, {"GET", "/readyz"}, {"GET", "/metrics"}, {"GET", "/nope"},
		{"OPTIONS", httpserver.BasePath + "/quote"}, {"GET", httpserver.BasePath + "/supported-assets"},
	} {
		if resp := srv.Do(t, c.method, c.path, nil, nil); resp.Header.Get(httpserver.HeaderRequestID) == "" {
			t.Errorf("%s %s: no X-Request-Id", c.method, c.path)
		}
	}
	// Fresh ids differ.
	a := srv.Do(t, "GET", "/healthz", nil, nil).Header.Get(httpserver.HeaderRequestID)
	b := srv.Do(t, "GET", "/healthz", nil, nil).Header.Get(httpserver.HeaderRequestID)
	if a == b {
		t.Errorf("two requests got the same id %q", a)
	}
}

// A hostile method name is bounded in the 404 or 405 body and in the access
// log, whatever its length.
func TestLongMethodIsBounded(t *testing.T) {
	srv, _ := start(t, nil, nil)
	method := strings.Repeat("X", 60_000)
	for _, path := range []string{"/nope", httpserver.BasePath + "/quote"} {
		resp := srv.Do(t, method, path, nil, nil)
		if resp.Status != 404 && resp.Status != 405 {
			t.Fatalf("%s: status %d", path, resp.Status)
		}
		body := resp.ErrorBody(t)
		if len(resp.Body) > 400 || !strings.Contains(body.Message, strings.Repeat("X", 32)+"…") {
			t.Errorf("%s: %d-byte body, message %.200q", path, len(resp.Body), body.Message)
		}
	}
	if logs := srv.Logs.String(); strings.Contains(logs, strings.Repeat("X", 33)) {
		t.Errorf("the log holds the long method: %d bytes of log", len(logs))
	}
	if n := strings.Count(srv.Logs.String(), strings.Repeat("X", 32)+"…"); n < 2 {
		t.Errorf("the access log has %d lines with the clipped method, want 2:\n%.1000s", n, srv.Logs)
	}
}

// The preflight's Allow is the 405's on that path, order included: HEAD
// wherever GET is allowed.
func TestOptionsAllowMatchesMethodNotAllowed(t *testing.T) {
	srv, _ := start(t, nil, nil)
	for _, rt := range routes {
		path := httpserver.BasePath + strings.SplitN(rt.path, "?", 2)[0]
		opts := srv.Do(t, "OPTIONS", path, nil, nil)
		if opts.Status != 204 {
			t.Fatalf("OPTIONS %s: %d", path, opts.Status)
		}
		wrong := srv.Do(t, "PATCH", path, nil, nil)
		wantError(t, wrong, 405, orchestration.MethodNotAllowed)
		got, want := opts.Header.Get("Allow"), wrong.Header.Get("Allow")
		if got != want {
			t.Errorf("%s: OPTIONS Allow %q, 405 Allow %q", rt.name, got, want)
		}
		if rt.method == "GET" && !strings.Contains(got, "HEAD") {
			t.Errorf("%s: OPTIONS Allow %q lacks HEAD", rt.name, got)
		}
	}
}

// An error that knows when a retry may succeed (a chain that did not
// answer) is sent with Retry-After in whole seconds, rounded up; one that
// does not is sent without.
func TestRetryAfterComesFromTheError(t *testing.T) {
	var retry time.Duration
	fake := &httpservertest.Fake{QuoteFunc: func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
		return nil, fmt.Errorf("engine: %w", &orchestration.Error{Code: orchestration.QuoteError,
			Message: "ArbitrumSepolia did not answer; retry later", RetryAfter: retry})
	}}
	srv, _ := start(t, fake, nil)
	for _, tt := range []struct {
		retry time.Duration
		want  string
	}{{4 * time.Second, "4"}, {1500 * time.Millisecond, "2"}, {0, ""}} {
		retry = tt.retry
		resp := send(t, srv, routes[1], nil, "x-api-key", goodKey)
		body := wantError(t, resp, 500, orchestration.QuoteError)
		if body.Message != "ArbitrumSepolia did not answer; retry later" {
			t.Errorf("message = %q", body.Message)
		}
		if got := resp.Header.Get("Retry-After"); got != tt.want {
			t.Errorf("RetryAfter %s: Retry-After = %q, want %q", tt.retry, got, tt.want)
		}
	}
}
