package limitorder_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// TestValidUntil: an EVM order holds while the solver stands by its
// offer and never past its fill deadline; an offer already lapsed makes
// no route.
func TestValidUntil(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	solverAddr := common.HexToAddress("0x00000000000000000000000000000000000000e1").Hex()
	now := time.Now().Truncate(time.Second)
	const horizon = 2 * time.Hour
	for _, tc := range []struct {
		name    string
		expires time.Time // the offer's; zero: none
		want    func(head uint64) int64
		noRoute bool
	}{
		{"no expiry: the fill deadline", time.Time{}, func(head uint64) int64 { return int64(head) + int64(horizon/time.Second) }, false},
		{"the offer's expiry", now.Add(45 * time.Second), func(uint64) int64 { return now.Unix() + 45 }, false},
		{"an expiry past the fill deadline", now.Add(3 * time.Hour), func(head uint64) int64 { return int64(head) + int64(horizon/time.Second) }, false},
		{"an offer already expired", now.Add(-time.Second), nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			solver := answering{"x", func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
				out := new(big.Int).Mul(req.AmountIn, big.NewInt(9_990))
				return limitorder.Offer{Address: solverAddr, AmountOut: out.Quo(out, big.NewInt(10_000)), Exclusive: true, FeeBps: 10,
					ExpiresAt: tc.expires}, nil
			}}
			p := newProvider(t, env, limitorder.Config{FillHorizon: horizon, Solvers: []limitorder.Solver{solver},
				Now: func() time.Time { return now }})
			quotes, err := newEngine(t, env, p).Quote(t.Context(),
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "USDC"), "10000000", alice, carol))
			if tc.noRoute {
				if oe, ok := errors.AsType[*orchestration.Error](err); !ok || oe.Code != orchestration.NoQuotesAvailable {
					t.Fatalf("err = %v, want NoQuotesAvailable", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			head, err := env.Devnet.Chains()[0].Client().HeaderByNumber(t.Context(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := quotes[0].ExpiresAt, tc.want(head.Time); got != want {
				t.Errorf("expiresAt = now%+ds, want now%+ds", got-now.Unix(), want-now.Unix())
			}
		})
	}
}

// TestSolanaValidUntil: an order opening on Solana holds until the
// cluster's clock reaches its created_at (the clock read plus the lead)
// or its blockhash lapses, whichever is first, and no longer than its
// offer.
func TestSolanaValidUntil(t *testing.T) {
	clock := time.Unix(solClock, 0)
	created := int64(solClock + limitorder.SolanaCreatedAtLead)
	for _, tc := range []struct {
		name    string
		now     time.Time // the provider's clock
		expires time.Time // the offer's
		want    int64
	}{
		{"the blockhash lapses first", clock, time.Time{}, solClock + 60},
		{"created_at's window closes first", clock.Add(100 * time.Second), time.Time{}, created},
		{"the offer lapses first", clock, clock.Add(30 * time.Second), solClock + 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newSolOrderWorld(t)
			solver := answering{"mm", func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
				out := new(big.Int).Mul(req.AmountIn, big.NewInt(9_990))
				return limitorder.Offer{Address: evmSolver, AmountOut: out.Quo(out, big.NewInt(10_000)), Exclusive: true, FeeBps: 10,
					ExpiresAt: tc.expires}, nil
			}}
			p, err := limitorder.New(quote.Deps{Catalog: w.cat, Runtimes: []quote.Runtime{w.rt}, Logger: discard},
				limitorder.Config{Solvers: []limitorder.Solver{solver}, Now: func() time.Time { return tc.now }})
			if err != nil {
				t.Fatal(err)
			}
			e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: []quote.Runtime{w.rt}, Providers: []quote.Provider{p}, Logger: discard})
			if err != nil {
				t.Fatal(err)
			}
			quotes, err := e.Quote(t.Context(), solOrderRequest(toEthWM, "2500000", evmCarol))
			if err != nil {
				t.Fatal(err)
			}
			if got := quotes[0].ExpiresAt; got != tc.want {
				t.Errorf("expiresAt = clock%+ds, want clock%+ds", got-solClock, tc.want-solClock)
			}
		})
	}
}
