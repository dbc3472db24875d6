package order

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"os"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// Defaults for the zero values of IndexerConfig and IndexChain.
const (
	DefaultLeaseTTL     = 30 * time.Second
	DefaultPollInterval = 2 * time.Second
	DefaultMaxRange     = 2000
	// DefaultRetryDelay is the first wait after a failed step; it doubles
	// up to a minute while failures last.
	DefaultRetryDelay = time.Second
)

// IndexChain is one chain whose OrderBook the Indexer follows.
type IndexChain struct {
	// Name labels logs and metrics. Required.
	Name orchestration.Chain
	// ChainID is the chain's id, as orders name it. Required.
	ChainID uint64
	// OrderBook is the OrderBook's address. Required.
	OrderBook common.Address
	// Logs reads the chain: an evm.LogReader over the chain's client, for
	// round-trip counting and errors without URLs. Required.
	Logs evm.LogBackend
	// StartBlock is where a chain the store has no checkpoint for is read
	// from (the OrderBook's deployment block, say); zero means genesis. A
	// chain with a checkpoint continues from it.
	StartBlock uint64
	// Confirmations is how far behind the head the index stays: blocks
	// newer than head - Confirmations are not read yet. Zero reads up to
	// the head (re-orgs are then undone as they are found).
	Confirmations uint64
	// MaxRange is the most blocks one eth_getLogs asks for; zero means
	// DefaultMaxRange. A node refusing a range halves it, down to one
	// block; it grows back by doubling after each range read.
	MaxRange uint64
}

// IndexerConfig configures NewIndexer.
type IndexerConfig struct {
	// Store is where the index is kept. Required.
	Store *Store
	// Chains are the chains to follow, each with a distinct id. Required.
	Chains []IndexChain
	// Holder names this replica in the chains' leases; replicas sharing a
	// database need distinct names. Empty means the host name and a random
	// suffix.
	Holder string
	// LeaseTTL is how long a chain stays leased to a replica that stopped
	// renewing (it died): another takes the chain over after it. Zero
	// means DefaultLeaseTTL. The holder renews at every batch, and at least
	// every third of it.
	LeaseTTL time.Duration
	// PollInterval is the wait between looks at a chain that is caught up,
	// and between attempts to take a chain another replica holds. Zero
	// means DefaultPollInterval.
	PollInterval time.Duration
	// RetryDelay is the first wait after a failed step (a node or the
	// database down); zero means DefaultRetryDelay.
	RetryDelay time.Duration
	// Feed, when set, is told the orders each write changed, in the
	// write's transaction (StatusFeed.Publish), for the status streams of
	// every replica: a notice goes out exactly when its write commits. A
	// failing Publish fails the write, which is retried like any other:
	// a feed that cannot publish stops the index, and failing
	// publishFailuresLogged times in a row is logged at Error, naming
	// the feed. A PostgresFeed needs a PostgreSQL Store. Nil publishes
	// nothing.
	Feed StatusFeed
	// Registerer receives the indexer's metrics (see the package
	// documentation); nil registers none.
	Registerer prometheus.Registerer
	// Logger receives progress and failures; nil means slog.Default().
	Logger *slog.Logger
}

// publishFailuresLogged is how many failed writes in a row, the last
// failing to publish, make the indexer log at Error: a feed that cannot
// publish holds the index back for good, unlike a passing failure.
const publishFailuresLogged = 3

// PublishError is the error of a write of the index whose StatusFeed
// failed to publish; the write was rolled back.
type PublishError struct {
	Feed StatusFeed
	Err  error
}

func (e *PublishError) Error() string {
	return fmt.Sprintf("order: publish the orders changed on %T: %v", e.Feed, e.Err)
}

func (e *PublishError) Unwrap() error { return e.Err }

// Indexer follows the OrderBook events of every configured chain into its
// Store: see the package documentation. Run it once.
type Indexer struct {
	cfg     IndexerConfig
	logger  *slog.Logger
	metrics *indexMetrics
}

// NewIndexer checks cfg and returns an Indexer.
func NewIndexer(cfg IndexerConfig) (*Indexer, error) {
	if cfg.Store == nil {
		return nil, errors.New("order: IndexerConfig.Store is required")
	}
	if len(cfg.Chains) == 0 {
		return nil, errors.New("order: IndexerConfig.Chains is empty")
	}
	seen := map[uint64]bool{}
	var names []orchestration.Chain
	for i := range cfg.Chains {
		c := &cfg.Chains[i]
		switch {
		case c.Name == "" || c.ChainID == 0:
			return nil, fmt.Errorf("order: IndexerConfig.Chains[%d] needs a name and a chain id", i)
		case seen[c.ChainID]:
			return nil, fmt.Errorf("order: IndexerConfig.Chains: chain id %d given twice", c.ChainID)
		case c.OrderBook == (common.Address{}):
			return nil, fmt.Errorf("order: IndexerConfig.Chains: %s has no OrderBook address", c.Name)
		case c.Logs == nil:
			return nil, fmt.Errorf("order: IndexerConfig.Chains: %s has no Logs backend", c.Name)
		}
		seen[c.ChainID] = true
		names = append(names, c.Name)
		if c.MaxRange == 0 {
			c.MaxRange = DefaultMaxRange
		}
	}
	if cfg.LeaseTTL < 0 || cfg.PollInterval < 0 || cfg.RetryDelay < 0 {
		return nil, errors.New("order: IndexerConfig durations must not be negative")
	}
	if cfg.LeaseTTL == 0 {
		cfg.LeaseTTL = DefaultLeaseTTL
	}
	if cfg.PollInterval == 0 {
		cfg.PollInterval = DefaultPollInterval
	}
	if cfg.RetryDelay == 0 {
		cfg.RetryDelay = DefaultRetryDelay
	}
	if pf, ok := cfg.Feed.(*PostgresFeed); ok && cfg.Store.db.Dialect() != storage.Postgres {
		// Its NOTIFY would fail every write of the index.
		return nil, fmt.Errorf("order: IndexerConfig.Feed is a PostgresFeed (channel %s) but the Store is %s: publish in process (MemoryFeed)",
			pf.cfg.Channel, cfg.Store.db.Dialect())
	}
	if cfg.Holder == "" {
		host, _ := os.Hostname()
		cfg.Holder = host + "-" + rand.Text()[:8]
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	m, err := newIndexMetrics(cfg.Registerer, names)
	if err != nil {
		return nil, err
	}
	return &Indexer{cfg: cfg, logger: logger.With("holder", cfg.Holder), metrics: m}, nil
}

// Holder is the name this replica's leases carry.
func (ix *Indexer) Holder() string { return ix.cfg.Holder }

// Run follows every chain until ctx ends, then gives up its leases and
// returns nil. A chain whose node or database fails is retried with
// backoff; the other chains go on meanwhile. A chain with an OrderBook log
// that does not decode stops for good (until the process restarts): it is
// logged at Error and in the metrics, and the lease is given back.
func (ix *Indexer) Run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, c := range ix.cfg.Chains {
		g.Go(func() error {
			f := &follower{ix: ix, c: c, rng: c.MaxRange, logger: ix.logger.With("chain", c.Name)}
			f.run(ctx)
			return nil
		})
	}
	return g.Wait()
}

// follower indexes one chain; only its goroutine touches it.
type follower struct {
	ix     *Indexer
	c      IndexChain
	logger *slog.Logger

	leased    bool
	next      uint64   // first block not indexed
	last      blockRef // the newest kept block hash (zero: none)
	rng       uint64   // blocks per eth_getLogs now
	renewedAt time.Time
	caughtUp  bool
	failures  int
	// forkRetries counts the ranges refused in a row for logs or headers
	// off the chain of their end.
	forkRetries int
}

func (f *follower) run(ctx context.Context) {
	defer func() {
		// ctx is done: give the chain up with a context of its own. Even
		// when no lease is known to be held: an acquire cut short by ctx
		// may have committed without hearing so.
		rctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := f.ix.cfg.Store.release(rctx, f.c.ChainID, f.ix.cfg.Holder); err != nil && f.leased {
			f.logger.Warn("order index: releasing the chain failed; another replica takes it over when the lease runs out", "err", err)
		}
		f.ix.metrics.setLeader(f.c.Name, false)
	}()
	for {
		wait, err := f.step(ctx)
		if ctx.Err() != nil {
			return
		}
		if ue := (*undecodableError)(nil); errors.As(err, &ue) {
			f.ix.metrics.stopped(f.c.Name)
			f.logger.Error("order index: an OrderBook log does not decode; indexing of this chain stops",
				"block", ue.log.BlockNumber, "log", ue.log.Index, "tx", ue.log.TxHash, "err", ue.err)
			return
		}
		if err != nil {
			f.failures++
			wait = min(f.ix.cfg.RetryDelay<<min(f.failures-1, 6), time.Minute)
			f.ix.metrics.failed(f.c.Name)
			if pe := (*PublishError)(nil); errors.As(err, &pe) && f.failures >= publishFailuresLogged {
				f.logger.Error("order index: the status feed cannot publish, so the index does not advance; retrying",
					"feed", fmt.Sprintf("%T", pe.Feed), "failures", f.failures, "err", err, "retryIn", wait)
			} else {
				f.logger.Warn("order index: step failed; retrying", "err", err, "retryIn", wait)
			}
		} else {
			f.failures = 0
		}
		if wait == 0 {
			continue
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// step does one unit of work and says how long to wait before the next.
func (f *follower) step(ctx context.Context) (time.Duration, error) {
	ix, st := f.ix, f.ix.cfg.Store
	poll := ix.cfg.PollInterval
	if !f.leased {
		wctx, cancel := writeContext(ctx)
		next, last, ok, err := st.acquire(wctx, f.c.ChainID, ix.cfg.Holder, f.c.StartBlock, ix.cfg.LeaseTTL)
		cancel()
		if err != nil {
			return 0, err
		}
		if !ok {
			return poll, nil // another replica indexes the chain
		}
		f.leased, f.next, f.last, f.renewedAt, f.caughtUp = true, next, last, time.Now(), false
		ix.metrics.setLeader(f.c.Name, true)
		f.logger.Info("order index: indexing the chain", "from", next)
	} else if time.Since(f.renewedAt) > ix.cfg.LeaseTTL/3 {
		wctx, cancel := writeContext(ctx)
		err := st.renew(wctx, f.c.ChainID, ix.cfg.Holder, ix.cfg.LeaseTTL)
		cancel()
		if err := f.check(err); err != nil {
			return 0, err
		}
		if !f.leased {
			return poll, nil
		}
		f.renewedAt = time.Now()
	}

	head, err := f.c.Logs.HeaderByNumber(ctx, nil)
	if err != nil {
		return 0, err
	}
	headN := head.Number.Uint64()
	ix.metrics.setHead(f.c.Name, headN)
	if headN < f.c.Confirmations {
		return poll, nil
	}
	target := headN - f.c.Confirmations
	if f.last.number != 0 || f.last.hash != (common.Hash{}) {
		// The newest block indexed must still be on the chain.
		var h *types.Header
		switch {
		case f.last.number == headN:
			h = head
		case f.last.number < headN:
			if f.next > target {
				break // nothing new to read: look again when there is
			}
			if h, err = f.c.Logs.HeaderByNumber(ctx, new(big.Int).SetUint64(f.last.number)); err != nil {
				return 0, err
			}
		}
		if h != nil && h.Hash() != f.last.hash {
			return 0, f.reorg(ctx, headN)
		}
	}
	if f.next > target {
		ix.metrics.setIndexed(f.c.Name, f.next, headN)
		if !f.caughtUp {
			f.caughtUp = true
			f.logger.Info("order index: caught up", "indexed", int64(f.next)-1, "head", headN)
		}
		return poll, nil
	}

	from, to := f.next, min(f.next+f.rng-1, target)
	toHeader := head
	if to != headN {
		if toHeader, err = f.c.Logs.HeaderByNumber(ctx, new(big.Int).SetUint64(to)); err != nil {
			return 0, err
		}
	}
	logs, err := f.c.Logs.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to),
		Addresses: []common.Address{f.c.OrderBook}, Topics: eventTopics,
	})
	if err != nil {
		if evm.NodeRefused(err) && to > from {
			f.rng = max(1, (to-from+1)/2)
			f.logger.Info("order index: the node refused a range; narrowing it", "from", from, "to", to, "blocks", f.rng, "err", err)
			return 0, nil
		}
		return 0, err
	}
	logs = inRange(logs, from, to)
	chain, err := f.chainOf(ctx, toHeader, logs)
	var fork *forkError
	if errors.As(err, &fork) {
		// A node on another fork answered the logs, or some headers: write
		// nothing, and read the range again once the nodes agree.
		ix.metrics.forkRetried(f.c.Name)
		if f.forkRetries++; f.forkRetries == 1 { // the metric counts the others
			f.logger.Warn("order index: the node's logs and headers are on different forks; reading the range again until they agree",
				"from", from, "to", to, "block", fork.block, "retryIn", poll)
		}
		return poll, nil
	}
	if err != nil {
		return 0, err
	}
	f.forkRetries = 0
	b := &batch{chainID: f.c.ChainID, holder: ix.cfg.Holder, ttl: ix.cfg.LeaseTTL, from: from, to: to, toHash: toHeader.Hash()}
	for _, l := range logs {
		ev, ok, err := decodeLog(f.c.ChainID, l)
		if err != nil {
			return 0, &undecodableError{log: l, err: err}
		}
		if !ok {
			continue
		}
		if ev.blockTime == 0 && !ev.removed { // a node that does not say blockTimestamp
			ev.blockTime = chain[l.BlockNumber].Time
		}
		b.events = append(b.events, ev)
	}
	if err := ctx.Err(); err != nil {
		return 0, err // stopped between reading and writing: the range is read again
	}
	wctx, cancel := writeContext(ctx)
	err = st.apply(wctx, b, ix.cfg.Feed)
	cancel()
	if err := f.check(err); err != nil {
		return 0, err
	}
	if !f.leased {
		return poll, nil
	}
	f.next, f.last, f.renewedAt = to+1, blockRef{to, b.toHash}, time.Now()
	f.rng = min(f.c.MaxRange, f.rng*2)
	ix.metrics.indexed(f.c.Name, len(b.events))
	ix.metrics.setIndexed(f.c.Name, f.next, headN)
	f.logger.Debug("order index: blocks indexed", "from", from, "to", to, "events", len(b.events), "head", headN)
	if to < target {
		f.caughtUp = false
		return 0, nil
	}
	return poll, nil
}

// inRange keeps the logs of blocks from..to and every removed log (an
// undo notice names a block of the dropped fork, wherever it was).
func inRange(logs []types.Log, from, to uint64) []types.Log {
	return slices.DeleteFunc(logs, func(l types.Log) bool {
		return !l.Removed && (l.BlockNumber < from || l.BlockNumber > to)
	})
}

// headerReads bounds the header reads of one chainOf in flight at once.
const headerReads = 8

// forkError says the block of a log, or a header read by number, is not on
// the chain of the range's end header.
type forkError struct{ block uint64 }

func (e *forkError) Error() string {
	return fmt.Sprintf("order: block %d is not on the chain of the range's end", e.block)
}

// chainOf checks that every log (bar the removed ones) is of a block of the
// chain that ends at end, and returns that chain's headers by number, from
// the oldest such log's block to end; a *forkError when one is not.
//
// The chain is walked by parent hash from end down to the oldest block with
// a log, a header per block. That is the cheapest check that holds when
// the backend answers each call from another node: comparing a log's
// blockHash with the header read by its number only moves the question to
// whether that header is of end's chain, and a hash names its parent alone,
// so nothing short of the walk links a block to end. It costs nothing for a
// range without logs (most ranges at the head), at most one header read per
// block of the range otherwise (read headerReads at a time), and gives the
// block times of nodes that do not say blockTimestamp.
func (f *follower) chainOf(ctx context.Context, end *types.Header, logs []types.Log) (map[uint64]*types.Header, error) {
	endN := end.Number.Uint64()
	low := endN + 1
	for _, l := range logs {
		if !l.Removed {
			low = min(low, l.BlockNumber)
		}
	}
	if low > endN {
		return nil, nil
	}
	headers := make([]*types.Header, endN-low+1)
	headers[len(headers)-1] = end
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(headerReads)
	for n := low; n < endN; n++ {
		g.Go(func() error {
			h, err := f.c.Logs.HeaderByNumber(gctx, new(big.Int).SetUint64(n))
			headers[n-low] = h
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	chain := make(map[uint64]*types.Header, len(headers))
	chain[endN] = end
	for i := len(headers) - 2; i >= 0; i-- {
		if headers[i].Hash() != headers[i+1].ParentHash {
			return nil, &forkError{block: low + uint64(i)}
		}
		chain[low+uint64(i)] = headers[i]
	}
	for _, l := range logs {
		if !l.Removed && l.BlockHash != chain[l.BlockNumber].Hash() {
			return nil, &forkError{block: l.BlockNumber}
		}
	}
	return chain, nil
}

// undecodableError is a log of the OrderBook that does not decode: the
// index cannot say what it did, so indexing the chain stops rather than
// leave an order's history with a hole in it.
type undecodableError struct {
	log types.Log
	err error
}

func (e *undecodableError) Error() string {
	return fmt.Sprintf("order: the OrderBook log %d of block %d does not decode: %v", e.log.Index, e.log.BlockNumber, e.err)
}

func (e *undecodableError) Unwrap() error { return e.err }

// writeTimeout bounds one write of the index.
const writeTimeout = 30 * time.Second

// writeContext is the context of a write to the index: not cut short when
// ctx ends, so that the follower knows whether it committed (a commit cut
// short may still land, after the lease was given back), and bounded by
// writeTimeout.
func writeContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
}

// check turns errNotHolder into losing the lease (not an error); other
// errors pass.
func (f *follower) check(err error) error {
	if errors.Is(err, errNotHolder) {
		f.leased = false
		f.ix.metrics.setLeader(f.c.Name, false)
		f.logger.Warn("order index: lost the chain to another replica")
		return nil
	}
	return err
}

// reorg finds the newest kept block the chain still has, undoes what the
// index holds after it and continues from there. With none left (a re-org
// deeper than the hashes kept) the chain is indexed again from StartBlock.
func (f *follower) reorg(ctx context.Context, head uint64) error {
	st := f.ix.cfg.Store
	kept, err := st.recentBlocks(ctx, f.c.ChainID)
	if err != nil {
		return err
	}
	next, found := f.c.StartBlock, blockRef{}
	for _, b := range kept {
		if b.number > head {
			continue
		}
		h, err := f.c.Logs.HeaderByNumber(ctx, new(big.Int).SetUint64(b.number))
		if err != nil {
			return err
		}
		if h.Hash() == b.hash {
			next, found = b.number+1, b
			break
		}
	}
	if found == (blockRef{}) {
		f.logger.Error("order index: re-org deeper than the block hashes kept; indexing the chain again from its start block", "start", next)
	}
	wctx, cancel := writeContext(ctx)
	err = st.rewind(wctx, f.c.ChainID, f.ix.cfg.Holder, next, f.ix.cfg.LeaseTTL, f.ix.cfg.Feed)
	cancel()
	if err := f.check(err); err != nil {
		return err
	}
	if !f.leased {
		return nil
	}
	f.logger.Warn("order index: re-org; undid the blocks the chain dropped", "from", next, "indexedTo", int64(f.next)-1)
	f.ix.metrics.reorged(f.c.Name)
	f.next, f.last, f.renewedAt, f.caughtUp = next, found, time.Now(), false
	return nil
}
