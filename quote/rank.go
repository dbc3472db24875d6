package quote

import (
	"cmp"
	"math/big"
	"slices"

	"github.com/m0-orchestration/m0/orchestration"
)

// candidate is a composed quote, or permit quote, with what ranking needs.
type candidate struct {
	amountOut   *big.Int
	net         *big.Int // amountOut net of costs, when ranked so (decision 105)
	uncounted   bool     // ranked so, but its costs could not be counted: after those that could
	estFillTime int64    // whole seconds, as the caller sees it
	steps       int      // payloads, or recipes, to sign
	order       int      // route order: breaks the remaining ties
	quote       orchestration.Quote
	permit      orchestration.PermitQuote
}

// rankedOut is what c ranks on: amountOut, or net of costs when counted.
func (c candidate) rankedOut() *big.Int {
	if c.net != nil {
		return c.net
	}
	return c.amountOut
}

// setRanking says on c's quote how it was ranked.
func (c *candidate) setRanking(rk *orchestration.Ranking) {
	if c.permit.Recipes != nil {
		c.permit.Ranking = rk
	} else {
		c.quote.Ranking = rk
	}
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// rank orders the candidates whose costs were counted, when ranked net of
// costs, before those whose could not be (uncounted), then by amountOut
// (net of costs when counted: rankedOut) descending, then estFillTime in
// whole seconds ascending, then fewer steps, then route order (shorter
// routes and earlier providers first), and returns the best max of them.
func rank(cands []candidate, max int) []candidate {
	slices.SortStableFunc(cands, func(a, b candidate) int {
		return cmp.Or(
			compareBool(a.uncounted, b.uncounted),
			b.rankedOut().Cmp(a.rankedOut()),
			cmp.Compare(a.estFillTime, b.estFillTime),
			cmp.Compare(a.steps, b.steps),
			cmp.Compare(a.order, b.order),
		)
	})
	return cands[:min(len(cands), max)]
}
