package webhook_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/webhook"
)

// BenchmarkIndexerOutbox is the order index's write rate side by side:
// without the webhook recorder, with it and no sender followed (its
// cost on a service whose keys have no webhooks), and with every sender
// followed by one webhook (three events an order written to the outbox).
// 1000 orders over two fake chains, five events an order, read at once.
// It runs only with ORCHESTRATION_BENCH_ORDERS=1:
//
//	ORCHESTRATION_BENCH_ORDERS=1 go test ./webhook -run '^$' -bench IndexerOutbox -benchtime 3x
func BenchmarkIndexerOutbox(b *testing.B) {
	if os.Getenv("ORCHESTRATION_BENCH_ORDERS") == "" {
		b.Skip("ORCHESTRATION_BENCH_ORDERS is not set")
	}
	const orders, perBlock, senders = 1000, 10, 100
	a, d := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
	events := 0
	for first := 0; first < orders; first += perBlock {
		var opens, fills, reports []evmorderstest.Event
		for i := first; i < first+perBlock; i++ {
			s := evmorderstest.Account(10 + i%senders)
			o := evmorderstest.Order{ID: evmorderstest.OrderID(i), Sender: s, Funder: s, Dest: evmorderstest.ChainB,
				AmountIn: 1000, AmountOut: 990, Deadline: 2_000_000_000}
			opens = append(opens, o.Opened())
			fills = append(fills, evmorderstest.Filled(o.ID, evmorderstest.Account(1), 1000, 990), evmorderstest.Completed(o.ID))
			reports = append(reports, evmorderstest.FillReported(o.ID, evmorderstest.Account(1), 1000, 990), evmorderstest.Completed(o.ID))
		}
		a.Mine(opens...)
		d.Mine(fills...)
		a.Mine(reports...)
		events += len(opens) + len(fills) + len(reports)
	}
	backends := benchBackends()
	for _, backend := range backends {
		for _, mode := range []string{"no-recorder", "recorder-nobody-followed", "recorder-all-followed"} {
			b.Run(backend.name+"/"+mode, func(b *testing.B) {
				var elapsed time.Duration
				for range b.N {
					b.StopTimer()
					db, err := storage.Open(b.Context(), backend.cfg(b))
					if err != nil {
						b.Fatal(err)
					}
					store := order.NewStore(db)
					cfg := order.IndexerConfig{Store: store, PollInterval: time.Millisecond, Logger: slog.New(slog.DiscardHandler),
						Chains: []order.IndexChain{evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("D", d, nil)}}
					if mode != "no-recorder" {
						hooks := webhook.NewSQLStore(db, webhook.SQLConfig{})
						cfg.Changes = hooks
						if mode == "recorder-all-followed" {
							_, k, err := apikey.NewStore(db, nil).Create(b.Context(), apikey.NewKey{Name: "bench"})
							if err != nil {
								b.Fatal(err)
							}
							var all []string
							for i := range senders {
								all = append(all, evmorderstest.Account(10+i).Hex())
							}
							if err := hooks.Set(b.Context(), k.ID, "https://hooks.example/x", "whsec_x", all); err != nil {
								b.Fatal(err)
							}
						}
					}
					ix, err := order.NewIndexer(cfg)
					if err != nil {
						b.Fatal(err)
					}
					ctx, cancel := context.WithCancel(context.Background())
					done := make(chan error, 1)
					b.StartTimer()
					began := time.Now()
					go func() { done <- ix.Run(ctx) }()
					for {
						cps, err := store.Checkpoints(ctx)
						if err != nil {
							b.Fatal(err)
						}
						if cps[a.ID].Next > a.Head() && cps[d.ID].Next > d.Head() {
							break
						}
						time.Sleep(time.Millisecond)
					}
					elapsed += time.Since(began)
					b.StopTimer()
					cancel()
					if err := <-done; err != nil {
						b.Fatal(err)
					}
					if mode == "recorder-all-followed" {
						c, _ := webhook.NewSQLStore(db, webhook.SQLConfig{}).Counts(context.Background(), "")
						if c.Pending != 3*orders {
							b.Fatalf("%d events pending, want %d", c.Pending, 3*orders)
						}
					}
					db.Close()
				}
				b.ReportMetric(float64(events*b.N)/elapsed.Seconds(), "events/s")
			})
		}
	}
}

// BenchmarkFollow is what a quote with a limit order adds to the request
// path (Follower, decision 46): the store's Follow for a key without a
// webhook (most keys: one read) and for a key whose webhook follows the
// sender already (one read, no write).
//
//	go test ./webhook -run '^$' -bench Follow -benchtime 2000x
func BenchmarkFollow(b *testing.B) {
	backends := benchBackends()
	sender := evmorderstest.Account(10).Hex()
	for _, backend := range backends {
		db, err := storage.Open(b.Context(), backend.cfg(b))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		hooks := webhook.NewSQLStore(db, webhook.SQLConfig{})
		keys := apikey.NewStore(db, nil)
		_, none, err := keys.Create(b.Context(), apikey.NewKey{Name: "no-webhook"})
		if err != nil {
			b.Fatal(err)
		}
		_, with, err := keys.Create(b.Context(), apikey.NewKey{Name: "webhook"})
		if err != nil {
			b.Fatal(err)
		}
		if err := hooks.Set(b.Context(), with.ID, "https://hooks.example/x", "whsec_x", []string{sender}); err != nil {
			b.Fatal(err)
		}
		for _, tc := range []struct {
			name, key string
			want      bool
		}{{"no-webhook", none.ID, false}, {"followed", with.ID, true}} {
			b.Run(backend.name+"/"+tc.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := hooks.Follow(b.Context(), tc.key, sender, webhook.FromQuote); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// benchBackend is a database a benchmark runs on.
type benchBackend struct {
	name string
	cfg  func(b *testing.B) storage.Config
}

// benchBackends are a SQLite file, and PostgreSQL when its DSN is set.
func benchBackends() []benchBackend {
	backends := []benchBackend{{"sqlite", func(b *testing.B) storage.Config {
		return storage.Config{DSN: "sqlite:" + filepath.Join(b.TempDir(), "bench.db")}
	}}}
	if os.Getenv(storagetest.PostgresDSNEnv) != "" {
		backends = append(backends, benchBackend{"postgres", func(b *testing.B) storage.Config { return storagetest.Postgres(b) }})
	}
	return backends
}
