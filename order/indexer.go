package order

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// Defaults for the zero values of IndexerConfig.
const (
	// DefaultLeaseTTL is short so that a replica killed without giving
	// its chains back holds them seconds, not a minute: its holder renews
	// at least every third of it.
	DefaultLeaseTTL     = 6 * time.Second
	DefaultPollInterval = 2 * time.Second
	// DefaultRetryDelay is the first wait after a failed step; it doubles
	// up to a minute while failures last.
	DefaultRetryDelay = time.Second
)

// IndexChain is one chain whose order book the Indexer follows.
type IndexChain struct {
	// Name labels logs and metrics. Required.
	Name orchestration.Chain
	// ChainID is the chain's id, as orders name it. Required.
	ChainID uint64
	// Events reads the chain's order-book events: its runtime's
	// EventSource (evmorders.NewEventSource for an EVM chain,
	// svmorders.NewEventSource for a Solana cluster). Required.
	Events EventSource
	// StartBlock is where a chain the store has no checkpoint for is read
	// from (the block or slot the order book was deployed at, say); zero
	// means genesis. A chain with a checkpoint continues from it.
	StartBlock uint64
}

// IndexerConfig configures NewIndexer.
type IndexerConfig struct {
	// Store is where the index is kept. Required.
	Store *Store
	// Chains are the chains to follow, each with a distinct id. Required.
	Chains []IndexChain
	// Holder names this replica in the chains' leases; replicas sharing a
	// database need distinct names. A process restarted with the name it
	// had takes its chains back at once, without waiting for the lease it
	// left to run out. Empty means a name stable across restarts: the
	// host name and a hash of the executable's path, the working
	// directory and the chains followed (see DefaultHolder); replicas
	// sharing all of those, two in one process say, must set it.
	Holder string
	// LeaseTTL is how long a chain stays leased to a replica that stopped
	// renewing (it died): another takes the chain over after it, at its
	// next look (PollInterval). Zero means DefaultLeaseTTL, or three
	// PollIntervals when longer; it must exceed PollInterval. The holder
	// renews at every batch, and at least every third of it.
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
	// Changes, when set, records the orders each write changed, as the
	// write leaves them, in the write's transaction (ChangeRecorder): the
	// webhook outbox (package webhook) is written so. Its failure fails
	// the write, which is retried like any other. Nil records nothing.
	Changes ChangeRecorder
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
		case c.Events == nil:
			return nil, fmt.Errorf("order: IndexerConfig.Chains: %s has no EventSource", c.Name)
		}
		seen[c.ChainID] = true
		names = append(names, c.Name)
	}
	if cfg.LeaseTTL < 0 || cfg.PollInterval < 0 || cfg.RetryDelay < 0 {
		return nil, errors.New("order: IndexerConfig durations must not be negative")
	}
	if cfg.PollInterval == 0 {
		cfg.PollInterval = DefaultPollInterval
	}
	switch {
	case cfg.LeaseTTL == 0:
		cfg.LeaseTTL = max(DefaultLeaseTTL, 3*cfg.PollInterval)
	case cfg.LeaseTTL <= cfg.PollInterval:
		// A holder that is caught up renews once a poll: it would lose
		// its chains between two.
		return nil, fmt.Errorf("order: IndexerConfig.LeaseTTL (%v) must exceed PollInterval (%v)", cfg.LeaseTTL, cfg.PollInterval)
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
		cfg.Holder = DefaultHolder(cfg.Chains)
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

// DefaultHolder is the name an Indexer of chains has when
// IndexerConfig.Holder is empty: the host name and a hash of the
// executable's path, the working directory and the chains' ids. A process
// restarted on the same host, from the same directory, is the holder it
// was.
func DefaultHolder(chains []IndexChain) string {
	host, _ := os.Hostname()
	exe, _ := os.Executable()
	dir, _ := os.Getwd()
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s", exe, dir)
	ids := make([]uint64, len(chains))
	for i, c := range chains {
		ids[i] = c.ChainID
	}
	slices.Sort(ids)
	for _, id := range ids {
		fmt.Fprintf(h, "\x00%d", id)
	}
	return host + "-" + hex.EncodeToString(h.Sum(nil)[:4])
}

// Holder is the name this replica's leases carry.
func (ix *Indexer) Holder() string { return ix.cfg.Holder }

// Run follows every chain until ctx ends, then gives up its leases and
// returns nil. A chain whose node or database fails is retried with
// backoff; the other chains go on meanwhile. A chain with an order-book
// event that does not decode stops for good (until the process restarts): it is
// logged at Error and in the metrics, and the lease is given back.
func (ix *Indexer) Run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, c := range ix.cfg.Chains {
		g.Go(func() error {
			f := &follower{ix: ix, c: c, logger: ix.logger.With("chain", c.Name)}
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
	next      uint64 // first block not indexed
	last      Anchor // the newest kept block (zero: none)
	renewedAt time.Time
	caughtUp  bool
	failures  int
	// failingSince is when the first of the failures in a row happened.
	failingSince time.Time
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
		if ue := (*UndecodableError)(nil); errors.As(err, &ue) {
			f.ix.metrics.stopped(f.c.Name)
			f.logger.Error("order index: an order-book event does not decode; indexing of this chain stops",
				"block", ue.Block, "log", ue.Index, "tx", ue.Tx, "err", ue.Err)
			return
		}
		if err != nil {
			if f.failures == 0 {
				f.failingSince = time.Now()
			}
			f.failures++
			wait = min(f.ix.cfg.RetryDelay<<min(f.failures-1, 6), time.Minute)
			f.ix.metrics.failed(f.c.Name)
			if pe := (*PublishError)(nil); errors.As(err, &pe) && f.failures >= publishFailuresLogged {
				f.logger.Error("order index: the status feed cannot publish, so the index does not advance; retrying",
					"feed", fmt.Sprintf("%T", pe.Feed), "failures", f.failures, "err", err, "retryIn", wait)
			} else {
				f.logger.Warn("order index: step failed; retrying", "err", err, "retryIn", wait)
			}
		} else if f.failures > 0 {
			// Said once, at Info, so that the end of an outage (a
			// database restarted, a node back) is in the log, not only
			// its start.
			f.logger.Info("order index: working again after failed steps",
				"failures", f.failures, "failingFor", time.Since(f.failingSince).Round(time.Millisecond))
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

	page, err := f.c.Events.Events(ctx, f.next, f.last)
	if page.Head != 0 {
		ix.metrics.setHead(f.c.Name, page.Head)
	}
	var fork *ForkError
	switch {
	case errors.Is(err, ErrReorg):
		return 0, f.reorg(ctx)
	case errors.As(err, &fork):
		// A node on another fork answered part of the read: write nothing,
		// and read the range again once the nodes agree.
		ix.metrics.forkRetried(f.c.Name)
		if f.forkRetries++; f.forkRetries == 1 { // the metric counts the others
			f.logger.Warn("order index: the node's events and blocks are on different forks; reading the range again until they agree",
				"from", fork.From, "to", fork.To, "block", fork.Block, "retryIn", poll)
		}
		return poll, nil
	case err != nil:
		return 0, err
	}
	f.forkRetries = 0
	if page.End == (Anchor{}) {
		if page.More {
			return 0, nil // the source asks to read again at once (a narrower range, say)
		}
		ix.metrics.setIndexed(f.c.Name, f.next, page.Head)
		if !f.caughtUp {
			f.caughtUp = true
			f.logger.Info("order index: caught up", "indexed", int64(f.next)-1, "head", page.Head)
		}
		return poll, nil
	}
	if page.End.Number < f.next {
		return 0, fmt.Errorf("order: the event source read up to block %d, before block %d it was asked for", page.End.Number, f.next)
	}
	if err := ctx.Err(); err != nil {
		return 0, err // stopped between reading and writing: the range is read again
	}
	b := &batch{chainID: f.c.ChainID, holder: ix.cfg.Holder, ttl: ix.cfg.LeaseTTL, from: f.next, end: page.End, events: page.Events}
	wctx, cancel := writeContext(ctx)
	err = st.apply(wctx, b, ix.cfg.Changes, ix.cfg.Feed)
	cancel()
	if err := f.check(err); err != nil {
		return 0, err
	}
	if !f.leased {
		return poll, nil
	}
	from := f.next
	f.next, f.last, f.renewedAt = page.End.Number+1, page.End, time.Now()
	ix.metrics.indexed(f.c.Name, len(b.events))
	ix.metrics.setIndexed(f.c.Name, f.next, page.Head)
	f.logger.Debug("order index: blocks indexed", "from", from, "to", page.End.Number, "events", len(b.events), "head", page.Head)
	if page.More {
		f.caughtUp = false
		return 0, nil
	}
	return poll, nil
}

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
// deeper than the blocks kept) the chain is indexed again from StartBlock.
func (f *follower) reorg(ctx context.Context) error {
	st := f.ix.cfg.Store
	kept, err := st.recentBlocks(ctx, f.c.ChainID)
	if err != nil {
		return err
	}
	next := f.c.StartBlock
	found, ok, err := f.c.Events.ForkPoint(ctx, kept)
	if err != nil {
		return err
	}
	if ok {
		next = found.Number + 1
	} else {
		found = Anchor{}
		f.logger.Error("order index: re-org deeper than the blocks kept; indexing the chain again from its start block", "start", next)
	}
	wctx, cancel := writeContext(ctx)
	err = st.rewind(wctx, f.c.ChainID, f.ix.cfg.Holder, next, f.ix.cfg.LeaseTTL, f.ix.cfg.Changes, f.ix.cfg.Feed)
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
