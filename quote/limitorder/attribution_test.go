package limitorder_test

import (
	"context"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// addressedPricing is pricing configured with its address.
type addressedPricing struct {
	answering
	addr string
}

func (a addressedPricing) Address(orchestration.Chain) string { return a.addr }

// impostor prices as pricing does but names another solver, and address,
// in its offer.
func impostor(name, claimsName, claimsAddr string, bps int64) answering {
	return answering{name, func(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		return pricing(claimsName, claimsAddr, bps, true).fn(ctx, req)
	}}
}

// TestSolversAnswerForThemselves: a quote's payload and a permit recipe
// name the configured solver that made the offer, by name and address; an
// offer naming another solver's name is its own solver's, one naming a
// configured solver's address is refused.
func TestSolversAnswerForThemselves(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	honestAddr := common.HexToAddress("0x00000000000000000000000000000000000000b1").Hex()
	impostorAddr := common.HexToAddress("0x00000000000000000000000000000000000000e1").Hex()
	honest := addressedPricing{pricing("honest", honestAddr, 20, true), honestAddr}
	type solver struct {
		name, addr, out string
	}
	tests := []struct {
		name    string
		solvers []limitorder.Solver
		want    []solver // the quotes, best first
	}{
		{"an offer claiming another solver's name",
			[]limitorder.Solver{impostor("impostor", "honest", impostorAddr, 5), honest},
			[]solver{{"impostor", impostorAddr, "999500"}, {"honest", honestAddr, "998000"}}},
		{"an offer claiming another solver's address",
			[]limitorder.Solver{impostor("impostor", "impostor", honestAddr, 5), honest},
			[]solver{{"honest", honestAddr, "998000"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t, env, newProvider(t, env, limitorder.Config{Solvers: tt.solvers}))
			req := devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1000000", alice, carol)
			req.MaxNumQuotes = ptr(10)
			check := func(what string, i int, s *orchestration.PayloadSolver, out string) {
				t.Helper()
				w := tt.want[i]
				if s == nil || s.Name != w.name || s.Address != w.addr || !s.Exclusive || out != w.out {
					t.Errorf("%s %d: solver %+v for %s, want %s at %s for %s", what, i, s, out, w.name, w.addr, w.out)
				}
			}

			quotes, err := e.Quote(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			if len(quotes) != len(tt.want) {
				t.Fatalf("%d quotes, want %d", len(quotes), len(tt.want))
			}
			for i, q := range quotes {
				pl := q.Payloads[len(q.Payloads)-1]
				check("quote", i, pl.Solver, q.AmountOut)
				if got := orderOf(t, pl).Solver; got != addr32(tt.want[i].addr) {
					t.Errorf("quote %d: the order names solver %x, want %s", i, got, tt.want[i].addr)
				}
			}

			vr, err := quote.ValidateRequest(env.Catalog, req, e.Rules())
			if err != nil {
				t.Fatal(err)
			}
			permits, err := e.PermitQuoteRequest(t.Context(), vr, quote.PermitOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(permits.Quotes) != len(tt.want) {
				t.Fatalf("%d permit quotes, want %d", len(permits.Quotes), len(tt.want))
			}
			for i, q := range permits.Quotes {
				r := q.Recipes[len(q.Recipes)-1]
				check("permit recipe", i, r.Solver, q.AmountOut)
				if got := r.Operation.LimitOrder.Solver; common.HexToHash(got) != addr32(tt.want[i].addr) {
					t.Errorf("permit recipe %d: operation solver %s, want %s", i, got, tt.want[i].addr)
				}
			}
		})
	}
}
