package limitorder_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// TestGate: a solver the Gate does not admit is not asked at all (its
// Offer is never called) and its better offer is not quoted; once admitted
// again it is asked and quoted. A suspended solver keeps its configured
// address: another solver's offer naming it is refused.
func TestGate(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	best := common.HexToAddress("0x00000000000000000000000000000000000000c1").Hex()
	other := common.HexToAddress("0x00000000000000000000000000000000000000c2").Hex()
	var asked atomic.Int64
	bestPricing := pricing("best", best, 1, true)
	counted := answering{"best", func(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		asked.Add(1)
		return bestPricing.fn(ctx, req)
	}}
	var suspended atomic.Bool
	gate := limitorder.GateFunc(func(name string) bool { return !(name == "best" && suspended.Load()) })
	p := newProvider(t, env, limitorder.Config{Gate: gate, Solvers: []limitorder.Solver{
		addressedPricing{counted, best}, pricing("other", other, 10, true),
	}})
	e := newEngine(t, env, p)
	quoteBy := func(amount string) string {
		t.Helper()
		quotes, err := e.Quote(t.Context(), devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), amount, alice, carol))
		if err != nil {
			t.Fatal(err)
		}
		return quotes[0].Payloads[1].Solver.Address
	}
	if got := quoteBy("1000000"); got != best || asked.Load() != 1 {
		t.Fatalf("admitted: best quote by %s after %d asks of best, want %s asked once", got, asked.Load(), best)
	}
	suspended.Store(true)
	if got := quoteBy("2000000"); got != other || asked.Load() != 1 {
		t.Fatalf("suspended: best quote by %s after %d asks of best, want %s and best not asked again", got, asked.Load(), other)
	}
	suspended.Store(false)
	if got := quoteBy("3000000"); got != best || asked.Load() != 2 {
		t.Fatalf("admitted again: best quote by %s after %d asks of best, want %s asked a second time", got, asked.Load(), best)
	}

	// An impostor claiming the suspended solver's address is refused.
	suspended.Store(true)
	impostor := newProvider(t, env, limitorder.Config{Gate: gate, Solvers: []limitorder.Solver{
		addressedPricing{counted, best}, pricing("impostor", best, 5, true), pricing("other", other, 10, true),
	}})
	quotes, err := newEngine(t, env, impostor).Quote(t.Context(), devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "4000000", alice, carol))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range quotes {
		if got := q.Payloads[1].Solver.Address; got == best {
			t.Errorf("a quote names the suspended solver's address %s, claimed by another solver", got)
		}
	}
}
