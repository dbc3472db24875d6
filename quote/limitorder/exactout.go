package limitorder

import (
	"context"
	"errors"
	"fmt"
	"math/big"

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

// exactOutTries bounds the offers an exact-output leg asks for.
const exactOutTries = 3

// QuoteLegExactOut prices an order for an exact output (decision 92) from
// the solvers' offers for inputs, as QuoteLeg prices them: first for the
// input the edge's solver names (ExactOutputSolver) or else the output's
// amount in the input token's units, then for that input scaled
// by what the offer fell short (rounded up), until an offer delivers at
// least the output asked for, at most exactOutTries times. The order locks
// that input and names the offer's output, which the solver must deliver:
// at least the output asked for. Its reads are QuoteLeg's, which do not
// depend on the amount; each try is one collection of offers.
func (p *Provider) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	want := leg.AmountOut
	if want == nil || want.Sign() <= 0 {
		return quote.LegIn{}, fmt.Errorf("limitorder: output %v is not positive", want)
	}
	in := p.inputFor(ctx, leg)
	if in == nil {
		in = rescaleUp(want, leg.To.Decimals, leg.From.Decimals)
	}
	var last *big.Int
	for range exactOutTries {
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
		next := new(big.Int).Mul(in, want)
		next.Add(next, new(big.Int).Sub(got.AmountOut, big.NewInt(1))).Quo(next, got.AmountOut)
		if next.Cmp(in) <= 0 {
			next.Add(in, big.NewInt(1))
		}
		in = next
	}
	return quote.LegIn{}, fmt.Errorf("%w: the solvers' offers fall short of %s %s (the last: %s)", quote.ErrNoRoute, want, leg.To.Symbol, last)
}

// inputFor asks the leg's solver, when it is an ExactOutputSolver, for the
// input the leg's output needs, within the solver timeout; nil when it is
// none, makes no offer or fails (the leg then samples the solver's prices).
func (p *Provider) inputFor(ctx context.Context, leg quote.LegRequest) *big.Int {
	h, ok := leg.Detail.(hop)
	if !ok {
		return nil
	}
	for _, s := range p.solvers {
		es, ok := s.(ExactOutputSolver)
		if !ok || s.Name() != h.solver || (p.gate != nil && !p.gate.Admit(s.Name())) {
			continue
		}
		ctx, cancel := context.WithTimeout(ctx, p.timeout)
		defer cancel()
		in, err := es.InputFor(ctx, ExactOutputRequest{From: leg.From, To: leg.To, AmountOut: leg.AmountOut, Recipient: leg.Recipient.String()})
		if err != nil || in == nil || in.Sign() <= 0 || in.BitLen() > 128 {
			if err != nil && !errors.Is(err, ErrNoOffer) {
				p.logger.Warn("limitorder: solver failed an exact-output ask", "solver", s.Name(), "err", err)
			}
			return nil
		}
		return in
	}
	return nil
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
