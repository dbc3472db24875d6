package service_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/service"
	"github.com/prometheus/client_golang/prometheus"
)

const (
	wM     = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	mToken = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	sender = "0x1111111111111111111111111111111111111111"
	secret = "service-test-key-000001"
	acme   = orchestration.ProviderID("acme-otc")
)

// acmeOTC is an operator's own provider: wM to M on Ethereum at 0.998.
func acmeOTC(t *testing.T) quote.Factory {
	t.Helper()
	cat := asset.Default()
	from, err1 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wM})
	to, err2 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mToken})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	p := memprovider.New(acme).Edge(quote.Edge{From: from, To: to},
		memprovider.Rate(memprovider.Pricing{Num: 998, Den: 1000, EstTime: 5 * time.Second, ChainID: 1}))
	return func(quote.Deps) (quote.Provider, error) { return p, nil }
}

// The handler mounted under a prefix of the caller's mux serves the API,
// health and metrics there, with the program's own provider quoting.
func TestHandlerUnderPrefix(t *testing.T) {
	svc, err := service.New(t.Context(), service.Config{
		Providers: []quote.Factory{acmeOTC(t)},
		Bundled:   service.BundledConfig{Disable: service.BundledProviders},
		Keys:      service.KeysConfig{Ensure: []apikey.NewKey{{Name: "backend", Secret: secret}}},
		Logger:    slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "the program's own page") })
	mux.Handle("/payments/", http.StripPrefix("/payments", svc.Handler()))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	c, err := client.New(srv.URL+"/payments/v1/orchestration", client.Config{APIKey: secret})
	if err != nil {
		t.Fatal(err)
	}
	assets, err := c.SupportedAssets(t.Context())
	if err != nil || len(assets) != len(svc.Catalog().Assets()) {
		t.Fatalf("supported assets under the prefix: %d, %v", len(assets), err)
	}
	quotes, err := c.Quote(t.Context(), orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wM}, Destination: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mToken}},
		AmountIn: "1000000", Sender: sender,
	})
	if err != nil || len(quotes) != 1 || quotes[0].AmountOut != "998000" || quotes[0].Payloads[0].Provider != acme {
		t.Fatalf("quote under the prefix: %+v, %v", quotes, err)
	}
	for path, want := range map[string]int{
		"/payments/healthz":                  200,
		"/payments/readyz":                   200,
		"/payments/metrics":                  200,
		"/payments/v1/orchestration/nope":    404,
		"/v1/orchestration/supported-assets": 200, // the program's own "/", not the API
	} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s = %d, want %d", path, resp.StatusCode, want)
		}
		if path == "/v1/orchestration/supported-assets" && string(body) != "the program's own page" {
			t.Errorf("GET %s outside the prefix reached the service: %s", path, body)
		}
	}
}

// A ready chain client is used as given: the reader reads the chain
// through it, and a chain with both a client and an endpoint is refused.
func TestBackends(t *testing.T) {
	b := &countingBackend{}
	svc, err := service.New(t.Context(), service.Config{
		Backends: map[orchestration.Chain]evm.Backend{orchestration.Ethereum: b},
		Logger:   slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	if r := svc.Reader(); r == nil || !r.Has(orchestration.Ethereum) || r.Has(orchestration.Base) {
		t.Fatalf("chain reader %v: want Ethereum only", r)
	}
	// The bundled providers list their edges at start-up through it.
	deadline := time.Now().Add(10 * time.Second)
	for b.calls.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if b.calls.Load() == 0 {
		t.Fatal("the backend given was never called")
	}
}

// The service follows each chain's head from New to Close, and says so in
// its metrics.
func TestHeadFollowersStopWithTheService(t *testing.T) {
	b := &headBackend{}
	reg := prometheus.NewRegistry()
	svc, err := service.New(t.Context(), service.Config{
		Backends: map[orchestration.Chain]evm.Backend{orchestration.Ethereum: b},
		Heads:    service.HeadsConfig{PollInterval: time.Millisecond},
		Registry: reg,
		Logger:   slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	for head(t, reg) != 42 { // the follower polls in the background
		time.Sleep(time.Millisecond)
	}
	if err := svc.Close(); err != nil {
		t.Fatal(err)
	}
	b.closed.Store(true)
	time.Sleep(20 * time.Millisecond) // many polling intervals
	if n := b.afterClose.Load(); n != 0 {
		t.Errorf("eth_blockNumber polled %d times after Close", n)
	}
}

// headBackend is a chain at block 42 whose reads fail; it counts the
// eth_blockNumber calls made once closed is set.
type headBackend struct {
	countingBackend
	closed     atomic.Bool
	afterClose atomic.Int64
}

func (b *headBackend) BlockNumber(context.Context) (uint64, error) {
	if b.closed.Load() {
		b.afterClose.Add(1)
	}
	return 42, nil
}

// countingBackend is a chain that fails every read, counting them.
type countingBackend struct{ calls atomic.Int64 }

var errDown = errors.New("chain down")

func (b *countingBackend) BlockNumber(context.Context) (uint64, error) {
	b.calls.Add(1)
	return 0, errDown
}

func (b *countingBackend) CallContract(context.Context, ethereum.CallMsg, *big.Int) ([]byte, error) {
	b.calls.Add(1)
	return nil, errDown
}

func (b *countingBackend) CodeAt(context.Context, common.Address, *big.Int) ([]byte, error) {
	b.calls.Add(1)
	return nil, errDown
}

func TestConfigErrors(t *testing.T) {
	cat := asset.Default()
	for _, tt := range []struct {
		name, field string
		cfg         service.Config
	}{
		{"network and catalog", "Catalog", service.Config{Network: unstartedNetwork{t}, Catalog: cat}},
		{"rpc on a chain not enabled", "RPC", service.Config{RPC: map[orchestration.Chain]string{"Fluent": "https://x.example"}}},
		{"contracts on a chain not enabled", "Contracts", service.Config{Contracts: map[orchestration.Chain]map[string]string{"Fluent": {"acme desk": acmeDesk}}}},
		{"contract not an address", "Contracts", service.Config{Contracts: map[orchestration.Chain]map[string]string{orchestration.Ethereum: {"acme desk": "0x12"}}}},
		{"rpc not a URL", "RPC", service.Config{RPC: map[orchestration.Chain]string{orchestration.Ethereum: "localhost"}}},
		{"bad redis URL", "RedisURL", service.Config{RedisURL: "http://127.0.0.1:6379"}},
		{"unknown bundled provider", "Bundled.Disable", service.Config{Bundled: service.BundledConfig{Disable: []orchestration.ProviderID{"acme-otc"}}}},
		{"backend and rpc", "Backends", service.Config{
			RPC:      map[orchestration.Chain]string{orchestration.Ethereum: "https://x.example"},
			Backends: map[orchestration.Chain]evm.Backend{orchestration.Ethereum: &countingBackend{}},
		}},
		{"key without a name", "Keys.Ensure[0]", service.Config{Keys: service.KeysConfig{Ensure: []apikey.NewKey{{Secret: secret}}}}},
		{"negative permit horizon, found before the network starts", "Permit.Horizon", service.Config{
			Network: unstartedNetwork{t}, Permit: service.PermitConfig{Horizon: -time.Minute}}},
		{"unknown access log format", "AccessLogFormat", service.Config{Network: unstartedNetwork{t}, AccessLogFormat: "xml"}},
		{"negative poll interval", "Heads.PollInterval", service.Config{Heads: service.HeadsConfig{PollInterval: -time.Second}}},
		{"negative head age", "Heads.MaxAge", service.Config{Heads: service.HeadsConfig{MaxAge: -time.Second}}},
		{"negative hot horizon", "Heads.HotHorizon", service.Config{Heads: service.HeadsConfig{HotHorizon: -time.Second}}},
		{"negative state cache", "StateCacheSize", service.Config{StateCacheSize: -1}},
		{"negative streams per replica", "Orders.StreamsPerReplica", service.Config{
			Network: unstartedNetwork{t}, Orders: service.OrdersConfig{StreamsPerReplica: -1}}},
		{"negative stream lifetime", "Orders.StreamLifetime", service.Config{
			Network: unstartedNetwork{t}, Orders: service.OrdersConfig{StreamLifetime: -time.Minute}}},
		{"negative stream key recheck", "Orders.StreamKeyRecheck", service.Config{
			Network: unstartedNetwork{t}, Orders: service.OrdersConfig{StreamKeyRecheck: -time.Second}}},
		{"negative webhook attempts", "Orders.Webhooks.MaxAttempts", service.Config{
			Network: unstartedNetwork{t}, Orders: service.OrdersConfig{Webhooks: service.WebhooksConfig{MaxAttempts: -1}}}},
		{"negative webhook retry", "Orders.Webhooks.FirstRetry", service.Config{
			Network: unstartedNetwork{t}, Orders: service.OrdersConfig{Webhooks: service.WebhooksConfig{FirstRetry: -time.Second}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Logger = slog.New(slog.DiscardHandler)
			svc, err := service.New(t.Context(), tt.cfg)
			if err == nil {
				svc.Close()
				t.Fatal("accepted")
			}
			var ce *service.ConfigError
			if !errors.As(err, &ce) || ce.Field != tt.field {
				t.Fatalf("error %v; want a ConfigError on %s", err, tt.field)
			}
		})
	}
}

// acmeDesk is an embedder's own contract (Config.Contracts).
const acmeDesk = "0x00000000000000000000000000000000000Ac3E0"

// unstartedNetwork is a Network that fails the test if started: the
// configuration errors are found before.
type unstartedNetwork struct{ t *testing.T }

func (n unstartedNetwork) Start(context.Context, *slog.Logger) (service.NetworkChains, error) {
	n.t.Error("network started despite a configuration error")
	return service.NetworkChains{}, errors.New("not started")
}

// fakeNetwork serves the built-in catalog with one client per chain given.
type fakeNetwork struct {
	clients map[orchestration.Chain]evm.Backend
	started atomic.Int64
	closed  atomic.Int64
}

func (n *fakeNetwork) Start(context.Context, *slog.Logger) (service.NetworkChains, error) {
	n.started.Add(1)
	return service.NetworkChains{Catalog: asset.Default(), Clients: n.clients,
		Close: func() error { n.closed.Add(1); return nil }}, nil
}

// A Network is started by New, read through its clients unless RPC names
// the chain, and stopped by Close.
func TestNetwork(t *testing.T) {
	eth, base := &countingBackend{}, &countingBackend{}
	n := &fakeNetwork{clients: map[orchestration.Chain]evm.Backend{orchestration.Ethereum: eth, orchestration.Base: base}}
	svc, err := service.New(t.Context(), service.Config{
		Network:   n,
		RPC:       map[orchestration.Chain]string{orchestration.Base: "http://127.0.0.1:1"},
		Contracts: map[orchestration.Chain]map[string]string{orchestration.Ethereum: {"acme desk": acmeDesk}},
		Logger:    slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	if eth, _ := svc.Catalog().Chain(orchestration.Ethereum); eth.Contracts.Name(acmeDesk) != "acme desk" {
		t.Errorf("the network's catalog lacks the embedder's contract: %+v", eth.Contracts)
	}
	if r := svc.Reader(); r == nil || !r.Has(orchestration.Ethereum) || !r.Has(orchestration.Base) {
		t.Fatalf("chain reader %v: want Ethereum and Base", r)
	}
	deadline := time.Now().Add(10 * time.Second)
	for eth.calls.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if eth.calls.Load() == 0 {
		t.Error("the network's client was never called")
	}
	if err := svc.Close(); err != nil {
		t.Fatal(err)
	}
	if base.calls.Load() != 0 {
		t.Errorf("the network's client of Base was called %d times; its RPC entry takes precedence", base.calls.Load())
	}
	if n.started.Load() != 1 || n.closed.Load() != 1 {
		t.Errorf("network started %d times, closed %d times; want once each", n.started.Load(), n.closed.Load())
	}

	// A Network that starts without a catalog is a configuration error.
	_, err = service.New(t.Context(), service.Config{Network: nilCatalog{}, Logger: slog.New(slog.DiscardHandler)})
	if ce, ok := errors.AsType[*service.ConfigError](err); !ok || ce.Field != "Network" {
		t.Fatalf("network without a catalog: %v; want a ConfigError on Network", err)
	}
}

type nilCatalog struct{}

func (nilCatalog) Start(context.Context, *slog.Logger) (service.NetworkChains, error) {
	return service.NetworkChains{}, nil
}

// head is orchestration_evm_head{chain="Ethereum"}, 0 until set.
func head(t *testing.T, reg *prometheus.Registry) float64 {
	t.Helper()
	v, _, err := promtest.Sum(reg, "orchestration_evm_head", "chain", string(orchestration.Ethereum))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
