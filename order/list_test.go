package order_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// checkTotals compares, for every combination of List's filters over the
// values the orders use, the total List says with the orders it pages
// through. The totals are kept apart from the orders (migration 0002 of order/migrations):
// every insert, status change and re-org must move them too.
func checkTotals(t *testing.T, store *order.Store, when string) {
	t.Helper()
	all, total, err := store.List(t.Context(), order.ListQuery{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if total != len(all) {
		t.Errorf("%s: no filter: total %d, %d orders", when, total, len(all))
	}
	senders, origins, dests := map[string]bool{"": true}, map[uint64]bool{0: true}, map[uint64]bool{0: true}
	for _, r := range all {
		senders[r.Sender], origins[r.OriginChainID], dests[r.DestChainID] = true, true, true
	}
	statuses := []orchestration.OrderStatus{"", orchestration.OrderCreated, orchestration.OrderCompleted, orchestration.OrderCancelled}
	for sender := range senders {
		for _, status := range statuses {
			for origin := range origins {
				for dest := range dests {
					q := order.ListQuery{Sender: sender, Status: status, Limit: 1000}
					if origin != 0 {
						q.OriginChainID = &origin
					}
					if dest != 0 {
						q.DestChainID = &dest
					}
					want := 0
					for _, r := range all {
						if (sender == "" || r.Sender == sender) && (status == "" || r.Status == status) &&
							(origin == 0 || r.OriginChainID == origin) && (dest == 0 || r.DestChainID == dest) {
							want++
						}
					}
					page, total, err := store.List(t.Context(), q)
					if err != nil {
						t.Fatal(err)
					}
					if total != want || len(page) != want {
						t.Errorf("%s: sender %q status %q origin %d dest %d: total %d, page of %d; want %d",
							when, sender, status, origin, dest, total, len(page), want)
						continue
					}
					// Every page of two, from either end, is the slice of
					// the whole list it covers.
					for q.Limit, q.Offset = 2, 0; q.Offset <= want; q.Offset++ {
						got, _, err := store.List(t.Context(), q)
						if err != nil {
							t.Fatal(err)
						}
						if diff := cmp.Diff(ids(page[q.Offset:min(q.Offset+2, want)]), ids(got)); diff != "" {
							t.Errorf("%s: sender %q status %q origin %d dest %d: page at offset %d (-want +got):\n%s",
								when, sender, status, origin, dest, q.Offset, diff)
						}
					}
				}
			}
		}
	}
}

// TestListTotalsFollowTheIndex: GET /orders' total stays exact for every
// filter as orders are opened, change status (filled, cancelled) and are
// dropped by a re-org.
func TestListTotalsFollowTheIndex(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		_, store := ordertest.OpenStore(t, newConfig(t))
		a, b := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
		solver, alice, bob := evmorderstest.Account(1), evmorderstest.Account(2), evmorderstest.Account(3)
		o1 := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: alice, Funder: alice, Dest: evmorderstest.ChainB, AmountIn: 100, AmountOut: 90, Deadline: 2_000_000_000}
		o2 := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: alice, Funder: bob, Dest: evmorderstest.ChainA, AmountIn: 50, AmountOut: 40, Deadline: 2_000_000_000}
		o3 := evmorderstest.Order{ID: evmorderstest.OrderID(3), Sender: bob, Funder: bob, Dest: evmorderstest.ChainB, AmountIn: 30, AmountOut: 25, Deadline: 2_000_000_000}
		o4 := evmorderstest.Order{ID: evmorderstest.OrderID(4), Sender: bob, Funder: bob, Dest: evmorderstest.ChainA, AmountIn: 70, AmountOut: 60, Deadline: 2_000_000_000}
		o5 := evmorderstest.Order{ID: evmorderstest.OrderID(5), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
		a.Mine(o1.Opened(), o2.Opened(), o3.Opened())
		b.Mine(o4.Opened())
		b.MineEmpty(1)
		// A hash kept per block, for the re-org.
		cfgA, cfgB := evmorderstest.IndexChainRange("A", a, nil, 1, 0), evmorderstest.IndexChainRange("B", b, nil, 1, 0)
		ordertest.Start(t, ordertest.FastConfig(store, cfgA, cfgB))
		evmorderstest.CaughtUp(t, store, a, b)
		checkTotals(t, store, "all open")

		b.Mine(evmorderstest.Filled(o1.ID, solver, 100, 90), evmorderstest.Completed(o1.ID), evmorderstest.Cancelled(o3.ID))
		a.Mine(evmorderstest.Cancelled(o2.ID))
		evmorderstest.CaughtUp(t, store, a, b)
		checkTotals(t, store, "after a fill and cancels")

		a.Mine(o5.Opened(), evmorderstest.FillReported(o1.ID, solver, 100, 90), evmorderstest.Completed(o1.ID), evmorderstest.CancelReported(o3.ID))
		evmorderstest.CaughtUp(t, store, a, b)
		checkTotals(t, store, "after the reports")

		// The destination drops o4's opening and the fill and cancel it
		// held; the origin drops o5 and the reports. Both new chains are
		// longer, so that being caught up means the re-orgs were seen.
		b.Reorg(1, nil, nil, nil, nil)
		a.Reorg(3, nil, nil)
		evmorderstest.CaughtUp(t, store, a, b)
		checkTotals(t, store, "after the re-orgs")
		if _, total, err := store.List(t.Context(), order.ListQuery{Limit: 1, Status: orchestration.OrderCreated}); err != nil || total != 2 {
			t.Errorf("open orders after the re-orgs: %d, %v; want o1 and o3 open again", total, err)
		}
	})
}

func ids(rs []order.Record) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.OrderID.String())
	}
	return out
}
