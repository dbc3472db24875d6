package apikey

import (
	"context"
	"errors"
	"net/netip"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// fakeAuth is an Authenticator over a map, with call counts, an optional
// gate that holds lookups, and an injectable error.
type fakeAuth struct {
	mu      sync.Mutex
	keys    map[string]Key // secret → key
	calls   int
	err     error
	gate    chan struct{} // when set, Authenticate waits on it after reading
	reading chan struct{} // when set, Authenticate signals after reading
}

func (f *fakeAuth) Authenticate(ctx context.Context, secret string) (Key, error) {
	f.mu.Lock()
	f.calls++
	k, ok := f.keys[secret]
	err, gate, reading := f.err, f.gate, f.reading
	f.mu.Unlock()
	if reading != nil {
		reading <- struct{}{}
	}
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return Key{}, ctx.Err()
		}
	}
	switch {
	case err != nil:
		return Key{}, err
	case !ok:
		return Key{}, ErrUnknownKey
	}
	return k, nil
}

func (f *fakeAuth) Revoke(ctx context.Context, idOrName string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for s, k := range f.keys {
		if k.ID == idOrName || k.Name == idOrName {
			delete(f.keys, s)
			return nil
		}
	}
	return ErrNotFound
}

func (f *fakeAuth) callCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

type fixedClock struct{ t time.Time }

func (c *fixedClock) now() time.Time { return c.t }

func newFake() *fakeAuth {
	return &fakeAuth{keys: map[string]Key{
		"secret-a": {ID: "key_a", Name: "a", AllowedIPs: []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}},
	}}
}

// TestCacheRevokeDuringLookup: a lookup that read the key before a Revoke
// through the cache must not put it back in the cache afterwards.
func TestCacheRevokeDuringLookup(t *testing.T) {
	f := newFake()
	gate, reading := make(chan struct{}), make(chan struct{})
	f.gate, f.reading = gate, reading
	c := NewCache(f, time.Hour, nil)
	ctx := t.Context()

	done := make(chan error)
	go func() {
		_, err := c.Authenticate(ctx, "secret-a")
		done <- err
	}()
	<-reading // the lookup has read the still-active key
	f.mu.Lock()
	f.gate, f.reading = nil, nil
	f.mu.Unlock()
	if err := c.Revoke(ctx, "key_a"); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	close(gate) // the stale lookup returns now, after the revocation
	if err := <-done; err != nil {
		t.Fatalf("in-flight Authenticate: %v", err)
	}
	if _, err := c.Authenticate(ctx, "secret-a"); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("after Revoke: %v, want ErrUnknownKey (a stale read was cached)", err)
	}
}

// authenticateAll starts n concurrent Authenticate calls for secret and
// returns a function that waits for their results.
func authenticateAll(ctx context.Context, c *Cache, secret string, n int) (wait func() []error) {
	errs := make(chan error, n)
	for range n {
		go func() {
			_, err := c.Authenticate(ctx, secret)
			errs <- err
		}()
	}
	return func() []error {
		var out []error
		for range n {
			out = append(out, <-errs)
		}
		return out
	}
}

// Concurrent misses for one secret cost the store one lookup, and every
// caller gets its answer.
func TestCacheCoalescesMisses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		gate := make(chan struct{})
		f.gate = gate
		c := NewCache(f, time.Hour, nil)
		wait := authenticateAll(t.Context(), c, "secret-a", 20)
		synctest.Wait() // all 20 are blocked: one in the store, the rest waiting for it
		close(gate)
		for i, err := range wait() {
			if err != nil {
				t.Errorf("caller %d: %v", i, err)
			}
		}
		if got := f.callCount(); got != 1 {
			t.Errorf("store lookups = %d, want 1 for 20 concurrent misses", got)
		}

		// Unknown secrets are coalesced too, and still not cached.
		f.gate = make(chan struct{})
		wait = authenticateAll(t.Context(), c, "wrong", 5)
		synctest.Wait()
		close(f.gate)
		for i, err := range wait() {
			if !errors.Is(err, ErrUnknownKey) {
				t.Errorf("wrong secret, caller %d: %v", i, err)
			}
		}
		if got := f.callCount(); got != 2 {
			t.Errorf("store lookups = %d, want 2", got)
		}
	})
}

// A caller arriving after a Revoke does not share a lookup that began
// before it.
func TestCacheRevokeSplitsLookups(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		gate := make(chan struct{})
		f.gate = gate
		c := NewCache(f, time.Hour, nil)
		ctx := t.Context()
		before := authenticateAll(ctx, c, "secret-a", 1)
		synctest.Wait() // its lookup has read the still-active key
		if err := c.Revoke(ctx, "key_a"); err != nil {
			t.Fatal(err)
		}
		after := authenticateAll(ctx, c, "secret-a", 1)
		synctest.Wait()
		close(gate)
		if err := before()[0]; err != nil {
			t.Errorf("lookup begun before Revoke: %v", err)
		}
		if err := after()[0]; !errors.Is(err, ErrUnknownKey) {
			t.Errorf("lookup begun after Revoke: %v, want ErrUnknownKey", err)
		}
		if got := f.callCount(); got != 2 {
			t.Errorf("store lookups = %d, want 2", got)
		}
	})
}

// When the caller whose lookup the others share goes away, its lookup
// fails with its context's error; the others ask again rather than fail.
func TestCacheLeaderCancelled(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		gate := make(chan struct{})
		f.gate = gate
		c := NewCache(f, time.Hour, nil)
		leaderCtx, cancel := context.WithCancel(t.Context())
		leader := authenticateAll(leaderCtx, c, "secret-a", 1)
		synctest.Wait()
		others := authenticateAll(t.Context(), c, "secret-a", 3)
		synctest.Wait()
		cancel()
		if err := leader()[0]; !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled caller: %v, want context.Canceled", err)
		}
		synctest.Wait() // the others have started a lookup of their own
		close(gate)
		for i, err := range others() {
			if err != nil {
				t.Errorf("caller %d: %v", i, err)
			}
		}
		if got := f.callCount(); got != 2 {
			t.Errorf("store lookups = %d, want 2 (the cancelled one and one retry)", got)
		}
	})
}

func TestCacheDoesNotCacheFailures(t *testing.T) {
	f := newFake()
	c := NewCache(f, time.Hour, nil)
	ctx := t.Context()
	for range 2 {
		if _, err := c.Authenticate(ctx, "wrong"); !errors.Is(err, ErrUnknownKey) {
			t.Fatalf("wrong secret: %v", err)
		}
	}
	errDown := errors.New("database down")
	f.err = errDown
	if _, err := c.Authenticate(ctx, "secret-a"); !errors.Is(err, errDown) {
		t.Fatalf("failing store: %v", err)
	}
	f.err = nil
	if _, err := c.Authenticate(ctx, "secret-a"); err != nil {
		t.Fatalf("after recovery: %v", err)
	}
	if got := f.callCount(); got != 4 {
		t.Errorf("lookups = %d, want 4 (nothing cached but the success)", got)
	}
	if _, err := c.Authenticate(ctx, "secret-a"); err != nil || f.callCount() != 4 {
		t.Errorf("cached success: %v, lookups %d; want nil, 4", err, f.callCount())
	}
}

func TestCacheReturnsCopies(t *testing.T) {
	f := newFake()
	c := NewCache(f, time.Hour, nil)
	ctx := t.Context()
	for range 2 {
		k, err := c.Authenticate(ctx, "secret-a")
		if err != nil {
			t.Fatal(err)
		}
		if k.AllowedIPs[0] != netip.MustParsePrefix("192.0.2.0/24") {
			t.Fatalf("cached key changed by a caller: %v", k.AllowedIPs)
		}
		k.AllowedIPs[0] = netip.MustParsePrefix("0.0.0.0/0")
	}
}

func TestCacheExpiry(t *testing.T) {
	f := newFake()
	clock := &fixedClock{t: time.Unix(1000, 0)}
	c := NewCache(f, DefaultCacheTTL, &CacheOptions{Now: clock.now})
	ctx := t.Context()
	steps := []struct {
		advance   time.Duration
		wantCalls int
	}{
		{0, 1},
		{DefaultCacheTTL - 1, 1},
		{1, 2}, // expired exactly at the TTL
		{DefaultCacheTTL / 2, 2},
		{DefaultCacheTTL / 2, 3},
	}
	for i, s := range steps {
		clock.t = clock.t.Add(s.advance)
		if _, err := c.Authenticate(ctx, "secret-a"); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := f.callCount(); got != s.wantCalls {
			t.Errorf("step %d (+%v): lookups = %d, want %d", i, s.advance, got, s.wantCalls)
		}
	}
}

func TestCacheRevokeNeedsRevoker(t *testing.T) {
	c := NewCache(onlyAuth{newFake()}, time.Hour, nil)
	if err := c.Revoke(t.Context(), "key_a"); err == nil {
		t.Error("Revoke through a cache over a plain Authenticator succeeded")
	}
}

type onlyAuth struct{ a Authenticator }

func (o onlyAuth) Authenticate(ctx context.Context, s string) (Key, error) {
	return o.a.Authenticate(ctx, s)
}

// BenchmarkCacheHit is the per-request cost of a cached key, from as many
// goroutines as GOMAXPROCS.
//
//	go test ./apikey -run '^$' -bench CacheHit -benchmem
func BenchmarkCacheHit(b *testing.B) {
	c := NewCache(newFake(), time.Hour, nil)
	if _, err := c.Authenticate(b.Context(), "secret-a"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		ctx := context.Background()
		for pb.Next() {
			if _, err := c.Authenticate(ctx, "secret-a"); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// The store stops answering: a key verified within the outage grace is
// still served (the store asked again at most once per TTL), never past
// the grace; a key never verified here gets the store's error; a key
// the store calls unknown once it answers is dropped at once.
func TestCacheServesVerifiedKeysThroughAnOutage(t *testing.T) {
	f := newFake()
	clock := &fixedClock{t: time.Unix(1000, 0)}
	const ttl, grace = 5 * time.Second, time.Minute
	c := NewCache(f, ttl, &CacheOptions{Now: clock.now, OutageGrace: grace})
	ctx := t.Context()
	if _, err := c.Authenticate(ctx, "secret-a"); err != nil {
		t.Fatal(err)
	}
	errDown := errors.New("database down")
	f.mu.Lock()
	f.err = errDown
	f.mu.Unlock()
	steps := []struct {
		name      string
		advance   time.Duration
		wantErr   error // nil: the key is served
		wantCalls int
	}{
		{"expired, store down: served unverified", ttl, nil, 2},
		{"within the TTL of the failed check: no lookup", ttl - 1, nil, 2},
		{"a TTL later: asked again, served", 1, nil, 3},
		{"just before the grace: served", grace - 2*ttl - 1, nil, 4},
		{"at the grace: refused", 1, errDown, 5},
		{"past the grace: asked every time", 0, errDown, 6},
	}
	for _, s := range steps {
		clock.t = clock.t.Add(s.advance)
		_, err := c.Authenticate(ctx, "secret-a")
		if !errors.Is(err, s.wantErr) || (s.wantErr == nil && err != nil) {
			t.Errorf("%s: %v, want %v", s.name, err, s.wantErr)
		}
		if got := f.callCount(); got != s.wantCalls {
			t.Errorf("%s: lookups = %d, want %d", s.name, got, s.wantCalls)
		}
	}
	if _, err := c.Authenticate(ctx, "secret-other"); !errors.Is(err, errDown) {
		t.Errorf("a key never verified here, store down: %v, want the store's error", err)
	}

	// The store answers again: the key is verified afresh.
	f.mu.Lock()
	f.err = nil
	f.mu.Unlock()
	if _, err := c.Authenticate(ctx, "secret-a"); err != nil {
		t.Fatalf("store back: %v", err)
	}
	// A key revoked elsewhere just before the store fails is the trade-off:
	// served until the grace; once the store answers, it is unknown.
	f.mu.Lock()
	delete(f.keys, "secret-a")
	f.err = errDown
	f.mu.Unlock()
	clock.t = clock.t.Add(ttl)
	if _, err := c.Authenticate(ctx, "secret-a"); err != nil {
		t.Errorf("revoked elsewhere, store down, within the grace: %v, want served", err)
	}
	f.mu.Lock()
	f.err = nil
	f.mu.Unlock()
	clock.t = clock.t.Add(ttl)
	if _, err := c.Authenticate(ctx, "secret-a"); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("revoked elsewhere, store back: %v, want ErrUnknownKey", err)
	}
}

// A negative OutageGrace serves nothing unverified: the store's error at
// the first lookup after the TTL.
func TestCacheWithoutOutageGrace(t *testing.T) {
	f := newFake()
	clock := &fixedClock{t: time.Unix(1000, 0)}
	c := NewCache(f, time.Second, &CacheOptions{Now: clock.now, OutageGrace: -1})
	if _, err := c.Authenticate(t.Context(), "secret-a"); err != nil {
		t.Fatal(err)
	}
	errDown := errors.New("database down")
	f.err = errDown
	clock.t = clock.t.Add(time.Second)
	if _, err := c.Authenticate(t.Context(), "secret-a"); !errors.Is(err, errDown) {
		t.Errorf("expired, store down, no grace: %v, want the store's error", err)
	}
}

// A store that hangs rather than refuses: a key with an entry is served
// from it once revalidateTimeout passes, instead of holding its requests
// until theirs end.
func TestCacheDoesNotWaitForAHungStore(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		c := NewCache(f, time.Second, nil)
		if _, err := c.Authenticate(t.Context(), "secret-a"); err != nil {
			t.Fatal(err)
		}
		f.mu.Lock()
		f.gate = make(chan struct{}) // never opened: the store hangs
		f.mu.Unlock()
		time.Sleep(time.Second)
		start := time.Now()
		if _, err := c.Authenticate(t.Context(), "secret-a"); err != nil {
			t.Fatalf("hung store: %v, want the verified key", err)
		}
		if waited := time.Since(start); waited != revalidateTimeout {
			t.Errorf("waited %v for the hung store, want revalidateTimeout (%v)", waited, revalidateTimeout)
		}
	})
}
