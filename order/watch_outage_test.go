package order_test

import (
	"context"
	"errors"
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
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// indexed is one open order on chain A, indexed by an indexer still
// running (stop stops it), with its feed.
type indexed struct {
	db    *storage.DB
	store *order.Store
	chain *evmorderstest.Chain
	order evmorderstest.Order
	feed  *order.MemoryFeed
	cfg   order.IndexerConfig
	stop  func()
}

func indexOneOrder(t *testing.T) indexed {
	t.Helper()
	db, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	o := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
	feed := &order.MemoryFeed{}
	cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil))
	cfg.Feed = feed
	stop := ordertest.Start(t, cfg)
	a.Mine(o.Opened())
	evmorderstest.CaughtUp(t, store, a)
	return indexed{db, store, a, o, feed, cfg, stop}
}

// An index that fails while streams are open is logged once when the
// reads begin to fail and once when they work again, however many streams
// re-read it however often; the streams go on and send the next change.
func TestOrderEventsLogOutageOnce(t *testing.T) {
	x := indexOneOrder(t)
	db, store, a, o, feed, cfg, stopIndex := x.db, x.store, x.chain, x.order, x.feed, x.cfg, x.stop

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

// The database the index lives in stops answering (closed here, as a
// stopped PostgreSQL refuses): the routes that only the index serves say
// so with OrderIndexUnavailable and Retry-After (decision 100), never a
// cancel's CancelOrderError; the order's detail and its status stream
// answer from the chain without the fields only the index knows.
func TestIndexOutageAnswers(t *testing.T) {
	x := indexOneOrder(t)
	x.stop()
	db, store, a, o, feed := x.db, x.store, x.chain, x.order, x.feed

	book := fakeBookChain{a}
	svc, err := order.New(order.Config{Catalog: book, Books: evmorderstest.Books(book), Index: store, Feed: feed,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	policy, err := order.NewSolverPolicy(order.SolverPolicyConfig{Service: svc})
	if err != nil {
		t.Fatal(err)
	}
	ref := orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: o.ID.String()}
	if d, err := svc.Order(t.Context(), ref); err != nil || d.FillCount == nil {
		t.Fatalf("before the outage: %+v, %v; want the indexed detail", d, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	for _, tt := range []struct {
		route string
		call  func() error
	}{
		{"GET /orders", func() error { _, err := svc.Orders(t.Context(), orchestration.OrdersQuery{}); return err }},
		{"GET /solvers/stats", func() error { _, err := policy.SolverStats(t.Context()); return err }},
	} {
		err := tt.call()
		var oe *orchestration.Error
		if !errors.As(err, &oe) || oe.Code != orchestration.OrderIndexUnavailable || oe.RetryAfter != orchestration.StoreRetryAfter {
			t.Errorf("%s, index down: %v, want OrderIndexUnavailable with RetryAfter %v", tt.route, err, orchestration.StoreRetryAfter)
		}
	}
	d, err := svc.Order(t.Context(), ref)
	if err != nil || d.Status != orchestration.OrderCreated || d.FillCount != nil || d.OpenTx != nil {
		t.Errorf("GET /orders/{originChain}/{orderId}, index down: %+v, %v; want the chain's CREATED without indexed fields", d, err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	seq, err := svc.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: ref})
	if err != nil {
		t.Fatalf("GET .../events, index down: %v, want the chain's status", err)
	}
	for ev, err := range seq {
		if err != nil || ev.Status != orchestration.OrderCreated {
			t.Errorf("first event, index down: %+v, %v; want the chain's CREATED", ev, err)
		}
		break
	}
}

// An index whose database fails logs each failed step, and once, at Info,
// the step that works again, so that the log shows when an outage ended;
// the orders opened meanwhile are then indexed.
func TestIndexerLogsItsRecovery(t *testing.T) {
	db, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	var logs testio.Buffer
	cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil))
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	// The outage: the leases' table is gone, so no step can take the chain.
	if _, err := db.ExecContext(t.Context(), `ALTER TABLE order_index_chains RENAME TO order_index_chains_away`); err != nil {
		t.Fatal(err)
	}
	ordertest.Start(t, cfg)
	waitForLog(t, &logs, "order index: step failed")
	a.Mine(evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}.Opened())
	if _, err := db.ExecContext(t.Context(), `ALTER TABLE order_index_chains_away RENAME TO order_index_chains`); err != nil {
		t.Fatal(err)
	}
	evmorderstest.CaughtUp(t, store, a)
	if _, _, err := store.Order(t.Context(), evmorderstest.OrderID(1)); err != nil {
		t.Errorf("the order opened during the outage: %v, want indexed", err)
	}
	// The step logs its recovery after the write CaughtUp sees.
	waitForLog(t, &logs, "order index: working again after failed steps")
	if n := strings.Count(logs.String(), "order index: working again after failed steps"); n != 1 {
		t.Errorf("%d lines saying the index works again, want 1:\n%s", n, logs.String())
	}
}

// waitForLog waits until logs hold line.
func waitForLog(t *testing.T, logs *testio.Buffer, line string) {
	t.Helper()
	deadline := time.Now().Add(ordertest.WaitFor)
	for !strings.Contains(logs.String(), line) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the log after %v:\n%s", line, ordertest.WaitFor, logs.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
}
