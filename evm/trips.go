package evm

import (
	"context"

	"github.com/m0-orchestration/m0/internal/roundtrip"
	"github.com/m0-orchestration/m0/orchestration"
)

// Trips counts the node round trips made on behalf of one context, by
// chain: those of every Reader, and of the Solana client of package svm,
// which counts in the same counter. It is safe for concurrent use. Obtain
// one with WithTrips.
type Trips = roundtrip.Trips

// WithTrips returns a context that counts the round trips every Reader (and
// every svm.Client) makes with it, and the counter. Counters nest: a trip
// counted by an inner counter is counted by the counters of the contexts it
// derives from too.
func WithTrips(ctx context.Context) (context.Context, *Trips) {
	return roundtrip.WithTrips(ctx)
}

// countTrip adds one round trip on chain to ctx's counters, if any.
func countTrip(ctx context.Context, chain orchestration.Chain) { roundtrip.Count(ctx, chain) }
