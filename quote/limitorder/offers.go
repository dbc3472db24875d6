package limitorder

import (
	"context"
	"fmt"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// collectionKey identifies one collection of offers.
type collectionKey struct {
	fromChain, toChain orchestration.Chain
	from, to           string
	amount             [32]byte
	recipient          string
}

// Prefetch starts asking the solvers for leg's offers, in the background,
// unless a collection for it is fresh: the engine calls it when it goes to
// a chain's node for the leg's state, so that the solvers' answers overlap
// that round trip rather than follow it. For an exact-output leg it starts
// the leg's first ask (QuoteLegExactOut).
func (p *Provider) Prefetch(leg quote.LegRequest) {
	if leg.AmountIn == nil && leg.AmountOut != nil {
		p.prefetchExactOut(leg)
		return
	}
	if leg.AmountIn != nil && leg.AmountIn.Sign() > 0 && leg.AmountIn.BitLen() <= 128 {
		p.collection(context.Background(), leg)
	}
}

// offerOf returns solver's offer for leg, or ErrNoRoute when it made none or
// its open offer is beaten by another solver's (open offers are collapsed
// into the best). The solvers are asked once for all the parallel edges of
// one leg, and for the same leg asked again while their answers are fresh
// (SolverTimeout): one collection runs, detached from any one request,
// until every solver has answered or timed out. A request waits for it
// until quote.Hurry says the other legs are priced, then takes the offers
// that have come.
func (p *Provider) offerOf(ctx context.Context, leg quote.LegRequest, solver string) (Offer, error) {
	c := p.collection(ctx, leg)
	select {
	case <-c.Done(): // the usual case, of a leg priced locally: nothing to wait for
	default:
		select {
		case <-c.Done():
		case <-quote.Hurry(ctx):
		case <-ctx.Done():
			return Offer{}, ctx.Err()
		}
	}
	if o, ok := c.offerBy(solver); ok {
		// A collection is shared for a while (collection): its offer
		// may have lapsed since it came.
		if !o.ExpiresAt.IsZero() && !p.now().Before(o.ExpiresAt) {
			return Offer{}, fmt.Errorf("%w: solver %s's offer expired at %s", quote.ErrNoRoute, solver, o.ExpiresAt.UTC().Format(time.RFC3339))
		}
		return o, nil
	}
	return Offer{}, fmt.Errorf("%w: no offer from solver %s in time, or one that beats the others", quote.ErrNoRoute, solver)
}

// PricesLocally reports whether the offers for leg are all in (a
// collection started for the same order moments ago, by this request's
// Prefetch or an earlier request's): pricing it then waits for nothing, and
// the engine calls QuoteLeg inline (quote.LocalPricer). For an exact-output
// leg, whether its asks are in and no other will be made.
func (p *Provider) PricesLocally(leg quote.LegRequest) bool {
	if leg.AmountIn == nil && leg.AmountOut != nil {
		return p.pricesLocallyExactOut(leg)
	}
	if leg.AmountIn == nil || leg.AmountIn.Sign() <= 0 || leg.AmountIn.BitLen() > 128 {
		return true // refused at once
	}
	e := p.fresh(collectionKeyOf(leg), time.Now())
	if e == nil {
		return false
	}
	select {
	case <-e.c.Done():
		return true
	default:
		return false
	}
}

// collectionKeyOf is leg's collection's key; leg.AmountIn fits 128 bits.
func collectionKeyOf(leg quote.LegRequest) collectionKey {
	k := collectionKey{fromChain: leg.From.Chain, toChain: leg.To.Chain, from: leg.From.Address, to: leg.To.Address,
		recipient: leg.Recipient.String()}
	leg.AmountIn.FillBytes(k.amount[:])
	return k
}

// fresh is the entry of key's collection if it is fresh at now, else nil.
func (p *Provider) fresh(key collectionKey, now time.Time) *collectionEntry {
	// recent may hold an older entry of key than the map (two lookups can
	// store theirs out of order): when it has expired, ask the map.
	if e := p.recent.Load(); e != nil && e.key == key && now.Before(e.expires) {
		return e
	}
	p.mu.Lock()
	e, ok := p.collections[key]
	p.mu.Unlock()
	if !ok || !now.Before(e.expires) {
		return nil
	}
	p.recent.Store(e)
	return e
}

// collection returns the collection of offers for leg, starting one when
// none is fresh.
func (p *Provider) collection(ctx context.Context, leg quote.LegRequest) *Collection {
	key := collectionKeyOf(leg) // callers checked the amount fits 128 bits
	now := time.Now()
	if e := p.fresh(key, now); e != nil {
		return e.c
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.collections[key]; ok && now.Before(e.expires) {
		return e.c
	}
	if len(p.collections) >= collectionsCap {
		for k, e := range p.collections {
			if !now.Before(e.expires) {
				delete(p.collections, k)
			}
		}
	}
	req := OfferRequest{From: leg.From, To: leg.To, AmountIn: leg.AmountIn, Recipient: leg.Recipient.String()}
	c := startCollect(context.WithoutCancel(ctx), p.solvers, p.gate, req, p.timeout)
	// Fresh for as long as a solver may take, so the parallel edges of the
	// leg, and a request repeating it, share it.
	e := &collectionEntry{key: key, c: c, expires: now.Add(p.timeout + grace(p.timeout))}
	if len(p.collections) < collectionsCap {
		p.collections[key] = e
	}
	p.recent.Store(e)
	p.logFailures(c, req.From, req.To)
	return c
}

// logFailures logs, once c is done, each solver that made no offer. (Not
// inlined in collection, whose leg it would move to the heap on every
// call.)
func (p *Provider) logFailures(c *Collection, from, to asset.AssetInfo) {
	go func() {
		<-c.Done()
		_, errs := c.Offers()
		for _, err := range errs {
			p.logger.Warn("limitorder: solver made no offer", "from", from.Chain, "fromToken", from.Symbol,
				"to", to.Chain, "toToken", to.Symbol, "err", err)
		}
	}()
}

// collectionsCap bounds the collections kept; past it, a leg's collection
// is not shared.
const collectionsCap = 4096

type collectionEntry struct {
	key     collectionKey
	c       *Collection
	expires time.Time
}
