package httpserver_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

// A body the server and a proxy (or an audit log) could read differently is
// refused: a key given twice, at any depth, or a key matching a field only
// under case folding. Unknown keys stay ignored (decision 16 in docs/decisions.md).
func TestStrictKeys(t *testing.T) {
	srv, fake := start(t, nil, nil)
	quote, permitQuote, permitBuild, cancel := routes[1], routes[2], routes[3], routes[6]
	build := mustJSON(httpservertest.SamplePermitBuildRequest())
	cases := []struct {
		name string
		rt   route
		body string
		msg  string // "" means accepted
	}{
		{"duplicate top-level key", quote, `{"amountIn":"1","amountIn":"2"}`, `body: key "amountIn" appears twice`},
		{"duplicate spelt with an escape", quote, `{"sender":"a","s\u0065nder":"b"}`, `body: key "sender" appears twice`},
		{"duplicate nested key", quote, `{"route":{"source":{"chain":"Ethereum","chain":"Base"}}}`, `body: key "chain" appears twice in route.source`},
		{"duplicate inside an unknown key", quote, `{"future":{"y":1,"y":2}}`, `body: key "y" appears twice in future`},
		{"duplicate in an array element", permitBuild, `{"signedRecipes":[{},{"signature":"a","signature":"b"}]}`, `body: key "signature" appears twice in signedRecipes[1]`},
		{"upper-case key", quote, `{"AMOUNTIN":"1"}`, `body: key "AMOUNTIN" must be written "amountIn"`},
		{"upper-case key on permit quote", permitQuote, `{"Sender":"x"}`, `body: key "Sender" must be written "sender"`},
		{"upper-case nested key", quote, `{"route":{"Source":{}}}`, `body: key "Source" must be written "source" in route`},
		{"folded long s", quote, `{"ſender":"x"}`, `body: key "ſender" must be written "sender"`},
		{"upper-case key in a union", permitBuild, strings.Replace(build, `"method":`, `"METHOD":`, 1), `body: key "METHOD" must be written "method" in signedRecipes[0].recipe.operation`},
		{"duplicate discriminator", permitBuild, strings.Replace(build, `"type":"swap"`, `"type":"swap","type":"ammSwap"`, 1), `body: key "type" appears twice in signedRecipes[0].recipe.operation`},
		{"upper-case key on cancel", cancel, `{"Caller":"x"}`, `body: key "Caller" must be written "caller"`},
		{"wrong type in an array element, named with its index", permitBuild, `{"signedRecipes":[{"signature":"a"},{"signature":5}]}`, `body: signedRecipes[1].signature must be a string, not number`},
		{"unknown keys ignored", quote, `{"amountInUSD":"1","futureField":{"a":[{"b":1}]}}`, ""},
		{"same key in sibling objects", quote, `{"route":{"source":{"chain":"Ethereum"},"destination":{"chain":"Ethereum"}}}`, ""},
		{"union body accepted", permitBuild, build, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := send(t, srv, c.rt, ptr(c.body), "x-api-key", goodKey)
			if c.msg == "" {
				if resp.Status != 200 {
					t.Fatalf("status %d, want 200: %s", resp.Status, resp.Body)
				}
				return
			}
			body := wantError(t, resp, 400, c.rt.bad)
			if body.Message != c.msg {
				t.Errorf("message = %q, want %q", body.Message, c.msg)
			}
		})
	}
	if n := fake.Calls("Quote"); n != 2 {
		t.Errorf("the quote service was called %d times, want 2 (only for the accepted bodies)", n)
	}
}

// The case rule matches encoding/json's own folding: each refused key is one
// encoding/json would have taken for the field.
func TestStrictKeysMatchEncodingJSONFolding(t *testing.T) {
	for _, key := range []string{"AMOUNTIN", "ſender", "SENDER", "amountin"} {
		var req orchestration.QuoteRequest
		if err := json.Unmarshal([]byte(`{"`+key+`":"v"}`), &req); err != nil || (req.AmountIn != "v" && req.Sender != "v") {
			t.Errorf("encoding/json did not fold %q onto a field; the test case proves nothing", key)
		}
	}
}

// An object of many keys is checked in linear time and still finds a late
// duplicate; an empty key is a key like any other.
func TestStrictKeysManyAndEmptyKeys(t *testing.T) {
	srv, _ := start(t, nil, nil)
	var b strings.Builder
	b.WriteString(`{"future":{`)
	for i := range 20000 {
		fmt.Fprintf(&b, `"k%d":1,`, i)
	}
	b.WriteString(`"k19999":2}}`)
	body := wantError(t, send(t, srv, routes[1], ptr(b.String()), "x-api-key", goodKey), 400, orchestration.BadQuoteRequest)
	if body.Message != `body: key "k19999" appears twice in future` {
		t.Errorf("message = %q", body.Message)
	}
	body = wantError(t, send(t, srv, routes[1], ptr(`{"":{"a":1,"a":1}}`), "x-api-key", goodKey), 400, orchestration.BadQuoteRequest)
	if body.Message != `body: key "a" appears twice in ""` {
		t.Errorf("message = %q", body.Message)
	}
}
