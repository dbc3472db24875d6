package evm

import (
	"bytes"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common/lru"
)

// Cache bounds. The state cache holds the answers of the newest stateBlocks
// blocks a chain was read at, at most Config.StateCacheSize answers in all
// per chain; the immutable cache holds Config.ImmutableCacheSize answers per
// chain, least recently used first out.
const (
	stateBlocks           = 2
	defaultStateLimit     = 16384
	defaultImmutableLimit = 4096
)

// chainCache is one chain's cached answers. Its methods are safe for
// concurrent use.
type chainCache struct {
	ttl time.Duration
	now func() time.Time

	// stateLimit bounds the state answers of all kept blocks together:
	// a chain that does not advance (a stalled node, a devnet between
	// transactions, a follower holding one head) keeps one block for long,
	// and distinct reads at it (every quote amount is a new call) would
	// otherwise grow it without end.
	stateLimit int
	// onEvict is told of every state answer dropped to honour stateLimit
	// (not of the answers of blocks that fell out of the newest two).
	onEvict func()

	mu        sync.Mutex
	head      uint64                // newest block any answer was read at
	blocks    [stateBlocks]blockSet // newest first; block 0 = unused
	immutable lru.BasicLRU[CallKey, immutableEntry]

	// batches are the answers lookupBatch built, by hash of their calls,
	// for the newest block as of gen: a quote repeated at the same block
	// asks for the same batch, which is then one lookup and a compare
	// rather than one per call. store bumps gen when it changes an
	// answer held (a re-read at a block number a re-org reused), which
	// drops them all.
	gen     uint64
	batches map[uint64]batchAnswers
}

// batchAnswers are the answers to one batch of calls (lookupBatch).
type batchAnswers struct {
	gen, block uint64
	calls      []Call   // the batch, compared on a hit: the hash is only a hint
	a          *Answers // shared by every caller: read only
	stateful   bool
	expires    time.Time // of the first of its immutable answers to expire; zero: never
}

// Bounds of the batches kept: a few hundred distinct quotes at one block.
// A bigger batch is answered without being kept.
const (
	maxBatches    = 256
	maxBatchCalls = 512
)

type blockSet struct {
	block   uint64
	results *lru.BasicLRU[CallKey, Result] // nil when block is 0
}

type immutableEntry struct {
	res     Result
	expires time.Time // zero: never
}

func newChainCache(ttl time.Duration, limit, stateLimit int, onEvict func()) *chainCache {
	if limit <= 0 {
		limit = defaultImmutableLimit
	}
	if stateLimit <= 0 {
		stateLimit = defaultStateLimit
	}
	if onEvict == nil {
		onEvict = func() {}
	}
	return &chainCache{ttl: ttl, now: time.Now, stateLimit: stateLimit, onEvict: onEvict,
		immutable: lru.NewBasicLRU[CallKey, immutableEntry](limit)}
}

// lookup answers what it can of calls from the cache: immutable calls from
// the immutable cache, the others (and immutable calls not cached) from the
// state answers of block. It returns the answers and the calls it could not
// answer.
func (c *chainCache) lookup(calls []Call, block uint64) (*Answers, []Call) {
	a := newAnswersFor(block, len(calls))
	var missing []Call
	c.mu.Lock()
	defer c.mu.Unlock()
	state := c.stateAt(block)
	now := c.now()
	for _, call := range calls {
		k := call.Key()
		if r, _, _, ok := c.get(call, k, state, now); ok {
			a.put(k, hashKey(k), r)
			continue
		}
		missing = append(missing, call)
	}
	return a, missing
}

// lookupAll is lookup when every answer is needed: the answers to all calls
// at block, or ok false (and nothing built) at the first one not cached.
// block 0 is the newest block any answer was read at, which the answers
// then carry. stateful reports whether an answer is state of block (a
// state call's, or an immutable call's that reverted), only as fresh as
// block.
func (c *chainCache) lookupAll(calls []Call, block uint64) (a *Answers, stateful, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, stateful, _, ok = c.lookupAllLocked(calls, block, c.now())
	return a, stateful, ok
}

// lookupAllLocked is lookupAll under c.mu, at now; expires is when the
// first immutable answer among them expires (zero: never).
func (c *chainCache) lookupAllLocked(calls []Call, block uint64, now time.Time) (a *Answers, stateful bool, expires time.Time, ok bool) {
	if block == 0 {
		block = c.head
	}
	state := c.stateAt(block)
	// Look first, build after: a miss, the usual outcome of a cold read,
	// allocates nothing.
	var buf [32]Result
	found := buf[:0]
	for _, call := range calls {
		r, fromState, exp, ok := c.get(call, call.Key(), state, now)
		if !ok {
			return nil, false, time.Time{}, false
		}
		found = append(found, r)
		stateful = stateful || fromState
		if !exp.IsZero() && (expires.IsZero() || exp.Before(expires)) {
			expires = exp
		}
	}
	a = newAnswersFor(block, len(calls))
	for i, call := range calls {
		k := call.Key()
		a.put(k, hashKey(k), found[i])
	}
	return a, stateful, expires, true
}

// lookupBatch is lookupAll at the newest block for a batch whose hashCalls
// is hash: the answers built for the same batch at the same block are
// returned again, shared (read only), while none of their immutable
// answers has expired and nothing was stored since.
func (c *chainCache) lookupBatch(calls []Call, hash uint64) (a *Answers, stateful, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.batches[hash]; ok && e.gen == c.gen && e.block == c.head && sameCalls(e.calls, calls) &&
		(e.expires.IsZero() || c.now().Before(e.expires)) {
		return e.a, e.stateful, true
	}
	a, stateful, expires, ok := c.lookupAllLocked(calls, 0, c.now())
	if !ok || len(calls) > maxBatchCalls {
		return a, stateful, ok
	}
	if c.batches == nil || len(c.batches) >= maxBatches {
		c.batches = make(map[uint64]batchAnswers)
	}
	kept := make([]Call, len(calls))
	for i, call := range calls {
		kept[i] = keyed(call)
	}
	c.batches[hash] = batchAnswers{gen: c.gen, block: a.Block, calls: kept, a: a, stateful: stateful, expires: expires}
	return a, stateful, true
}

// sameResult reports whether a and b are the same answer.
func sameResult(a, b Result) bool { return a.OK == b.OK && bytes.Equal(a.Data, b.Data) }

// sameCalls reports whether a and b are the same calls in the same order.
func sameCalls(a, b []Call) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].To != b[i].To || a[i].Immutable != b[i].Immutable || !bytes.Equal(a[i].Data, b[i].Data) {
			return false
		}
	}
	return true
}

// get is the cached answer to call (whose key is k) at the block of state
// (nil: none), marking it recently used; fromState tells an answer of that
// block from an immutable one, whose expiry is expires (zero: never). The
// caller holds c.mu.
func (c *chainCache) get(call Call, k CallKey, state *lru.BasicLRU[CallKey, Result], now time.Time) (_ Result, fromState bool, expires time.Time, ok bool) {
	if call.Immutable {
		if e, ok := c.immutable.Get(k); ok {
			if e.expires.IsZero() || now.Before(e.expires) {
				return e.res, false, e.expires, true
			}
			c.immutable.Remove(k)
		}
	}
	if state == nil {
		return Result{}, false, time.Time{}, false
	}
	r, ok := state.Get(k)
	return r, true, time.Time{}, ok
}

// withoutHeldImmutables is calls without the immutable calls whose answers
// the cache holds, in place: what a hot refresh must read.
func (c *chainCache) withoutHeldImmutables(calls []Call) []Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	out := calls[:0]
	for _, call := range calls {
		if call.Immutable {
			if e, ok := c.immutable.Peek(call.Key()); ok && (e.expires.IsZero() || now.Before(e.expires)) {
				continue
			}
		}
		out = append(out, call)
	}
	clear(calls[len(out):])
	return out
}

// lookupImmutable answers the immutable calls it holds and returns the rest.
func (c *chainCache) lookupImmutable(calls []Call) (*Answers, []Call) {
	a, missing := c.lookup(calls, 0)
	a.Block = c.latest()
	return a, missing
}

func (c *chainCache) latest() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.head
}

// stateLen is the number of state answers kept, all blocks together.
func (c *chainCache) stateLen() int {
	n := 0
	for _, s := range c.blocks {
		if s.results != nil {
			n += s.results.Len()
		}
	}
	return n
}

// stateEntries is stateLen under the lock, for metrics and tests.
func (c *chainCache) stateEntries() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stateLen()
}

// evictOne drops one state answer to make room: the least recently used of
// the oldest block that has any, since an older block is the less likely to
// be asked for again.
func (c *chainCache) evictOne() {
	for i := len(c.blocks) - 1; i >= 0; i-- {
		if s := c.blocks[i].results; s != nil && s.Len() > 0 {
			s.RemoveOldest()
			c.onEvict()
			// store sees a change only to an answer it still holds: one
			// dropped here could come back changed, unseen, under a
			// batch holding the old one.
			c.gen++
			return
		}
	}
}

func (c *chainCache) stateAt(block uint64) *lru.BasicLRU[CallKey, Result] {
	for _, s := range c.blocks {
		if s.block == block && block != 0 {
			return s.results
		}
	}
	return nil
}

// store records answers read at a.Block: successful immutable calls for
// good (or the TTL), everything else as state of that block, if the block is
// among the newest stateBlocks seen.
func (c *chainCache) store(calls []Call, a *Answers) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.head = max(c.head, a.Block)
	// A batch built before stays right unless an answer it may hold
	// changes (a re-read at a block number a re-org reused): new answers
	// to other calls, or the same answers again, leave it be, so that
	// quotes of other amounts at the block do not drop every batch.
	changed := false
	var expires time.Time
	if c.ttl > 0 {
		expires = c.now().Add(c.ttl)
	}
	state := c.stateSlot(a.Block)
	for _, call := range calls {
		k := call.Key()
		r, ok := a.get(k)
		if !ok {
			continue
		}
		if call.Immutable && r.OK {
			if old, ok := c.immutable.Peek(k); ok {
				changed = changed || !sameResult(old.res, r)
			}
			c.immutable.Add(k, immutableEntry{res: r, expires: expires})
			continue
		}
		if state == nil {
			continue
		}
		if old, ok := state.Peek(k); ok {
			changed = changed || !sameResult(old, r)
		} else {
			for c.stateLen() >= c.stateLimit {
				c.evictOne()
			}
		}
		state.Add(k, r)
	}
	if changed {
		c.gen++
	}
}

// stateSlot returns the state answers of block, making room for it when it
// is newer than one of the kept blocks; nil when it is older than all.
func (c *chainCache) stateSlot(block uint64) *lru.BasicLRU[CallKey, Result] {
	if block == 0 {
		return nil
	}
	if s := c.stateAt(block); s != nil {
		return s
	}
	for i, s := range c.blocks {
		if block > s.block {
			copy(c.blocks[i+1:], c.blocks[i:len(c.blocks)-1])
			// The LRU's own capacity is never reached: store evicts
			// across blocks first, to honour stateLimit over all of them.
			results := lru.NewBasicLRU[CallKey, Result](c.stateLimit + 1)
			c.blocks[i] = blockSet{block: block, results: &results}
			return c.blocks[i].results
		}
	}
	return nil
}
