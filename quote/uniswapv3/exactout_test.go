package uniswapv3_test

import (
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// The conformance suite in the exact-output direction, executed on the
// devnet through the stand-in's exactOutputSingle: bob receives at least
// the output asked for, alice spends at most the quoted input (the
// QuoterV2's, raised by the slippage).
func TestConformanceExactOutput(t *testing.T) {
	env := devnetenv.Get(t)
	quotetest.RunExactOutput(t, func(t *testing.T) quotetest.Harness {
		var spent *big.Int
		exec := env.QuotetestExecute()
		return quotetest.Harness{
			Provider: newProvider(t, env.Reader, uniswapv3.Config{}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				request(t, sepolia, "USDC", "wM", "1500001"),
				request(t, sepolia, "wM", "USDT", "2000003"),
			},
			Unquotable: []orchestration.QuoteRequest{
				request(t, sepolia, "mUSD", "USDC", "1000000"),
				// More than the pool holds: the quoter reverts.
				request(t, sepolia, "USDC", "wM", new(big.Int).Lsh(big.NewInt(1), 200).String()),
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
