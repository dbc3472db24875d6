package service_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/service"
	servicedevnet "github.com/m0-orchestration/m0/service/devnet"
	"github.com/m0-orchestration/m0/storage"
)

// The service's database stops answering (closed here, as a stopped
// PostgreSQL refuses) while it serves the devnet with an order index, and
// the key cache's entries have expired. Each route answers as decisions 99
// and 100 say: the routes that need no database serve a key verified
// before the outage; those that read the database name what did not
// answer (503, Retry-After) or, where the specification fixes the code,
// use the route's own; order detail, cancel and status streams read the
// chains; a key the replica never verified is 503 KeyStoreUnavailable, not
// 401 and not the route's internal code.
func TestEveryRouteThroughADatabaseOutage(t *testing.T) {
	const (
		verified = "service-outage-key-verified"
		later    = "service-outage-key-first-used-in-the-outage"
		ttl      = 100 * time.Millisecond
	)
	db, err := storage.Open(t.Context(), storage.Config{DSN: "sqlite:" + t.TempDir() + "/outage.db"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	n := servicedevnet.New(servicedevnet.Config{})
	svc, err := service.New(t.Context(), service.Config{
		Network: n,
		DB:      db,
		Orders:  service.OrdersConfig{Index: &service.IndexConfig{}},
		Keys: service.KeysConfig{CacheTTL: ttl, Ensure: []apikey.NewKey{
			{Name: "verified", Secret: verified}, {Name: "later", Secret: later}}},
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	srv := httptest.NewServer(svc.Handler())
	defer srv.Close()

	k := n.Devnet().Contracts(orchestration.Sepolia)
	alice, _ := devnet.AccountByName("alice")
	route := `{"route":{"source":{"chain":"Sepolia","address":"` + k.USDC.Hex() + `"},"destination":{"chain":"Sepolia","address":"` + k.USDT.Hex() + `"}},` +
		`"amountIn":"1000000","sender":"` + alice.Address.Hex() + `"`
	permitBuild, err := json.Marshal(httpservertest.SamplePermitBuildRequest())
	if err != nil {
		t.Fatal(err)
	}
	order := "/orders/Sepolia/0x" + strings.Repeat("ab", 32)
	do := func(method, path, body, key string) (int, string, http.Header) {
		t.Helper()
		req, err := http.NewRequestWithContext(t.Context(), method, srv.URL+"/v1/orchestration"+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if key != "" {
			req.Header.Set("x-api-key", key)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header
	}
	if status, body, _ := do("GET", "/supported-assets", "", verified); status != 200 {
		t.Fatalf("before the outage: %d %s", status, body)
	}

	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(ttl) // the key's entry has expired

	for _, tt := range []struct {
		name, method, path, body string
		status                   int
		code                     orchestration.Code // "" for a 200
	}{
		{"supported assets", "GET", "/supported-assets", "", 200, ""},
		{"quote", "POST", "/quote", route + "}", 200, ""},
		// The permit flow keeps its issued recipes in the database, and the
		// specification fixes its internal codes.
		{"permit quote", "POST", "/permit/quote", route + `,"funder":"` + alice.Address.Hex() + `","recipient":"` + alice.Address.Hex() + `"}`, 500, orchestration.PermitQuoteError},
		{"permit build", "POST", "/permit/build", string(permitBuild), 500, orchestration.PermitBuildError},
		{"orders list", "GET", "/orders?limit=5", "", 503, orchestration.OrderIndexUnavailable},
		{"order detail (from the chain)", "GET", order, "", 404, orchestration.OrderNotFound},
		{"cancel (from the chains)", "POST", order + "/cancel", "", 404, orchestration.OrderNotFound},
		{"status stream (from the chain)", "GET", order + "/events", "", 404, orchestration.OrderNotFound},
		{"topology routes", "GET", "/topology/routes", "", 503, orchestration.TopologyUnavailable},
		{"topology stats", "GET", "/topology/stats", "", 503, orchestration.TopologyUnavailable},
		{"solvers' records", "GET", "/solvers/stats", "", 503, orchestration.OrderIndexUnavailable},
		{"transfer status (from the chain)", "GET", "/transfers/Sepolia/0x" + strings.Repeat("5a", 32), "", 404, orchestration.TransferNotFound},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, body, header := do(tt.method, tt.path, tt.body, verified)
			if status != tt.status || (tt.code != "" && !strings.Contains(body, `"code":"`+string(tt.code)+`"`)) {
				t.Errorf("verified key: %d %s; want %d %s", status, body, tt.status, tt.code)
			}
			if tt.status == 503 && header.Get("Retry-After") != "5" {
				t.Errorf("Retry-After %q, want 5", header.Get("Retry-After"))
			}
			status, body, header = do(tt.method, tt.path, tt.body, later)
			if status != 503 || !strings.Contains(body, `"code":"KeyStoreUnavailable"`) || header.Get("Retry-After") != "5" {
				t.Errorf("a key first used during the outage: %d %s (Retry-After %q); want 503 KeyStoreUnavailable, 5",
					status, body, header.Get("Retry-After"))
			}
			if status, body, _ = do(tt.method, tt.path, tt.body, ""); status != 401 {
				t.Errorf("no key: %d %s, want 401", status, body)
			}
		})
	}
	resp, err := http.Get(srv.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 503 {
		t.Errorf("/readyz during the outage: %d, want 503", resp.StatusCode)
	}
}
