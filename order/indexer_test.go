package order_test

import (
	"context"
	"math/big"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// dump is every indexed order with its fills, newest first.
type dump struct {
	Orders []order.Record
	Fills  map[order.ID][]order.FillRecord
}

func dumpStore(t *testing.T, store *order.Store) dump {
	t.Helper()
	rs, total, err := store.List(t.Context(), order.ListQuery{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if total != len(rs) {
		t.Fatalf("List: total %d, %d orders", total, len(rs))
	}
	d := dump{Orders: rs, Fills: map[order.ID][]order.FillRecord{}}
	for _, r := range rs {
		_, fills, err := store.Order(t.Context(), r.OrderID)
		if err != nil {
			t.Fatal(err)
		}
		d.Fills[r.OrderID] = fills
	}
	return d
}

// historyChain is a chain of many orders, fills and cancels over 60
// blocks, and the fake destination its fills happen on.
func historyChain() (a, b *evmorderstest.Chain) {
	a, b = evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
	for i := range 20 {
		o := evmorderstest.Order{ID: evmorderstest.OrderID(i), Sender: evmorderstest.Account(i % 3), Funder: evmorderstest.Account(7), Dest: evmorderstest.ChainB, AmountIn: 100, AmountOut: 90, Deadline: 2_000_000_000}
		a.Mine(o.Opened())
		switch i % 3 {
		case 0: // filled in two parts, both reported
			b.Mine(evmorderstest.Filled(o.ID, evmorderstest.Account(1), 50, 45))
			b.Mine(evmorderstest.Filled(o.ID, evmorderstest.Account(1), 50, 45), evmorderstest.Completed(o.ID))
			a.Mine(evmorderstest.FillReported(o.ID, evmorderstest.Account(1), 50, 45))
			a.Mine(evmorderstest.FillReported(o.ID, evmorderstest.Account(1), 50, 45), evmorderstest.Completed(o.ID))
		case 1: // cancelled and refunded
			b.Mine(evmorderstest.Cancelled(o.ID))
			a.Mine(evmorderstest.CancelReported(o.ID), evmorderstest.Refunded(o.ID, evmorderstest.Account(i%3), 100))
			a.MineEmpty(1)
		default: // left open
			a.MineEmpty(2)
		}
	}
	return a, b
}

// stopAfter is a LogBackend that cancels its indexer's context once it
// answered n calls: the indexer dies mid-stream, between reading a range
// and writing it.
type stopAfter struct {
	evm.LogBackend
	n      int64
	calls  atomic.Int64
	cancel func()
}

func (s *stopAfter) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	logs, err := s.LogBackend.FilterLogs(ctx, q)
	s.count()
	return logs, err
}

func (s *stopAfter) HeaderByNumber(ctx context.Context, n *big.Int) (*types.Header, error) {
	h, err := s.LogBackend.HeaderByNumber(ctx, n)
	s.count()
	return h, err
}

func (s *stopAfter) count() {
	if s.calls.Add(1) == s.n {
		s.cancel()
	}
}

// TestIndexerRestarts: an indexer stopped mid-stream and started again
// ends with exactly what one uninterrupted run indexes: no order lost,
// no fill counted twice. Then re-reading every block again changes
// nothing.
func TestIndexerRestarts(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		a, b := historyChain()
		_, reference := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
		ordertest.Start(t, ordertest.FastConfig(reference, evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("B", b, nil)))
		evmorderstest.CaughtUp(t, reference, a, b)
		want := dumpStore(t, reference)
		if len(want.Orders) != 20 {
			t.Fatalf("the reference run indexed %d orders, want 20", len(want.Orders))
		}

		db, store := ordertest.OpenStore(t, newConfig(t))
		for round := 1; ; round++ {
			ctx, cancel := context.WithCancel(context.Background())
			// A range with logs costs at most 4 calls and the header walk
			// (MaxRange - 1): each run writes a range and dies in the next.
			dying := &stopAfter{LogBackend: a, n: 11, cancel: cancel}
			ca, cb := evmorderstest.IndexChainRange("A", a, dying, 4, 0), evmorderstest.IndexChainRange("B", b, nil, 4, 0)
			ix, err := order.NewIndexer(ordertest.FastConfig(store, ca, cb))
			if err != nil {
				t.Fatal(err)
			}
			if err := ix.Run(ctx); err != nil {
				t.Fatal(err)
			}
			cancel()
			cps, err := store.Checkpoints(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if cps[evmorderstest.ChainA].Next > a.Head() {
				t.Logf("chain A caught up over %d runs, each killed mid-stream", round)
				break
			}
			if round == 1 && cps[evmorderstest.ChainA].Next == 0 {
				t.Fatal("the first run indexed nothing before it died")
			}
			if round > 20 {
				t.Fatalf("not caught up after %d restarts: %+v", round, cps)
			}
		}
		caughtUpWith(t, store, a, b)
		if diff := cmp.Diff(want, dumpStore(t, store), ordertest.BigEq); diff != "" {
			t.Fatalf("after restarts (-uninterrupted +restarted):\n%s", diff)
		}

		// Read everything again from block 0.
		if _, err := db.ExecContext(t.Context(), `UPDATE order_index_chains SET next_block = 0`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(t.Context(), `DELETE FROM order_index_blocks`); err != nil {
			t.Fatal(err)
		}
		caughtUpWith(t, store, a, b)
		if diff := cmp.Diff(want, dumpStore(t, store), ordertest.BigEq); diff != "" {
			t.Errorf("after re-reading every block (-once +twice):\n%s", diff)
		}
	})
}

// caughtUpWith runs an indexer of a and b on store until both are indexed
// to their heads.
func caughtUpWith(t *testing.T, store *order.Store, a, b *evmorderstest.Chain) {
	t.Helper()
	stop := ordertest.Start(t, ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("B", b, nil)))
	evmorderstest.CaughtUp(t, store, a, b)
	stop()
}

// countingLogs counts a replica's eth_getLogs on one chain.
type countingLogs struct {
	evm.LogBackend
	n atomic.Int64
}

func (c *countingLogs) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	c.n.Add(1)
	return c.LogBackend.FilterLogs(ctx, q)
}

// TestIndexersShareChains: two replicas on one database index each chain
// once, one replica per chain; when the one indexing a chain dies (its
// database connections gone, its lease not given back), the other takes
// the chain over once the lease runs out.
func TestIndexersShareChains(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		cfg := newConfig(t)
		if cfg.DSN == storagetest.SQLiteMemory(t).DSN {
			t.Skip("replicas share a database; an in-memory one is private to its DB")
		}
		a, b := historyChain()
		type replica struct {
			name  string
			db    *storage.DB
			store *order.Store
			reads map[uint64]*countingLogs
			stop  func()
		}
		replicas := make([]*replica, 2)
		for i, name := range []string{"r1", "r2"} {
			r := &replica{name: name, reads: map[uint64]*countingLogs{evmorderstest.ChainA: {LogBackend: a}, evmorderstest.ChainB: {LogBackend: b}}}
			r.db, r.store = ordertest.OpenStore(t, cfg)
			c := ordertest.FastConfig(r.store, evmorderstest.IndexChain("A", a, r.reads[evmorderstest.ChainA]), evmorderstest.IndexChain("B", b, r.reads[evmorderstest.ChainB]))
			c.Holder, c.LeaseTTL = name, time.Second
			r.stop = ordertest.Start(t, c)
			replicas[i] = r
		}
		evmorderstest.CaughtUp(t, replicas[0].store, a, b)
		if got := len(dumpStore(t, replicas[1].store).Orders); got != 20 {
			t.Fatalf("%d orders indexed, want 20", got)
		}
		cps, err := replicas[0].store.Checkpoints(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		holderOf := map[uint64]*replica{}
		for _, chain := range []uint64{evmorderstest.ChainA, evmorderstest.ChainB} {
			var readers []string
			for _, r := range replicas {
				if r.reads[chain].n.Load() > 0 {
					readers = append(readers, r.name)
					holderOf[chain] = r
				}
			}
			if len(readers) != 1 || cps[chain].Holder != readers[0] {
				t.Fatalf("chain %d was read by %v and is held by %q; want one replica reading and holding it", chain, readers, cps[chain].Holder)
			}
		}

		// The replica indexing A dies: its connections close under it, and
		// it cannot give its lease back.
		dead := holderOf[evmorderstest.ChainA]
		dead.db.Close()
		dead.stop()
		survivor := replicas[0]
		if survivor == dead {
			survivor = replicas[1]
		}
		o := evmorderstest.Order{ID: evmorderstest.OrderID(100), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
		a.Mine(o.Opened())
		evmorderstest.CaughtUp(t, survivor.store, a, b)
		if s := ordertest.StateOf(t, survivor.store, o.ID); s == nil {
			t.Fatal("the order opened after the holder died was not indexed")
		}
		cps, err = survivor.store.Checkpoints(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if cps[evmorderstest.ChainA].Holder != survivor.name {
			t.Errorf("chain A is held by %q, want the survivor %s", cps[evmorderstest.ChainA].Holder, survivor.name)
		}
	})
}

// TestKilledHolderGivesUpChains: a replica killed without giving its
// chains back (its connections gone, its lease running) does not hold
// them for long. Restarted with the name it had (the default, stable
// across restarts), it takes them back at once, though its lease has not
// run out; another replica takes them over once DefaultLeaseTTL has
// passed. The leases read a test clock, which only the test moves.
func TestKilledHolderGivesUpChains(t *testing.T) {
	for _, tc := range []struct {
		name string
		// holder names the replica started after the kill; empty is the
		// default name, the killed one's.
		holder  string
		advance time.Duration
	}{
		{name: "the restarted holder resumes at once"},
		{name: "another replica takes over after DefaultLeaseTTL", holder: "r2", advance: order.DefaultLeaseTTL + time.Microsecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
				cfg := newConfig(t)
				if cfg.DSN == storagetest.SQLiteMemory(t).DSN {
					t.Skip("replicas share a database; an in-memory one is private to its DB")
				}
				clock := testclock.New(time.Now())
				a, b := historyChain()
				start := func(holder string) (*storage.DB, *order.Store, func()) {
					db, store := ordertest.OpenStore(t, cfg)
					order.SetClock(store, clock.Now)
					c := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("B", b, nil))
					c.Holder = holder
					return db, store, ordertest.Start(t, c)
				}
				db, store, stop := start("")
				evmorderstest.CaughtUp(t, store, a, b)
				db.Close()
				stop()
				_, observer := ordertest.OpenStore(t, cfg)
				cps, err := observer.Checkpoints(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				killed := cps[evmorderstest.ChainA]
				if !killed.LeaseUntil.After(clock.Now()) || killed.Holder == "" {
					t.Fatalf("after the kill chain A is held by %q until %v (now %v); want the killed replica's lease running", killed.Holder, killed.LeaseUntil, clock.Now())
				}

				_, store, _ = start(tc.holder)
				clock.Advance(tc.advance)
				o := evmorderstest.Order{ID: evmorderstest.OrderID(100), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
				a.Mine(o.Opened())
				// A block on B as well, so that catching up means a live
				// replica took B too (B caught up already would hold its
				// checkpoint under the killed holder's name until the new
				// one's next step).
				b.MineEmpty(1)
				evmorderstest.CaughtUp(t, store, a, b)
				if s := ordertest.StateOf(t, store, o.ID); s == nil {
					t.Fatal("the order opened after the kill was not indexed")
				}
				if cps, err = store.Checkpoints(t.Context()); err != nil {
					t.Fatal(err)
				}
				want := tc.holder
				if want == "" {
					want = killed.Holder
				}
				for _, chain := range []uint64{evmorderstest.ChainA, evmorderstest.ChainB} {
					if cps[chain].Holder != want {
						t.Errorf("chain %d is held by %q, want %q", chain, cps[chain].Holder, want)
					}
				}
			})
		})
	}
}

// TestIndexerFoldsOrdersOpenedWithTheirEvents: orders whose openings are
// read in one range with their later events (and with their destination's
// events read before) end as when each block is read alone, whichever
// chain is read first, with the version of the change that last changed
// them.
func TestIndexerFoldsOrdersOpenedWithTheirEvents(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		a, b := historyChain()
		solver, alice := evmorderstest.Account(1), evmorderstest.Account(2)
		same := evmorderstest.Order{ID: evmorderstest.OrderID(100), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 60, AmountOut: 50, Deadline: 2_000_000_000}
		a.Mine(same.Opened(), evmorderstest.Filled(same.ID, solver, 60, 50), evmorderstest.Completed(same.ID))

		_, reference := ordertest.OpenStore(t, newConfig(t))
		ordertest.Start(t, ordertest.FastConfig(reference, evmorderstest.IndexChainRange("A", a, nil, 1, 0), evmorderstest.IndexChainRange("B", b, nil, 1, 0)))
		evmorderstest.CaughtUp(t, reference, a, b)
		want := dumpStore(t, reference)
		wantSame := &ordertest.State{Status: orchestration.OrderCompleted, AmountOutFilled: "50", AmountInReleased: "60", AmountRefunded: "0",
			FillCount: 1, Resolved: true, Fills: 1}
		if diff := cmp.Diff(wantSame, ordertest.StateOf(t, reference, same.ID)); diff != "" {
			t.Fatalf("the same-chain order read block by block (-want +got):\n%s", diff)
		}
		checkTotals(t, reference, "block by block")

		for _, sequence := range [][]*evmorderstest.Chain{{a, b}, {b, a}} {
			t.Run("chain "+strconv.FormatUint(sequence[0].ID, 10)+" first", func(t *testing.T) {
				db, store := ordertest.OpenStore(t, newConfig(t))
				// The states after the first chain: the second's change
				// is the version of the orders it changes, the first's
				// of the others.
				var before map[string]*ordertest.State
				for _, c := range sequence {
					name := orchestration.Chain("A")
					if c == b {
						name = "B"
					}
					stop := ordertest.Start(t, ordertest.FastConfig(store, evmorderstest.IndexChain(name, c, nil)))
					evmorderstest.CaughtUp(t, store, c)
					stop()
					if before == nil {
						before = map[string]*ordertest.State{}
						for _, r := range want.Orders {
							before[r.OrderID.String()] = ordertest.StateOf(t, store, r.OrderID)
						}
					}
				}
				if diff := cmp.Diff(want, dumpStore(t, store), ordertest.BigEq); diff != "" {
					t.Errorf("each chain read in one range (-block by block +got):\n%s", diff)
				}
				checkTotals(t, store, "each chain in one range")
				var changes int64
				if err := db.QueryRowContext(t.Context(), `SELECT n FROM order_index_changes`).Scan(&changes); err != nil || changes != 2 {
					t.Fatalf("%d changes (%v); the test wants each chain read in one range", changes, err)
				}
				versions := map[string]int64{}
				rows, err := db.QueryContext(t.Context(), `SELECT order_id, version FROM orders`)
				if err != nil {
					t.Fatal(err)
				}
				for rows.Next() {
					var id string
					var version int64
					if err := rows.Scan(&id, &version); err != nil {
						t.Fatal(err)
					}
					versions[id] = version
				}
				rows.Close()
				for _, r := range want.Orders {
					id := r.OrderID.String()
					wantVersion := int64(1)
					if !cmp.Equal(before[id], ordertest.StateOf(t, store, r.OrderID)) {
						wantVersion = 2
					}
					if versions[id] != wantVersion {
						t.Errorf("order %s: version %d, want %d", id, versions[id], wantVersion)
					}
				}
			})
		}
	})
}
