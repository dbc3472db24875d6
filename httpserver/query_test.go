package httpserver_test

import (
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// get sends a GET of path (relative to BasePath) with the good key.
func get(t *testing.T, srv *httpservertest.Server, path string) *httpservertest.Response {
	t.Helper()
	return srv.Do(t, "GET", httpserver.BasePath+path, nil, http.Header{"X-Api-Key": {goodKey}})
}

// wantRefusal checks a 400 with code whose message says each of want.
func wantRefusal(t *testing.T, resp *httpservertest.Response, code orchestration.Code, want ...string) {
	t.Helper()
	body := wantError(t, resp, http.StatusBadRequest, code)
	for _, w := range want {
		if !strings.Contains(body.Message, w) {
			t.Errorf("message %q does not say %q", body.Message, w)
		}
	}
}

// realOrders is the order service over the default catalog with an empty
// index and no chain reader: it lists (nothing) and refuses what it
// refuses before reading a chain, then answers 501 for want of a reader.
func realOrders(t *testing.T) *order.Service {
	t.Helper()
	svc, err := order.New(order.Config{
		Catalog: asset.Default(),
		Index:   order.NewStore(storagetest.Open(t, storagetest.SQLiteMemory(t))),
		Logger:  slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// A query parameter a route reads, given twice or given empty, is a 400
// with the route's Bad*Request code naming it (decision 40), whether or
// not the route's service runs here, as a JSON key given twice is.
func TestQueryParameterGivenTwiceOrEmpty(t *testing.T) {
	configured, _ := start(t, nil, nil)
	bare := httpservertest.Start(t, httpserver.Services{}, httpserver.Config{Keys: newKeys()})
	const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
	const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
	twice := func(param string) string { return `query: parameter "` + param + `" appears twice` }
	empty := func(param string) string { return `query: parameter "` + param + `" is empty` }
	cases := []struct {
		name, path string
		code       orchestration.Code
		want       string
	}{
		{"orders status twice", "/orders?status=CREATED&status=CANCELLED", orchestration.BadOrderRequest, twice("status")},
		{"orders limit twice", "/orders?limit=1&limit=2", orchestration.BadOrderRequest, twice("limit")},
		{"orders limit twice alike", "/orders?limit=5&limit=5", orchestration.BadOrderRequest, twice("limit")},
		{"orders offset twice", "/orders?offset=0&offset=20", orchestration.BadOrderRequest, twice("offset")},
		{"orders sender twice", "/orders?sender=" + alice + "&sender=" + alice, orchestration.BadOrderRequest, twice("sender")},
		{"orders originChainId twice", "/orders?originChainId=1&originChainId=8453", orchestration.BadOrderRequest, twice("originChainId")},
		{"orders destChainId twice", "/orders?destChainId=1&destChainId=8453", orchestration.BadOrderRequest, twice("destChainId")},
		{"orders status empty", "/orders?status=", orchestration.BadOrderRequest, empty("status")},
		{"orders sender empty", "/orders?sender=&limit=5", orchestration.BadOrderRequest, empty("sender")},
		{"orders originChainId empty", "/orders?originChainId=", orchestration.BadOrderRequest, empty("originChainId")},
		{"orders offset empty", "/orders?offset=", orchestration.BadOrderRequest, empty("offset")},
		{"topology sourceChain twice", "/topology/routes?sourceChain=Ethereum&sourceChain=Base&sourceAddress=" + usdc, orchestration.BadTopologyRequest, twice("sourceChain")},
		{"topology sourceAddress twice", "/topology/routes?sourceChain=Ethereum&sourceAddress=" + usdc + "&sourceAddress=" + usdc, orchestration.BadTopologyRequest, twice("sourceAddress")},
		{"topology both empty", "/topology/routes?sourceChain=&sourceAddress=", orchestration.BadTopologyRequest, empty("sourceChain")},
		{"topology address empty", "/topology/routes?sourceChain=Ethereum&sourceAddress=", orchestration.BadTopologyRequest, empty("sourceAddress")},
	}
	for _, srv := range []struct {
		name string
		srv  *httpservertest.Server
	}{{"configured", configured}, {"not configured", bare}} {
		for _, c := range cases {
			t.Run(srv.name+"/"+c.name, func(t *testing.T) {
				wantRefusal(t, get(t, srv.srv, c.path), c.code, c.want)
			})
		}
	}
	// A parameter no route reads stays ignored, given twice or not.
	for _, path := range []string{"/orders?status=CREATED&utm=a&utm=b", "/topology/routes?utm=a&utm=b"} {
		if resp := get(t, configured, path); resp.Status != http.StatusOK {
			t.Errorf("%s: HTTP %d, want 200 (unknown parameters are ignored): %s", path, resp.Status, resp.Body)
		}
	}
}

// GET /orders' limit, as decision 10 and decision 40 settle it: absent is
// 20; 1 to 100 as given; any larger integer, however long, is capped at
// 100 and the answer says so; below 1, not an integer or empty is a 400
// naming limit.
func TestOrdersLimit(t *testing.T) {
	srv := httpservertest.Start(t, httpserver.Services{OrderService: realOrders(t)}, httpserver.Config{Keys: newKeys()})
	for _, c := range []struct {
		query     string
		wantLimit int    // the page size answered, when 200
		wantMsg   string // the refusal's message, when 400
	}{
		{query: "", wantLimit: order.DefaultListLimit},
		{query: "?limit=1", wantLimit: 1},
		{query: "?limit=100", wantLimit: 100},
		{query: "?limit=101", wantLimit: order.MaxListLimit},
		{query: "?limit=1000000", wantLimit: order.MaxListLimit},
		{query: "?limit=99999999999999999999999999", wantLimit: order.MaxListLimit},
		{query: "?limit=0", wantMsg: "limit must be at least 1, not 0"},
		{query: "?limit=-5", wantMsg: "limit must be at least 1, not -5"},
		{query: "?limit=-99999999999999999999999999", wantMsg: "limit must be at least 1"},
		{query: "?limit=ten", wantMsg: `limit must be an integer, not "ten"`},
		{query: "?limit=1.5", wantMsg: `limit must be an integer, not "1.5"`},
		{query: "?limit=1e3", wantMsg: `limit must be an integer, not "1e3"`},
		{query: "?limit=", wantMsg: `query: parameter "limit" is empty`},
		{query: "?limit=&offset=5", wantMsg: `query: parameter "limit" is empty`},
	} {
		t.Run(c.query, func(t *testing.T) {
			resp := get(t, srv, "/orders"+c.query)
			if c.wantMsg != "" {
				wantRefusal(t, resp, orchestration.BadOrderRequest, c.wantMsg)
				return
			}
			if resp.Status != http.StatusOK {
				t.Fatalf("HTTP %d, want 200: %s", resp.Status, resp.Body)
			}
			var got orchestration.OrdersResponse
			if err := json.Unmarshal(resp.Body, &got); err != nil {
				t.Fatal(err)
			}
			if got.Limit != c.wantLimit {
				t.Errorf("answered limit %d, want %d", got.Limit, c.wantLimit)
			}
		})
	}
	// An offset beyond int is past every order: an empty page that says
	// the offset it used.
	resp := get(t, srv, "/orders?offset=99999999999999999999999999")
	var got orchestration.OrdersResponse
	if err := json.Unmarshal(resp.Body, &got); resp.Status != http.StatusOK || err != nil || got.Offset != math.MaxInt || len(got.Orders) != 0 {
		t.Errorf("huge offset: HTTP %d %s, want 200 with offset %d and no orders", resp.Status, resp.Body, math.MaxInt)
	}
}

// The zero account is no cancel's caller (decision 19), as it is no
// quote's sender, recipient or funder: 400 naming caller, before any
// chain is read, from the order service and from a server without one.
func TestCancelCallerZeroAccount(t *testing.T) {
	withService := httpservertest.Start(t, httpserver.Services{OrderService: realOrders(t)}, httpserver.Config{Keys: newKeys()})
	bare := httpservertest.Start(t, httpserver.Services{}, httpserver.Config{Keys: newKeys()})
	cancel := route{"cancel", "POST", orderPath + "/cancel", "", orchestration.BadOrderRequest, orchestration.CancelOrderError}
	for _, srv := range []struct {
		name string
		srv  *httpservertest.Server
	}{{"order service", withService}, {"not configured", bare}} {
		for _, c := range []struct {
			name, body string
			status     int
			code       orchestration.Code
			want       string
		}{
			{"EVM zero address", `{"caller":"0x0000000000000000000000000000000000000000"}`, 400, orchestration.BadOrderRequest,
				"caller must not be the zero address 0x0000000000000000000000000000000000000000"},
			{"Solana all-zero key", `{"caller":"11111111111111111111111111111111"}`, 400, orchestration.BadOrderRequest,
				"caller must not be the all-zero key 11111111111111111111111111111111"},
			// A caller that is an account passes this check; neither
			// server can read the chain, so both answer 501.
			{"an account", `{"caller":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}`, 501, orchestration.NotImplemented, "not configured"},
			{"no caller", ``, 501, orchestration.NotImplemented, "not configured"},
		} {
			t.Run(srv.name+"/"+c.name, func(t *testing.T) {
				body := wantError(t, send(t, srv.srv, cancel, &c.body, "x-api-key", goodKey), c.status, c.code)
				if !strings.Contains(body.Message, c.want) {
					t.Errorf("message %q does not say %q", body.Message, c.want)
				}
			})
		}
	}
}
