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
	estFillTime int64 // whole seconds, as the caller sees it
	steps       int   // payloads, or recipes, to sign
	order       int   // route order: breaks the remaining ties
	quote       orchestration.Quote
	permit      orchestration.PermitQuote
}

// rank orders the candidates by amountOut descending, then estFillTime in
// whole seconds ascending, then fewer steps, then route order (shorter
// routes and earlier providers first), and returns the best max of them.
func rank(cands []candidate, max int) []candidate {
	slices.SortStableFunc(cands, func(a, b candidate) int {
		return cmp.Or(
			b.amountOut.Cmp(a.amountOut),
			cmp.Compare(a.estFillTime, b.estFillTime),
			cmp.Compare(a.steps, b.steps),
			cmp.Compare(a.order, b.order),
		)
	})
	return cands[:min(len(cands), max)]
}
