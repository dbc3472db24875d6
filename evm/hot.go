package evm

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common/lru"
	"github.com/m0-orchestration/m0/orchestration"
)

// Hot-set bounds (Config.HotSets, Config.HotHorizon) and the most calls one
// refresh sends: far below a node's gas cap for one eth_call, far above what
// the sets of a few hundred quotes hold.
const (
	defaultHotSets    = 256
	defaultHotHorizon = time.Minute
	maxRefreshCalls   = 4096
)

// hotSets remembers the sets of calls read recently on one chain, most
// recent first, so that the follower can read them again when a new head
// arrives: their state calls, and the immutable calls the cache does not
// hold (beginRefresh). Its methods are safe for concurrent use.
//
// A set is found by a 64-bit hash of its calls (targets and calldata, in
// order), so that a warm read remembers its set without building a key;
// the set found is compared call by call, and a different set under the
// same hash (about one chance in 2⁶⁴ per pair) takes its place.
type hotSets struct {
	horizon time.Duration

	mu   sync.Mutex
	sets lru.BasicLRU[uint64, hotSet]
}

type hotSet struct {
	calls []Call    // the calls, keyed
	last  time.Time // last read
}

// hotSeed seeds the hashes of hot sets.
var hotSeed = maphash.MakeSeed()

func newHotSets(limit int, horizon time.Duration) *hotSets {
	return &hotSets{horizon: horizon, sets: lru.NewBasicLRU[uint64, hotSet](limit)}
}

// touch remembers calls as read at now. Their immutable calls are kept
// too, for the refresh to read those the immutable cache does not hold:
// a reverted immutable call (a token without version()) is state of its
// block (beginRefresh).
func (h *hotSets) touch(calls []Call, now time.Time) {
	key, n := hashCalls(calls)
	h.touchHashed(calls, key, n, now)
}

// touchHashed is touch for calls whose hashCalls are key and n.
func (h *hotSets) touchHashed(calls []Call, key uint64, n int, now time.Time) {
	if n == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if s, ok := h.sets.Get(key); ok && sameCalls(s.calls, calls) {
		s.last = now
		h.sets.Add(key, s)
		return
	}
	set := make([]Call, 0, len(calls))
	for _, c := range calls {
		set = append(set, keyed(c))
	}
	h.sets.Add(key, hotSet{calls: set, last: now})
}

// hashCalls hashes the targets, calldata and kinds of calls, in order: the
// identity of a batch, under which the hot sets remember its state calls
// and the cache its answers at the head (chainCache.lookupBatch). It also
// counts the state calls.
func hashCalls(calls []Call) (hash uint64, n int) {
	var d maphash.Hash
	d.SetSeed(hotSeed)
	for _, c := range calls {
		var head [9]byte
		binary.LittleEndian.PutUint64(head[:8], uint64(len(c.Data)))
		if c.Immutable {
			head[8] = 1
		} else {
			n++
		}
		d.Write(c.To[:])
		d.Write(head[:])
		d.Write(c.Data)
	}
	return d.Sum64(), n
}

// snapshot returns the distinct calls of the sets read within the horizon,
// those of the most recently read sets first, at most maxRefreshCalls, and
// forgets the sets past the horizon.
func (h *hotSets) snapshot(now time.Time) []Call {
	h.mu.Lock()
	defer h.mu.Unlock()
	keys := h.sets.Keys() // oldest first
	seen := map[CallKey]bool{}
	var calls []Call
	for _, k := range slices.Backward(keys) {
		s, _ := h.sets.Peek(k)
		if now.Sub(s.last) > h.horizon {
			h.sets.Remove(k)
			continue
		}
		if len(calls)+len(s.calls) > maxRefreshCalls {
			continue // a smaller, older set may still fit
		}
		for _, c := range s.calls {
			if key := c.Key(); !seen[key] {
				seen[key] = true
				calls = append(calls, c)
			}
		}
	}
	return calls
}

// len is the number of sets remembered.
func (h *hotSets) len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.sets.Len()
}

// refresh is one re-read of a chain's hot sets for a new head; reads whose
// state calls it covers wait for it (done) instead of reading again.
type refresh struct {
	block uint64 // the head that started it
	calls []Call
	keys  map[CallKey]bool
	done  chan struct{}
}

// covers reports whether every state call of calls is in the refresh.
func (rf *refresh) covers(calls []Call) bool {
	for _, c := range calls {
		if !c.Immutable && !rf.keys[c.Key()] {
			return false
		}
	}
	return true
}

// beginRefresh records a refresh of c's hot sets for head n as the one
// reads wait for, before the head is published, so that a read that learns
// of head n finds the refresh to wait for. At most one refresh per chain is
// read at a time: when one is, the new one is queued behind it, replacing
// (superseding) one already queued, whose waiters are released to read for
// themselves (decision 31). beginRefresh returns the refresh to start now;
// nil when it is queued or nothing is hot.
func (r *Reader) beginRefresh(c *chainReader, n uint64) *refresh {
	if c.hot == nil {
		return nil
	}
	calls := c.cache.withoutHeldImmutables(c.hot.snapshot(r.now()))
	r.metrics.hotSets(c.Name, c.hot.len())
	if len(calls) == 0 {
		return nil
	}
	rf := &refresh{block: n, calls: calls, keys: make(map[CallKey]bool, len(calls)), done: make(chan struct{})}
	for _, call := range calls {
		rf.keys[call.Key()] = true
	}
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	c.inflight = rf
	if c.refreshing {
		if c.pending != nil {
			close(c.pending.done) // superseded: never read
		}
		c.pending = rf
		return nil
	}
	c.refreshing = true
	return rf
}

// runRefreshes runs rf, then the refresh queued meanwhile if any, until
// none is queued.
func (r *Reader) runRefreshes(ctx context.Context, c *chainReader, rf *refresh) {
	for rf != nil {
		r.runRefresh(ctx, c, rf)
		c.refreshMu.Lock()
		rf, c.pending = c.pending, nil
		c.refreshing = rf != nil
		c.refreshMu.Unlock()
	}
}

// runRefresh reads the calls of rf in one aggregate3 at the latest block,
// bounded by the polling interval but never under a second (a batch of
// hundreds of calls takes a node longer than a poll; cutting it short wastes
// it and, on some clients, breaks the connection other reads share), and
// stores the answers in the state
// cache. Its round trip is the follower's, not a request's: it is counted in
// the refresh metrics, not in round_trips_total nor in Trips.
func (r *Reader) runRefresh(ctx context.Context, c *chainReader, rf *refresh) {
	defer func() {
		c.refreshMu.Lock()
		if c.inflight == rf {
			c.inflight = nil
		}
		c.refreshMu.Unlock()
		close(rf.done)
	}()
	calls := rf.calls
	start := r.now()
	rctx, cancel := context.WithTimeout(ctx, max(c.interval, time.Second))
	a, err := r.aggregate(rctx, c, calls, 0, true)
	cancel()
	if err != nil {
		if ctx.Err() == nil {
			r.metrics.refreshError(c.Name)
			r.logger.LogAttrs(ctx, slog.LevelDebug, "evm hot refresh failed",
				slog.String("chain", string(c.Name)), slog.Int("calls", len(calls)), slog.String("error", err.Error()))
		}
		return
	}
	c.refreshed.Store(a.Block)
	r.metrics.refreshed(c.Name, len(calls), r.now().Sub(start))
}

// awaitRefresh waits for the refresh in flight on c, if it covers the state
// calls of calls and is for head need or newer, and then answers calls from
// the cache when everything is there for the newest head known. ok is false
// when the caller must read as without a refresh.
func (r *Reader) awaitRefresh(ctx context.Context, c *chainReader, calls []Call, need uint64) (_ *Answers, ok bool, _ error) {
	c.refreshMu.Lock()
	rf := c.inflight
	c.refreshMu.Unlock()
	if rf == nil || rf.block < need || !rf.covers(calls) {
		return nil, false, nil
	}
	c.waiters.Add(1)
	select {
	case <-ctx.Done():
		c.waiters.Add(-1)
		return nil, false, fmt.Errorf("evm: %s: read: %w", c.Name, ctx.Err())
	case <-rf.done:
		c.waiters.Add(-1)
	}
	head := c.cache.latest()
	if n, known := r.knownHead(c); !known || n > head {
		return nil, false, nil // the refresh failed or a newer head came
	}
	a, missing := c.cache.lookup(calls, head)
	if len(missing) > 0 {
		return nil, false, nil
	}
	r.metrics.hotHit(c.Name)
	return a, true, nil
}

// Refreshed is the block at which the hot sets of chain (the state calls
// read within Config.HotHorizon) were last read again by the head follower;
// zero when they never were.
func (r *Reader) Refreshed(chain orchestration.Chain) uint64 {
	c := r.chains[chain]
	if c == nil {
		return 0
	}
	return c.refreshed.Load()
}
