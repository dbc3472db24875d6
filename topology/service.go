package topology

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/storage"
)

// Defaults for the zero values of Config.
const (
	DefaultQueueSize       = 4096
	DefaultFlushInterval   = 5 * time.Second
	DefaultStoreTimeout    = 10 * time.Second
	DefaultSeedTimeout     = 30 * time.Second
	DefaultSeedRetry       = 10 * time.Second
	maxSeedRetry           = 5 * time.Minute
	DefaultActiveWindow    = 24 * time.Hour
	DefaultTopN            = 10
	DefaultSketchCapacity  = 1000
	DefaultStoredAddresses = 10000
	DefaultWindow          = 5 * time.Minute
	DefaultWindowBucket    = 10 * time.Second
)

// ErrClosed is returned by Flush after Close.
var ErrClosed = errors.New("topology: service closed")

// Catalog resolves the source asset of a routes query; *asset.Catalog
// implements it. Resolve's error message is shown to the caller.
type Catalog interface {
	Resolve(orchestration.AssetAddress) (asset.AssetInfo, error)
}

// EdgeSource lists every provider's edges; *quote.Engine implements it. A
// provider whose edges cannot be listed is left out and its error joined
// into the returned one.
type EdgeSource interface {
	Edges(ctx context.Context) (map[orchestration.ProviderID][]quote.Edge, error)
}

var (
	_ orchestration.Topology = (*Service)(nil)
	_ quote.Observer         = (*Service)(nil)
	_ EdgeSource             = (*quote.Engine)(nil)
)

// Config configures a Service. The zero value of every field but Catalog
// means its default.
type Config struct {
	// Catalog validates the source asset of a routes query. Required.
	Catalog Catalog
	// DB, if set, holds the counters shared by every replica using it;
	// nil keeps them in memory. Its migrations must be applied
	// (storage.Open does).
	DB *storage.DB
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives failed seeds and store writes at Warn; nil means
	// slog.Default().
	Logger *slog.Logger
	// Registerer, if set, receives the counter
	// m0_topology_observations_dropped_total.
	Registerer prometheus.Registerer

	// QueueSize bounds the observations waiting to be counted; zero means
	// DefaultQueueSize.
	QueueSize int
	// FlushInterval is how often counters are written to DB; zero means
	// DefaultFlushInterval.
	FlushInterval time.Duration
	// StoreTimeout bounds each write to DB not bounded by a caller's
	// context (the periodic flush and Close); zero means
	// DefaultStoreTimeout.
	StoreTimeout time.Duration
	// SeedTimeout bounds each seeding attempt of StartSeed; zero means
	// DefaultSeedTimeout.
	SeedTimeout time.Duration
	// SeedRetry is how long StartSeed waits before seeding again after an
	// attempt that missed some providers' edges (a chain down at start-up),
	// doubling up to five minutes; zero means DefaultSeedRetry.
	SeedRetry time.Duration
	// ActiveWindow: a route used within it is active; zero means
	// DefaultActiveWindow.
	ActiveWindow time.Duration
	// TopN is the length of hottestPaths, topSenders and topRecipients;
	// zero means DefaultTopN.
	TopN int
	// SketchCapacity is how many addresses each sender and recipient
	// sketch tracks; zero means DefaultSketchCapacity. It must be at least
	// TopN.
	SketchCapacity int
	// StoredAddresses is how many rows per address list DB keeps; zero
	// means DefaultStoredAddresses.
	StoredAddresses int
	// Window is the span of the providers' statistics, in slots of
	// WindowBucket; zero means DefaultWindow and DefaultWindowBucket.
	Window, WindowBucket time.Duration
}

// Service records route topology from seeds and quote traffic and answers
// GET /topology/routes and /topology/stats. It is safe for concurrent use.
type Service struct {
	catalog      Catalog
	store        *store // nil without a DB
	now          func() time.Time
	logger       *slog.Logger
	flushEvery   time.Duration
	storeTimeout time.Duration
	seedTimeout  time.Duration
	seedRetry    time.Duration
	active       time.Duration
	topN         int
	sketchCap    int
	window       time.Duration
	bucket       time.Duration

	queue       chan event
	dropped     atomic.Int64
	droppedProm prometheus.Counter // nil without a Registerer
	beforeApply func()             // test hook, run by the drain goroutine

	// base is cancelled by Close, stopping the seed; stop is closed by
	// Close, stopping the drain and flush goroutines; drained is closed
	// when the drain goroutine has returned.
	base      context.Context
	cancel    context.CancelFunc
	stop      chan struct{}
	drained   chan struct{}
	wg        sync.WaitGroup
	closeOnce sync.Once
	closeErr  error

	// flushMu is held by a store write and shared by readings, so a
	// reading never counts a batch twice or misses one in flight.
	flushMu sync.RWMutex

	mu        sync.Mutex
	closed    bool
	started   time.Time
	seededAt  time.Time
	seeds     map[routeKey]map[orchestration.ProviderID]bool
	pending   *counters // everything without a store; the unwritten part with one
	windows   map[orchestration.ProviderID]*window
	lastCount time.Time // the latest counted request
}

// event is what the drain goroutine counts: an observation's copy, or a
// barrier to close once everything queued before it is counted.
type event struct {
	at        time.Time
	route     routeKey
	providers []orchestration.ProviderID // distinct, of the returned quotes; none when not quoted
	quoted    bool
	sender    string
	recipient string
	outcomes  []outcome
	barrier   chan struct{}
}

type outcome struct {
	provider orchestration.ProviderID
	status   quote.Status
	duration time.Duration
}

// New returns a running Service; Close stops it. It fails if Catalog is nil
// or a bound is negative or inconsistent.
func New(cfg Config) (*Service, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("topology: Config.Catalog is nil")
	}
	for name, v := range map[string]int64{
		"QueueSize": int64(cfg.QueueSize), "FlushInterval": int64(cfg.FlushInterval), "StoreTimeout": int64(cfg.StoreTimeout),
		"SeedTimeout": int64(cfg.SeedTimeout), "SeedRetry": int64(cfg.SeedRetry), "ActiveWindow": int64(cfg.ActiveWindow), "TopN": int64(cfg.TopN),
		"SketchCapacity": int64(cfg.SketchCapacity), "StoredAddresses": int64(cfg.StoredAddresses),
		"Window": int64(cfg.Window), "WindowBucket": int64(cfg.WindowBucket),
	} {
		if v < 0 {
			return nil, fmt.Errorf("topology: negative Config.%s", name)
		}
	}
	s := &Service{
		catalog:      cfg.Catalog,
		now:          cfg.Now,
		logger:       cfg.Logger,
		flushEvery:   cmp.Or(cfg.FlushInterval, DefaultFlushInterval),
		storeTimeout: cmp.Or(cfg.StoreTimeout, DefaultStoreTimeout),
		seedTimeout:  cmp.Or(cfg.SeedTimeout, DefaultSeedTimeout),
		seedRetry:    cmp.Or(cfg.SeedRetry, DefaultSeedRetry),
		active:       cmp.Or(cfg.ActiveWindow, DefaultActiveWindow),
		topN:         cmp.Or(cfg.TopN, DefaultTopN),
		sketchCap:    cmp.Or(cfg.SketchCapacity, DefaultSketchCapacity),
		window:       cmp.Or(cfg.Window, DefaultWindow),
		bucket:       cmp.Or(cfg.WindowBucket, DefaultWindowBucket),
		queue:        make(chan event, cmp.Or(cfg.QueueSize, DefaultQueueSize)),
		stop:         make(chan struct{}),
		drained:      make(chan struct{}),
		seeds:        make(map[routeKey]map[orchestration.ProviderID]bool),
		windows:      make(map[orchestration.ProviderID]*window),
	}
	switch {
	case s.sketchCap < s.topN:
		return nil, fmt.Errorf("topology: Config.SketchCapacity %d is below TopN %d", s.sketchCap, s.topN)
	case s.bucket > s.window:
		return nil, errors.New("topology: Config.WindowBucket is longer than Window")
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.logger == nil {
		s.logger = slog.Default()
	}
	if cfg.DB != nil {
		s.store = &store{db: cfg.DB, keep: max(cmp.Or(cfg.StoredAddresses, DefaultStoredAddresses), s.topN)}
	}
	if cfg.Registerer != nil {
		c := prometheus.NewCounter(prometheus.CounterOpts{
			Name: "m0_topology_observations_dropped_total",
			Help: "Quote observations the topology service dropped because its queue was full.",
		})
		c, err := promreg.Register(cfg.Registerer, c)
		if err != nil {
			return nil, fmt.Errorf("topology: %w", err)
		}
		s.droppedProm = c
	}
	s.started = s.now()
	s.pending = newCounters(s.sketchCap)
	s.base, s.cancel = context.WithCancel(context.Background())
	s.wg.Add(1)
	go s.drain()
	if s.store != nil {
		s.wg.Add(1)
		go s.flushLoop()
	}
	return s, nil
}

// ObserveQuote implements quote.Observer: it copies what the topology needs
// and queues it, or drops it and counts the drop when the queue is full.
func (s *Service) ObserveQuote(_ context.Context, o quote.Observation) {
	r := o.Request.Route()
	e := event{
		at:        s.now(),
		route:     routeKey{src: r.Source, dst: r.Destination},
		quoted:    len(o.Quotes) > 0,
		sender:    o.Request.Sender,
		recipient: o.Request.Recipient,
		outcomes:  make([]outcome, len(o.Outcomes)),
	}
	for _, q := range o.Quotes {
		for _, p := range q.Payloads {
			if p.Provider != "" && !slices.Contains(e.providers, p.Provider) {
				e.providers = append(e.providers, p.Provider)
			}
		}
	}
	for i, oc := range o.Outcomes {
		e.outcomes[i] = outcome{provider: oc.Provider, status: oc.Status, duration: oc.Duration}
	}
	select {
	case s.queue <- e:
	default:
		s.dropped.Add(1)
		if s.droppedProm != nil {
			s.droppedProm.Inc()
		}
	}
}

// Dropped returns how many observations were dropped because the queue was
// full.
func (s *Service) Dropped() int64 { return s.dropped.Load() }

// drain counts queued events until Close, then the ones still queued.
//
// After each event it counts what has queued meanwhile and then rests for
// drainPause before it waits on the queue again: under load the events
// collect in the queue while it rests, so a quote's observation is a send
// to a buffered channel that wakes no goroutine (waking the drain for every
// quote cost about a tenth of a warm quote's time). Counts lag by at most
// drainPause; a barrier (Sync) waits that long at most.
func (s *Service) drain() {
	defer s.wg.Done()
	defer close(s.drained)
	pause := time.NewTimer(drainPause)
	pause.Stop()
	for {
		select {
		case e := <-s.queue:
			s.apply(e)
		case <-s.stop:
			s.drainQueued()
			return
		}
		s.drainQueued()
		pause.Reset(drainPause)
		select {
		case <-pause.C:
		case <-s.stop:
			pause.Stop()
			s.drainQueued()
			return
		}
	}
}

// drainPause is how long drain rests between batches.
const drainPause = 10 * time.Millisecond

// drainQueued counts the events queued now, without waiting for more.
func (s *Service) drainQueued() {
	for {
		select {
		case e := <-s.queue:
			s.apply(e)
		default:
			return
		}
	}
}

func (s *Service) apply(e event) {
	if s.beforeApply != nil {
		s.beforeApply()
	}
	if e.barrier != nil {
		close(e.barrier)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e.at.After(s.lastCount) {
		s.lastCount = e.at
	}
	s.pending.senders.add(e.sender, 1)
	s.pending.recipients.add(e.recipient, 1)
	if e.quoted {
		one := counter{n: 1, last: e.at}
		s.pending.add(counterKey{route: e.route}, one)
		for _, p := range e.providers {
			s.pending.add(counterKey{route: e.route, provider: p}, one)
		}
	}
	for _, o := range e.outcomes {
		w := s.windows[o.provider]
		if w == nil {
			w = newWindow(s.window, s.bucket)
			s.windows[o.provider] = w
		}
		w.record(e.at, o.status, o.duration)
	}
}

// Sync waits until every observation handed to ObserveQuote before the
// call is counted, so readings include it. It returns ErrClosed after
// Close, and ctx's error if ctx ends first.
func (s *Service) Sync(ctx context.Context) error {
	b := make(chan struct{})
	select {
	case s.queue <- event{barrier: b}:
	case <-s.drained:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-b:
		return nil
	case <-s.drained:
		select {
		case <-b:
			return nil
		default:
			return ErrClosed
		}
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Flush is Sync, then, with a DB, a write of the counters not written yet.
func (s *Service) Flush(ctx context.Context) error {
	if err := s.Sync(ctx); err != nil {
		return err
	}
	return s.write(ctx)
}

// flushLoop writes the counters every flushEvery until Close.
func (s *Service) flushLoop() {
	defer s.wg.Done()
	t := time.NewTicker(s.flushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			ctx, cancel := context.WithTimeout(s.base, s.storeTimeout)
			if err := s.write(ctx); err != nil && s.base.Err() == nil {
				s.logger.Warn("topology: writing counters to the store; retrying with the next flush", "err", err)
			}
			cancel()
		case <-s.stop:
			return
		}
	}
}

// write writes the pending counters to the store, if any; on failure they
// stay pending.
func (s *Service) write(ctx context.Context) error {
	if s.store == nil {
		return nil
	}
	s.flushMu.Lock()
	defer s.flushMu.Unlock()
	s.mu.Lock()
	batch := s.pending
	if batch.empty() {
		s.mu.Unlock()
		return nil
	}
	s.pending = newCounters(s.sketchCap)
	started := s.started
	s.mu.Unlock()
	if err := s.store.write(ctx, batch, started); err != nil {
		s.mu.Lock()
		s.pending.merge(batch)
		s.mu.Unlock()
		return fmt.Errorf("topology: write counters: %w", err)
	}
	return nil
}

// Close stops the service: it ends the seed, counts the queued
// observations, stops the goroutines and writes the last counters to the
// store (bounded by Config.StoreTimeout), returning that write's error.
// Later calls return the same.
func (s *Service) Close() error {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		s.cancel()
		close(s.stop)
		s.wg.Wait()
		ctx, cancel := context.WithTimeout(context.Background(), s.storeTimeout)
		defer cancel()
		s.closeErr = s.write(ctx)
	})
	return s.closeErr
}

// Seed adds every edge src lists as a route of its provider. Edges listed
// before an error are kept; the error says which providers failed and may
// hold internal detail: log it, never show it.
func (s *Service) Seed(ctx context.Context, src EdgeSource) error {
	edges, err := src.Edges(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	for p, es := range edges {
		for _, e := range es {
			k := routeKey{
				src: orchestration.AssetAddress{Chain: e.From.Chain, Address: e.From.Address},
				dst: orchestration.AssetAddress{Chain: e.To.Chain, Address: e.To.Address},
			}
			if s.seeds[k] == nil {
				s.seeds[k] = make(map[orchestration.ProviderID]bool)
			}
			s.seeds[k][p] = true
		}
		if s.windows[p] == nil {
			s.windows[p] = newWindow(s.window, s.bucket)
		}
	}
	s.seededAt = s.now()
	if err != nil {
		return fmt.Errorf("topology: seed: %w", err)
	}
	return nil
}

// StartSeed runs Seed in the background, each attempt bounded by
// Config.SeedTimeout, so start-up need not wait for a slow chain. An attempt
// that misses some providers' edges is logged at Warn and tried again after
// Config.SeedRetry (doubling, at most five minutes) until one succeeds:
// seeding only adds, so the edges already seeded stay. Close stops it.
func (s *Service) StartSeed(src EdgeSource) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		wait := s.seedRetry
		for attempt := 1; ; attempt++ {
			ctx, cancel := context.WithTimeout(s.base, s.seedTimeout)
			err := s.Seed(ctx, src)
			cancel()
			if err == nil || s.base.Err() != nil {
				if err == nil && attempt > 1 {
					s.logger.Info("topology: seeded every provider's edges", "attempts", attempt)
				}
				return
			}
			s.logger.Warn("topology: some providers' edges are missing from the seed; retrying",
				"err", err, "attempt", attempt, "retryIn", wait)
			t := time.NewTimer(wait)
			select {
			case <-s.base.Done():
				t.Stop()
				return
			case <-t.C:
			}
			wait = min(2*wait, maxSeedRetry)
		}
	}()
}
