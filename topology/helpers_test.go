package topology_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/topology"
)

const (
	mAddr    = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	wMAddr   = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	mUSDAddr = "0xacA92E438df0B2401fF60dA7E4337B687a2435DA"
	alice    = "0x1111111111111111111111111111111111111111"
	bob      = "0x2222222222222222222222222222222222222222"
)

var (
	ethM    = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mAddr}
	ethWM   = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wMAddr}
	ethMUSD = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mUSDAddr}
	baseM   = orchestration.AssetAddress{Chain: orchestration.Base, Address: mAddr}
)

const (
	facility = orchestration.ProviderMSwapFacility
	uniswap  = orchestration.ProviderUniswapV3
	portal   = orchestration.ProviderMPortal
)

// t0 is the fake clock's start.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func resolve(t testing.TB, a orchestration.AssetAddress) asset.AssetInfo {
	t.Helper()
	info, err := asset.Default().Resolve(a)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// providers returns three in-memory providers over the default catalog:
// the swap facility (Ethereum M -> wM -> mUSD, exact), Uniswap (M -> wM at
// 0.1% less) and the portal (Ethereum M -> Base M).
func providers(t testing.TB) []quote.Provider {
	m, wM, mUSD, bm := resolve(t, ethM), resolve(t, ethWM), resolve(t, ethMUSD), resolve(t, baseM)
	eth := memprovider.Pricing{ChainID: 1, EstTime: 12 * time.Second}
	return []quote.Provider{
		memprovider.New(facility).
			Edge(quote.Edge{From: m, To: wM}, memprovider.Rate(eth)).
			Edge(quote.Edge{From: wM, To: mUSD}, memprovider.Rate(eth)),
		memprovider.New(uniswap).
			Edge(quote.Edge{From: m, To: wM}, memprovider.Rate(memprovider.Pricing{Num: 999, Den: 1000, Slippage: true, ChainID: 1})),
		memprovider.New(portal).
			Edge(quote.Edge{From: m, To: bm}, memprovider.Rate(memprovider.Pricing{ChainID: 1, EstTime: time.Minute})),
	}
}

// fixture is a topology service observing an engine over providers.
type fixture struct {
	svc    *topology.Service
	engine *quote.Engine
	clock  *testclock.Clock
}

// newFixture builds the service with cfg (Catalog and Now filled in), the
// engine observed by it, and seeds the service from the engine.
func newFixture(t *testing.T, cfg topology.Config) *fixture {
	t.Helper()
	f := &fixture{clock: testclock.New(t0)}
	cfg.Catalog = asset.Default()
	if cfg.Now == nil {
		cfg.Now = f.clock.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	svc, err := topology.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	f.svc = svc
	f.engine, err = quote.New(quote.Config{
		Catalog: asset.Default(), Providers: providers(t), Observer: svc, Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Seed(t.Context(), f.engine); err != nil {
		t.Fatal(err)
	}
	return f
}

// quote asks the engine for up to n quotes from sender, optionally only
// from the given providers, and fails the test on an unexpected error.
func (f *fixture) quote(t *testing.T, from, to orchestration.AssetAddress, sender string, n int, include ...orchestration.ProviderID) []orchestration.Quote {
	t.Helper()
	qr := orchestration.QuoteRequest{Route: orchestration.Route{Source: from, Destination: to}, AmountIn: "1000000", Sender: sender, MaxNumQuotes: &n}
	if len(include) > 0 {
		qr.Providers = &orchestration.ProvidersParams{Include: include}
	}
	qs, err := f.engine.Quote(t.Context(), qr)
	if code, _ := orchestration.CodeOf(err); err != nil && code != orchestration.NoQuotesAvailable {
		t.Fatalf("Quote %v -> %v: %v", from, to, err)
	}
	return qs
}

func (f *fixture) flush(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := f.svc.Flush(ctx); err != nil {
		t.Fatalf("Flush: %v", err)
	}
}

func catalog() *asset.Catalog { return asset.Default() }
