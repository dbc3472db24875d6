package limitorder_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// TestSolverFee: an order's fee is the solver's spread, the amount in at
// par less what the solver delivers, in the output token on the
// destination chain; none when the solver delivers at par or more.
func TestSolverFee(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	solverAddr := common.HexToAddress("0x00000000000000000000000000000000000000e1").Hex()
	usdc := env.Ref(t, base, "USDC")
	for _, tc := range []struct {
		name string
		out  int64 // the solver's, for 10 wM
		want []orchestration.Fee
	}{
		{"10 bps", 9_990_000, []orchestration.Fee{{Kind: orchestration.FeeSolver, Chain: base, Token: usdc.Address, Amount: "10000", Provider: orchestration.ProviderLimitOrder}}},
		{"one unit", 9_999_999, []orchestration.Fee{{Kind: orchestration.FeeSolver, Chain: base, Token: usdc.Address, Amount: "1", Provider: orchestration.ProviderLimitOrder}}},
		{"at par", 10_000_000, nil},
		{"above par", 10_000_001, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			solver := answering{"x", func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
				return limitorder.Offer{Address: solverAddr, AmountOut: big.NewInt(tc.out), Exclusive: true, FeeBps: 10}, nil
			}}
			p := newProvider(t, env, limitorder.Config{Solvers: []limitorder.Solver{solver}})
			quotes, err := newEngine(t, env, p).Quote(t.Context(),
				devnetenv.Request(env.Ref(t, sepolia, "wM"), usdc, "10000000", alice, carol))
			if err != nil {
				t.Fatal(err)
			}
			var got []orchestration.Fee
			for _, f := range quotes[0].Fees {
				if f.Kind != orchestration.FeeGas {
					got = append(got, f)
				}
			}
			if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(orchestration.Fee{}, "Description")); diff != "" {
				t.Errorf("fees (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSolanaOrderCosts: an order opening on Solana lists the solver's
// spread and the transaction's fee in lamports, which its payload
// carries with its compute unit limit.
func TestSolanaOrderCosts(t *testing.T) {
	w := newSolOrderWorld(t)
	solver := answering{"mm", func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		out := new(big.Int).Mul(req.AmountIn, big.NewInt(9_990))
		return limitorder.Offer{Address: evmSolver, AmountOut: out.Quo(out, big.NewInt(10_000)), Exclusive: true, FeeBps: 10}, nil
	}}
	p, err := limitorder.New(quote.Deps{Catalog: w.cat, Runtimes: []quote.Runtime{w.rt}, Logger: discard},
		limitorder.Config{Solvers: []limitorder.Solver{solver}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: []quote.Runtime{w.rt}, Providers: []quote.Provider{p}, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	quotes, err := e.Quote(t.Context(), solOrderRequest(toEthWM, "2500000", evmCarol))
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	if len(q.Payloads) != 1 || q.Payloads[0].Data.SVM == nil {
		t.Fatalf("payloads %+v, want one Solana transaction", q.Payloads)
	}
	pl := q.Payloads[0].Data.SVM
	if pl.ComputeUnitLimit == 0 || pl.Fee != "5000" {
		t.Errorf("payload computeUnitLimit %d, fee %q: want a limit, and 5000 lamports (one signature, no priority fee set)", pl.ComputeUnitLimit, pl.Fee)
	}
	var kinds []orchestration.FeeKind
	for _, f := range q.Fees {
		kinds = append(kinds, f.Kind)
		switch f.Kind {
		case orchestration.FeeSolver:
			if f.Amount != "2500" || f.Chain != orchestration.Ethereum {
				t.Errorf("solver fee %+v, want 2500 (10 bps of 2.5) on Ethereum", f)
			}
		case orchestration.FeeGas:
			if f.Amount != pl.Fee || f.Chain != orchestration.Solana || !f.Native() {
				t.Errorf("gas fee %+v, want the payload's %s lamports on Solana", f, pl.Fee)
			}
		}
	}
	if !cmp.Equal(kinds, []orchestration.FeeKind{orchestration.FeeSolver, orchestration.FeeGas}) {
		t.Errorf("fee kinds %v, want solver then gas", kinds)
	}
}
