package httpserver_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

// The keys every test server knows.
const (
	goodKey    = "sk-good-0123456789abcdef"    // no restriction
	revokedKey = "sk-revoked-0123456789abcdef" // revoked
	ipKey      = "sk-ip-0123456789abcdef"      // only from 10.0.0.0/8
	originKey  = "sk-origin-0123456789abcdef"  // only from https://app.example
	unknownKey = "sk-unknown-0123456789abcdef" // never issued

	goodKeyName = "ci-good"
	allowedOrig = "https://app.example"
)

// storeKeys is newKeys over the real SQLite key store.
func storeKeys(t *testing.T) apikey.Authenticator {
	t.Helper()
	ctx := context.Background()
	st := httpservertest.StoreKeys(t)
	for _, nk := range []apikey.NewKey{
		{Name: goodKeyName, Secret: goodKey},
		{Name: "revoked", Secret: revokedKey},
		{Name: "ip-restricted", Secret: ipKey, AllowedIPs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}},
		{Name: "origin-restricted", Secret: originKey, AllowedOrigins: []string{allowedOrig}},
	} {
		if _, _, err := st.Create(ctx, nk); err != nil {
			t.Fatalf("Create %s: %v", nk.Name, err)
		}
	}
	if err := st.Revoke(ctx, "revoked"); err != nil {
		t.Fatal(err)
	}
	return st
}

func newKeys() *httpservertest.Keys {
	keys := httpservertest.NewKeys()
	keys.Add(goodKey, apikey.Key{ID: "k1", Name: goodKeyName})
	keys.Add(revokedKey, apikey.Key{ID: "k2", Name: "revoked"})
	keys.Revoke(revokedKey)
	keys.Add(ipKey, apikey.Key{ID: "k3", Name: "ip-restricted",
		AllowedIPs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	keys.Add(originKey, apikey.Key{ID: "k4", Name: "origin-restricted",
		AllowedOrigins: []string{allowedOrig}})
	return keys
}

// start serves fake (a fresh Fake when nil) with the test keys; edit may
// adjust the configuration.
func start(t *testing.T, fake *httpservertest.Fake, edit func(*httpserver.Config)) (*httpservertest.Server, *httpservertest.Fake) {
	t.Helper()
	if fake == nil {
		fake = &httpservertest.Fake{}
	}
	cfg := httpserver.Config{Keys: newKeys()}
	if edit != nil {
		edit(&cfg)
	}
	return httpservertest.Start(t, fake.Services(), cfg), fake
}

// route is one API endpoint with a valid request for it.
type route struct {
	name         string
	method, path string // path relative to BasePath
	body         string // a valid body; "" for GET
	bad, fail    orchestration.Code
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

var orderPath = "/orders/Ethereum/" + httpservertest.SampleOrderRef().OrderID

// routes lists every API route of the specification.
var routes = []route{
	{"supported-assets", "GET", "/supported-assets", "", orchestration.BadQuoteRequest, orchestration.QuoteError},
	{"quote", "POST", "/quote", mustJSON(httpservertest.SampleQuoteRequest()), orchestration.BadQuoteRequest, orchestration.QuoteError},
	{"permit-quote", "POST", "/permit/quote", mustJSON(httpservertest.SamplePermitQuoteRequest()), orchestration.BadPermitRequest, orchestration.PermitQuoteError},
	{"permit-build", "POST", "/permit/build", mustJSON(httpservertest.SamplePermitBuildRequest()), orchestration.BadPermitRequest, orchestration.PermitBuildError},
	{"orders", "GET", "/orders?status=CREATED&limit=5", "", orchestration.BadOrderRequest, orchestration.CancelOrderError},
	{"order", "GET", orderPath, "", orchestration.BadOrderRequest, orchestration.CancelOrderError},
	{"cancel", "POST", orderPath + "/cancel", `{"caller":"So11111111111111111111111111111111111111112"}`, orchestration.BadOrderRequest, orchestration.CancelOrderError},
	{"topology-routes", "GET", "/topology/routes", "", orchestration.BadTopologyRequest, orchestration.QuoteError},
	{"topology-stats", "GET", "/topology/stats", "", orchestration.BadTopologyRequest, orchestration.QuoteError},
	{"solver-stats", "GET", "/solvers/stats", "", orchestration.BadOrderRequest, orchestration.CancelOrderError},
	{"transfer", "GET", "/transfers/Ethereum/" + httpservertest.SampleTxHash, "", orchestration.BadTransferRequest, orchestration.TransferStatusError},
}

func postRoutes() []route {
	var out []route
	for _, r := range routes {
		if r.method == "POST" {
			out = append(out, r)
		}
	}
	return out
}

// send sends rt's request with body (rt.body when body is nil) and the
// given header pairs ("x-api-key", goodKey, ...).
func send(t *testing.T, srv *httpservertest.Server, rt route, body *string, kv ...string) *httpservertest.Response {
	t.Helper()
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	b := rt.body
	if body != nil {
		b = *body
	}
	if b != "" && h.Get("Content-Type") == "" {
		h.Set("Content-Type", "application/json")
	}
	var rd *strings.Reader
	if b != "" {
		rd = strings.NewReader(b)
	}
	if rd == nil {
		return srv.Do(t, rt.method, httpserver.BasePath+rt.path, nil, h)
	}
	return srv.Do(t, rt.method, httpserver.BasePath+rt.path, rd, h)
}

func ptr[T any](v T) *T { return &v }

// wantError checks an error answer: status, code, and that the body's
// requestId is the X-Request-Id header.
func wantError(t *testing.T, resp *httpservertest.Response, status int, code orchestration.Code) orchestration.ErrorBody {
	t.Helper()
	if resp.Status != status {
		t.Errorf("status = %d, want %d; body %s", resp.Status, status, resp.Body)
	}
	body := resp.ErrorBody(t)
	if body.Code != code {
		t.Errorf("code = %s, want %s (message %q)", body.Code, code, body.Message)
	}
	if id := resp.Header.Get(httpserver.HeaderRequestID); id == "" || body.RequestID != id {
		t.Errorf("body requestId %q, header X-Request-Id %q: want equal and non-empty", body.RequestID, id)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	return body
}
