// Package roundtrip counts the round trips chain clients make to their
// nodes, by chain and per context, and redacts node URLs from transport
// errors. The EVM reader (package evm) and the Solana client (package svm)
// both count here, so one counter (evm.WithTrips) sees the trips of every
// runtime a quote reads.
package roundtrip

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"strings"
	"sync"
	"time"

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

// WithTrips returns a context that counts the round trips every client
// makes with it, and the counter. Counters nest: a trip counted by an inner
// counter is counted by the counters of the contexts it derives from too.
func WithTrips(ctx context.Context) (context.Context, *Trips) {
	t := &Trips{n: map[orchestration.Chain]int{}}
	t.parent, _ = ctx.Value(tripsKey{}).(*Trips)
	return context.WithValue(ctx, tripsKey{}, t), t
}

// Count adds one round trip on chain to ctx's counters, if any.
func Count(ctx context.Context, chain orchestration.Chain) {
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

// Redact removes RPC endpoint URLs from err's message. Node URLs often
// carry API keys in their path or query, and net/http puts the URL in every
// transport error (*url.Error). The result still unwraps to the transport's
// cause, so errors.Is(err, context.DeadlineExceeded) keeps working.
func Redact(err error) error {
	var ue *url.Error
	if err == nil || !errors.As(err, &ue) || ue.URL == "" {
		return err
	}
	msg := strings.ReplaceAll(err.Error(), ue.URL, "<rpc endpoint>")
	return &redactedError{msg: msg, cause: ue.Err}
}

type redactedError struct {
	msg   string
	cause error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.cause }

// UnavailableError is a read that failed because a chain's node did not
// answer usefully: unreachable, failing, or slower than the caller's
// deadline. It is what lets a caller tell an outage (retry later) from a
// bug; RetryAfter is a hint of when a retry may succeed. The EVM reader
// and the Solana client return it (evm.UnavailableError and
// svm.UnavailableError are this type), each by its own rule of what counts
// as an outage, and it implements quote.ChainUnavailable.
type UnavailableError struct {
	// Runtime prefixes the message ("evm", "svm"); empty, none.
	Runtime    string
	Chain      orchestration.Chain
	RetryAfter time.Duration
	Err        error
}

func (e *UnavailableError) Error() string {
	if e.Runtime == "" {
		return fmt.Sprintf("%s did not answer: %v", e.Chain, e.Err)
	}
	return fmt.Sprintf("%s: %s did not answer: %v", e.Runtime, e.Chain, e.Err)
}

func (e *UnavailableError) Unwrap() error { return e.Err }

// UnavailableChain is e.Chain (quote.ChainUnavailable).
func (e *UnavailableError) UnavailableChain() orchestration.Chain { return e.Chain }

// RetryHint is e.RetryAfter (quote.ChainUnavailable).
func (e *UnavailableError) RetryHint() time.Duration { return e.RetryAfter }
