package openapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/openapi"
	"github.com/m0-orchestration/m0/orchestration"
)

func load(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func enum(t *testing.T, doc *openapi3.T, schema string) []string {
	t.Helper()
	s := doc.Components.Schemas[schema]
	if s == nil {
		t.Fatalf("no schema %s", schema)
	}
	var out []string
	for _, v := range s.Value.Enum {
		out = append(out, v.(string))
	}
	sort.Strings(out)
	return out
}

func sorted[T ~string](vs []T) []string {
	var out []string
	for _, v := range vs {
		out = append(out, string(v))
	}
	sort.Strings(out)
	return out
}

// The document's enums are the library's: a code, chain or provider added in
// Go must be added to the document, and the other way round.
func TestEnumsMatchTheLibrary(t *testing.T) {
	doc := load(t)
	for _, tt := range []struct {
		schema string
		want   []string
	}{
		{"ErrorCode", sorted(orchestration.KnownCodes())},
		{"Chain", sorted(orchestration.KnownChains())},
		{"Providers", sorted(orchestration.KnownProviders())},
		{"OrderStatus", sorted([]orchestration.OrderStatus{orchestration.OrderCreated, orchestration.OrderCompleted, orchestration.OrderCancelled})},
		{"ChainRuntime", sorted([]orchestration.ChainRuntime{orchestration.RuntimeEVM, orchestration.RuntimeSVM})},
	} {
		if got := enum(t, doc, tt.schema); !slices.Equal(got, tt.want) {
			t.Errorf("%s enum:\n got  %v\n want %v", tt.schema, got, tt.want)
		}
	}
}

func TestSlippageBpsMatchesTheLibrary(t *testing.T) {
	s := load(t).Components.Schemas["QuoteRequest"].Value.Properties["slippageBps"].Value
	if s.Min == nil || *s.Min != 0 || s.Max == nil || *s.Max != orchestration.MaxSlippageBps ||
		s.Default != float64(orchestration.DefaultSlippageBps) {
		t.Fatalf("slippageBps: min %v max %v default %v; want 0, %d, %d",
			s.Min, s.Max, s.Default, orchestration.MaxSlippageBps, orchestration.DefaultSlippageBps)
	}
}

// operations returns "METHOD /path" for every operation of doc, with the
// server's base path in front.
func operations(t *testing.T, doc *openapi3.T) []string {
	t.Helper()
	base, err := doc.Servers.BasePath()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			out = append(out, method+" "+strings.TrimSuffix(base, "/")+path)
		}
	}
	sort.Strings(out)
	return out
}

// Every route the server registers is in the document, every documented
// route is registered, and each path has exactly the documented methods.
func TestRoutesMatchTheServer(t *testing.T) {
	doc := load(t)
	routes := httpserver.Routes()
	sort.Strings(routes)
	if ops := operations(t, doc); !slices.Equal(ops, routes) {
		t.Fatalf("document and server differ:\n document %v\n server   %v", ops, routes)
	}
	// Routes is what the server really serves: each path answers a wrong
	// method with 405 and an Allow header of the documented methods.
	srv := httpservertest.Start(t, (&httpservertest.Fake{}).Services(), httpserver.Config{Keys: httpservertest.NewKeys()})
	base, _ := doc.Servers.BasePath()
	for path, item := range doc.Paths.Map() {
		want := []string{}
		for m := range item.Operations() {
			want = append(want, m)
			if m == http.MethodGet {
				want = append(want, http.MethodHead)
			}
		}
		concrete := strings.NewReplacer("{originChain}", "Ethereum", "{orderId}", "0x"+strings.Repeat("ab", 32)).Replace(path)
		resp := srv.Do(t, http.MethodPut, base+concrete, nil, nil)
		if resp.Status != http.StatusMethodNotAllowed {
			t.Errorf("PUT %s: %d, want 405", path, resp.Status)
			continue
		}
		var got []string
		for m := range strings.SplitSeq(resp.Header.Get("Allow"), ",") {
			if m = strings.TrimSpace(m); m != http.MethodOptions { // the CORS preflight
				got = append(got, m)
			}
		}
		sort.Strings(got)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: server allows %v, document has %v", path, got, want)
		}
	}
}

// The statuses every API operation declares, beyond its own.
func TestEveryOperationDeclaresTheTransportAnswers(t *testing.T) {
	doc := load(t)
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			name := method + " " + path
			keyed := op.Security == nil || len(*op.Security) > 0
			var want []int
			if keyed {
				want = append(want, 401, 403, 429, 500, 501)
			}
			if op.RequestBody != nil {
				want = append(want, 400, 413, 415)
			}
			for _, status := range want {
				if op.Responses.Status(status) == nil {
					t.Errorf("%s does not declare %d", name, status)
				}
			}
			for code, ref := range op.Responses.Map() {
				r := ref.Value
				if r.Headers["X-Request-Id"] == nil {
					t.Errorf("%s %s: no X-Request-Id header", name, code)
				}
				if code[0] == '4' || code[0] == '5' {
					if mt := r.Content.Get("application/json"); mt == nil || mt.Schema.Ref != "#/components/schemas/ErrorBody" {
						t.Errorf("%s %s: the body is not an ErrorBody", name, code)
					}
				}
			}
			if r := op.Responses.Status(429); r != nil && (r.Value.Headers["Retry-After"] == nil || !r.Value.Headers["Retry-After"].Value.Required) {
				t.Errorf("%s 429: Retry-After is not a required header", name)
			}
		}
	}
	if r := doc.Components.Responses["MethodNotAllowed"]; r == nil || r.Value.Headers["Allow"] == nil {
		t.Error("no MethodNotAllowed answer with an Allow header")
	}
	if doc.Components.Responses["NoRoute"] == nil {
		t.Error("no NoRoute answer")
	}
}

// The served document is the embedded one, without a key, with an ETag.
func TestServedDocument(t *testing.T) {
	srv := httpservertest.Start(t, httpserver.Services{}, httpserver.Config{Keys: httpservertest.NewKeys()})
	got := srv.Do(t, "GET", httpserver.OpenAPIPath, nil, nil)
	if got.Status != 200 || !bytes.Equal(got.Body, openapi.JSON()) || got.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET without a key: %d %q, %d bytes", got.Status, got.Header.Get("Content-Type"), len(got.Body))
	}
	if got.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("Access-Control-Allow-Origin = %q", got.Header.Get("Access-Control-Allow-Origin"))
	}
	etag := got.Header.Get("ETag")
	again := srv.Do(t, "GET", httpserver.OpenAPIPath, nil, http.Header{"If-None-Match": {`"other", W/` + etag}})
	if etag == "" || again.Status != 304 || len(again.Body) != 0 {
		t.Fatalf("If-None-Match %s: %d, %d bytes", etag, again.Status, len(again.Body))
	}
	if stale := srv.Do(t, "GET", httpserver.OpenAPIPath, nil, http.Header{"If-None-Match": {`"other"`}}); stale.Status != 200 {
		t.Errorf("a stale ETag got %d", stale.Status)
	}
	if head := srv.Do(t, "HEAD", httpserver.OpenAPIPath, nil, nil); head.Status != 200 || len(head.Body) != 0 {
		t.Errorf("HEAD: %d, %d bytes", head.Status, len(head.Body))
	}
	post := srv.Do(t, "POST", httpserver.OpenAPIPath, nil, nil)
	if post.Status != 405 || post.ErrorBody(t).Code != orchestration.MethodNotAllowed {
		t.Errorf("POST: %d %s", post.Status, post.Body)
	}
}

// answer builds a response as the server would send it.
func answer(status int, body string, kv ...string) (*http.Response, []byte) {
	h := http.Header{"X-Request-Id": {"req-1"}}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return &http.Response{StatusCode: status, Header: h}, []byte(body)
}

// The validator catches what a generated client would trip on.
func TestValidateFindsMismatches(t *testing.T) {
	quote := `{"route":{"source":{"chain":"Ethereum","address":"0x1"},"destination":{"chain":"Base","address":"0x2"}},` +
		`"recipient":"0x3","amountIn":"10","amountOut":"9","minAmountOut":"9","estFillTime":12,"payloads":PAYLOADS}`
	evm := `[{"provider":"m-portal","data":{"type":"evm","chain":"Ethereum","chainId":1,"to":"0x4","data":"0x","value":"0"}}]`
	errBody := func(code string) string { return `{"code":"` + code + `","message":"m","requestId":"req-1"}` }
	tests := []struct {
		name, method, path string
		status             int
		body               string
		kv                 []string
		wantErr            string // "" for valid; "undeclared" for ErrUndeclared
	}{
		{"a quote", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(quote, "PAYLOADS", evm, 1) + "]", nil, ""},
		{"payloads null", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(quote, "PAYLOADS", "null", 1) + "]", nil, "payloads"},
		{"no minAmountOut", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(strings.Replace(quote, "PAYLOADS", "[]", 1), `"minAmountOut":"9",`, "", 1) + "]", nil, "minAmountOut"},
		{"a payload of no known type", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(quote, "PAYLOADS", `[{"provider":"m-portal","data":{"type":"cosmos"}}]`, 1) + "]", nil, "data"},
		{"a 401", "POST", "/v1/orchestration/quote", 401, errBody("Unauthorized"), nil, ""},
		{"a code nobody defined", "POST", "/v1/orchestration/quote", 500, errBody("Oops"), nil, "code"},
		{"no requestId", "POST", "/v1/orchestration/quote", 400, `{"code":"BadQuoteRequest","message":"m"}`, nil, "requestId"},
		{"a status /quote never answers", "POST", "/v1/orchestration/quote", 410, errBody("PermitExpired"), nil, "undeclared"},
		{"429 without Retry-After", "GET", "/v1/orchestration/orders", 429, errBody("RateLimited"), nil, "Retry-After"},
		{"429 with Retry-After", "GET", "/v1/orchestration/orders", 429, errBody("RateLimited"), []string{"Retry-After", "3"}, ""},
		{"an unknown path", "GET", "/v1/orchestration/nope", 404, errBody("NotFound"), nil, ""},
		{"a wrong method", "DELETE", "/v1/orchestration/quote", 405, errBody("MethodNotAllowed"), []string{"Allow", "POST, OPTIONS"}, ""},
		{"a wrong method without Allow", "DELETE", "/v1/orchestration/quote", 405, errBody("MethodNotAllowed"), nil, "Allow"},
		{"an unknown path answered 200", "GET", "/v1/orchestration/nope", 200, `{}`, nil, "undeclared"},
		{"outside the base path", "GET", "/healthz", 200, `{"status":"ok"}`, nil, "undeclared"},
		{"an order with the indexer down", "GET", "/v1/orchestration/orders/Ethereum/0x" + strings.Repeat("ab", 32), 200,
			`{"orderId":"0x1","version":1,"nonce":"7","sender":"s","recipient":"r","originChainId":1,"destChainId":1,"tokenIn":"a","tokenOut":"b",` +
				`"amountIn":"10","amountOut":"9","designatedSolver":"d","createdAt":1,"fillDeadline":2,"status":"CREATED","amountOutFilled":"0",` +
				`"amountInReleased":"0","amountRefunded":"0","openTx":null,"fillCount":null,"fillReportCount":null,"resolvedAt":null,"fills":null}`, nil, ""},
		{"stats with null arrays", "GET", "/v1/orchestration/topology/stats", 200,
			`{"totalRoutes":0,"activeRoutes":0,"hottestPaths":null,"topSenders":[],"topRecipients":[]}`, nil, "hottestPaths"},
		{"no X-Request-Id", "GET", "/v1/orchestration/topology/stats", 200,
			`{"totalRoutes":0,"activeRoutes":0,"hottestPaths":[],"topSenders":[],"topRecipients":[]}`, []string{"X-Request-Id", ""}, "X-Request-Id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, "http://example.test"+tt.path, nil)
			resp, body := answer(tt.status, tt.body, tt.kv...)
			if len(tt.kv) == 2 && tt.kv[1] == "" {
				resp.Header.Del(tt.kv[0])
			}
			err := openapi.Validate(context.Background(), req, resp, body)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("valid answer refused: %v", err)
			case tt.wantErr == "undeclared" && !errors.Is(err, openapi.ErrUndeclared):
				t.Fatalf("got %v, want ErrUndeclared", err)
			case tt.wantErr != "" && tt.wantErr != "undeclared" && (err == nil || errors.Is(err, openapi.ErrUndeclared) || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("got %v, want a mismatch naming %s", err, tt.wantErr)
			}
		})
	}
}

func ExampleValidate() {
	// An answer of the server: here, the document itself.
	req := httptest.NewRequest("GET", "/v1/orchestration/openapi.json", nil)
	rec := httptest.NewRecorder()
	rec.Header().Set("X-Request-Id", "req-1") // the server's front adds it
	openapi.Handler().ServeHTTP(rec, req)
	resp := rec.Result()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(openapi.Validate(context.Background(), req, resp, body))

	// A status the document does not list for that route.
	resp.StatusCode = http.StatusTeapot
	err := openapi.Validate(context.Background(), req, resp, body)
	fmt.Println(errors.Is(err, openapi.ErrUndeclared))
	// Output:
	// <nil>
	// true
}
