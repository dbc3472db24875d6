package httpserver_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

// A route whose service is missing answers a valid request with 501
// NotImplemented, logs nothing at ERROR for it, and is named once in the
// start-up log.
func TestNilServicesAreNotImplemented(t *testing.T) {
	srv := httpservertest.Start(t, httpserver.Services{}, httpserver.Config{Keys: newKeys()})
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			body := wantError(t, send(t, srv, rt, nil, "x-api-key", goodKey), 501, orchestration.NotImplemented)
			if !strings.HasSuffix(body.Message, " is not configured on this server") {
				t.Errorf("message = %q", body.Message)
			}
			// Authentication still comes first.
			wantError(t, send(t, srv, rt, nil), 401, orchestration.Unauthorized)
		})
	}
	if recs := srv.Logs.Records("request failed"); len(recs) != 0 {
		t.Errorf("501 answers were logged as failures: %v", recs)
	}
	recs := srv.Logs.Records("services not configured; their routes answer valid requests with 501 NotImplemented")
	if len(recs) != 1 {
		t.Fatalf("%d start-up records naming the missing services, want 1:\n%s", len(recs), srv.Logs)
	}
	want := "asset catalog, quote service, permit service, order service, order status stream, topology service, solvers' records service, transfer status service"
	if got := recs[0]["services"]; got != want || recs[0]["level"] != "INFO" {
		t.Errorf("start-up record = %v, want services %q at INFO", recs[0], want)
	}
}

// A fully configured server says nothing about missing services.
func TestAllServicesConfiguredLogsNothing(t *testing.T) {
	srv, _ := start(t, nil, nil)
	if strings.Contains(srv.Logs.String(), "not configured") {
		t.Errorf("start-up log mentions missing services:\n%s", srv.Logs)
	}
}

// Without its service a route still refuses a malformed request with its
// Bad*Request code: a client sees the same 400 whether or not the service
// runs here.
func TestNotConfiguredStillValidates(t *testing.T) {
	// Only the asset catalog runs (it lists Ethereum assets), as in the
	// bundled server without the order, permit and topology services.
	fake := &httpservertest.Fake{}
	srv := httpservertest.Start(t, httpserver.Services{Assets: fake}, httpserver.Config{Keys: newKeys()})
	const id = "0x" + "00000000000000000000000000000000000000000000000000000000000000aa"
	const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
	const zero = "0x0000000000000000000000000000000000000000"
	quote := func(edit string) string {
		return `{"route":{"source":{"chain":"Ethereum","address":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"},` +
			`"destination":{"chain":"Ethereum","address":"0x437cc33344a0B27A429f795ff6B469C72698B291"}}` + edit + `}`
	}
	cases := []struct {
		name         string
		method, path string
		body         string
		status       int
		code         orchestration.Code
		msg          string
	}{
		{"quote valid", "POST", "/quote", quote(`,"amountIn":"1","sender":"` + alice + `"`), 501, orchestration.NotImplemented, "quote service is not configured"},
		{"quote missing sender", "POST", "/quote", quote(`,"amountIn":"1"`), 400, orchestration.BadQuoteRequest, "sender is required"},
		{"quote duplicate key", "POST", "/quote", quote(`,"amountIn":"1","sender":"x","amountIn":"2"`), 400, orchestration.BadQuoteRequest, `"amountIn" appears twice`},
		{"permit quote malformed", "POST", "/permit/quote", `{"route":`, 400, orchestration.BadPermitRequest, "truncated JSON"},
		{"permit quote missing amount", "POST", "/permit/quote", quote(`,"sender":"x"`), 400, orchestration.BadPermitRequest, "amountIn is required"},
		{"permit quote unknown chain", "POST", "/permit/quote", `{"route":{"source":{"chain":"ethereum"}}}`, 400, orchestration.BadPermitRequest, `route.source.chain: unknown chain "ethereum"`},
		{"permit quote chain not enabled", "POST", "/permit/quote", `{"route":{"source":{"chain":"Base","address":"x"}}}`, 400, orchestration.BadPermitRequest, "route.source.chain: chain Base is not enabled"},
		{"permit quote valid", "POST", "/permit/quote", quote(`,"amountIn":"1","sender":"` + alice + `","recipient":"` + alice + `","maxNumQuotes":2`), 501, orchestration.NotImplemented, "permit service is not configured"},
		// The wire formats, as /quote checks them with its service running.
		{"permit quote amount with an exponent", "POST", "/permit/quote", quote(`,"amountIn":"1e6","sender":"` + alice + `"`), 400, orchestration.BadPermitRequest, "amountIn must be"},
		{"permit quote zero amount", "POST", "/permit/quote", quote(`,"amountIn":"0","sender":"` + alice + `"`), 400, orchestration.BadPermitRequest, "amountIn must be"},
		{"permit quote negative amount", "POST", "/permit/quote", quote(`,"amountIn":"-5","sender":"` + alice + `"`), 400, orchestration.BadPermitRequest, "amountIn must be"},
		{"permit quote bad sender", "POST", "/permit/quote", quote(`,"amountIn":"1","sender":"zzz"`), 400, orchestration.BadPermitRequest, "sender must be an EVM address"},
		{"permit quote bad recipient", "POST", "/permit/quote", quote(`,"amountIn":"1","sender":"` + alice + `","recipient":"0x12"`), 400, orchestration.BadPermitRequest, "recipient must be an EVM address"},
		{"permit quote bad funder", "POST", "/permit/quote", quote(`,"amountIn":"1","sender":"` + alice + `","funder":"bob"`), 400, orchestration.BadPermitRequest, "funder must be an EVM address"},
		{"permit quote bad asset address", "POST", "/permit/quote", `{"route":{"source":{"chain":"Ethereum","address":"0x12"},"destination":{"chain":"Ethereum","address":"0x437cc33344a0B27A429f795ff6B469C72698B291"}},"amountIn":"1","sender":"` + alice + `"}`, 400, orchestration.BadPermitRequest, "route.source.address must be an EVM address"},
		{"permit quote no quotes wanted", "POST", "/permit/quote", quote(`,"amountIn":"1","sender":"` + alice + `","maxNumQuotes":0`), 400, orchestration.BadPermitRequest, "maxNumQuotes must be at least 1"},
		{"quote bad sender", "POST", "/quote", quote(`,"amountIn":"1","sender":"x"`), 400, orchestration.BadQuoteRequest, "sender must be an EVM address"},
		// Decision 19: no zero account, with each endpoint's code.
		{"quote zero sender", "POST", "/quote", quote(`,"amountIn":"1","sender":"` + zero + `"`), 400, orchestration.BadQuoteRequest, "sender must not be the zero address"},
		{"quote zero recipient", "POST", "/quote", quote(`,"amountIn":"1","sender":"` + alice + `","recipient":"` + zero + `"`), 400, orchestration.BadQuoteRequest, "recipient must not be the zero address"},
		{"permit quote zero funder", "POST", "/permit/quote", quote(`,"amountIn":"1","sender":"` + alice + `","funder":"` + zero + `"`), 400, orchestration.BadPermitRequest, "funder must not be the zero address"},
		{"permit build empty", "POST", "/permit/build", `{"signedRecipes":[]}`, 400, orchestration.BadPermitRequest, "signedRecipes is required"},
		{"permit build wrong type", "POST", "/permit/build", `{"signedRecipes":{}}`, 400, orchestration.BadPermitRequest, "signedRecipes must be an array"},
		{"permit build valid", "POST", "/permit/build", mustJSON(httpservertest.SamplePermitBuildRequest()), 501, orchestration.NotImplemented, "permit service"},
		{"orders bad limit", "GET", "/orders?limit=ten", "", 400, orchestration.BadOrderRequest, `limit must be an integer, not "ten"`},
		{"orders bad status", "GET", "/orders?status=OPEN", "", 400, orchestration.BadOrderRequest, "status must be"},
		{"orders valid", "GET", "/orders?limit=5", "", 501, orchestration.NotImplemented, "order service is not configured"},
		{"orders bad sender", "GET", "/orders?sender=zzz", "", 400, orchestration.BadOrderRequest, "sender must be an EVM address (0x followed by 40 hex digits) or a Solana address"},
		{"orders EVM sender", "GET", "/orders?sender=" + alice, "", 501, orchestration.NotImplemented, "order service"},
		{"orders Solana sender", "GET", "/orders?sender=9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "", 501, orchestration.NotImplemented, "order service"},
		{"order bad id", "GET", "/orders/Ethereum/0x12", "", 400, orchestration.BadOrderRequest, "orderId must be 0x followed by 64 hex digits"},
		{"order unknown chain", "GET", "/orders/Nowhere/" + id, "", 400, orchestration.BadOrderRequest, `originChain: unknown chain "Nowhere"`},
		{"order chain not enabled", "GET", "/orders/Base/" + id, "", 400, orchestration.BadOrderRequest, "chain Base is not enabled"},
		{"order valid", "GET", "/orders/Ethereum/" + id, "", 501, orchestration.NotImplemented, "order service"},
		{"cancel bad body", "POST", "/orders/Ethereum/" + id + "/cancel", `{"caller":5}`, 400, orchestration.BadOrderRequest, "caller must be a string"},
		{"cancel bad id", "POST", "/orders/Ethereum/0xzz/cancel", "", 400, orchestration.BadOrderRequest, "orderId must be"},
		{"cancel valid", "POST", "/orders/Ethereum/" + id + "/cancel", "", 501, orchestration.NotImplemented, "order service"},
		{"topology half a filter", "GET", "/topology/routes?sourceChain=Ethereum", "", 400, orchestration.BadTopologyRequest, "together or not at all"},
		{"topology unknown chain", "GET", "/topology/routes?sourceChain=Mars&sourceAddress=x", "", 400, orchestration.BadTopologyRequest, `unknown chain "Mars"`},
		{"topology malformed query", "GET", "/topology/routes?a=%zz", "", 400, orchestration.BadTopologyRequest, "malformed query"},
		{"topology valid", "GET", "/topology/routes?sourceChain=Ethereum&sourceAddress=x", "", 501, orchestration.NotImplemented, "topology service"},
		{"topology stats", "GET", "/topology/stats", "", 501, orchestration.NotImplemented, "topology service"},
		{"solver stats", "GET", "/solvers/stats", "", 501, orchestration.NotImplemented, "solvers' records service is not configured"},
		{"transfer bad hash", "GET", "/transfers/Ethereum/0x12", "", 400, orchestration.BadTransferRequest, "txHash must be 0x and 64 hex digits"},
		{"transfer hash not hex", "GET", "/transfers/Ethereum/0x" + strings.Repeat("zz", 32), "", 400, orchestration.BadTransferRequest, "txHash must be"},
		{"transfer unknown chain", "GET", "/transfers/Nowhere/" + id, "", 400, orchestration.BadTransferRequest, `chain: unknown chain "Nowhere"`},
		{"transfer chain not enabled", "GET", "/transfers/Base/" + id, "", 400, orchestration.BadTransferRequest, "chain Base is not enabled"},
		{"transfer valid", "GET", "/transfers/Ethereum/" + id, "", 501, orchestration.NotImplemented, "transfer status service is not configured"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rt := route{method: c.method, path: c.path, body: c.body}
			body := wantError(t, send(t, srv, rt, nil, "x-api-key", goodKey), c.status, c.code)
			if !strings.Contains(body.Message, c.msg) {
				t.Errorf("message %q does not contain %q", body.Message, c.msg)
			}
		})
	}
	// The catalog's own route works.
	if resp := srv.Do(t, "GET", httpserver.BasePath+"/supported-assets", nil, http.Header{"x-api-key": {goodKey}}); resp.Status != 200 {
		t.Errorf("supported-assets: %d %s", resp.Status, resp.Body)
	}
}
