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
// (validation, routing, pricing fan-out, composition, ranking) over
// in-memory providers that answer at once. With legs=1 each provider serves
// M to wM directly: n routes. With legs=2 each also serves M to USDC and
// USDC to wM at its own rate, so every pair of providers makes a two-leg
// route: n + n² candidates, MaxRoutes (64) of them priced.
func BenchmarkEngineFanOut(b *testing.B) {
	for _, n := range []int{1, 4, 16} {
		for _, legs := range []int{1, 2} {
			b.Run(fmt.Sprintf("providers=%d/legs=%d", n, legs), func(b *testing.B) {
				var ps []quote.Provider
				for i := range n {
					id := orchestration.ProviderID(fmt.Sprintf("bench-%02d", i))
					p := memprovider.New(id).Edge(edge(mEth, wMEth), rate(int64(1000+i), 1000, time.Duration(i)*time.Second))
					if legs == 2 {
						p.Edge(edge(mEth, usdcEth), rate(int64(1000-i), 1000, time.Second)).
							Edge(edge(usdcEth, wMEth), rate(int64(1000+2*i), 1000, time.Second))
					}
					ps = append(ps, p)
				}
				e, err := quote.New(quote.Config{Catalog: testCatalog, Providers: ps, Logger: slog.New(slog.DiscardHandler)})
				if err != nil {
					b.Fatal(err)
				}
				req := request(wMEth)
				req.MaxNumQuotes = ptr(5)
				want := min(n, 5)
				if legs == 2 {
					want = min(n+n*n, 5)
				}
				ctx := context.Background()
				b.ReportAllocs()
				for b.Loop() {
					quotes, err := e.Quote(ctx, req)
					if err != nil || len(quotes) != want {
						b.Fatalf("Quote = %d quotes, %v; want %d", len(quotes), err, want)
					}
				}
			})
		}
	}
}
