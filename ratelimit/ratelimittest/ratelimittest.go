// Package ratelimittest is the conformance suite of ratelimit.Limiter
// implementations: Memory and redislimit run it, and so can a limiter
// written in another module.
//
// The suite asserts counts (how many requests of a burst pass), never how
// long anything took. An implementation on a real clock runs it with
// periods long enough that a few calls never take one interval; one on a
// fake clock lets time pass by moving the clock.
package ratelimittest

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/ratelimit"
)

// Subject is a limiter under test.
type Subject struct {
	// Limiter is empty: no key has made a request yet.
	Limiter ratelimit.Limiter
	// Wait lets d pass for Limiter: it advances the limiter's fake clock,
	// or sleeps.
	Wait func(d time.Duration)
	// RefillPeriod is the period of the refill tests, which wait for about
	// two of them: an hour on a fake clock, a second on a real one. The
	// other tests use periods of an hour and never wait.
	RefillPeriod time.Duration
}

// Run runs the suite. newSubject returns a fresh Subject, independent of
// every other one, on every call.
func Run(t *testing.T, newSubject func(t *testing.T) Subject) {
	for _, tt := range []struct {
		name string
		fn   func(t *testing.T, s Subject)
	}{
		{"Burst", testBurst},
		{"Refill", testRefill},
		{"IndependentKeys", testIndependentKeys},
		{"Off", testOff},
		{"LimitChange", testLimitChange},
		{"Concurrent", testConcurrent},
		{"InvalidLimit", testInvalidLimit},
	} {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, newSubject(t)) })
	}
}

// allow calls Allow and fails t on an error.
func allow(t *testing.T, s Subject, key string, l ratelimit.Limit) ratelimit.Decision {
	t.Helper()
	d, err := s.Limiter.Allow(t.Context(), key, l)
	if err != nil {
		t.Fatalf("Allow(%q, %s): %v", key, l, err)
	}
	if d.Allowed && d.RetryAfter != 0 {
		t.Errorf("Allow(%q, %s) allowed with RetryAfter %s, want 0", key, l, d.RetryAfter)
	}
	return d
}

// burst makes n requests and returns how many were allowed, and the last
// refusal.
func burst(t *testing.T, s Subject, key string, l ratelimit.Limit, n int) (allowed int, refused ratelimit.Decision) {
	t.Helper()
	for range n {
		if d := allow(t, s, key, l); d.Allowed {
			allowed++
		} else {
			refused = d
		}
	}
	return allowed, refused
}

// wantRefused checks that d refuses with a RetryAfter of more than zero and
// at most one interval of l.
func wantRefused(t *testing.T, d ratelimit.Decision, l ratelimit.Limit) {
	t.Helper()
	if d.Allowed {
		t.Fatalf("request allowed, want refused under %s", l)
	}
	if d.RetryAfter <= 0 || d.RetryAfter > l.Interval() {
		t.Errorf("RetryAfter = %s, want in (0, %s]", d.RetryAfter, l.Interval())
	}
}

// testBurst: a fresh key gets exactly Count requests, then refusals that
// each say to wait at most one interval.
func testBurst(t *testing.T, s Subject) {
	for _, l := range []ratelimit.Limit{ratelimit.PerHour(1), ratelimit.PerHour(5), {Count: 50, Period: 2 * time.Hour}} {
		t.Run(l.String(), func(t *testing.T) {
			key := "burst-" + l.String()
			got, _ := burst(t, s, key, l, l.Count)
			if got != l.Count {
				t.Errorf("%d of the first %d requests allowed, want all", got, l.Count)
			}
			for range 3 {
				wantRefused(t, allow(t, s, key, l), l)
			}
		})
	}
}

// testRefill: after RetryAfter one more request passes; after a whole quiet
// period, a whole burst; never more.
func testRefill(t *testing.T, s Subject) {
	l := ratelimit.Limit{Count: 2, Period: s.RefillPeriod}
	slack := s.RefillPeriod / 50 // a real clock may be read a little early
	if got, _ := burst(t, s, "refill", l, 2); got != 2 {
		t.Fatalf("%d of 2 allowed, want 2", got)
	}
	d := allow(t, s, "refill", l)
	wantRefused(t, d, l)

	s.Wait(d.RetryAfter + slack)
	if d := allow(t, s, "refill", l); !d.Allowed {
		t.Fatalf("refused after waiting RetryAfter: %+v", d)
	}
	wantRefused(t, allow(t, s, "refill", l), l)

	s.Wait(s.RefillPeriod + slack)
	got, refused := burst(t, s, "refill", l, 4)
	if got != 2 {
		t.Errorf("after a quiet period: %d of 4 allowed, want 2 (the whole burst, no more)", got)
	}
	wantRefused(t, refused, l)
}

// testIndependentKeys: one key's requests do not use another's budget.
func testIndependentKeys(t *testing.T, s Subject) {
	l := ratelimit.PerHour(3)
	burst(t, s, "a", l, 3)
	wantRefused(t, allow(t, s, "a", l), l)
	for _, key := range []string{"b", "", "a:3/h", "A", "ä"} {
		if got, _ := burst(t, s, key, l, 3); got != 3 {
			t.Errorf("key %q: %d of 3 allowed after key a's burst, want 3", key, got)
		}
	}
	wantRefused(t, allow(t, s, "a", l), l)
}

// testOff: the zero Limit never refuses, even for a key that is limited
// under another limit.
func testOff(t *testing.T, s Subject) {
	l := ratelimit.PerHour(1)
	burst(t, s, "k", l, 1)
	wantRefused(t, allow(t, s, "k", l), l)
	for _, off := range []ratelimit.Limit{ratelimit.Off, {Period: time.Second}} {
		if got, _ := burst(t, s, "k", off, 100); got != 100 {
			t.Errorf("limit %+v: %d of 100 allowed, want all", off, got)
		}
	}
}

// testLimitChange: a key whose limit changes starts the new limit with a
// whole burst, whether the limit was lowered or raised.
func testLimitChange(t *testing.T, s Subject) {
	was, lower, higher := ratelimit.PerHour(3), ratelimit.PerHour(1), ratelimit.PerMinute(1000)
	burst(t, s, "k", was, 3)
	wantRefused(t, allow(t, s, "k", was), was)
	if got, refused := burst(t, s, "k", lower, 2); got != 1 {
		t.Errorf("lowered to %s: %d of 2 allowed, want 1", lower, got)
	} else {
		wantRefused(t, refused, lower)
	}
	if got, _ := burst(t, s, "k", higher, 10); got != 10 {
		t.Errorf("raised to %s: %d of 10 allowed, want 10", higher, got)
	}
	// Back to the first limit: its budget is still spent.
	wantRefused(t, allow(t, s, "k", was), was)
}

// testConcurrent: concurrent requests for one key never exceed the burst.
func testConcurrent(t *testing.T, s Subject) {
	const workers, each = 16, 5
	l := ratelimit.PerHour(30)
	var allowed atomic.Int32
	var g errgroup.Group
	for range workers {
		g.Go(func() error {
			for range each {
				d, err := s.Limiter.Allow(t.Context(), "shared", l)
				if err != nil {
					return err
				}
				if d.Allowed {
					allowed.Add(1)
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	if got := allowed.Load(); got != int32(l.Count) {
		t.Errorf("%d concurrent requests: %d allowed, want exactly %d", workers*each, got, l.Count)
	}
}

// testInvalidLimit: an invalid limit is an error wrapping ErrInvalidLimit,
// never a decision.
func testInvalidLimit(t *testing.T, s Subject) {
	for _, l := range []ratelimit.Limit{
		{Count: -1, Period: time.Second},
		{Count: 1},
		{Count: 1, Period: 25 * time.Hour},
		{Count: 1, Period: 1500 * time.Microsecond},
		{Count: 2000, Period: time.Millisecond},
	} {
		t.Run(fmt.Sprintf("%d per %s", l.Count, l.Period), func(t *testing.T) {
			d, err := s.Limiter.Allow(t.Context(), "k", l)
			if !errors.Is(err, ratelimit.ErrInvalidLimit) {
				t.Errorf("Allow = %+v, %v; want ErrInvalidLimit", d, err)
			}
		})
	}
}
