package quote

import (
	"cmp"
	"slices"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// ranked is a candidate with what ranking and the response need.
type ranked struct {
	Candidate
	provider orchestration.ProviderID
	seconds  int64
}

// rank orders the candidates of answers (which are in provider order) by
// amountOut descending, then estFillTime in whole seconds ascending, then
// fewer payloads; the sort is stable, so remaining ties keep provider order,
// then candidate order. It returns the best max of them as quotes.
func rank(req Request, answers []answer, max int) []orchestration.Quote {
	var all []ranked
	for _, a := range answers {
		for _, c := range a.candidates {
			all = append(all, ranked{Candidate: c, provider: a.Provider, seconds: seconds(c.EstFillTime)})
		}
	}
	if len(all) == 0 {
		return nil
	}
	slices.SortStableFunc(all, func(a, b ranked) int {
		return cmp.Or(
			b.AmountOut.Cmp(a.AmountOut),
			cmp.Compare(a.seconds, b.seconds),
			cmp.Compare(len(a.Payloads), len(b.Payloads)),
		)
	})
	all = all[:min(len(all), max)]

	route, amountIn := req.Route(), req.AmountIn.String()
	quotes := make([]orchestration.Quote, len(all))
	for i, r := range all {
		payloads := slices.Clone(r.Payloads)
		for j := range payloads {
			if payloads[j].Provider == "" {
				payloads[j].Provider = r.provider
			}
		}
		quotes[i] = orchestration.Quote{
			Route:       route,
			Recipient:   req.Recipient,
			AmountIn:    amountIn,
			AmountOut:   r.AmountOut.String(),
			EstFillTime: r.seconds,
			Payloads:    payloads,
		}
	}
	return quotes
}

// seconds is d in whole seconds, rounded up.
func seconds(d time.Duration) int64 {
	s := int64(d / time.Second)
	if d%time.Second != 0 {
		s++
	}
	return s
}
