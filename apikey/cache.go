package apikey

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
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

// DefaultOutageGrace is CacheOptions.OutageGrace's default: a database
// restart or failover takes seconds, seldom minutes (decision 99).
const DefaultOutageGrace = 5 * time.Minute

// revalidateTimeout bounds the lookup of a key the cache holds an expired
// entry of: a store that hangs rather than refuses (a network partition)
// would otherwise hold every request of the key until the request's own
// deadline. Past it the entry serves, within the outage grace.
const revalidateTimeout = time.Second

var _ Authenticator = (*Cache)(nil)

// CacheOptions configures a Cache. A nil *CacheOptions means the defaults.
type CacheOptions struct {
	// Now is the clock for expiry; nil means time.Now.
	Now func() time.Time
	// OutageGrace is how long after the wrapped Authenticator last vouched
	// for a key the cache still serves it while that Authenticator fails
	// with an error other than ErrUnknownKey (its store does not answer).
	// It counts from the lookup that verified the key, the TTL included,
	// so a grace no longer than the TTL serves nothing unverified. Zero
	// means DefaultOutageGrace; negative serves nothing unverified.
	OutageGrace time.Duration
	// Logger hears when the cache begins to serve keys the store could not
	// verify, and when the store answers again: once each per outage. Nil
	// means slog.Default().
	Logger *slog.Logger
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
// Through an outage of the wrapped Authenticator's store (decision 99): a
// key whose entry expired is looked up again, and when that lookup fails
// (other than with ErrUnknownKey, or within revalidateTimeout) the entry
// serves on, looked up again once per TTL, until OutageGrace has passed
// since the lookup that last verified it; never longer. A key this cache
// never verified, or verified longer ago, gets the failure (the Store's is
// a KeyStoreUnavailable). The trade-off: a key revoked on another replica
// just before the store fails keeps working here until the grace ends,
// where it would otherwise stop within the TTL.
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
// used, and one past its grace is dropped when next looked up.
//
// A key revoked elsewhere (another replica, the command line) keeps working
// here until its entry expires, at most the TTL after it was looked up
// while the store answers. A key revoked through this Cache's Revoke stops
// working here at once. Safe for concurrent use.
type Cache struct {
	next   Authenticator
	ttl    time.Duration
	grace  time.Duration // <= 0: nothing served unverified
	now    func() time.Time
	tag    tagKey
	logger *slog.Logger

	entries sync.Map // [2]uint64 (secretTag) → *cacheEntry, never modified
	flights singleflight.Group

	// mu orders the writers: a lookup storing its answer, and Revoke.
	mu sync.Mutex
	// epoch counts Revoke calls. A lookup that began before one may have
	// read the revoked key, so its result is not cached, and callers that
	// arrive after it do not join that lookup.
	epoch atomic.Uint64
	// unverified says the last lookup that failed for want of the store
	// served an entry, and no lookup has been answered since: the outage
	// is logged when it turns true and when it turns false.
	unverified atomic.Bool
}

type cacheEntry struct {
	key Key
	// verified is when the lookup that last vouched for key began;
	// expires is when the entry is looked up again.
	verified, expires time.Time
}

// NewCache returns a Cache in front of next that keeps each key for ttl
// (DefaultCacheTTL unless configured otherwise). A ttl of zero or less
// caches nothing: every call goes to next, and nothing is served through
// an outage.
func NewCache(next Authenticator, ttl time.Duration, opts *CacheOptions) *Cache {
	c := &Cache{next: next, ttl: ttl, now: time.Now, tag: newTagKey(), grace: DefaultOutageGrace, logger: slog.Default()}
	if opts != nil {
		if opts.Now != nil {
			c.now = opts.Now
		}
		if opts.OutageGrace != 0 {
			c.grace = opts.OutageGrace
		}
		if opts.Logger != nil {
			c.logger = opts.Logger
		}
	}
	return c
}

// Authenticate returns the cached key for secret while its entry is fresh,
// and otherwise asks the wrapped Authenticator, once for all the concurrent
// callers presenting the same secret; through an outage, the entry of a key
// verified within the grace (see Cache).
func (c *Cache) Authenticate(ctx context.Context, secret string) (Key, error) {
	if c.ttl <= 0 {
		return c.next.Authenticate(ctx, secret)
	}
	tag := secretTag(c.tag, secret)
	var stale *cacheEntry
	if v, ok := c.entries.Load(tag); ok {
		e := v.(*cacheEntry)
		now := c.now()
		if now.Before(e.expires) {
			return e.key.clone(), nil
		}
		if now.Before(e.verified.Add(c.grace)) {
			stale = e // kept until the store answers, in case it does not
		} else {
			c.entries.CompareAndDelete(tag, e)
		}
	}
	for {
		epoch := c.epoch.Load()
		ch := c.flights.DoChan(flightKey(tag, epoch), func() (any, error) {
			return c.lookup(ctx, secret, tag, epoch, stale)
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
// Revoke happened since epoch. When it fails for want of the store and
// stale is an entry still within its grace, stale serves, looked up again
// a TTL later (never past the grace).
func (c *Cache) lookup(ctx context.Context, secret string, tag [2]uint64, epoch uint64, stale *cacheEntry) (*cacheEntry, error) {
	// Expiry counts from before the lookup, so no entry is older than the
	// TTL measured from the read that produced it.
	start := c.now()
	lctx := ctx
	if stale != nil {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeout(ctx, revalidateTimeout)
		defer cancel()
	}
	k, err := c.next.Authenticate(lctx, secret)
	if err != nil && lctx.Err() != nil && ctx.Err() == nil {
		// Our bound, not the caller's: an outage, not a caller gone away
		// (whose lookup the callers sharing it would ask again).
		err = storeUnavailable(fmt.Errorf("apikey: the key store did not answer within %v: %v", revalidateTimeout, err))
	}
	switch {
	case err == nil:
		c.answered()
		e := &cacheEntry{key: k.clone(), verified: start, expires: start.Add(c.ttl)}
		c.store(tag, epoch, e)
		return e, nil
	case errors.Is(err, ErrUnknownKey):
		c.answered()
		if stale != nil {
			c.entries.CompareAndDelete(tag, stale) // revoked while it was cached
		}
		return nil, err
	case stale == nil || ctx.Err() != nil:
		return nil, err
	}
	// The store did not answer: serve what it last said, within the grace.
	now := c.now()
	until := stale.verified.Add(c.grace)
	if !now.Before(until) {
		return nil, err
	}
	if c.unverified.CompareAndSwap(false, true) {
		c.logger.Warn("apikey: the key store does not answer; serving keys it verified within the outage grace, and refusing others",
			"grace", c.grace, "err", err)
	}
	expires := now.Add(c.ttl)
	if expires.After(until) {
		expires = until
	}
	e := &cacheEntry{key: stale.key, verified: stale.verified, expires: expires}
	c.store(tag, epoch, e)
	return e, nil
}

// store caches e under tag unless a Revoke happened since epoch.
func (c *Cache) store(tag [2]uint64, epoch uint64, e *cacheEntry) {
	c.mu.Lock()
	if c.epoch.Load() == epoch {
		c.entries.Store(tag, e)
	}
	c.mu.Unlock()
}

// answered notes that the store answered a lookup, which ends an outage.
func (c *Cache) answered() {
	if c.unverified.Load() && c.unverified.CompareAndSwap(true, false) {
		c.logger.Info("apikey: the key store answers again; keys are verified as usual")
	}
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
