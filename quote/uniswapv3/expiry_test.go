package uniswapv3_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// TestValidUntil: a leg holds StateBlocks block times of its chain after
// the block its price was read at (the block's timestamp read with the
// quote), a quiet chain's block counting as one block time old, and
// never past the swap's deadline; golden times on a fixed clock.
func TestValidUntil(t *testing.T) {
	env := devnetenv.Get(t)
	const stamp = 1_790_000_000 // the block's timestamp, read with the quote
	at := func(s int64) time.Time { return time.Unix(s, 0) }
	qa, ma := quoterABI(t), contracts.MustABI("Multicall3")
	quoted, err := qa.Methods["quoteExactInputSingle"].Outputs.Pack(big.NewInt(2_000_000), new(big.Int), uint32(0), big.NewInt(80_000))
	if err != nil {
		t.Fatal(err)
	}
	clock, err := ma.Methods["getCurrentBlockTimestamp"].Outputs.Pack(big.NewInt(stamp))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		cfg  uniswapv3.Config
		now  int64 // the provider's clock
		want int64
	}{
		{"defaults: three blocks of 12 s after the block", uniswapv3.Config{}, stamp + 5, stamp + 36},
		{"configured blocks", uniswapv3.Config{StateBlocks: 5}, stamp + 1, stamp + 60},
		{"the chain's own block time", uniswapv3.Config{BlockTime: time.Minute, BlockTimes: map[orchestration.Chain]time.Duration{sepolia: 2 * time.Second}}, stamp, stamp + 6},
		{"quiet chain: counted from a block time before now", uniswapv3.Config{}, stamp + 600, stamp + 600 + 24},
		{"never past the swap's deadline", uniswapv3.Config{Deadline: 20 * time.Second}, stamp, stamp + 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Now = func() time.Time { return at(tc.now) }
			p := newProvider(t, env.Reader, cfg)
			e := findEdge(t, p, sepolia, "USDC", "wM", 500)
			leg := legRequest(e, units(2), 50)
			cs := calls(p.Reads(leg))
			leg.State = evm.NewAnswers(7)
			evmruntime.Answers(leg.State).Put(cs[0], evm.Result{OK: true, Data: clock})
			evmruntime.Answers(leg.State).Put(cs[1], evm.Result{OK: true, Data: quoted})
			got, err := p.QuoteLeg(context.Background(), leg)
			if err != nil {
				t.Fatal(err)
			}
			if !got.ValidUntil.Equal(at(tc.want)) {
				t.Errorf("ValidUntil = stamp%+ds, want stamp%+ds", got.ValidUntil.Unix()-stamp, tc.want-stamp)
			}
		})
	}
}
