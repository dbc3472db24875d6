package httpserver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

// TestBodyDecoding runs the transport's decoding rules (decision 16 in docs/decisions.md)
// against every POST route: each failure is the route's Bad*Request code.
func TestBodyDecoding(t *testing.T) {
	srv, _ := start(t, nil, nil)
	oversized := `{"pad":"` + strings.Repeat("x", httpserver.MaxBodyBytes) + `"}`
	cases := []struct {
		name        string
		body        func(rt route) string
		contentType string
		encoding    string // Content-Encoding
		status      int    // 200 means accepted
		msgContains string
		// cancelStatus overrides status for the cancel route, whose body
		// is optional.
		cancelStatus int
	}{
		{name: "malformed JSON", body: func(route) string { return `{"route": {` }, status: 400, msgContains: "body: truncated JSON"},
		{name: "syntax error names offset", body: func(route) string { return `{"route" 1}` }, status: 400, msgContains: "byte offset 9"},
		{name: "wrong type names field", body: func(route) string { return `{"route": 5, "caller": 5, "signedRecipes": 5}` }, status: 400, msgContains: " must be a"},
		{name: "not an object", body: func(route) string { return `[1,2]` }, status: 400, msgContains: "body: must be an object, not array"},
		{name: "trailing garbage", body: func(rt route) string { return rt.body + ` {}` }, status: 400, msgContains: "after the JSON value"},
		{name: "trailing text", body: func(rt route) string { return rt.body + `x` }, status: 400, msgContains: "after the JSON value"},
		{name: "empty body", body: func(route) string { return "" }, status: 400, msgContains: "a JSON object is required", cancelStatus: 200},
		{name: "whitespace body", body: func(route) string { return " \n " }, status: 400, msgContains: "a JSON object is required", cancelStatus: 200},
		{name: "null body", body: func(route) string { return "null" }, status: 400, msgContains: "a JSON object is required", cancelStatus: 200},
		{name: "unknown fields ignored", body: func(rt route) string { return rt.body[:len(rt.body)-1] + `,"someFutureField":{"x":[1]}}` }, status: 200},
		{name: "oversized", body: func(route) string { return oversized }, status: 413, msgContains: "larger than the limit"},
		{name: "json with charset", body: func(rt route) string { return rt.body }, contentType: "application/json; charset=utf-8", status: 200},
		{name: "+json media type", body: func(rt route) string { return rt.body }, contentType: "application/vnd.example+json", status: 200},
		{name: "other content type", body: func(rt route) string { return rt.body }, contentType: "text/plain", status: 400, msgContains: "Content-Type must be application/json"},
		{name: "form content type", body: func(rt route) string { return rt.body }, contentType: "application/x-www-form-urlencoded", status: 400, msgContains: "Content-Type"},
		{name: "charset UTF-8 any case", body: func(rt route) string { return rt.body }, contentType: "application/json; charset=UTF-8", status: 200},
		{name: "charset latin-1", body: func(rt route) string { return rt.body }, contentType: "application/json; charset=iso-8859-1", status: 415, msgContains: `body: charset must be utf-8, not "iso-8859-1"`},
		{name: "charset utf-16", body: func(rt route) string { return rt.body }, contentType: "application/json;charset=utf-16", status: 415, msgContains: "charset must be utf-8"},
		{name: "gzip encoding", body: func(rt route) string { return rt.body }, encoding: "gzip", status: 415, msgContains: `Content-Encoding "gzip" is not supported`},
		{name: "identity encoding", body: func(rt route) string { return rt.body }, encoding: "identity", status: 200},
		{name: "duplicate key", body: func(rt route) string { return `{"x":1,"x":2}` }, status: 400, msgContains: `body: key "x" appears twice`, cancelStatus: 400},
	}
	for _, rt := range postRoutes() {
		for _, c := range cases {
			t.Run(rt.name+"/"+c.name, func(t *testing.T) {
				want := c.status
				if rt.name == "cancel" && c.cancelStatus != 0 {
					want = c.cancelStatus
				}
				kv := []string{"x-api-key", goodKey}
				if c.contentType != "" {
					kv = append(kv, "Content-Type", c.contentType)
				}
				if c.encoding != "" {
					kv = append(kv, "Content-Encoding", c.encoding)
				}
				resp := send(t, srv, rt, ptr(c.body(rt)), kv...)
				if want == 200 {
					if resp.Status != 200 {
						t.Fatalf("status = %d, want 200; body %s", resp.Status, resp.Body)
					}
					return
				}
				body := wantError(t, resp, want, rt.bad)
				if !strings.Contains(body.Message, c.msgContains) {
					t.Errorf("message %q does not contain %q", body.Message, c.msgContains)
				}
			})
		}
	}
}

func TestTypeErrorMessage(t *testing.T) {
	srv, fake := start(t, nil, nil)
	rt := routes[1] // POST /quote
	resp := send(t, srv, rt, ptr(`{"maxNumQuotes": 1.5}`), "x-api-key", goodKey)
	body := wantError(t, resp, 400, orchestration.BadQuoteRequest)
	if want := "body: maxNumQuotes must be an integer, not number 1.5"; body.Message != want {
		t.Errorf("message = %q, want %q", body.Message, want)
	}
	resp = send(t, srv, rt, ptr(`{"route":{"source":{"chain":7}}}`), "x-api-key", goodKey)
	body = wantError(t, resp, 400, orchestration.BadQuoteRequest)
	if want := "body: route.source.chain must be a string, not number"; body.Message != want {
		t.Errorf("message = %q, want %q", body.Message, want)
	}
	if n := fake.Calls("Quote"); n != 0 {
		t.Errorf("the service was called %d times for undecodable bodies", n)
	}
}

func TestCancelBodyIsOptional(t *testing.T) {
	srv, fake := start(t, nil, nil)
	rt := routes[6]
	for _, c := range []struct{ body, caller string }{
		{"", ""},
		{"null", ""},
		{"{}", ""},
		{`{"caller":"So11111111111111111111111111111111111111112"}`, "So11111111111111111111111111111111111111112"},
	} {
		resp := send(t, srv, rt, ptr(c.body), "x-api-key", goodKey)
		if resp.Status != 200 {
			t.Fatalf("body %q: status %d: %s", c.body, resp.Status, resp.Body)
		}
		got := fake.Last("CancelOrder").(orchestration.CancelOrderRequest)
		want := orchestration.CancelOrderRequest{Order: orchestration.OrderRef{OriginChain: "Ethereum",
			OrderID: strings.TrimPrefix(orderPath, "/orders/Ethereum/")}, Caller: c.caller}
		if got != want {
			t.Errorf("body %q: service got %+v, want %+v", c.body, got, want)
		}
	}
}

// Path values reach the service raw; it, not the transport, rejects them.
func TestPathValuesPassedRaw(t *testing.T) {
	fake := &httpservertest.Fake{OrderFunc: func(_ context.Context, ref orchestration.OrderRef) (*orchestration.Order, error) {
		return nil, orchestration.Errorf(orchestration.BadOrderRequest, "unknown chain %q", ref.OriginChain)
	}}
	srv, _ := start(t, fake, nil)
	resp := srv.Do(t, "GET", httpserver.BasePath+"/orders/Narnia/not-an-id", nil, map[string][]string{"x-api-key": {goodKey}})
	wantError(t, resp, 400, orchestration.BadOrderRequest)
	if got := fake.Last("Order").(orchestration.OrderRef); got != (orchestration.OrderRef{OriginChain: "Narnia", OrderID: "not-an-id"}) {
		t.Errorf("service got %+v", got)
	}
}

func TestQueryParsing(t *testing.T) {
	srv, fake := start(t, nil, nil)
	h := map[string][]string{"x-api-key": {goodKey}}
	for _, c := range []struct {
		path string
		code orchestration.Code
	}{
		{"/orders?limit=ten", orchestration.BadOrderRequest},
		{"/orders?status=OPEN", orchestration.BadOrderRequest},
		{"/orders?originChainId=-1", orchestration.BadOrderRequest},
		{"/orders?limit=%zz", orchestration.BadOrderRequest},
		{"/topology/routes?sourceChain=%zz", orchestration.BadTopologyRequest},
	} {
		resp := srv.Do(t, "GET", httpserver.BasePath+c.path, nil, h)
		wantError(t, resp, 400, c.code)
	}
	if n := fake.Calls("Orders") + fake.Calls("Routes"); n != 0 {
		t.Errorf("service called %d times for unparseable queries", n)
	}
}
