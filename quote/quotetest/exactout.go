package quotetest

import (
	"context"
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// RunExactOutput is the conformance suite in the exact-output direction
// (quote.ExactOutputQuoter, decision 92), over the same harness as Run:
// each Quotable request is asked for its amountIn as an exact output
// (amountOut, no amountIn), each Unquotable one likewise. It checks that the
// provider implements quote.ExactOutputQuoter; that quotes honour the
// request (route, recipient, minAmountOut the output asked for, amountOut
// at least that, a positive amountIn) with the payload checks of Run; and,
// when the harness executes payloads, that the recipient receives at least
// the output asked for and, with Spent, that the funder spends at most the
// quoted amountIn.
func RunExactOutput(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Helper()
	setup := func(t *testing.T) (Harness, *quote.Engine) {
		t.Helper()
		h := newHarness(t)
		if h.Provider == nil || h.Catalog == nil || len(h.Quotable) == 0 || len(h.Unquotable) == 0 {
			t.Fatal("quotetest: the harness must supply a Provider, a Catalog, at least one Quotable and at least one Unquotable request")
		}
		if _, ok := h.Provider.(quote.ExactOutputQuoter); !ok {
			t.Fatalf("provider %s does not implement quote.ExactOutputQuoter", h.Provider.ID())
		}
		e, err := quote.New(quote.Config{Catalog: h.Catalog, Runtimes: h.Runtimes, Providers: []quote.Provider{h.Provider}})
		if err != nil {
			t.Fatalf("quote.New with the provider alone: %v", err)
		}
		return h, e
	}
	t.Run("QuotesHonourTheRequest", func(t *testing.T) { h, e := setup(t); testExactQuotes(t, h, e) })
	t.Run("NoRouteForUnsupported", func(t *testing.T) {
		h, e := setup(t)
		for _, qr := range h.Unquotable {
			qr = ExactOutput(qr)
			_, err := e.Quote(context.Background(), qr)
			if code, _ := orchestration.CodeOf(err); code != orchestration.NoQuotesAvailable {
				t.Errorf("quote %s: err = %v, want %s", describe(qr), err, orchestration.NoQuotesAvailable)
			}
		}
	})
	t.Run("CancelledContext", func(t *testing.T) { h, e := setup(t); testExactCancelled(t, h, e) })
	t.Run("Concurrent", func(t *testing.T) { h, e := setup(t); testConcurrent(t, e, ExactOutput(h.Quotable[0])) })
}

// ExactOutput is qr asking for its amountIn as an exact output instead.
func ExactOutput(qr orchestration.QuoteRequest) orchestration.QuoteRequest {
	if qr.AmountOut == "" {
		qr.AmountOut, qr.AmountIn = qr.AmountIn, ""
	}
	return qr
}

func testExactQuotes(t *testing.T, h Harness, e *quote.Engine) {
	for _, qr := range h.Quotable {
		qr = ExactOutput(qr)
		qr.MaxNumQuotes = ptr(quote.DefaultMaxQuotesCap)
		quotes, err := e.Quote(context.Background(), qr)
		if err != nil {
			t.Fatalf("quote %s: %v", describe(qr), err)
		}
		if len(quotes) == 0 {
			t.Fatalf("quote %s: no quotes and no error", describe(qr))
		}
		want, _ := new(big.Int).SetString(qr.AmountOut, 10)
		var prev *big.Int
		for i, q := range quotes {
			checkQuote(t, h, qr, q)
			in, ok := new(big.Int).SetString(q.AmountIn, 10)
			out, _ := new(big.Int).SetString(q.AmountOut, 10)
			switch {
			case !ok || in.Sign() <= 0:
				t.Errorf("%s: amountIn %q must be a positive integer", describe(qr), q.AmountIn)
			case q.MinAmountOut != qr.AmountOut:
				t.Errorf("%s: minAmountOut = %s, want the output asked for %s", describe(qr), q.MinAmountOut, qr.AmountOut)
			case out == nil || out.Cmp(want) < 0:
				t.Errorf("%s: amountOut %s is below the output asked for %s", describe(qr), q.AmountOut, qr.AmountOut)
			case prev != nil && in.Cmp(prev) < 0:
				t.Errorf("%s: quote %d needs %s in, less than the quote ranked before it (%s): not ranked by least input", describe(qr), i, in, prev)
			}
			prev = in
			if h.Execute == nil || i != 0 {
				continue
			}
			got := h.Execute(t, qr, q)
			if got == nil || got.Cmp(want) < 0 {
				t.Errorf("%s: the recipient received %v, below the output asked for %s", describe(qr), got, qr.AmountOut)
			}
			if h.Spent != nil {
				if spent := h.Spent(t); spent == nil || spent.Cmp(in) > 0 {
					t.Errorf("%s: the funder spent %v, more than the quoted amountIn %s", describe(qr), spent, q.AmountIn)
				}
			}
		}
	}
}

func testExactCancelled(t *testing.T, h Harness, e *quote.Engine) {
	eq := h.Provider.(quote.ExactOutputQuoter)
	checkCancelled(t, h, e, ExactOutput(h.Quotable[0]), "QuoteLegExactOut", func(ctx context.Context, edge *quote.Edge, party orchestration.Address) {
		_, _ = eq.QuoteLegExactOut(ctx, quote.LegRequest{Edge: edge, AmountOut: big.NewInt(1_000_000),
			Funder: party, Recipient: party, Refund: party, SlippageBps: 50})
	})
}
