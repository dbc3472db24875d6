package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/internal/testing/testredis"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// devnetCmd is `orchestrationd devnet` running in this process.
type devnetCmd struct {
	config         string // the serve configuration it wrote
	stdout, stderr *testio.Buffer
	stop           func() int // SIGINT: returns the exit code
}

func startDevnetCmd(t *testing.T) *devnetCmd {
	t.Helper()
	d := &devnetCmd{config: filepath.Join(t.TempDir(), "devnet.yaml"), stdout: &testio.Buffer{}, stderr: &testio.Buffer{}}
	ctx, cancel := context.WithCancel(context.Background())
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, []string{"devnet", "-config-out", d.config, "-relay-delay", "100ms"}, d.stdout, d.stderr, func(string) string { return "" })
	}()
	code := -1
	d.stop = func() int {
		if code < 0 {
			cancel()
			code = <-exit
		}
		return code
	}
	t.Cleanup(func() { d.stop() })
	// The banner's last line: everything before it is printed by then.
	for !strings.Contains(d.stdout.String(), "stop with Ctrl-C") {
		select {
		case code := <-exit:
			t.Fatalf("devnet exited %d before announcing:\n%s\n%s", code, d.stdout.String(), d.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	return d
}

// devnetReplica is one serve replica built from cfg as the binary builds it,
// with the test's adjustments to its service.Config.
type devnetReplica struct {
	svc *service.Service
	url string
}

func startReplicaOf(t *testing.T, cfg app.Config, adjust func(*service.Config)) *devnetReplica {
	t.Helper()
	sc, err := app.ServiceConfig(cfg, app.Options{FromFile: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if adjust != nil {
		adjust(&sc)
	}
	if sc.Network != nil {
		t.Fatal("the replica would start a devnet of its own")
	}
	svc, err := service.New(t.Context(), sc)
	if err != nil {
		t.Fatal(app.FileError(err))
	}
	t.Cleanup(func() { svc.Close() })
	srv := httptest.NewServer(svc.Handler())
	t.Cleanup(srv.Close)
	return &devnetReplica{svc: svc, url: srv.URL + "/v1/orchestration"}
}

// sameChainQuote is wM to mUSD on Sepolia from alice: one SwapFacility leg,
// priced by reading the chain.
func sameChainQuote(t *testing.T, cfg app.Config) orchestration.QuoteRequest {
	t.Helper()
	var wm, musd string
	for _, a := range cfg.Catalog.Assets {
		if a.Chain == orchestration.Sepolia && a.Symbol == "wM" {
			wm = a.Address
		}
		if a.Chain == orchestration.Sepolia && a.Symbol == "mUSD" {
			musd = a.Address
		}
	}
	if wm == "" || musd == "" {
		t.Fatalf("the written catalog lacks wM or mUSD on Sepolia: %+v", cfg.Catalog.Assets)
	}
	alice, _ := devnet.AccountByName("alice")
	return orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: wm},
			Destination: orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: musd},
		},
		AmountIn: "1000000", Sender: alice.Address.Hex(),
	}
}

// `orchestrationd devnet` runs the chains alone and writes a configuration
// from which serve replicas reach them over JSON-RPC and quote; SIGINT stops
// it cleanly.
func TestDevnetCommandServesReplicas(t *testing.T) {
	d := startDevnetCmd(t)
	out := d.stdout.String()
	for _, want := range []string{"Sepolia", "RPC http://127.0.0.1:", "alice", "DEVNET ONLY", d.config} {
		if !strings.Contains(out, want) {
			t.Errorf("the devnet's banner lacks %q:\n%s", want, out)
		}
	}
	cfg, err := app.LoadConfig(d.config)
	if err != nil {
		t.Fatalf("the written configuration does not load: %v", err)
	}
	if cfg.Devnet == nil || cfg.Devnet.Enabled || len(cfg.RPC) != 3 || cfg.Catalog == nil || len(cfg.Catalog.Assets) != 18 {
		t.Fatalf("written configuration: devnet %+v, %d rpc endpoints, catalog %v", cfg.Devnet, len(cfg.RPC), cfg.Catalog != nil)
	}
	for _, c := range cfg.Catalog.Chains {
		if c.Contracts.Multicall3 == "" || c.Contracts.SwapFacility == "" || !strings.HasPrefix(cfg.RPC[c.Name], "http://127.0.0.1:") {
			t.Errorf("chain %s written as %+v, rpc %q", c.Name, c.Contracts, cfg.RPC[c.Name])
		}
	}

	cfg.Database.DSN = "sqlite::memory:"
	const key = "devnet-command-test-key-01"
	req := sameChainQuote(t, cfg)
	for i := range 2 {
		r := startReplicaOf(t, cfg, func(sc *service.Config) {
			sc.Keys.Ensure = []apikey.NewKey{{Name: "test", Secret: key}}
		})
		c, err := client.New(r.url, client.Config{APIKey: key})
		if err != nil {
			t.Fatal(err)
		}
		qs, err := c.Quote(t.Context(), req)
		if err != nil || len(qs) == 0 || qs[0].Payloads[len(qs[0].Payloads)-1].Provider != orchestration.ProviderMSwapFacility {
			t.Fatalf("replica %d: quote over JSON-RPC: %+v, %v", i, qs, err)
		}
	}

	if code := d.stop(); code != 0 {
		t.Fatalf("devnet exit %d after SIGINT:\n%s", code, d.stderr.String())
	}
	if logs := d.stderr.String(); !strings.Contains(logs, "devnet stopped") {
		t.Errorf("shutdown not logged:\n%s", logs)
	}
}

// The must-show: two serve replicas on one `orchestrationd devnet`,
// one PostgreSQL and one Redis. A rate-limited key spends ONE budget across
// both; quotes answered by either replica are counted in the topology read
// from either, once flushed.
func TestReplicasShareDevnetDatabaseAndRedis(t *testing.T) {
	dsn := storagetest.Postgres(t).DSN // a fresh schema, dropped at the end
	redisURL := testredis.URL(t)
	d := startDevnetCmd(t)
	cfg, err := app.LoadConfig(d.config)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Database.DSN = dsn
	cfg.Redis.URL = redisURL
	cfg.KeyCacheTTL = app.Duration(-1)
	prefix := "m0test:" + strings.ToLower(rand.Text()[:12]) + ":"
	adjust := func(sc *service.Config) {
		sc.RedisPrefix = prefix
		sc.Topology.FlushInterval = time.Hour // only the test's Flush writes
	}
	a, b := startReplicaOf(t, cfg, adjust), startReplicaOf(t, cfg, adjust)
	replicas := []*devnetReplica{a, b}

	// One budget: 4 a minute, spent by requests alternating between the
	// replicas.
	limited, _, err := a.svc.Keys().Create(t.Context(), apikey.NewKey{Name: "partner", RateLimit: ratelimit.PerMinute(4)})
	if err != nil {
		t.Fatal(err)
	}
	var statuses []int
	var retryAfter string
	for i := range 8 {
		status, h := get(t, replicas[i%2].url+"/supported-assets", limited)
		statuses = append(statuses, status)
		if status == 429 {
			retryAfter = h.Get("Retry-After")
		}
	}
	if want := []int{200, 200, 200, 200, 429, 429, 429, 429}; !slices.Equal(statuses, want) {
		t.Errorf("statuses alternating across replicas under 4/m = %v, want %v", statuses, want)
	}
	if s, err := strconv.Atoi(retryAfter); err != nil || s < 1 || s > 15 {
		t.Errorf("Retry-After = %q, want 1 to 15 seconds (4/m is one request per 15s)", retryAfter)
	}

	// Quotes through both replicas over JSON-RPC, counted once flushed.
	open, _, err := b.svc.Keys().Create(t.Context(), apikey.NewKey{Name: "backend"})
	if err != nil {
		t.Fatal(err)
	}
	req := sameChainQuote(t, cfg)
	for i, r := range []*devnetReplica{a, b, b} {
		c, _ := client.New(r.url, client.Config{APIKey: open})
		if _, err := c.Quote(t.Context(), req); err != nil {
			t.Fatalf("quote %d: %v", i, err)
		}
	}
	for _, r := range replicas {
		if err := r.svc.Topology().Flush(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range replicas {
		c, _ := client.New(r.url, client.Config{APIKey: open})
		routes, err := c.Routes(t.Context(), orchestration.TopologyQuery{SourceChain: req.Route.Source.Chain, SourceAddress: req.Route.Source.Address})
		if err != nil {
			t.Fatal(err)
		}
		var count int64 = -1
		for _, rt := range routes {
			if rt.Destination == req.Route.Destination {
				count = rt.TotalQuoteCount
			}
		}
		if count != 3 {
			t.Errorf("replica %d counts %d quotes wM -> mUSD, want 3 (1 answered by a, 2 by b): %+v", i, count, routes)
		}
	}
}

func get(t *testing.T, url, key string) (int, http.Header) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), "GET", url, nil)
	req.Header.Set("x-api-key", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == 429 {
		var eb orchestration.ErrorBody
		if err := json.Unmarshal(body, &eb); err != nil || eb.Code != orchestration.RateLimited {
			t.Errorf("429 body %s, want code RateLimited", body)
		}
	}
	return resp.StatusCode, resp.Header
}
