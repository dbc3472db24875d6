package portal_test

import (
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/quotetest"
)

// The conformance suite in the exact-output direction, executed on the
// devnet (the relayer delivering): the recipient receives at least the
// output asked for and alice spends at most the quoted input.
func TestConformanceExactOutput(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	quotetest.RunExactOutput(t, func(t *testing.T) quotetest.Harness {
		var spent *big.Int
		exec := env.QuotetestExecute()
		return quotetest.Harness{
			Provider: newProvider(t, env.Catalog, env.Reader, portal.Config{}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "wM"), "1500001", alice, carol),
				devnetenv.Request(env.Ref(t, base, "wM"), env.Ref(t, arbitrum, "M"), "3000007", alice, carol),
			},
			Unquotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, sepolia, "mUSD"), env.Ref(t, base, "mUSD"), "1000000", alice, carol),
				devnetenv.Request(env.Ref(t, sepolia, "USDC"), env.Ref(t, base, "USDC"), "1000000", alice, carol),
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

// TestWormholeConformanceExactOutput runs the exact-output suite over the
// fake world: transfers through the Wormhole adapter to Solana and to an
// EVM chain, one for one.
func TestWormholeConformanceExactOutput(t *testing.T) {
	req := func(src orchestration.AssetAddress, dst orchestration.AssetAddress, amount, recipient string) orchestration.QuoteRequest {
		return orchestration.QuoteRequest{Route: orchestration.Route{Source: src, Destination: dst}, AmountIn: amount, Sender: aliceEVM, Recipient: recipient}
	}
	ethWM, ethM := ref(orchestration.Ethereum, wMAddr), ref(orchestration.Ethereum, mAddr)
	solWM, solM := ref(orchestration.Solana, solWMMint.String()), ref(orchestration.Solana, solMMint.String())
	quotetest.RunExactOutput(t, func(t *testing.T) quotetest.Harness {
		w := newWorld(t)
		return quotetest.Harness{
			Provider: w.provider(t, w.executors(), nil),
			Catalog:  w.cat,
			Runtimes: devnetenv.Runtimes(w.cat, w.evm),
			Quotable: []orchestration.QuoteRequest{
				req(ethWM, solWM, "1500001", bobSol.String()),
				req(ethWM, ref(orchestration.Base, wMAddr), "3000001", carolEVM),
			},
			Unquotable: []orchestration.QuoteRequest{
				req(ethM, solM, "1000000", bobSol.String()),
				req(ref(orchestration.Ethereum, usdcAddr), solWM, "1000000", bobSol.String()),
			},
		}
	})
}
