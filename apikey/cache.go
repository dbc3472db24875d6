package apikey

import (
	"context"
	"crypto/sha256"
	"errors"
	"slices"
	"sync"
	"time"
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
// A key revoked elsewhere (another replica, the command line) keeps working
// here until its entry expires, at most the TTL after it was looked up. A key
// revoked through this Cache's Revoke stops working here at once. Entries
// live under the SHA-256 of the secret, never the secret itself; there is at
// most one per key ever used, and an expired one is dropped when next looked
// up. Safe for concurrent use.
type Cache struct {
	next Authenticator
	ttl  time.Duration
	now  func() time.Time

	mu      sync.Mutex
	entries map[[sha256.Size]byte]cacheEntry
	// epoch counts Revoke calls. A lookup that began before one may have
	// read the revoked key, so its result is not cached.
	epoch uint64
}

type cacheEntry struct {
	key     Key
	expires time.Time
}

// NewCache returns a Cache in front of next that keeps each key for ttl
// (DefaultCacheTTL unless configured otherwise). A ttl of zero or less
// caches nothing: every call goes to next.
func NewCache(next Authenticator, ttl time.Duration, opts *CacheOptions) *Cache {
	c := &Cache{next: next, ttl: ttl, now: time.Now, entries: map[[sha256.Size]byte]cacheEntry{}}
	if opts != nil && opts.Now != nil {
		c.now = opts.Now
	}
	return c
}

// Authenticate returns the cached key for secret while its entry is fresh,
// and otherwise asks the wrapped Authenticator.
func (c *Cache) Authenticate(ctx context.Context, secret string) (Key, error) {
	if c.ttl <= 0 {
		return c.next.Authenticate(ctx, secret)
	}
	h := sha256.Sum256([]byte(secret))
	start := c.now()
	c.mu.Lock()
	e, ok := c.entries[h]
	if ok && start.Before(e.expires) {
		c.mu.Unlock()
		return e.key.clone(), nil
	}
	if ok {
		delete(c.entries, h)
	}
	epoch := c.epoch
	c.mu.Unlock()

	k, err := c.next.Authenticate(ctx, secret)
	if err != nil {
		return Key{}, err
	}
	c.mu.Lock()
	if c.epoch == epoch {
		// Expiry counts from before the lookup, so no entry is older than
		// the TTL measured from the read that produced it.
		c.entries[h] = cacheEntry{key: k.clone(), expires: start.Add(c.ttl)}
	}
	c.mu.Unlock()
	return k, nil
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
	c.epoch++
	for h, e := range c.entries {
		if e.key.ID == idOrName || e.key.Name == idOrName {
			delete(c.entries, h)
		}
	}
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
