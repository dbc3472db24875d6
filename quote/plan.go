package quote

import (
	"cmp"
	"math/big"
	"runtime/debug"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// legKey identifies one leg request: routes that share a hop at the same
// amount and recipient share the request, its declared reads and its
// price.
type legKey struct {
	hop hop
	// amount numbers the leg's amount among those of the request (the
	// run's amounts, 1 for the first; an exact-output leg's is its
	// output); 0 is an amount not known yet. A
	// number rather than the amount: every leg of every candidate route
	// looks its key up, and a request has a handful of distinct amounts.
	amount int
	// toRecipient: the leg pays the request's recipient (a last leg),
	// not the funder; one flag rather than the address.
	toRecipient bool
}

// legCall is one leg request: built once, its reads declared once, priced
// at most once.
type legCall struct {
	prov         int
	req          LegRequest
	*declaration // shared with every request that declared the same leg (declare)

	planned bool // its reads are in the first phase
	queued  bool // it is (or was) priced
	// attached: its state is attached and it is priced in this phase;
	// local: on the request's goroutine (LocalPricer).
	attached, local bool

	leg      Leg
	err      error
	duration time.Duration

	// The payloads Leg.Build built, and the fees Leg.BuildFees built,
	// once, for the routes composing it; unset until then (most legs
	// priced are never composed).
	built     builtPayloads
	builtFees builtFees

	// In a permit quote: the permit's deadline and the leg in permit form.
	deadline  uint64
	permitLeg *PermitLeg
}

// builtPayloads are what a leg's Leg.Build returned, checked.
type builtPayloads struct {
	done     bool
	payloads []orchestration.Payload
	err      error
}

// builtFees are what a leg's Leg.BuildFees returned.
type builtFees struct {
	done bool
	fees []orchestration.Fee
	err  error
}

// planScratch is the plan stage's scratch, kept from request to request
// (runs): the arrays its answers live in.
type planScratch struct {
	routes    []*route   // findRoutes's answer
	routeSlab []route    // the routes
	legPtrs   []*legCall // and their priced legs
	// phase is the reads of the phase being planned (plan, missing), by
	// chain; its keys and arrays are kept from phase to phase and request
	// to request, an empty list meaning nothing to read there.
	phase map[orchestration.Chain][]Read
	fetch []*legCall // the first phase's legs (plan)
}

// reset empties s for the next request, keeping its arrays: the routes'
// list is cut back during a run, so it is cleared past its length.
func (s *planScratch) reset() {
	clear(s.routeSlab)
	clear(s.legPtrs)
	clearToCap(s.routes)
	clearToCap(s.fetch)
	s.clearPhase()
	s.routes, s.routeSlab, s.legPtrs, s.fetch = s.routes[:0], s.routeSlab[:0], s.legPtrs[:0], s.fetch[:0]
}

// findRoutes returns the candidate routes.
func (r *run) findRoutes() []*route {
	s := &r.planning
	paths := r.e.paths.get(r.edges, keyOf(r.req.Source), keyOf(r.req.Destination), r.req.Source.Runtime, r.req.Destination.Runtime, r.e.maxLegs, r.e.maxRoutes)
	// The request's routes and their priced legs in two arrays, kept from
	// request to request (runs).
	s.routeSlab = resized(s.routeSlab, len(paths))
	slab := s.routeSlab
	hops := 0
	for _, p := range paths {
		hops += len(p)
	}
	s.legPtrs = resized(s.legPtrs, hops)
	legs := s.legPtrs
	routes := s.routes[:0]
	for _, p := range paths {
		if r.permit != nil && !r.permitForm(p) {
			continue
		}
		rt := &slab[len(routes)]
		*rt = route{index: len(routes), hops: p, amount: r.req.AmountIn, legs: legs[:0:len(p)]}
		legs = legs[len(p):]
		routes = append(routes, rt)
	}
	s.routes = routes
	return routes
}

// plan builds each route's first leg request and declares the reads of the
// first phase, by chain: every leg's amount-independent reads (later legs
// are declared without their amount), the first legs' amount-dependent
// ones, each leg's funding reads (in a permit quote its permit reads), and
// the funder's balance of the source, which it returns too (nil when the
// source's runtime reads none).
func (r *run) plan(routes []*route) (first phase, balance Read) {
	s := &r.planning
	s.clearPhase()
	fetch := s.fetch[:0]
	declared := func(req *LegRequest, d *declaration) {
		from := req.From.Chain
		r.addReads(from, d.source)
		r.addReads(req.To.Chain, d.dest)
		if r.permit != nil {
			r.addReads(from, r.permitFunding(from).PermitReads(*req))
		} else {
			r.addReads(from, d.funding)
		}
	}
	for _, rt := range routes {
		c := r.legFor(rt, 0, r.req.AmountIn)
		rt.next = c
		if !c.planned {
			c.planned = true
			declared(&c.req, c.declaration)
			fetch = append(fetch, c)
		}
		for i := 1; i < len(rt.hops); i++ {
			// A later leg's amount is not known yet: its reads are
			// declared once per hop and recipient, from a request that is
			// not kept (the leg priced later is built at its amount).
			k, recipient := r.legKeyOf(rt, i, nil)
			if _, planned := r.legs.byKey[k]; planned {
				continue
			}
			r.legs.byKey[k] = nil
			h := rt.hops[i]
			req := r.legRequest(h, nil, recipient)
			declared(&req, r.declare(h, &req, k))
		}
	}
	src := r.req.Source.Chain
	if rtm := r.runtimeOf(src); rtm != nil {
		if balance = rtm.BalanceRead(r.req.Source, r.req.Funder); balance != nil {
			s.phase[src] = append(s.phase[src], balance)
		}
	}
	s.fetch = fetch
	return phase{reads: s.phase, legs: fetch}, balance
}

// addReads adds rs to the phase's reads on chain.
func (r *run) addReads(chain orchestration.Chain, rs []Read) {
	if len(rs) > 0 {
		r.planning.phase[chain] = append(r.planning.phase[chain], rs...)
	}
}

// clearPhase empties the phase's reads, keeping their arrays.
func (s *planScratch) clearPhase() {
	for chain, rs := range s.phase {
		clear(rs)
		s.phase[chain] = rs[:0]
	}
}

// legFor returns leg i of rt at amount, building the request and
// declaring its reads the first time any route asks for it.
func (r *run) legFor(rt *route, i int, amount *big.Int) *legCall {
	k, recipient := r.legKeyOf(rt, i, amount)
	if c := r.legs.byKey[k]; c != nil {
		return c
	}
	c := r.newLegCall()
	h := rt.hops[i]
	*c = legCall{prov: h.prov, req: r.legRequest(h, amount, recipient)}
	c.declaration = r.declare(h, &c.req, k)
	r.legs.byKey[k] = c
	return c
}

// newLegCall takes a legCall from the request's block, then from blocks of
// its own.
func (r *run) newLegCall() *legCall {
	if r.legs.blockUsed < len(r.legs.block) {
		r.legs.blockUsed++
		return &r.legs.block[r.legs.blockUsed-1]
	}
	if len(r.legs.slab) == 0 {
		r.legs.slab = make([]legCall, 8)
	}
	c := &r.legs.slab[0]
	r.legs.slab = r.legs.slab[1:]
	return c
}

// legBlock is the legCalls a request takes first, kept with its run.
type legBlock [32]legCall

// legTable is a request's leg requests, each built once (legFor) and
// shared by the routes that take the same hop at the same amount: plan
// builds the first legs, advance the later ones. Its arrays are kept from
// request to request (runs).
type legTable struct {
	byKey     map[legKey]*legCall // by hop, amount and recipient
	amounts   []*big.Int          // the legs' distinct amounts, numbered by legKey
	block     *legBlock           // legCalls taken first (newLegCall); its own array, so reset clears only those used
	blockUsed int
	slab      []legCall   // legCalls past the block
	parties   *legParties // the request's, interned (declKeyOf); nil until a leg is declared
}

// reset empties t for the next request, keeping its block and arrays.
func (t *legTable) reset() {
	clear(t.block[:t.blockUsed])
	clear(t.byKey)
	clear(t.amounts)
	*t = legTable{byKey: t.byKey, amounts: t.amounts[:0], block: t.block}
}

// legKeyOf is the key of leg i of rt at amount (nil: not known yet), and
// the leg's recipient: the request's on the last leg and on a leg that
// crosses to the destination's runtime (decision 79), the funder's before.
func (r *run) legKeyOf(rt *route, i int, amount *big.Int) (legKey, orchestration.Address) {
	recipient := r.addrs.funder
	if i == len(rt.hops)-1 || r.edge(rt.hops[i]).To.Runtime != r.req.Source.Runtime {
		recipient = r.addrs.recipient
	}
	return legKey{hop: rt.hops[i], amount: r.amountID(amount), toRecipient: recipient.String() != r.addrs.funder.String()}, recipient
}

// amountID numbers amount among the run's amounts (0 for nil), adding it
// the first time: a request's legs have a handful of distinct amounts.
func (r *run) amountID(amount *big.Int) int {
	if amount == nil {
		return 0
	}
	for i, a := range r.legs.amounts {
		if a == amount || a.Cmp(amount) == 0 {
			return i + 1
		}
	}
	r.legs.amounts = append(r.legs.amounts, amount)
	return len(r.legs.amounts)
}

// legRequest is the request of hop h at amount to recipient. A leg on the
// source's runtime is funded, sent and refunded by the request's funder and
// sender; a leg after the route crossed to the destination's runtime by the
// recipient, who received its input there and is the one party the request
// names on that runtime (decision 79).
func (r *run) legRequest(h hop, amount *big.Int, recipient orchestration.Address) LegRequest {
	ed := r.edge(h)
	funder, sender := r.addrs.funder, r.addrs.sender
	if ed.From.Runtime != r.req.Source.Runtime {
		funder, sender = r.addrs.recipient, r.addrs.recipient
	}
	return LegRequest{
		Edge: ed, AmountIn: amount, Funder: funder, Sender: sender, Recipient: recipient,
		Refund: funder, SlippageBps: r.req.SlippageBps,
	}
}

// parties are a request's addresses, parsed once for all its legs.
type parties struct {
	funder, sender, recipient orchestration.Address
}

// parseParties parses req's addresses, which ValidateRequest made
// canonical: the funder and sender on the source's runtime, the recipient
// on the destination's. A request that did not pass it may fail here,
// naming the field, as BadQuoteRequest.
func parseParties(req Request) (parties, error) {
	funder, err1 := parseParty("funder", req.Source.Runtime, req.Funder)
	sender, err2 := parseParty("sender", req.Source.Runtime, req.Sender)
	recipient, err3 := parseParty("recipient", req.Destination.Runtime, req.Recipient)
	if err := cmp.Or(err1, err2, err3); err != nil {
		return parties{}, err
	}
	return parties{funder: funder, sender: sender, recipient: recipient}, nil
}

// parseParty is parseParties for one address, the field name.
func parseParty(name string, rt orchestration.ChainRuntime, text string) (orchestration.Address, error) {
	a, err := orchestration.CanonicalAddress(rt, text)
	if err != nil {
		return orchestration.Address{}, orchestration.Errorf(orchestration.BadQuoteRequest, "%s %v", name, err)
	}
	return a, nil
}

// declare returns the reads req needs (of hop h, under key k in the run):
// what its provider declares, and the funding reads of its source chain's
// runtime. Both are functions of the leg request alone (ReadDeclarer), so
// the engine keeps them across requests, by edge, amount and parties
// (declKey): a warm quote declares each of its twenty-odd legs with one
// lookup instead of a provider call or two, each with lookups of its own.
func (r *run) declare(h hop, req *LegRequest, k legKey) *declaration {
	dk, ok := r.declKeyOf(req, k)
	if !ok {
		return r.newDeclaration(h, req)
	}
	return r.e.declarations.getIf(dk, func() (*declaration, bool) {
		d := r.newDeclaration(h, req)
		return d, d.declErr == nil // a panic is not kept: it may not recur
	})
}

// newDeclaration asks the provider which reads req needs, and the runtime
// which funding reads. A panic in the provider fails the leg when it is
// priced, as a panic in QuoteLeg does, instead of the request.
func (r *run) newDeclaration(h hop, req *LegRequest) *declaration {
	d := &declaration{}
	p := r.e.providers[h.prov]
	if rd, ok := p.(ReadDeclarer); ok {
		d.readsSource = true
		d.source, d.declErr = declaredReads(rd.Reads, req)
	}
	if dd, ok := p.(DestinationReadDeclarer); ok && d.declErr == nil {
		d.readsDest = true
		d.dest, d.declErr = declaredReads(dd.DestinationReads, req)
	}
	if rtm := r.e.runtimeOf(req.From.Chain); rtm != nil {
		d.funding = rtm.Reads(*req)
	}
	return d
}

// declaration is what a provider declared a leg reads (readsSource,
// readsDest: it declares reads on that side at all), the panic that
// declaring raised, and the leg's funding reads (Runtime.Reads; a permit
// quote reads its permit's instead). It is shared: never modified once
// built.
type declaration struct {
	source, dest           []Read
	readsSource, readsDest bool
	declErr                error
	funding                []Read
}

// declKey identifies a leg request across requests, for the declarations
// it gets: its edge (the engine's own, so one pointer says which provider
// and hop, and keeps its edge list alive, never reused, while the entry
// lives), its amount (the input, or an exact-output leg's output), and the
// request's parties (interned: legParties).
type declKey struct {
	edge        *Edge
	parties     *legParties
	amount      [32]byte
	known       bool // the amount is known; amount is zero otherwise
	out         bool // the amount is the leg's output (an exact-output leg, AmountOut)
	toRecipient bool // the leg pays the request's recipient, not the funder
}

// legParties is a request's parties and slippage, interned by the engine
// (Engine.parties) so that a declKey holds one pointer instead of three
// addresses to hash on every lookup.
type legParties struct {
	funder, sender, recipient string
	slippageBps               int
}

// declKeyOf is req's declKey (leg key k in the run); ok is false for an
// amount that is negative or wider than 256 bits, which is declared afresh.
func (r *run) declKeyOf(req *LegRequest, k legKey) (declKey, bool) {
	if r.legs.parties == nil {
		p := legParties{funder: r.req.Funder, sender: r.req.Sender, recipient: r.req.Recipient, slippageBps: r.req.SlippageBps}
		r.legs.parties = r.e.parties.Get(p, func() *legParties { kept := p; return &kept })
	}
	a := req.AmountIn
	dk := declKey{edge: req.Edge, parties: r.legs.parties, toRecipient: k.toRecipient}
	if a == nil && req.AmountOut != nil {
		a, dk.out = req.AmountOut, true
	}
	if dk.known = a != nil; a != nil {
		if a.Sign() < 0 || a.BitLen() > 256 {
			return declKey{}, false
		}
		a.FillBytes(dk.amount[:])
	}
	return dk, true
}

func declaredReads(declare func(LegRequest) []Read, lr *LegRequest) (reads []Read, err error) {
	defer func() {
		if p := recover(); p != nil {
			reads, err = nil, &panicError{value: p, stack: debug.Stack()}
		}
	}()
	return declare(*lr), nil
}

// nextLegs returns the legs the pending routes price next, each once, and
// not those an earlier round priced already (a route reaching a leg another
// route priced at the same amount).
func (r *run) nextLegs(pending []*route) []*legCall {
	next := r.rounds.next[:0] // each round's list replaces the last one's
	for _, rt := range pending {
		if c := rt.next; !c.queued {
			c.queued = true
			next = append(next, c)
		}
	}
	r.rounds.next = next
	return next
}

// missing returns the phase that reads what the next legs declared and no
// earlier phase answered (states), by chain.
func (r *run) missing(next []*legCall, states chainStates) phase {
	r.planning.clearPhase()
	for _, c := range next {
		r.addMissing(c.req.From.Chain, c.source, states)
		r.addMissing(c.req.To.Chain, c.dest, states)
	}
	return phase{reads: r.planning.phase, legs: next}
}

// addMissing adds to the phase those of reads on chain no phase answered.
func (r *run) addMissing(chain orchestration.Chain, reads []Read, states chainStates) {
	if len(reads) == 0 {
		return
	}
	st := states.state[chain]
	ph := r.planning.phase
	rs := ph[chain]
	for _, rd := range reads {
		if st == nil || !st.HasKey(rd.ReadKey()) {
			rs = append(rs, rd)
		}
	}
	ph[chain] = rs
}
