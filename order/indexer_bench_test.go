package order_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// BenchmarkIndexerThroughput indexes, from an empty database, two fake
// chains' OrderBook logs: benchIndexOrders cross-chain orders, each opened
// on the origin (ten a block), filled and completed on the destination and
// both reported back to the origin, five events an order. It reports the
// events indexed per second, from the start of Run until both checkpoints
// reach the heads, with the default range per eth_getLogs (the fake node
// answers at once: this is the store's write rate). It runs only with
// ORCHESTRATION_BENCH_ORDERS=1 (and ORCHESTRATION_TEST_POSTGRES_DSN for
// PostgreSQL):
//
//	ORCHESTRATION_BENCH_ORDERS=1 go test ./order -run '^$' -bench IndexerThroughput -benchtime 3x
func BenchmarkIndexerThroughput(b *testing.B) {
	if os.Getenv("ORCHESTRATION_BENCH_ORDERS") == "" {
		b.Skip("ORCHESTRATION_BENCH_ORDERS is not set; set it to 1 to run the benchmarks over generated orders")
	}
	a, d, events := benchIndexChains()
	for _, backend := range []struct {
		name string
		cfg  func(b *testing.B) storage.Config
	}{
		{"sqlite", func(b *testing.B) storage.Config {
			return storage.Config{DSN: "sqlite:" + filepath.Join(b.TempDir(), "index.db")}
		}},
		{"postgres", func(b *testing.B) storage.Config { return storagetest.Postgres(b) }},
	} {
		b.Run(backend.name, func(b *testing.B) {
			var elapsed time.Duration
			for range b.N {
				b.StopTimer()
				db, err := storage.Open(b.Context(), backend.cfg(b))
				if err != nil {
					b.Fatal(err)
				}
				store := order.NewStore(db)
				ix, err := order.NewIndexer(order.IndexerConfig{Store: store, PollInterval: time.Millisecond,
					Chains: []order.IndexChain{evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("D", d, nil)},
					Logger: slog.New(slog.DiscardHandler)})
				if err != nil {
					b.Fatal(err)
				}
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan error, 1)
				b.StartTimer()
				began := time.Now()
				go func() { done <- ix.Run(ctx) }()
				err = benchWaitIndexed(ctx, store, map[uint64]uint64{a.ID: a.Head(), d.ID: d.Head()})
				elapsed += time.Since(began)
				b.StopTimer()
				cancel()
				if runErr := <-done; runErr != nil {
					b.Fatal(runErr)
				}
				if err != nil {
					b.Fatal(err)
				}
				if _, total, err := store.List(context.Background(), order.ListQuery{Limit: 1}); err != nil || total != benchIndexOrders {
					b.Fatalf("indexed %d orders (%v); want %d", total, err, benchIndexOrders)
				}
				db.Close()
			}
			b.ReportMetric(float64(events*b.N)/elapsed.Seconds(), "events/s")
		})
	}
}

const benchIndexOrders = 4000

// benchIndexChains mines the benchmark's logs: an origin and a destination
// chain, and the number of events on both.
func benchIndexChains() (origin, dest *evmorderstest.Chain, events int) {
	origin, dest = evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
	const perBlock = 10
	solver := evmorderstest.Account(1)
	for first := 0; first < benchIndexOrders; first += perBlock {
		var opens, fills, reports []evmorderstest.Event
		for i := first; i < first+perBlock; i++ {
			o := evmorderstest.Order{ID: evmorderstest.OrderID(i), Sender: evmorderstest.Account(10 + i%500), Funder: evmorderstest.Account(10 + i%500), Dest: evmorderstest.ChainB,
				AmountIn: 1000 + int64(i), AmountOut: 990, Deadline: 2_000_000_000}
			opens = append(opens, o.Opened())
			fills = append(fills, evmorderstest.Filled(o.ID, solver, o.AmountIn, o.AmountOut), evmorderstest.Completed(o.ID))
			reports = append(reports, evmorderstest.FillReported(o.ID, solver, o.AmountIn, o.AmountOut), evmorderstest.Completed(o.ID))
		}
		origin.Mine(opens...)
		dest.Mine(fills...)
		origin.Mine(reports...)
		events += len(opens) + len(fills) + len(reports)
	}
	return origin, dest, events
}

// benchWaitIndexed waits until every chain's checkpoint is past want.
func benchWaitIndexed(ctx context.Context, store *order.Store, want map[uint64]uint64) error {
	for {
		cps, err := store.Checkpoints(ctx)
		if err != nil {
			return err
		}
		done := true
		for id, n := range want {
			done = done && cps[id].Next > n
		}
		if done {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
}
