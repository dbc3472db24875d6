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

// run is one quote request as it goes through the router's stages, each
// in its own file, each handing its answer to the next as a value:
//
//   - plan (plan.go): findRoutes returns the candidate routes over the
//     selected providers' edges; plan builds each route's first leg
//     request and returns the first read phase (and the funder's balance
//     read). Each leg request is built once, its reads declared once per
//     amount.
//   - read (read.go): one phase of reads, per chain in one round trip,
//     chains at once; it returns every chain's state and error so far
//     (chainStates).
//   - price (price.go): the next leg of every route still going, each
//     distinct leg once, concurrently, on those states; advance moves each
//     route past its priced leg.
//   - compose (compose.go): best takes the priced routes (priced) and
//     returns the best candidates, each composed with the runtime's
//     funding steps and the legs' payloads in execution order, every
//     payload checked.
//
// Reading and pricing alternate (quote): the first phase reads what every
// route needs up front; each later phase reads only what a later leg's
// newly known amount made necessary, at the first phase's point of the
// chain.
//
// What a run holds besides is the request, which every stage reads and
// none writes; the providers' edges (loadEdges), which leg requests point
// into; the calls made, for the outcomes and the log; and each stage's
// scratch, its buffers kept from request to request (runs), which no other
// stage reads.
type run struct {
	e        *Engine
	req      Request
	addrs    parties // req's, parsed
	selected []bool
	permit   *permitMode // set when the run quotes permits

	edges    [][]Edge   // per provider; nil when not selected or unknown
	edgeErrs []error    // per provider: Edges failed
	calls    []*legCall // the legs priced, in call order, and the compositions that failed, for the outcomes

	legs      legTable       // every leg request (legFor): plan's and advance's
	planning  planScratch    // findRoutes's, plan's and missing's
	rounds    roundScratch   // the loop's (quote)
	reader    *reader        // read's
	composing composeScratch // best's

	// The runtime of the chain asked last (runtimeOf): a request asks for
	// one or two chains, many times over.
	rtChain orchestration.Chain
	rt      Runtime
}

// priced is what the loop (quote) hands to composing: the routes, each
// priced or failed, what the reads gave, and the funder's balance read of
// the source (nil when unreadable).
type priced struct {
	routes  []*route
	states  chainStates
	balance Read
}

// roundScratch is the pricing loop's lists, reused round after round and
// request to request: each round's list replaces the last one's, so they
// are cleared past their length.
type roundScratch struct {
	pending []*route   // pending's answer
	next    []*legCall // nextLegs's
}

func (s *roundScratch) reset() {
	clearToCap(s.pending)
	clearToCap(s.next)
	s.pending, s.next = s.pending[:0], s.next[:0]
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
		legs:     legTable{block: new(legBlock), byKey: map[legKey]*legCall{}},
		planning: planScratch{phase: map[orchestration.Chain][]Read{}},
		reader:   newReader(),
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
	clear(r.edges)
	clear(r.edgeErrs)
	clear(r.calls)
	r.legs.reset()
	r.planning.reset()
	r.rounds.reset()
	r.reader.reset()
	r.composing.reset()
	*r = run{
		edges: r.edges[:0], edgeErrs: r.edgeErrs[:0], calls: r.calls[:0],
		legs: r.legs, planning: r.planning, rounds: r.rounds, reader: r.reader, composing: r.composing,
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

// quote prices routes: the first read phase, then rounds of reading what
// the next legs' amounts need and pricing those legs, until every route is
// priced or failed.
func (r *run) quote(ctx context.Context, routes []*route) (priced, error) {
	if len(routes) == 0 {
		return priced{}, nil
	}
	start := time.Now()
	first, balance := r.plan(routes)
	states := r.read(ctx, first, chainStates{})
	offered := false // a leg that settles later was priced: the solvers were waited for
	for {
		if err := ctx.Err(); err != nil {
			return priced{}, abandoned(err)
		}
		pending := r.pending(routes)
		if len(pending) == 0 {
			return priced{routes: routes, states: states, balance: balance}, nil
		}
		next := r.nextLegs(pending)
		if offered {
			next = r.skipLater(next)
		}
		if start.IsZero() {
			start = time.Now()
		}
		states = r.read(ctx, r.missing(next, states), states)
		r.calls = append(r.calls, next...)
		r.priceLegs(ctx, next, states, start)
		start = time.Time{}
		if !offered && r.e.laterWait >= 0 {
			offered = laterPriced(next)
		}
		if err := ctx.Err(); err != nil {
			return priced{}, abandoned(err)
		}
		r.advance(pending)
	}
}

// errWaitedOnce is why a leg that settles later was not priced in a stage
// after the first: the request already waited for an offer. One value for
// every such leg, so that leaving them out allocates nothing.
var errWaitedOnce = fmt.Errorf("%w: an earlier leg that settles later was priced in this request, which waits for solvers once", ErrNoRoute)

// skipLater leaves out of next, with no route, the legs that settle later
// and would be waited for: a request waits for solvers once (decision 57).
// A route into an order through another leg would ask them again, for the
// amount that leg delivers, a second wait the first could not overlap; the
// order asked directly stands for them. A leg its provider prices from what
// it holds (LocalPricer: offers an earlier request collected) costs no
// wait and is kept. The legs left out are kept in r.calls, so that outcomes
// and logs show them.
func (r *run) skipLater(next []*legCall) []*legCall {
	kept := next[:0]
	for _, c := range next {
		lp := r.e.local[c.prov]
		if c.req.Settlement == SettlesLater && (lp == nil || !pricesLocally(lp, c.req)) {
			c.err = errWaitedOnce
			r.calls = append(r.calls, c)
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

// laterPriced reports whether a leg of next that settles later was priced.
func laterPriced(next []*legCall) bool {
	for _, c := range next {
		if c.req.Settlement == SettlesLater && c.err == nil {
			return true
		}
	}
	return false
}

// pending returns the routes still being priced.
func (r *run) pending(routes []*route) []*route {
	out := r.rounds.pending[:0] // each round's list replaces the last one's
	for _, rt := range routes {
		if !rt.done() {
			out = append(out, rt)
		}
	}
	r.rounds.pending = out
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
func (r *run) noQuotes(routes []*route) error {
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
		if names, retry := outages(failures); len(names) > 0 {
			// An outage, not a bug: say which chain or service, and when
			// to retry.
			return &orchestration.Error{
				Code:       orchestration.QuoteError,
				Message:    fmt.Sprintf("%s did not answer; retry later", joinNames(names)),
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
	if r.permit != nil && len(r.permit.unsupported) > 0 && !anyPriced(routes) {
		return orchestration.Errorf(orchestration.NoQuotesAvailable,
			"no route from %s on %s to %s on %s can be funded by permit: %s",
			r.req.Source.Symbol, r.req.Source.Chain, r.req.Destination.Symbol, r.req.Destination.Chain, strings.Join(r.permit.unsupported, "; "))
	}
	if len(routes) == 0 {
		return orchestration.Errorf(orchestration.NoQuotesAvailable,
			"no provider serves a route from %s on %s to %s on %s in up to %d legs",
			r.req.Source.Symbol, r.req.Source.Chain, r.req.Destination.Symbol, r.req.Destination.Chain, r.e.maxLegs)
	}
	return orchestration.Errorf(orchestration.NoQuotesAvailable, "no provider can quote this route and amount")
}

// outages names what failed or was too slow in failures, in the order
// first met: the chains whose nodes did (a ChainUnavailable in their
// chain), then the outside services that did (a ServiceUnavailable, a
// failure checked for being a chain's first); and returns the longest of
// their retry hints, a service's counted as at least a second.
func outages(failures []error) ([]string, time.Duration) {
	var chains, services []string
	var retry time.Duration
	for _, f := range failures {
		if ue, ok := errors.AsType[ChainUnavailable](f); ok {
			if c := string(ue.UnavailableChain()); !slices.Contains(chains, c) {
				chains = append(chains, c)
			}
			retry = max(retry, ue.RetryHint())
			continue
		}
		if se, ok := errors.AsType[ServiceUnavailable](f); ok {
			if s := se.UnavailableService(); !slices.Contains(services, s) {
				services = append(services, s)
			}
			retry = max(retry, se.RetryHint(), time.Second)
		}
	}
	return append(chains, services...), retry
}

// joinNames is "A", "A and B", "A, B and C".
func joinNames(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// anyPriced reports whether one of routes was fully priced (and then
// dropped in composition).
func anyPriced(routes []*route) bool {
	for _, rt := range routes {
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
