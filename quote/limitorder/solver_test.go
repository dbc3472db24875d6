package limitorder_test

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"testing"
	"time"

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
