package order_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// TestSolverRecords indexes orders won, filled, left to expire and
// cancelled by two solvers, named by the orders or filling open ones, and
// reads each solver's record through the service, on both databases.
func TestSolverRecords(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		_, store := ordertest.OpenStore(t, newConfig(t))
		// The metrics' reads (set before the indexer reads it), a minute
		// after the chain's first block: the orders are in the records'
		// window (24h), and past deadlines are past.
		clock := testclock.New(time.Unix(1_700_000_060, 0))
		order.SetClock(store, clock.Now)
		a := evmorderstest.NewChain(evmorderstest.ChainA)
		one, two, alice := evmorderstest.Account(1), evmorderstest.Account(2), evmorderstest.Account(3)
		const future, past = 2_000_000_000, 1_700_000_030 // the chain's blocks are 12s apart from 1_700_000_000
		opened := func(n int, solver common.Address, deadline uint32) evmorderstest.Order {
			return solverOrder(n, alice, solver, deadline)
		}
		var anyone common.Address                // zero: any solver may fill
		filledInTime := opened(1, one, future)   // one fills it 12s after
		expired := opened(2, one, past)          // one never fills it
		pending := opened(3, one, future)        // still open, in time
		openFilled := opened(4, anyone, future)  // one fills it first, 36s after
		cancelledEarly := opened(5, two, future) // its sender cancels it in time
		cancelledExpired := opened(6, two, past) // cancelled after its deadline
		nobodys := opened(7, anyone, future)     // no one fills it
		a.Mine(filledInTime.Opened(), expired.Opened(), pending.Opened(), openFilled.Opened(),
			cancelledEarly.Opened(), cancelledExpired.Opened(), nobodys.Opened()) // block 1
		a.Mine(evmorderstest.Filled(filledInTime.ID, one, 10, 9), evmorderstest.Completed(filledInTime.ID),
			evmorderstest.Cancelled(cancelledEarly.ID)) // block 2
		a.Mine(evmorderstest.Cancelled(cancelledExpired.ID))                                           // block 3
		a.Mine(evmorderstest.Filled(openFilled.ID, one, 5, 4))                                         // block 4
		a.Mine(evmorderstest.Filled(openFilled.ID, two, 5, 5), evmorderstest.Completed(openFilled.ID)) // block 5
		svc := indexedService(t, store, a)
		got, err := svc.SolverRecords(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		want := []order.SolverRecord{
			{Solver: one.Hex(), Won: 4, Filled: 2, ExpiredUnfilled: 1, MedianTimeToFill: (12*time.Second + 48*time.Second) / 2},
			{Solver: two.Hex(), Won: 2, ExpiredUnfilled: 1},
		}
		if one.Hex() > two.Hex() {
			want[0], want[1] = want[1], want[0]
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("SolverRecords (-want +got):\n%s", diff)
		}

		reg := prometheus.NewRegistry()
		if err := svc.RegisterSolverMetrics(reg); err != nil {
			t.Fatal(err)
		}
		gathered, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		gauges := map[string]float64{} // name{solver}
		for _, f := range gathered {
			for _, m := range f.GetMetric() {
				key := f.GetName()
				for _, l := range m.GetLabel() {
					key += "{" + l.GetValue() + "}"
				}
				gauges[key] = m.GetGauge().GetValue()
			}
		}
		wantGauges := map[string]float64{"orchestration_solver_records_up": 1}
		for _, r := range want {
			wantGauges["orchestration_solver_orders_won{"+r.Solver+"}"] = float64(r.Won)
			wantGauges["orchestration_solver_orders_filled{"+r.Solver+"}"] = float64(r.Filled)
			wantGauges["orchestration_solver_orders_expired_unfilled{"+r.Solver+"}"] = float64(r.ExpiredUnfilled)
			wantGauges["orchestration_solver_median_fill_seconds{"+r.Solver+"}"] = r.MedianTimeToFill.Seconds()
		}
		if diff := cmp.Diff(wantGauges, gauges); diff != "" {
			t.Errorf("solver metrics (-want +got):\n%s", diff)
		}

		// Scrapes share one read per SolverRecordsMaxAge: an order won
		// since shows only once the records are that old.
		won := "orchestration_solver_orders_won{" + one.Hex() + "}"
		wonNow := func() float64 {
			t.Helper()
			gathered, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range gathered {
				for _, m := range f.GetMetric() {
					if len(m.GetLabel()) == 1 && f.GetName()+"{"+m.GetLabel()[0].GetValue()+"}" == won {
						return m.GetGauge().GetValue()
					}
				}
			}
			t.Fatalf("no %s", won)
			return 0
		}
		a.Mine(opened(8, one, future).Opened())
		evmorderstest.CaughtUp(t, store, a)
		if got := wonNow(); got != 4 {
			t.Errorf("%s = %v within SolverRecordsMaxAge of the first read, want its 4", won, got)
		}
		clock.Advance(order.SolverRecordsMaxAge)
		if got := wonNow(); got != 5 {
			t.Errorf("%s = %v once the records are SolverRecordsMaxAge old, want 5", won, got)
		}
		a.Mine(opened(9, one, future).Opened())
		evmorderstest.CaughtUp(t, store, a)
		if got := wonNow(); got != 5 {
			t.Errorf("%s = %v within SolverRecordsMaxAge of the last read, want the 5 then read", won, got)
		}
		clock.Advance(order.SolverRecordsMaxAge)
		if got := wonNow(); got != 6 {
			t.Errorf("%s = %v once the records are SolverRecordsMaxAge old, want 6", won, got)
		}

		// A window's records count the orders opened in it: orders 8 and 9,
		// opened in blocks 6 and 7.
		recent, err := store.SolverRecordsSince(t.Context(), clock.Now(), time.Unix(1_700_000_000+12*6, 0), nil)
		if err != nil {
			t.Fatal(err)
		}
		wantRecent := []order.SolverRecord{{Solver: "0x" + strings.Repeat("0", 24) + strings.ToLower(one.Hex()[2:]), Won: 2}}
		if diff := cmp.Diff(wantRecent, recent); diff != "" {
			t.Errorf("SolverRecordsSince block 6 (-want +got):\n%s", diff)
		}
	})
}

// TestSolverRecordsNeedAnIndex: without an index there are no records to
// read, which is NotImplemented, not an empty list.
func TestSolverRecordsNeedAnIndex(t *testing.T) {
	svc, err := order.New(order.Config{Catalog: pretendCatalog{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SolverRecords(t.Context()); !ordertest.IsCode(err, orchestration.NotImplemented) {
		t.Errorf("SolverRecords without an index: %v, want NotImplemented", err)
	}
}

// solverOrder is order n of sender on ChainA, paying 10 for 9, naming
// solver (zero: any solver may fill it) and closing at deadline.
func solverOrder(n int, sender, solver common.Address, deadline uint32) evmorderstest.Order {
	return evmorderstest.Order{ID: evmorderstest.OrderID(n), Sender: sender, Funder: sender, Dest: evmorderstest.ChainA,
		AmountIn: 10, AmountOut: 9, Solver: solver, Deadline: deadline}
}

// indexedService indexes a into store until caught up and returns an
// order service reading that index.
func indexedService(t *testing.T, store *order.Store, a *evmorderstest.Chain) *order.Service {
	t.Helper()
	ordertest.Start(t, ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil)))
	evmorderstest.CaughtUp(t, store, a)
	book := fakeBookChain{a}
	svc, err := order.New(order.Config{Catalog: book, Books: evmorderstest.Books(book), Index: store})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}
