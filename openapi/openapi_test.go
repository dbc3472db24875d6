package openapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/openapi"
	"github.com/m0-orchestration/m0/openapi/validation"
	"github.com/m0-orchestration/m0/orchestration"
)

func load(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := validation.Load()
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

func union(codes []orchestration.Code, more ...orchestration.Code) []orchestration.Code {
	for _, c := range more {
		if !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	return codes
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
		// NotImplemented (501, a route whose service is not configured) is
		// added to KnownCodes by the hardening branch; until that is merged
		// the document declares it ahead of the library. Once it is, the
		// union is KnownCodes itself.
		{"ErrorCode", sorted(union(orchestration.KnownCodes(), "NotImplemented"))},
		{"Chain", sorted(orchestration.KnownChains())},
		{"Providers", sorted(orchestration.KnownProviders())},
		{"OrderStatus", sorted([]orchestration.OrderStatus{orchestration.OrderCreated, orchestration.OrderCompleted, orchestration.OrderCancelled})},
		{"ChainRuntime", sorted([]orchestration.ChainRuntime{orchestration.RuntimeEVM, orchestration.RuntimeSVM})},
		{"RankBy", sorted([]orchestration.RankBy{orchestration.RankByAmount, orchestration.RankByNetOfCosts})},
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
				want = append(want, 401, 403, 429, 500, 501, 503)
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
			for _, status := range []int{429, 503} {
				if r := op.Responses.Status(status); r != nil && (r.Value.Headers["Retry-After"] == nil || !r.Value.Headers["Retry-After"].Value.Required) {
					t.Errorf("%s %d: Retry-After is not a required header", name, status)
				}
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

// A quote that fails because a chain did not answer carries Retry-After
// (orchestration.Error.RetryAfter); the document declares it on those 500s,
// as optional, and an answer carrying it validates.
func TestQuoteOutageDeclaresRetryAfter(t *testing.T) {
	doc := load(t)
	for _, path := range []string{"/quote", "/permit/quote"} {
		r := doc.Paths.Value(path).Post.Responses.Status(500)
		if h := r.Value.Headers["Retry-After"]; h == nil || h.Value.Required {
			t.Errorf("POST %s 500: Retry-After is not declared as an optional header", path)
		}
	}
	outage := orchestration.Error{Code: orchestration.QuoteError, Message: "ArbitrumSepolia did not answer", RetryAfter: 2 * time.Second}
	fake := &httpservertest.Fake{
		QuoteFunc: func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
			return nil, &outage
		},
		PermitQuoteFunc: func(context.Context, orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
			e := outage
			e.Code = orchestration.PermitQuoteError
			return nil, &e
		},
	}
	keys := httpservertest.NewKeys()
	keys.Add("sk-test", apikey.Key{ID: "k", Name: "test"})
	srv := httpservertest.Start(t, fake.Services(), httpserver.Config{Keys: keys}) // validates every answer
	for path, body := range map[string]any{
		"/quote":        httpservertest.SampleQuoteRequest(),
		"/permit/quote": httpservertest.SamplePermitQuoteRequest(),
	} {
		b, _ := json.Marshal(body)
		got := srv.Do(t, "POST", httpserver.BasePath+path, bytes.NewReader(b), map[string][]string{"x-api-key": {"sk-test"}, "Content-Type": {"application/json"}})
		if got.Status != 500 || got.Header.Get("Retry-After") != "2" {
			t.Errorf("POST %s: status %d, Retry-After %q; want 500 with 2", path, got.Status, got.Header.Get("Retry-After"))
		}
	}
}

// The solver RFQ document is a valid OpenAPI 3 document with the one
// operation solvers serve.
func TestSolverRFQDocumentIsValid(t *testing.T) {
	doc, err := validation.Parse(openapi.SolverRFQJSON())
	if err != nil {
		t.Fatal(err)
	}
	if op := doc.Paths.Find("/"); op == nil || op.Post == nil || op.Post.OperationID != "requestOffer" {
		t.Fatalf("the solver document lacks POST / requestOffer")
	}
}
