package quote_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// BenchmarkEngineFanOut measures the engine's own cost per request
// (validation, fan-out, ranking, building quotes) over in-memory providers
// that answer at once with one candidate each.
func BenchmarkEngineFanOut(b *testing.B) {
	cat := testCatalog(b)
	for _, n := range []int{1, 4, 16} {
		b.Run(fmt.Sprintf("providers=%d", n), func(b *testing.B) {
			var ps []quote.Provider
			for i := range n {
				id := orchestration.ProviderID(fmt.Sprintf("bench-%02d", i))
				ps = append(ps, memprovider.New(id).Route(mEth, wMEth, candidate(string(id), int64(1000+i), time.Duration(i)*time.Second, 1+i%3)))
			}
			e, err := quote.New(quote.Config{Assets: cat, Providers: ps, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				b.Fatal(err)
			}
			req := request()
			req.MaxNumQuotes = ptr(5)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				quotes, err := e.Quote(ctx, req)
				if err != nil || len(quotes) != min(n, 5) {
					b.Fatalf("Quote = %d quotes, %v", len(quotes), err)
				}
			}
		})
	}
}
