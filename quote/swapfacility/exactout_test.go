package swapfacility_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/svm"
)

// The conformance suite in the exact-output direction, executed on the
// devnet: the recipient receives at least the output asked for and alice
// spends at most the quoted input.
func TestConformanceExactOutput(t *testing.T) {
	env := devnetenv.Get(t)
	alice, bob := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "bob")
	quotetest.RunExactOutput(t, func(t *testing.T) quotetest.Harness {
		var spent *big.Int
		exec := env.QuotetestExecute()
		return quotetest.Harness{
			Provider: newProvider(t, env.Reader, swapfacility.Config{}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "wM"), env.Ref(t, orchestration.Sepolia, "mUSD"), "1500001", alice, bob),
				devnetenv.Request(env.Ref(t, orchestration.ArbitrumSepolia, "mUSD"), env.Ref(t, orchestration.ArbitrumSepolia, "wM"), "2000003", alice, bob),
			},
			Unquotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "M"), env.Ref(t, orchestration.Sepolia, "wM"), "1000000", alice, bob),
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "USDC"), env.Ref(t, orchestration.Sepolia, "wM"), "1000000", alice, bob),
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

// TestSolanaConformanceExactOutput runs the exact-output suite on the
// ext_swap legs, against the fake node, every payload checked against
// ext_swap's IDL; and checks the inverted rates: the input found is the
// least whose swap delivers the output asked for.
func TestSolanaConformanceExactOutput(t *testing.T) {
	idl, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	quotetest.RunExactOutput(t, func(t *testing.T) quotetest.Harness {
		w := newSolWorld(t)
		return quotetest.Harness{
			Provider: w.provider(t),
			Catalog:  w.cat,
			Runtimes: w.runtimes(),
			Programs: map[solana.PublicKey]*svm.Program{extSwap: idl},
			Quotable: []orchestration.QuoteRequest{
				solRequest(solM, solWM.Mint, "1000000", alice, bob),
				solRequest(solWM.Mint, solUSDK.Mint, "1050000", alice, bob),
				solRequest(solM, solUSDK.Mint, "2058823", alice, bob),
			},
			Unquotable: []orchestration.QuoteRequest{
				solRequest(solWM.Mint, solM, "1000000", alice, bob),
				solRequest(solM, solUSDKY, "1000000", alice, bob),
			},
		}
	})
	// The least input: one unit less delivers less than asked.
	w := newSolWorld(t)
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: w.runtimes(), Providers: []quote.Provider{w.provider(t)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2058823", "1000001", "7"} {
		qr := quotetest.ExactOutput(solRequest(solM, solUSDK.Mint, want, alice, bob))
		quotes, err := e.Quote(context.Background(), qr)
		if err != nil {
			t.Fatalf("exact output %s: %v", want, err)
		}
		in, _ := new(big.Int).SetString(quotes[0].AmountIn, 10)
		less := solRequest(solM, solUSDK.Mint, new(big.Int).Sub(in, big.NewInt(1)).String(), alice, bob)
		fwd, err := e.Quote(context.Background(), less)
		if err == nil {
			out, _ := new(big.Int).SetString(fwd[0].MinAmountOut, 10)
			w, _ := new(big.Int).SetString(want, 10)
			if out.Cmp(w) >= 0 {
				t.Errorf("exact output %s: amountIn %s, yet %s in gives %s", want, in, less.AmountIn, out)
			}
		}
		if full := solRequest(solM, solUSDK.Mint, in.String(), alice, bob); true {
			fwd, err := e.Quote(context.Background(), full)
			if err != nil || fwd[0].MinAmountOut != quotes[0].AmountOut {
				t.Errorf("exact output %s: amountIn %s forward gives %v (%v), the quote says %s", want, in, fwd, err, quotes[0].AmountOut)
			}
		}
	}
}
