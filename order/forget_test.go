package order_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// Forget drops what the index held of chains started anew: nothing is
// listed and nothing checkpointed, and the new chains are indexed from
// their start as into an empty store, though the old ones were taller.
func TestForgetChainsStartedAnew(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	oldA, oldB := historyChain()
	caughtUpWith(t, store, oldA, oldB)
	if n := len(dumpStore(t, store).Orders); n != 20 {
		t.Fatalf("indexed %d orders, want 20", n)
	}
	n, err := store.Forget(t.Context(), nil, evmorderstest.ChainA, evmorderstest.ChainB, 999)
	if err != nil || n != 2 {
		t.Fatalf("Forget = %d, %v; want the 2 chains indexed", n, err)
	}
	cps, err := store.Checkpoints(t.Context())
	if d := dumpStore(t, store); err != nil || len(cps) != 0 || len(d.Orders) != 0 {
		t.Fatalf("after Forget: checkpoints %+v (%v), %d orders; want none", cps, err, len(d.Orders))
	}

	// The chains again, from genesis, shorter: one order opened and filled.
	a, b := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
	o := evmorderstest.Order{ID: evmorderstest.OrderID(100), Sender: evmorderstest.Account(1), Funder: evmorderstest.Account(1), Dest: evmorderstest.ChainB, AmountIn: 100, AmountOut: 90, Deadline: 2_000_000_000}
	a.Mine(o.Opened())
	b.Mine(evmorderstest.Filled(o.ID, evmorderstest.Account(2), 100, 90), evmorderstest.Completed(o.ID))
	_, reference := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	caughtUpWith(t, reference, a, b)
	caughtUpWith(t, store, a, b)
	if diff := cmp.Diff(dumpStore(t, reference), dumpStore(t, store), ordertest.BigEq); diff != "" {
		t.Errorf("the new chains indexed after Forget (-into an empty store +after Forget):\n%s", diff)
	}
}
