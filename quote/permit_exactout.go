package quote

import (
	"context"
	"math/big"
	"slices"
	"strings"

	"github.com/m0-orchestration/m0/orchestration"
)

// Exact output by permit (decision 96). A permit recipe signs one exact
// amount per leg: its typed data's value and its operation's amount are
// the same figure, which /permit/build re-checks. So an exact-output permit
// quote is a forward permit quote whose signed input is the one the
// backward pricing found, kept only when its guaranteed output (its
// minAmountOut) reaches the request. Legs that move one for one (the
// SwapFacility, the Portal) and legs whose input was inverted exactly
// (ext_swap, a limit order that locks the input) pass; a pool's exact-output
// swap spends at most a bound (exactOutputSingle's amountInMaximum), which
// the permit operation (selfPermit + exactInputSingle) cannot sign, and
// its forward floor at that bound falls short of the request by the
// slippage: such a route is not offered, and when no route is left the
// answer says why.

// permitExactOutPasses bounds the forward permit passes one exact-output
// permit quote makes (one per distinct input the backward pricing found).
const permitExactOutPasses = 4

// permitQuoteExactOut is PermitQuoteRequest for a request with AmountOut.
func (e *Engine) permitQuoteExactOut(ctx context.Context, req Request, opts PermitOptions) (PermitQuotes, error) {
	// Backwards first, for the input each route needs; more quotes than
	// asked for, since routes without a permit form may rank first.
	back := req
	back.MaxQuotes = e.maxCap
	back.RankBy = "" // the passes rank by input; the answer says so below
	// Not observed: the topology counts the permit quote, not this
	// pricing on its way.
	selected, err := e.selectProviders(back)
	if err != nil {
		return PermitQuotes{}, err
	}
	var states chainStates
	backQuotes, err := e.quoteExactOut(ctx, back, selected, false, &states)
	if err != nil {
		return PermitQuotes{}, err
	}
	var inputs []*big.Int
	for _, q := range backQuotes {
		in, ok := new(big.Int).SetString(q.AmountIn, 10)
		if !ok || slices.ContainsFunc(inputs, func(x *big.Int) bool { return x.Cmp(in) == 0 }) {
			continue
		}
		inputs = append(inputs, in)
	}
	slices.SortFunc(inputs, (*big.Int).Cmp)
	inputs = inputs[:min(len(inputs), permitExactOutPasses)]

	// Then forward, in permit form, least input first; a route's first
	// (least) input that delivers the request is kept.
	var out PermitQuotes
	var firstErr error
	short, balanced := false, false
	seen := map[string]bool{}
	for _, in := range inputs {
		fwd := back
		fwd.MaxQuotes = req.MaxQuotes
		fwd.AmountIn, fwd.AmountOut = in, nil
		// At the backward pricing's point of each chain it read: one
		// request, one state per chain, as its own read phases have
		// (decision 108).
		got, err := e.permitQuote(ctx, fwd, opts, states)
		if err != nil {
			if ctx.Err() != nil {
				return PermitQuotes{}, abandoned(ctx.Err())
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		kept := false
		for _, q := range got.Quotes {
			floor, ok := new(big.Int).SetString(q.MinAmountOut, 10)
			if !ok || floor.Cmp(req.AmountOut) < 0 {
				short = true
				continue
			}
			if k := permitRouteKey(q); !seen[k] && len(out.Quotes) < req.MaxQuotes {
				seen[k] = true
				out.Quotes = append(out.Quotes, q)
				kept = true
			}
		}
		if kept && !balanced {
			// The best quote's: the least input's shortfall, if any.
			out.Balance, balanced = got.Balance, true
		}
		if len(out.Quotes) >= req.MaxQuotes {
			break
		}
	}
	switch {
	case len(out.Quotes) > 0:
		if req.RankBy != "" {
			why := ""
			if req.RankBy == orchestration.RankByNetOfCosts {
				why = "ranked by amount: " + errPermitGas.Error()
			}
			for i := range out.Quotes {
				out.Quotes[i].Ranking = byAmount(why)
			}
		}
		return out, nil
	case short || firstErr == nil:
		return PermitQuotes{}, orchestration.Errorf(orchestration.NoQuotesAvailable,
			"no route from %s on %s to %s on %s funded by permit guarantees amountOut %s: a permit signs an exact input, and a pool's exact-output swap spends at most a bound it cannot sign; give amountIn, or ask POST /quote for an exact output",
			req.Source.Symbol, req.Source.Chain, req.Destination.Symbol, req.Destination.Chain, req.AmountOut)
	default:
		return PermitQuotes{}, firstErr
	}
}

// permitRouteKey names a permit quote's route: its recipes' providers,
// chains and spenders in order.
func permitRouteKey(q orchestration.PermitQuote) string {
	var b strings.Builder
	for _, r := range q.Recipes {
		b.WriteString(string(r.Provider) + "/" + string(r.Chain) + "/" + strings.ToLower(r.Spender) + ";")
	}
	return b.String()
}
