package quote

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// Exact-output requests (Request.AmountOut, decision 92) are routed
// backwards: the candidate routes are the forward ones (findRoutes) whose
// every hop's provider is an ExactOutputQuoter; the last legs are priced
// first, for the requested output, and each earlier leg for the most the
// leg after it may spend (LegIn.MaxIn), one round per depth, each round's
// reads in one phase per chain as forward. A route's quote spends at most
// its first leg's MaxIn, which is its amountIn, and the quotes rank by
// least amountIn. The forward path (run.quote) is not touched: this one
// shares only its stages' helpers (legRequest, declarations, read,
// payload checks, composing the funding steps).

// backRoute is one candidate route priced backwards.
type backRoute struct {
	rt   *route
	legs []*legCall // by hop; filled from the last
	want *big.Int   // the output the next leg to price must deliver
	err  error
}

func (b *backRoute) next() int { return len(b.rt.hops) - 1 - legsSet(b.legs) }

func legsSet(legs []*legCall) int {
	n := 0
	for _, c := range legs {
		if c != nil {
			n++
		}
	}
	return n
}

// quoteExactOut is QuoteRequest for a request with AmountOut. When keep is
// set, it holds the chains' states the quotes were priced on, afterwards.
func (e *Engine) quoteExactOut(ctx context.Context, req Request, selected []bool, observe bool, keep *chainStates) ([]orchestration.Quote, error) {
	r, err := e.newRun(req, selected)
	if err != nil {
		return nil, err
	}
	defer r.release()
	r.loadEdges(ctx)
	if err := ctx.Err(); err != nil {
		return nil, abandoned(err)
	}
	var routes []*backRoute
	all := r.findRoutes()
	for _, rt := range all {
		ok := true
		for _, h := range rt.hops {
			if _, ok = e.providers[h.prov].(ExactOutputQuoter); !ok {
				break
			}
		}
		if ok {
			routes = append(routes, &backRoute{rt: rt, legs: make([]*legCall, len(rt.hops)), want: req.AmountOut})
		}
	}
	if len(routes) == 0 {
		if len(all) == 0 {
			return nil, r.noQuotes(nil)
		}
		return nil, orchestration.Errorf(orchestration.NoQuotesAvailable,
			"no route from %s on %s to %s on %s has providers that quote an exact output; give amountIn instead",
			req.Source.Symbol, req.Source.Chain, req.Destination.Symbol, req.Destination.Chain)
	}
	states, balance, err := r.priceBackwards(ctx, routes)
	if err != nil {
		return nil, err
	}
	if keep != nil {
		// The run's maps are its reader's, cleared on release.
		*keep = chainStates{state: maps.Clone(states.state), err: maps.Clone(states.err)}
	}
	// Ranked net of costs, every priced route is composed: its costs are
	// known only then (decision 105). Otherwise only the best are.
	compose := req.MaxQuotes
	if req.RankBy == orchestration.RankByNetOfCosts {
		compose = len(routes)
	}
	cands := r.bestBackwards(states, balance, routes, compose)
	r.netOfCostsIn(states, cands)
	slices.SortStableFunc(cands, func(a, b backCandidate) int {
		return cmp.Or(compareBool(a.uncounted, b.uncounted), a.rankedIn().Cmp(b.rankedIn()), cmp.Compare(a.quote.EstFillTime, b.quote.EstFillTime),
			cmp.Compare(len(a.quote.Payloads), len(b.quote.Payloads)), cmp.Compare(a.order, b.order))
	})
	quotes := make([]orchestration.Quote, 0, min(len(cands), req.MaxQuotes))
	for _, c := range cands[:min(len(cands), req.MaxQuotes)] {
		quotes = append(quotes, c.quote)
	}
	r.report(ctx)
	if observe && e.observer != nil {
		e.observer.ObserveQuote(ctx, Observation{Request: req, Quotes: quotes, Outcomes: r.outcomes()})
	}
	if len(quotes) == 0 {
		return nil, r.noQuotes(all)
	}
	return quotes, nil
}

// bestBackwards composes the best max of the routes priced backwards,
// best first: by least amountIn, then estFillTime in whole seconds, then
// fewer payloads, then route order. As forward (run.best, decision 32),
// the routes are sorted on what pricing gave (the input, the legs' times)
// and composed a group of equals at a time until max are composed, since
// composing (calldata, approvals, costs) is most of what a priced route
// costs; a route whose composition fails is dropped, logged, and the next
// takes its place.
func (r *run) bestBackwards(states chainStates, balance Read, routes []*backRoute, max int) []backCandidate {
	type pricedBack struct {
		b    *backRoute
		in   *big.Int
		secs int64
	}
	var ps []pricedBack
	for _, b := range routes {
		if b.err != nil {
			continue
		}
		var total time.Duration
		for _, c := range b.legs {
			total += c.leg.EstTime
		}
		ps = append(ps, pricedBack{b: b, in: b.legs[0].req.AmountIn, secs: seconds(total)})
	}
	slices.SortStableFunc(ps, func(a, b pricedBack) int { return cmp.Or(a.in.Cmp(b.in), cmp.Compare(a.secs, b.secs)) })
	cands := composeInGroups(ps, nil, max,
		func(a, b pricedBack) bool { return a.in.Cmp(b.in) == 0 && a.secs == b.secs },
		func(p pricedBack) (backCandidate, bool) {
			q, err := r.composeBackwards(states, balance, p.b)
			if err != nil {
				p.b.err = r.compositionFailed(p.b.legs[len(p.b.legs)-1], err)
				return backCandidate{}, false
			}
			return q, true
		},
		func(group []backCandidate) {
			slices.SortStableFunc(group, func(a, b backCandidate) int {
				return cmp.Or(cmp.Compare(len(a.quote.Payloads), len(b.quote.Payloads)), cmp.Compare(a.order, b.order))
			})
		})
	return cands[:min(len(cands), max)]
}

// backCandidate is a composed exact-output quote with what ranks it.
type backCandidate struct {
	in  *big.Int
	net *big.Int // in plus costs, when ranked so (decision 105)
	// uncounted: ranked so, but its costs could not be counted
	uncounted bool
	order     int
	quote     orchestration.Quote
}

// priceBackwards prices routes from their last legs, one depth a round:
// each round's legs (one call per hop, wanted output and recipient, its
// reads declared once across requests, as forward legs' are) have their
// reads read, chain by chain in one round trip, while their Prefetchers
// start, then are priced (priceOut). It returns the chains' states and
// the funder's balance read of the source.
func (r *run) priceBackwards(ctx context.Context, routes []*backRoute) (chainStates, Read, error) {
	states := chainStates{}
	var balance Read
	for round := 0; ; round++ {
		if err := ctx.Err(); err != nil {
			return chainStates{}, nil, abandoned(err)
		}
		r.planning.clearPhase()
		if round == 0 {
			src := r.req.Source.Chain
			if rtm := r.runtimeOf(src); rtm != nil {
				if balance = rtm.BalanceRead(r.req.Source, r.req.Funder); balance != nil {
					r.addReads(src, []Read{balance})
				}
			}
		}
		next := r.rounds.next[:0]
		pending := 0
		for _, b := range routes {
			if b.err != nil || legsSet(b.legs) == len(b.legs) {
				continue
			}
			pending++
			i := b.next()
			// Keyed by the output wanted: no forward leg shares the run.
			k, recipient := r.legKeyOf(b.rt, i, b.want)
			if c := r.legs.byKey[k]; c != nil {
				b.legs[i] = c
				continue
			}
			h := b.rt.hops[i]
			c := r.newLegCall()
			*c = legCall{prov: h.prov, req: r.legRequest(h, nil, recipient)}
			c.req.AmountOut = b.want
			c.declaration = r.declare(h, &c.req, k)
			r.legs.byKey[k] = c
			b.legs[i] = c
			next = append(next, c)
			if c.declErr == nil {
				r.addReads(c.req.From.Chain, c.source)
				r.addReads(c.req.To.Chain, c.dest)
				r.addReads(c.req.From.Chain, c.funding)
			}
		}
		r.rounds.next = next
		if pending == 0 {
			return states, balance, nil
		}
		states = r.read(ctx, phase{reads: r.planning.phase, legs: next}, states)
		r.calls = append(r.calls, next...)
		r.priceOut(ctx, next, states)
		if err := ctx.Err(); err != nil {
			return chainStates{}, nil, abandoned(err)
		}
		for _, b := range routes {
			if b.err != nil {
				continue
			}
			// The leg priced last is the first set one.
			for _, c := range b.legs {
				if c == nil {
					continue
				}
				if c.err != nil {
					b.err = c.err
				} else {
					b.want = c.req.AmountIn // its MaxIn, set by keepOut
				}
				break
			}
		}
	}
}

// priceOut prices the round's legs, each answer kept checked: those a
// LocalPricer prices from what it holds on the request's goroutine, as
// forward (priceLocal), the others concurrently, each bounded by the
// provider timeout.
func (r *run) priceOut(ctx context.Context, next []*legCall, states chainStates) {
	var wg sync.WaitGroup
	var local []*legCall
	for _, c := range next {
		if c.err = r.attachState(c, states); c.err != nil {
			continue
		}
		if lp := r.e.local[c.prov]; lp != nil && pricesLocally(lp, c.req) {
			local = append(local, c)
			continue
		}
		eq := r.e.providers[c.prov].(ExactOutputQuoter) // the route was kept for it
		req := c.req                                    // the call's own copy
		start := time.Now()
		wait := startBounded(ctx, r.e.timeout, func(ctx context.Context) (LegIn, error) { return eq.QuoteLegExactOut(ctx, req) })
		wg.Go(func() {
			in, err := wait()
			c.duration = time.Since(start)
			r.keepOut(c, in, err)
		})
	}
	if len(local) > 0 {
		start := time.Now()
		for _, c := range local {
			eq := r.e.providers[c.prov].(ExactOutputQuoter)
			in, err := callLocal(ctx, func(ctx context.Context) (LegIn, error) { return eq.QuoteLegExactOut(ctx, c.req) })
			r.keepOut(c, in, err)
		}
		took := time.Since(start) // each leg's duration is bounded by all of theirs, as forward
		for _, c := range local {
			c.duration = took
		}
	}
	wg.Wait()
}

// keepOut checks a leg priced backwards and keeps it in c as a forward
// leg: c.req.AmountIn becomes the most the leg spends (what its funding
// steps grant and its approvals are checked against), c.leg.AmountOut what
// it delivers.
func (r *run) keepOut(c *legCall, in LegIn, err error) {
	if err == nil {
		err = checkLegIn(c.req, in)
	}
	if err != nil {
		c.err = err
		return
	}
	out := in.AmountOut
	if out == nil {
		out = c.req.AmountOut
	}
	c.req.AmountIn = in.MaxIn()
	leg := Leg{AmountOut: out, EstTime: in.EstTime, ValidUntil: in.ValidUntil, Fees: in.Fees, BuildFees: in.BuildFees, Payloads: in.Payloads, Build: in.Build}
	if leg.Payloads == nil && leg.Build == nil {
		c.err = errors.New("no payloads")
		return
	}
	if leg.Payloads != nil {
		if err := r.checkPayloads(c.prov, c.req, leg.Payloads); err != nil {
			c.err = err
			return
		}
	}
	c.leg = leg
}

// checkLegIn enforces the LegIn contract.
func checkLegIn(lr LegRequest, in LegIn) error {
	switch {
	case in.AmountIn == nil || in.AmountIn.Sign() <= 0:
		return errors.New("amountIn must be greater than zero")
	case in.MaxAmountIn != nil && in.MaxAmountIn.Cmp(in.AmountIn) < 0:
		return errors.New("maxAmountIn must be at least amountIn")
	case in.MaxIn().BitLen() > 256:
		return errors.New("maxAmountIn must be below 2^256")
	case in.AmountOut != nil && in.AmountOut.Cmp(lr.AmountOut) < 0:
		return fmt.Errorf("amountOut %s is less than the %s asked for", in.AmountOut, lr.AmountOut)
	case in.AmountOut != nil && in.AmountOut.BitLen() > 256:
		return errors.New("amountOut must be below 2^256")
	case in.EstTime < 0:
		return errors.New("estTime must not be negative")
	}
	return nil
}

// composeBackwards composes a route priced backwards: its funding steps and
// payloads in execution order, as composeRoute does. The quote's amountIn
// is the most the first leg spends, its minAmountOut the output asked for,
// which the last leg delivers at least.
func (r *run) composeBackwards(states chainStates, balance Read, b *backRoute) (backCandidate, error) {
	p := priced{states: states, balance: balance}
	c, err := r.composeLegs(p, b.legs)
	if err != nil {
		return backCandidate{}, err
	}
	in := b.legs[0].req.AmountIn
	q := c.quote(r, in, b.legs[len(b.legs)-1].leg.AmountOut, r.req.AmountOut)
	r.addBalanceIssue(p, &q, in)
	return backCandidate{in: in, order: b.rt.index, quote: q}, nil
}
