package uniswapv3_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

const (
	sepolia = orchestration.Sepolia
	base    = orchestration.BaseSepolia
	arb     = orchestration.ArbitrumSepolia
)

// request is a quote of amount from on chain to to on chain, alice to bob.
func request(t testing.TB, chain orchestration.Chain, from, to, amount string) orchestration.QuoteRequest {
	env := devnetenv.Get(t)
	return orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: env.Ref(t, chain, from), Destination: env.Ref(t, chain, to)},
		AmountIn: amount, Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(),
	}
}

func TestConformance(t *testing.T) {
	env := devnetenv.Get(t)
	crossChain := request(t, sepolia, "USDC", "wM", "1000000")
	crossChain.Route.Destination = env.Ref(t, base, "wM")
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		return quotetest.Harness{
			Provider: newProvider(t, env.Reader, uniswapv3.Config{}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				request(t, sepolia, "USDC", "wM", "1500000"),
				request(t, sepolia, "wM", "USDT", "2000000"),
			},
			Unquotable: []orchestration.QuoteRequest{
				// No pool holds mUSD or M, so no path reaches them.
				request(t, sepolia, "mUSD", "USDC", "1000000"),
				request(t, sepolia, "M", "wM", "1000000"),
				// Pools swap on one chain only.
				crossChain,
				// The pool's arithmetic overflows: the quote reverts.
				request(t, sepolia, "USDC", "wM", new(big.Int).Lsh(big.NewInt(1), 250).String()),
			},
			Execute: env.QuotetestExecute(),
		}
	})
}

func TestEdges(t *testing.T) {
	env := devnetenv.Get(t)
	rec := &recorder{ChainReader: env.Reader}
	p := newProvider(t, rec, uniswapv3.Config{})
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		chain    orchestration.Chain
		from, to string
	}
	got := map[key][]quote.Edge{}
	perChain := map[orchestration.Chain]int{}
	for _, e := range edges {
		if e.From.Chain != e.To.Chain {
			t.Errorf("cross-chain edge %s %s -> %s %s", e.From.Chain, e.From.Symbol, e.To.Chain, e.To.Symbol)
		}
		k := key{e.From.Chain, e.From.Symbol, e.To.Symbol}
		got[k] = append(got[k], e)
		perChain[e.From.Chain]++
	}

	for _, chain := range []orchestration.Chain{sepolia, base, arb} {
		k := env.Devnet.Contracts(chain)
		info, _ := env.Catalog.Chain(chain)
		for _, tc := range []struct {
			from, to string
			pool     string // the devnet's pool name; "" when no edge is expected
		}{
			{"USDC", "wM", "USDC/wM"},
			{"wM", "USDC", "USDC/wM"},
			{"USDT", "wM", "USDT/wM"},
			{"wM", "USDT", "USDT/wM"},
			{"USDC", "USDT", ""},
			{"USDT", "USDC", ""},
			{"mUSD", "USDC", ""},
			{"M", "wM", ""},
			{"wM", "mUSD", ""},
		} {
			t.Run(fmt.Sprintf("%s/%s-%s", chain, tc.from, tc.to), func(t *testing.T) {
				es := got[key{chain, tc.from, tc.to}]
				if tc.pool == "" {
					if len(es) != 0 {
						t.Fatalf("got %d edges, want none: no pool", len(es))
					}
					return
				}
				if len(es) != 1 {
					t.Fatalf("got %d edges, want 1 (the fee-500 pool)", len(es))
				}
				want := uniswapv3.Pool{Fee: 500, Address: k.Pools[tc.pool].Hex()}
				if es[0].Detail != want {
					t.Errorf("detail = %+v, want %+v", es[0].Detail, want)
				}
				if es[0].Spender != info.Contracts.SwapRouter {
					t.Errorf("spender = %s, want the SwapRouter02 %s", es[0].Spender, info.Contracts.SwapRouter)
				}
			})
		}
	}
	// TestFeeTiers adds a pool on ArbitrumSepolia; the other chains hold
	// exactly the devnet's two pools.
	for _, chain := range []orchestration.Chain{sepolia, base} {
		if perChain[chain] != 4 {
			t.Errorf("%s: %d edges, want 4 (two pools, both directions)", chain, perChain[chain])
		}
	}

	// Two reads per chain: the factory, then every pair at every tier.
	for _, chain := range []orchestration.Chain{sepolia, base, arb} {
		k := env.Devnet.Contracts(chain)
		reads := rec.of(chain)
		if len(reads) != 2 {
			t.Fatalf("%s: %d reads, want 2", chain, len(reads))
		}
		if c := reads[0].calls; len(c) != 1 || c[0].To != k.Quoter || !c[0].Immutable {
			t.Errorf("%s: first read %+v, want the QuoterV2's factory() alone, immutable", chain, c)
		}
		const pairs, tiers = 15, 4 // six tokens
		if c := reads[1].calls; len(c) != pairs*tiers {
			t.Errorf("%s: second read has %d calls, want %d", chain, len(c), pairs*tiers)
		}
		for _, c := range reads[1].calls {
			if c.To != k.PoolFactory || !c.Immutable {
				t.Errorf("%s: pool read to %s (immutable %v), want the factory %s, immutable", chain, c.To, c.Immutable, k.PoolFactory)
				break
			}
		}
	}
}

func TestEdgesOnlyConfiguredTiers(t *testing.T) {
	env := devnetenv.Get(t)
	rec := &recorder{ChainReader: env.Reader}
	p := newProvider(t, rec, uniswapv3.Config{FeeTiers: []uint32{3000, 10000}})
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edges {
		if e.From.Chain != arb { // TestFeeTiers may have added a 3000 pool there
			t.Errorf("edge %s %s -> %s at %+v: no pool of tiers 3000 or 10000 there", e.From.Chain, e.From.Symbol, e.To.Symbol, e.Detail)
		}
	}
	if reads := rec.of(sepolia); len(reads) != 2 || len(reads[1].calls) != 30 {
		t.Errorf("Sepolia reads %d, want 2 with 30 pool lookups (15 pairs, 2 tiers)", len(reads))
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	env := devnetenv.Get(t)
	for _, tc := range []struct {
		name string
		cfg  uniswapv3.Config
	}{
		{"zero fee tier", uniswapv3.Config{FeeTiers: []uint32{0}}},
		{"fee tier of 100%", uniswapv3.Config{FeeTiers: []uint32{1_000_000}}},
		{"repeated fee tier", uniswapv3.Config{FeeTiers: []uint32{500, 3000, 500}}},
		{"sub-second deadline", uniswapv3.Config{Deadline: 500 * time.Millisecond}},
		{"negative deadline", uniswapv3.Config{Deadline: -time.Minute}},
		{"negative estimated time", uniswapv3.Config{EstTime: -time.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := uniswapv3.New(quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}, tc.cfg); err == nil {
				t.Fatal("New accepted it")
			}
		})
	}
	if _, err := uniswapv3.New(quote.Deps{Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}, uniswapv3.Config{}); err == nil {
		t.Error("New accepted deps without a catalog")
	}
	built, err := quote.Build(quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}, uniswapv3.Factory(uniswapv3.Config{}))
	if err != nil || len(built) != 1 || built[0].ID() != orchestration.ProviderUniswapV3 {
		t.Fatalf("Build(Factory) = %v, %v; want one %s provider", built, err, orchestration.ProviderUniswapV3)
	}
}

func TestEdgesWithoutReader(t *testing.T) {
	env := devnetenv.Get(t)
	p, err := uniswapv3.New(quote.Deps{Catalog: env.Catalog}, uniswapv3.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if edges, err := p.Edges(context.Background()); err != nil || len(edges) != 0 {
		t.Fatalf("Edges without a reader = %d edges, %v; want none and no error", len(edges), err)
	}
}

func TestFailingChainKeepsOtherChains(t *testing.T) {
	env := devnetenv.Get(t)
	for _, tc := range []struct {
		name    string
		fail    func(orchestration.Chain, []evm.Call) bool
		wantErr bool
	}{
		{"factory read fails on BaseSepolia", func(c orchestration.Chain, calls []evm.Call) bool { return c == base && len(calls) == 1 }, false},
		{"pool read fails on BaseSepolia", func(c orchestration.Chain, calls []evm.Call) bool { return c == base && len(calls) > 1 }, false},
		{"every chain fails", func(orchestration.Chain, []evm.Call) bool { return true }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newProvider(t, &recorder{ChainReader: env.Reader, fail: tc.fail}, uniswapv3.Config{})
			edges, err := p.Edges(context.Background())
			if tc.wantErr {
				if !errors.Is(err, errInjected) || len(edges) != 0 {
					t.Fatalf("Edges = %d edges, %v; want an error wrapping the read failure", len(edges), err)
				}
				return
			}
			// The other chains' edges come with an error naming the failed
			// chain, so the engine serves them and retries later.
			if !errors.Is(err, errInjected) || !strings.Contains(err.Error(), string(base)) {
				t.Fatalf("Edges error = %v; want the read failure on %s", err, base)
			}
			n := map[orchestration.Chain]int{}
			for _, e := range edges {
				n[e.From.Chain]++
			}
			if n[base] != 0 || n[sepolia] < 4 || n[arb] < 4 {
				t.Fatalf("edges per chain %v, want none on %s and at least 4 on the others", n, base)
			}
		})
	}
}

func TestReads(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, uniswapv3.Config{})
	e := findEdge(t, p, sepolia, "USDC", "wM", 500)
	k := env.Devnet.Contracts(sepolia)
	usdc, wm := env.Asset(t, sepolia, "USDC"), env.Asset(t, sepolia, "wM")
	for _, tc := range []struct {
		name   string
		amount *big.Int
	}{
		{"amount unknown", nil},
		{"amount known", units(3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := calls(p.Reads(legRequest(e, tc.amount, 50)))
			want := 1
			if tc.amount != nil {
				want = 2
			}
			if len(calls) != want {
				t.Fatalf("%d reads, want %d", len(calls), want)
			}
			ma := contracts.MustABI("Multicall3")
			if c := calls[0]; c.To != k.Multicall3 || c.Immutable || string(c.Data[:4]) != string(ma.Methods["getCurrentBlockTimestamp"].ID) {
				t.Errorf("read 0 = %+v, want Multicall3.getCurrentBlockTimestamp(), a state read", c)
			}
			if tc.amount == nil {
				return
			}
			c := calls[1]
			params, ok := quoteParams(t, c)
			if !ok || c.To != k.Quoter || c.Immutable {
				t.Fatalf("read 1 = %+v, want QuoterV2.quoteExactInputSingle, a state read", c)
			}
			if params.TokenIn != common.HexToAddress(usdc.Address) || params.TokenOut != common.HexToAddress(wm.Address) ||
				params.AmountIn.Cmp(tc.amount) != 0 || params.Fee.Int64() != 500 || params.SqrtPriceLimitX96.Sign() != 0 {
				t.Errorf("quote params %+v, want USDC -> wM, %s, fee 500, no price limit", params, tc.amount)
			}
		})
	}
}

func TestQuoteMatchesQuoterV2(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, uniswapv3.Config{})
	c, _ := env.Devnet.Chain(sepolia)
	q, err := bindings.NewQuoterV2(env.Devnet.Contracts(sepolia).Quoter, c.Client())
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range [][2]string{{"USDC", "wM"}, {"wM", "USDC"}, {"wM", "USDT"}} {
		e := findEdge(t, p, sepolia, dir[0], dir[1], 500)
		for _, amount := range []*big.Int{big.NewInt(1000), units(1), big.NewInt(1_500_000), units(250_000)} {
			t.Run(fmt.Sprintf("%s-%s/%s", dir[0], dir[1], amount), func(t *testing.T) {
				leg := legRequest(e, amount, 50)
				read(t, p, env.Reader, &leg)
				got, err := p.QuoteLeg(context.Background(), leg)
				if err != nil {
					t.Fatal(err)
				}
				var out []any
				err = (&bindings.QuoterV2Raw{Contract: q}).Call(&bind.CallOpts{BlockNumber: new(big.Int).SetUint64(leg.State.At())}, &out,
					"quoteExactInputSingle", bindings.QuoteExactInputSingleParams{
						TokenIn: common.HexToAddress(e.From.Address), TokenOut: common.HexToAddress(e.To.Address),
						AmountIn: amount, Fee: big.NewInt(500), SqrtPriceLimitX96: new(big.Int),
					})
				if err != nil {
					t.Fatal(err)
				}
				if want := out[0].(*big.Int); got.AmountOut.Cmp(want) != 0 {
					t.Errorf("amountOut = %s, QuoterV2 says %s at block %d", got.AmountOut, want, leg.State.At())
				}
			})
		}
	}
}

func TestSlippage(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, uniswapv3.Config{})
	e := findEdge(t, p, sepolia, "USDC", "wM", 500)
	leg := legRequest(e, big.NewInt(1_500_000), 0)
	read(t, p, env.Reader, &leg) // the same answers for every row: slippage reads nothing
	for _, tc := range []struct {
		bps int
	}{{0}, {50}, {1000}} {
		t.Run(fmt.Sprint(tc.bps), func(t *testing.T) {
			leg := leg
			leg.SlippageBps = tc.bps
			got, err := p.QuoteLeg(context.Background(), leg)
			if err != nil {
				t.Fatal(err)
			}
			want := new(big.Int).Mul(got.AmountOut, big.NewInt(int64(10000-tc.bps)))
			want.Div(want, big.NewInt(10000))
			if got.MinAmountOut.Cmp(want) != 0 {
				t.Errorf("minAmountOut = %s, want %s * (10000 - %d) / 10000 = %s", got.MinAmountOut, got.AmountOut, tc.bps, want)
			}
			if tc.bps == 0 && got.MinAmountOut.Cmp(got.AmountOut) != 0 {
				t.Errorf("no slippage: minAmountOut %s != amountOut %s", got.MinAmountOut, got.AmountOut)
			}
			got.Payloads = quotetest.Built(t, got)
			if sc := decodeSwap(t, got.Payloads[0]); sc.Params.AmountOutMinimum.Cmp(want) != 0 {
				t.Errorf("calldata amountOutMinimum = %s, want %s", sc.Params.AmountOutMinimum, want)
			}
			if a := got.Payloads[0].Annotation; !strings.Contains(a, "at least "+orchestration.FormatUnits(want, 6)+" wM") {
				t.Errorf("annotation %q does not show the floor %s", a, orchestration.FormatUnits(want, 6))
			}
		})
	}
}

// The provider's slippage bound is the request's: a leg asked with more
// than orchestration.MaxSlippageBps (only possible bypassing the engine's
// validation) fails rather than signing a looser floor.
func TestSlippageBoundIsTheRequests(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, uniswapv3.Config{})
	e := findEdge(t, p, sepolia, "USDC", "wM", 500)
	leg := legRequest(e, big.NewInt(1_500_000), 0)
	read(t, p, env.Reader, &leg)
	for _, bps := range []int{-1, orchestration.MaxSlippageBps + 1, 9_999} {
		leg := leg
		leg.SlippageBps = bps
		_, err := p.QuoteLeg(context.Background(), leg)
		if err == nil || errors.Is(err, quote.ErrNoRoute) || !strings.Contains(err.Error(), "is not between 0 and 1000") {
			t.Errorf("slippage %d bps: error %v, want a failure naming the bound 0..1000", bps, err)
		}
	}
}

func TestCalldata(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, uniswapv3.Config{Deadline: 10 * time.Minute})
	e := findEdge(t, p, sepolia, "USDC", "wM", 500)
	info, _ := env.Catalog.Chain(sepolia)
	leg := legRequest(e, big.NewInt(1_500_000), 50)
	read(t, p, env.Reader, &leg)
	got, err := p.QuoteLeg(context.Background(), leg)
	if err != nil {
		t.Fatal(err)
	}
	got.Payloads = quotetest.Built(t, got)
	if len(got.Payloads) != 1 {
		t.Fatalf("%d payloads, want 1", len(got.Payloads))
	}
	pl := got.Payloads[0]
	c, _ := env.Devnet.Chain(sepolia)
	head, err := c.Client().HeaderByNumber(context.Background(), new(big.Int).SetUint64(leg.State.At()))
	if err != nil {
		t.Fatal(err)
	}
	sc := decodeSwap(t, pl)
	min := got.MinAmountOut
	for _, f := range []struct {
		name      string
		got, want any
	}{
		{"provider", pl.Provider, orchestration.ProviderUniswapV3},
		{"chain", pl.Data.EVM.Chain, sepolia},
		{"chainId", pl.Data.EVM.ChainID, info.ChainID},
		{"to", pl.Data.EVM.To, info.Contracts.SwapRouter},
		{"value", pl.Data.EVM.Value, "0"},
		{"deadline", sc.Deadline.Uint64(), head.Time + 600},
		{"tokenIn", sc.Params.TokenIn, common.HexToAddress(e.From.Address)},
		{"tokenOut", sc.Params.TokenOut, common.HexToAddress(e.To.Address)},
		{"fee", sc.Params.Fee.Uint64(), uint64(500)},
		{"recipient", sc.Params.Recipient, bob.Address},
		{"amountIn", sc.Params.AmountIn.String(), "1500000"},
		{"amountOutMinimum", sc.Params.AmountOutMinimum.String(), min.String()},
		{"sqrtPriceLimitX96", sc.Params.SqrtPriceLimitX96.String(), "0"},
		{"estTime", got.EstTime, uniswapv3.DefaultEstTime},
		{"annotation", pl.Annotation, fmt.Sprintf("Swap 1.5 USDC for at least %s wM on Uniswap V3 (0.05%% pool) on Sepolia", orchestration.FormatUnits(min, 6))},
	} {
		if f.got != f.want {
			t.Errorf("%s = %v, want %v", f.name, f.got, f.want)
		}
	}
}

// TestAnswers prices legs from hand-made answers: what the chain said
// decides between a leg, no route, and a failure.
func TestAnswers(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, uniswapv3.Config{Deadline: time.Hour})
	e := findEdge(t, p, sepolia, "USDC", "wM", 500)
	qa := quoterABI(t)
	ma := contracts.MustABI("Multicall3")
	quoted := func(out int64) evm.Result {
		data, err := qa.Methods["quoteExactInputSingle"].Outputs.Pack(big.NewInt(out), new(big.Int), uint32(0), big.NewInt(80_000))
		if err != nil {
			t.Fatal(err)
		}
		return evm.Result{OK: true, Data: data}
	}
	clock := func(ts int64) evm.Result {
		data, err := ma.Methods["getCurrentBlockTimestamp"].Outputs.Pack(big.NewInt(ts))
		if err != nil {
			t.Fatal(err)
		}
		return evm.Result{OK: true, Data: data}
	}
	ra := routerABI(t)
	noPool, err := ra.Errors["PoolNotFound"].Inputs.Pack(common.Address{}, common.Address{}, big.NewInt(500))
	if err != nil {
		t.Fatal(err)
	}
	id := ra.Errors["PoolNotFound"].ID
	noPool = append(id[:4:4], noPool...)

	for _, tc := range []struct {
		name      string
		clock     *evm.Result
		quote     *evm.Result
		bps       int
		recipient string
		wantMin   int64  // the leg's floor when it prices
		noRoute   bool   // ErrNoRoute
		failure   string // an error that is not ErrNoRoute, containing this
	}{
		{name: "prices", clock: ptr(clock(1_000_000)), quote: ptr(quoted(2_000_000)), bps: 50, wantMin: 1_990_000},
		{name: "one unit at no slippage", clock: ptr(clock(1_000_000)), quote: ptr(quoted(1)), bps: 0, wantMin: 1},
		{name: "floor rounds to zero", clock: ptr(clock(1_000_000)), quote: ptr(quoted(1)), bps: 50, noRoute: true},
		{name: "quote of zero", clock: ptr(clock(1_000_000)), quote: ptr(quoted(0)), bps: 50, noRoute: true},
		{name: "quote reverted: no pool", clock: ptr(clock(1_000_000)), quote: &evm.Result{Data: noPool}, bps: 50, noRoute: true},
		{name: "quote missing", clock: ptr(clock(1_000_000)), bps: 50, failure: "no answer"},
		{name: "quote malformed", clock: ptr(clock(1_000_000)), quote: &evm.Result{OK: true, Data: []byte{1, 2, 3}}, bps: 50, failure: "decoding"},
		{name: "clock missing", quote: ptr(quoted(2_000_000)), bps: 50, failure: "timestamp"},
		{name: "clock reverted", clock: &evm.Result{}, quote: ptr(quoted(2_000_000)), bps: 50, failure: "reverted"},
		{name: "recipient is the router's placeholder", clock: ptr(clock(1_000_000)), quote: ptr(quoted(2_000_000)), bps: 50,
			recipient: "0x0000000000000000000000000000000000000002", noRoute: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			leg := legRequest(e, units(2), tc.bps)
			if tc.recipient != "" {
				leg.Recipient = orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, tc.recipient)
			}
			calls := calls(p.Reads(leg))
			leg.State = evm.NewAnswers(7)
			if tc.clock != nil {
				evmruntime.Answers(leg.State).Put(calls[0], *tc.clock)
			}
			if tc.quote != nil {
				evmruntime.Answers(leg.State).Put(calls[1], *tc.quote)
			}
			got, err := p.QuoteLeg(context.Background(), leg)
			switch {
			case tc.noRoute:
				if !errors.Is(err, quote.ErrNoRoute) {
					t.Fatalf("err = %v, want ErrNoRoute", err)
				}
				if tc.quote != nil && !tc.quote.OK && !strings.Contains(err.Error(), "PoolNotFound") {
					t.Errorf("err = %v, want the revert's reason", err)
				}
			case tc.failure != "":
				if err == nil || errors.Is(err, quote.ErrNoRoute) || !strings.Contains(err.Error(), tc.failure) {
					t.Fatalf("err = %v, want a failure (not ErrNoRoute) mentioning %q", err, tc.failure)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if got.MinAmountOut.Int64() != tc.wantMin {
					t.Errorf("minAmountOut = %s, want %d", got.MinAmountOut, tc.wantMin)
				}
				got.Payloads = quotetest.Built(t, got)
				if d := decodeSwap(t, got.Payloads[0]).Deadline.Int64(); d != 1_000_000+3600 {
					t.Errorf("deadline = %d, want the block's timestamp plus an hour (%d)", d, 1_000_000+3600)
				}
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestLargeAmount(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, uniswapv3.Config{})
	e := findEdge(t, p, sepolia, "USDC", "wM", 500)

	t.Run("ten times the pool", func(t *testing.T) {
		small, big1 := legRequest(e, units(1), 50), legRequest(e, units(50_000_000), 50)
		read(t, p, env.Reader, &small)
		read(t, p, env.Reader, &big1)
		s, err := p.QuoteLeg(context.Background(), small)
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.QuoteLeg(context.Background(), big1)
		if err != nil {
			t.Fatalf("the constant-product stand-in prices any amount it can compute: %v", err)
		}
		c, _ := env.Devnet.Chain(sepolia)
		pool, err := bindings.NewConstantProductPool(env.Devnet.Contracts(sepolia).Pools["USDC/wM"], c.Client())
		if err != nil {
			t.Fatal(err)
		}
		opts := &bind.CallOpts{BlockNumber: new(big.Int).SetUint64(big1.State.At())}
		r0, err0 := pool.Reserve0(opts)
		r1, err1 := pool.Reserve1(opts)
		if err0 != nil || err1 != nil {
			t.Fatal(err0, err1)
		}
		reserveOut := r0
		if common.HexToAddress(e.From.Address) == mustToken0(t, pool, opts) {
			reserveOut = r1
		}
		if b.AmountOut.Cmp(reserveOut) >= 0 {
			t.Errorf("amountOut %s is not below the pool's %s wM", b.AmountOut, reserveOut)
		}
		// Price impact: 50M USDC buys far less per unit than 1 USDC.
		if new(big.Int).Mul(b.AmountOut, units(1)).Cmp(new(big.Int).Mul(s.AmountOut, units(50_000_000))) >= 0 {
			t.Errorf("50M USDC -> %s wM is no worse per unit than 1 USDC -> %s wM", b.AmountOut, s.AmountOut)
		}
	})
	t.Run("overflowing amount", func(t *testing.T) {
		leg := legRequest(e, new(big.Int).Lsh(big.NewInt(1), 250), 50)
		read(t, p, env.Reader, &leg)
		_, err := p.QuoteLeg(context.Background(), leg)
		if !errors.Is(err, quote.ErrNoRoute) || !strings.Contains(err.Error(), "overflow") {
			t.Fatalf("err = %v, want ErrNoRoute naming the pool's overflow", err)
		}
	})
}

func mustToken0(t *testing.T, pool *bindings.ConstantProductPool, opts *bind.CallOpts) common.Address {
	t.Helper()
	a, err := pool.Token0(opts)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// engine is a quote engine with the provider alone.
func engine(t testing.TB, reader evmruntime.ChainReader, cfg uniswapv3.Config) *quote.Engine {
	t.Helper()
	env := devnetenv.Get(t)
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, reader), Providers: []quote.Provider{newProvider(t, reader, cfg)},
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestTwoLegRoute quotes USDC -> USDT on Sepolia, which no pool joins
// directly: the engine routes it through wM over two of the provider's legs,
// the second priced in a later read pinned to the first read's block, and
// the quote executes.
func TestTwoLegRoute(t *testing.T) {
	env := devnetenv.Get(t)
	rec := &recorder{ChainReader: env.Reader}
	eng := engine(t, rec, uniswapv3.Config{})
	req := request(t, sepolia, "USDC", "USDT", "2500000")
	if _, err := eng.Quote(context.Background(), req); err != nil { // lists the edges
		t.Fatal(err)
	}
	rec.reset()
	quotes, err := eng.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) != 1 {
		t.Fatalf("%d quotes, want 1 (USDC -> wM -> USDT)", len(quotes))
	}
	q := quotes[0]
	router := env.Devnet.Contracts(sepolia).SwapRouter.Hex()
	var swaps []swapCall
	for _, pl := range q.Payloads {
		if pl.Data.EVM.To == router {
			swaps = append(swaps, decodeSwap(t, pl))
		}
	}
	usdc, wm, usdt := env.Asset(t, sepolia, "USDC"), env.Asset(t, sepolia, "wM"), env.Asset(t, sepolia, "USDT")
	if len(swaps) != 2 ||
		swaps[0].Params.TokenIn != common.HexToAddress(usdc.Address) || swaps[0].Params.TokenOut != common.HexToAddress(wm.Address) ||
		swaps[1].Params.TokenIn != common.HexToAddress(wm.Address) || swaps[1].Params.TokenOut != common.HexToAddress(usdt.Address) {
		t.Fatalf("swaps %+v, want USDC -> wM then wM -> USDT", swaps)
	}
	first := swaps[0].Params
	if first.Recipient != alice.Address || swaps[1].Params.Recipient != bob.Address {
		t.Errorf("recipients %s, %s; want the funder (alice) then the recipient (bob)", first.Recipient, swaps[1].Params.Recipient)
	}
	if swaps[1].Params.AmountIn.Cmp(first.AmountOutMinimum) != 0 {
		t.Errorf("second leg swaps %s, want the first leg's floor %s", swaps[1].Params.AmountIn, first.AmountOutMinimum)
	}
	if q.MinAmountOut != swaps[1].Params.AmountOutMinimum.String() {
		t.Errorf("quote minAmountOut %s, want the second leg's floor %s", q.MinAmountOut, swaps[1].Params.AmountOutMinimum)
	}

	// One read, then one pinned to its block with the second leg's quote.
	reads := rec.of(sepolia)
	if len(reads) != 2 || reads[0].at != nil || reads[1].at == nil || *reads[1].at != reads[0].block {
		t.Fatalf("Sepolia reads %+v, want a Read then a ReadAt at its block", reads)
	}
	var second []bindings.QuoteExactInputSingleParams
	for _, c := range reads[1].calls {
		if qp, ok := quoteParams(t, c); ok {
			second = append(second, qp)
		}
	}
	if len(second) != 1 || second[0].TokenIn != common.HexToAddress(wm.Address) || second[0].AmountIn.Cmp(first.AmountOutMinimum) != 0 {
		t.Errorf("second phase quotes %+v, want wM -> USDT of the first leg's floor %s", second, first.AmountOutMinimum)
	}

	got := env.Execute(t, alice, q)
	if min, _ := new(big.Int).SetString(q.MinAmountOut, 10); got.Cmp(min) < 0 {
		t.Errorf("bob received %s USDT, below minAmountOut %s", got, q.MinAmountOut)
	}
}

// TestFeeTiers adds a 0.3% USDC/wM pool on ArbitrumSepolia next to the
// devnet's 0.05% one: the pair gets an edge per tier, the engine ranks the
// two routes, and the second best executes too.
func TestFeeTiers(t *testing.T) {
	env := devnetenv.Get(t)
	k := env.Devnet.Contracts(arb)
	c, _ := env.Devnet.Chain(arb)
	factory, err := bindings.NewPoolFactory(k.PoolFactory, c.Client())
	if err != nil {
		t.Fatal(err)
	}
	pool, err := factory.GetPool(nil, k.USDC, k.WrappedM, big.NewInt(3000))
	if err != nil {
		t.Fatal(err)
	}
	if pool == (common.Address{}) { // not yet (-count=2 reuses the devnet)
		fa, ta, pa := contracts.MustABI("PoolFactory"), contracts.MustABI("MToken"), contracts.MustABI("ConstantProductPool")
		pack := func(a *abi.ABI, m string, args ...any) []byte {
			data, err := a.Pack(m, args...)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
		send(t, carol, arb, k.PoolFactory, pack(fa, "createPool", k.USDC, k.WrappedM, big.NewInt(3000)))
		if pool, err = factory.GetPool(nil, k.USDC, k.WrappedM, big.NewInt(3000)); err != nil || pool == (common.Address{}) {
			t.Fatalf("pool not created: %v", err)
		}
		send(t, carol, arb, k.USDC, pack(ta, "approve", pool, units(1_000_000)))
		send(t, carol, arb, k.WrappedM, pack(ta, "approve", pool, units(1_000_000)))
		send(t, carol, arb, pool, pack(pa, "addLiquidity", units(1_000_000), units(1_000_000)))
	}

	// A fresh reader: the shared one may have cached "no pool" for this tier.
	reader, err := devnetenv.NewReader(env.Devnet, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := newProvider(t, reader, uniswapv3.Config{})
	var fees []uniswapv3.Pool
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edges {
		if e.From.Chain == arb && e.From.Symbol == "USDC" && e.To.Symbol == "wM" {
			fees = append(fees, e.Detail.(uniswapv3.Pool))
		}
	}
	want := []uniswapv3.Pool{{Fee: 500, Address: k.Pools["USDC/wM"].Hex()}, {Fee: 3000, Address: pool.Hex()}}
	if fmt.Sprint(fees) != fmt.Sprint(want) {
		t.Fatalf("USDC -> wM edges on %s: %+v, want %+v", arb, fees, want)
	}

	eng, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, reader), Providers: []quote.Provider{p}, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	req := request(t, arb, "USDC", "wM", "1000000000")
	req.MaxNumQuotes = ptr(5)
	quotes, err := eng.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) != 2 {
		t.Fatalf("%d quotes, want 2 (one per fee tier)", len(quotes))
	}
	swap := func(q orchestration.Quote) swapCall { return decodeSwap(t, q.Payloads[len(q.Payloads)-1]) }
	if f0, f1 := swap(quotes[0]).Params.Fee.Int64(), swap(quotes[1]).Params.Fee.Int64(); f0 != 500 || f1 != 3000 {
		t.Errorf("quotes use fee tiers %d then %d, want the deeper, cheaper 500 first, then 3000", f0, f1)
	}
	a0, _ := new(big.Int).SetString(quotes[0].AmountOut, 10)
	a1, _ := new(big.Int).SetString(quotes[1].AmountOut, 10)
	if a0.Cmp(a1) <= 0 {
		t.Errorf("amountOut %s then %s: not ranked best first", a0, a1)
	}
	if !strings.Contains(quotes[1].Payloads[len(quotes[1].Payloads)-1].Annotation, "(0.3% pool)") {
		t.Errorf("annotation %q does not name the 0.3%% pool", quotes[1].Payloads[len(quotes[1].Payloads)-1].Annotation)
	}
	got := env.Execute(t, alice, quotes[1])
	if min, _ := new(big.Int).SetString(quotes[1].MinAmountOut, 10); got.Cmp(min) < 0 {
		t.Errorf("bob received %s wM through the 0.3%% pool, below minAmountOut %s", got, min)
	}
}

// TestDeadline executes a quote's payloads after the chain's clock passed
// the deadline: the swap reverts and the recipient gets nothing. The same
// quote taken again executes.
func TestDeadline(t *testing.T) {
	env := devnetenv.Get(t)
	t.Cleanup(func() {
		if err := env.Devnet.SyncClocks(); err != nil {
			t.Error(err)
		}
	})
	eng := engine(t, env.Reader, uniswapv3.Config{Deadline: time.Minute})
	req := request(t, sepolia, "USDC", "wM", "1000000")
	q, err := eng.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := env.Devnet.Chain(sepolia)
	if err := c.AdvanceTime(2 * time.Minute); err != nil {
		t.Fatal(err)
	}
	before := env.Balance(t, req.Route.Destination, bob.Address.Hex())
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err = env.Executor(alice).Execute(ctx, q[0].Payloads)
	var ee *evm.ExecutionError
	if !errors.As(err, &ee) || ee.Index != len(q[0].Payloads)-1 || !strings.Contains(err.Error(), "Transaction too old") {
		t.Fatalf("executing after the deadline: %v; want the swap (payload %d) to revert with \"Transaction too old\"", err, len(q[0].Payloads)-1)
	}
	if after := env.Balance(t, req.Route.Destination, bob.Address.Hex()); after.Cmp(before) != 0 {
		t.Errorf("bob's wM moved from %s to %s", before, after)
	}

	q, err = eng.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got := env.Execute(t, alice, q[0])
	if min, _ := new(big.Int).SetString(q[0].MinAmountOut, 10); got.Cmp(min) < 0 {
		t.Errorf("a fresh quote delivered %s, below minAmountOut %s", got, min)
	}
}
