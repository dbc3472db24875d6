package quote

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/m0-orchestration/m0/orchestration"
)

// Defaults for the zero values of Config.
const (
	DefaultProviderTimeout = 10 * time.Second
	DefaultMaxQuotesCap    = 20
	DefaultMaxLegs         = 3
	DefaultMaxRoutes       = 64
	// DefaultLaterLegWait is Config.LaterLegWait's default.
	DefaultLaterLegWait = 50 * time.Millisecond
	// DefaultEdgesRetry is how long the Engine waits before asking a
	// provider whose Edges failed again.
	DefaultEdgesRetry = 2 * time.Second
	// DefaultEdgesRefresh is how long a provider's listed edges serve
	// before the Engine lists them again.
	DefaultEdgesRefresh = 10 * time.Minute
)

// Config configures an Engine. The zero value of every field but Catalog
// means its default.
type Config struct {
	// Catalog resolves the route's tokens and names each chain's contracts.
	// Required.
	Catalog Catalog
	// Providers serve the legs, in this order (which breaks ranking ties).
	// Their IDs must be distinct and not empty. An engine without providers
	// answers every valid request with NoQuotesAvailable.
	Providers []Provider
	// Runtimes read, fund and check the chains of the runtime each
	// Serves, at most one per runtime (evmruntime.New, svmruntime.New).
	// Chains of a runtime with none are not read (legs declaring reads
	// there fail) nor funded, and their payloads get only the router's own
	// checks: a deployment quoting EVM chains gives the EVM runtime even
	// without a reader, for its approvals and payload checks.
	Runtimes []Runtime
	// ProviderTimeout bounds each provider call (Edges, QuoteLeg) and each
	// chain read; zero means DefaultProviderTimeout. A provider that ignores
	// its cancelled context is abandoned half a timeout (at most a second)
	// later, so it cannot hold a request longer.
	ProviderTimeout time.Duration
	// LaterLegWait is how long the legs that settle later (a solver's
	// offer, asked over the network) may outlast the other legs priced
	// with them: once those are priced and this has passed, a later leg is
	// told to answer with what it has (Hurry), and as long again later one
	// still out is left out of the request as having no route, so one slow
	// solver never holds the quotes of the other providers. A request whose
	// legs all settle later waits for them up to ProviderTimeout. A
	// request waits for solvers once: after a leg that settles later was
	// priced, a route reaching one through another leg is left out unless
	// its provider prices it from what it holds (decision 57). Zero means
	// DefaultLaterLegWait; negative waits for every leg, in every stage.
	LaterLegWait time.Duration
	// EdgesRefresh is how long a provider's edges serve once listed before
	// the Engine lists them again, so that a pool or bridging path created
	// while it runs is found. The new listing runs in the background: the
	// request that finds the edges due, and those after it, are served the
	// edges listed before until it succeeds, and a failed listing keeps
	// them (and is tried again after DefaultEdgesRetry). Zero means
	// DefaultEdgesRefresh; negative lists each provider's edges once.
	EdgesRefresh time.Duration
	// MaxQuotesCap caps a request's maxNumQuotes; zero means
	// DefaultMaxQuotesCap.
	MaxQuotesCap int
	// MaxLegs bounds a route's legs; zero means DefaultMaxLegs.
	MaxLegs int
	// MaxRoutes bounds the candidate routes priced per request, shortest
	// first; zero means DefaultMaxRoutes.
	MaxRoutes int
	// Logger receives a Warn record for every failure (provider, chain, leg,
	// cause) and Debug records for legs without a route. Nil means
	// slog.Default(), read at each use; pass slog.New(slog.DiscardHandler)
	// for silence.
	Logger *slog.Logger
	// Observer, if set, is told about every validated request; see Observer.
	Observer Observer
}

// Engine answers quote requests: it validates the request, finds the routes
// of up to MaxLegs legs over its providers' edges, reads what they need from
// the chains in one batch per chain, prices every leg (each later leg on the
// previous leg's guaranteed output), composes the quotes with the approvals
// the funder lacks, and ranks them. It implements orchestration.Quoter and is
// safe for concurrent use.
type Engine struct {
	catalog   Catalog
	providers []Provider
	ids       []orchestration.ProviderID
	local     []LocalPricer // per provider; nil when it is none
	prefetch  []Prefetcher  // per provider; nil when it is none
	runtimes  map[orchestration.ChainRuntime]Runtime
	timeout   time.Duration
	maxCap    int
	maxLegs   int
	maxRoutes int
	laterWait time.Duration
	logger    *slog.Logger
	observer  Observer

	edges   []*edgeState  // per provider
	refresh time.Duration // <0: never
	group   singleflight.Group
	now     func() time.Time // time.Now; tests step over DefaultEdgesRetry

	paths pathCache // candidate paths by request shape and edge listing

	// What legs read, by leg request across requests (run.declare), and
	// the requests' parties they are keyed by.
	declarations Memo[declKey, *declaration]
	parties      Memo[legParties, *legParties]

	// Edge listings outlive the request that starts them; Close ends them.
	life     context.Context
	end      context.CancelFunc
	closeMu  sync.Mutex
	closed   bool
	listings sync.WaitGroup
}

// ErrEngineClosed is the error of an edge listing asked of a closed Engine.
var ErrEngineClosed = errors.New("quote: engine closed")

// edgeState caches one provider's edges.
type edgeState struct {
	mu     sync.Mutex
	edges  []Edge
	known  bool
	err    error
	failAt time.Time
	// With known edges: when to list them again.
	nextList time.Time
}

var _ orchestration.Quoter = (*Engine)(nil)

// New returns an Engine for cfg. It fails if Catalog is nil, a provider or
// runtime is nil, a provider has an empty or duplicate ID, two runtimes
// serve one runtime, or a duration or bound is negative.
func New(cfg Config) (*Engine, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("quote: Config.Catalog is nil")
	}
	for name, v := range map[string]int64{
		"ProviderTimeout": int64(cfg.ProviderTimeout), "MaxQuotesCap": int64(cfg.MaxQuotesCap),
		"MaxLegs": int64(cfg.MaxLegs), "MaxRoutes": int64(cfg.MaxRoutes),
	} {
		if v < 0 {
			return nil, fmt.Errorf("quote: negative Config.%s", name)
		}
	}
	e := &Engine{
		catalog:   cfg.Catalog,
		providers: slices.Clone(cfg.Providers),
		runtimes:  make(map[orchestration.ChainRuntime]Runtime, len(cfg.Runtimes)),
		timeout:   cmp.Or(cfg.ProviderTimeout, DefaultProviderTimeout),
		maxCap:    cmp.Or(cfg.MaxQuotesCap, DefaultMaxQuotesCap),
		maxLegs:   cmp.Or(cfg.MaxLegs, DefaultMaxLegs),
		maxRoutes: cmp.Or(cfg.MaxRoutes, DefaultMaxRoutes),
		refresh:   cmp.Or(cfg.EdgesRefresh, DefaultEdgesRefresh),
		laterWait: cmp.Or(cfg.LaterLegWait, DefaultLaterLegWait),
		logger:    cfg.Logger,
		observer:  cfg.Observer,
		now:       time.Now,
	}
	e.life, e.end = context.WithCancel(context.Background())
	for i, r := range cfg.Runtimes {
		if r == nil {
			return nil, fmt.Errorf("quote: Config.Runtimes[%d] is nil", i)
		}
		kind := r.Serves()
		if _, dup := e.runtimes[kind]; dup {
			return nil, fmt.Errorf("quote: Config.Runtimes[%d] serves %s, as an earlier runtime does", i, kind)
		}
		e.runtimes[kind] = r
	}
	for i, p := range e.providers {
		if p == nil {
			return nil, fmt.Errorf("quote: Config.Providers[%d] is nil", i)
		}
		id := p.ID()
		switch {
		case id == "":
			return nil, fmt.Errorf("quote: Config.Providers[%d] has an empty ID", i)
		case slices.Contains(e.ids, id):
			return nil, fmt.Errorf("quote: Config.Providers[%d] duplicates provider ID %q", i, id)
		}
		e.ids = append(e.ids, id)
		lp, _ := p.(LocalPricer)
		e.local = append(e.local, lp)
		pf, _ := p.(Prefetcher)
		e.prefetch = append(e.prefetch, pf)
		e.edges = append(e.edges, new(edgeState))
	}
	return e, nil
}

// Providers returns the IDs of the engine's providers, in configuration
// order.
func (e *Engine) Providers() []orchestration.ProviderID { return slices.Clone(e.ids) }

// Rules returns the validation rules of POST /quote for this engine; the
// permit endpoint uses them with its own code.
func (e *Engine) Rules() Rules {
	r := e.rules()
	r.Providers = slices.Clone(r.Providers)
	return r
}

// rules is Rules sharing the engine's provider IDs, for a validation that
// only reads them.
func (e *Engine) rules() Rules {
	return Rules{Code: orchestration.BadQuoteRequest, MaxQuotesCap: e.maxCap, Providers: e.ids}
}

// Quote validates qr and returns the best at most maxNumQuotes quotes, best
// first.
//
// Errors are *orchestration.Error:
//   - BadQuoteRequest: the request is invalid; the message names the field.
//   - NoQuotesAvailable: no route of the selected providers serves the
//     request's assets and amount, or include/exclude leave no provider.
//   - QuoteError: no quote, and a provider or chain read failed
//     unexpectedly (a retry may succeed); or ctx ended first, in which case
//     errors.Is(err, ctx.Err()) holds. The message names nothing internal
//     but, when a chain's node failed or was too slow (a
//     ChainUnavailable), that chain ("Arbitrum did not answer"), and
//     when an outside service a route needs did not answer usefully (a
//     ServiceUnavailable), that service ("the Wormhole Executor did not
//     answer"); then the error's RetryAfter is the longest retry hint (a
//     service's at least a second), so a client can tell an outage from a
//     bug; the log has the provider, chain and cause.
//
// When some routes fail and others quote, the quotes are returned and each
// failure is logged at Warn.
func (e *Engine) Quote(ctx context.Context, qr orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	req, err := ValidateRequest(e.catalog, qr, e.rules())
	if err != nil {
		return nil, err
	}
	return e.QuoteRequest(ctx, req)
}

// QuoteRequest quotes a request validated with ValidateRequest. Its errors
// are those of Quote but BadQuoteRequest, which only a request that did
// not pass ValidateRequest gets (an address that does not parse in its
// runtime); an endpoint reusing it re-codes them with orchestration.Wrap.
func (e *Engine) QuoteRequest(ctx context.Context, req Request) ([]orchestration.Quote, error) {
	selected, err := e.selectProviders(req)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, abandoned(err)
	}
	if req.AmountOut != nil {
		return e.quoteExactOut(ctx, req, selected, true, nil) // routed backwards (exactout.go)
	}
	r, err := e.newRun(req, selected)
	if err != nil {
		return nil, err
	}
	defer r.release() // after the answer is built, errors included
	r.loadEdges(ctx)
	if err := ctx.Err(); err != nil {
		return nil, abandoned(err)
	}
	p, err := r.quote(ctx, r.findRoutes())
	if err != nil {
		return nil, err
	}
	best := r.rankedBest(p, r.composeRoute, req.MaxQuotes)
	quotes := make([]orchestration.Quote, len(best))
	for i, c := range best {
		quotes[i] = c.quote
	}
	r.report(ctx)
	if e.observer != nil {
		e.observer.ObserveQuote(ctx, Observation{Request: req, Quotes: quotes, Outcomes: r.outcomes()})
	}
	if len(quotes) == 0 {
		return nil, r.noQuotes(p.routes)
	}
	return quotes, nil
}

// abandoned is the error for a request whose caller's ctx ended.
func abandoned(err error) error {
	return &orchestration.Error{
		Code:    orchestration.QuoteError,
		Message: "the quote request was cancelled or timed out before providers answered",
		Err:     err,
	}
}

// selectProviders applies the validated include or exclude list and returns
// a mask over e.providers.
func (e *Engine) selectProviders(req Request) ([]bool, error) {
	sel := make([]bool, len(e.providers))
	any := false
	for i, id := range e.ids {
		switch {
		case len(req.Include) > 0:
			sel[i] = slices.Contains(req.Include, id)
		case len(req.Exclude) > 0:
			sel[i] = !slices.Contains(req.Exclude, id)
		default:
			sel[i] = true
		}
		any = any || sel[i]
	}
	if any {
		return sel, nil
	}
	switch {
	case len(e.ids) == 0:
		return nil, orchestration.Errorf(orchestration.NoQuotesAvailable, "no quote providers are available")
	case len(req.Include) > 0:
		return nil, orchestration.Errorf(orchestration.NoQuotesAvailable,
			"none of the providers in providers.include is available; available providers: %s", e.available())
	default:
		return nil, orchestration.Errorf(orchestration.NoQuotesAvailable,
			"providers.exclude excludes every available provider; available providers: %s", e.available())
	}
}

func (e *Engine) available() string {
	s := make([]string, len(e.ids))
	for i, id := range e.ids {
		s[i] = string(id)
	}
	return strings.Join(s, ", ")
}

// Edges returns every provider's edges, asking the providers whose edges are
// not known yet. A provider whose Edges fails is left out and its error
// joined into the returned error. Topology seeds itself from it.
func (e *Engine) Edges(ctx context.Context) (map[orchestration.ProviderID][]Edge, error) {
	out := make(map[orchestration.ProviderID][]Edge, len(e.providers))
	var errs []error
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range e.providers {
		wg.Go(func() {
			edges, err := e.edgesOf(ctx, i)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("provider %s: %w", e.ids[i], err))
				return
			}
			out[e.ids[i]] = edges
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// edgesOf returns provider i's edges from the cache, or asks it: at most one
// call at a time per provider, and after a failure not again for
// DefaultEdgesRetry. Edges due for their refresh are returned as they are,
// and listed again in the background.
func (e *Engine) edgesOf(ctx context.Context, i int) ([]Edge, error) {
	if edges, ok, err := e.cachedEdges(ctx, i, e.now()); ok {
		return edges, err
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case res := <-e.listEdges(ctx, i):
		edges, _ := res.Val.([]Edge)
		return edges, res.Err
	}
}

// cachedEdges is edgesOf when it need not wait: ok is false when provider
// i's edges must be listed first. now is the engine's clock (a request
// reads it once for all its providers).
func (e *Engine) cachedEdges(ctx context.Context, i int, now time.Time) (edges []Edge, ok bool, err error) {
	st := e.edges[i]
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.known {
		if e.refresh > 0 && !now.Before(st.nextList) {
			// Not waited for. While it runs, later requests join it
			// (listEdges is one shared call) rather than start another.
			e.listEdges(ctx, i)
		}
		return st.edges, true, nil
	}
	if st.err != nil && now.Sub(st.failAt) < DefaultEdgesRetry {
		return st.edges, true, st.err // partial edges, if the provider had some
	}
	return nil, false, nil
}

// listEdges asks provider i for its edges, once for every caller that asks
// meanwhile, and records the answer. The call is shared, so it does not end
// with the request that happened to start it (it keeps that request's
// values, not its cancellation); the provider timeout bounds it.
func (e *Engine) listEdges(ctx context.Context, i int) <-chan singleflight.Result {
	st := e.edges[i]
	return e.group.DoChan(string(e.ids[i]), func() (any, error) {
		// A caller that found nothing cached may arrive just after the
		// call it would have joined recorded its answer: that answer is
		// still current, so it is returned rather than asked for again.
		st.mu.Lock()
		switch now := e.now(); {
		case st.known && (e.refresh <= 0 || now.Before(st.nextList)):
			edges := st.edges
			st.mu.Unlock()
			return edges, nil
		case !st.known && st.err != nil && now.Sub(st.failAt) < DefaultEdgesRetry:
			edges, err := st.edges, st.err
			st.mu.Unlock()
			return edges, err
		}
		st.mu.Unlock()
		// The listing keeps the request's values, not its cancellation:
		// the engine's Close ends it.
		e.closeMu.Lock()
		if e.closed {
			e.closeMu.Unlock()
			return nil, ErrEngineClosed
		}
		e.listings.Add(1)
		e.closeMu.Unlock()
		defer e.listings.Done()
		// Close cancels the provider's call at once, and stops waiting for
		// one that ignores it a grace period later, as callBounded does
		// past a deadline.
		lctx, stop := context.WithCancel(context.WithoutCancel(ctx))
		defer stop()
		defer context.AfterFunc(e.life, func() { time.AfterFunc(min(e.timeout/2, time.Second), stop) })()
		edges, err := callBounded(lctx, e.timeout, func(ctx context.Context) ([]Edge, error) {
			ctx, cancel := context.WithCancel(ctx)
			defer cancel()
			defer context.AfterFunc(e.life, cancel)()
			return e.providers[i].Edges(ctx)
		})
		if err != nil && e.life.Err() != nil {
			err = ErrEngineClosed // cut short by Close
		}
		if cerr := e.checkEdges(edges); cerr != nil {
			edges, err = nil, cerr
		}
		st.mu.Lock()
		defer st.mu.Unlock()
		now := e.now()
		switch {
		case err == nil:
			if st.known {
				// The declarations are keyed by the edges of the listing
				// replaced: kept, they would never be asked for again and
				// would keep that listing alive until the memo fills. (A
				// request still on the old listing may add a few back;
				// the next refresh or a full memo drops those.)
				e.declarations.reset()
			}
			st.edges, st.known, st.err = edges, true, nil
			st.nextList = now.Add(e.refresh)
			return edges, nil
		case st.known:
			// A refresh failed: the edges listed before serve on.
			st.nextList = now.Add(DefaultEdgesRetry)
			e.log().Warn("quote provider edges refresh failed; serving the edges listed before",
				slog.String("provider", string(e.ids[i])), slog.Any("error", err))
			return st.edges, nil
		default:
			// Edges returned with the error (some chains unreadable) serve
			// until the retry.
			st.err, st.failAt = err, now
			if len(edges) > 0 {
				st.edges = edges
			}
			return edges, err
		}
	})
}

// Close ends the edge listings in flight (their providers' contexts are
// cancelled) and waits for them, for a provider that ignores its cancelled
// context at most half a ProviderTimeout (a second at most) longer. A
// listing asked afterwards fails with ErrEngineClosed, while edges already
// listed keep serving. A service that
// stops, or fails to start, closes its engine so that no listing outlives
// it. It is safe to call more than once.
func (e *Engine) Close() error {
	e.closeMu.Lock()
	e.closed = true
	e.closeMu.Unlock()
	e.end()
	e.listings.Wait()
	return nil
}

// checkEdges enforces the Edge contract: both ends are catalog assets.
func (e *Engine) checkEdges(edges []Edge) error {
	for i, ed := range edges {
		for _, end := range []struct {
			name string
			a    orchestration.AssetAddress
		}{{"From", orchestration.AssetAddress{Chain: ed.From.Chain, Address: ed.From.Address}},
			{"To", orchestration.AssetAddress{Chain: ed.To.Chain, Address: ed.To.Address}}} {
			info, err := e.catalog.Resolve(end.a)
			if err != nil || info.Address != end.a.Address {
				return fmt.Errorf("edge %d: %s %s %s is not a catalog asset in canonical form", i, end.name, end.a.Chain, end.a.Address)
			}
		}
		if keyOf(ed.From) == keyOf(ed.To) {
			return fmt.Errorf("edge %d goes from an asset to itself", i)
		}
	}
	return nil
}

// runtimeOf is the runtime of chain's kind, or nil.
func (e *Engine) runtimeOf(chain orchestration.Chain) Runtime {
	info, ok := e.catalog.Chain(chain)
	if !ok {
		return nil
	}
	return e.runtimes[info.Runtime]
}

func (e *Engine) log() *slog.Logger {
	if e.logger != nil {
		return e.logger
	}
	return slog.Default()
}
