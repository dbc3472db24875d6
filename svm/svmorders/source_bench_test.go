package svmorders_test

import (
	"context"
	"log/slog"
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmorders"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// BenchmarkCatchUp indexes a backlog of 1,000 order-book transactions
// (500 orders opened, then filled to completion) from the start, as a new
// replica does: the reads until the source reports nothing more. It
// reports the node's HTTP requests per catch-up and events per second
// (the fake node answers over loopback HTTP, so this is the source's
// decoding and paging, not a cluster's latency).
func BenchmarkCatchUp(b *testing.B) {
	rpc := svmtest.NewRPC()
	defer rpc.Close()
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.SolanaDevnet, URL: rpc.URL()}}})
	if err != nil {
		b.Fatal(err)
	}
	const orders = 500
	for n := range orders {
		id := order.ID{0: 0xbe, 30: byte(n >> 8), 31: byte(n)}
		slot := rpc.Slot() + 1
		rpc.SetSlot(slot)
		open := openTx(id, params(1_000, 990, [32]byte{}))
		open.Slot = slot
		rpc.AddTransaction(open)
		fill := eventTx("fill_order", svmtest.EventData("OrderFilled", [32]byte(id), idxSolver, big.NewInt(1_000), big.NewInt(990)),
			svmtest.EventData("OrderCompleted", [32]byte(id)))
		fill.Slot = slot
		rpc.AddTransaction(fill)
	}
	src, err := svmorders.NewEventSource(svmorders.EventSourceConfig{Name: orchestration.SolanaDevnet, ChainID: chainID,
		Client: client, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var events, requests int
	b.ResetTimer()
	for b.Loop() {
		before := rpc.Requests()
		next, last, got := uint64(0), order.Anchor{}, 0
		for range 1_000 {
			p, err := src.Events(ctx, next, last)
			if err != nil {
				b.Fatal(err)
			}
			got += len(p.Events)
			if p.End.Number != 0 {
				next, last = p.End.Number+1, p.End
			}
			if !p.More {
				break
			}
		}
		if got != 3*orders {
			b.Fatalf("read %d events, want %d", got, 3*orders)
		}
		events += got
		requests = rpc.Requests() - before
	}
	b.ReportMetric(float64(requests), "requests/catch-up")
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
