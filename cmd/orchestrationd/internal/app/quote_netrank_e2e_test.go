package app_test

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// Ranking net of costs on the devnet (decision 105). The devnet's catalog
// names a stand-in ETH / USD feed ($3,000) on Sepolia and BaseSepolia and
// none on ArbitrumSepolia.
//
// From wM on Sepolia to wM on ArbitrumSepolia, the Portal delivers all of
// it and a limit order 10 bps less; with the Sepolia Portal's fee raised
// tenfold (to 0.002 ETH, $6), the Portal's quote is still the best by
// amount, but the limit order (only gas, about 0.001 ETH) is the best net
// of costs: each quote's ranking gives its costs in wM and what is left.
// The same holds for an exact output, ranked by input plus costs. A quote
// paying costs on ArbitrumSepolia (an exact output may bridge M there and
// swap it by a same-chain order), whose coin has no price, ranks after
// those whose costs are counted, by amount, saying why.
func TestQuoteRankByNetOfCostsOnDevnet(t *testing.T) {
	s := startDevnetServer(t).validated(t) // every answer checked against both OpenAPI documents
	alice, _ := devnet.AccountByName("alice")
	sep, contracts, opts, mined := s.asDeployer(t, orchestration.Sepolia)
	portal, err := bindings.NewPortal(contracts.Portal, sep.Client())
	if err != nil {
		t.Fatal(err)
	}
	feePerGas, err := portal.FeePerGas(&bind.CallOpts{})
	if err != nil {
		t.Fatal(err)
	}
	tx, err := portal.SetFeePerGas(opts, new(big.Int).Mul(feePerGas, big.NewInt(10)))
	mined("raise the portal fee", tx, err)
	t.Cleanup(func() {
		tx, err := portal.SetFeePerGas(opts, feePerGas)
		mined("restore the portal fee", tx, err)
	})

	route := orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.ArbitrumSepolia, "wM")}
	for _, tc := range []struct {
		name              string
		amountIn, amount  string // one of them
		byAmount, byCosts string // the best quote's providers
	}{
		{"exact input", "5000000", "", "m-portal", "limit-order"},
		{"exact output", "", "5000000", "m-portal", "limit-order"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ask := func(by orchestration.RankBy) []orchestration.Quote {
				quotes, got := s.quote(t, orchestration.QuoteRequest{Route: route, AmountIn: tc.amountIn, AmountOut: tc.amount,
					Sender: alice.Address.Hex(), MaxNumQuotes: ptr(20), RankBy: by})
				if quotes == nil {
					t.Fatalf("rankBy %s: %d %s", by, got.status, got.body)
				}
				return quotes
			}
			amount, net := ask(orchestration.RankByAmount), ask(orchestration.RankByNetOfCosts)
			if got := providersOf(amount[0]); got != tc.byAmount {
				t.Errorf("by amount the best is %s, want %s", got, tc.byAmount)
			}
			if got := providersOf(net[0]); got != tc.byCosts {
				t.Errorf("net of costs the best is %s, want %s", got, tc.byCosts)
			}
			for _, q := range amount {
				if q.Ranking == nil || q.Ranking.By != orchestration.RankByAmount || q.Ranking.Reason != "" || q.Ranking.Costs != "" {
					t.Errorf("%s by amount: ranking %+v, want by amount alone", providersOf(q), q.Ranking)
				}
			}
			var prev, prevAmount *big.Int
			uncounted := false
			for _, q := range net {
				rk := q.Ranking
				if rk != nil && rk.By == orchestration.RankByAmount && rk.Reason == noArbPrice {
					uncounted = true
					amount := bigOf(t, q.AmountOut)
					if tc.amountIn == "" {
						amount.Neg(bigOf(t, q.AmountIn)) // least input first
					}
					if prevAmount != nil && amount.Cmp(prevAmount) > 0 {
						t.Errorf("%s ranks after a quote of less amount among those not counted", providersOf(q))
					}
					prevAmount = amount
					continue
				}
				if rk == nil || rk.By != orchestration.RankByNetOfCosts || rk.Reason != "" || uncounted {
					t.Fatalf("%s: ranking %+v, want by net of costs, before every quote not counted", providersOf(q), rk)
				}
				costs := wantNetCosts(t, q)
				if rk.Costs != costs.String() {
					t.Errorf("%s: costs %s, want %s (the native fees at $3,000 an ETH, in wM)", providersOf(q), rk.Costs, costs)
				}
				var ranked *big.Int
				if tc.amountIn != "" {
					ranked = new(big.Int).Sub(bigOf(t, q.AmountOut), costs)
					if rk.NetAmountOut != ranked.String() || rk.NetAmountIn != "" {
						t.Errorf("%s: netAmountOut %q netAmountIn %q, want %s and none", providersOf(q), rk.NetAmountOut, rk.NetAmountIn, ranked)
					}
					ranked.Neg(ranked) // best first: the largest net out
				} else {
					ranked = new(big.Int).Add(bigOf(t, q.AmountIn), costs)
					if rk.NetAmountIn != ranked.String() || rk.NetAmountOut != "" {
						t.Errorf("%s: netAmountIn %q netAmountOut %q, want %s and none", providersOf(q), rk.NetAmountIn, rk.NetAmountOut, ranked)
					}
				}
				if prev != nil && ranked.Cmp(prev) < 0 {
					t.Errorf("%s ranks after a quote that is worse net of costs", providersOf(q))
				}
				prev = ranked
			}
			if tc.amount != "" && !uncounted {
				t.Error("no exact-output quote paid costs on ArbitrumSepolia: the rule for quotes not counted went unchecked")
			}
		})
	}
}

const noArbPrice = "ranked by amount: the catalog names no price source for ArbitrumSepolia's native coin"

// wantNetCosts is q's native costs in a 6-decimal dollar token at the
// devnet feeds' price, rounded up: the sum of its native fees (the
// payloads' value and gas), which must add up to the payloads' own.
func wantNetCosts(t *testing.T, q orchestration.Quote) *big.Int {
	t.Helper()
	requireCosted(t, q)
	wei := new(big.Int)
	for _, f := range q.Fees {
		if f.Native() {
			wei.Add(wei, bigOf(t, f.Amount))
		}
	}
	payloads := new(big.Int)
	for _, p := range q.Payloads {
		e := p.Data.EVM
		payloads.Add(payloads, bigOf(t, e.Value))
		payloads.Add(payloads, new(big.Int).Mul(bigOf(t, e.Gas), bigOf(t, e.GasPrice)))
	}
	if wei.Cmp(payloads) != 0 {
		t.Fatalf("%s: native fees %s wei, the payloads' value and gas %s", providersOf(q), wei, payloads)
	}
	// wei × price / 10^8 / 10^18 × 10^6, rounded up.
	num := new(big.Int).Mul(wei, devnet.NativePrice)
	den := new(big.Int).Exp(big.NewInt(10), big.NewInt(devnet.PriceFeedDecimals+18-6), nil)
	out, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	if rem.Sign() > 0 {
		out.Add(out, big.NewInt(1))
	}
	return out
}

// Where a chain the quotes pay costs on has no usable price, they are
// ranked by amount and each says why: ArbitrumSepolia's catalog names no
// feed; Sepolia's feed answered too long ago, or not a price. A permit
// quote's gas is not known before it is built.
func TestQuoteRankByNetOfCostsWithoutAPriceOnDevnet(t *testing.T) {
	s := startDevnetServer(t).validated(t) // every answer checked against both OpenAPI documents
	alice, _ := devnet.AccountByName("alice")
	sep, contracts, opts, mined := s.asDeployer(t, orchestration.Sepolia)
	feed, err := bindings.NewPriceFeed(contracts.PriceFeed, sep.Client())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		tx, err := feed.UpdateAnswer(opts, devnet.NativePrice)
		mined("restore the feed", tx, err)
	})
	setFeed := func(answer *big.Int, age time.Duration) {
		t.Helper()
		round, err := feed.LatestRound(&bind.CallOpts{})
		if err != nil {
			t.Fatal(err)
		}
		at := big.NewInt(time.Now().Add(-age).Unix()) // the service ages answers by its own clock
		tx, err := feed.UpdateRoundData(opts, new(big.Int).Add(round, big.NewInt(1)), answer, at, at)
		mined("set the feed", tx, err)
	}
	sepWM, arbWM := s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.ArbitrumSepolia, "wM")
	sepMUSD := s.ref(t, orchestration.Sepolia, "mUSD")
	for _, tc := range []struct {
		name  string
		set   func()
		route orchestration.Route
		why   string
	}{
		{"no feed in the catalog", func() {}, orchestration.Route{Source: arbWM, Destination: sepWM},
			noArbPrice},
		{"a stale feed", func() { setFeed(devnet.NativePrice, 3*time.Hour) }, orchestration.Route{Source: sepWM, Destination: sepMUSD},
			"ranked by amount: Sepolia's native price feed " + contracts.PriceFeed.Hex() + " was last updated 3h0m"},
		{"a price of zero", func() { setFeed(big.NewInt(0), 0) }, orchestration.Route{Source: sepWM, Destination: sepMUSD},
			"ranked by amount: Sepolia's native price feed " + contracts.PriceFeed.Hex() + " answered 0, which is no price"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.set()
			quotes, got := s.quote(t, orchestration.QuoteRequest{Route: tc.route, AmountIn: "5000000",
				Sender: alice.Address.Hex(), MaxNumQuotes: ptr(20), RankBy: orchestration.RankByNetOfCosts})
			if quotes == nil {
				t.Fatalf("%d %s", got.status, got.body)
			}
			amount, _ := s.quote(t, orchestration.QuoteRequest{Route: tc.route, AmountIn: "5000000",
				Sender: alice.Address.Hex(), MaxNumQuotes: ptr(20)})
			for i, q := range quotes {
				if q.Ranking == nil || q.Ranking.By != orchestration.RankByAmount || !strings.HasPrefix(q.Ranking.Reason, tc.why) {
					t.Errorf("quote %d ranking %+v, want by amount, %q", i, q.Ranking, tc.why)
				}
				if i < len(amount) && providersOf(q) != providersOf(amount[i]) {
					t.Errorf("quote %d is %s, and %s ranking by amount", i, providersOf(q), providersOf(amount[i]))
				}
			}
		})
	}

	t.Run("permit quote", func(t *testing.T) {
		resp, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
			Route: orchestration.Route{Source: sepWM, Destination: sepMUSD}, AmountIn: "5000000",
			Sender: alice.Address.Hex(), RankBy: orchestration.RankByNetOfCosts}})
		if resp == nil {
			t.Fatalf("%d %s", got.status, got.body)
		}
		const why = "ranked by amount: a permit quote's gas is not known before POST /permit/build encodes its recipes"
		for i, q := range resp.Quotes {
			if q.Ranking == nil || q.Ranking.By != orchestration.RankByAmount || q.Ranking.Reason != why {
				t.Errorf("permit quote %d ranking %+v, want by amount, %q", i, q.Ranking, why)
			}
		}
	})
}

// asDeployer is chain on the devnet, its contracts, and a transactor
// signing there as the deployer, their admin, waiting for each transaction.
func (s *devnetServer) asDeployer(t *testing.T, chain orchestration.Chain) (*devnet.Chain, *devnet.Contracts, *bind.TransactOpts, func(string, *types.Transaction, error) *types.Receipt) {
	t.Helper()
	deployer, _ := devnet.AccountByName("deployer")
	c, ok := s.app.Devnet().Chain(chain)
	if !ok {
		t.Fatalf("no %s on the devnet", chain)
	}
	opts, mined := s.transactor(t, c, deployer)
	return c, s.app.Devnet().Contracts(chain), opts, mined
}

// rankBy other than amount or netOfCosts is a 400 naming the field, on
// both quote routes.
func TestQuoteRankByBadRequests(t *testing.T) {
	s := startDevnetServer(t).validated(t) // every answer checked against both OpenAPI documents
	alice, _ := devnet.AccountByName("alice")
	req := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.Sepolia, "mUSD")},
		AmountIn: "1000000", Sender: alice.Address.Hex(),
	}
	for _, rankBy := range []orchestration.RankBy{"net", "NetOfCosts", "AMOUNT", " amount"} {
		req.RankBy = rankBy
		want := `rankBy must be "amount" or "netOfCosts", not "` + string(rankBy) + `"`
		_, got := s.quote(t, req)
		if msg := s.wantError("quote rankBy "+string(rankBy), got, 400, orchestration.BadQuoteRequest); msg != want {
			t.Errorf("quote: message %q, want %q", msg, want)
		}
		_, got = s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: req})
		if msg := s.wantError("permit quote rankBy "+string(rankBy), got, 400, orchestration.BadPermitRequest); msg != want {
			t.Errorf("permit quote: message %q, want %q", msg, want)
		}
	}
}
