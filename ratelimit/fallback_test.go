package ratelimit_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/ratelimit"
)

// flaky is a shared limiter that fails on demand, like a Redis that went
// away.
type flaky struct {
	ratelimit.Limiter
	down  atomic.Bool
	calls atomic.Int32
}

var errDown = errors.New("dial tcp 127.0.0.1:6379: connect: connection refused")

func (f *flaky) Allow(ctx context.Context, key string, l ratelimit.Limit) (ratelimit.Decision, error) {
	f.calls.Add(1)
	if f.down.Load() {
		return ratelimit.Decision{}, errDown
	}
	return f.Limiter.Allow(ctx, key, l)
}

// pinger is a flaky limiter that can be pinged.
type pinger struct{ *flaky }

func (p pinger) Ping(context.Context) error {
	if p.down.Load() {
		return errDown
	}
	return nil
}

// logs records log lines, safe for concurrent use.
type logs struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// count returns how many lines have this level and message.
func (l *logs) count(level, msg string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for line := range strings.Lines(l.buf.String()) {
		if strings.Contains(line, "level="+level) && strings.Contains(line, msg) {
			n++
		}
	}
	return n
}

const (
	warnDown = "rate limiter unreachable"
	infoUp   = "rate limiter recovered"
)

type fallbackEnv struct {
	clk    *testclock.Clock
	shared *flaky
	logs   *logs
	f      *ratelimit.Fallback
}

func newFallback(t *testing.T, ping bool) *fallbackEnv {
	clk := testclock.New(epoch)
	e := &fallbackEnv{clk: clk, shared: &flaky{Limiter: ratelimit.NewMemory(ratelimit.MemoryConfig{Now: clk.Now})}, logs: &logs{}}
	var shared ratelimit.Limiter = e.shared
	if ping {
		shared = pinger{e.shared}
	}
	e.f = ratelimit.NewFallback(shared, ratelimit.NewMemory(ratelimit.MemoryConfig{Now: clk.Now}), ratelimit.FallbackConfig{
		Name:          "redis",
		Logger:        slog.New(slog.NewTextHandler(e.logs, nil)),
		RetryInterval: time.Second,
		Now:           clk.Now,
	})
	return e
}

func (e *fallbackEnv) allowed(t *testing.T, key string, l ratelimit.Limit, n int) int {
	t.Helper()
	got := 0
	for range n {
		d, err := e.f.Allow(t.Context(), key, l)
		if err != nil {
			t.Fatalf("Fallback.Allow: %v (it must not fail for an outage)", err)
		}
		if d.Allowed {
			got++
		}
	}
	return got
}

// TestFallbackOutage follows one outage: requests keep being judged (by the
// local limiter, which enforces the limit too), the outage is logged once
// and reported by Check, the dead limiter is asked once per retry interval,
// and its recovery is logged once and puts it back in charge.
func TestFallbackOutage(t *testing.T) {
	e := newFallback(t, false)
	l := ratelimit.PerHour(3)
	if got := e.allowed(t, "k", l, 2); got != 2 {
		t.Fatalf("%d of 2 allowed", got)
	}
	if err := e.f.Check(t.Context()); err != nil {
		t.Errorf("Check while healthy: %v", err)
	}

	e.shared.down.Store(true)
	calls := e.shared.calls.Load()
	if got := e.allowed(t, "k", l, 5); got != 3 {
		t.Errorf("during the outage: %d of 5 allowed, want 3 (the local limiter's full burst)", got)
	}
	if got := e.shared.calls.Load() - calls; got != 1 {
		t.Errorf("the dead limiter was asked %d times within the retry interval, want 1", got)
	}
	err := e.f.Check(t.Context())
	if err == nil || !strings.Contains(err.Error(), "redis") || !errors.Is(err, errDown) {
		t.Errorf("Check during the outage = %v; want an error naming redis, wrapping the cause", err)
	}

	// A probe per retry interval, still failing: no second warning.
	e.clk.Advance(time.Second)
	calls = e.shared.calls.Load()
	e.allowed(t, "other", l, 3)
	if got := e.shared.calls.Load() - calls; got != 1 {
		t.Errorf("after the retry interval the dead limiter was asked %d times, want 1 (one probe)", got)
	}
	if n := e.logs.count("WARN", warnDown); n != 1 {
		t.Errorf("%d outage warnings, want 1\n%s", n, e.logs.buf.String())
	}

	// Recovery: the next probe succeeds and the shared budget applies again
	// (2 of its 3 were used before the outage).
	e.shared.down.Store(false)
	e.clk.Advance(time.Second)
	if got := e.allowed(t, "k", l, 3); got != 1 {
		t.Errorf("after recovery: %d of 3 allowed, want 1 (the shared budget's last)", got)
	}
	if err := e.f.Check(t.Context()); err != nil {
		t.Errorf("Check after recovery: %v", err)
	}
	if n := e.logs.count("INFO", infoUp); n != 1 {
		t.Errorf("%d recovery lines, want 1\n%s", n, e.logs.buf.String())
	}
	if n := e.logs.count("WARN", warnDown); n != 1 {
		t.Errorf("%d outage warnings after recovery, want still 1", n)
	}
}

// TestFallbackCheckPings: a shared limiter that can be pinged is watched by
// Check, so an outage and its end are noticed without traffic.
func TestFallbackCheckPings(t *testing.T) {
	e := newFallback(t, true)
	e.shared.down.Store(true)
	for range 3 {
		if err := e.f.Check(t.Context()); !errors.Is(err, errDown) {
			t.Fatalf("Check with the shared limiter down = %v, want its error", err)
		}
	}
	if e.shared.calls.Load() != 0 {
		t.Error("Check counted a request")
	}
	calls := e.shared.calls.Load()
	if got := e.allowed(t, "k", ratelimit.PerHour(1), 2); got != 1 {
		t.Errorf("%d of 2 allowed, want 1 (local)", got)
	}
	if e.shared.calls.Load() != calls {
		t.Error("a request asked the shared limiter right after Check found it down")
	}
	e.shared.down.Store(false)
	if err := e.f.Check(t.Context()); err != nil {
		t.Fatalf("Check after recovery: %v", err)
	}
	if d, _ := e.f.Allow(t.Context(), "k", ratelimit.PerHour(1)); !d.Allowed || e.shared.calls.Load() != calls+1 {
		t.Errorf("after Check saw the recovery, the request was not judged by the shared limiter: %+v", d)
	}
	if w, i := e.logs.count("WARN", warnDown), e.logs.count("INFO", infoUp); w != 1 || i != 1 {
		t.Errorf("%d warnings and %d recoveries logged, want 1 and 1\n%s", w, i, e.logs.buf.String())
	}
}

// TestFallbackCallerGone: a failure because the caller's context ended is not
// an outage.
func TestFallbackCallerGone(t *testing.T) {
	e := newFallback(t, false)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	e.shared.down.Store(true) // what a client library returns for a dead ctx
	if _, err := e.f.Allow(ctx, "k", ratelimit.PerHour(1)); err != nil {
		t.Fatal(err)
	}
	e.shared.down.Store(false)
	if err := e.f.Check(t.Context()); err != nil {
		t.Errorf("Check = %v: a cancelled request counted as an outage", err)
	}
	if n := e.logs.count("WARN", warnDown); n != 0 {
		t.Errorf("%d outage warnings for a cancelled request", n)
	}
}

// TestFallbackInvalidLimit: an invalid limit is the caller's error, not an
// outage.
func TestFallbackInvalidLimit(t *testing.T) {
	e := newFallback(t, false)
	if _, err := e.f.Allow(t.Context(), "k", ratelimit.Limit{Count: -1}); !errors.Is(err, ratelimit.ErrInvalidLimit) {
		t.Errorf("Allow = %v, want ErrInvalidLimit", err)
	}
	if err := e.f.Check(t.Context()); err != nil {
		t.Errorf("Check = %v", err)
	}
}
