package app_test

// End-to-end tests over the service as the binary assembles it: the SQLite
// key store, the built-in catalog, the quote engine and the HTTP handler on a
// real listening socket, driven with raw HTTP and with the Go client.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math/big"

	"github.com/m0-orchestration/m0/asset"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

const (
	base         = "/v1/orchestration"
	wM           = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	mToken       = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	swapFacility = "0xB6807116b3B1B321a390594e31ECD6e0076f6278"
	sender       = "0x1111111111111111111111111111111111111111"
	devSecret    = "e2e-development-key-0001"
	zeroAddress  = "0x0000000000000000000000000000000000000000"
)

// env is one running service with keys of every kind.
type env struct {
	t       *testing.T
	url     string
	app     *app.Server
	good    string // unrestricted
	revoked string
	ipOnly  string // allowed from 10.0.0.0/8 only
	origin  string // allowed from https://app.example.com only
}

func start(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	cat := asset.Default()
	from, err1 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wM})
	to, err2 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mToken})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	swap := memprovider.New(orchestration.ProviderMSwapFacility).Edge(quote.Edge{From: from, To: to},
		memprovider.Rate(memprovider.Pricing{Num: 999, Den: 1000, EstTime: 12 * time.Second, ChainID: 1, To: swapFacility}))
	cfg := app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		// The built-in catalog of mainnet deployments, not the devnet.
		Devnet: &app.DevnetConfig{Enabled: false},
		// Only ::1 is a trusted proxy, so the tests' 127.0.0.1 peer is not.
		TrustedProxies: []string{"::1"},
		KeyCacheTTL:    app.Duration(-1), // revocation must show at once here
		// The in-memory swap provider stands in for the bundled one.
		Providers: app.ProvidersConfig{Disable: []orchestration.ProviderID{orchestration.ProviderMSwapFacility}},
	}
	a, err := app.New(ctx, cfg, app.Options{
		Getenv:    func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger:    slog.New(slog.DiscardHandler),
		Providers: []quote.Factory{func(quote.Deps) (quote.Provider, error) { return swap, nil }},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	// Every answer is checked against the OpenAPI documents.
	srv := httptest.NewServer(openapitest.Handler(t, a.Handler()))
	t.Cleanup(srv.Close)

	e := &env{t: t, url: srv.URL, app: a, good: devSecret}
	mk := func(nk apikey.NewKey) string {
		s, _, err := a.Keys().Create(ctx, nk)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	e.revoked = mk(apikey.NewKey{Name: "revoked"})
	if err := a.Keys().Revoke(ctx, "revoked"); err != nil {
		t.Fatal(err)
	}
	e.ipOnly = mk(apikey.NewKey{Name: "office", AllowedIPs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	e.origin = mk(apikey.NewKey{Name: "frontend", AllowedOrigins: []string{"https://app.example.com"}})
	return e
}

type call struct {
	method, path, body string
	key                string
	header             map[string]string
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func (e *env) do(c call) answer {
	e.t.Helper()
	req, err := http.NewRequest(c.method, e.url+c.path, strings.NewReader(c.body))
	if err != nil {
		e.t.Fatal(err)
	}
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.key != "" {
		req.Header.Set("x-api-key", c.key)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, res.Header, b}
}

// wantError checks status, code and that the body's requestId is the
// response's X-Request-Id; it returns the message.
func (e *env) wantError(what string, got answer, status int, code orchestration.Code) string {
	e.t.Helper()
	var body orchestration.ErrorBody
	if err := json.Unmarshal(got.body, &body); err != nil {
		e.t.Errorf("%s: body is not an error body: %v: %s", what, err, got.body)
		return ""
	}
	if got.status != status || body.Code != code {
		e.t.Errorf("%s: got %d %s (%s); want %d %s", what, got.status, body.Code, body.Message, status, code)
	}
	if id := got.header.Get("X-Request-Id"); id == "" || body.RequestID != id {
		e.t.Errorf("%s: requestId %q does not match X-Request-Id %q", what, body.RequestID, id)
	}
	return body.Message
}

// routes are every API route with a valid request body where it has one.
var routes = []struct {
	name, method, path, body string
	bad, fail                orchestration.Code // decoding and internal codes
}{
	{"supported-assets", "GET", base + "/supported-assets", "", orchestration.BadQuoteRequest, orchestration.QuoteError},
	{"quote", "POST", base + "/quote", validQuote(), orchestration.BadQuoteRequest, orchestration.QuoteError},
	{"permit-quote", "POST", base + "/permit/quote", validQuote(), orchestration.BadPermitRequest, orchestration.PermitQuoteError},
	{"permit-build", "POST", base + "/permit/build", `{"signedRecipes":[{"recipe":{"chain":"Ethereum"},"signature":"0x01"}]}`, orchestration.BadPermitRequest, orchestration.PermitBuildError},
	{"orders", "GET", base + "/orders", "", orchestration.BadOrderRequest, orchestration.CancelOrderError},
	{"order", "GET", base + "/orders/Ethereum/0x" + strings.Repeat("ab", 32), "", orchestration.BadOrderRequest, orchestration.CancelOrderError},
	{"cancel", "POST", base + "/orders/Ethereum/0x" + strings.Repeat("ab", 32) + "/cancel", "", orchestration.BadOrderRequest, orchestration.CancelOrderError},
	{"topology-routes", "GET", base + "/topology/routes", "", orchestration.BadTopologyRequest, orchestration.QuoteError},
	{"topology-stats", "GET", base + "/topology/stats", "", orchestration.BadTopologyRequest, orchestration.QuoteError},
	{"solver-stats", "GET", base + "/solvers/stats", "", orchestration.BadOrderRequest, orchestration.CancelOrderError},
}

func validQuote() string {
	return `{"route":{"source":{"chain":"Ethereum","address":"` + wM + `"},"destination":{"chain":"Ethereum","address":"` + mToken + `"}},"amountIn":"1000000","sender":"` + sender + `"}`
}

func TestAuthenticationOnEveryRoute(t *testing.T) {
	e := start(t)
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			c := call{method: rt.method, path: rt.path, body: rt.body}
			e.wantError("missing key", e.do(c), 401, orchestration.Unauthorized)

			c.key = "m0k_not-a-key-anyone-issued"
			e.wantError("unknown key", e.do(c), 401, orchestration.Unauthorized)

			c.key = e.revoked
			msg := e.wantError("revoked key", e.do(c), 401, orchestration.Unauthorized)
			if strings.Contains(msg, "revoked") {
				t.Errorf("the message says the key exists: %q", msg)
			}

			c.key = e.ipOnly
			e.wantError("ip outside allowlist", e.do(c), 403, orchestration.Forbidden)
			c.header = map[string]string{"X-Forwarded-For": "10.1.2.3"}
			e.wantError("spoofed X-Forwarded-For from an untrusted peer", e.do(c), 403, orchestration.Forbidden)

			c.key, c.header = e.origin, map[string]string{"Origin": "https://evil.example"}
			e.wantError("origin not allowed", e.do(c), 403, orchestration.Forbidden)

			// The allowed origin passes authentication and gets CORS headers.
			c.header = map[string]string{"Origin": "https://app.example.com"}
			got := e.do(c)
			if got.status == 401 || got.status == 403 {
				t.Errorf("allowed origin refused: %d %s", got.status, got.body)
			}
			if got.header.Get("Access-Control-Allow-Origin") != "https://app.example.com" {
				t.Errorf("allowed origin not reflected: %q", got.header.Get("Access-Control-Allow-Origin"))
			}

			// Preflight needs no key.
			pre := e.do(call{method: "OPTIONS", path: rt.path, header: map[string]string{
				"Origin": "https://app.example.com", "Access-Control-Request-Method": rt.method, "Access-Control-Request-Headers": "x-api-key,content-type"}})
			if pre.status != 204 || !strings.Contains(strings.ToLower(pre.header.Get("Access-Control-Allow-Headers")), "x-api-key") {
				t.Errorf("preflight: %d, allow-headers %q", pre.status, pre.header.Get("Access-Control-Allow-Headers"))
			}
		})
	}
}

func TestRoutesNotYetBuiltSayWhat(t *testing.T) {
	e := start(t)
	// Listing orders arrives in a later issue. (Reading and cancelling an
	// order are built: they are tested against the devnet in package order.)
	for _, rt := range routes[4:5] {
		want := "not implemented yet"
		if rt.name == "order" {
			want = "not configured"
		}
		got := e.do(call{method: rt.method, path: rt.path, body: rt.body, key: e.good})
		if msg := e.wantError(rt.name, got, 501, orchestration.NotImplemented); !strings.Contains(msg, want) {
			t.Errorf("%s: message %q does not say %q", rt.name, msg, want)
		}
	}
}

// The permit routes are served: with a provider that has no permit form,
// a valid permit quote is a 404 that says so, and a recipe of no chain id
// a 400 naming the field.
func TestPermitRoutesServed(t *testing.T) {
	e := start(t)
	got := e.do(call{method: "POST", path: routes[2].path, body: routes[2].body, key: e.good})
	if msg := e.wantError("permit-quote", got, 404, orchestration.PermitNotSupported); !strings.Contains(msg, "m-swap-facility has no permit form for wM to M") {
		t.Errorf("permit-quote: message %q does not say why", msg)
	}
	got = e.do(call{method: "POST", path: routes[3].path, body: routes[3].body, key: e.good})
	if msg := e.wantError("permit-build", got, 400, orchestration.BadPermitRequest); msg != "signedRecipes[0].recipe.chainId 0 is not Ethereum's chain id 1" {
		t.Errorf("permit-build: message %q", msg)
	}
}

func TestQuoteBadRequests(t *testing.T) {
	e := start(t)
	quoteBody := func(mut func(m map[string]any)) string {
		var m map[string]any
		if err := json.Unmarshal([]byte(validQuote()), &m); err != nil {
			t.Fatal(err)
		}
		mut(m)
		b, _ := json.Marshal(m)
		return string(b)
	}
	route := func(m map[string]any) map[string]any { return m["route"].(map[string]any) }
	tests := []struct {
		name    string
		body    string
		status  int
		msgPart string
	}{
		{"malformed JSON", `{"route":`, 400, ""},
		{"not an object", `[1,2]`, 400, ""},
		{"empty body", ``, 400, ""},
		{"trailing data", validQuote() + `{}`, 400, ""},
		{"oversized body", `{"pad":"` + strings.Repeat("x", 1<<20) + `"}`, 413, ""},
		{"missing route", quoteBody(func(m map[string]any) { delete(m, "route") }), 400, "route"},
		{"missing destination", quoteBody(func(m map[string]any) { delete(route(m), "destination") }), 400, "destination"},
		{"missing amountIn", quoteBody(func(m map[string]any) { delete(m, "amountIn") }), 400, "amountIn"},
		{"missing sender", quoteBody(func(m map[string]any) { delete(m, "sender") }), 400, "sender"},
		{"same source and destination", quoteBody(func(m map[string]any) { route(m)["destination"] = route(m)["source"] }), 400, "differ"},
		{"same asset in another case", quoteBody(func(m map[string]any) {
			route(m)["destination"] = map[string]any{"chain": "Ethereum", "address": strings.ToLower(wM)}
		}), 400, "differ"},
		{"both include and exclude", quoteBody(func(m map[string]any) {
			m["providers"] = map[string]any{"include": []string{"m-swap-facility"}, "exclude": []string{"m-portal"}}
		}), 400, "include"},
		{"unknown provider", quoteBody(func(m map[string]any) { m["providers"] = map[string]any{"include": []string{"teleport"}} }), 400, "teleport"},
		{"unsupported asset", quoteBody(func(m map[string]any) {
			route(m)["destination"] = map[string]any{"chain": "Ethereum", "address": "0x000000000000000000000000000000000000dEaD"}
		}), 400, "not supported"},
		{"unknown chain", quoteBody(func(m map[string]any) { route(m)["source"].(map[string]any)["chain"] = "Narnia" }), 400, "Narnia"},
		{"bad sender", quoteBody(func(m map[string]any) { m["sender"] = "0x123" }), 400, "sender"},
		{"amount -1", quoteBody(func(m map[string]any) { m["amountIn"] = "-1" }), 400, "amountIn"},
		{"amount 1e6", quoteBody(func(m map[string]any) { m["amountIn"] = "1e6" }), 400, "amountIn"},
		{"amount 1.5", quoteBody(func(m map[string]any) { m["amountIn"] = "1.5" }), 400, "amountIn"},
		{"amount 01", quoteBody(func(m map[string]any) { m["amountIn"] = "01" }), 400, "leading zeros"},
		{"amount 0", quoteBody(func(m map[string]any) { m["amountIn"] = "0" }), 400, "greater than zero"},
		{"amount 2^256", quoteBody(func(m map[string]any) {
			m["amountIn"] = new(big.Int).Lsh(big.NewInt(1), 256).String()
		}), 400, "2^256"},
		{"amount as a number", quoteBody(func(m map[string]any) { m["amountIn"] = 1000000 }), 400, "amountIn"},
		{"maxNumQuotes 0", quoteBody(func(m map[string]any) { m["maxNumQuotes"] = 0 }), 400, "maxNumQuotes"},
		{"maxNumQuotes 1.5", quoteBody(func(m map[string]any) { m["maxNumQuotes"] = 1.5 }), 400, "maxNumQuotes"},
		// Decision 19: a zero account would burn the tokens or never sign.
		{"zero sender", quoteBody(func(m map[string]any) { m["sender"] = zeroAddress }), 400, "sender must not be the zero address"},
		{"zero recipient", quoteBody(func(m map[string]any) { m["recipient"] = zeroAddress }), 400, "recipient must not be the zero address"},
		{"zero funder", quoteBody(func(m map[string]any) { m["funder"] = zeroAddress }), 400, "funder must not be the zero address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := e.do(call{method: "POST", path: base + "/quote", body: tt.body, key: e.good})
			msg := e.wantError(tt.name, got, tt.status, orchestration.BadQuoteRequest)
			if !strings.Contains(msg, tt.msgPart) {
				t.Errorf("message %q lacks %q", msg, tt.msgPart)
			}
		})
	}
}

func TestDecodingOnPostRoutes(t *testing.T) {
	e := start(t)
	for _, rt := range routes {
		if rt.method != "POST" {
			continue
		}
		e.wantError(rt.name+" malformed", e.do(call{method: "POST", path: rt.path, body: `{"x":`, key: e.good}), 400, rt.bad)
		e.wantError(rt.name+" oversized", e.do(call{method: "POST", path: rt.path, body: `"` + strings.Repeat("a", 1<<20+10) + `"`, key: e.good}), 413, rt.bad)
	}
}

func TestQuoteHappyPathThroughTheClient(t *testing.T) {
	e := start(t)
	c, err := client.New(e.url+base, client.Config{APIKey: e.good})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	// Unknown fields are ignored, and lower-case addresses come back checksummed.
	body := strings.Replace(validQuote(), `"amountIn"`, `"someFutureField":{"a":1},"amountIn"`, 1)
	body = strings.Replace(body, mToken, strings.ToLower(mToken), 1)
	got := e.do(call{method: "POST", path: base + "/quote", body: body, key: e.good})
	if got.status != 200 {
		t.Fatalf("unknown fields: %d %s", got.status, got.body)
	}
	var quotes []orchestration.Quote
	if err := json.Unmarshal(got.body, &quotes); err != nil || len(quotes) != 1 {
		t.Fatalf("quotes: %v %s", err, got.body)
	}
	q := quotes[0]
	if q.Route.Destination.Address != mToken || q.Recipient != sender || q.AmountOut != "999000" || q.EstFillTime != 12 {
		t.Fatalf("quote = %+v", q)
	}
	if p := q.Payloads[0]; p.Provider != orchestration.ProviderMSwapFacility || p.Data.EVM == nil || p.Data.EVM.To != swapFacility {
		t.Fatalf("payload = %+v", p)
	}

	// The same through the client, which decodes errors back into codes.
	var req orchestration.QuoteRequest
	if err := json.Unmarshal([]byte(validQuote()), &req); err != nil {
		t.Fatal(err)
	}
	if qs, err := c.Quote(ctx, req); err != nil || len(qs) != 1 || qs[0].AmountOut != "999000" {
		t.Fatalf("client quote: %v, %v", qs, err)
	}
	req.AmountIn = "1.5"
	_, err = c.Quote(ctx, req)
	var ce *client.Error
	if code, _ := orchestration.CodeOf(err); code != orchestration.BadQuoteRequest || !errors.As(err, &ce) || ce.StatusCode != 400 || ce.RequestID == "" {
		t.Fatalf("client error = %#v", err)
	}

	// A route no provider serves is 404 NoQuotesAvailable.
	req.AmountIn = "1000000"
	req.Route.Source, req.Route.Destination = req.Route.Destination, req.Route.Source
	if _, err := c.Quote(ctx, req); !hasCode(err, orchestration.NoQuotesAvailable) {
		t.Fatalf("reverse route: %v", err)
	}

	assets, err := c.SupportedAssets(ctx)
	if err != nil || len(assets) != len(e.app.Catalog().Assets()) {
		t.Fatalf("supported assets: %d, %v", len(assets), err)
	}
}

// TestTopologyCountsQuoteTraffic: the topology service is seeded from the
// engine's edges and counts the quotes served over HTTP.
func TestTopologyCountsQuoteTraffic(t *testing.T) {
	e := start(t)
	ctx := context.Background()
	// The app seeds in the background; seeding again waits for the edges.
	if err := e.app.Topology().Seed(ctx, e.app.Engine()); err != nil {
		t.Fatal(err)
	}
	c, err := client.New(e.url+base, client.Config{APIKey: e.good})
	if err != nil {
		t.Fatal(err)
	}
	q := orchestration.TopologyQuery{SourceChain: orchestration.Ethereum, SourceAddress: wM}
	if rs, err := c.Routes(ctx, q); err != nil || len(rs) != 1 || rs[0].TotalQuoteCount != 0 || rs[0].Destination.Address != mToken {
		t.Fatalf("seeded routes from wM = %+v, %v; want wM -> M unquoted", rs, err)
	}
	if got := e.do(call{method: "POST", path: base + "/quote", body: validQuote(), key: e.good}); got.status != 200 {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	if err := e.app.Topology().Sync(ctx); err != nil {
		t.Fatal(err)
	}
	rs, err := c.Routes(ctx, q)
	if err != nil || len(rs) != 1 || rs[0].TotalQuoteCount != 1 || rs[0].Providers[0].QuoteCount != 1 || rs[0].LastUsed == nil {
		t.Fatalf("routes from wM after a quote = %+v, %v; want one quote by the facility", rs, err)
	}
	st, err := c.Stats(ctx)
	if err != nil || st.ActiveRoutes != 1 || len(st.TopSenders) != 1 || st.TopSenders[0].Address != sender {
		t.Fatalf("stats = %+v, %v; want one active route and the sender", st, err)
	}
	if _, err := c.Routes(ctx, orchestration.TopologyQuery{SourceChain: orchestration.Ethereum}); !hasCode(err, orchestration.BadTopologyRequest) {
		t.Fatalf("routes with sourceChain alone: %v, want BadTopologyRequest", err)
	}
}

func TestSupportedAssetsETag(t *testing.T) {
	e := start(t)
	first := e.do(call{method: "GET", path: base + "/supported-assets", key: e.good})
	etag := first.header.Get("ETag")
	if first.status != 200 || etag == "" {
		t.Fatalf("first: %d etag %q", first.status, etag)
	}
	again := e.do(call{method: "GET", path: base + "/supported-assets", key: e.good, header: map[string]string{"If-None-Match": etag}})
	if again.status != 304 || len(again.body) != 0 {
		t.Fatalf("conditional: %d, %d bytes", again.status, len(again.body))
	}
	// The conditional request is still authenticated.
	e.wantError("conditional without key", e.do(call{method: "GET", path: base + "/supported-assets", header: map[string]string{"If-None-Match": etag}}), 401, orchestration.Unauthorized)
}

func TestRequestIDKeptAndUnknownPaths(t *testing.T) {
	e := start(t)
	got := e.do(call{method: "POST", path: base + "/quote", body: `{`, key: e.good, header: map[string]string{"X-Request-Id": "caller-id-42"}})
	if e.wantError("kept id", got, 400, orchestration.BadQuoteRequest); got.header.Get("X-Request-Id") != "caller-id-42" {
		t.Fatalf("incoming request id replaced by %q", got.header.Get("X-Request-Id"))
	}
	got = e.do(call{method: "GET", path: base + "/quote", body: "", key: e.good, header: map[string]string{"X-Request-Id": "bad id with spaces"}})
	e.wantError("wrong method", got, 405, orchestration.MethodNotAllowed)
	if got.header.Get("X-Request-Id") == "bad id with spaces" {
		t.Fatal("a malformed request id was kept")
	}
	e.wantError("unknown path", e.do(call{method: "GET", path: base + "/nope", key: e.good}), 404, orchestration.NotFound)
}

func TestRevocationTakesEffectOnTheNextRequest(t *testing.T) {
	e := start(t)
	ctx := context.Background()
	secret, _, err := e.app.Keys().Create(ctx, apikey.NewKey{Name: "short-lived"})
	if err != nil {
		t.Fatal(err)
	}
	c := call{method: "GET", path: base + "/supported-assets", key: secret}
	if got := e.do(c); got.status != 200 {
		t.Fatalf("fresh key: %d", got.status)
	}
	if err := e.app.Keys().Revoke(ctx, "short-lived"); err != nil {
		t.Fatal(err)
	}
	e.wantError("after revoke", e.do(c), 401, orchestration.Unauthorized)
}

func TestHealthAndMetricsNeedNoKey(t *testing.T) {
	e := start(t)
	e.do(call{method: "GET", path: base + "/supported-assets", key: e.good})
	for _, p := range []string{"/healthz", "/readyz"} {
		if got := e.do(call{method: "GET", path: p}); got.status != 200 {
			t.Errorf("%s: %d %s", p, got.status, got.body)
		}
	}
	m := e.do(call{method: "GET", path: "/metrics"})
	if m.status != 200 || !bytes.Contains(m.body, []byte(`orchestration_http_requests_total{`)) {
		t.Fatalf("metrics: %d\n%.400s", m.status, m.body)
	}
}

func hasCode(err error, code orchestration.Code) bool {
	c, ok := orchestration.CodeOf(err)
	return ok && c == code
}
