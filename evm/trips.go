package evm

import (
	"context"
	"maps"
	"sync"

	"github.com/m0-orchestration/m0/orchestration"
)

// Trips counts the node round trips made on behalf of one context, by
// chain. It is safe for concurrent use. Obtain one with WithTrips.
type Trips struct {
	parent *Trips
	mu     sync.Mutex
	n      map[orchestration.Chain]int
}

type tripsKey struct{}

// WithTrips returns a context that counts the round trips every Reader makes
// with it, and the counter. Counters nest: a trip counted by an inner
// counter is counted by the counters of the contexts it derives from too.
func WithTrips(ctx context.Context) (context.Context, *Trips) {
	t := &Trips{n: map[orchestration.Chain]int{}}
	t.parent, _ = ctx.Value(tripsKey{}).(*Trips)
	return context.WithValue(ctx, tripsKey{}, t), t
}

// countTrip adds one round trip on chain to ctx's counters, if any.
func countTrip(ctx context.Context, chain orchestration.Chain) {
	t, _ := ctx.Value(tripsKey{}).(*Trips)
	for ; t != nil; t = t.parent {
		t.mu.Lock()
		t.n[chain]++
		t.mu.Unlock()
	}
}

// Of is the number of round trips made to chain.
func (t *Trips) Of(chain orchestration.Chain) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n[chain]
}

// Total is the number of round trips made to every chain.
func (t *Trips) Total() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, v := range t.n {
		n += v
	}
	return n
}

// Chains returns a copy of the counts by chain.
func (t *Trips) Chains() map[orchestration.Chain]int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return maps.Clone(t.n)
}
