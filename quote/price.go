package quote

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// priceLegs prices the next legs, each answer (or failure) kept in its
// legCall: those of LocalPricers inline, the others concurrently. Each leg gets the state of the chains it declared reads on,
// or fails when one of them could not be read or its declaration panicked.
// Legs that settle later are hurried once the others are priced and
// LaterLegWait has passed since start (when their reads were declared, so
// a solver asked then overlaps the round trip), and left out as long again
// later.
func (r *run) priceLegs(ctx context.Context, next []*legCall, states chainStates, start time.Time) {
	var others, settleLater int // legs priced on goroutines, of which settle later
	inTx := 0                   // legs that settle in their transactions
	for _, c := range next {
		c.err = r.attachState(c, states)
		if c.attached = c.err == nil; !c.attached {
			continue
		}
		if c.req.Settlement != SettlesLater {
			inTx++
		}
		if lp := r.e.local[c.prov]; lp != nil {
			c.local = pricesLocally(lp, c.req)
		}
		if !c.local {
			others++
			if c.req.Settlement == SettlesLater {
				settleLater++
			}
		}
	}
	if others == 0 {
		// The common case of local providers only: no goroutine, no timer.
		r.priceLocal(ctx, next)
		return
	}
	cancelCtx, outwait := context.WithCancelCause(ctx)
	defer outwait(nil)
	hurry := make(chan struct{})
	laterCtx := context.WithValue(cancelCtx, hurryKey{}, (<-chan struct{})(hurry))
	// The other providers' calls start first, each on its own goroutine,
	// then the local ones are priced meanwhile.
	finish := make([]func(), len(next))
	for i, c := range next {
		switch {
		case !c.attached || c.local:
		case c.req.Settlement == SettlesLater:
			done := r.startLeg(laterCtx, c)
			finish[i] = func() {
				done()
				if c.err != nil && errors.Is(context.Cause(laterCtx), errOutwaited) && ctx.Err() == nil {
					c.err = fmt.Errorf("%w: %w", ErrNoRoute, errOutwaited)
				}
			}
		default:
			finish[i] = r.startLeg(ctx, c)
		}
	}
	r.priceLocal(ctx, next)
	for i, c := range next {
		if finish[i] != nil && c.req.Settlement != SettlesLater {
			finish[i]()
		}
	}
	if inTx > 0 && settleLater > 0 && r.e.laterWait >= 0 {
		// First the legs are told to answer with what they have, then,
		// as long again later, those still out are cut.
		wait := max(time.Until(start.Add(r.e.laterWait)), 0)
		h := time.AfterFunc(wait, func() { close(hurry) })
		defer h.Stop()
		t := time.AfterFunc(wait+r.e.laterWait, func() { outwait(errOutwaited) })
		defer t.Stop()
	}
	for i, c := range next {
		if finish[i] != nil && c.req.Settlement == SettlesLater {
			finish[i]()
		}
	}
}

// priceLocal prices the next legs a LocalPricer prices, on the calling
// goroutine. The clock is read twice, not per leg: each leg's duration is
// the time all of them took, which bounds its own (microseconds).
func (r *run) priceLocal(ctx context.Context, next []*legCall) {
	var start time.Time
	for _, c := range next {
		if c.attached && c.local {
			if start.IsZero() {
				start = time.Now()
			}
			r.callLeg(ctx, c)
		}
	}
	if start.IsZero() {
		return
	}
	took := time.Since(start)
	for _, c := range next {
		if c.attached && c.local {
			c.duration = took
		}
	}
}

type hurryKey struct{}

// Hurry returns a channel the Engine closes when a leg that settles later
// (its QuoteLeg's ctx) has outlasted the other legs priced with it by
// Config.LaterLegWait: the provider should answer at once with what it has
// (the offers that have come), for the leg is cut as long again later. Nil,
// which blocks forever, when the Engine will wait.
func Hurry(ctx context.Context) <-chan struct{} {
	h, _ := ctx.Value(hurryKey{}).(<-chan struct{})
	return h
}

// errOutwaited is why a leg that settles later was left out.
var errOutwaited = errors.New("no answer in time: the other legs were priced")

// attachState hands the leg the state it declared reads on.
func (r *run) attachState(c *legCall, states chainStates) error {
	if c.declErr != nil {
		return c.declErr
	}
	if c.readsSource {
		if err := states.err[c.req.From.Chain]; err != nil {
			return fmt.Errorf("reading %s: %w", c.req.From.Chain, err)
		}
		c.req.State = states.state[c.req.From.Chain]
	}
	if c.readsDest {
		if err := states.err[c.req.To.Chain]; err != nil {
			return fmt.Errorf("reading %s: %w", c.req.To.Chain, err)
		}
		c.req.DestinationState = states.state[c.req.To.Chain]
	}
	if r.permit != nil {
		from := c.req.From.Chain
		if err := states.err[from]; err != nil {
			return fmt.Errorf("reading %s: %w", from, err)
		}
		d, err := r.permitFunding(from).PermitDeadline(from, states.state[from], r.permit.horizon)
		if err != nil {
			return fmt.Errorf("%s permit deadline: %w", from, err)
		}
		c.deadline = d
	}
	return nil
}

// pricesLocally asks lp whether leg is priced locally; a panic is a no.
func pricesLocally(lp LocalPricer, leg LegRequest) (local bool) {
	defer func() {
		if recover() != nil {
			local = false
		}
	}()
	return lp.PricesLocally(leg)
}

// callLeg prices c on the calling goroutine (a LocalPricer's leg) and
// keeps the answer, checked; priceLocal times it.
func (r *run) callLeg(ctx context.Context, c *legCall) {
	p := r.e.providers[c.prov]
	if r.permit != nil {
		pp := p.(PermitProvider) // permitForm checked it
		pl, err := callLocal(ctx, func(ctx context.Context) (PermitLeg, error) { return pp.PermitLeg(ctx, c.req, c.deadline) })
		leg, err := r.permitOutcome(c, pl, err)
		r.keep(c, leg, err)
		return
	}
	leg, err := callLocal(ctx, func(ctx context.Context) (Leg, error) { return p.QuoteLeg(ctx, c.req) })
	r.keep(c, leg, err)
}

// startLeg starts pricing c on its own goroutine, bounded by the provider
// timeout (callBounded), and returns what waits for the answer and checks
// it.
func (r *run) startLeg(ctx context.Context, c *legCall) (finish func()) {
	p := r.e.providers[c.prov]
	start := time.Now()
	// The call gets its own copy of the request: a provider that outlives
	// its deadline must not read c, which the next request reuses
	// (legBlocks).
	req, deadline := c.req, c.deadline
	if r.permit != nil {
		pp := p.(PermitProvider) // permitForm checked it
		wait := startBounded(ctx, r.e.timeout, func(ctx context.Context) (PermitLeg, error) {
			return pp.PermitLeg(ctx, req, deadline)
		})
		return func() {
			pl, err := wait()
			leg, err := r.permitOutcome(c, pl, err)
			r.record(c, start, leg, err)
		}
	}
	wait := startBounded(ctx, r.e.timeout, func(ctx context.Context) (Leg, error) { return p.QuoteLeg(ctx, req) })
	return func() {
		leg, err := wait()
		r.record(c, start, leg, err)
	}
}

// record keeps c's answer, checked, and how long it took since start.
func (r *run) record(c *legCall, start time.Time, leg Leg, err error) {
	c.duration = time.Since(start)
	r.keep(c, leg, err)
}

// keep keeps c's answer, checked.
func (r *run) keep(c *legCall, leg Leg, err error) {
	if err == nil {
		err = r.checkLeg(c.prov, c.req, leg)
	}
	c.leg, c.err = leg, err
}

// checkLeg enforces the Leg contract and, through checkPayload, the rule
// that nothing a caller signs goes anywhere the deployment does not know.
func (r *run) checkLeg(prov int, lr LegRequest, l Leg) error {
	switch {
	case l.AmountOut == nil || l.AmountOut.Sign() <= 0:
		return errors.New("amountOut must be greater than zero")
	case l.AmountOut.BitLen() > 256:
		return errors.New("amountOut must be below 2^256")
	case l.MinAmountOut != nil && (l.MinAmountOut.Sign() <= 0 || l.MinAmountOut.Cmp(l.AmountOut) > 0):
		return errors.New("minAmountOut must be greater than zero and at most amountOut")
	case l.EstTime < 0:
		return errors.New("estTime must not be negative")
	case r.permit != nil:
		return nil // a permit leg is one call, checked by checkPermitLeg
	case l.Payloads == nil && l.Build != nil:
		return nil // checked when built (legPayloads)
	}
	return r.checkPayloads(prov, lr, l.Payloads)
}

// checkPayloads checks a leg's own payloads: at least one, none claiming
// another provider, each through checkPayload.
func (r *run) checkPayloads(prov int, lr LegRequest, payloads []orchestration.Payload) error {
	if len(payloads) == 0 {
		return errors.New("no payloads")
	}
	id := r.e.ids[prov]
	for i, p := range payloads {
		if p.Provider != "" && p.Provider != id {
			return fmt.Errorf("payload %d claims provider %q", i, p.Provider)
		}
		if err := r.checkPayload(lr, p.Data); err != nil {
			return fmt.Errorf("payload %d: %w", i, err)
		}
	}
	return nil
}

// legPayloads returns c's payloads, building and checking them the first
// time a route composes c when its provider deferred them (Leg.Build).
func (r *run) legPayloads(c *legCall) ([]orchestration.Payload, error) {
	if c.leg.Payloads != nil || c.leg.Build == nil {
		return c.leg.Payloads, nil
	}
	if b := &c.built; !b.done {
		b.done = true
		b.payloads, b.err = callLocal(context.Background(), func(context.Context) ([]orchestration.Payload, error) {
			return c.leg.Build()
		})
		if b.err == nil {
			b.err = r.checkPayloads(c.prov, c.req, b.payloads)
		}
		if b.err != nil {
			b.payloads = nil
			b.err = fmt.Errorf("building payloads: %w", b.err)
		}
	}
	return c.built.payloads, c.built.err
}
