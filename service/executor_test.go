package service_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/wormhole/executor"
	"github.com/prometheus/client_golang/prometheus"
)

// fakeExecutor speaks the Executor's quote API (POST /v0/quote): a signed
// quote valid for ten minutes for the chains asked, or the status set.
type fakeExecutor struct {
	requests atomic.Int64
	status   atomic.Int64 // 0: answer 200
	// block, when set, holds every request until it is closed or the
	// request ends; blocked counts the requests held by their
	// destination chain.
	block   atomic.Pointer[chan struct{}]
	blocked [64]atomic.Int64
	auth    atomic.Value // the last request's Authorization and query
}

func (f *fakeExecutor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.requests.Add(1)
	f.auth.Store(r.Header.Get("Authorization") + " " + r.URL.RawQuery)
	if r.Method != http.MethodPost || r.URL.Path != "/v0/quote" {
		http.Error(w, `{"message":"not found"}`, http.StatusNotFound)
		return
	}
	var req struct{ SrcChain, DstChain uint16 }
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.DstChain >= 64 {
		http.Error(w, `{"message":"bad request"}`, http.StatusBadRequest)
		return
	}
	if block := f.block.Load(); block != nil {
		f.blocked[req.DstChain].Add(1)
		select {
		case <-*block:
		case <-r.Context().Done():
			return
		}
	}
	if s := f.status.Load(); s != 0 {
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(int(s))
		io.WriteString(w, `{"message":"down for maintenance"}`)
		return
	}
	q := make([]byte, executor.SignedQuoteLen)
	copy(q, executor.QuotePrefix)
	binary.BigEndian.PutUint16(q[56:], req.SrcChain)
	binary.BigEndian.PutUint16(q[58:], req.DstChain)
	binary.BigEndian.PutUint64(q[60:], uint64(time.Now().Add(10*time.Minute).Unix()))
	fmt.Fprintf(w, `{"signedQuote":"0x%s","estimatedCost":"12345"}`, hex.EncodeToString(q))
}

// relayRequest is a quote of a relay from Ethereum (Wormhole chain 2) to
// Arbitrum (23).
var relayRequest = executor.Request{SrcChain: 2, DstChain: 23, Relay: executor.RelayInstructions{GasLimit: big.NewInt(300_000)}}

// catalogOf is the built-in catalog's chains that keep says to keep, with
// their assets; noPortals leaves their portals out.
func catalogOf(t *testing.T, keep func(asset.ChainConfig) bool, noPortals bool) *asset.Catalog {
	t.Helper()
	cfg := asset.DefaultConfig()
	var chains []asset.ChainConfig
	kept := map[orchestration.Chain]bool{}
	for _, c := range cfg.Chains {
		if keep(c) {
			if noPortals {
				c.Contracts.Portal = ""
			}
			chains, kept[c.Name] = append(chains, c), true
		}
	}
	var assets []asset.AssetConfig
	for _, a := range cfg.Assets {
		if kept[a.Chain] {
			assets = append(assets, a)
		}
	}
	cfg.Chains, cfg.Assets = chains, assets
	cat, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// The service asks a network's Executor only when it has portals on that
// network and m-portal runs or the order routes are served (a cancel's
// report may go through the Wormhole adapter), and not at all when told
// not to.
func TestExecutorsByNetwork(t *testing.T) {
	testnets := func(c asset.ChainConfig) bool { return c.Testnet }
	mainnets := func(c asset.ChainConfig) bool { return !c.Testnet }
	for _, tt := range []struct {
		name                  string
		cfg                   service.Config
		wantMainnet, wantTest bool
	}{
		{"built-in catalog: both networks", service.Config{}, true, true},
		{"testnets only", service.Config{Catalog: catalogOf(t, testnets, false)}, false, true},
		{"mainnets only", service.Config{Catalog: catalogOf(t, mainnets, false)}, true, false},
		{"no portal on the chains", service.Config{Catalog: catalogOf(t, testnets, true)}, false, false},
		{"disabled", service.Config{Executor: service.ExecutorConfig{Disable: true}}, false, false},
		// Cross-chain cancels may send their report through the Wormhole
		// adapter (decision 94): the OrderBooks ask the Executor too.
		{"m-portal disabled, orders served", service.Config{Bundled: service.BundledConfig{Disable: []orchestration.ProviderID{orchestration.ProviderMPortal}}}, true, true},
		{"m-portal and orders disabled", service.Config{Bundled: service.BundledConfig{Disable: []orchestration.ProviderID{orchestration.ProviderMPortal}},
			Orders: service.OrdersConfig{Disabled: true}}, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Logger = slog.New(slog.DiscardHandler)
			svc, err := service.New(t.Context(), tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer svc.Close()
			ex := svc.Executors()
			if (ex.Mainnet != nil) != tt.wantMainnet || (ex.Testnet != nil) != tt.wantTest {
				t.Errorf("executors: mainnet %v, testnet %v; want %v, %v", ex.Mainnet != nil, ex.Testnet != nil, tt.wantMainnet, tt.wantTest)
			}
		})
	}
}

// A network's Executor is the configured URL, credentials included in the
// requests but never in the log; a route asked for is refreshed in the
// background until Close, after which the service makes no request and
// leaves no goroutine of the caches; a request in flight at Close ends.
func TestExecutorLifecycle(t *testing.T) {
	fake := &fakeExecutor{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	base := strings.Replace(srv.URL, "http://", "http://operator:hunter2@", 1) + "/?apiKey=hunter2"
	var logs testio.Buffer
	reg := prometheus.NewRegistry()
	svc, err := service.New(t.Context(), service.Config{
		Catalog: catalogOf(t, func(c asset.ChainConfig) bool { return !c.Testnet }, false),
		Executor: service.ExecutorConfig{MainnetURL: base, Timeout: time.Minute,
			// Every pass refreshes a quote valid ten minutes.
			Cache: executor.CacheConfig{RefreshInterval: 5 * time.Millisecond, RefreshAhead: time.Hour}},
		Registry: reg,
		Logger:   slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	cache := svc.Executors().Mainnet
	q, err := cache.Get(t.Context(), relayRequest)
	if err != nil || q.EstimatedCost.Int64() != 12345 || q.Signed.DstChain != 23 {
		t.Fatalf("Get: %+v, %v", q, err)
	}
	if got := fake.auth.Load().(string); got != "Basic b3BlcmF0b3I6aHVudGVyMg== apiKey=hunter2" {
		t.Errorf("the Executor saw %q; want the URL's credentials", got)
	}
	for deadline := time.Now().Add(10 * time.Second); fake.requests.Load() < 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests: the hot route is not refreshed in the background", fake.requests.Load())
		}
	}
	// The fake counts a request when it arrives, the client when it has
	// read the answer: the metric may trail the fake's count briefly.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		ok, _, _ := promtest.Sum(reg, "orchestration_executor_requests_total", "result", "ok")
		if ok >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("orchestration_executor_requests_total{result=ok} = %v after 3 answered requests, want every request", ok)
		}
	}

	// A request in flight when the service closes ends with it, not at
	// its one-minute timeout.
	block := make(chan struct{})
	fake.block.Store(&block)
	defer close(block)
	got := make(chan error, 1)
	go func() {
		_, err := cache.Get(context.Background(), executor.Request{SrcChain: 2, DstChain: 30})
		got <- err
	}()
	for fake.blocked[30].Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	if err := svc.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-got:
		if err == nil {
			t.Error("a request cut short by Close returned a quote")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a request in flight outlived Close")
	}
	// A refresh sent just before Close may reach the fake after it: wait
	// for the count to settle (it never does while a refresh loop runs),
	// then expect no request over ten refresh intervals.
	n := fake.requests.Load()
	for deadline := time.Now().Add(2 * time.Second); ; {
		time.Sleep(20 * time.Millisecond)
		now := fake.requests.Load()
		if now == n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Executor requests still coming 2s after Close (%d more)", now-n)
		}
		n = now
	}
	time.Sleep(50 * time.Millisecond) // ten refresh intervals
	if after := fake.requests.Load(); after != n {
		t.Errorf("%d Executor requests after Close", after-n)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		if !strings.Contains(stacks, "wormhole/executor.") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("goroutines of the Executor caches outlive Close:\n%s", stacks)
		}
	}
	if !strings.Contains(logs.String(), "endpoint="+srv.URL+"/ from=config") || strings.Contains(logs.String(), "hunter2") {
		t.Errorf("log %s; want the endpoint without its credentials", logs.String())
	}
}

// relayProvider is a bridge whose legs from wM to M on Ethereum need a
// relay quote from the service's mainnet Executor.
type relayProvider struct {
	edge quote.Edge
	svc  atomic.Pointer[service.Service]
}

func (p *relayProvider) ID() orchestration.ProviderID { return "acme-relay" }
func (p *relayProvider) Edges(context.Context) ([]quote.Edge, error) {
	return []quote.Edge{p.edge}, nil
}
func (p *relayProvider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	if _, err := p.svc.Load().Executors().Mainnet.Get(ctx, relayRequest); err != nil {
		return quote.Leg{}, fmt.Errorf("relay quote: %w", err)
	}
	return memprovider.Rate(memprovider.Pricing{EstTime: time.Minute, ChainID: 1})(ctx, leg)
}

// An Executor that is down fails the routes needing it with a 500
// QuoteError naming it, with Retry-After (its own, or a second when it
// gave none); a request with another route gets that route's quote.
func TestExecutorDownOverHTTP(t *testing.T) {
	cat := asset.Default()
	from, err1 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wM})
	to, err2 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mToken})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	unavailable := &fakeExecutor{}
	unavailable.status.Store(http.StatusServiceUnavailable)
	down := httptest.NewServer(unavailable)
	defer down.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close() // nothing listens there now
	for _, tt := range []struct {
		name, url  string
		include    []orchestration.ProviderID
		wantStatus int
		wantRetry  string
		wantBody   string
	}{
		{"503 with Retry-After, only the relayed route", down.URL, []orchestration.ProviderID{"acme-relay"},
			500, "7", `"code":"QuoteError","message":"the Wormhole Executor did not answer; retry later"`},
		{"unreachable, only the relayed route", gone.URL, []orchestration.ProviderID{"acme-relay"},
			500, "1", `"code":"QuoteError","message":"the Wormhole Executor did not answer; retry later"`},
		{"503, another route", down.URL, []orchestration.ProviderID{"acme-relay", acme},
			200, "", `"amountOut":"998000"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			relay := &relayProvider{edge: quote.Edge{From: from, To: to}}
			svc, err := service.New(t.Context(), service.Config{
				Providers: []quote.Factory{acmeOTC(t), func(quote.Deps) (quote.Provider, error) { return relay, nil }},
				Executor:  service.ExecutorConfig{MainnetURL: tt.url},
				Keys:      service.KeysConfig{Ensure: []apikey.NewKey{{Name: "backend", Secret: secret}}},
				Logger:    slog.New(slog.DiscardHandler),
			})
			if err != nil {
				t.Fatal(err)
			}
			defer svc.Close()
			relay.svc.Store(svc)
			srv := httptest.NewServer(svc.Handler())
			defer srv.Close()

			body, _ := json.Marshal(map[string]any{
				"route":     map[string]any{"source": map[string]string{"chain": "Ethereum", "address": wM}, "destination": map[string]string{"chain": "Ethereum", "address": mToken}},
				"amountIn":  "1000000",
				"sender":    sender,
				"providers": map[string]any{"include": tt.include},
			})
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v1/orchestration/quote", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("x-api-key", secret)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantStatus || resp.Header.Get("Retry-After") != tt.wantRetry || !strings.Contains(string(got), tt.wantBody) {
				t.Errorf("%d, Retry-After %q: %s\nwant %d, Retry-After %q, a body with %s", resp.StatusCode, resp.Header.Get("Retry-After"), got,
					tt.wantStatus, tt.wantRetry, tt.wantBody)
			}
			if strings.Contains(string(got), "127.0.0.1") {
				t.Errorf("the answer names the Executor's endpoint: %s", got)
			}
		})
	}
}

// The Executor's settings are checked before anything starts, and the
// error never quotes the URL.
func TestExecutorConfigErrors(t *testing.T) {
	for _, tt := range []struct {
		name, field string
		ec          service.ExecutorConfig
	}{
		{"mainnet URL without a scheme", "Executor.MainnetURL", service.ExecutorConfig{MainnetURL: "executor.example/hunter2"}},
		{"testnet URL not http", "Executor.TestnetURL", service.ExecutorConfig{TestnetURL: "ftp://u:hunter2@executor.example"}},
		{"negative timeout", "Executor.Timeout", service.ExecutorConfig{Timeout: -time.Second}},
		{"negative refresh", "Executor.Cache.RefreshInterval", service.ExecutorConfig{Cache: executor.CacheConfig{RefreshInterval: -1}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := service.New(t.Context(), service.Config{Network: unstartedNetwork{t}, Executor: tt.ec, Logger: slog.New(slog.DiscardHandler)})
			ce, ok := errors.AsType[*service.ConfigError](err)
			if !ok || ce.Field != tt.field || strings.Contains(err.Error(), "hunter2") {
				t.Fatalf("error %v; want a ConfigError on %s without the URL", err, tt.field)
			}
		})
	}
}

// executorNetwork is a Network of the built-in catalog running an
// Executor stand-in at url.
type executorNetwork struct{ url string }

func (n executorNetwork) Start(context.Context, *slog.Logger) (service.NetworkChains, error) {
	return service.NetworkChains{Catalog: asset.Default(), ExecutorURL: n.url}, nil
}

// A Network's Executor stand-in prices its chains of both networks, unless
// Config.Executor names another URL for a network.
func TestNetworkExecutor(t *testing.T) {
	stand, configured := &fakeExecutor{}, &fakeExecutor{}
	standSrv, configuredSrv := httptest.NewServer(stand), httptest.NewServer(configured)
	defer standSrv.Close()
	defer configuredSrv.Close()
	for _, tt := range []struct {
		name                      string
		ec                        service.ExecutorConfig
		wantStand, wantConfigured int64 // requests of a mainnet then a testnet quote
	}{
		{"the Network's for both", service.ExecutorConfig{}, 2, 0},
		{"the config's testnet URL first", service.ExecutorConfig{TestnetURL: configuredSrv.URL}, 1, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stand.requests.Store(0)
			configured.requests.Store(0)
			svc, err := service.New(t.Context(), service.Config{Network: executorNetwork{standSrv.URL}, Executor: tt.ec, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				t.Fatal(err)
			}
			defer svc.Close()
			for _, c := range []*executor.Cache{svc.Executors().Mainnet, svc.Executors().Testnet} {
				if _, err := c.Get(t.Context(), relayRequest); err != nil {
					t.Fatal(err)
				}
			}
			if s, c := stand.requests.Load(), configured.requests.Load(); s != tt.wantStand || c != tt.wantConfigured {
				t.Errorf("requests: stand-in %d, configured %d; want %d, %d", s, c, tt.wantStand, tt.wantConfigured)
			}
		})
	}

	// A Network's URL that is not one is its mistake.
	_, err := service.New(t.Context(), service.Config{Network: executorNetwork{"executor.local"}, Logger: slog.New(slog.DiscardHandler)})
	if ce, ok := errors.AsType[*service.ConfigError](err); !ok || ce.Field != "Network" {
		t.Errorf("a Network's bad Executor URL: %v; want a ConfigError on Network", err)
	}
}
