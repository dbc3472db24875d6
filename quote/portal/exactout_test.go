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
