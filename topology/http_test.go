package topology_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/topology"
)

// TestHTTP serves the service through httpserver and checks the status
// codes and JSON shapes a client sees.
func TestHTTP(t *testing.T) {
	f := newFixture(t, topology.Config{})
	keys := httpservertest.NewKeys()
	keys.Add("sk-test-0123456789abcdef", apikey.Key{ID: "k1", Name: "test"})
	srv := httpservertest.Start(t, httpserver.Services{Topology: f.svc}, httpserver.Config{Keys: keys})
	get := func(path string, q url.Values) *httpservertest.Response {
		if len(q) > 0 {
			path += "?" + q.Encode()
		}
		return srv.Do(t, http.MethodGet, httpserver.BasePath+path, nil, http.Header{httpserver.HeaderAPIKey: {"sk-test-0123456789abcdef"}})
	}

	// Before any traffic: every list is [], never null.
	r := get("/topology/stats", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET /topology/stats: HTTP %d %s", r.Status, r.Body)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(r.Body, &raw); err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{"hottestPaths", "topSenders", "topRecipients"} {
		if string(raw[field]) != "[]" {
			t.Errorf("stats %s = %s, want []", field, raw[field])
		}
	}
	if !strings.HasPrefix(string(raw["providers"]), "[{") || string(raw["totalRoutes"]) != "3" || string(raw["activeRoutes"]) != "0" {
		t.Errorf("stats = %s, want 3 seeded routes, none active, and the seeded providers", r.Body)
	}
	if string(raw["collectingSince"]) != `"2026-03-01T12:00:00Z"` || string(raw["lastUpdated"]) != `"2026-03-01T12:00:00Z"` {
		t.Errorf("stats = %s, want collectingSince and lastUpdated (the seed) at the clock's time", r.Body)
	}

	f.quote(t, ethM, ethWM, alice, 2)
	f.flush(t)

	r = get("/topology/routes", url.Values{"sourceChain": {"Ethereum"}, "sourceAddress": {mAddr}})
	if r.Status != http.StatusOK {
		t.Fatalf("GET /topology/routes: HTTP %d %s", r.Status, r.Body)
	}
	var routes []map[string]any
	if err := json.Unmarshal(r.Body, &routes); err != nil {
		t.Fatal(err)
	}
	if len(routes) != 2 {
		t.Fatalf("routes from Ethereum M = %s, want 2", r.Body)
	}
	// An unquoted route: providers with quoteCount 0 and no lastUsed.
	portalRoute, quoted := routes[0], routes[1]
	if _, ok := portalRoute["lastUsed"]; ok || portalRoute["totalQuoteCount"] != 0.0 {
		t.Errorf("unquoted route = %v, want totalQuoteCount 0 and no lastUsed", portalRoute)
	}
	if quoted["totalQuoteCount"] != 1.0 || quoted["lastUsed"] != "2026-03-01T12:00:00Z" {
		t.Errorf("quoted route = %v, want totalQuoteCount 1, lastUsed 2026-03-01T12:00:00Z", quoted)
	}
	ps, _ := quoted["providers"].([]any)
	if len(ps) != 2 || ps[0].(map[string]any)["quoteCount"] != 1.0 {
		t.Errorf("quoted route providers = %v, want two with quoteCount 1", quoted["providers"])
	}

	// An empty filter result is [], not null.
	r = get("/topology/routes", url.Values{"sourceChain": {"Base"}, "sourceAddress": {mAddr}})
	if r.Status != http.StatusOK || strings.TrimSpace(string(r.Body)) != "[]" {
		t.Errorf("routes from Base M: HTTP %d %s, want 200 []", r.Status, r.Body)
	}

	for _, q := range []url.Values{
		{"sourceChain": {"Ethereum"}},
		{"sourceAddress": {mAddr}},
		{"sourceChain": {"Ethereum"}, "sourceAddress": {"0x9999999999999999999999999999999999999999"}},
	} {
		r := get("/topology/routes", q)
		if r.Status != http.StatusBadRequest || r.ErrorBody(t).Code != orchestration.BadTopologyRequest {
			t.Errorf("routes?%s: HTTP %d %s, want 400 BadTopologyRequest", q.Encode(), r.Status, r.Body)
		}
	}
}
