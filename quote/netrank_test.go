package quote_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// nativePricedRuntime is pricedRuntime whose chains' native coin is worth
// usd US dollars (8 decimals) on Ethereum and has no price elsewhere.
type nativePricedRuntime struct {
	pricedRuntime
	usd int64
}

func (r nativePricedRuntime) NativePrice(chain asset.ChainInfo, _ quote.State, _ time.Time) (quote.NativePrice, error) {
	if chain.Name != orchestration.Ethereum {
		return quote.NativePrice{}, errors.New("no feed on " + string(chain.Name))
	}
	return quote.NativePrice{USD: big.NewInt(r.usd), USDDecimals: 8, CoinDecimals: 18}, nil
}

// bridgeFee is a native fee of 0.001 ETH, as a Portal's bridge fee is.
const bridgeFee = "1000000000000000"

// netRankProviders are two routes from M to wM on Ethereum: "dear" gives
// 1:1 but charges bridgeFee on top, "cheap" gives 0.1 % less and nothing
// on top; each has one payload.
func netRankProviders() []quote.Provider {
	dear := exactOut{memprovider.New("dear").Edge(edge(mEth, wMEth), legFunc(legSpec{num: 1, den: 1, edit: func(l *quote.Leg) {
		l.Fees = []orchestration.Fee{{Kind: orchestration.FeeBridge, Amount: bridgeFee}}
	}}))}
	cheap := exactOut{memprovider.New("cheap").Edge(edge(mEth, wMEth), rate(999, 1000, 0))}
	return []quote.Provider{dear, cheap}
}

// TestRankByNetOfCosts: asked to rank net of costs, the quotes rank by
// amountOut less their native fees (bridge and gas) converted at the
// chain's native price into the output token, counted at one dollar, and
// say so with the figures; by amount (asked or by default) the other way
// round. Exact output ranks by amountIn plus the costs in the input token.
func TestRankByNetOfCosts(t *testing.T) {
	rt, err := evmruntime.New(evmruntime.Config{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	// 21,000 gas at 3 wei per payload; ETH at 3,000 US dollars.
	priced := nativePricedRuntime{pricedRuntime{rt, 21_000, 3}, 3000_0000_0000}
	e, _ := newEngine(t, quote.Config{Providers: netRankProviders(), Runtimes: []quote.Runtime{priced}})
	// Gas 63,000 wei is 0.000189 of a cent: 1 unit, rounded up; the
	// bridge fee 3 dollars.
	const dearCosts, cheapCosts = "3000001", "1"
	tests := []struct {
		name      string
		rankBy    orchestration.RankBy
		exactOut  bool
		providers []string
		rankings  []*orchestration.Ranking
	}{
		{name: "no rankBy", providers: []string{"dear", "cheap"}, rankings: []*orchestration.Ranking{nil, nil}},
		{name: "by amount", rankBy: orchestration.RankByAmount, providers: []string{"dear", "cheap"},
			rankings: []*orchestration.Ranking{{By: "amount"}, {By: "amount"}}},
		{name: "net of costs", rankBy: orchestration.RankByNetOfCosts, providers: []string{"cheap", "dear"},
			rankings: []*orchestration.Ranking{
				{By: "netOfCosts", Costs: cheapCosts, NetAmountOut: "998999"},
				{By: "netOfCosts", Costs: dearCosts, NetAmountOut: "-2000001"},
			}},
		{name: "exact output by amount", rankBy: orchestration.RankByAmount, exactOut: true, providers: []string{"dear", "cheap"},
			rankings: []*orchestration.Ranking{{By: "amount"}, {By: "amount"}}},
		{name: "exact output net of costs", rankBy: orchestration.RankByNetOfCosts, exactOut: true, providers: []string{"cheap", "dear"},
			rankings: []*orchestration.Ranking{
				// 1,000,000 out needs 1,001,002 in at 999/1000, rounded so
				// that it never delivers less.
				{By: "netOfCosts", Costs: cheapCosts, NetAmountIn: "1001003"},
				{By: "netOfCosts", Costs: dearCosts, NetAmountIn: "4000001"},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qr := request(wMEth)
			if tt.exactOut {
				qr.AmountIn, qr.AmountOut = "", "1000000"
			}
			qr.MaxNumQuotes, qr.RankBy = ptr(2), tt.rankBy
			quotes, err := e.Quote(context.Background(), qr)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			var rankings []*orchestration.Ranking
			for _, q := range quotes {
				got = append(got, string(q.Payloads[len(q.Payloads)-1].Provider))
				rankings = append(rankings, q.Ranking)
			}
			if diff := cmp.Diff(tt.providers, got); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.rankings, rankings); diff != "" {
				t.Errorf("rankings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRankByNetOfCostsWithoutAPrice: where a chain the quotes pay costs
// on has no usable price, or a payload's gas is not known, the quotes
// rank by amount and each says why.
func TestRankByNetOfCostsWithoutAPrice(t *testing.T) {
	rt, err := evmruntime.New(evmruntime.Config{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		runtime quote.Runtime
		why     string
	}{
		// The EVM runtime's own: the test catalog names no feed.
		{"no source in the catalog", pricedRuntime{rt, 21_000, 3},
			"ranked by amount: the catalog names no price source for Ethereum's native coin"},
		{"payloads without gas", rt, "ranked by amount: a payload on Ethereum carries no gas estimate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, quote.Config{Providers: netRankProviders(), Runtimes: []quote.Runtime{tt.runtime}})
			qr := request(wMEth)
			qr.MaxNumQuotes, qr.RankBy = ptr(2), orchestration.RankByNetOfCosts
			quotes, err := e.Quote(context.Background(), qr)
			if err != nil {
				t.Fatal(err)
			}
			if len(quotes) != 2 || quotes[0].AmountOut != "1000000" {
				t.Fatalf("want the two quotes by amount, the 1:1 first; got %v", routesOf(quotes))
			}
			for i, q := range quotes {
				want := &orchestration.Ranking{By: orchestration.RankByAmount, Reason: tt.why}
				if diff := cmp.Diff(want, q.Ranking); diff != "" {
					t.Errorf("quote %d ranking (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}

// TestNativePriceInToken: a native amount converts into a dollar token's
// units at the price, rounding up.
func TestNativePriceInToken(t *testing.T) {
	eth := quote.NativePrice{USD: big.NewInt(3000_0000_0000), USDDecimals: 8, CoinDecimals: 18}
	for _, tc := range []struct {
		wei      string
		decimals int
		want     string
	}{
		{"1000000000000000000", 6, "3000000000"}, // 1 ETH: 3,000 dollars
		{"1000000000000000", 6, "3000000"},       // 0.001 ETH: 3 dollars
		{"1", 6, "1"},                            // a wei: rounded up to a unit
		{"0", 6, "0"},
		{"1000000000000000000", 18, "3000000000000000000000"},
	} {
		wei, _ := new(big.Int).SetString(tc.wei, 10)
		if got := eth.InToken(wei, tc.decimals).String(); got != tc.want {
			t.Errorf("%s wei in %d decimals = %s, want %s", tc.wei, tc.decimals, got, tc.want)
		}
	}
}

// TestRankByNetOfCostsCountedFirst: a quote whose costs cannot be counted
// (here, one paying gas on Arbitrum, whose coin has no price) ranks after
// every quote whose costs could be, though it delivers more, and says why;
// the others rank net of costs.
func TestRankByNetOfCostsCountedFirst(t *testing.T) {
	rt, err := evmruntime.New(evmruntime.Config{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	priced := nativePricedRuntime{pricedRuntime{rt, 21_000, 3}, 3000_0000_0000}
	direct := memprovider.New("direct").Edge(edge(mEth, wMArb), rate(99, 100, 0))
	hops := memprovider.New("hops").Edge(edge(mEth, mArb), rate(1, 1, 0)).Edge(edge(mArb, wMArb), rate(1, 1, 0))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{direct, hops}, Runtimes: []quote.Runtime{priced}})
	qr := request(wMArb)
	qr.MaxNumQuotes, qr.RankBy = ptr(2), orchestration.RankByNetOfCosts
	quotes, err := e.Quote(context.Background(), qr)
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) != 2 {
		t.Fatalf("%d quotes, want 2", len(quotes))
	}
	want := []*orchestration.Ranking{
		{By: "netOfCosts", Costs: "1", NetAmountOut: "989999"},
		{By: "amount", Reason: "ranked by amount: no feed on Arbitrum"},
	}
	for i, q := range quotes {
		if diff := cmp.Diff(want[i], q.Ranking); diff != "" {
			t.Errorf("quote %d (%s) ranking (-want +got):\n%s", i, q.Payloads[0].Provider, diff)
		}
	}
	if quotes[0].Payloads[0].Provider != "direct" || quotes[1].AmountOut != "1000000" {
		t.Errorf("want the direct quote first, then the 1:1 one; got %v", routesOf(quotes))
	}
}
