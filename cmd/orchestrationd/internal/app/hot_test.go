package app_test

import (
	"context"
	"log/slog"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
	"github.com/prometheus/client_golang/prometheus"
)

// hotEngine is a quote engine with the three bundled on-chain providers over
// a Reader of d's in-process clients (which push new heads) configured by
// cfg, polling every blockTime when the chain is silent; the Reader closes
// with the test.
func hotEngine(t testing.TB, d *devnet.Devnet, cfg evm.Config, blockTime time.Duration) (*quote.Engine, *evm.Reader) {
	t.Helper()
	reader := hotReader(t, d, cfg, blockTime)
	logger := slog.New(slog.DiscardHandler)
	providers, err := quote.Build(quote.Deps{Catalog: d.Catalog(), Runtimes: devnetenv.Runtimes(d.Catalog(), reader), Logger: logger},
		swapfacility.Factory(swapfacility.Config{}), portal.Factory(portal.Config{}), uniswapv3.Factory(uniswapv3.Config{}))
	if err != nil {
		t.Fatal(err)
	}
	e, err := quote.New(quote.Config{Catalog: d.Catalog(), Runtimes: devnetenv.Runtimes(d.Catalog(), reader), Providers: providers, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	return e, reader
}

// hotReader is hotEngine's Reader.
func hotReader(t testing.TB, d *devnet.Devnet, cfg evm.Config, blockTime time.Duration) *evm.Reader {
	t.Helper()
	for _, c := range d.Chains() {
		cfg.Chains = append(cfg.Chains, evm.ChainConfig{Name: c.Name, ChainID: c.ChainID, Multicall3: d.Contracts(c.Name).Multicall3,
			Backend: c.Client(), BlockTime: blockTime})
	}
	cfg.Logger = slog.New(slog.DiscardHandler)
	reader, err := evm.NewReader(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reader.Close() })
	return reader
}

// quoteCounting quotes req with e and returns the best quote and the round
// trips it cost on the request path.
func quoteCounting(t testing.TB, e *quote.Engine, req orchestration.QuoteRequest) (orchestration.Quote, int) {
	t.Helper()
	ctx, trips := evm.WithTrips(context.Background())
	quotes, err := e.Quote(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return quotes[0], trips.Total()
}

// waitFor polls cond every millisecond until it holds.
func waitFor(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second) // a liveness bound, not a speed target
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 30s")
		}
		time.Sleep(time.Millisecond)
	}
}

// swapOnPool moves the devnet's USDC/wM pool on Sepolia: carol sells
// amount USDC for wM through the bundled router, and the block it was mined
// in is returned.
func swapOnPool(t testing.TB, d *devnet.Devnet, e *quote.Engine, amount string) uint64 {
	t.Helper()
	carol, _ := devnet.AccountByName("carol")
	usdc, wm := catalogRef(t, d, orchestration.Sepolia, "USDC"), catalogRef(t, d, orchestration.Sepolia, "wM")
	quotes, err := e.Quote(context.Background(), orchestration.QuoteRequest{Route: orchestration.Route{Source: usdc, Destination: wm},
		AmountIn: amount, Sender: carol.Address.Hex()})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := d.Chain(orchestration.Sepolia)
	exec := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: c.Client()}, Signer: evm.KeySigner(carol.Key)}
	receipts, err := exec.Execute(context.Background(), quotes[0].Payloads)
	if err != nil {
		t.Fatal(err)
	}
	return receipts[len(receipts)-1].BlockNumber.Uint64()
}

// TestHotQuoteFollowsTheNewBlock: a three-leg quote repeated after a swap
// moved its Uniswap pool costs no round trip once the follower refreshed the
// legs for the swap's block, and prices on the pool's new state, as a
// reader with nothing cached does.
func TestHotQuoteFollowsTheNewBlock(t *testing.T) {
	ctx := context.Background()
	d, err := devnet.Start(ctx, devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	e, reader := hotEngine(t, d, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour}, 100*time.Millisecond)
	alice, _ := devnet.AccountByName("alice")
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: catalogRef(t, d, orchestration.Sepolia, "USDC"),
		Destination: catalogRef(t, d, orchestration.BaseSepolia, "mUSD")}, AmountIn: "5000000", Sender: alice.Address.Hex()}
	waitFor(t, func() bool {
		_, _, ok1 := reader.Head(orchestration.Sepolia)
		_, _, ok2 := reader.Head(orchestration.BaseSepolia)
		return ok1 && ok2
	})
	before, _ := quoteCounting(t, e, req)
	if got := providersOf(before); got != "uniswap-v3,m-portal,m-swap-facility" {
		t.Fatalf("best route %s, not the three-leg route", got)
	}

	block := swapOnPool(t, d, e, "100000000000") // 100k USDC into the pool
	waitFor(t, func() bool { return reader.Refreshed(orchestration.Sepolia) >= block })
	asked := time.Now()
	after, trips := quoteCounting(t, e, req)
	if trips != 0 {
		t.Errorf("quote of refreshed legs: %d round trips, want 0", trips)
	}
	requireCosted(t, after) // its fees, gas and gas price too came from what was at hand
	// Its expiry too came from what was at hand (the block's timestamp
	// read with the legs, the providers' clocks): in the future, and no
	// later than the state horizon of the legs priced from state.
	if now := asked.Unix(); after.ExpiresAt <= now || after.ExpiresAt > now+int64(quote.DefaultStateHorizon/time.Second)+1 {
		t.Errorf("warm quote expiresAt %d, want within (%d, %d]", after.ExpiresAt, now, now+int64(quote.DefaultStateHorizon/time.Second)+1)
	}
	fresh, _ := hotEngine(t, d, evm.Config{}, 0)
	truth, _ := quoteCounting(t, fresh, req)
	if after.AmountOut != truth.AmountOut || after.AmountOut == before.AmountOut {
		t.Errorf("amountOut %s before the swap, %s after from the refreshed legs, %s read afresh; want the fresh figure, not the old one",
			before.AmountOut, after.AmountOut, truth.AmountOut)
	}
}

// TestStoppedFollowerStillPricesTheCurrentBlock: once the follower stops,
// the followed head ages past HeadMaxAge, quotes ask the node for the head
// (counted in orchestration_evm_head_fallbacks_total) and price on the
// block after a swap, never on the refreshed state of an older one.
func TestStoppedFollowerStillPricesTheCurrentBlock(t *testing.T) {
	ctx := context.Background()
	d, err := devnet.Start(ctx, devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	reg := prometheus.NewRegistry()
	const maxAge = 500 * time.Millisecond
	e, reader := hotEngine(t, d, evm.Config{FollowHeads: true, HeadMaxAge: maxAge, Registerer: reg}, 100*time.Millisecond)
	alice, _ := devnet.AccountByName("alice")
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: catalogRef(t, d, orchestration.Sepolia, "USDC"),
		Destination: catalogRef(t, d, orchestration.BaseSepolia, "mUSD")}, AmountIn: "5000000", Sender: alice.Address.Hex()}
	waitFor(t, func() bool { _, _, ok := reader.Head(orchestration.Sepolia); return ok })
	before, _ := quoteCounting(t, e, req)

	reader.Close() // the follower stops; reads go on
	_, seen, _ := reader.Head(orchestration.Sepolia)
	waitFor(t, func() bool { return time.Since(seen) > maxAge })
	block := swapOnPool(t, d, e, "100000000000")
	after, trips := quoteCounting(t, e, req)
	fresh, _ := hotEngine(t, d, evm.Config{}, 0)
	truth, _ := quoteCounting(t, fresh, req)
	if after.AmountOut != truth.AmountOut || after.AmountOut == before.AmountOut {
		t.Errorf("amountOut %s before the swap (block %d), %s after with the follower stopped, %s read afresh; want the fresh figure",
			before.AmountOut, block, after.AmountOut, truth.AmountOut)
	}
	if trips == 0 {
		t.Error("quote with the follower stopped cost no round trip: it did not ask for the head")
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_head_fallbacks_total", string(orchestration.Sepolia)); got < 1 {
		t.Errorf("orchestration_evm_head_fallbacks_total{chain=Sepolia} = %v, want the stall counted", got)
	}
}

// BenchmarkDistinctQuotesAtOneBlock quotes 100k distinct amounts (USDC on
// Sepolia to mUSD on BaseSepolia, three legs) on the in-process devnet,
// whose blocks do not advance without transactions, with the heads followed
// and the hot refresh on, and reports the live heap after them (heap-MB,
// runtime.ReadMemStats after GC): the state cache (StateCacheSize) and the
// hot sets (HotSets) bound it however many amounts are quoted.
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench DistinctQuotesAtOneBlock -benchtime 1x
func BenchmarkDistinctQuotesAtOneBlock(b *testing.B) {
	ctx := context.Background()
	d, err := devnet.Start(ctx, devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	// Polled every 2s (the default): a poll cut short on the in-process
	// client (a loaded machine) breaks the connection reads share.
	e, _ := hotEngine(b, d, evm.Config{FollowHeads: true}, 0)
	alice, _ := devnet.AccountByName("alice")
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: catalogRef(b, d, orchestration.Sepolia, "USDC"),
		Destination: catalogRef(b, d, orchestration.BaseSepolia, "mUSD")}, Sender: alice.Address.Hex()}
	const quotes = 100_000
	for b.Loop() {
		for i := range quotes {
			req.AmountIn = strconv.Itoa(1_000_000 + i)
			if _, err := e.Quote(ctx, req); err != nil {
				b.Fatal(err)
			}
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
}
