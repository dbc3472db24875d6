package quote

import (
	"cmp"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// checkPayload enforces, for one payload of a leg (its own or a funding
// step), that it is on the leg's source chain and, on EVM chains, carries
// the catalog's chain id and calls a token of the catalog or a contract of
// the chain's address book: nothing a caller signs goes anywhere else. A
// runtime that reads what the call does checks it against the leg
// (LegChecker): on EVM chains, a token may only be approved, for the
// leg's spender and at most its amount.
func (r *run) checkPayload(lr LegRequest, d orchestration.TransactionPayload) error {
	if (d.EVM == nil) == (d.SVM == nil) {
		return errors.New("must have exactly one of EVM and SVM data")
	}
	if d.Chain() != lr.From.Chain {
		return fmt.Errorf("is on %s, not on the leg's source chain %s", d.Chain(), lr.From.Chain)
	}
	chain, ok := r.e.catalog.Chain(d.Chain())
	if !ok {
		return fmt.Errorf("chain %s is not in the catalog", d.Chain())
	}
	rtm := r.e.runtimes[chain.Runtime]
	if rtm == nil {
		// No runtime of this kind is configured, so nothing of it is read
		// or funded either; the payload is the provider's alone.
		return nil
	}
	if lc, ok := rtm.(LegChecker); ok {
		return lc.CheckLeg(chain, lr, d)
	}
	return rtm.CheckPayload(chain, d)
}

// best composes the best max of the fully priced routes into candidates,
// best first, with one (composeRoute, or composePermit in a permit quote).
//
// Ranking (rank) needs a route's amountOut and estFillTime, which pricing
// gave, and only to break a tie between those its steps, which composing
// gives. Composing is most of what a priced route costs (calldata,
// annotations, approvals) and a request returns far fewer quotes than it
// prices, so the routes are sorted on the first two and composed a group
// of equals at a time until max are composed. A route whose composition
// fails (a funding step the runtime cannot build or that fails the payload
// check, a permit that cannot be vouched for) is dropped and logged like a
// failed leg, and the next takes its place: the result is the one that
// composing every route and ranking them all would give (decision 32).
func (r *run) best(p priced, one func(priced, *route) (candidate, error), max int) []candidate {
	s := &r.composing
	ps := s.ranked[:0]
	for _, rt := range p.routes {
		if !rt.done() || rt.err != nil {
			continue
		}
		var total time.Duration
		for _, c := range rt.legs {
			total += c.leg.EstTime
		}
		ps = append(ps, pricedRoute{rt: rt, out: rt.legs[len(rt.legs)-1].leg.AmountOut, secs: seconds(total)})
	}
	s.ranked = ps
	slices.SortStableFunc(ps, func(a, b pricedRoute) int {
		return cmp.Or(b.out.Cmp(a.out), cmp.Compare(a.secs, b.secs))
	})
	out := composeInGroups(ps, s.cands[:0], max,
		func(a, b pricedRoute) bool { return a.out.Cmp(b.out) == 0 && a.secs == b.secs },
		func(pr pricedRoute) (candidate, bool) { return r.composeOne(p, one, pr.rt) },
		func(group []candidate) { rank(group, len(group)) }) // the group's order: fewer steps, then route order
	s.cands = out
	return out[:min(len(out), max)]
}

// composeInGroups composes sorted, a group of equals (same) at a time,
// appending what compose keeps to out until it holds max, and puts each
// group in order: what best and bestBackwards share (decision 32). The
// result may hold more than max (a whole group); callers cut it.
func composeInGroups[T, C any](sorted []T, out []C, max int, same func(a, b T) bool, compose func(T) (C, bool), order func([]C)) []C {
	for i := 0; i < len(sorted) && len(out) < max; {
		j := i + 1
		for j < len(sorted) && same(sorted[i], sorted[j]) {
			j++
		}
		n := len(out)
		for _, it := range sorted[i:j] {
			if c, ok := compose(it); ok {
				out = append(out, c)
			}
		}
		order(out[n:])
		i = j
	}
	return out
}

// composeScratch is the compose stage's scratch, kept from request to
// request (runs).
type composeScratch struct {
	ranked []pricedRoute // best's sorting
	cands  []candidate   // best's answer
	ledger Ledger        // composeRoute's, reset per route
}

// reset empties s for the next request, keeping its arrays: best cuts its
// lists back, so they are cleared past their length.
func (s *composeScratch) reset() {
	clearToCap(s.ranked)
	clearToCap(s.cands)
	s.ledger.reset()
	s.ranked, s.cands = s.ranked[:0], s.cands[:0]
}

// pricedRoute is a fully priced route with what best sorts it on.
type pricedRoute struct {
	rt   *route
	out  *big.Int
	secs int64
}

// composeOne composes rt with one, or drops it when that fails.
func (r *run) composeOne(p priced, one func(priced, *route) (candidate, error), rt *route) (candidate, bool) {
	q, err := one(p, rt)
	if err == nil {
		return q, true
	}
	rt.err = r.compositionFailed(rt.legs[len(rt.legs)-1], err)
	if r.permit != nil && errors.Is(rt.err, ErrNoPermit) {
		r.permit.refuse(strings.TrimPrefix(rt.err.Error(), ErrNoPermit.Error()+": "))
	}
	return candidate{}, false
}

// compositionFailed records err, a route's failed composition, as the
// failure of its last leg's provider, or of the leg a legFailure names,
// and returns the error the route keeps.
func (r *run) compositionFailed(last *legCall, err error) error {
	if lf, ok := errors.AsType[*legFailure](err); ok {
		last, err = lf.c, lf.err
	}
	r.calls = append(r.calls, &legCall{prov: last.prov, req: last.req, err: err})
	return err
}

// legFailure is a composition that failed on one leg of the route, not on
// its funding: that leg's provider is the one to blame.
type legFailure struct {
	c   *legCall
	err error
}

func (f *legFailure) Error() string { return f.err.Error() }
func (f *legFailure) Unwrap() error { return f.err }

// composeRoute composes one route. minAmountOut is the last leg's
// guarantee: a floor the transactions enforce, or, when the last leg
// settles later (an order a solver fills), what the solver must deliver for
// the order to complete; estFillTime then includes the expected fill.
func (r *run) composeRoute(p priced, rt *route) (candidate, error) {
	c, err := r.composeLegs(p, rt.legs)
	if err != nil {
		return candidate{}, err
	}
	last := rt.legs[len(rt.legs)-1].leg
	q := c.quote(r, r.req.AmountIn, last.AmountOut, last.floor())
	r.addBalanceIssue(p, &q, r.req.AmountIn)
	return candidate{quote: q, amountOut: last.AmountOut, estFillTime: q.EstFillTime, steps: len(c.payloads), order: rt.index}, nil
}

// composed is what composing a route's legs gives, whichever way they
// were priced.
type composed struct {
	payloads []orchestration.Payload
	total    time.Duration
	expires  time.Time
	fees     []orchestration.Fee
}

// composeLegs composes legs in execution order: each leg's funding steps
// (checked as its payloads are), then its payloads, attributed to its
// provider; the legs' times, validity and fees, and the payloads' costs.
func (r *run) composeLegs(p priced, legs []*legCall) (composed, error) {
	// About a funding step and a payload per leg: the quote's own array.
	out := composed{payloads: make([]orchestration.Payload, 0, 2*len(legs))}
	ledger := &r.composing.ledger // so two legs drawing on one grant count against it once
	ledger.reset()
	for _, c := range legs {
		id := r.e.ids[c.prov]
		if rtm := r.runtimeOf(c.req.From.Chain); rtm != nil {
			steps, err := rtm.Steps(c.req, p.states.state[c.req.From.Chain], ledger)
			if err != nil {
				return composed{}, err
			}
			for i, p := range steps {
				if err := r.checkPayload(c.req, p.Data); err != nil {
					return composed{}, fmt.Errorf("funding step %d: %w", i, err)
				}
			}
			out.payloads = appendAttributed(out.payloads, id, steps)
		}
		own, err := r.legPayloads(c)
		if err != nil {
			return composed{}, &legFailure{c: c, err: err}
		}
		out.payloads = appendAttributed(out.payloads, id, own)
		out.total += c.leg.EstTime
		out.expires = earliest(out.expires, c.leg.ValidUntil)
		if out.fees, err = r.legFees(out.fees, c); err != nil {
			return composed{}, &legFailure{c: c, err: err}
		}
	}
	out.fees = r.costPayloads(p, out.payloads, out.fees)
	return out, nil
}

// quote is the wire quote of c's route with these amounts.
func (c composed) quote(r *run, in, out, minOut *big.Int) orchestration.Quote {
	return orchestration.Quote{
		Route:        r.req.Route(),
		Recipient:    r.req.Recipient,
		AmountIn:     decimalString(in),
		AmountOut:    decimalString(out),
		MinAmountOut: decimalString(minOut),
		EstFillTime:  seconds(c.total),
		ExpiresAt:    unixSeconds(c.expires),
		Payloads:     c.payloads,
		Fees:         c.fees,
	}
}

// addBalanceIssue warns on q when the funder holds less than in of the
// source token.
func (r *run) addBalanceIssue(p priced, q *orchestration.Quote, in *big.Int) {
	if bal, ok := r.sourceBalance(p); ok && bal.Cmp(in) < 0 {
		q.Issues = &orchestration.QuoteIssues{Balance: &orchestration.BalanceIssue{
			Token: r.req.Source.Address, Actual: bal.String(), Expected: in.String(),
		}}
	}
}

// appendAttributed appends ps, attributing those without a provider to id.
func appendAttributed(dst []orchestration.Payload, id orchestration.ProviderID, ps []orchestration.Payload) []orchestration.Payload {
	for _, p := range ps {
		if p.Provider == "" {
			p.Provider = id
		}
		dst = append(dst, p)
	}
	return dst
}

// sourceBalance is the funder's balance of the source token, when read.
func (r *run) sourceBalance(p priced) (*big.Int, bool) {
	if p.balance == nil {
		return nil, false
	}
	src := r.req.Source.Chain
	st := p.states.state[src]
	if st == nil {
		return nil, false
	}
	return r.runtimeOf(src).Balance(st, p.balance)
}

// decimalString is x.String() with one allocation instead of two.
func decimalString(x *big.Int) string {
	var buf [80]byte
	return string(x.Append(buf[:0], 10))
}

// seconds is d in whole seconds, rounded up.
func seconds(d time.Duration) int64 {
	s := int64(d / time.Second)
	if d%time.Second != 0 {
		s++
	}
	return s
}

// earliest is the earlier of two validities, zero being no bound.
func earliest(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}

// unixSeconds is t in whole Unix seconds, rounded down so that a quote
// never claims a second more than its legs hold; 0 for the zero time.
func unixSeconds(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix() // floor, also before 1970
}
