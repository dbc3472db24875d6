package quote

import (
	"fmt"
	"testing"
)

func TestMemoBuildsOnceAndStaysBounded(t *testing.T) {
	var m Memo[string, int]
	builds := 0
	build := func(v int) func() int { return func() int { builds++; return v } }
	if got := m.Get("a", build(1)); got != 1 {
		t.Fatalf("Get(a) = %d, want 1", got)
	}
	if got := m.Get("a", build(2)); got != 1 || builds != 1 {
		t.Fatalf("Get(a) again = %d after %d builds, want the first value and one build", got, builds)
	}
	for i := range 2 * memoLimit {
		m.Get(fmt.Sprint(i), build(i))
	}
	if n := len(m.m); n > memoLimit {
		t.Errorf("%d entries, want at most %d", n, memoLimit)
	}
}
