package order_test

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// waitFor bounds how long a test waits for an indexer to catch up.
const waitFor = 30 * time.Second

const (
	chainA = 1001 // a fake origin
	chainB = 1002 // a fake destination
)

var bigEq = cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })

// fakeIndexChain is c as an IndexChain named name, read through logs (c
// itself when nil).
func fakeIndexChain(name orchestration.Chain, c *fakeChain, logs evm.LogBackend) order.IndexChain {
	return fakeIndexChainRange(name, c, logs, 0, 0)
}

// fakeIndexChainRange is fakeIndexChain with the EventSource's MaxRange
// and Confirmations.
func fakeIndexChainRange(name orchestration.Chain, c *fakeChain, logs evm.LogBackend, maxRange, confirmations uint64) order.IndexChain {
	if logs == nil {
		logs = c
	}
	src, err := evmorders.NewEventSource(evmorders.EventSourceConfig{Name: name, ChainID: c.chainID, OrderBook: c.book, Logs: logs,
		MaxRange: maxRange, Confirmations: confirmations, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	return order.IndexChain{Name: name, ChainID: c.chainID, Events: src}
}

// fastConfig is an IndexerConfig that polls often, for tests.
func fastConfig(store *order.Store, chains ...order.IndexChain) order.IndexerConfig {
	return order.IndexerConfig{Store: store, Chains: chains, PollInterval: 5 * time.Millisecond,
		RetryDelay: 5 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)}
}

// start runs an indexer for cfg until the returned stop (or the test's
// end), which waits for Run to return.
func start(t *testing.T, cfg order.IndexerConfig) (stop func()) {
	t.Helper()
	ix, err := order.NewIndexer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ix.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// waitIndexed waits until the store's checkpoint of each chain is past
// block want[chain id].
func waitIndexed(t *testing.T, store *order.Store, want map[uint64]uint64) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for {
		cps, err := store.Checkpoints(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		done := true
		for id, n := range want {
			if cps[id].Next <= n {
				done = false
			}
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("checkpoints %+v after %v; want past %v", cps, waitFor, want)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// caughtUp waits until every chain is indexed up to its head.
func caughtUp(t *testing.T, store *order.Store, chains ...*fakeChain) {
	t.Helper()
	want := map[uint64]uint64{}
	for _, c := range chains {
		want[c.chainID] = c.head()
	}
	waitIndexed(t, store, want)
}

// state is what an order's record and fills say, for comparisons.
type state struct {
	Status           orchestration.OrderStatus
	AmountOutFilled  string
	AmountInReleased string
	AmountRefunded   string
	FillCount        int
	FillReportCount  int
	Resolved         bool
	Fills            int
}

func stateOf(t *testing.T, store *order.Store, id order.ID) *state {
	t.Helper()
	r, fills, err := store.Order(t.Context(), id)
	if errors.Is(err, order.ErrNotIndexed) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return &state{Status: r.Status, AmountOutFilled: r.AmountOutFilled.String(), AmountInReleased: r.AmountInReleased.String(),
		AmountRefunded: r.AmountRefunded.String(), FillCount: r.FillCount, FillReportCount: r.FillReportCount,
		Resolved: r.ResolvedAt != nil, Fills: len(fills)}
}

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

func openStore(t *testing.T, cfg storage.Config) (*storage.DB, *order.Store) {
	t.Helper()
	db := storagetest.Open(t, cfg)
	return db, order.NewStore(db)
}

// TestIndexerFollowsOrders: a cross-chain order filled in two parts, a
// same-chain order cancelled and a cross-chain order cancelled, followed on
// both chains, with decision 24's statuses while reports are in flight and
// after they land.
func TestIndexerFollowsOrders(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		_, store := openStore(t, newConfig(t))
		a, b := newFakeChain(chainA), newFakeChain(chainB)
		solver, alice, bob := acct(1), acct(2), acct(3)
		o1 := fakeOrder{id: id(1), sender: alice, funder: bob, dest: chainB, amountIn: 1000, amountOut: 900, deadline: 2_000_000_000}
		o2 := fakeOrder{id: id(2), sender: alice, funder: alice, dest: chainA, amountIn: 500, amountOut: 400, deadline: 2_000_000_000}
		o3 := fakeOrder{id: id(3), sender: bob, funder: bob, dest: chainB, amountIn: 300, amountOut: 250, solver: solver, deadline: 2_000_000_000}
		a.mine(o1.opened(), o2.opened(), o3.opened())
		b.mine(filled(o1.id, solver, 500, 450))
		b.mine(filled(o1.id, solver, 500, 450), completed(o1.id))
		b.mine(cancelled(o3.id))
		start(t, fastConfig(store, fakeIndexChain("A", a, nil), fakeIndexChain("B", b, nil)))
		caughtUp(t, store, a, b)

		// The reports are in flight: the destination decides.
		want := map[order.ID]*state{
			o1.id: {Status: orchestration.OrderCompleted, AmountOutFilled: "900", AmountInReleased: "0", AmountRefunded: "0", FillCount: 2, Resolved: true, Fills: 2},
			o2.id: {Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"},
			o3.id: {Status: orchestration.OrderCancelled, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0", Resolved: true},
		}
		for id, w := range want {
			if diff := cmp.Diff(w, stateOf(t, store, id)); diff != "" {
				t.Errorf("order %s before the reports (-want +got):\n%s", id, diff)
			}
		}

		// The reports land on the origin; the same-chain order is cancelled.
		a.mine(fillReported(o1.id, solver, 500, 450))
		a.mine(fillReported(o1.id, solver, 500, 450), completed(o1.id))
		a.mine(cancelled(o2.id), refunded(o2.id, alice, 500))
		a.mine(cancelReported(o3.id), refunded(o3.id, bob, 300))
		caughtUp(t, store, a, b)
		want[o1.id].AmountInReleased, want[o1.id].FillReportCount = "1000", 2
		want[o2.id] = &state{Status: orchestration.OrderCancelled, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "500", Resolved: true}
		want[o3.id].AmountRefunded = "300"
		for id, w := range want {
			if diff := cmp.Diff(w, stateOf(t, store, id)); diff != "" {
				t.Errorf("order %s after the reports (-want +got):\n%s", id, diff)
			}
		}

		r, fills, err := store.Order(t.Context(), o1.id)
		if err != nil {
			t.Fatal(err)
		}
		wantRecord := order.Record{OrderID: o1.id, OriginChainID: chainA, OpenBlock: 1, OpenTx: a.log(1, 0).TxHash.Hex(),
			CreatedAt: 1_700_000_012, Sender: alice.Hex(), Funder: bob.Hex(), TokenIn: acct(900).Hex(), AmountIn: big.NewInt(1000),
			DestChainID: chainB, TokenOut: b32(acct(901)), AmountOut: big.NewInt(900), FillDeadline: 2_000_000_000,
			Status: orchestration.OrderCompleted, AmountOutFilled: big.NewInt(900), FillCount: 2, AmountInReleased: big.NewInt(1000),
			FillReportCount: 2, AmountRefunded: new(big.Int), ResolvedAt: r.ResolvedAt}
		if diff := cmp.Diff(wantRecord, *r, bigEq); diff != "" {
			t.Errorf("record of o1 (-want +got):\n%s", diff)
		}
		// Resolved when the origin said so: its block 3.
		if r.ResolvedAt == nil || *r.ResolvedAt != 1_700_000_000+3*12 {
			t.Errorf("o1 resolvedAt %v, want the time of the origin's block 3", r.ResolvedAt)
		}
		wantFills := []order.FillRecord{
			{ChainID: chainB, Block: 1, LogIndex: 0, FilledAt: 1_700_000_012, Tx: b.log(1, 0).TxHash.Hex(), Solver: solver.Hex(), AmountInToRelease: big.NewInt(500), AmountOutFilled: big.NewInt(450)},
			{ChainID: chainB, Block: 2, LogIndex: 0, FilledAt: 1_700_000_024, Tx: b.log(2, 0).TxHash.Hex(), Solver: solver.Hex(), AmountInToRelease: big.NewInt(500), AmountOutFilled: big.NewInt(450)},
		}
		if diff := cmp.Diff(wantFills, fills, bigEq); diff != "" {
			t.Errorf("fills of o1 (-want +got):\n%s", diff)
		}
	})
}

// TestIndexerWaitsForConfirmations: an event is indexed once its block is
// Confirmations deep, not before.
func TestIndexerWaitsForConfirmations(t *testing.T) {
	_, store := openStore(t, storagetest.SQLiteMemory(t))
	a := newFakeChain(chainA)
	o := fakeOrder{id: id(1), sender: acct(2), funder: acct(2), dest: chainB, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
	opened := a.mine(o.opened())
	a.mineEmpty(1)
	c := fakeIndexChainRange("A", a, nil, 0, 2)
	start(t, fastConfig(store, c))
	waitIndexed(t, store, map[uint64]uint64{chainA: opened - 1})
	// The index stops two blocks behind the head: at block 0.
	if cps, _ := store.Checkpoints(t.Context()); cps[chainA].Next != opened {
		t.Fatalf("checkpoint %d, want %d (head %d, 2 confirmations)", cps[chainA].Next, opened, a.head())
	}
	if s := stateOf(t, store, o.id); s != nil {
		t.Fatalf("order indexed with one confirmation: %+v", s)
	}
	a.mineEmpty(1)
	waitIndexed(t, store, map[uint64]uint64{chainA: opened})
	if s := stateOf(t, store, o.id); s == nil || s.Status != orchestration.OrderCreated {
		t.Fatalf("order after two confirmations: %+v", s)
	}
}

// TestIndexerUndoesReorgs: blocks a re-org drops take their events with
// them; the blocks replacing them are indexed.
func TestIndexerUndoesReorgs(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		_, store := openStore(t, newConfig(t))
		a, b := newFakeChain(chainA), newFakeChain(chainB)
		solver := acct(1)
		o1 := fakeOrder{id: id(1), sender: acct(2), funder: acct(2), dest: chainB, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
		o2 := fakeOrder{id: id(2), sender: acct(3), funder: acct(3), dest: chainB, amountIn: 20, amountOut: 18, deadline: 2_000_000_000}
		a.mine(o1.opened())
		a.mineEmpty(1)
		b.mineEmpty(1)
		b.mine(filled(o1.id, solver, 10, 9), completed(o1.id))
		// One block per batch: a hash kept for each.
		cfgA, cfgB := fakeIndexChainRange("A", a, nil, 1, 0), fakeIndexChainRange("B", b, nil, 1, 0)
		start(t, fastConfig(store, cfgA, cfgB))
		caughtUp(t, store, a, b)
		if s := stateOf(t, store, o1.id); s == nil || s.Status != orchestration.OrderCompleted || s.Fills != 1 {
			t.Fatalf("o1 before the re-orgs: %+v", s)
		}

		// The destination drops the fill: o1 is open again there.
		b.reorg(2, nil, nil, nil)
		// The origin drops o1's opening and opens o2 instead, a block longer.
		a.reorg(1, []fakeEvent{o2.opened()}, nil, nil)
		caughtUp(t, store, a, b)
		if s := stateOf(t, store, o1.id); s != nil {
			t.Errorf("o1 is still indexed after the re-org dropped its opening: %+v", s)
		}
		if s := stateOf(t, store, o2.id); s == nil || s.Status != orchestration.OrderCreated {
			t.Errorf("o2, opened by the new blocks: %+v", s)
		}
		// o1 opens again in a later block (the transaction re-included):
		// the fill the destination dropped is not counted.
		a.mine(o1.opened())
		caughtUp(t, store, a, b)
		if diff := cmp.Diff(&state{Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"},
			stateOf(t, store, o1.id)); diff != "" {
			t.Errorf("o1 re-opened after the re-orgs (-want +got):\n%s", diff)
		}
	})
}

// TestIndexerUndoesRemovedLogs: a log the node reports as removed is
// undone.
func TestIndexerUndoesRemovedLogs(t *testing.T) {
	_, store := openStore(t, storagetest.SQLiteMemory(t))
	a := newFakeChain(chainA)
	o := fakeOrder{id: id(1), sender: acct(2), funder: acct(2), dest: chainA, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
	a.mine(o.opened())
	fill := a.mine(filled(o.id, acct(1), 4, 3))
	start(t, fastConfig(store, fakeIndexChain("A", a, nil)))
	caughtUp(t, store, a)
	if s := stateOf(t, store, o.id); s == nil || s.FillCount != 1 || s.AmountOutFilled != "3" {
		t.Fatalf("before: %+v", s)
	}
	removed := a.log(fill, 0)
	removed.Removed = true
	next := a.head() + 1
	a.deliver(next, removed)
	a.mineEmpty(1)
	caughtUp(t, store, a)
	if diff := cmp.Diff(&state{Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"},
		stateOf(t, store, o.id)); diff != "" {
		t.Errorf("after the fill's log was removed (-want +got):\n%s", diff)
	}
}

// TestIndexerNarrowsRefusedRanges: a node refusing ranges over three
// blocks still has every event read, in ranges it accepts.
func TestIndexerNarrowsRefusedRanges(t *testing.T) {
	_, store := openStore(t, storagetest.SQLiteMemory(t))
	a := newFakeChain(chainA)
	a.refuseOver = 3
	var ids []order.ID
	for i := range 10 {
		o := fakeOrder{id: id(i), sender: acct(2), funder: acct(2), dest: chainB, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
		a.mine(o.opened())
		a.mineEmpty(3)
		ids = append(ids, o.id)
	}
	c := fakeIndexChainRange("A", a, nil, 64, 0)
	start(t, fastConfig(store, c))
	caughtUp(t, store, a)
	for _, id := range ids {
		if stateOf(t, store, id) == nil {
			t.Errorf("order %s not indexed", id)
		}
	}
	if w := a.widest.Load(); w > 3 {
		t.Errorf("a range of %d blocks was answered; the node refuses more than 3", w)
	}
}

// historyChain is a chain of many orders, fills and cancels over 60
// blocks, and the fake destination its fills happen on.
func historyChain() (a, b *fakeChain) {
	a, b = newFakeChain(chainA), newFakeChain(chainB)
	for i := range 20 {
		o := fakeOrder{id: id(i), sender: acct(i % 3), funder: acct(7), dest: chainB, amountIn: 100, amountOut: 90, deadline: 2_000_000_000}
		a.mine(o.opened())
		switch i % 3 {
		case 0: // filled in two parts, both reported
			b.mine(filled(o.id, acct(1), 50, 45))
			b.mine(filled(o.id, acct(1), 50, 45), completed(o.id))
			a.mine(fillReported(o.id, acct(1), 50, 45))
			a.mine(fillReported(o.id, acct(1), 50, 45), completed(o.id))
		case 1: // cancelled and refunded
			b.mine(cancelled(o.id))
			a.mine(cancelReported(o.id), refunded(o.id, acct(i%3), 100))
			a.mineEmpty(1)
		default: // left open
			a.mineEmpty(2)
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
		_, reference := openStore(t, storagetest.SQLiteMemory(t))
		start(t, fastConfig(reference, fakeIndexChain("A", a, nil), fakeIndexChain("B", b, nil)))
		caughtUp(t, reference, a, b)
		want := dumpStore(t, reference)
		if len(want.Orders) != 20 {
			t.Fatalf("the reference run indexed %d orders, want 20", len(want.Orders))
		}

		db, store := openStore(t, newConfig(t))
		for round := 1; ; round++ {
			ctx, cancel := context.WithCancel(context.Background())
			// A range with logs costs at most 4 calls and the header walk
			// (MaxRange - 1): each run writes a range and dies in the next.
			dying := &stopAfter{LogBackend: a, n: 11, cancel: cancel}
			ca, cb := fakeIndexChainRange("A", a, dying, 4, 0), fakeIndexChainRange("B", b, nil, 4, 0)
			ix, err := order.NewIndexer(fastConfig(store, ca, cb))
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
			if cps[chainA].Next > a.head() {
				t.Logf("chain A caught up over %d runs, each killed mid-stream", round)
				break
			}
			if round == 1 && cps[chainA].Next == 0 {
				t.Fatal("the first run indexed nothing before it died")
			}
			if round > 20 {
				t.Fatalf("not caught up after %d restarts: %+v", round, cps)
			}
		}
		caughtUpWith(t, store, a, b)
		if diff := cmp.Diff(want, dumpStore(t, store), bigEq); diff != "" {
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
		if diff := cmp.Diff(want, dumpStore(t, store), bigEq); diff != "" {
			t.Errorf("after re-reading every block (-once +twice):\n%s", diff)
		}
	})
}

// caughtUpWith runs an indexer of a and b on store until both are indexed
// to their heads.
func caughtUpWith(t *testing.T, store *order.Store, a, b *fakeChain) {
	t.Helper()
	stop := start(t, fastConfig(store, fakeIndexChain("A", a, nil), fakeIndexChain("B", b, nil)))
	caughtUp(t, store, a, b)
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
			r := &replica{name: name, reads: map[uint64]*countingLogs{chainA: {LogBackend: a}, chainB: {LogBackend: b}}}
			r.db, r.store = openStore(t, cfg)
			c := fastConfig(r.store, fakeIndexChain("A", a, r.reads[chainA]), fakeIndexChain("B", b, r.reads[chainB]))
			c.Holder, c.LeaseTTL = name, time.Second
			r.stop = start(t, c)
			replicas[i] = r
		}
		caughtUp(t, replicas[0].store, a, b)
		if got := len(dumpStore(t, replicas[1].store).Orders); got != 20 {
			t.Fatalf("%d orders indexed, want 20", got)
		}
		cps, err := replicas[0].store.Checkpoints(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		holderOf := map[uint64]*replica{}
		for _, chain := range []uint64{chainA, chainB} {
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
		dead := holderOf[chainA]
		dead.db.Close()
		dead.stop()
		survivor := replicas[0]
		if survivor == dead {
			survivor = replicas[1]
		}
		o := fakeOrder{id: id(100), sender: acct(2), funder: acct(2), dest: chainB, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
		a.mine(o.opened())
		caughtUp(t, survivor.store, a, b)
		if s := stateOf(t, survivor.store, o.id); s == nil {
			t.Fatal("the order opened after the holder died was not indexed")
		}
		cps, err = survivor.store.Checkpoints(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if cps[chainA].Holder != survivor.name {
			t.Errorf("chain A is held by %q, want the survivor %s", cps[chainA].Holder, survivor.name)
		}
	})
}
