package redislimit_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/m0-orchestration/m0/internal/testing/testredis"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/ratelimit/ratelimittest"
	"github.com/m0-orchestration/m0/ratelimit/redislimit"
)

// client connects to the test Redis (skipping without one).
func client(t *testing.T) *redis.Client {
	t.Helper()
	opts, err := redis.ParseURL(testredis.URL(t))
	if err != nil {
		t.Fatalf("%s: %v", testredis.URLEnv, err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	if err := rdb.Ping(t.Context()).Err(); err != nil {
		t.Fatalf("test Redis: %v", err)
	}
	return rdb
}

// prefix returns a key prefix of t's own and deletes its keys when t ends.
func prefix(t *testing.T, rdb *redis.Client) string {
	b := make([]byte, 6)
	rand.Read(b)
	p := "m0test:ratelimit:" + hex.EncodeToString(b) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		keys, _ := rdb.Keys(ctx, p+"*").Result()
		if len(keys) > 0 {
			rdb.Del(ctx, keys...)
		}
	})
	return p
}

func TestConformance(t *testing.T) {
	rdb := client(t)
	ratelimittest.Run(t, func(t *testing.T) ratelimittest.Subject {
		return ratelimittest.Subject{
			Limiter:      redislimit.New(rdb, redislimit.Config{Prefix: prefix(t, rdb)}),
			Wait:         time.Sleep,
			RefillPeriod: time.Second,
		}
	})
}

// TestReplicasShareBudget: limiters on different connections with one
// prefix, like replicas sharing a Redis, enforce one budget; another prefix
// is another budget.
func TestReplicasShareBudget(t *testing.T) {
	p := prefix(t, client(t))
	a := redislimit.New(client(t), redislimit.Config{Prefix: p})
	b := redislimit.New(client(t), redislimit.Config{Prefix: p})
	other := redislimit.New(client(t), redislimit.Config{Prefix: p + "other:"})
	l := ratelimit.PerHour(6)
	allowed := 0
	for i := range 10 {
		r := a
		if i%2 == 1 {
			r = b
		}
		d, err := r.Allow(t.Context(), "k", l)
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed {
			allowed++
		}
	}
	if allowed != 6 {
		t.Errorf("two replicas alternating: %d of 10 allowed, want 6 (one budget)", allowed)
	}
	if d, err := other.Allow(t.Context(), "k", l); err != nil || !d.Allowed {
		t.Errorf("another prefix: %+v, %v; want allowed", d, err)
	}
}

// TestStateExpires: Redis keeps a key's state only until the key has its
// whole burst again.
func TestStateExpires(t *testing.T) {
	rdb := client(t)
	p := prefix(t, rdb)
	lim := redislimit.New(rdb, redislimit.Config{Prefix: p})
	l := ratelimit.PerHour(4)
	for range 2 {
		lim.Allow(t.Context(), "k", l)
	}
	ttl, err := rdb.PTTL(t.Context(), p+"k:4/h").Result()
	if err != nil {
		t.Fatal(err)
	}
	// Two of four used: the state matters for two intervals (30 minutes).
	if ttl <= 29*time.Minute || ttl > 30*time.Minute {
		t.Errorf("state TTL = %s, want just under 30m", ttl)
	}
}

// deadRedis returns a client to an address where nothing listens.
func deadRedis(t *testing.T) *redis.Client {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialTimeout: time.Second})
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// TestRedisDown: the Limiter reports an unreachable Redis as an error
// (never as a decision), and Fallback keeps limiting locally.
func TestRedisDown(t *testing.T) {
	lim := redislimit.New(deadRedis(t), redislimit.Config{})
	l := ratelimit.PerHour(2)
	if d, err := lim.Allow(t.Context(), "k", l); err == nil {
		t.Fatalf("Allow with Redis down = %+v, nil; want an error", d)
	}
	if err := lim.Ping(t.Context()); err == nil {
		t.Error("Ping with Redis down = nil")
	}
	f := ratelimit.NewFallback(lim, ratelimit.NewMemory(ratelimit.MemoryConfig{}),
		ratelimit.FallbackConfig{Name: "redis", Logger: slog.New(slog.DiscardHandler)})
	allowed := 0
	for range 4 {
		d, err := f.Allow(t.Context(), "k", l)
		if err != nil {
			t.Fatalf("Fallback.Allow: %v", err)
		}
		if d.Allowed {
			allowed++
		}
	}
	if allowed != 2 {
		t.Errorf("Redis down: %d of 4 allowed, want 2 (limited locally)", allowed)
	}
	if err := f.Check(t.Context()); err == nil {
		t.Error("Check with Redis down = nil")
	}
}

// TestInvalidLimitSkipsRedis: an invalid limit is refused before Redis is
// asked, so it is not mistaken for an outage.
func TestInvalidLimitSkipsRedis(t *testing.T) {
	lim := redislimit.New(deadRedis(t), redislimit.Config{})
	if _, err := lim.Allow(t.Context(), "k", ratelimit.Limit{Count: 1}); !errors.Is(err, ratelimit.ErrInvalidLimit) {
		t.Errorf("Allow = %v, want ErrInvalidLimit", err)
	}
}

// BenchmarkAllow: one decision through the Redis script (one round trip to
// the test Redis), from parallel goroutines.
func BenchmarkAllow(b *testing.B) {
	opts, err := redis.ParseURL(testredis.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	defer rdb.Close()
	lim := redislimit.New(rdb, redislimit.Config{Prefix: "m0bench:ratelimit:"})
	l := ratelimit.PerSecond(1000000)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		ctx := b.Context()
		for pb.Next() {
			if _, err := lim.Allow(ctx, "k", l); err != nil {
				b.Fatal(err)
			}
		}
	})
}
