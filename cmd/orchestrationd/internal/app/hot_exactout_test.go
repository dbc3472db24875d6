package app_test

import (
	"context"
	"log/slog"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
	servicedevnet "github.com/m0-orchestration/m0/service/devnet"
)

// countingSolver is a solver that counts the asks it answers: offers, and
// exact-output asks when it is one (countingExactSolver).
type countingSolver struct {
	limitorder.Solver
	asks *atomic.Int32
}

func (s countingSolver) Offer(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
	s.asks.Add(1)
	return s.Solver.Offer(ctx, req)
}

// Address is the wrapped solver's (limitorder.Addressed).
func (s countingSolver) Address(chain orchestration.Chain) string {
	return s.Solver.(limitorder.Addressed).Address(chain)
}

type countingExactSolver struct{ countingSolver }

func (s countingExactSolver) InputFor(ctx context.Context, req limitorder.ExactOutputRequest) (*big.Int, error) {
	s.asks.Add(1)
	return s.Solver.(limitorder.ExactOutputSolver).InputFor(ctx, req)
}

// warmEngine is an engine over reader with the four bundled providers, the
// limit orders' solver being solver (asked within a solver timeout of
// solverTimeout).
func warmEngine(t testing.TB, d *devnet.Devnet, reader *evm.Reader, solver limitorder.Solver, solverTimeout time.Duration) *quote.Engine {
	t.Helper()
	logger := slog.New(slog.DiscardHandler)
	deps := quote.Deps{Catalog: d.Catalog(), Runtimes: devnetenv.Runtimes(d.Catalog(), reader), Logger: logger}
	providers, err := quote.Build(deps, swapfacility.Factory(swapfacility.Config{}), portal.Factory(portal.Config{}), uniswapv3.Factory(uniswapv3.Config{}),
		limitorder.Factory(limitorder.Config{Solvers: []limitorder.Solver{solver}, SolverTimeout: solverTimeout}))
	if err != nil {
		t.Fatal(err)
	}
	e, err := quote.New(quote.Config{Catalog: d.Catalog(), Runtimes: deps.Runtimes, Providers: providers, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// warmCount is what one quote cost: round trips on the request path and
// solver asks.
type warmCount struct{ trips, asks int }

// TestWarmExactOutputQuoteCostsNoRoundTrip: an exact-output quote of every
// route class, and an exact-output permit quote (and a forward one, whose
// reads some tokens revert), repeated after every chain moved a block and
// the follower refreshed the legs for it, costs no round trip on the
// request path, with its costs and expiry as a forward warm
// quote has them (TestHotQuoteFollowsTheNewBlock), and asks the solvers
// nothing while their last answers are fresh. A limit-order leg priced
// afresh (a new provider over the same warm reader) asks its solver once for
// the input and once for the offer when the solver answers exact-output
// asks, and at most twice for offers otherwise (decision 107). With the
// heads not followed, an exact-output permit quote's forward passes read
// the chains at the point its backward pricing read them, not again
// (decision 108): it costs the backward pricing's round trips alone.
func TestWarmExactOutputQuoteCostsNoRoundTrip(t *testing.T) {
	ctx := context.Background()
	d, err := devnet.Start(ctx, devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	reader := hotReader(t, d, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour}, 100*time.Millisecond)
	waitFor(t, func() bool {
		_, _, ok1 := reader.Head(orchestration.Sepolia)
		_, _, ok2 := reader.Head(orchestration.BaseSepolia)
		return ok1 && ok2
	})
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")
	devnetSolver := servicedevnet.Solver(d.Solver())
	// Offers stay fresh for the solver timeout and half as long again: long
	// enough for a block and its refresh between two quotes.
	const solverTimeout = 10 * time.Second
	var exactAsks, plainAsks atomic.Int32
	exactSolver := countingExactSolver{countingSolver{devnetSolver, &exactAsks}}
	plainSolver := countingSolver{devnetSolver, &plainAsks}
	engines := map[bool]*quote.Engine{true: warmEngine(t, d, reader, exactSolver, solverTimeout), false: warmEngine(t, d, reader, plainSolver, solverTimeout)}
	asksOf := map[bool]*atomic.Int32{true: &exactAsks, false: &plainAsks}

	ref := func(chain orchestration.Chain, symbol string) orchestration.AssetAddress {
		return catalogRef(t, d, chain, symbol)
	}
	type class struct {
		name      string
		from, to  orchestration.AssetAddress
		amountOut string
		providers string
		permit    bool   // a permit quote (its route's providers are not checked)
		exact     bool   // the limit orders' solver answers exact-output asks
		forwardIn string // set: a forward quote of this amountIn instead
	}
	three := "uniswap-v3,m-portal,m-swap-facility"
	classes := []class{
		{"same-chain swap", ref(orchestration.Sepolia, "wM"), ref(orchestration.Sepolia, "mUSD"), "2500001", "m-swap-facility", false, true, ""},
		{"AMM", ref(orchestration.Sepolia, "USDC"), ref(orchestration.Sepolia, "wM"), "3000001", "uniswap-v3", false, true, ""},
		{"portal", ref(orchestration.Sepolia, "wM"), ref(orchestration.BaseSepolia, "wM"), "4000001", "m-portal", false, true, ""},
		{"three legs", ref(orchestration.Sepolia, "USDC"), ref(orchestration.BaseSepolia, "mUSD"), "5000001", three, false, true, ""},
		{"limit order, exact-output solver", ref(orchestration.Sepolia, "USDC"), ref(orchestration.BaseSepolia, "mUSD"), "6000001", "limit-order", false, true, ""},
		{"limit order, offers only", ref(orchestration.Sepolia, "USDC"), ref(orchestration.BaseSepolia, "mUSD"), "6000001", "limit-order", false, false, ""},
		{"permit, same-chain swap", ref(orchestration.Sepolia, "wM"), ref(orchestration.Sepolia, "mUSD"), "2100001", "", true, true, ""},
		{"permit, limit order", ref(orchestration.Sepolia, "wM"), ref(orchestration.BaseSepolia, "USDC"), "2600001", "", true, true, ""},
	}
	include := map[string][]orchestration.ProviderID{
		"m-swap-facility": {orchestration.ProviderMSwapFacility},
		"uniswap-v3":      {orchestration.ProviderUniswapV3},
		"m-portal":        {orchestration.ProviderMPortal},
		three:             {orchestration.ProviderUniswapV3, orchestration.ProviderMPortal, orchestration.ProviderMSwapFacility},
		"limit-order":     {orchestration.ProviderLimitOrder},
	}
	// quoteOnce quotes tc with e, checks the answer, and returns what it
	// cost.
	quoteOnce := func(t *testing.T, e *quote.Engine, tc class) warmCount {
		t.Helper()
		qr := orchestration.QuoteRequest{Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountOut: tc.amountOut,
			Sender: carol.Address.Hex(), Recipient: bob.Address.Hex()}
		if ids := include[tc.providers]; ids != nil {
			qr.Providers = &orchestration.ProvidersParams{Include: ids}
		}
		if tc.forwardIn != "" {
			qr.AmountIn, qr.AmountOut = tc.forwardIn, ""
		}
		asks := asksOf[tc.exact]
		asked := asks.Load()
		qctx, trips := evm.WithTrips(ctx)
		if tc.permit {
			req, err := quote.ValidateRequest(d.Catalog(), qr, e.Rules())
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.PermitQuoteRequest(qctx, req, quote.PermitOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if q := got.Quotes[0]; tc.forwardIn == "" && bigOf(t, q.MinAmountOut).Cmp(bigOf(t, tc.amountOut)) < 0 || q.ExpiresAt == 0 {
				t.Fatalf("permit quote %+v: want minAmountOut at least %s and an expiry", q, tc.amountOut)
			}
		} else {
			quotes, err := e.Quote(qctx, qr)
			if err != nil {
				t.Fatal(err)
			}
			q := quotes[0]
			if got := providersOf(q); tc.providers != "" && got != tc.providers {
				t.Fatalf("best route %s, want %s", got, tc.providers)
			}
			if q.MinAmountOut != tc.amountOut || q.ExpiresAt <= time.Now().Unix() {
				t.Fatalf("minAmountOut %s, expiresAt %d: want the %s asked for, and an expiry ahead", q.MinAmountOut, q.ExpiresAt, tc.amountOut)
			}
			requireCosted(t, q)
		}
		return warmCount{trips: trips.Total(), asks: int(asks.Load() - asked)}
	}
	// nextBlock mines a block on tc's chains and waits for the follower to
	// refresh the legs read there for it.
	nextBlock := func(t *testing.T, tc class) {
		t.Helper()
		chains := []orchestration.Chain{tc.from.Chain}
		if tc.to.Chain != tc.from.Chain {
			chains = append(chains, tc.to.Chain)
		}
		for _, c := range chains {
			ch, _ := d.Chain(c)
			if err := ch.AdvanceTime(time.Second); err != nil {
				t.Fatal(err)
			}
			block, err := ch.Client().BlockNumber(ctx)
			if err != nil {
				t.Fatal(err)
			}
			waitFor(t, func() bool { return reader.Refreshed(c) >= block })
		}
	}
	for _, tc := range classes {
		t.Run(tc.name, func(t *testing.T) {
			e := engines[tc.exact]
			cold := quoteOnce(t, e, tc) // the legs become hot, the solvers answer
			// A permit quote reads what a token's permit needs, calls some
			// tokens revert (version(), eip712Domain()): state of their
			// block, which the follower refreshes too, so a warm forward
			// permit quote costs no round trip either.
			if tc.permit {
				fwd := tc
				fwd.forwardIn = "3000000"
				quoteOnce(t, e, fwd)
				nextBlock(t, tc)
				if n := quoteOnce(t, e, fwd).trips; n != 0 {
					t.Errorf("warm forward permit quote: %d round trips on the request path, want 0", n)
				}
			}
			nextBlock(t, tc)
			warm := quoteOnce(t, e, tc)
			t.Logf("%s: cold %d round trips, %d solver asks; warm after a block %d round trips, %d solver asks",
				tc.name, cold.trips, cold.asks, warm.trips, warm.asks)
			if warm.trips != 0 {
				t.Errorf("warm exact-output quote: %d round trips on the request path, want 0", warm.trips)
			}
			if warm.asks != 0 {
				t.Errorf("warm exact-output quote: %d solver asks while the last answers are fresh, want 0", warm.asks)
			}
		})
	}
	// Solvers asked afresh, the chains warm: a new provider over the reader.
	for _, exact := range []bool{true, false} {
		tc := classes[4]
		if !exact {
			tc = classes[5]
		}
		t.Run(tc.name+", solvers afresh", func(t *testing.T) {
			var asks atomic.Int32
			var s limitorder.Solver = countingSolver{devnetSolver, &asks}
			if exact {
				s = countingExactSolver{countingSolver{devnetSolver, &asks}}
			}
			prev := asksOf[exact]
			asksOf[exact] = &asks
			defer func() { asksOf[exact] = prev }()
			got := quoteOnce(t, warmEngine(t, d, reader, s, solverTimeout), tc)
			t.Logf("%s: %d round trips, %d solver asks", tc.name, got.trips, got.asks)
			if got.trips != 0 || got.asks > 2 {
				t.Errorf("%d round trips and %d solver asks; want none and at most 2 (decision 107)", got.trips, got.asks)
			}
		})
	}
	// The heads not followed: a read of the newest state asks the node for
	// its block number at least, once per chain and request (later phases
	// read at the first one's block). An exact-output permit quote prices
	// backwards (as the exact-output quote of its route does), then
	// forwards once per input found.
	for _, tc := range classes[6:] {
		t.Run(tc.name+", heads not followed", func(t *testing.T) {
			e := warmEngine(t, d, hotReader(t, d, evm.Config{}, 0), exactSolver, solverTimeout)
			quoteOnce(t, e, tc) // immutables, and the answers of this block
			permit := quoteOnce(t, e, tc)
			back := tc
			back.permit = false // its best route, over the same providers
			backward := quoteOnce(t, e, back)
			t.Logf("%s: %d round trips; the exact-output quote of its route %d", tc.name, permit.trips, backward.trips)
			if permit.trips > backward.trips {
				t.Errorf("exact-output permit quote: %d round trips, more than the %d of its backward pricing: its forward passes read the chains again", permit.trips, backward.trips)
			}
		})
	}
}
