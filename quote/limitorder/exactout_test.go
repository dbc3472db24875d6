package limitorder_test

import (
	"context"
	"errors"
	"math/big"
	"sync/atomic"
	"testing"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/quotetest"
	servicedevnet "github.com/m0-orchestration/m0/service/devnet"
)

// The conformance suite in the exact-output direction with the devnet's
// solver, each first quote executed through the solver's fill (and across
// chains the fill report): carol receives at least the output asked for,
// alice spends at most the quoted input.
func TestConformanceExactOutput(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	quotetest.RunExactOutput(t, func(t *testing.T) quotetest.Harness {
		var spent *big.Int
		exec := env.QuotetestExecute()
		return quotetest.Harness{
			Provider: newProvider(t, env, limitorder.Config{Solvers: []limitorder.Solver{servicedevnet.Solver(env.Devnet.Solver())}}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1500001", alice, carol),
				devnetenv.Request(env.Ref(t, sepolia, "USDC"), env.Ref(t, sepolia, "USDT"), "2000003", alice, carol),
			},
			Unquotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), new(big.Int).Lsh(big.NewInt(1), 130).String(), alice, carol),
			},
			Execute: func(t *testing.T, req orchestration.QuoteRequest, q orchestration.Quote) *big.Int {
				before := env.Balance(t, req.Route.Source, req.Sender)
				got := exec(t, req, q)
				spent = new(big.Int).Sub(before, env.Balance(t, req.Route.Source, req.Sender))
				return got
			},
			Spent: func(*testing.T) *big.Int { return spent },
		}
	})
}

// A solver charging 37 bps: the second offer, for the input scaled by the
// first's shortfall, reaches the output asked for.
func TestExactOutputScalesTheInput(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	p := newProvider(t, env, limitorder.Config{Solvers: []limitorder.Solver{pricing("bps37", devnetenv.Addr(t, "solver"), 37, false)}})
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Providers: []quote.Provider{p}})
	if err != nil {
		t.Fatal(err)
	}
	qr := quotetest.ExactOutput(devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1000000", alice, carol))
	quotes, err := e.Quote(context.Background(), qr)
	if err != nil {
		t.Fatal(err)
	}
	// ceil(1e6 * 1e6 / 996300) = 1003714, which buys ⌊1003714 * 0.9963⌋ = 1000000.
	if q := quotes[0]; q.AmountIn != "1003714" || q.AmountOut != "1000000" || q.MinAmountOut != "1000000" {
		t.Errorf("amountIn %s amountOut %s minAmountOut %s, want 1003714, 1000000, 1000000", q.AmountIn, q.AmountOut, q.MinAmountOut)
	}
}

// A solver whose price worsens with the amount (half of what exceeds a
// million is kept) falls short at the output's amount and again at the
// input scaled by the shortfall: the leg has no route after two asks, not
// three (decision 107).
func TestExactOutputAsksTwiceAtMost(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	var asks atomic.Int32
	million := big.NewInt(1_000_000)
	impact := answering{"impact", func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		asks.Add(1)
		out := new(big.Int).Set(req.AmountIn)
		if excess := new(big.Int).Sub(req.AmountIn, million); excess.Sign() > 0 {
			out.Sub(out, excess.Rsh(excess, 1))
		}
		out.Sub(out, big.NewInt(1))
		return limitorder.Offer{Solver: "impact", Address: devnetenv.Addr(t, "solver"), AmountOut: out}, nil
	}}
	p := newProvider(t, env, limitorder.Config{Solvers: []limitorder.Solver{impact}})
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Providers: []quote.Provider{p}})
	if err != nil {
		t.Fatal(err)
	}
	qr := quotetest.ExactOutput(devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "2000000", alice, carol))
	_, err = e.Quote(context.Background(), qr)
	if oe, ok := errors.AsType[*orchestration.Error](err); !ok || oe.Code != orchestration.NoQuotesAvailable {
		t.Fatalf("error %v, want NoQuotesAvailable", err)
	}
	if n := asks.Load(); n != 2 {
		t.Errorf("the solver was asked %d times, want 2", n)
	}
}

// TestSolanaOrderConformanceExactOutput runs the exact-output suite on
// orders opening on Solana, every payload checked against the order
// book's IDL.
func TestSolanaOrderConformanceExactOutput(t *testing.T) {
	quotetest.RunExactOutput(t, func(t *testing.T) quotetest.Harness {
		w := newSolOrderWorld(t)
		return quotetest.Harness{
			Provider: w.provider(t),
			Catalog:  w.cat,
			Runtimes: []quote.Runtime{w.rt},
			Quotable: []orchestration.QuoteRequest{
				solOrderRequest(toEthWM, "2500001", evmCarol),
				solOrderRequest(toSolWM, "2500001", solBob.String()),
			},
			Unquotable: []orchestration.QuoteRequest{
				solOrderRequest(toEthWM, new(big.Int).Lsh(big.NewInt(1), 64).String(), evmCarol),
			},
		}
	})
}

// The devnet's solver answers exact-output asks (ExactOutputSolver): the
// order locks the least input its price needs, one unit less would fall
// short, and one collection of offers confirms it.
func TestExactOutputAsksTheSolver(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	s := env.Devnet.Solver()
	p := newProvider(t, env, limitorder.Config{Solvers: []limitorder.Solver{servicedevnet.Solver(s)}})
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Providers: []quote.Provider{p}})
	if err != nil {
		t.Fatal(err)
	}
	from, to := env.Ref(t, sepolia, "USDC"), env.Ref(t, base, "mUSD")
	for _, want := range []int64{6_000_001, 999, 123_456_789} {
		qr := quotetest.ExactOutput(devnetenv.Request(from, to, big.NewInt(want).String(), alice, carol))
		quotes, err := e.Quote(context.Background(), qr)
		if err != nil {
			t.Fatal(err)
		}
		in, err := s.QuoteIn(from, to, big.NewInt(want))
		if err != nil {
			t.Fatal(err)
		}
		if quotes[0].AmountIn != in.String() {
			t.Errorf("%d out: amountIn %s, want the solver's %s", want, quotes[0].AmountIn, in)
		}
		less, _ := s.Quote(from, to, new(big.Int).Sub(in, big.NewInt(1)))
		at, _ := s.Quote(from, to, in)
		if less.Cmp(big.NewInt(want)) >= 0 || at.Cmp(big.NewInt(want)) < 0 || quotes[0].AmountOut != at.String() {
			t.Errorf("%d out: %s in buys %s, one less %s; the quote says %s", want, in, at, less, quotes[0].AmountOut)
		}
	}
}
