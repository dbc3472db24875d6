package ratelimit_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/ratelimit/ratelimittest"
)

var epoch = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func TestMemoryConformance(t *testing.T) {
	ratelimittest.Run(t, func(t *testing.T) ratelimittest.Subject {
		clk := testclock.New(epoch)
		return ratelimittest.Subject{
			Limiter:      ratelimit.NewMemory(ratelimit.MemoryConfig{Now: clk.Now}),
			Wait:         clk.Advance,
			RefillPeriod: time.Hour,
		}
	})
}

// TestMemoryForgetsIdleKeys: memory holds the keys active within their
// period, not every key ever seen.
func TestMemoryForgetsIdleKeys(t *testing.T) {
	clk := testclock.New(epoch)
	m := ratelimit.NewMemory(ratelimit.MemoryConfig{Now: clk.Now, SweepInterval: time.Minute})
	ctx := t.Context()
	short, long := ratelimit.PerSecond(10), ratelimit.PerHour(10)
	for i := range 1000 {
		if _, err := m.Allow(ctx, fmt.Sprint("short-", i), short); err != nil {
			t.Fatal(err)
		}
	}
	m.Allow(ctx, "long", long)
	if got := m.Len(); got != 1001 {
		t.Fatalf("Len = %d after 1001 keys, want 1001", got)
	}
	clk.Advance(time.Minute)
	m.Allow(ctx, "trigger", ratelimit.Off) // Off keeps no state...
	m.Allow(ctx, "another", short)         // ...this request sweeps
	if got := m.Len(); got != 2 {
		t.Errorf("Len = %d a minute later, want 2 (the hourly key and the new one)", got)
	}
	// The hourly key was not forgotten: its budget is still spent.
	for range 9 {
		m.Allow(ctx, "long", long)
	}
	if d, _ := m.Allow(ctx, "long", long); d.Allowed {
		t.Error("the hourly key got an 11th request within the hour")
	}
}

func TestFallbackConformance(t *testing.T) {
	// A healthy shared limiter: Fallback must be invisible.
	ratelimittest.Run(t, func(t *testing.T) ratelimittest.Subject {
		clk := testclock.New(epoch)
		return ratelimittest.Subject{
			Limiter: ratelimit.NewFallback(
				ratelimit.NewMemory(ratelimit.MemoryConfig{Now: clk.Now}),
				ratelimit.NewMemory(ratelimit.MemoryConfig{Now: clk.Now}),
				ratelimit.FallbackConfig{Now: clk.Now}),
			Wait:         clk.Advance,
			RefillPeriod: time.Hour,
		}
	})
}
