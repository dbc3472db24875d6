package executor

import (
	"context"
	"errors"
	"math/big"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/testing/testclock"
)

// fakeQuoter answers quotes valid for ten minutes from its clock, counts
// calls, and can fail or hold its answers.
type fakeQuoter struct {
	clock *testclock.Clock
	calls atomic.Int64
	mu    sync.Mutex
	err   error
	hold  chan struct{} // when set, each call waits for it to close
}

func (f *fakeQuoter) Quote(ctx context.Context, req Request) (Quote, error) {
	f.calls.Add(1)
	f.mu.Lock()
	err, hold := f.err, f.hold
	f.mu.Unlock()
	if hold != nil {
		<-hold
	}
	if err != nil {
		return Quote{}, err
	}
	return Quote{
		Signed:        SignedQuote{SrcChain: req.SrcChain, DstChain: req.DstChain, Expiry: f.clock.Now().Add(10 * time.Minute)},
		EstimatedCost: big.NewInt(f.calls.Load()), // tells the answers apart
	}, nil
}

func (f *fakeQuoter) fail(err error) {
	f.mu.Lock()
	f.err = err
	f.mu.Unlock()
}

// TestCacheWarmGetMakesNoCall runs over the HTTP client: the second Get
// makes no round trip, by the metric and by the context's counter.
func TestCacheWarmGetMakesNoCall(t *testing.T) {
	f, srv := newFake(t)
	reg := prometheus.NewRegistry()
	cache := NewCache(newClient(t, srv.URL, f.clock, reg), CacheConfig{Now: f.clock.Now})
	first, err := cache.Get(context.Background(), solanaToBase)
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(9*time.Minute - DefaultMargin - time.Second) // the last second it may be served
	ctx, trips := WithTrips(context.Background())
	warm, err := cache.Get(ctx, solanaToBase)
	if err != nil {
		t.Fatal(err)
	}
	if trips.N() != 0 || f.calls.Load() != 1 || requests(t, reg, "ok") != 1 {
		t.Errorf("warm Get: %d trips, the Executor called %d times, %v requests counted; want 0, 1, 1", trips.N(), f.calls.Load(), requests(t, reg, "ok"))
	}
	if !warm.Signed.Expiry.Equal(first.Signed.Expiry) {
		t.Error("warm Get returned another quote")
	}
	// Another route is another key.
	other := solanaToBase
	other.Relay.GasLimit = big.NewInt(1)
	if _, err := cache.Get(ctx, other); err != nil {
		t.Fatal(err)
	}
	if trips.N() != 1 {
		t.Errorf("a new route made %d trips, want 1", trips.N())
	}
}

func TestCacheServesUntilMargin(t *testing.T) {
	clock := testclock.New(t0)
	q := &fakeQuoter{clock: clock}
	cache := NewCache(q, CacheConfig{Now: clock.Now, Margin: 30 * time.Second})
	cache.Get(context.Background(), solanaToBase)
	clock.Advance(10*time.Minute - 30*time.Second - time.Nanosecond)
	cache.Get(context.Background(), solanaToBase)
	if q.calls.Load() != 1 {
		t.Fatalf("%d calls before the margin, want 1", q.calls.Load())
	}
	clock.Advance(time.Nanosecond) // 30 s before expiry: no longer served
	got, err := cache.Get(context.Background(), solanaToBase)
	if err != nil || q.calls.Load() != 2 || got.EstimatedCost.Int64() != 2 {
		t.Fatalf("at the margin: %v, %d calls, cost %v; want a new quote from a second call", err, q.calls.Load(), got.EstimatedCost)
	}
	// A caller changing its copy, fetched or served warm, does not change
	// the cache's.
	got.EstimatedCost.SetInt64(99)
	warm, _ := cache.Get(context.Background(), solanaToBase)
	warm.EstimatedCost.SetInt64(98)
	warm.Signed.Raw = append(warm.Signed.Raw[:0], 'X')
	again, _ := cache.Get(context.Background(), solanaToBase)
	if again.EstimatedCost.Int64() != 2 || q.calls.Load() != 2 {
		t.Errorf("a caller's change reached the cached quote: cost %v after %d calls", again.EstimatedCost, q.calls.Load())
	}
}

// TestCacheSingleflight: concurrent misses for one route make one call.
func TestCacheSingleflight(t *testing.T) {
	clock := testclock.New(t0)
	q := &fakeQuoter{clock: clock, hold: make(chan struct{})}
	var asked atomic.Int64
	now := func() time.Time { asked.Add(1); return clock.Now() }
	cache := NewCache(q, CacheConfig{Now: now})
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Go(func() {
			_, err := cache.Get(context.Background(), solanaToBase)
			errs <- err
		})
	}
	// Release the Executor once every caller has looked in the cache.
	for asked.Load() < n || q.calls.Load() < 1 {
		time.Sleep(time.Millisecond)
	}
	close(q.hold)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if q.calls.Load() != 1 {
		t.Errorf("%d concurrent misses made %d calls, want 1", n, q.calls.Load())
	}
}

// TestCacheRefreshBeforeExpiry: Refresh renews a hot route before its
// quote stops being served, so Get makes no call; a cold route is left
// alone and forgotten.
func TestCacheRefreshBeforeExpiry(t *testing.T) {
	clock := testclock.New(t0)
	q := &fakeQuoter{clock: clock}
	cache := NewCache(q, CacheConfig{Now: clock.Now}) // margin 30 s, ahead 60 s, hot 5 min
	ctx := context.Background()
	cache.Get(ctx, solanaToBase)

	clock.Advance(4 * time.Minute)
	if err := cache.Refresh(ctx); err != nil || q.calls.Load() != 1 {
		t.Fatalf("Refresh with the quote far from expiry: %v, %d calls; want none", err, q.calls.Load())
	}
	cache.Get(ctx, solanaToBase)                                                        // keeps the route hot
	clock.Advance(10*time.Minute - DefaultMargin - DefaultRefreshAhead - 4*time.Minute) // inside the refresh window, 4.5 min after the last Get
	if err := cache.Refresh(ctx); err != nil || q.calls.Load() != 2 {
		t.Fatalf("Refresh inside the window: %v, %d calls; want one renewal", err, q.calls.Load())
	}
	clock.Advance(DefaultRefreshAhead) // the first quote would no longer be served
	got, err := cache.Get(ctx, solanaToBase)
	if err != nil || q.calls.Load() != 2 || got.EstimatedCost.Int64() != 2 {
		t.Fatalf("Get after the renewal: %v, %d calls, cost %v; want the renewed quote without a call", err, q.calls.Load(), got.EstimatedCost)
	}

	// Not asked for HotFor: not renewed, and once unusable, forgotten.
	clock.Advance(DefaultHotFor + 10*time.Minute)
	if err := cache.Refresh(ctx); err != nil || q.calls.Load() != 2 {
		t.Fatalf("Refresh of a cold route: %v, %d calls; want none", err, q.calls.Load())
	}
	cache.mu.Lock()
	left := len(cache.items)
	cache.mu.Unlock()
	if left != 0 {
		t.Errorf("%d routes held after they went cold and expired, want 0", left)
	}
}

// TestCacheFailedRefreshKeepsOldQuote: the Executor down, the old quote is
// served until it stops being usable, then the Executor's error.
func TestCacheFailedRefreshKeepsOldQuote(t *testing.T) {
	clock := testclock.New(t0)
	q := &fakeQuoter{clock: clock}
	cache := NewCache(q, CacheConfig{Now: clock.Now, HotFor: 15 * time.Minute})
	ctx := context.Background()
	old, _ := cache.Get(ctx, solanaToBase)

	down := &Error{Endpoint: "http://executor", Status: 503, RetryAfter: 7 * time.Second, Message: "down"}
	q.fail(down)
	clock.Advance(10*time.Minute - DefaultMargin - DefaultRefreshAhead)
	if err := cache.Refresh(ctx); !errors.Is(err, down) {
		t.Fatalf("Refresh with the Executor down: %v, want its error", err)
	}
	got, err := cache.Get(ctx, solanaToBase)
	if err != nil || got.EstimatedCost.Cmp(old.EstimatedCost) != 0 {
		t.Fatalf("Get after a failed renewal: %v, %v; want the old quote", got.EstimatedCost, err)
	}
	calls := q.calls.Load()
	clock.Advance(DefaultRefreshAhead) // the old quote is no longer served
	_, err = cache.Get(ctx, solanaToBase)
	var e *Error
	if !errors.As(err, &e) || e.Status != 503 || e.RetryAfter != 7*time.Second {
		t.Fatalf("Get once the old quote is unusable: %v, want the Executor's 503 with its Retry-After", err)
	}
	if q.calls.Load() != calls+1 {
		t.Errorf("Get made %d calls, want 1", q.calls.Load()-calls)
	}
}

func TestCacheRunStops(t *testing.T) {
	cache := NewCache(&fakeQuoter{clock: testclock.New(t0)}, CacheConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := cache.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Run = %v, want context.Canceled", err)
	}
}

// TestCacheCached: Cached answers from memory only, never calling the
// Quoter, and marks the route asked for, so Refresh fetches a route only
// Cached asked about and keeps a warm one fresh.
func TestCacheCached(t *testing.T) {
	clock := testclock.New(t0)
	q := &fakeQuoter{clock: clock}
	cache := NewCache(q, CacheConfig{Now: clock.Now}) // margin 30 s, ahead 60 s, hot 5 min
	ctx := context.Background()

	if _, ok := cache.Cached(solanaToBase); ok || q.calls.Load() != 0 {
		t.Fatalf("Cached of a cold route: ok %v after %d calls; want false and no call", ok, q.calls.Load())
	}
	// The miss marked the route hot: the background pass fetches it.
	if err := cache.Refresh(ctx); err != nil || q.calls.Load() != 1 {
		t.Fatalf("Refresh after a Cached miss: %v, %d calls; want one fetch", err, q.calls.Load())
	}
	got, ok := cache.Cached(solanaToBase)
	if !ok || got.EstimatedCost.Int64() != 1 || q.calls.Load() != 1 {
		t.Fatalf("Cached after the fetch: ok %v, cost %v, %d calls; want the fetched quote and no call", ok, got.EstimatedCost, q.calls.Load())
	}
	got.EstimatedCost.SetInt64(99) // a caller's copy
	if again, _ := cache.Get(ctx, solanaToBase); again.EstimatedCost.Int64() != 1 || q.calls.Load() != 1 {
		t.Errorf("Get after Cached: cost %v, %d calls; want the held quote, unchanged, without a call", again.EstimatedCost, q.calls.Load())
	}

	// Up to the margin, then no longer usable, without a call.
	clock.Advance(10*time.Minute - DefaultMargin - time.Nanosecond)
	if _, ok := cache.Cached(solanaToBase); !ok {
		t.Error("Cached just before the margin: none, want the held quote")
	}
	clock.Advance(time.Nanosecond)
	if _, ok := cache.Cached(solanaToBase); ok || q.calls.Load() != 1 {
		t.Errorf("Cached at the margin: ok %v after %d calls; want false and no call", ok, q.calls.Load())
	}

	// Relay instructions that do not encode have no quote.
	bad := solanaToBase
	bad.Relay.GasLimit = new(big.Int).Lsh(big.NewInt(1), 128)
	if _, ok := cache.Cached(bad); ok {
		t.Error("Cached with a 129-bit gas limit: ok, want false")
	}
}

// TestCacheCachedKeepsRouteHot: a route asked for only through Cached
// stays hot, so Refresh renews it before it stops being usable and Cached
// keeps answering.
func TestCacheCachedKeepsRouteHot(t *testing.T) {
	clock := testclock.New(t0)
	q := &fakeQuoter{clock: clock}
	cache := NewCache(q, CacheConfig{Now: clock.Now})
	ctx := context.Background()
	if _, err := cache.Get(ctx, solanaToBase); err != nil {
		t.Fatal(err)
	}
	for range 32 { // 16 min by the 30 s passes: past the first quote's life and HotFor since the Get
		clock.Advance(30 * time.Second)
		if _, ok := cache.Cached(solanaToBase); !ok {
			t.Fatalf("Cached at %v: none, want a quote kept fresh", clock.Now().Sub(t0))
		}
		if err := cache.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if q.calls.Load() < 2 {
		t.Errorf("%d calls over 16 minutes of Cached, want renewals", q.calls.Load())
	}
}
