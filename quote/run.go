package quote

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"runtime/debug"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
)

// run is the state of one quote request.
type run struct {
	e        *Engine
	req      Request
	selected []bool

	edges    [][]Edge // per provider; nil when not selected or unknown
	edgeErrs []error  // per provider: Edges failed
	routes   []*route

	// Chain reads, by chain: answers accumulated over the phases, the block
	// of the first phase, and the error that failed the chain.
	answers   map[orchestration.Chain]*evm.Answers
	readErr   map[orchestration.Chain]error
	readStats map[orchestration.Chain]int // read phases per chain

	legs  map[legKey]*legCall // priced legs, shared between routes
	calls []*legCall          // in call order, for the outcomes
}

// route is one candidate path and how far it has been priced.
type route struct {
	index  int // among the run's routes, shortest first: breaks ranking ties
	hops   []hop
	priced []pricedLeg
	amount *big.Int // the next leg's input
	err    error    // a failure or ErrNoRoute; the route is done
}

func (r *route) done(n int) bool { return r.err != nil || len(r.priced) == n }

type pricedLeg struct {
	prov int
	req  LegRequest
	leg  Leg
}

// legKey identifies one leg call: routes sharing a leg at the same amount
// price it once.
type legKey struct {
	hop       hop
	amount    string
	recipient string
}

// legCall is one call of QuoteLeg.
type legCall struct {
	prov     int
	req      LegRequest
	leg      Leg
	err      error
	duration time.Duration
}

func (e *Engine) newRun(req Request, selected []bool) *run {
	return &run{
		e: e, req: req, selected: selected,
		edges:     make([][]Edge, len(e.providers)),
		edgeErrs:  make([]error, len(e.providers)),
		answers:   map[orchestration.Chain]*evm.Answers{},
		readErr:   map[orchestration.Chain]error{},
		readStats: map[orchestration.Chain]int{},
		legs:      map[legKey]*legCall{},
	}
}

// loadEdges fetches the selected providers' edges, concurrently.
func (r *run) loadEdges(ctx context.Context) {
	var wg sync.WaitGroup
	for i, sel := range r.selected {
		if !sel {
			continue
		}
		wg.Go(func() { r.edges[i], r.edgeErrs[i] = r.e.edgesOf(ctx, i) })
	}
	wg.Wait()
}

// findRoutes lists the candidate routes.
func (r *run) findRoutes() {
	g := newGraph(r.edges)
	for _, hops := range g.paths(r.edges, keyOf(r.req.Source), keyOf(r.req.Destination), r.req.Source.Runtime, r.e.maxLegs, r.e.maxRoutes) {
		r.routes = append(r.routes, &route{index: len(r.routes), hops: hops, amount: r.req.AmountIn})
	}
}

func (r *run) edge(h hop) Edge { return r.edges[h.prov][h.edge] }

// legRequest is leg i of rt with the given input amount (nil: unknown).
func (r *run) legRequest(rt *route, i int, amount *big.Int) LegRequest {
	ed := r.edge(rt.hops[i])
	recipient := r.req.Funder
	if i == len(rt.hops)-1 {
		recipient = r.req.Recipient
	}
	return LegRequest{
		Edge: ed, AmountIn: amount, Funder: r.req.Funder, Recipient: recipient,
		Refund: r.req.Funder, SlippageBps: r.req.SlippageBps,
	}
}

// price prices every route leg by leg. The first read phase gathers, per
// chain, every amount-independent read of every route, the first legs'
// amount-dependent reads, the funder's allowances and balance; each later
// phase reads only what a later leg's amount made necessary, at the block of
// the first phase. Each round then prices the next leg of every route still
// going, concurrently, each distinct leg once.
func (r *run) price(ctx context.Context) error {
	if len(r.routes) == 0 {
		return nil
	}
	first := map[orchestration.Chain][]evm.Call{}
	for _, rt := range r.routes {
		for i, h := range rt.hops {
			var amount *big.Int
			if i == 0 {
				amount = r.req.AmountIn
			}
			lr := r.legRequest(rt, i, amount)
			for chain, calls := range r.declared(h.prov, lr) { // a panic fails the leg when it is priced
				first[chain] = append(first[chain], calls...)
			}
			if c, ok := r.allowanceCall(lr); ok {
				first[lr.From.Chain] = append(first[lr.From.Chain], c)
			}
		}
	}
	if c, ok := r.balanceCall(); ok {
		first[r.req.Source.Chain] = append(first[r.req.Source.Chain], c)
	}
	r.read(ctx, first)

	for round := 0; ; round++ {
		if err := ctx.Err(); err != nil {
			return abandoned(err)
		}
		var pending []*route
		for _, rt := range r.routes {
			if !rt.done(len(rt.hops)) {
				pending = append(pending, rt)
			}
		}
		if len(pending) == 0 {
			return nil
		}
		// Reads the next legs need now that their amounts are known.
		missing := map[orchestration.Chain][]evm.Call{}
		for _, rt := range pending {
			i := len(rt.priced)
			lr := r.legRequest(rt, i, rt.amount)
			for chain, calls := range r.declared(rt.hops[i].prov, lr) {
				for _, c := range calls {
					if _, have := r.answers[chain].Get(c); !have {
						missing[chain] = append(missing[chain], c)
					}
				}
			}
		}
		r.read(ctx, missing)

		// Price each distinct next leg once, concurrently.
		var fresh []*legCall
		for _, rt := range pending {
			i := len(rt.priced)
			h := rt.hops[i]
			lr := r.legRequest(rt, i, rt.amount)
			k := legKey{hop: h, amount: rt.amount.String(), recipient: lr.Recipient}
			if _, ok := r.legs[k]; ok {
				continue
			}
			c := &legCall{prov: h.prov, req: lr}
			p := r.e.providers[h.prov]
			if rd, ok := p.(ReadDeclarer); ok {
				c.req.Answers = r.answers[lr.From.Chain]
				if _, err := declaredReads(rd.Reads, lr); err != nil {
					c.err = err
				} else if err := r.readErr[lr.From.Chain]; err != nil {
					c.err = fmt.Errorf("reading %s: %w", lr.From.Chain, err)
				}
			}
			if dd, ok := p.(DestinationReadDeclarer); ok && c.err == nil {
				c.req.DestinationAnswers = r.answers[lr.To.Chain]
				if _, err := declaredReads(dd.DestinationReads, lr); err != nil {
					c.err = err
				} else if err := r.readErr[lr.To.Chain]; err != nil {
					c.err = fmt.Errorf("reading %s: %w", lr.To.Chain, err)
				}
			}
			r.legs[k] = c
			r.calls = append(r.calls, c)
			if c.err == nil {
				fresh = append(fresh, c)
			}
		}
		var wg sync.WaitGroup
		for _, c := range fresh {
			wg.Go(func() { r.callLeg(ctx, c) })
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return abandoned(err)
		}

		for _, rt := range pending {
			i := len(rt.priced)
			c := r.legs[legKey{hop: rt.hops[i], amount: rt.amount.String(), recipient: r.legRequest(rt, i, nil).Recipient}]
			if c.err != nil {
				rt.err = c.err
				continue
			}
			rt.priced = append(rt.priced, pricedLeg{prov: c.prov, req: c.req, leg: c.leg})
			rt.amount = c.leg.floor()
		}
	}
}

// callLeg calls the provider's QuoteLeg and checks its answer.
func (r *run) callLeg(ctx context.Context, c *legCall) {
	p := r.e.providers[c.prov]
	start := time.Now()
	leg, err := callBounded(ctx, r.e.timeout, func(ctx context.Context) (Leg, error) {
		return p.QuoteLeg(ctx, c.req)
	})
	c.duration = time.Since(start)
	if err == nil {
		err = r.checkLeg(c.prov, c.req, leg)
	}
	c.leg, c.err = leg, err
}

// read runs one read phase: each chain's calls in one batch, chains
// concurrently. A chain that fails keeps its error; legs on it fail, others
// go on.
func (r *run) read(ctx context.Context, calls map[orchestration.Chain][]evm.Call) {
	type answer struct {
		chain orchestration.Chain
		a     *evm.Answers
		err   error
	}
	var jobs []orchestration.Chain
	for chain, cs := range calls {
		if len(cs) == 0 || r.readErr[chain] != nil {
			continue
		}
		jobs = append(jobs, chain)
	}
	if len(jobs) == 0 {
		return
	}
	results := make([]answer, len(jobs))
	var wg sync.WaitGroup
	for i, chain := range jobs {
		wg.Go(func() {
			results[i] = answer{chain: chain}
			if r.e.reader == nil || !r.e.reader.Has(chain) {
				results[i].err = fmt.Errorf("no chain reader is configured for %s", chain)
				return
			}
			cs := dedupe(calls[chain])
			prev := r.answers[chain]
			a, err := callBounded(ctx, r.e.timeout, func(ctx context.Context) (*evm.Answers, error) {
				if prev != nil {
					return r.e.reader.ReadAt(ctx, chain, cs, prev.Block)
				}
				return r.e.reader.Read(ctx, chain, cs)
			})
			results[i].a, results[i].err = a, err
		})
	}
	wg.Wait()
	for _, res := range results {
		r.readStats[res.chain]++
		if res.err != nil {
			r.readErr[res.chain] = res.err
			r.e.log().LogAttrs(ctx, slog.LevelWarn, "quote chain read failed",
				slog.String("chain", string(res.chain)), slog.Any("error", res.err),
				slog.String("requestId", orchestration.RequestIDFromContext(ctx)))
			continue
		}
		if prev := r.answers[res.chain]; prev != nil {
			// A fresh Answers: legs of earlier rounds hold prev, and an
			// abandoned one may still be reading it. The block stays the
			// first phase's (Merge keeps the larger).
			merged := evm.NewAnswers(prev.Block)
			merged.Merge(prev)
			merged.Merge(res.a)
			merged.Block = prev.Block
			r.answers[res.chain] = merged
		} else {
			r.answers[res.chain] = res.a
		}
	}
}

func dedupe(calls []evm.Call) []evm.Call {
	seen := make(map[evm.CallKey]bool, len(calls))
	out := calls[:0:0]
	for _, c := range calls {
		if k := c.Key(); !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// allowanceCall is the read of the funder's allowance for the leg's
// spender, when the leg has one on an EVM chain the reader serves.
func (r *run) allowanceCall(lr LegRequest) (evm.Call, bool) {
	if lr.Spender == "" || lr.From.Runtime != orchestration.RuntimeEVM || r.e.reader == nil || !r.e.reader.Has(lr.From.Chain) {
		return evm.Call{}, false
	}
	return evm.ERC20Allowance(common.HexToAddress(lr.From.Address), common.HexToAddress(lr.Funder), common.HexToAddress(lr.Spender)), true
}

// balanceCall is the read of the funder's balance of the source token.
func (r *run) balanceCall() (evm.Call, bool) {
	src := r.req.Source
	if src.Runtime != orchestration.RuntimeEVM || r.e.reader == nil || !r.e.reader.Has(src.Chain) {
		return evm.Call{}, false
	}
	return evm.ERC20BalanceOf(common.HexToAddress(src.Address), common.HexToAddress(r.req.Funder)), true
}

// uint256 is the decoded answer to c on chain, if it was read.
func (r *run) uint256(chain orchestration.Chain, c evm.Call) (*big.Int, bool) {
	res, ok := r.answers[chain].Get(c)
	if !ok {
		return nil, false
	}
	v, err := evm.DecodeUint256(res)
	return v, err == nil
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
		if c.err != nil && !errors.Is(c.err, ErrNoRoute) {
			failures = append(failures, fmt.Errorf("provider %s leg %s: %w", r.e.ids[c.prov], legName(c.req.Edge), c.err))
		}
	}
	if len(failures) > 0 {
		return &orchestration.Error{
			Code:    orchestration.QuoteError,
			Message: "quote providers failed unexpectedly; a retry may succeed",
			Err:     errors.Join(failures...),
		}
	}
	if len(r.routes) == 0 {
		return orchestration.Errorf(orchestration.NoQuotesAvailable,
			"no provider serves a route from %s on %s to %s on %s in up to %d legs",
			r.req.Source.Symbol, r.req.Source.Chain, r.req.Destination.Symbol, r.req.Destination.Chain, r.e.maxLegs)
	}
	return orchestration.Errorf(orchestration.NoQuotesAvailable, "no provider can quote this route and amount")
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
		if errors.Is(c.err, ErrNoRoute) {
			level, msg = slog.LevelDebug, "quote provider has no route"
		}
		if !log.Enabled(ctx, level) {
			continue
		}
		attrs := []slog.Attr{
			slog.String("provider", string(r.e.ids[c.prov])),
			slog.String("chain", string(c.req.From.Chain)),
			slog.String("leg", legName(c.req.Edge)),
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
	var out []Outcome
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
			case !errors.Is(c.err, ErrNoRoute) && failed == nil:
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

// declared returns the reads provider prov declares for lr, by chain:
// Reads on the source chain, DestinationReads on the destination. A
// declaration that panics contributes nothing here; it fails the leg when
// the leg is priced.
func (r *run) declared(prov int, lr LegRequest) map[orchestration.Chain][]evm.Call {
	out := map[orchestration.Chain][]evm.Call{}
	p := r.e.providers[prov]
	if rd, ok := p.(ReadDeclarer); ok {
		calls, _ := declaredReads(rd.Reads, lr)
		out[lr.From.Chain] = append(out[lr.From.Chain], calls...)
	}
	if dd, ok := p.(DestinationReadDeclarer); ok {
		calls, _ := declaredReads(dd.DestinationReads, lr)
		out[lr.To.Chain] = append(out[lr.To.Chain], calls...)
	}
	return out
}

// declaredReads calls a provider's read declaration, turning a panic into
// that leg's failure (like a panic in QuoteLeg) instead of the request's.
func declaredReads(declare func(LegRequest) []evm.Call, lr LegRequest) (calls []evm.Call, err error) {
	defer func() {
		if p := recover(); p != nil {
			calls, err = nil, &panicError{value: p, stack: debug.Stack()}
		}
	}()
	return declare(lr), nil
}
