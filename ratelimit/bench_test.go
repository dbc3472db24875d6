package ratelimit_test

import (
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/m0-orchestration/m0/ratelimit"
)

// BenchmarkMemoryAllow: one decision on a limiter holding 1000 busy keys,
// from parallel goroutines.
func BenchmarkMemoryAllow(b *testing.B) {
	m := ratelimit.NewMemory(ratelimit.MemoryConfig{})
	l := ratelimit.PerSecond(1000000)
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = "key_" + strconv.Itoa(i)
	}
	var n atomic.Uint64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		ctx := b.Context()
		for pb.Next() {
			if _, err := m.Allow(ctx, keys[n.Add(1)%uint64(len(keys))], l); err != nil {
				b.Fatal(err)
			}
		}
	})
}
