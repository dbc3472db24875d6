package executor

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"
)

// Quoter asks for one quote; *Client is one.
type Quoter interface {
	Quote(ctx context.Context, req Request) (Quote, error)
}

var _ Quoter = (*Client)(nil)
var _ Quoter = (*Cache)(nil)

// Defaults of CacheConfig's zero fields.
const (
	DefaultMargin          = 30 * time.Second
	DefaultRefreshAhead    = 60 * time.Second
	DefaultHotFor          = 5 * time.Minute
	DefaultRefreshInterval = 10 * time.Second
)

// CacheConfig configures a Cache.
type CacheConfig struct {
	// Margin is how long before its signed expiry a quote stops being
	// served, so that a transaction built on it still lands in time
	// (zero: DefaultMargin).
	Margin time.Duration
	// RefreshAhead is how long before it stops being served a hot
	// route's quote is refreshed (zero: DefaultRefreshAhead).
	RefreshAhead time.Duration
	// HotFor is how long after it was last asked for a route is kept
	// fresh by Refresh (zero: DefaultHotFor).
	HotFor time.Duration
	// RefreshInterval is the period of Run (zero: DefaultRefreshInterval);
	// it should be well under RefreshAhead.
	RefreshInterval time.Duration
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// Cache serves quotes from memory, asking its Quoter only for a route it
// holds no usable quote of: a quote is usable until Margin before its
// signed expiry. Concurrent misses for one route share one request. Run
// (or Refresh, called periodically) renews the quotes of routes asked for
// within HotFor before they stop being usable, so a warm route's Get makes
// no call; when a renewal fails the old quote is served until it stops
// being usable, and then Get asks again and returns that error. It is safe
// for concurrent use.
type Cache struct {
	q   Quoter
	cfg CacheConfig

	group singleflight.Group
	mu    sync.Mutex
	items map[string]*cacheItem
}

type cacheItem struct {
	req       Request
	quote     Quote
	has       bool
	lastAsked time.Time
}

// NewCache returns a Cache over q.
func NewCache(q Quoter, cfg CacheConfig) *Cache {
	if cfg.Margin <= 0 {
		cfg.Margin = DefaultMargin
	}
	if cfg.RefreshAhead <= 0 {
		cfg.RefreshAhead = DefaultRefreshAhead
	}
	if cfg.HotFor <= 0 {
		cfg.HotFor = DefaultHotFor
	}
	if cfg.RefreshInterval <= 0 {
		cfg.RefreshInterval = DefaultRefreshInterval
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Cache{q: q, cfg: cfg, items: map[string]*cacheItem{}}
}

// cacheKey is a route's key: chains and the relay instructions' bytes.
func cacheKey(req Request) (string, error) {
	relay, err := req.Relay.Bytes()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d|%d|%s", req.SrcChain, req.DstChain, hex.EncodeToString(relay)), nil
}

// Quote is Get (Quoter).
func (c *Cache) Quote(ctx context.Context, req Request) (Quote, error) { return c.Get(ctx, req) }

// Get returns a usable quote of req's route, from memory when it holds
// one, else from the Quoter.
func (c *Cache) Get(ctx context.Context, req Request) (Quote, error) {
	key, err := cacheKey(req)
	if err != nil {
		return Quote{}, err
	}
	now := c.cfg.Now()
	if q, ok := c.held(key, req, now); ok {
		return q, nil
	}
	return c.fetch(ctx, key, req, now)
}

// Cached returns the usable quote held for req's route, without asking
// the Quoter: ok is false when none is held (or req's relay instructions
// do not encode). A caller that must not wait, such as a quote provider
// pricing on the request's goroutine, asks Cached first and Get only when
// it may do I/O. Like Get, it marks the route asked for, so Run keeps it
// fresh, and fetches it on its next pass when none is held.
func (c *Cache) Cached(req Request) (Quote, bool) {
	key, err := cacheKey(req)
	if err != nil {
		return Quote{}, false
	}
	return c.held(key, req, c.cfg.Now())
}

// held marks key's route asked for at now and returns a copy of its quote
// when one usable at now is held.
func (c *Cache) held(key string, req Request, now time.Time) (Quote, bool) {
	c.mu.Lock()
	it := c.items[key]
	if it == nil {
		it = &cacheItem{req: req}
		c.items[key] = it
	}
	it.lastAsked = now
	if !it.has || !c.usable(it.quote, now) {
		c.mu.Unlock()
		return Quote{}, false
	}
	q := it.quote
	c.mu.Unlock()
	return clone(q), true
}

// usable reports whether q may still be served at now.
func (c *Cache) usable(q Quote, now time.Time) bool {
	return now.Before(q.Signed.Expiry.Add(-c.cfg.Margin))
}

// fetch asks the Quoter once for key however many callers wait, and
// stores the answer, unless the quote held is usable at until (a flight
// that ended since the caller looked stored one). The request runs on a context detached from any one
// caller's cancellation, so one caller giving up does not fail the others;
// each caller still stops waiting when its own context ends.
func (c *Cache) fetch(ctx context.Context, key string, req Request, until time.Time) (Quote, error) {
	ch := c.group.DoChan(key, func() (any, error) {
		c.mu.Lock()
		if it := c.items[key]; it != nil && it.has && c.usable(it.quote, until) {
			q := it.quote
			c.mu.Unlock()
			return q, nil
		}
		c.mu.Unlock()
		q, err := c.q.Quote(context.WithoutCancel(ctx), req)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		if it := c.items[key]; it != nil {
			it.quote, it.has = q, true
		}
		c.mu.Unlock()
		return q, nil
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return Quote{}, r.Err
		}
		return clone(r.Val.(Quote)), nil
	case <-ctx.Done():
		return Quote{}, ctx.Err()
	}
}

// Refresh renews, one pass, the quotes of the routes asked for within
// HotFor whose quote stops being usable within RefreshAhead (or that hold
// none), and forgets the routes asked for longer ago whose quote is no
// longer usable. A failed renewal keeps the old quote; Refresh returns the
// renewals' errors joined.
func (c *Cache) Refresh(ctx context.Context) error {
	now := c.cfg.Now()
	type due struct {
		key string
		req Request
	}
	var todo []due
	c.mu.Lock()
	for key, it := range c.items {
		hot := now.Sub(it.lastAsked) < c.cfg.HotFor
		switch {
		case hot && (!it.has || !c.usable(it.quote, now.Add(c.cfg.RefreshAhead))):
			todo = append(todo, due{key, it.req})
		case !hot && (!it.has || !c.usable(it.quote, now)):
			delete(c.items, key)
		}
	}
	c.mu.Unlock()

	var g errgroup.Group
	g.SetLimit(4)
	errs := make([]error, len(todo))
	for i, d := range todo {
		g.Go(func() error {
			_, errs[i] = c.fetch(ctx, d.key, d.req, now.Add(c.cfg.RefreshAhead))
			return nil
		})
	}
	g.Wait()
	return errors.Join(errs...)
}

// Run calls Refresh every RefreshInterval until ctx ends, and returns
// ctx's error.
func (c *Cache) Run(ctx context.Context) error {
	t := time.NewTicker(c.cfg.RefreshInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			c.Refresh(ctx) // failures keep the old quotes; Get reports them when they matter
		}
	}
}

// clone copies q's mutable parts, so no caller can change a cached quote.
func clone(q Quote) Quote {
	if q.EstimatedCost != nil {
		q.EstimatedCost = new(big.Int).Set(q.EstimatedCost)
	}
	q.Signed.Raw = append([]byte(nil), q.Signed.Raw...)
	return q
}
