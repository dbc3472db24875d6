package limitorder_test

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// fake is a Solver answering with fn.
type fake struct {
	name string
	fn   func(context.Context) (limitorder.Offer, error)
}

func (f fake) Name() string { return f.name }
func (f fake) Offer(ctx context.Context, _ limitorder.OfferRequest) (limitorder.Offer, error) {
	return f.fn(ctx)
}

func offering(name string, out int64, exclusive bool) fake {
	return fake{name, func(context.Context) (limitorder.Offer, error) {
		return limitorder.Offer{Solver: name, Address: "0x" + name, AmountOut: big.NewInt(out), Exclusive: exclusive}, nil
	}}
}

func failing(name string, err error) fake {
	return fake{name, func(context.Context) (limitorder.Offer, error) { return limitorder.Offer{}, err }}
}

// honest waits for its context to end, as a slow solver should.
func honest(name string) fake {
	return fake{name, func(ctx context.Context) (limitorder.Offer, error) {
		<-ctx.Done()
		return limitorder.Offer{}, ctx.Err()
	}}
}

// stuck ignores its context and blocks until release is closed.
func stuck(name string, release <-chan struct{}) fake {
	return fake{name, func(context.Context) (limitorder.Offer, error) {
		<-release
		return limitorder.Offer{Solver: name, AmountOut: big.NewInt(1 << 40)}, nil
	}}
}

func TestCollect(t *testing.T) {
	release := make(chan struct{}) // closed only after the test: the stuck solver is abandoned, not waited for
	t.Cleanup(func() { close(release) })
	boom := errors.New("boom")

	type want struct {
		offers    []string // solver:amount
		errSolver []string
		errIs     []error
	}
	tests := []struct {
		name    string
		solvers []limitorder.Solver
		want    want
	}{
		{"none", nil, want{}},
		{"open offers collapse into the best",
			[]limitorder.Solver{offering("a", 90, false), offering("b", 99, false), offering("c", 95, false)},
			want{offers: []string{"b:99"}}},
		{"tie keeps the earlier solver",
			[]limitorder.Solver{offering("a", 99, false), offering("b", 99, false)},
			want{offers: []string{"a:99"}}},
		{"exclusive offers kept per solver, in solver order",
			[]limitorder.Solver{offering("x", 97, true), offering("a", 90, false), offering("y", 98, true), offering("b", 95, false)},
			want{offers: []string{"x:97", "y:98", "b:95"}}},
		{"no offer is not an error",
			[]limitorder.Solver{failing("n", limitorder.ErrNoOffer), offering("a", 90, false)},
			want{offers: []string{"a:90"}}},
		{"erroring, panicking, slow and stuck solvers do not hide the others",
			[]limitorder.Solver{
				failing("err", boom),
				offering("a", 90, false),
				fake{"panic", func(context.Context) (limitorder.Offer, error) { panic("oops") }},
				honest("slow"),
				stuck("stuck", release),
				offering("x", 80, true),
				fake{"zero", func(context.Context) (limitorder.Offer, error) { return limitorder.Offer{}, nil }},
			},
			want{offers: []string{"a:90", "x:80"}, errSolver: []string{"err", "panic", "slow", "stuck", "zero"},
				errIs: []error{boom, nil, context.DeadlineExceeded, limitorder.ErrAbandoned, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			offers, errs := limitorder.Collect(context.Background(), tt.solvers, limitorder.OfferRequest{AmountIn: big.NewInt(100)}, 50*time.Millisecond)
			var got []string
			for _, o := range offers {
				got = append(got, o.Solver+":"+o.AmountOut.String())
			}
			if !slices.Equal(got, tt.want.offers) {
				t.Errorf("offers = %v, want %v", got, tt.want.offers)
			}
			if len(errs) != len(tt.want.errSolver) {
				t.Fatalf("errs = %v, want one for each of %v", errs, tt.want.errSolver)
			}
			for i, err := range errs {
				se, ok := errors.AsType[*limitorder.SolverError](err)
				if !ok || se.Solver != tt.want.errSolver[i] {
					t.Errorf("errs[%d] = %v, want a SolverError of %s", i, err, tt.want.errSolver[i])
				}
				if w := tt.want.errIs[i]; w != nil && !errors.Is(err, w) {
					t.Errorf("errs[%d] = %v, want %v", i, err, w)
				}
				if se.Solver == "panic" {
					if _, ok := errors.AsType[*limitorder.PanicError](err); !ok {
						t.Errorf("errs[%d] = %v, want a PanicError", i, err)
					}
				}
			}
		})
	}
}

// TestCollectCallerContext: a caller's cancelled context ends Collect at
// once, even with a solver that never returns.
func TestCollectCallerContext(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	offers, errs := limitorder.Collect(ctx, []limitorder.Solver{stuck("stuck", release)}, limitorder.OfferRequest{}, time.Hour)
	if len(offers) != 0 || len(errs) != 1 || !errors.Is(errs[0], context.Canceled) {
		t.Fatalf("Collect under a cancelled context = %v, %v; want one context.Canceled", offers, errs)
	}
}

// withAddress is a Solver configured with its address on every chain.
type withAddress struct {
	fake
	addr string
}

func (w withAddress) Address(orchestration.Chain) string { return w.addr }

// claiming is a solver whose exclusive offer names solver and address,
// whoever it is.
func claiming(name, solver, addr string, out int64) fake {
	return fake{name, func(context.Context) (limitorder.Offer, error) {
		return limitorder.Offer{Solver: solver, Address: addr, AmountOut: big.NewInt(out), Exclusive: true}, nil
	}}
}

// TestCollectAttribution: an offer is its configured solver's, by name and,
// for a solver configured with an address, by address; an offer naming
// another address is refused, not moved to its owner.
func TestCollectAttribution(t *testing.T) {
	const (
		a = "0x00000000000000000000000000000000000000Aa"
		b = "0x00000000000000000000000000000000000000bB"
		c = "0x00000000000000000000000000000000000000cC"
	)
	tests := []struct {
		name      string
		solvers   []limitorder.Solver
		offers    []string // solver@address:amount
		errSolver []string
	}{
		{"a name claimed is the solver's own",
			[]limitorder.Solver{claiming("impostor", "honest", c, 99), claiming("honest", "honest", b, 90)},
			[]string{"impostor@" + c + ":99", "honest@" + b + ":90"}, nil},
		{"an unnamed offer is its solver's",
			[]limitorder.Solver{claiming("quiet", "", c, 99)},
			[]string{"quiet@" + c + ":99"}, nil},
		{"a configured address is the offer's, whatever its case",
			[]limitorder.Solver{withAddress{claiming("honest", "honest", strings.ToLower(b), 90), b}},
			[]string{"honest@" + b + ":90"}, nil},
		{"an offer without an address gets the configured one",
			[]limitorder.Solver{withAddress{claiming("honest", "honest", "", 90), b}},
			[]string{"honest@" + b + ":90"}, nil},
		{"an offer naming another address than the configured one is refused",
			[]limitorder.Solver{withAddress{claiming("liar", "liar", a, 99), c}, withAddress{claiming("honest", "", b, 90), b}},
			[]string{"honest@" + b + ":90"}, []string{"liar"}},
		{"an offer naming another solver's configured address is refused",
			[]limitorder.Solver{claiming("impostor", "honest", b, 99), withAddress{claiming("honest", "honest", b, 90), b}},
			[]string{"honest@" + b + ":90"}, []string{"impostor"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			offers, errs := limitorder.Collect(context.Background(), tt.solvers, limitorder.OfferRequest{AmountIn: big.NewInt(100)}, time.Second)
			var got []string
			for _, o := range offers {
				got = append(got, o.Solver+"@"+o.Address+":"+o.AmountOut.String())
			}
			if !slices.Equal(got, tt.offers) {
				t.Errorf("offers = %v, want %v", got, tt.offers)
			}
			var failed []string
			for _, err := range errs {
				se, ok := errors.AsType[*limitorder.SolverError](err)
				if !ok {
					t.Fatalf("error %v is not a SolverError", err)
				}
				failed = append(failed, se.Solver)
				if !strings.Contains(err.Error(), "address") {
					t.Errorf("error %q does not say it is the address", err)
				}
			}
			if !slices.Equal(failed, tt.errSolver) {
				t.Errorf("failed solvers %v (%v), want %v", failed, errs, tt.errSolver)
			}
		})
	}
}
