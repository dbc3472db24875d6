package limitorder

import (
	"context"
	"fmt"
	"math/big"

	"github.com/m0-orchestration/m0/quote"
)

var _ quote.ExactOutputQuoter = (*Provider)(nil)

// exactOutTries bounds the offers an exact-output leg asks for.
const exactOutTries = 3

// QuoteLegExactOut prices an order for an exact output (decision 92) from
// the solvers' offers for inputs, as QuoteLeg prices them: first for the
// output's amount in the input token's units, then for that input scaled
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
	in := rescaleUp(want, leg.To.Decimals, leg.From.Decimals)
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
				Payloads: got.Payloads, Build: got.Build}, nil
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
