package limitorder

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/quote"
)

var _ quote.ExactOutputQuoter = (*Provider)(nil)

// ExactOutputSolver is a Solver that can also say how much input it needs
// to deliver an exact output: the first input an exact-output leg asks its
// offers for (QuoteLegExactOut), so that the order's input is the solver's
// own figure rather than one sampled from its prices. The offer for that
// input is then asked for as any other, and it must deliver at least the
// output.
type ExactOutputSolver interface {
	Solver
	// InputFor returns the input of req.From the solver needs to deliver
	// req.AmountOut of req.To to req.Recipient, or ErrNoOffer (possibly
	// wrapped). It must honour ctx.
	InputFor(ctx context.Context, req ExactOutputRequest) (*big.Int, error)
}

// ExactOutputRequest is an exact-output ask: the input needed for
// AmountOut of To, delivered on the destination chain to Recipient.
type ExactOutputRequest struct {
	From, To  asset.AssetInfo
	AmountOut *big.Int
	Recipient string
}

// exactOutTries bounds the collections of offers an exact-output leg asks
// for when its solver answers no exact-output asks: at the output's amount,
// then once more at that input scaled by the first offer's shortfall
// (decision 107).
const exactOutTries = 2

// QuoteLegExactOut prices an order for an exact output (decision 92) from
// the solvers' offers for inputs, as QuoteLeg prices them. When the edge's
// solver answers exact-output asks (ExactOutputSolver), its input is asked
// for, and the offers for it must deliver the output asked for. Otherwise
// the offers are asked for the output's amount in the input token's units,
// then, when they fall short, once more for that input scaled by the
// shortfall (rounded up); an offer still short is no route. So a leg asks
// the solvers at most twice, and waits for at most two of their answers in
// a row (decision 107). Both asks are shared, like collections of offers,
// while fresh: Prefetch starts the first beside the chain reads, and a
// request repeating the leg meanwhile asks nothing. The order locks the
// input and names the offer's output, which the solver must deliver: at
// least the output asked for. Its reads are QuoteLeg's, which do not
// depend on the amount.
func (p *Provider) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	want := leg.AmountOut
	switch {
	case want == nil || want.Sign() <= 0:
		return quote.LegIn{}, fmt.Errorf("limitorder: output %v is not positive", want)
	case want.BitLen() > 128:
		return quote.LegIn{}, fmt.Errorf("%w: %s exceeds what an order holds (uint128)", quote.ErrNoRoute, want)
	}
	tries, in := exactOutTries, rescaleUp(want, leg.To.Decimals, leg.From.Decimals)
	if es, ok := p.exactSolver(leg); ok {
		a := p.inputAsk(ctx, es, leg)
		if err := a.wait(ctx); err != nil {
			return quote.LegIn{}, err
		}
		if a.in == nil {
			return quote.LegIn{}, fmt.Errorf("%w: solver %s names no input for %s %s", quote.ErrNoRoute, es.Name(), want, leg.To.Symbol)
		}
		tries, in = 1, a.in
	}
	var last *big.Int
	for try := range tries {
		l := leg
		l.AmountOut, l.AmountIn = nil, in
		got, err := p.QuoteLeg(ctx, l)
		if err != nil {
			return quote.LegIn{}, err
		}
		if got.AmountOut.Cmp(want) >= 0 {
			return quote.LegIn{AmountIn: in, AmountOut: got.AmountOut, EstTime: got.EstTime, ValidUntil: got.ValidUntil,
				Fees: got.Fees, BuildFees: got.BuildFees, Payloads: got.Payloads, Build: got.Build}, nil
		}
		last = got.AmountOut
		if try == tries-1 {
			break
		}
		next := new(big.Int).Mul(in, want)
		next.Add(next, new(big.Int).Sub(got.AmountOut, big.NewInt(1))).Quo(next, got.AmountOut)
		if next.Cmp(in) <= 0 {
			next.Add(in, big.NewInt(1))
		}
		in = next
	}
	return quote.LegIn{}, fmt.Errorf("%w: the solvers' offers fall short of %s %s (the last: %s)", quote.ErrNoRoute, want, leg.To.Symbol, last)
}

// prefetchExactOut is Prefetch for an exact-output leg: it starts the
// leg's first ask (QuoteLegExactOut), the edge's solver's input or the
// offers for the output's amount.
func (p *Provider) prefetchExactOut(leg quote.LegRequest) {
	want := leg.AmountOut
	if want.Sign() <= 0 || want.BitLen() > 128 {
		return
	}
	if es, ok := p.exactSolver(leg); ok {
		p.inputAsk(context.Background(), es, leg)
		return
	}
	if in := rescaleUp(want, leg.To.Decimals, leg.From.Decimals); in.BitLen() <= 128 {
		l := leg
		l.AmountIn, l.AmountOut = in, nil
		p.collection(context.Background(), l)
	}
}

// pricesLocallyExactOut is PricesLocally for an exact-output leg: its
// first ask is answered, and either it refuses the leg at once or no
// second ask will follow (the solver's input and the offers for it are in,
// or the offers for the output's amount are and the edge's solver's
// reaches the output).
func (p *Provider) pricesLocallyExactOut(leg quote.LegRequest) bool {
	want := leg.AmountOut
	h, ok := leg.Detail.(hop)
	if !ok || want.Sign() <= 0 || want.BitLen() > 128 {
		return true // refused at once
	}
	now := time.Now()
	l := leg
	l.AmountIn, l.AmountOut = rescaleUp(want, leg.To.Decimals, leg.From.Decimals), nil
	es, exact := p.exactSolver(leg)
	if exact {
		p.mu.Lock()
		a, ok := p.inputs[inputAskKeyOf(es, leg)]
		p.mu.Unlock()
		if !ok || !now.Before(a.expires) || !closed(a.done) {
			return false
		}
		if a.in == nil {
			return true // no route
		}
		l.AmountIn = a.in
	}
	if l.AmountIn.BitLen() > 128 {
		return true // refused at once
	}
	e := p.fresh(collectionKeyOf(l), now)
	if e == nil || !closed(e.c.Done()) {
		return false
	}
	o, ok := e.c.offerBy(h.solver)
	return exact || !ok || o.AmountOut.Cmp(want) >= 0
}

// closed reports whether ch is closed.
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// exactSolver is the edge's solver of leg when it answers exact-output
// asks.
func (p *Provider) exactSolver(leg quote.LegRequest) (ExactOutputSolver, bool) {
	h, ok := leg.Detail.(hop)
	if !ok {
		return nil, false
	}
	for _, s := range p.solvers {
		if s.Name() == h.solver {
			es, ok := s.(ExactOutputSolver)
			return es, ok
		}
	}
	return nil, false
}

// inputAskKey identifies one exact-output ask: the leg, its output (the
// amount) and the solver asked.
type inputAskKey struct {
	collectionKey
	solver string
}

// inputAskKeyOf is the key of es's ask for leg's output, which fits 128
// bits.
func inputAskKeyOf(es ExactOutputSolver, leg quote.LegRequest) inputAskKey {
	k := inputAskKey{collectionKey: collectionKey{fromChain: leg.From.Chain, toChain: leg.To.Chain, from: leg.From.Address, to: leg.To.Address,
		recipient: leg.Recipient.String()}, solver: es.Name()}
	leg.AmountOut.FillBytes(k.amount[:])
	return k
}

// pendingInput is one exact-output ask of a solver (InputFor), shared by
// the legs that repeat it while fresh, as a collection of offers is.
type pendingInput struct {
	done    chan struct{}
	in      *big.Int // set before done closes; nil: no input named
	expires time.Time
}

// wait waits for the answer, until ctx ends or the ask is abandoned (its
// solver ignoring its deadline).
func (a *pendingInput) wait(ctx context.Context) error {
	select {
	case <-a.done:
		return nil
	default:
	}
	t := time.NewTimer(time.Until(a.expires))
	defer t.Stop()
	select {
	case <-a.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return fmt.Errorf("%w: the solver named no input in time", quote.ErrNoRoute)
	}
}

// inputAsk returns es's ask for leg's output, asking it (within the solver
// timeout, detached from ctx's end) when none is fresh.
func (p *Provider) inputAsk(ctx context.Context, es ExactOutputSolver, leg quote.LegRequest) *pendingInput {
	k := inputAskKeyOf(es, leg)
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if a, ok := p.inputs[k]; ok && now.Before(a.expires) {
		return a
	}
	if len(p.inputs) >= collectionsCap {
		for k, a := range p.inputs {
			if !now.Before(a.expires) {
				delete(p.inputs, k)
			}
		}
	}
	a := &pendingInput{done: make(chan struct{}), expires: now.Add(p.timeout + grace(p.timeout))}
	if len(p.inputs) < collectionsCap {
		p.inputs[k] = a
	}
	if p.gate != nil && !p.gate.Admit(es.Name()) {
		close(a.done)
		return a
	}
	req := ExactOutputRequest{From: leg.From, To: leg.To, AmountOut: leg.AmountOut, Recipient: leg.Recipient.String()}
	go p.askInput(context.WithoutCancel(ctx), es, req, a)
	return a
}

// askInput asks es for req's input into a, and closes a.done; a panic is
// the solver's failure.
func (p *Provider) askInput(ctx context.Context, es ExactOutputSolver, req ExactOutputRequest, a *pendingInput) {
	defer close(a.done)
	defer func() {
		if v := recover(); v != nil {
			a.in = nil
			p.logger.Warn("limitorder: solver panicked on an exact-output ask", "solver", es.Name(), "panic", v)
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	in, err := es.InputFor(ctx, req)
	if err != nil || in == nil || in.Sign() <= 0 || in.BitLen() > 128 {
		if err != nil && !errors.Is(err, ErrNoOffer) {
			p.logger.Warn("limitorder: solver failed an exact-output ask", "solver", es.Name(), "err", err)
		}
		return
	}
	a.in = in
}

// rescaleUp is x in units of from decimals written in units of to
// decimals, rounded up, and at least 1.
func rescaleUp(x *big.Int, from, to int) *big.Int {
	out := new(big.Int).Set(x)
	switch {
	case to > from:
		out.Mul(out, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(to-from)), nil))
	case from > to:
		d := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(from-to)), nil)
		out.Add(out, new(big.Int).Sub(d, big.NewInt(1))).Quo(out, d)
	}
	if out.Sign() == 0 {
		out.SetInt64(1)
	}
	return out
}
