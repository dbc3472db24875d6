package uniswapv3_test

import (
	"context"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// BenchmarkQuoteLeg prices one leg from answers already read: the
// provider's own cost (decoding, packing the calldata) without I/O.
func BenchmarkQuoteLeg(b *testing.B) {
	env := devnetenv.Get(b)
	p := newProvider(b, env.Reader, uniswapv3.Config{})
	leg := legRequest(findEdge(b, p, sepolia, "USDC", "wM", 500), units(1), 50)
	read(b, p, env.Reader, &leg)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.QuoteLeg(ctx, leg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEngineQuote quotes through the engine with the provider alone on
// the devnet (in-process nodes, so the time is CPU and the node's eth_call,
// not network), and reports the node round trips per quote. With a new
// block before each quote (the timer stopped while it is sealed): one
// eth_blockNumber and one aggregate3 for a one-leg route, plus one
// aggregate3 pinned to that block for the two-leg USDC -> wM -> USDT. On an
// idle chain the reader's state cache answers from the eth_blockNumber.
func BenchmarkEngineQuote(b *testing.B) {
	env := devnetenv.Get(b)
	c, _ := env.Devnet.Chain(sepolia)
	for _, bc := range []struct {
		name, from, to string
		newBlock       bool
	}{
		{"one-leg USDC-wM/new-block", "USDC", "wM", true},
		{"two-leg USDC-wM-USDT/new-block", "USDC", "USDT", true},
		{"one-leg USDC-wM/idle-chain", "USDC", "wM", false},
		{"two-leg USDC-wM-USDT/idle-chain", "USDC", "USDT", false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			eng := engine(b, env.Reader, uniswapv3.Config{})
			req := request(b, sepolia, bc.from, bc.to, "2500000")
			if _, err := eng.Quote(context.Background(), req); err != nil { // edges
				b.Fatal(err)
			}
			ctx, trips := evm.WithTrips(context.Background())
			b.ReportAllocs()
			for b.Loop() {
				if bc.newBlock {
					b.StopTimer()
					if err := c.AdvanceTime(time.Second); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if _, err := eng.Quote(ctx, req); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(trips.Of(orchestration.Sepolia))/float64(b.N), "trips/op")
		})
	}
}
