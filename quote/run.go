package quote

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// run is the state of one quote request as it goes through the router's
// stages, each in its own file:
//
//   - plan (plan.go): the candidate routes over the selected providers'
//     edges; each leg request built once, and its reads declared once per
//     amount.
//   - read (read.go): one phase of reads, per chain in one round trip,
//     chains at once.
//   - price (price.go): the next leg of every route still going, each
//     distinct leg once, concurrently.
//   - compose (compose.go): per priced route, the runtime's funding steps
//     and the legs' payloads in execution order, every payload checked.
//
// Reading and pricing alternate (Engine.QuoteRequest): the first phase
// reads what every route needs up front; each later phase reads only what
// a later leg's newly known amount made necessary, at the first phase's
// point of the chain.
type run struct {
	e        *Engine
	req      Request
	addrs    parties // req's, parsed
	selected []bool

	edges    [][]Edge // per provider; nil when not selected or unknown
	edgeErrs []error  // per provider: Edges failed
	routes   []*route

	reader *reader // the read stage's scratch

	legs      map[legKey]*legCall // every leg request, by hop, amount and recipient
	amounts   []*big.Int          // the legs' distinct amounts, numbered by legKey
	block     *legBlock           // legCalls taken first (newLegCall); its own array, so release clears only those used
	blockUsed int
	slab      []legCall // legCalls past the block

	// Where findRoutes puts the routes and their priced legs.
	routeSlab []route
	legPtrs   []*legCall

	pendingBuf []*route   // pending's answer, reused round after round
	nextBuf    []*legCall // nextLegs's
	// phase is the reads of the phase being planned (plan, missing), by
	// chain; its keys and arrays are kept from phase to phase and request
	// to request, an empty list meaning nothing to read there.
	phase   map[orchestration.Chain][]Read
	ranked  []pricedRoute // best's
	cands   []candidate   // best's answer
	ledger  Ledger        // composeRoute's, reset per route
	calls   []*legCall    // the legs priced, in call order, for the outcomes
	balance Read          // the funder's balance of the source; nil when unreadable

	permit *permitMode // set when the run quotes permits

	parties *legParties // the request's, interned (declKeyOf); nil until a leg is declared
	fetch   []*legCall  // the first phase's legs (plan)

	// The runtime of the chain asked last (runtimeOf): a request asks for
	// one or two chains, many times over.
	rtChain orchestration.Chain
	rt      Runtime
}

// runtimeOf is Engine.runtimeOf, remembered for the chain asked last. Only
// the request's goroutine may call it (the read phase's per-chain
// goroutines call Engine.runtimeOf).
func (r *run) runtimeOf(chain orchestration.Chain) Runtime {
	if chain != r.rtChain || r.rt == nil {
		r.rtChain, r.rt = chain, r.e.runtimeOf(chain)
	}
	return r.rt
}

// route is one candidate path and how far it has been priced.
type route struct {
	index  int // among the run's routes, shortest first: breaks ranking ties
	hops   []hop
	legs   []*legCall // the priced legs, in order
	next   *legCall   // the leg to price next; nil when done
	amount *big.Int   // the next leg's input
	err    error      // a failure or ErrNoRoute; the route is done
}

func (rt *route) done() bool { return rt.err != nil || len(rt.legs) == len(rt.hops) }

// runs are pooled: a request's run, its legs (some 700 bytes each) and
// buffers were most of what a quote allocated. Nothing reads a run once
// its request has returned (release); a provider call that outlives it has
// its own copy of its leg request.
var runs = sync.Pool{New: func() any {
	return &run{
		block:  new(legBlock),
		reader: newReader(),
		legs:   map[legKey]*legCall{},
		phase:  map[orchestration.Chain][]Read{},
	}
}}

// newRun takes a run for req over the selected providers; it fails when
// req's addresses do not parse (parseParties).
func (e *Engine) newRun(req Request, selected []bool) (*run, error) {
	addrs, err := parseParties(req)
	if err != nil {
		return nil, err
	}
	r := runs.Get().(*run)
	r.e, r.req, r.addrs, r.selected = e, req, addrs, selected
	r.edges = resized(r.edges, len(e.providers))
	r.edgeErrs = resized(r.edgeErrs, len(e.providers))
	return r, nil
}

// clearToCap zeroes s's whole array, past its length too.
func clearToCap[S ~[]E, E any](s S) { clear(s[:cap(s)]) }

// resized is s with length n, reusing its array when large enough.
func resized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// release clears r, so that it holds nothing of its request, and returns
// it to the pool, once the request's answer is built.
func (r *run) release() {
	clear(r.block[:r.blockUsed])
	clear(r.edges)
	clear(r.edgeErrs)
	clear(r.routeSlab)
	clear(r.legPtrs)
	r.reader.reset()
	clear(r.legs)
	clear(r.calls)
	clear(r.amounts)
	r.clearPhase()
	r.ledger.reset()
	// These are cut back to empty during a run (a round's list replaces
	// the last one's): the request's pointers may lie past their length.
	clearToCap(r.routes)
	clearToCap(r.pendingBuf)
	clearToCap(r.nextBuf)
	clearToCap(r.ranked)
	clearToCap(r.cands)
	clearToCap(r.fetch)
	*r = run{
		block: r.block,
		edges: r.edges[:0], edgeErrs: r.edgeErrs[:0], routes: r.routes[:0], routeSlab: r.routeSlab[:0], legPtrs: r.legPtrs[:0],
		reader: r.reader, legs: r.legs,
		calls: r.calls[:0], pendingBuf: r.pendingBuf[:0], nextBuf: r.nextBuf[:0], amounts: r.amounts[:0],
		phase: r.phase, ranked: r.ranked[:0], cands: r.cands[:0], ledger: r.ledger,
		fetch: r.fetch[:0],
	}
	runs.Put(r)
}

// loadEdges fetches the selected providers' edges: from the cache, and
// concurrently for the providers whose edges must be listed first.
func (r *run) loadEdges(ctx context.Context) {
	unlisted := false
	now := r.e.now()
	for i, sel := range r.selected {
		if !sel {
			continue
		}
		var ok bool
		if r.edges[i], ok, r.edgeErrs[i] = r.e.cachedEdges(ctx, i, now); !ok {
			r.edgeErrs[i], unlisted = errUnlisted, true
		}
	}
	if unlisted {
		r.listEdges(ctx)
	}
}

// errUnlisted marks, between loadEdges and listEdges, a provider whose
// edges must be listed first.
var errUnlisted = errors.New("edges not listed yet")

// listEdges lists, concurrently, the edges of the selected providers
// loadEdges found neither cached nor failed. (Apart from loadEdges, whose
// usual path then starts nothing and allocates nothing.)
func (r *run) listEdges(ctx context.Context) {
	var wg sync.WaitGroup
	for i, sel := range r.selected {
		if sel && r.edgeErrs[i] == errUnlisted {
			wg.Go(func() { r.edges[i], r.edgeErrs[i] = r.e.edgesOf(ctx, i) })
		}
	}
	wg.Wait()
}

func (r *run) edge(h hop) *Edge { return &r.edges[h.prov][h.edge] }

// quote prices every route: the first read phase, then rounds of reading
// what the next legs' amounts need and pricing those legs, until every
// route is priced or failed, and returns what the reads gave.
func (r *run) quote(ctx context.Context) (chainStates, error) {
	if len(r.routes) == 0 {
		return chainStates{}, nil
	}
	start := time.Now()
	states := r.read(ctx, r.plan(), chainStates{})
	for {
		if err := ctx.Err(); err != nil {
			return chainStates{}, abandoned(err)
		}
		pending := r.pending()
		if len(pending) == 0 {
			return states, nil
		}
		next := r.nextLegs(pending)
		if start.IsZero() {
			start = time.Now()
		}
		states = r.read(ctx, r.missing(next, states), states)
		r.priceLegs(ctx, next, states, start)
		start = time.Time{}
		if err := ctx.Err(); err != nil {
			return chainStates{}, abandoned(err)
		}
		r.advance(pending)
	}
}

// pending returns the routes still being priced.
func (r *run) pending() []*route {
	out := r.pendingBuf[:0] // each round's list replaces the last one's
	for _, rt := range r.routes {
		if !rt.done() {
			out = append(out, rt)
		}
	}
	r.pendingBuf = out
	return out
}

// advance moves each route past its leg just priced: on to the next leg at
// the priced leg's guaranteed output, or out with the leg's error.
func (r *run) advance(pending []*route) {
	for _, rt := range pending {
		c := rt.next
		rt.next = nil
		if c.err != nil {
			rt.err = c.err
			continue
		}
		rt.legs = append(rt.legs, c)
		rt.amount = c.leg.floor()
		if !rt.done() {
			rt.next = r.legFor(rt, len(rt.legs), rt.amount)
		}
	}
}

// noQuotes is the error for a request that got no quote: QuoteError when
// anything failed (the failed part might have quoted, so a retry may
// succeed), NoQuotesAvailable when every route ended without a route.
func (r *run) noQuotes() error {
	var failures []error
	for i, err := range r.edgeErrs {
		if err != nil {
			failures = append(failures, fmt.Errorf("provider %s edges: %w", r.e.ids[i], err))
		}
	}
	for _, c := range r.calls {
		if c.err != nil && !noRoute(c.err) {
			failures = append(failures, fmt.Errorf("provider %s leg %s: %w", r.e.ids[c.prov], legName(*c.req.Edge), c.err))
		}
	}
	if len(failures) > 0 {
		err := errors.Join(failures...)
		if chains, retry := unavailableChains(failures); len(chains) > 0 {
			// An outage, not a bug: say which chain, and when to retry.
			return &orchestration.Error{
				Code:       orchestration.QuoteError,
				Message:    fmt.Sprintf("%s did not answer; retry later", joinChains(chains)),
				Err:        err,
				RetryAfter: retry,
			}
		}
		return &orchestration.Error{
			Code:    orchestration.QuoteError,
			Message: "quote providers failed unexpectedly; a retry may succeed",
			Err:     err,
		}
	}
	if r.permit != nil && len(r.permit.unsupported) > 0 && !r.anyPriced() {
		return orchestration.Errorf(orchestration.NoQuotesAvailable,
			"no route from %s on %s to %s on %s can be funded by permit: %s",
			r.req.Source.Symbol, r.req.Source.Chain, r.req.Destination.Symbol, r.req.Destination.Chain, strings.Join(r.permit.unsupported, "; "))
	}
	if len(r.routes) == 0 {
		return orchestration.Errorf(orchestration.NoQuotesAvailable,
			"no provider serves a route from %s on %s to %s on %s in up to %d legs",
			r.req.Source.Symbol, r.req.Source.Chain, r.req.Destination.Symbol, r.req.Destination.Chain, r.e.maxLegs)
	}
	return orchestration.Errorf(orchestration.NoQuotesAvailable, "no provider can quote this route and amount")
}

// unavailableChains are the chains whose nodes failed or were too slow in
// failures (a ChainUnavailable in their chain), in the order first met, and
// the longest of their retry hints.
func unavailableChains(failures []error) ([]orchestration.Chain, time.Duration) {
	var chains []orchestration.Chain
	var retry time.Duration
	for _, f := range failures {
		ue, ok := errors.AsType[ChainUnavailable](f)
		if !ok {
			continue
		}
		if c := ue.UnavailableChain(); !slices.Contains(chains, c) {
			chains = append(chains, c)
		}
		retry = max(retry, ue.RetryHint())
	}
	return chains, retry
}

// joinChains is "A", "A and B", "A, B and C".
func joinChains(chains []orchestration.Chain) string {
	s := make([]string, len(chains))
	for i, c := range chains {
		s[i] = string(c)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// anyPriced reports whether a route was fully priced (and then dropped in
// composition).
func (r *run) anyPriced() bool {
	for _, rt := range r.routes {
		if len(rt.legs) == len(rt.hops) && !errors.Is(rt.err, ErrNoPermit) {
			return true
		}
	}
	return false
}

func legName(e Edge) string {
	return fmt.Sprintf("%s %s -> %s %s", e.From.Chain, e.From.Symbol, e.To.Chain, e.To.Symbol)
}

// report logs what failed: failures at Warn, legs without a route at Debug.
func (r *run) report(ctx context.Context) {
	log := r.e.log()
	id := orchestration.RequestIDFromContext(ctx)
	for i, err := range r.edgeErrs {
		if err != nil {
			log.LogAttrs(ctx, slog.LevelWarn, "quote provider edges unavailable",
				slog.String("provider", string(r.e.ids[i])), slog.Any("error", err), slog.String("requestId", id))
		}
	}
	for _, c := range r.calls {
		if c.err == nil {
			continue
		}
		level, msg := slog.LevelWarn, "quote provider failed"
		if noRoute(c.err) {
			level, msg = slog.LevelDebug, "quote provider has no route"
		}
		if !log.Enabled(ctx, level) {
			continue
		}
		attrs := []slog.Attr{
			slog.String("provider", string(r.e.ids[c.prov])),
			slog.String("chain", string(c.req.From.Chain)),
			slog.String("leg", legName(*c.req.Edge)),
			slog.Duration("duration", c.duration),
			slog.Any("error", c.err),
			slog.String("requestId", id),
		}
		if pe := (*panicError)(nil); errors.As(c.err, &pe) {
			attrs = append(attrs, slog.String("stack", string(pe.stack)))
		}
		log.LogAttrs(ctx, level, msg, attrs...)
	}
}

// outcomes summarises, per selected provider, how its calls went.
func (r *run) outcomes() []Outcome {
	n := 0
	for _, sel := range r.selected {
		if sel {
			n++
		}
	}
	out := make([]Outcome, 0, n)
	for i, sel := range r.selected {
		if !sel {
			continue
		}
		o := Outcome{Provider: r.e.ids[i], Status: StatusNoRoute}
		if err := r.edgeErrs[i]; err != nil {
			o.Status, o.Err = StatusFailed, err
		}
		var failed error
		for _, c := range r.calls {
			if c.prov != i {
				continue
			}
			o.Duration = max(o.Duration, c.duration)
			switch {
			case c.err == nil:
				o.Legs++
			case !noRoute(c.err) && failed == nil:
				failed = c.err
			case o.Err == nil:
				o.Err = c.err
			}
		}
		switch {
		case o.Legs > 0:
			o.Status, o.Err = StatusOK, nil
		case failed != nil:
			o.Status, o.Err = StatusFailed, failed
		}
		out = append(out, o)
	}
	return out
}

// noRoute reports whether err says a leg has no route rather than failed:
// ErrNoRoute from a provider, or ErrNoPermit from a permit quote's funding.
func noRoute(err error) bool { return errors.Is(err, ErrNoRoute) || errors.Is(err, ErrNoPermit) }
