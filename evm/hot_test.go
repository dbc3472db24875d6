package evm_test

import (
	"bytes"
	"context"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/prometheus/client_golang/prometheus"
)

// waitRefreshed waits until r's follower has refreshed the hot sets of
// fakeChain at block h or later.
func waitRefreshed(t testing.TB, r *evm.Reader, h uint64) {
	t.Helper()
	for r.Refreshed(fakeChain) < h {
		time.Sleep(time.Millisecond)
	}
}

func TestHotSetsAreRefreshedForEachNewHead(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(10)
	reg := prometheus.NewRegistry()
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour, Registerer: reg})
	node.advance(t, r, fakeChain, 10)
	quoteA := []evm.Call{balanceCall(1), balanceCall(2)}
	quoteB := []evm.Call{balanceCall(2), balanceCall(3)} // shares a call with A
	readCounting(t, r, fakeChain, quoteA)
	readCounting(t, r, fakeChain, quoteB)
	before := node.aggregates.Load()

	node.advance(t, r, fakeChain, 11)
	waitRefreshed(t, r, 11)
	if got := node.aggregates.Load() - before; got != 1 {
		t.Errorf("refresh of two hot sets: %d aggregate3, want 1", got)
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_hot_refreshed_calls_total", string(fakeChain)); got != 3 {
		t.Errorf("orchestration_evm_hot_refreshed_calls_total = %v, want 3 (the distinct calls)", got)
	}
	for _, q := range [][]evm.Call{quoteA, quoteB, {balanceCall(3)}} {
		if a, trips := readCounting(t, r, fakeChain, q); trips != 0 || a.Block != 11 {
			t.Errorf("hot read after the refresh: %d round trips at block %d, want 0 at 11", trips, a.Block)
		}
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_hot_hits_total", string(fakeChain)); got != 3 {
		t.Errorf("orchestration_evm_hot_hits_total = %v, want 3", got)
	}
	// A set never read is read as without a refresh, at the new head.
	if a, trips := readCounting(t, r, fakeChain, []evm.Call{balanceCall(9)}); trips != 1 || a.Block != 11 {
		t.Errorf("cold read: %d round trips at block %d, want 1 at 11", trips, a.Block)
	}
	if n := node.blockNumbers.Load(); n != 1 {
		t.Errorf("eth_blockNumber asked %d times with a live subscription, want 1 (the current head, on subscribing)", n)
	}
}

// An immutable call that reverted (a token without version()) is state of
// its block: the refresh reads it again with its set, so a hot read after a
// new head costs no round trip; an immutable call the cache holds is not
// read again.
func TestHotRefreshReadsRevertedImmutableCalls(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(10)
	reg := prometheus.NewRegistry()
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour, Registerer: reg})
	node.advance(t, r, fakeChain, 10)
	token := balanceCall(0).To
	reverting := evm.Call{To: token, Data: append(bytes.Clone(revertingCall), 1), Immutable: true}
	held := evm.Call{To: token, Data: []byte{0x06, 0xfd, 0xde, 0x03}, Immutable: true}
	calls := []evm.Call{balanceCall(1), reverting, held}
	readCounting(t, r, fakeChain, calls)

	node.advance(t, r, fakeChain, 11)
	waitRefreshed(t, r, 11)
	a, trips := readCounting(t, r, fakeChain, calls)
	if trips != 0 || a.Block != 11 {
		t.Errorf("hot read after the refresh: %d round trips at block %d, want 0 at 11", trips, a.Block)
	}
	if res, ok := a.Get(reverting); !ok || res.OK {
		t.Errorf("the reverting call answers %+v (found %v), want a revert", res, ok)
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_hot_refreshed_calls_total", string(fakeChain)); got != 2 {
		t.Errorf("orchestration_evm_hot_refreshed_calls_total = %v, want 2 (the state call and the reverted one)", got)
	}
}

func TestHotSetsPastTheHorizonAreNotRefreshed(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(10)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour, HotHorizon: time.Minute})
	clk := &clock{t: time.Unix(1_700_000_000, 0)}
	evm.SetNow(r, clk.now)
	node.advance(t, r, fakeChain, 10)
	readCounting(t, r, fakeChain, []evm.Call{balanceCall(1)})
	clk.add(30 * time.Second)
	readCounting(t, r, fakeChain, []evm.Call{balanceCall(2)})
	clk.add(31 * time.Second) // balanceCall(1) was read 61 s ago, balanceCall(2) 31 s ago

	node.advance(t, r, fakeChain, 11)
	waitRefreshed(t, r, 11)
	if _, trips := readCounting(t, r, fakeChain, []evm.Call{balanceCall(2)}); trips != 0 {
		t.Errorf("set read within the horizon: %d round trips, want 0", trips)
	}
	if _, trips := readCounting(t, r, fakeChain, []evm.Call{balanceCall(1)}); trips != 1 {
		t.Errorf("set read past the horizon: %d round trips, want 1", trips)
	}
}

func TestNegativeHotSetsRefreshNothing(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(10)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour, HotSets: -1})
	node.advance(t, r, fakeChain, 10)
	readCounting(t, r, fakeChain, []evm.Call{balanceCall(1)})
	node.advance(t, r, fakeChain, 11)
	if a, trips := readCounting(t, r, fakeChain, []evm.Call{balanceCall(1)}); trips != 1 || a.Block != 11 {
		t.Errorf("read after a new head without hot sets: %d round trips at block %d, want 1 at 11", trips, a.Block)
	}
	if r.Refreshed(fakeChain) != 0 {
		t.Errorf("Refreshed = %d with HotSets < 0, want 0", r.Refreshed(fakeChain))
	}
}

// gatedNode is a subscribingNode whose first aggregate3 after hold waits
// until release is closed. It records the most aggregate3 it answered at
// once.
type gatedNode struct {
	subscribingNode
	held    atomic.Bool
	release chan struct{}

	calling, mostAtOnce atomic.Int32
}

func (n *gatedNode) hold() { n.release = make(chan struct{}); n.held.Store(true) }

// waitHeld waits until the aggregate3 that hold gated has arrived.
func (n *gatedNode) waitHeld() {
	for n.held.Load() {
		time.Sleep(time.Millisecond)
	}
}

func (n *gatedNode) CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error) {
	now := n.calling.Add(1)
	defer n.calling.Add(-1)
	for most := n.mostAtOnce.Load(); now > most && !n.mostAtOnce.CompareAndSwap(most, now); most = n.mostAtOnce.Load() {
	}
	if n.held.CompareAndSwap(true, false) {
		<-n.release
	}
	return n.subscribingNode.CallContract(ctx, msg, block)
}

func TestReadJoinsTheRefreshInFlight(t *testing.T) {
	node := &gatedNode{}
	node.head.Store(10)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour})
	node.advance(t, r, fakeChain, 10)
	calls := []evm.Call{balanceCall(1), balanceCall(2)}
	readCounting(t, r, fakeChain, calls)

	node.hold() // the refresh for 11 hangs in its aggregate3
	node.advance(t, r, fakeChain, 11)
	a, trips := readBehindRefresh(t, r, node, calls, "read during the refresh")
	if trips != 0 || a.Block != 11 {
		t.Errorf("read during the refresh: %d round trips at block %d, want 0 at 11", trips, a.Block)
	}
	if n := node.aggregates.Load(); n != 2 {
		t.Errorf("%d aggregate3 in all, want 2 (the first read, the refresh)", n)
	}
}

// TestSlowRefreshDoesNotDelayTheNextHead: the refresh runs beside the
// follower, so heads keep arriving while a refresh slower than a block is
// read; one refresh is read at a time, the newest head queued behind it
// replaces one queued before, and a read covered by the queued refresh
// waits for it.
func TestSlowRefreshDoesNotDelayTheNextHead(t *testing.T) {
	node := &gatedNode{}
	node.head.Store(10)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour})
	node.advance(t, r, fakeChain, 10)
	calls := []evm.Call{balanceCall(1), balanceCall(2)}
	readCounting(t, r, fakeChain, calls)

	node.hold() // the refresh for 11 hangs in its aggregate3
	node.advance(t, r, fakeChain, 11)
	node.waitHeld()
	for _, h := range []uint64{12, 13} { // two blocks while it hangs
		node.head.Store(h)
		node.sink <- &types.Header{Number: new(big.Int).SetUint64(h)}
		deadline := time.Now().Add(10 * time.Second) // a liveness bound, not a speed target
		for got, _, _ := r.Head(fakeChain); got < h; got, _, _ = r.Head(fakeChain) {
			if time.Now().After(deadline) {
				close(node.release)
				t.Fatalf("head %d not seen while the refresh for 11 hung (head %d)", h, got)
			}
			time.Sleep(time.Millisecond)
		}
	}
	a, trips := readBehindRefresh(t, r, node, calls, "read at head 13")
	if trips != 0 || a.Block != 13 {
		t.Errorf("read during the refreshes: %d round trips at block %d, want 0 at 13", trips, a.Block)
	}
	waitRefreshed(t, r, 13)
	if n := node.aggregates.Load(); n != 3 {
		t.Errorf("%d aggregate3 in all, want 3 (the first read, the refreshes for 11 and 13; 12's was superseded)", n)
	}
	if n := node.mostAtOnce.Load(); n != 1 {
		t.Errorf("%d aggregate3 at once, want 1 (one refresh in flight per chain)", n)
	}
}

// BenchmarkRefreshPerBlock is the background cost of following one chain
// with three hot sets, per block: the chain mines a block every 20ms (the
// polling interval) and bg-trips/block is the node's eth_blockNumber and
// aggregate3 calls divided by the blocks, with a subscription (the refresh
// only: target 1) and by polling (poll and refresh: target 2).
//
//	go test ./evm -run '^$' -bench RefreshPerBlock -benchtime 100x
func BenchmarkRefreshPerBlock(b *testing.B) {
	const blockTime = 20 * time.Millisecond
	sets := [][]evm.Call{{balanceCall(1), balanceCall(2)}, {balanceCall(2), balanceCall(3)}, {balanceCall(4)}}
	run := func(b *testing.B, backend evm.Backend, node *fakeNode, mine func(r *evm.Reader, h uint64)) {
		r := fakeReader(b, backend, evm.Config{FollowHeads: true, HeadMaxAge: 3 * blockTime})
		mine(r, 1)
		waitHead(b, r, fakeChain, 1)
		for _, s := range sets {
			if _, err := r.Read(context.Background(), fakeChain, s); err != nil {
				b.Fatal(err)
			}
		}
		start := node.blockNumbers.Load() + node.aggregates.Load()
		h := uint64(1)
		tick := time.NewTicker(blockTime)
		defer tick.Stop()
		for b.Loop() {
			<-tick.C
			h++
			mine(r, h)
			for r.Refreshed(fakeChain) < h {
				time.Sleep(100 * time.Microsecond)
			}
		}
		b.ReportMetric(float64(node.blockNumbers.Load()+node.aggregates.Load()-start)/float64(h-1), "bg-trips/block")
	}
	b.Run("subscription", func(b *testing.B) {
		node := &subscribingNode{}
		run(b, node, &node.fakeNode, func(r *evm.Reader, h uint64) { node.advance(b, r, fakeChain, h) })
	})
	b.Run("polling", func(b *testing.B) {
		node := &fakeNode{}
		run(b, node, node, func(_ *evm.Reader, h uint64) { node.head.Store(h) })
	})
}

// readBehindRefresh reads calls while node holds a refresh: the read must
// wait for the refresh (what names it if it does not), which is then
// released; it returns the read's answers and round trips.
func readBehindRefresh(t *testing.T, r *evm.Reader, node *gatedNode, calls []evm.Call, what string) (*evm.Answers, int) {
	t.Helper()
	type result struct {
		a     *evm.Answers
		trips int
	}
	done := make(chan result, 1)
	go func() {
		a, trips := readCounting(t, r, fakeChain, calls)
		done <- result{a, trips}
	}()
	for evm.RefreshWaiters(r, fakeChain) == 0 {
		select {
		case res := <-done:
			close(node.release)
			t.Fatalf("%s did not wait for the refresh: %d round trips at block %d", what, res.trips, res.a.Block)
		default:
			time.Sleep(time.Millisecond)
		}
	}
	close(node.release)
	res := <-done
	return res.a, res.trips
}

// Cached answers what Read would answer without I/O, and nothing else: not
// a call never read, and not a cached call once a newer head is known.
func TestCachedAnswersOnlyWithoutIO(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(10)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour, HotSets: -1})
	node.advance(t, r, fakeChain, 10)
	calls := []evm.Call{balanceCall(1), balanceCall(2)}
	if _, ok := r.Cached(fakeChain, calls); ok {
		t.Fatal("Cached answered calls never read")
	}
	want, trips := readCounting(t, r, fakeChain, calls)
	if trips != 1 {
		t.Fatalf("first read: %d round trips, want 1", trips)
	}
	got, ok := r.Cached(fakeChain, calls)
	if !ok || got.Block != want.Block || got.Len() != want.Len() {
		t.Fatalf("Cached after the read = %v, %v; want the read's answers at block %d", got, ok, want.Block)
	}
	for _, c := range calls {
		if g, _ := got.Get(c); !bytes.Equal(g.Data, func() []byte { w, _ := want.Get(c); return w.Data }()) {
			t.Errorf("Cached answers %x for a call the read answered otherwise", g.Data)
		}
	}
	if _, ok := r.Cached(fakeChain, append(calls, balanceCall(3))); ok {
		t.Error("Cached answered a set with a call never read")
	}
	node.advance(t, r, fakeChain, 11) // no refresh (HotSets < 0): block 10's answers are stale
	if _, ok := r.Cached(fakeChain, calls); ok {
		t.Error("Cached answered from block 10 with head 11 known")
	}
	if _, ok := r.Cached("Nowhere", calls); ok {
		t.Error("Cached answered for a chain the reader does not have")
	}
}
