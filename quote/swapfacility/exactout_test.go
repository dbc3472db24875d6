package swapfacility_test

import (
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/swapfacility"
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
