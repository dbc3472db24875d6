package httpserver

import (
	"testing"
	"time"
)

// A stream's lifetime is the configured one less up to a tenth, drawn
// for each stream: streams opened together do not all end together.
func TestStreamLifetimeIsJittered(t *testing.T) {
	const d = 30 * time.Minute
	seen := map[time.Duration]bool{}
	for range 100 {
		got := jittered(d)
		if got > d || got < d-d/10 {
			t.Fatalf("jittered(%s) = %s, want within the last tenth", d, got)
		}
		seen[got] = true
	}
	if len(seen) < 50 {
		t.Errorf("100 lifetimes drawn, %d distinct: streams opened together would end together", len(seen))
	}
}
