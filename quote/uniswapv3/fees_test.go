package uniswapv3_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// TestPoolFee: a leg's fee is its pool's tier of the amount in, in the
// input token on the leg's chain, rounded up as the pool takes it.
func TestPoolFee(t *testing.T) {
	env := devnetenv.Get(t)
	qa, ma := quoterABI(t), contracts.MustABI("Multicall3")
	quoted, err := qa.Methods["quoteExactInputSingle"].Outputs.Pack(big.NewInt(1), new(big.Int), uint32(0), big.NewInt(80_000))
	if err != nil {
		t.Fatal(err)
	}
	clock, err := ma.Methods["getCurrentBlockTimestamp"].Outputs.Pack(big.NewInt(1_790_000_000))
	if err != nil {
		t.Fatal(err)
	}
	p := newProvider(t, env.Reader, uniswapv3.Config{})
	e := findEdge(t, p, sepolia, "USDC", "wM", 500) // 0.05 %
	for _, tc := range []struct {
		amount *big.Int
		want   string
	}{
		{units(2), "1000"},
		{big.NewInt(1), "1"},    // 0.0005 rounds up to 1
		{big.NewInt(1999), "1"}, // 0.9995
		{big.NewInt(2000), "1"},
		{big.NewInt(2001), "2"}, // 1.0005
	} {
		t.Run(tc.amount.String(), func(t *testing.T) {
			leg := legRequest(e, tc.amount, 0)
			cs := calls(p.Reads(leg))
			leg.State = evm.NewAnswers(7)
			evmruntime.Answers(leg.State).Put(cs[0], evm.Result{OK: true, Data: clock})
			evmruntime.Answers(leg.State).Put(cs[1], evm.Result{OK: true, Data: quoted})
			got, err := p.QuoteLeg(context.Background(), leg)
			if err != nil {
				t.Fatal(err)
			}
			if got.Fees != nil || got.BuildFees == nil {
				t.Error("the fees are built with the leg, not deferred to BuildFees (decision 106)")
			}
			want := []orchestration.Fee{{Kind: orchestration.FeePool, Chain: sepolia, Token: e.From.Address, Amount: tc.want}}
			if diff := cmp.Diff(want, got.LegFees(), cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Description" }, cmp.Ignore())); diff != "" {
				t.Errorf("fees (-want +got):\n%s", diff)
			}
		})
	}
}
