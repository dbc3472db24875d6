package apikey

import (
	"context"
	"errors"
	"net/netip"
	"sync"
	"testing"
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
		<-gate
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
