package limitorder_test

import (
	"context"
	"log/slog"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	servicedevnet "github.com/m0-orchestration/m0/service/devnet"
)

var discard = slog.New(slog.DiscardHandler)

const (
	sepolia = orchestration.Sepolia
	base    = orchestration.BaseSepolia
)

func newProvider(t *testing.T, env *devnetenv.Env, cfg limitorder.Config) *limitorder.Provider {
	t.Helper()
	p, err := limitorder.New(quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newEngine(t *testing.T, env *devnetenv.Env, p quote.Provider) *quote.Engine {
	t.Helper()
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Providers: []quote.Provider{p}, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestConformance runs the suite with the devnet's solver, executing each
// first quote through the solver's fill and, across chains, the fill
// report.
func TestConformance(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	tooMuch := new(big.Int).Lsh(big.NewInt(1), 130).String() // a valid amount no order holds
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		return quotetest.Harness{
			Provider: newProvider(t, env, limitorder.Config{Solvers: []limitorder.Solver{servicedevnet.Solver(env.Devnet.Solver())}}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1500000", alice, carol),
				devnetenv.Request(env.Ref(t, sepolia, "USDC"), env.Ref(t, sepolia, "USDT"), "2000000", alice, carol),
			},
			Unquotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), tooMuch, alice, carol),
			},
			Execute: env.QuotetestExecute(),
		}
	})
}

// answering is a Solver answering each request with fn.
type answering struct {
	name string
	fn   func(context.Context, limitorder.OfferRequest) (limitorder.Offer, error)
}

func (a answering) Name() string { return a.name }
func (a answering) Offer(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
	return a.fn(ctx, req)
}

// pricing is a solver delivering amountIn less bps (every devnet token has
// six decimals), estimating a second per bps to fill.
func pricing(name string, addr string, bps int64, exclusive bool) answering {
	return answering{name, func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		out := new(big.Int).Mul(req.AmountIn, big.NewInt(10_000-bps))
		return limitorder.Offer{Solver: name, Address: addr, AmountOut: out.Quo(out, big.NewInt(10_000)),
			Exclusive: exclusive, FeeBps: int(bps), EstFillTime: time.Duration(bps) * time.Second}, nil
	}}
}

// orderOf decodes an openOrder payload.
func orderOf(t *testing.T, p orchestration.Payload) bindings.OrderParams {
	t.Helper()
	parsed := contracts.MustABI("OrderBook")
	data, err := hexutil.Decode(p.Data.EVM.Data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := parsed.MethodById(data)
	if err != nil || m.Name != "openOrder" {
		t.Fatalf("payload calls %v (%v), want openOrder", m, err)
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	return *abi.ConvertType(args[0], new(bindings.OrderParams)).(*bindings.OrderParams)
}

func addr32(addr string) [32]byte { return common.BytesToHash(common.HexToAddress(addr).Bytes()) }

// TestOffers: one quote per exclusive solver, open offers collapsed into
// the best, each an openOrder naming what the request and the offer say.
func TestOffers(t *testing.T) {
	env := devnetenv.Get(t)
	alice, bob, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "bob"), devnetenv.Addr(t, "carol")
	x := common.HexToAddress("0x00000000000000000000000000000000000000e1").Hex()
	y := common.HexToAddress("0x00000000000000000000000000000000000000e2").Hex()
	a := common.HexToAddress("0x00000000000000000000000000000000000000a1").Hex()
	b := common.HexToAddress("0x00000000000000000000000000000000000000b1").Hex()
	const horizon = 2 * time.Hour
	p := newProvider(t, env, limitorder.Config{FillHorizon: horizon, Solvers: []limitorder.Solver{
		pricing("x", x, 20, true), pricing("a", a, 30, false), pricing("y", y, 5, true), pricing("b", b, 10, false),
		failing("none", limitorder.ErrNoOffer),
	}})
	e := newEngine(t, env, p)
	req := devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "10000000", bob, carol)
	req.Funder = alice // alice pays, bob owns the order
	req.MaxNumQuotes = ptr(10)
	quotes, err := e.Quote(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	head, err := env.Devnet.Chains()[0].Client().HeaderByNumber(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sepoliaChain, _ := env.Catalog.Chain(sepolia)
	baseChain, _ := env.Catalog.Chain(base)
	if env.Devnet.Chains()[0].Name != sepolia {
		t.Fatalf("the devnet's first chain is %s, not Sepolia", env.Devnet.Chains()[0].Name)
	}
	want := []struct {
		solver    string
		out       int64
		exclusive bool
		est       int64
	}{{y, 9_995_000, true, 5}, {b, 9_990_000, false, 10}, {x, 9_980_000, true, 20}}
	if len(quotes) != len(want) {
		t.Fatalf("%d quotes, want %d (two exclusive solvers, the best open offer)", len(quotes), len(want))
	}
	for i, w := range want {
		q := quotes[i]
		if q.AmountOut != big.NewInt(w.out).String() || q.MinAmountOut != q.AmountOut || q.EstFillTime != w.est {
			t.Errorf("quote %d: amountOut %s minAmountOut %s estFillTime %d, want %d exactly in %ds", i, q.AmountOut, q.MinAmountOut, q.EstFillTime, w.out, w.est)
		}
		if len(q.Payloads) != 2 || q.Payloads[0].Data.EVM.To != env.Ref(t, sepolia, "wM").Address {
			t.Fatalf("quote %d: payloads %+v, want an approve of wM then openOrder", i, q.Payloads)
		}
		pl := q.Payloads[1]
		if pl.Provider != orchestration.ProviderLimitOrder || pl.Data.EVM.To != sepoliaChain.Contracts.OrderBook || pl.Data.EVM.Value != "0" {
			t.Errorf("quote %d: payload %s to %s value %s, want limit-order's call of the OrderBook without value", i, pl.Provider, pl.Data.EVM.To, pl.Data.EVM.Value)
		}
		if pl.Solver == nil || pl.Solver.Address != w.solver || pl.Solver.Exclusive != w.exclusive || pl.Solver.FeeBps == nil {
			t.Errorf("quote %d: solver %+v, want %s exclusive=%v with its fee", i, pl.Solver, w.solver, w.exclusive)
		}
		var solver [32]byte
		if w.exclusive {
			solver = addr32(w.solver)
		}
		got := orderOf(t, pl)
		wantParams := bindings.OrderParams{DestChainId: uint32(baseChain.ChainID), FillDeadline: uint32(head.Time + uint64(horizon/time.Second)),
			TokenIn: common.HexToAddress(req.Route.Source.Address), TokenOut: addr32(req.Route.Destination.Address),
			AmountIn: big.NewInt(10_000_000), AmountOut: big.NewInt(w.out), Recipient: addr32(carol), Solver: solver,
			Sender: common.HexToAddress(bob)}
		if got.DestChainId != wantParams.DestChainId || got.FillDeadline != wantParams.FillDeadline || got.TokenIn != wantParams.TokenIn ||
			got.TokenOut != wantParams.TokenOut || got.AmountIn.Cmp(wantParams.AmountIn) != 0 || got.AmountOut.Cmp(wantParams.AmountOut) != 0 ||
			got.Recipient != wantParams.Recipient || got.Solver != wantParams.Solver || got.Sender != wantParams.Sender {
			t.Errorf("quote %d: openOrder(%+v), want %+v", i, got, wantParams)
		}
		if !strings.Contains(pl.Annotation, "Limit order") || !strings.Contains(pl.Annotation, "BaseSepolia") {
			t.Errorf("quote %d: annotation %q does not say what the order does", i, pl.Annotation)
		}
	}
}

// TestSlowSolver: a solver that ignores its deadline is cut at the solver
// timeout; the others' offers are quoted.
func TestSlowSolver(t *testing.T) {
	env := devnetenv.Get(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	good := common.HexToAddress("0x00000000000000000000000000000000000000b1").Hex()
	p := newProvider(t, env, limitorder.Config{SolverTimeout: 50 * time.Millisecond, Solvers: []limitorder.Solver{
		stuck("stuck", release), pricing("good", good, 10, false),
	}})
	e := newEngine(t, env, p)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	quotes, err := e.Quote(t.Context(), devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1000000", alice, carol))
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) != 1 || quotes[0].Payloads[1].Solver.Address != good || quotes[0].AmountOut != "999000" {
		t.Fatalf("quotes %+v, want the good solver's 999000", quotes)
	}
}

// TestNoQuote covers legs the provider must not quote.
func TestNoQuote(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	tests := []struct {
		name    string
		solvers []limitorder.Solver
		req     orchestration.QuoteRequest
	}{
		{"no solver offers", []limitorder.Solver{failing("none", limitorder.ErrNoOffer)},
			devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1000000", alice, carol)},
		{"the recipient is the exclusive solver", []limitorder.Solver{pricing("self", carol, 10, true)},
			devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1000000", alice, carol)},
		{"an offer beyond uint128", []limitorder.Solver{answering{"huge", func(context.Context, limitorder.OfferRequest) (limitorder.Offer, error) {
			return limitorder.Offer{AmountOut: new(big.Int).Lsh(big.NewInt(1), 128)}, nil
		}}}, devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "1000000", alice, carol)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t, env, newProvider(t, env, limitorder.Config{Solvers: tt.solvers}))
			_, err := e.Quote(t.Context(), tt.req)
			if code, _ := orchestration.CodeOf(err); code != orchestration.NoQuotesAvailable {
				t.Fatalf("err = %v, want %s", err, orchestration.NoQuotesAvailable)
			}
		})
	}
}

// TestEdges: without solvers there are no edges; with two, each hop twice,
// settling later with the OrderBook as spender, never a token to itself.
func TestEdges(t *testing.T) {
	env := devnetenv.Get(t)
	none, err := newProvider(t, env, limitorder.Config{}).Edges(t.Context())
	if err != nil || len(none) != 0 {
		t.Fatalf("Edges without solvers = %d edges, %v; want none", len(none), err)
	}
	p := newProvider(t, env, limitorder.Config{Solvers: []limitorder.Solver{offering("s1", 1, false), offering("s2", 1, false)}})
	edges, err := p.Edges(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	assets := env.Catalog.Assets()
	perChain := len(assets) / len(env.Devnet.Chains())
	// Every asset to every asset but itself, per solver.
	if want := 2 * len(assets) * (len(assets) - 1); len(edges) != want || perChain*len(env.Devnet.Chains()) != len(assets) {
		t.Fatalf("%d edges, want %d", len(edges), want)
	}
	for _, e := range edges {
		ch, _ := env.Catalog.Chain(e.From.Chain)
		if e.Settlement != quote.SettlesLater || e.Spender != ch.Contracts.OrderBook {
			t.Errorf("edge %s->%s: settlement %v spender %s, want later and the OrderBook %s", e.From.Symbol, e.To.Symbol, e.Settlement, e.Spender, ch.Contracts.OrderBook)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	env := devnetenv.Get(t)
	deps := quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard}
	for name, cfg := range map[string]limitorder.Config{
		"negative timeout":    {SolverTimeout: -time.Second},
		"negative horizon":    {FillHorizon: -time.Hour},
		"horizon too short":   {FillHorizon: time.Second},
		"two solvers, a name": {Solvers: []limitorder.Solver{offering("s", 1, false), offering("s", 2, false)}},
		"a nameless solver":   {Solvers: []limitorder.Solver{offering("", 1, false)}},
	} {
		if _, err := limitorder.New(deps, cfg); err == nil {
			t.Errorf("%s: New accepted %+v", name, cfg)
		}
	}
	if _, err := limitorder.New(quote.Deps{}, limitorder.Config{}); err == nil {
		t.Error("New accepted Deps without a catalog")
	}
}

func ptr[T any](v T) *T { return &v }

// TestHurriedBySlowSolver: beside another provider's legs, a solver that
// never answers does not hold the quote, and the offers that came in time
// are quoted.
func TestHurriedBySlowSolver(t *testing.T) {
	env := devnetenv.Get(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	good := common.HexToAddress("0x00000000000000000000000000000000000000b1").Hex()
	orders := newProvider(t, env, limitorder.Config{SolverTimeout: time.Minute, Solvers: []limitorder.Solver{
		stuck("stuck", release), pricing("good", good, 10, false),
	}})
	swaps, err := swapfacility.New(quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard}, swapfacility.Config{})
	if err != nil {
		t.Fatal(err)
	}
	// Without the hurry the order's leg would be cut with no offer, the
	// stuck solver holding the collection for a minute.
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Providers: []quote.Provider{swaps, orders},
		LaterLegWait: 20 * time.Millisecond, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	alice := devnetenv.Addr(t, "alice")
	req := devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, sepolia, "mUSD"), "1000000", alice, "")
	req.MaxNumQuotes = ptr(10)
	quotes, err := e.Quote(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	var byOrder *orchestration.Quote
	for i, q := range quotes {
		if q.Payloads[len(q.Payloads)-1].Provider == orchestration.ProviderLimitOrder {
			byOrder = &quotes[i]
		}
	}
	if len(quotes) < 2 || byOrder == nil || byOrder.AmountOut != "999000" || byOrder.Payloads[len(byOrder.Payloads)-1].Solver.Address != good {
		t.Fatalf("quotes %+v: want the swap and the good solver's order of 999000", quotes)
	}
}

// A leg is priced locally (inline, by the engine) once its offers are all
// in, and not while a solver is still out.
func TestPricesLocallyOnceTheOffersAreIn(t *testing.T) {
	env := devnetenv.Get(t)
	release := make(chan struct{})
	gated := answering{"gated", func(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		select {
		case <-release:
		case <-ctx.Done():
			return limitorder.Offer{}, ctx.Err()
		}
		return pricing("gated", devnetenv.Addr(t, "bob"), 10, false).fn(ctx, req)
	}}
	p := newProvider(t, env, limitorder.Config{SolverTimeout: time.Minute, Solvers: []limitorder.Solver{gated}})
	edges, err := p.Edges(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	from, to := env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC")
	var leg quote.LegRequest
	for _, e := range edges {
		if e.From.Address == from.Address && e.From.Chain == from.Chain && e.To.Address == to.Address && e.To.Chain == to.Chain {
			leg = quote.LegRequest{Edge: &e}
		}
	}
	if leg.From.Symbol == "" {
		t.Fatal("no wM on Sepolia to USDC on Base edge")
	}
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "alice"))
	carol := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "carol"))
	leg.AmountIn, leg.Funder, leg.Sender, leg.Recipient, leg.Refund = big.NewInt(1_000_000), alice, alice, carol, alice
	if p.PricesLocally(leg) {
		t.Fatal("priced locally before any solver was asked")
	}
	p.Prefetch(leg) // asks the solvers
	if p.PricesLocally(leg) {
		t.Fatal("priced locally while the solver is still out")
	}
	close(release)
	hang := time.After(30 * time.Second) // a hang guard, not a timing
	for !p.PricesLocally(leg) {
		select {
		case <-hang:
			t.Fatal("never priced locally after the solver answered")
		case <-time.After(time.Millisecond):
		}
	}
	other := leg
	other.AmountIn = big.NewInt(2_000_000)
	if p.PricesLocally(other) {
		t.Error("another amount, never asked for, priced locally")
	}
}
