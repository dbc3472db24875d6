package evm

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"
)

// Backend is what a reader needs from a node; *ethclient.Client satisfies
// it.
type Backend interface {
	ethereum.ContractCaller // CallContract, CodeAt
	BlockNumber(ctx context.Context) (uint64, error)
}

// ChainConfig is one chain a Reader reads.
type ChainConfig struct {
	Name    orchestration.Chain
	ChainID uint64
	// Multicall3 is the address of a Multicall3 (aggregate3 and
	// getBlockNumber with mds1's signatures) on the chain.
	Multicall3 common.Address
	Backend    Backend
	// BlockTime is how often the head follower polls eth_blockNumber when
	// the backend cannot push new heads (Config.FollowHeads); zero means
	// DefaultPollInterval. A chain's block time is the right figure: polling
	// faster finds no new block, slower prices on a block older than needed
	// (until a read asks, see Config.HeadMaxAge).
	BlockTime time.Duration
}

// Config configures NewReader.
type Config struct {
	Chains []ChainConfig
	// ImmutableTTL bounds how long an immutable answer is served from the
	// cache; 0 keeps it until restart (or eviction, see package doc).
	ImmutableTTL time.Duration
	// ImmutableCacheSize bounds the immutable answers kept per chain, least
	// recently used evicted first; 0 means 4096.
	ImmutableCacheSize int
	// StateCacheSize bounds the state answers (balances, quotes of an
	// amount...) kept per chain, the newest two blocks together, least
	// recently used of the older block evicted first; 0 means 16384. The
	// bound matters when a chain does not advance: every read of a new
	// amount at the same block is a new answer.
	StateCacheSize int
	// FollowHeads starts one head follower per chain (newHeads when the
	// Backend is a HeadSubscriber that accepts the subscription, else
	// eth_blockNumber every ChainConfig.BlockTime), so that a read whose
	// answers are cached for the followed head costs no round trip. False
	// (the zero value) follows nothing: such a read asks eth_blockNumber, as
	// it always has. A Reader that follows must be closed (Close).
	FollowHeads bool
	// HeadMaxAge is how long a followed head is trusted after the follower
	// last heard the chain; an older head (a stalled poller, a dead
	// subscription, a chain without blocks for that long) makes reads ask
	// eth_blockNumber again, so a broken follower costs speed, never
	// freshness. Zero means three polling intervals of the chain.
	HeadMaxAge time.Duration
	// SubscribeRetry is how long a follower whose newHeads subscription
	// could not be made polls before it tries again, doubled at each failure
	// in a row up to four times it; zero means DefaultSubscribeRetry (30 s).
	// A backend that cannot push heads at all (HTTP) is polled for good.
	SubscribeRetry time.Duration
	// HotSets bounds the sets of state calls remembered per chain for the
	// per-block refresh (with FollowHeads only): every Read and ReadAt
	// remembers its state calls, most recent first, and when the follower
	// sees a new head it reads the sets read within HotHorizon again, merged
	// in one aggregate3 (with their immutable calls the immutable cache
	// does not hold: those that reverted, which are state of their block),
	// so that a read whose state calls are all among them costs no round
	// trip at the new head. Zero means 256; negative
	// remembers nothing and refreshes nothing.
	HotSets int
	// HotHorizon is how long after its last read a set is still refreshed;
	// zero means one minute. A set past it is forgotten.
	HotHorizon time.Duration
	// Registerer receives the orchestration_evm_* metrics (round trips,
	// read errors, state cache entries and evictions, and the head
	// follower's head, last heard time, polls, errors and fallbacks), all
	// by chain; nil registers no metrics.
	Registerer prometheus.Registerer
	// Logger receives failed reads at debug level; nil means slog.Default().
	Logger *slog.Logger
}

// ErrUnknownChain is returned (wrapped) by Read and ReadAt for a chain the
// Reader was not configured with.
var ErrUnknownChain = errors.New("evm: chain not configured")

// Reader reads EVM chains cheaply: batched through Multicall3, cached per
// block and, for immutable reads, for good. It is safe for concurrent use.
// See the package documentation for the round-trip rules.
type Reader struct {
	chains  map[orchestration.Chain]*chainReader
	order   []orchestration.Chain
	logger  *slog.Logger
	metrics *metrics
	flights singleflight.Group
	follows bool
	clock   atomic.Pointer[func() time.Time] // nil: time.Now; tests move it (SetNow) while followers run

	stop      context.CancelFunc // ends the followers; nil without them
	followers sync.WaitGroup
	closeOnce sync.Once
}

type chainReader struct {
	ChainConfig
	cache    *chainCache
	interval time.Duration // between polls of the head
	maxAge   time.Duration // of a followed head a read trusts
	// subscribeRetry is the first wait before subscribing again
	subscribeRetry time.Duration
	head           headState

	hot        *hotSets // nil: no refresh
	refreshMu  sync.Mutex
	inflight   *refresh      // the newest refresh begun (read or queued), if not done
	refreshing bool          // a refresh is being read
	pending    *refresh      // the refresh queued behind it, if any
	refreshed  atomic.Uint64 // block of the last refresh
	waiters    atomic.Int32  // reads waiting for a refresh, for tests
}

// multicall is the parsed ABI of Multicall3.
var multicall = contracts.MustABI("Multicall3")

var getBlockNumberData = func() []byte {
	b, err := multicall.Pack("getBlockNumber")
	if err != nil {
		panic(err)
	}
	return b
}()

// NewReader validates cfg and returns a Reader. Chain names must be known
// and distinct, each with a Multicall3 address and a Backend.
func NewReader(cfg Config) (*Reader, error) {
	switch {
	case cfg.StateCacheSize < 0:
		return nil, errors.New("evm: StateCacheSize must not be negative")
	case cfg.HeadMaxAge < 0:
		return nil, errors.New("evm: HeadMaxAge must not be negative")
	case cfg.HotHorizon < 0:
		return nil, errors.New("evm: HotHorizon must not be negative")
	case cfg.SubscribeRetry < 0:
		return nil, errors.New("evm: SubscribeRetry must not be negative")
	}
	r := &Reader{chains: map[orchestration.Chain]*chainReader{}, logger: cfg.Logger, follows: cfg.FollowHeads}
	if r.logger == nil {
		r.logger = slog.Default()
	}
	for i, c := range cfg.Chains {
		switch {
		case c.Name == "":
			return nil, fmt.Errorf("evm: chain %d has no name", i)
		case r.chains[c.Name] != nil:
			return nil, fmt.Errorf("evm: chain %s is configured twice", c.Name)
		case c.Multicall3 == (common.Address{}):
			return nil, fmt.Errorf("evm: chain %s has no Multicall3 address", c.Name)
		case c.Backend == nil:
			return nil, fmt.Errorf("evm: chain %s has no backend", c.Name)
		case c.BlockTime < 0:
			return nil, fmt.Errorf("evm: chain %s: BlockTime must not be negative", c.Name)
		}
		cr := &chainReader{ChainConfig: c, interval: cmp.Or(c.BlockTime, DefaultPollInterval)}
		cr.maxAge = cmp.Or(cfg.HeadMaxAge, 3*cr.interval)
		cr.subscribeRetry = cmp.Or(cfg.SubscribeRetry, DefaultSubscribeRetry)
		if cfg.FollowHeads && cfg.HotSets >= 0 {
			cr.hot = newHotSets(cmp.Or(cfg.HotSets, defaultHotSets), cmp.Or(cfg.HotHorizon, defaultHotHorizon))
		}
		name := c.Name
		cr.cache = newChainCache(cfg.ImmutableTTL, cfg.ImmutableCacheSize, cfg.StateCacheSize, func() { r.metrics.evicted(name) })
		r.chains[c.Name] = cr
		r.order = append(r.order, c.Name)
	}
	m, err := newMetrics(cfg.Registerer, r.order)
	if err != nil {
		return nil, err
	}
	r.metrics = m
	if r.follows {
		r.startFollowers()
	}
	return r, nil
}

// now is the time by the Reader's clock.
func (r *Reader) now() time.Time {
	if f := r.clock.Load(); f != nil {
		return (*f)()
	}
	return time.Now()
}

// Chains returns the configured chains in configuration order.
func (r *Reader) Chains() []orchestration.Chain { return slices.Clone(r.order) }

// Has reports whether chain is configured.
func (r *Reader) Has(chain orchestration.Chain) bool { return r.chains[chain] != nil }

// Read answers calls on one chain at the latest block:
//
//   - immutable calls already cached need no I/O;
//   - every other call goes in one eth_call of Multicall3.aggregate3 that
//     also asks getBlockNumber, so the answers carry their block;
//   - when every state call is cached for the newest block seen on the
//     chain, the followed head decides (Config.FollowHeads) if it is fresh,
//     else one eth_blockNumber: same block, cached answers; newer block,
//     one aggregate3;
//   - identical concurrent Reads share one round trip.
//
// A reverted call is an answer with OK=false, not an error. Errors name the
// chain and what failed, never the node's URL; ErrUnknownChain is wrapped
// for a chain the Reader does not have; a node that failed or did not
// answer in time is an *UnavailableError naming the chain.
func (r *Reader) Read(ctx context.Context, chain orchestration.Chain, calls []Call) (*Answers, error) {
	c, err := r.chain(chain)
	if err != nil {
		return nil, err
	}
	if c.hot != nil {
		c.hot.touch(calls, r.now())
	}
	if a, ok := r.cachedAtHead(c, calls, false, 0); ok {
		return a, nil
	}
	return r.shared(ctx, c, "latest", calls, func(ctx context.Context) (*Answers, error) {
		return r.readLatest(ctx, c, calls)
	})
}

// Cached answers calls as Read would when Read needs no I/O: from the
// cache, for the newest head the follower vouches for. ok is false when
// Read would ask the node (or wait for a refresh). Like Read, it remembers
// the calls as hot (copies of them: calls is not kept, and the caller may
// reuse it). Callers use it to spare a read's deadline and context when
// the answer is at hand. Unlike Read's, its answers may be shared with
// other callers that asked for the same calls at the same block (a quote
// repeated): they must not be modified.
func (r *Reader) Cached(chain orchestration.Chain, calls []Call) (a *Answers, ok bool) {
	c, err := r.chain(chain)
	if err != nil {
		return nil, false
	}
	hash, n := hashCalls(calls)
	if c.hot != nil {
		c.hot.touchHashed(calls, hash, n, r.now())
	}
	return r.cachedAtHead(c, calls, true, hash)
}

// ReadAt is Read pinned to a block, for a later phase of a quote that must
// see the state phase 1 saw. Answers cached for that block (the newest two
// blocks read on the chain are kept) need no I/O; the others are read with
// one aggregate3 at that block, which the node must still have.
func (r *Reader) ReadAt(ctx context.Context, chain orchestration.Chain, calls []Call, block uint64) (*Answers, error) {
	c, err := r.chain(chain)
	if err != nil {
		return nil, err
	}
	if block == 0 {
		return nil, fmt.Errorf("evm: %s: ReadAt needs a block number", chain)
	}
	if c.hot != nil {
		c.hot.touch(calls, r.now())
	}
	if a, _, ok := c.cache.lookupAll(calls, block); ok {
		return a, nil
	}
	return r.shared(ctx, c, strconv.FormatUint(block, 10), calls, func(ctx context.Context) (*Answers, error) {
		a, missing := c.cache.lookup(calls, block)
		if len(missing) == 0 {
			return a, nil
		}
		got, err := r.aggregate(ctx, c, missing, block, false)
		if err != nil {
			return nil, err
		}
		a.Merge(got)
		return a, nil
	})
}

// cachedAtHead is Read without I/O, when the cache is as fresh as a round
// trip would be: every call is a cached immutable, or every answer is
// cached for the newest block seen on the chain and the followed head,
// heard within its bound, is no newer. It needs neither singleflight nor
// its key, which cost more than the rest of a warm read together. With
// shared, the answers are those built for the same batch at the same block
// if there are any (chainCache.lookupBatch; hash is the batch's hashCalls):
// read only, for Cached; Read's are the caller's own.
func (r *Reader) cachedAtHead(c *chainReader, calls []Call, shared bool, hash uint64) (*Answers, bool) {
	var a *Answers
	var stateful, ok bool
	if shared {
		a, stateful, ok = c.cache.lookupBatch(calls, hash)
	} else {
		a, stateful, ok = c.cache.lookupAll(calls, 0)
	}
	if !ok {
		return nil, false
	}
	if stateful {
		if n, known := r.knownHead(c); !known || n > a.Block {
			return nil, false // ask the node, or wait for the refresh of n
		}
		if a.Block == c.refreshed.Load() {
			r.metrics.hotHit(c.Name)
		}
	}
	return a, true
}

// readLatest is Read's I/O: see Read for the rules.
func (r *Reader) readLatest(ctx context.Context, c *chainReader, calls []Call) (*Answers, error) {
	head := c.cache.latest()
	a, missing := c.cache.lookup(calls, head)
	n, known := r.knownHead(c)
	if len(missing) == 0 {
		// Everything is cached for the newest block seen: is it still the
		// newest? The follower knows, if it heard the chain lately.
		if !known {
			if r.follows {
				r.metrics.fallback(c.Name)
			}
			r.trip(ctx, c)
			var err error
			n, err = c.Backend.BlockNumber(ctx)
			if err != nil {
				return nil, unavailable(c, fmt.Errorf("evm: %s: eth_blockNumber: %w", c.Name, redact(err)))
			}
			known = true
		}
		if n <= head { // a node behind another one of a pool is not news
			if head == c.refreshed.Load() {
				r.metrics.hotHit(c.Name)
			}
			return a, nil
		}
	}
	// The follower may be reading these very calls for a newer head: wait
	// for it rather than read them again.
	if c.hot != nil {
		if !known {
			n = 0
		}
		a, ok, err := r.awaitRefresh(ctx, c, calls, n)
		if err != nil || ok {
			return a, err
		}
	}
	// Read every state call again, so that all answers are of one block.
	imm, rest := c.cache.lookupImmutable(calls)
	got, err := r.aggregate(ctx, c, rest, 0, false)
	if err != nil {
		return nil, err
	}
	got.Merge(imm)
	got.Block = max(got.Block, imm.Block)
	return got, nil
}

// shared runs read once for identical concurrent calls (same chain, tag
// and calls) and gives each caller its own copy of the answers. A caller
// whose ctx ends stops waiting at once; the read itself runs with the
// context of the caller that started it, so when that caller gives up, the
// others start the read again (twice at most) rather than inherit its
// cancellation.
func (r *Reader) shared(ctx context.Context, c *chainReader, tag string, calls []Call, read func(context.Context) (*Answers, error)) (*Answers, error) {
	key := flightKey(c.Name, tag, calls)
	for attempt := 1; ; attempt++ {
		ch := r.flights.DoChan(key, func() (any, error) {
			a, err := read(ctx)
			if err != nil {
				r.metrics.readError(c.Name)
				r.logger.DebugContext(ctx, "evm read failed", "chain", c.Name, "calls", len(calls), "err", err)
			}
			return a, err
		})
		select {
		case <-ctx.Done():
			err := fmt.Errorf("evm: %s: read: %w", c.Name, ctx.Err())
			if errors.Is(err, context.DeadlineExceeded) { // too slow, not abandoned
				err = unavailable(c, err)
			}
			return nil, err
		case res := <-ch:
			if res.Err != nil {
				if res.Shared && attempt < 3 && ctx.Err() == nil && (errors.Is(res.Err, context.Canceled) || errors.Is(res.Err, context.DeadlineExceeded)) {
					continue // the caller that started the read gave up; we have not
				}
				return nil, res.Err
			}
			a := res.Val.(*Answers)
			if res.Shared {
				a = a.clone()
			}
			return a, nil
		}
	}
}

// flightKey identifies a read for singleflight: the chain, the block tag
// and the set of calls with their flags. It is built in two allocations
// (the sorted keys, the string), whatever the number of calls.
func flightKey(chain orchestration.Chain, tag string, calls []Call) string {
	type entry struct {
		key       CallKey
		immutable bool
	}
	entries := make([]entry, len(calls))
	for i, c := range calls {
		entries[i] = entry{c.Key(), c.Immutable}
	}
	slices.SortFunc(entries, func(x, y entry) int {
		if c := strings.Compare(string(x.key), string(y.key)); c != 0 {
			return c
		}
		switch {
		case x.immutable == y.immutable:
			return 0
		case x.immutable:
			return 1
		}
		return -1
	})
	entries = slices.Compact(entries)
	size := len(chain) + 1 + len(tag)
	for _, e := range entries {
		size += 1 + 20 + 1 + 1 + len(e.key) // separator, length, ':', flag, key
	}
	var b strings.Builder
	b.Grow(size)
	b.WriteString(string(chain))
	b.WriteByte(0)
	b.WriteString(tag)
	var num [20]byte
	for _, e := range entries {
		b.WriteByte(0)
		b.Write(strconv.AppendInt(num[:0], int64(len(e.key))+1, 10))
		b.WriteByte(':')
		if e.immutable {
			b.WriteByte('i')
		} else {
			b.WriteByte('s')
		}
		b.WriteString(string(e.key))
	}
	return b.String()
}

func (r *Reader) chain(name orchestration.Chain) (*chainReader, error) {
	c := r.chains[name]
	if c == nil {
		return nil, fmt.Errorf("%w: %s", ErrUnknownChain, name)
	}
	return c, nil
}

// trip records one round trip to the node of c.
func (r *Reader) trip(ctx context.Context, c *chainReader) {
	countTrip(ctx, c.Name)
	r.metrics.trip(c.Name)
}

// aggregate reads calls plus getBlockNumber in one aggregate3 eth_call at
// block (0: latest) and caches the answers. A background read (the
// follower's refresh) is not a request's round trip and is not counted as
// one.
func (r *Reader) aggregate(ctx context.Context, c *chainReader, calls []Call, block uint64, background bool) (*Answers, error) {
	batch := make([]bindings.Multicall3Call3, 0, len(calls)+1)
	batch = append(batch, bindings.Multicall3Call3{Target: c.Multicall3, AllowFailure: true, CallData: getBlockNumberData})
	for _, call := range calls {
		batch = append(batch, bindings.Multicall3Call3{Target: call.To, AllowFailure: true, CallData: call.Data})
	}
	data, err := multicall.Pack("aggregate3", batch)
	if err != nil {
		return nil, fmt.Errorf("evm: %s: pack aggregate3: %w", c.Name, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("evm: %s: aggregate3 of %d calls: %w", c.Name, len(calls), err)
	}
	if !background {
		r.trip(ctx, c)
	}
	var at *big.Int
	if block != 0 {
		at = new(big.Int).SetUint64(block)
	}
	out, err := c.Backend.CallContract(ctx, ethereum.CallMsg{To: &c.Multicall3, Data: data}, at)
	if err != nil {
		return nil, unavailable(c, fmt.Errorf("evm: %s: aggregate3 of %d calls: %w", c.Name, len(calls), redact(err)))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("evm: %s: aggregate3 returned nothing: no Multicall3 at %s?", c.Name, c.Multicall3)
	}
	vals, err := multicall.Unpack("aggregate3", out)
	if err != nil {
		return nil, fmt.Errorf("evm: %s: decode aggregate3: %w", c.Name, err)
	}
	results := *abi.ConvertType(vals[0], new([]bindings.Multicall3Result)).(*[]bindings.Multicall3Result)
	if len(results) != len(batch) {
		return nil, fmt.Errorf("evm: %s: aggregate3 answered %d of %d calls", c.Name, len(results), len(batch))
	}
	n, err := DecodeUint256(Result{OK: results[0].Success, Data: results[0].ReturnData})
	if err != nil || !n.IsUint64() {
		return nil, fmt.Errorf("evm: %s: Multicall3.getBlockNumber: bad answer: %v", c.Name, err)
	}
	if block != 0 && n.Uint64() != block {
		return nil, fmt.Errorf("evm: %s: asked for block %d, the node read block %s", c.Name, block, n)
	}
	a := NewAnswers(n.Uint64())
	for i, call := range calls {
		res := results[i+1]
		a.Put(call, Result{OK: res.Success, Data: res.ReturnData})
	}
	c.cache.store(calls, a)
	r.metrics.cacheEntries(c.Name, c.cache.stateEntries())
	return a, nil
}
