package quote

import (
	"cmp"
	"slices"

	"github.com/m0-orchestration/m0/orchestration"
)

// rank orders the candidates by amountOut descending, then estFillTime in
// whole seconds ascending, then fewer payloads, then route order (shorter
// routes and earlier providers first), and returns the best max of them.
func rank(cands []candidate, max int) []orchestration.Quote {
	slices.SortStableFunc(cands, func(a, b candidate) int {
		return cmp.Or(
			b.amountOut.Cmp(a.amountOut),
			cmp.Compare(a.quote.EstFillTime, b.quote.EstFillTime),
			cmp.Compare(len(a.quote.Payloads), len(b.quote.Payloads)),
			cmp.Compare(a.order, b.order),
		)
	})
	cands = cands[:min(len(cands), max)]
	quotes := make([]orchestration.Quote, len(cands))
	for i, c := range cands {
		quotes[i] = c.quote
	}
	return quotes
}
