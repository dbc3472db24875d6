package webhook_test

import (
	"context"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/webhook"
	"github.com/m0-orchestration/m0/webhook/webhooktest"
)

// The order index writes the outbox in its own transactions: an order of a
// followed sender opened, filled and completed across two chains makes
// order.created, order.filled and order.completed, delivered in that
// order; an order of another sender makes nothing. Meanwhile a dispatcher
// whose requests never end holds nothing back: the index keeps up with
// the chains.
func TestIndexerWritesTheOutbox(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		db, store := ordertest.OpenStore(t, newConfig(t))
		clock := testclock.New(webhooktest.Now)
		rcv := newReceiver(t, clock)
		s := newSetup(t, db, clock, rcv)
		hooks := webhook.NewSQLStore(db, webhook.SQLConfig{Now: clock.Now})

		a, b := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
		cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("B", b, nil))
		cfg.Changes = hooks
		ordertest.Start(t, cfg)

		// A dispatcher whose every request hangs, running meanwhile.
		stuck, err := webhook.NewDispatcher(webhook.DispatcherConfig{Store: hooks, Now: clock.Now, Timeout: time.Hour, PollInterval: time.Millisecond,
			Client: &http.Client{Transport: hangingTransport{}}, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go stuck.Run(ctx)

		sender := evmorderstest.Account(1)
		if err := hooks.Set(t.Context(), s.key, rcv.URL, rcv.secret, []string{sender.Hex()}); err != nil {
			t.Fatal(err)
		}
		mine := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: sender, Funder: sender, Dest: evmorderstest.ChainB, AmountIn: 100, AmountOut: 90, Deadline: 2_000_000_000}
		theirs := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 100, AmountOut: 90, Deadline: 2_000_000_000}
		a.Mine(mine.Opened(), theirs.Opened())
		evmorderstest.CaughtUp(t, store, a, b)
		// The fill first, then its report: the index could see the
		// report's completion on A before the fill on B otherwise, and
		// tell order.completed before order.filled.
		b.Mine(evmorderstest.Filled(mine.ID, evmorderstest.Account(5), 100, 90), evmorderstest.Completed(mine.ID))
		evmorderstest.CaughtUp(t, store, b)
		a.Mine(evmorderstest.FillReported(mine.ID, evmorderstest.Account(5), 100, 90), evmorderstest.Completed(mine.ID))
		for range 20 { // blocks the index must get through while the receiver hangs
			a.MineEmpty(1)
		}
		evmorderstest.CaughtUp(t, store, a, b)
		cancel()

		// The stuck dispatcher's leases run out; another delivers.
		clock.Advance(3 * time.Hour)
		d := s.dispatcher(t, db)
		for range 3 {
			s.deliverDue(t, d, 1)
		}
		var types []string
		for _, r := range rcv.requests() {
			if r.verified != nil || r.event.Order == nil || r.event.Order.OrderID != order.ID(mine.ID).String() {
				t.Errorf("request %+v: want a verified event of order %s", r, order.ID(mine.ID))
			}
			types = append(types, r.event.Type)
		}
		want := []string{webhook.TypeOrderCreated, webhook.TypeOrderFilled, webhook.TypeOrderCompleted}
		if len(types) != 3 || types[0] != want[0] || types[1] != want[1] || types[2] != want[2] {
			t.Errorf("event types %v, want %v", types, want)
		}
	})
}

// hangingTransport's requests end only with their context.
type hangingTransport struct{}

func (hangingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	<-r.Context().Done()
	return nil, r.Context().Err()
}
