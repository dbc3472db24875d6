package apikey

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"
)

// DefaultCacheTTL is the TTL the bundled server gives its Cache: a revoked
// key stops working on every replica within five seconds, and a busy key
// costs its database one lookup per replica per five seconds.
const DefaultCacheTTL = 5 * time.Second

var _ Authenticator = (*Cache)(nil)

// CacheOptions configures a Cache. A nil *CacheOptions means the defaults.
type CacheOptions struct {
	// Now is the clock for expiry; nil means time.Now.
	Now func() time.Time
}

// Cache is an Authenticator that remembers the keys another Authenticator
// found, for a TTL, so that a busy key does not cost a database lookup per
// request.
//
// Only successes are cached. Unknown secrets are looked up every time: a
// caller trying many wrong secrets would otherwise fill the cache, and a key
// created on another replica works at once. Failures other than
// ErrUnknownKey are not cached either.
//
// Concurrent lookups of one secret that is not cached are coalesced: one of
// them asks the wrapped Authenticator and all share its answer, so a burst
// of requests with a key whose entry just expired costs one database query,
// not one per request. A caller whose context ends stops waiting; one whose
// lookup failed only because another caller's context ended asks again.
//
// A cache hit takes no lock: readers never wait for each other nor for a
// lookup in flight. Entries live under a keyed hash of the secret (see
// secretTag), never the secret itself; there is at most one per key ever
// used, and an expired one is dropped when next looked up.
//
// A key revoked elsewhere (another replica, the command line) keeps working
// here until its entry expires, at most the TTL after it was looked up. A key
// revoked through this Cache's Revoke stops working here at once. Safe for
// concurrent use.
type Cache struct {
	next Authenticator
	ttl  time.Duration
	now  func() time.Time
	tag  tagKey

	entries sync.Map // [2]uint64 (secretTag) → *cacheEntry, never modified
	flights singleflight.Group

	// mu orders the writers: a lookup storing its answer, and Revoke.
	mu sync.Mutex
	// epoch counts Revoke calls. A lookup that began before one may have
	// read the revoked key, so its result is not cached, and callers that
	// arrive after it do not join that lookup.
	epoch atomic.Uint64
}

type cacheEntry struct {
	key     Key
	expires time.Time
}

// NewCache returns a Cache in front of next that keeps each key for ttl
// (DefaultCacheTTL unless configured otherwise). A ttl of zero or less
// caches nothing: every call goes to next.
func NewCache(next Authenticator, ttl time.Duration, opts *CacheOptions) *Cache {
	c := &Cache{next: next, ttl: ttl, now: time.Now, tag: newTagKey()}
	if opts != nil && opts.Now != nil {
		c.now = opts.Now
	}
	return c
}

// Authenticate returns the cached key for secret while its entry is fresh,
// and otherwise asks the wrapped Authenticator, once for all the concurrent
// callers presenting the same secret.
func (c *Cache) Authenticate(ctx context.Context, secret string) (Key, error) {
	if c.ttl <= 0 {
		return c.next.Authenticate(ctx, secret)
	}
	tag := secretTag(c.tag, secret)
	if v, ok := c.entries.Load(tag); ok {
		e := v.(*cacheEntry)
		if c.now().Before(e.expires) {
			return e.key.clone(), nil
		}
		c.entries.CompareAndDelete(tag, e)
	}
	for {
		epoch := c.epoch.Load()
		ch := c.flights.DoChan(flightKey(tag, epoch), func() (any, error) {
			return c.lookup(ctx, secret, tag, epoch)
		})
		select {
		case <-ctx.Done():
			return Key{}, ctx.Err()
		case res := <-ch:
			if res.Err != nil {
				if res.Shared && isContextErr(res.Err) && ctx.Err() == nil {
					continue // the caller that looked up went away; we did not
				}
				return Key{}, res.Err
			}
			return res.Val.(*cacheEntry).key.clone(), nil
		}
	}
}

// lookup asks the wrapped Authenticator and caches its success unless a
// Revoke happened since epoch.
func (c *Cache) lookup(ctx context.Context, secret string, tag [2]uint64, epoch uint64) (*cacheEntry, error) {
	// Expiry counts from before the lookup, so no entry is older than the
	// TTL measured from the read that produced it.
	start := c.now()
	k, err := c.next.Authenticate(ctx, secret)
	if err != nil {
		return nil, err
	}
	e := &cacheEntry{key: k.clone(), expires: start.Add(c.ttl)}
	c.mu.Lock()
	if c.epoch.Load() == epoch {
		c.entries.Store(tag, e)
	}
	c.mu.Unlock()
	return e, nil
}

func flightKey(tag [2]uint64, epoch uint64) string {
	var b [24]byte
	binary.LittleEndian.PutUint64(b[0:], tag[0])
	binary.LittleEndian.PutUint64(b[8:], tag[1])
	binary.LittleEndian.PutUint64(b[16:], epoch)
	return string(b[:])
}

func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Revoke revokes the key through the wrapped Authenticator, which must be a
// Revoker, and forgets it here at once, whether or not the revocation
// reported an error (it may have happened anyway).
func (c *Cache) Revoke(ctx context.Context, idOrName string) error {
	r, ok := c.next.(Revoker)
	if !ok {
		return errors.New("apikey: the authenticator behind this cache cannot revoke keys")
	}
	err := r.Revoke(ctx, idOrName)
	c.mu.Lock()
	c.epoch.Add(1)
	c.entries.Range(func(tag, v any) bool {
		if k := v.(*cacheEntry).key; k.ID == idOrName || k.Name == idOrName {
			c.entries.Delete(tag)
		}
		return true
	})
	c.mu.Unlock()
	return err
}

// clone returns k with its own slices, so callers cannot change the cache's.
func (k Key) clone() Key {
	k.AllowedIPs = slices.Clone(k.AllowedIPs)
	k.AllowedOrigins = slices.Clone(k.AllowedOrigins)
	if k.RevokedAt != nil {
		t := *k.RevokedAt
		k.RevokedAt = &t
	}
	return k
}
