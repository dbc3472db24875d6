package evmorders_test

import (
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// TestIndexerFollowsOrders: a cross-chain order filled in two parts, a
// same-chain order cancelled and a cross-chain order cancelled, followed on
// both chains, with decision 24's statuses while reports are in flight and
// after they land.
func TestIndexerFollowsOrders(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		_, store := ordertest.OpenStore(t, newConfig(t))
		a, b := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
		solver, alice, bob := evmorderstest.Account(1), evmorderstest.Account(2), evmorderstest.Account(3)
		o1 := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: alice, Funder: bob, Dest: evmorderstest.ChainB, AmountIn: 1000, AmountOut: 900, Deadline: 2_000_000_000}
		o2 := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 500, AmountOut: 400, Deadline: 2_000_000_000}
		o3 := evmorderstest.Order{ID: evmorderstest.OrderID(3), Sender: bob, Funder: bob, Dest: evmorderstest.ChainB, AmountIn: 300, AmountOut: 250, Solver: solver, Deadline: 2_000_000_000}
		a.Mine(o1.Opened(), o2.Opened(), o3.Opened())
		b.Mine(evmorderstest.Filled(o1.ID, solver, 500, 450))
		b.Mine(evmorderstest.Filled(o1.ID, solver, 500, 450), evmorderstest.Completed(o1.ID))
		b.Mine(evmorderstest.Cancelled(o3.ID))
		ordertest.Start(t, ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("B", b, nil)))
		evmorderstest.CaughtUp(t, store, a, b)

		// The reports are in flight: the destination decides.
		want := map[order.ID]*ordertest.State{
			o1.ID: {Status: orchestration.OrderCompleted, AmountOutFilled: "900", AmountInReleased: "0", AmountRefunded: "0", FillCount: 2, Resolved: true, Fills: 2},
			o2.ID: {Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"},
			o3.ID: {Status: orchestration.OrderCancelled, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0", Resolved: true},
		}
		for id, w := range want {
			if diff := cmp.Diff(w, ordertest.StateOf(t, store, id)); diff != "" {
				t.Errorf("order %s before the reports (-want +got):\n%s", id, diff)
			}
		}

		// The reports land on the origin; the same-chain order is cancelled.
		a.Mine(evmorderstest.FillReported(o1.ID, solver, 500, 450))
		a.Mine(evmorderstest.FillReported(o1.ID, solver, 500, 450), evmorderstest.Completed(o1.ID))
		a.Mine(evmorderstest.Cancelled(o2.ID), evmorderstest.Refunded(o2.ID, alice, 500))
		a.Mine(evmorderstest.CancelReported(o3.ID), evmorderstest.Refunded(o3.ID, bob, 300))
		evmorderstest.CaughtUp(t, store, a, b)
		want[o1.ID].AmountInReleased, want[o1.ID].FillReportCount = "1000", 2
		want[o2.ID] = &ordertest.State{Status: orchestration.OrderCancelled, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "500", Resolved: true}
		want[o3.ID].AmountRefunded = "300"
		for id, w := range want {
			if diff := cmp.Diff(w, ordertest.StateOf(t, store, id)); diff != "" {
				t.Errorf("order %s after the reports (-want +got):\n%s", id, diff)
			}
		}

		r, fills, err := store.Order(t.Context(), o1.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantRecord := order.Record{OrderID: o1.ID, OriginChainID: evmorderstest.ChainA, OpenBlock: 1, OpenTx: a.Log(1, 0).TxHash.Hex(),
			CreatedAt: 1_700_000_012, Sender: alice.Hex(), Funder: bob.Hex(), TokenIn: evmorderstest.Account(900).Hex(), AmountIn: big.NewInt(1000),
			DestChainID: evmorderstest.ChainB, TokenOut: evmorderstest.Bytes32(evmorderstest.Account(901)), AmountOut: big.NewInt(900), FillDeadline: 2_000_000_000,
			Status: orchestration.OrderCompleted, AmountOutFilled: big.NewInt(900), FillCount: 2, AmountInReleased: big.NewInt(1000),
			FillReportCount: 2, AmountRefunded: new(big.Int), ResolvedAt: r.ResolvedAt}
		if diff := cmp.Diff(wantRecord, *r, ordertest.BigEq); diff != "" {
			t.Errorf("record of o1 (-want +got):\n%s", diff)
		}
		// Resolved when the origin said so: its block 3.
		if r.ResolvedAt == nil || *r.ResolvedAt != 1_700_000_000+3*12 {
			t.Errorf("o1 resolvedAt %v, want the time of the origin's block 3", r.ResolvedAt)
		}
		wantFills := []order.FillRecord{
			{ChainID: evmorderstest.ChainB, Block: 1, LogIndex: 0, FilledAt: 1_700_000_012, Tx: b.Log(1, 0).TxHash.Hex(), Solver: solver.Hex(), AmountInToRelease: big.NewInt(500), AmountOutFilled: big.NewInt(450)},
			{ChainID: evmorderstest.ChainB, Block: 2, LogIndex: 0, FilledAt: 1_700_000_024, Tx: b.Log(2, 0).TxHash.Hex(), Solver: solver.Hex(), AmountInToRelease: big.NewInt(500), AmountOutFilled: big.NewInt(450)},
		}
		if diff := cmp.Diff(wantFills, fills, ordertest.BigEq); diff != "" {
			t.Errorf("fills of o1 (-want +got):\n%s", diff)
		}
	})
}

// TestIndexerWaitsForConfirmations: an event is indexed once its block is
// Confirmations deep, not before.
func TestIndexerWaitsForConfirmations(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	o := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
	opened := a.Mine(o.Opened())
	a.MineEmpty(1)
	c := evmorderstest.IndexChainRange("A", a, nil, 0, 2)
	ordertest.Start(t, ordertest.FastConfig(store, c))
	ordertest.WaitIndexed(t, store, map[uint64]uint64{evmorderstest.ChainA: opened - 1})
	// The index stops two blocks behind the head: at block 0.
	if cps, _ := store.Checkpoints(t.Context()); cps[evmorderstest.ChainA].Next != opened {
		t.Fatalf("checkpoint %d, want %d (head %d, 2 confirmations)", cps[evmorderstest.ChainA].Next, opened, a.Head())
	}
	if s := ordertest.StateOf(t, store, o.ID); s != nil {
		t.Fatalf("order indexed with one confirmation: %+v", s)
	}
	a.MineEmpty(1)
	ordertest.WaitIndexed(t, store, map[uint64]uint64{evmorderstest.ChainA: opened})
	if s := ordertest.StateOf(t, store, o.ID); s == nil || s.Status != orchestration.OrderCreated {
		t.Fatalf("order after two confirmations: %+v", s)
	}
}

// TestIndexerUndoesReorgs: blocks a re-org drops take their events with
// them; the blocks replacing them are indexed.
func TestIndexerUndoesReorgs(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		_, store := ordertest.OpenStore(t, newConfig(t))
		a, b := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
		solver := evmorderstest.Account(1)
		o1 := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
		o2 := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: evmorderstest.Account(3), Funder: evmorderstest.Account(3), Dest: evmorderstest.ChainB, AmountIn: 20, AmountOut: 18, Deadline: 2_000_000_000}
		a.Mine(o1.Opened())
		a.MineEmpty(1)
		b.MineEmpty(1)
		b.Mine(evmorderstest.Filled(o1.ID, solver, 10, 9), evmorderstest.Completed(o1.ID))
		// One block per batch: a hash kept for each.
		cfgA, cfgB := evmorderstest.IndexChainRange("A", a, nil, 1, 0), evmorderstest.IndexChainRange("B", b, nil, 1, 0)
		ordertest.Start(t, ordertest.FastConfig(store, cfgA, cfgB))
		evmorderstest.CaughtUp(t, store, a, b)
		if s := ordertest.StateOf(t, store, o1.ID); s == nil || s.Status != orchestration.OrderCompleted || s.Fills != 1 {
			t.Fatalf("o1 before the re-orgs: %+v", s)
		}

		// The destination drops the fill: o1 is open again there.
		b.Reorg(2, nil, nil, nil)
		// The origin drops o1's opening and opens o2 instead, a block longer.
		a.Reorg(1, []evmorderstest.Event{o2.Opened()}, nil, nil)
		evmorderstest.CaughtUp(t, store, a, b)
		if s := ordertest.StateOf(t, store, o1.ID); s != nil {
			t.Errorf("o1 is still indexed after the re-org dropped its opening: %+v", s)
		}
		if s := ordertest.StateOf(t, store, o2.ID); s == nil || s.Status != orchestration.OrderCreated {
			t.Errorf("o2, opened by the new blocks: %+v", s)
		}
		// o1 opens again in a later block (the transaction re-included):
		// the fill the destination dropped is not counted.
		a.Mine(o1.Opened())
		evmorderstest.CaughtUp(t, store, a, b)
		if diff := cmp.Diff(&ordertest.State{Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"},
			ordertest.StateOf(t, store, o1.ID)); diff != "" {
			t.Errorf("o1 re-opened after the re-orgs (-want +got):\n%s", diff)
		}
	})
}

// TestIndexerUndoesRemovedLogs: a log the node reports as removed is
// undone.
func TestIndexerUndoesRemovedLogs(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	o := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
	a.Mine(o.Opened())
	fill := a.Mine(evmorderstest.Filled(o.ID, evmorderstest.Account(1), 4, 3))
	ordertest.Start(t, ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil)))
	evmorderstest.CaughtUp(t, store, a)
	if s := ordertest.StateOf(t, store, o.ID); s == nil || s.FillCount != 1 || s.AmountOutFilled != "3" {
		t.Fatalf("before: %+v", s)
	}
	removed := a.Log(fill, 0)
	removed.Removed = true
	next := a.Head() + 1
	a.Deliver(next, removed)
	a.MineEmpty(1)
	evmorderstest.CaughtUp(t, store, a)
	if diff := cmp.Diff(&ordertest.State{Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"},
		ordertest.StateOf(t, store, o.ID)); diff != "" {
		t.Errorf("after the fill's log was removed (-want +got):\n%s", diff)
	}
}

// TestIndexerNarrowsRefusedRanges: a node refusing ranges over three
// blocks still has every event read, in ranges it accepts.
func TestIndexerNarrowsRefusedRanges(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	a.RefuseOver = 3
	var ids []order.ID
	for i := range 10 {
		o := evmorderstest.Order{ID: evmorderstest.OrderID(i), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
		a.Mine(o.Opened())
		a.MineEmpty(3)
		ids = append(ids, o.ID)
	}
	c := evmorderstest.IndexChainRange("A", a, nil, 64, 0)
	ordertest.Start(t, ordertest.FastConfig(store, c))
	evmorderstest.CaughtUp(t, store, a)
	for _, id := range ids {
		if ordertest.StateOf(t, store, id) == nil {
			t.Errorf("order %s not indexed", id)
		}
	}
	if w := a.Widest.Load(); w > 3 {
		t.Errorf("a range of %d blocks was answered; the node refuses more than 3", w)
	}
}
