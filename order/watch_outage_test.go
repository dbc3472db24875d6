package order_test

import (
	"context"
	"iter"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// An index that fails while streams are open is logged once when the
// reads begin to fail and once when they work again, however many streams
// re-read it however often; the streams go on and send the next change.
func TestOrderEventsLogOutageOnce(t *testing.T) {
	db, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	o := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
	feed := &order.MemoryFeed{}
	cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil))
	cfg.Feed = feed
	stopIndex := ordertest.Start(t, cfg)
	a.Mine(o.Opened())
	evmorderstest.CaughtUp(t, store, a)

	var logs testio.Buffer
	book := fakeBookChain{a}
	svc, err := order.New(order.Config{Catalog: book, Books: evmorderstest.Books(book), Index: store, Feed: feed, Recheck: 2 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	ctx, cancel := context.WithTimeout(t.Context(), ordertest.WaitFor)
	defer cancel()
	const streams = 5
	var nexts []func() (orchestration.OrderEvent, error, bool)
	for range streams {
		seq, err := svc.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: o.ID.String()}})
		if err != nil {
			t.Fatal(err)
		}
		next, stop := iter.Pull2(seq)
		t.Cleanup(stop)
		if ev, err, ok := next(); !ok || err != nil || ev.Status != orchestration.OrderCreated {
			t.Fatalf("first status %+v, %v", ev, err)
		}
		nexts = append(nexts, next)
	}
	// The streams wait for their next status on goroutines of their own,
	// re-reading the index every 2ms.
	got := make(chan orchestration.OrderEvent, streams)
	for _, next := range nexts {
		go func() {
			ev, _, _ := next()
			got <- ev
		}()
	}

	// The outage: the index's table is gone for a while (the indexer
	// stopped, so only the streams read it).
	stopIndex()
	if _, err := db.ExecContext(t.Context(), `ALTER TABLE orders RENAME TO orders_away`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // fifty rechecks of each stream
	if _, err := db.ExecContext(t.Context(), `ALTER TABLE orders_away RENAME TO orders`); err != nil {
		t.Fatal(err)
	}
	a.Mine(evmorderstest.Completed(o.ID))
	ordertest.Start(t, cfg)
	for range streams {
		select {
		case ev := <-got:
			if ev.Status != orchestration.OrderCompleted {
				t.Errorf("a stream's status after the outage: %+v, want COMPLETED", ev)
			}
		case <-ctx.Done():
			t.Fatal("the streams sent nothing after the outage")
		}
	}
	var failing, working int
	for l := range strings.Lines(logs.String()) {
		switch {
		case strings.Contains(l, "reading the index fails"):
			failing++
		case strings.Contains(l, "reading the index works again"):
			working++
		}
	}
	if failing != 1 || working != 1 {
		t.Errorf("%d lines saying the index fails and %d saying it works again, want one each:\n%s", failing, working, logs.String())
	}
}
