package evm_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/prometheus/client_golang/prometheus"
)

// revertingCall starts the data of the calls a fakeNode reverts.
var revertingCall = []byte{0xde, 0xad, 0xbe, 0xef}

// fakeNode is a Backend without a chain: its head is whatever the test sets,
// aggregate3 answers getBlockNumber with it and every other call with the
// call's data (reverting those whose data starts with revertingCall), and
// it counts what it is asked. It polls (no subscription);
// subscribingNode adds newHeads.
type fakeNode struct {
	head         atomic.Uint64
	blockNumbers atomic.Int32
	aggregates   atomic.Int32
	down         atomic.Bool  // every call fails
	closed       atomic.Bool  // set by a test once the Reader is closed
	afterClose   atomic.Int32 // calls made while closed
}

type bindingsABI struct{ in, out abi.Arguments }

var multicallABI = func() *bindingsABI {
	a := contracts.MustABI("Multicall3")
	return &bindingsABI{a.Methods["aggregate3"].Inputs, a.Methods["aggregate3"].Outputs}
}()

func (n *fakeNode) BlockNumber(ctx context.Context) (uint64, error) {
	if n.closed.Load() {
		n.afterClose.Add(1)
	}
	n.blockNumbers.Add(1)
	if n.down.Load() {
		return 0, errors.New("connection refused")
	}
	return n.head.Load(), nil
}

func (n *fakeNode) CodeAt(context.Context, common.Address, *big.Int) ([]byte, error) { return nil, nil }

func (n *fakeNode) CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error) {
	n.aggregates.Add(1)
	if n.down.Load() {
		return nil, errors.New("dial tcp: connection refused")
	}
	head := n.head.Load()
	if block != nil {
		head = block.Uint64()
	}
	vals, err := multicallABI.in.Unpack(msg.Data[4:])
	if err != nil {
		return nil, err
	}
	calls := *abi.ConvertType(vals[0], new([]bindings.Multicall3Call3)).(*[]bindings.Multicall3Call3)
	out := make([]bindings.Multicall3Result, len(calls))
	out[0] = bindings.Multicall3Result{Success: true, ReturnData: common.BigToHash(new(big.Int).SetUint64(head)).Bytes()}
	for i := 1; i < len(calls); i++ {
		out[i] = bindings.Multicall3Result{Success: !bytes.HasPrefix(calls[i].CallData, revertingCall), ReturnData: calls[i].CallData}
	}
	return multicallABI.out.Pack(out)
}

// subscribingNode is a fakeNode that pushes the heads the test sends on
// push, as a websocket node does.
type subscribingNode struct {
	fakeNode
	mu           sync.Mutex
	sink         chan<- *types.Header
	unsubscribed atomic.Int32
}

func (n *subscribingNode) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.sink = ch
	return &fakeSub{err: make(chan error), unsub: &n.unsubscribed}, nil
}

// advance moves the node's head to h and announces it.
func (n *subscribingNode) advance(t testing.TB, r *evm.Reader, chain orchestration.Chain, h uint64) {
	t.Helper()
	n.head.Store(h)
	var sink chan<- *types.Header
	for sink == nil { // the follower subscribes in its own goroutine
		n.mu.Lock()
		sink = n.sink
		n.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
	sink <- &types.Header{Number: new(big.Int).SetUint64(h)}
	// The follower takes the nil that follows only once it has recorded
	// the head, so an empty channel means the head is recorded (even one
	// it already knew from its poll on subscribing).
	sink <- nil
	for len(sink) > 0 {
		time.Sleep(time.Millisecond)
	}
	waitHead(t, r, chain, h)
}

type fakeSub struct {
	err   chan error
	unsub *atomic.Int32
}

func (s *fakeSub) Unsubscribe()      { s.unsub.Add(1) }
func (s *fakeSub) Err() <-chan error { return s.err }

// waitHead waits until r's follower of chain has seen head h.
func waitHead(t testing.TB, r *evm.Reader, chain orchestration.Chain, h uint64) {
	t.Helper()
	for {
		if got, _, ok := r.Head(chain); ok && got >= h {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

const fakeChain = orchestration.ArbitrumSepolia

func fakeReader(t testing.TB, node evm.Backend, cfg evm.Config) *evm.Reader {
	t.Helper()
	cfg.Chains = []evm.ChainConfig{{Name: fakeChain, ChainID: 421614, Multicall3: common.HexToAddress("0xcA11bde05977b3631167028862bE2a173976CA11"), Backend: node, BlockTime: cfg.HeadMaxAge / 3}}
	r, err := evm.NewReader(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// balanceCall is a distinct state read for each i.
func balanceCall(i int) evm.Call {
	return evm.ERC20BalanceOf(common.HexToAddress("0x00000000000000000000000000000000000000aa"), common.BigToAddress(big.NewInt(int64(i+1))))
}

// clock is a time the test moves.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestFollowedHeadSparesTheBlockNumberTrip(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(10)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour, HotSets: -1})
	calls := []evm.Call{balanceCall(1), balanceCall(2)}
	node.advance(t, r, fakeChain, 10)

	if _, trips := readCounting(t, r, fakeChain, calls); trips != 1 {
		t.Fatalf("first read: %d round trips, want 1 (aggregate3)", trips)
	}
	a, trips := readCounting(t, r, fakeChain, calls)
	if trips != 0 || a.Block != 10 {
		t.Errorf("repeat at the followed head: %d round trips at block %d, want 0 at 10", trips, a.Block)
	}
	node.advance(t, r, fakeChain, 11)
	a, trips = readCounting(t, r, fakeChain, calls)
	if trips != 1 || a.Block != 11 {
		t.Errorf("repeat after a new head: %d round trips at block %d, want 1 (aggregate3) at 11", trips, a.Block)
	}
	if n := node.blockNumbers.Load(); n != 1 {
		t.Errorf("eth_blockNumber asked %d times with a live subscription, want 1 (the current head, on subscribing)", n)
	}
}

func TestStalledFollowerFallsBackToAsking(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(10)
	reg := prometheus.NewRegistry()
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Minute, Registerer: reg})
	clk := &clock{t: time.Unix(1_700_000_000, 0)}
	evm.SetNow(r, clk.now)
	calls := []evm.Call{balanceCall(1)}
	node.advance(t, r, fakeChain, 10)
	readCounting(t, r, fakeChain, calls)

	// The chain moves on but the subscription says nothing more, and the
	// head it gave ages past the bound.
	node.head.Store(12)
	clk.add(time.Minute + time.Second)
	a, trips := readCounting(t, r, fakeChain, calls)
	if trips != 2 || a.Block != 12 {
		t.Errorf("read with a stalled follower: %d round trips at block %d, want 2 (eth_blockNumber, aggregate3) at 12", trips, a.Block)
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_head_fallbacks_total", string(fakeChain)); got != 1 {
		t.Errorf("orchestration_evm_head_fallbacks_total = %v, want 1", got)
	}
}

func TestPollingFollowerStopsWithTheReader(t *testing.T) {
	node := &fakeNode{}
	node.head.Store(7)
	reg := prometheus.NewRegistry()
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: 3 * time.Millisecond, Registerer: reg})
	waitHead(t, r, fakeChain, 7)
	node.head.Store(8)
	waitHead(t, r, fakeChain, 8)
	if got := promtest.Chain(t, reg, "orchestration_evm_head_polls_total", string(fakeChain)); got < 2 {
		t.Errorf("orchestration_evm_head_polls_total = %v, want at least 2", got)
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_head", string(fakeChain)); got != 8 {
		t.Errorf("orchestration_evm_head = %v, want 8", got)
	}

	r.Close() // waits for the poller
	node.closed.Store(true)
	time.Sleep(20 * time.Millisecond) // several polling intervals
	if n := node.afterClose.Load(); n != 0 {
		t.Errorf("the poller asked eth_blockNumber %d times after Close", n)
	}
}

func TestSubscriptionEndsWithTheReader(t *testing.T) {
	node := &subscribingNode{}
	node.head.Store(3)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: time.Hour})
	node.advance(t, r, fakeChain, 3)
	r.Close()
	if n := node.unsubscribed.Load(); n != 1 {
		t.Errorf("Unsubscribe called %d times after Close, want 1", n)
	}
}

func TestStateCacheStaysBoundedAtOneBlock(t *testing.T) {
	node := &fakeNode{}
	node.head.Store(5)
	reg := prometheus.NewRegistry()
	const bound = 8
	r := fakeReader(t, node, evm.Config{StateCacheSize: bound, Registerer: reg})
	entries := func() float64 {
		return promtest.Chain(t, reg, "orchestration_evm_state_cache_entries", string(fakeChain))
	}
	for i := range 100 {
		if _, err := r.Read(context.Background(), fakeChain, []evm.Call{balanceCall(i)}); err != nil {
			t.Fatal(err)
		}
		if n := entries(); n > bound {
			t.Fatalf("after %d distinct reads at one block: %v cached answers, bound %d", i+1, n, bound)
		}
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_state_cache_evictions_total", string(fakeChain)); got != 100-bound {
		t.Errorf("orchestration_evm_state_cache_evictions_total = %v, want %d", got, 100-bound)
	}
	// The most recent answers are still served from the cache.
	_, trips := readCounting(t, r, fakeChain, []evm.Call{balanceCall(99)})
	if trips != 1 {
		t.Errorf("repeat of the newest read: %d round trips, want 1 (eth_blockNumber only)", trips)
	}
	_, trips = readCounting(t, r, fakeChain, []evm.Call{balanceCall(0)})
	if trips != 1 || node.aggregates.Load() != 101 {
		t.Errorf("read of an evicted answer: %d round trips, %d aggregate3 in all; want 1, 101", trips, node.aggregates.Load())
	}
}

func TestUnreachableChainIsUnavailable(t *testing.T) {
	node := &fakeNode{}
	node.down.Store(true)
	r := fakeReader(t, node, evm.Config{})
	_, err := r.Read(context.Background(), fakeChain, []evm.Call{balanceCall(1)})
	ue, ok := errors.AsType[*evm.UnavailableError](err)
	if !ok {
		t.Fatalf("Read of an unreachable chain: %v, want an *evm.UnavailableError", err)
	}
	if ue.Chain != fakeChain || ue.RetryAfter <= 0 || !strings.Contains(err.Error(), "ArbitrumSepolia did not answer") {
		t.Errorf("error %q: chain %s, retry after %s; want %s named and a positive hint", err, ue.Chain, ue.RetryAfter, fakeChain)
	}

	// A caller that gives up is not an outage.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = r.Read(ctx, fakeChain, []evm.Call{balanceCall(2)})
	if _, ok := errors.AsType[*evm.UnavailableError](err); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("Read with a cancelled context: %v, want context.Canceled and no *evm.UnavailableError", err)
	}
}

// BenchmarkDistinctReadsAtOneBlock reads 100k distinct state calls (a quote
// amount each) on a chain whose head does not move, as a devnet between
// transactions, and reports the live heap after them: with the state cache
// bounded it stays flat however many amounts are quoted.
// The "1M" case, a bound never reached, is what an unbounded cache costs.
func BenchmarkDistinctReadsAtOneBlock(b *testing.B) {
	for _, bound := range []int{0, 1 << 20} {
		b.Run(fmt.Sprintf("bound=%d", bound), func(b *testing.B) { distinctReads(b, bound) })
	}
}

func distinctReads(b *testing.B, bound int) {
	for b.Loop() {
		node := &fakeNode{}
		node.head.Store(5)
		r := fakeReader(b, node, evm.Config{StateCacheSize: bound})
		for i := range 100_000 {
			if _, err := r.Read(context.Background(), fakeChain, []evm.Call{balanceCall(i)}); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
		runtime.KeepAlive(r)
	}
}

// TestSilentSubscriptionIsBackedByPolls: a subscription accepted but mute
// (a chain that mines only on transactions) still yields the head, by one
// poll per quiet interval, so quotes keep sparing the block-number trip.
func TestSilentSubscriptionIsBackedByPolls(t *testing.T) {
	node := &subscribingNode{} // never announces a head
	node.head.Store(9)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: 30 * time.Millisecond})
	deadline := time.Now().Add(10 * time.Second) // a liveness bound, not a speed target
	for {
		if got, _, ok := r.Head(fakeChain); ok && got == 9 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a silent subscription left the head unknown")
		}
		time.Sleep(time.Millisecond)
	}
	node.mu.Lock()
	subscribed := node.sink != nil
	node.mu.Unlock()
	if !subscribed {
		t.Error("the follower polled without subscribing first")
	}
}

// flakySubscriber is a subscribingNode that refuses its first subscriptions
// with refusal, as a websocket node that is down or restarting does.
type flakySubscriber struct {
	subscribingNode
	refusals atomic.Int32 // subscriptions still to refuse
	refusal  error
	attempts atomic.Int32
}

func (n *flakySubscriber) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	n.attempts.Add(1)
	if n.refusals.Add(-1) >= 0 {
		return nil, n.refusal
	}
	return n.subscribingNode.SubscribeNewHead(ctx, ch)
}

// TestFailedSubscriptionIsRetriedWhilePolling: a follower that cannot
// subscribe polls, tries again after Config.SubscribeRetry, and once the
// node takes the subscription follows pushed heads without polling.
func TestFailedSubscriptionIsRetriedWhilePolling(t *testing.T) {
	node := &flakySubscriber{refusal: errors.New("websocket: bad handshake")}
	node.refusals.Store(2)
	node.head.Store(10)
	reg := prometheus.NewRegistry()
	// An hour between polls: each refusal is followed by exactly one poll.
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: 3 * time.Hour, SubscribeRetry: time.Millisecond, Registerer: reg})
	waitHead(t, r, fakeChain, 10)                // heard by polling
	deadline := time.Now().Add(10 * time.Second) // a liveness bound, not a speed target
	for node.attempts.Load() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("%d subscription attempts in 10s with a 1ms retry: the follower stopped trying", node.attempts.Load())
		}
		time.Sleep(time.Millisecond)
	}
	node.advance(t, r, fakeChain, 11)
	node.advance(t, r, fakeChain, 12) // pushed
	if n := node.attempts.Load(); n != 3 {
		t.Errorf("%d subscription attempts, want 3 (two refused, one made)", n)
	}
	if n := node.blockNumbers.Load(); n != 3 {
		t.Errorf("eth_blockNumber asked %d times, want 3 (one poll after each refusal, one on subscribing, none after)", n)
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_head_errors_total", string(fakeChain)); got != 2 {
		t.Errorf("orchestration_evm_head_errors_total = %v, want 2 (the refusals)", got)
	}
}

// TestHTTPSubscriptionIsNotRetried: a transport that cannot push heads
// (rpc.ErrNotificationsUnsupported, HTTP) is polled without asking again.
func TestHTTPSubscriptionIsNotRetried(t *testing.T) {
	node := &flakySubscriber{refusal: rpc.ErrNotificationsUnsupported}
	node.refusals.Store(1 << 30)
	node.head.Store(4)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: 3 * time.Millisecond, SubscribeRetry: time.Millisecond})
	waitHead(t, r, fakeChain, 4)
	for node.blockNumbers.Load() < 10 { // ten polls: ten retry periods
		time.Sleep(time.Millisecond)
	}
	if n := node.attempts.Load(); n != 1 {
		t.Errorf("%d subscription attempts over HTTP, want 1", n)
	}
}

// TestPollOfTheSameHeadKeepsItHeard: on a chain without new blocks (the
// devnet between transactions) each poll that finds the same head proves the
// follower alive, so the head never ages into the fallback.
func TestPollOfTheSameHeadKeepsItHeard(t *testing.T) {
	node := &fakeNode{}
	node.head.Store(5)
	reg := prometheus.NewRegistry()
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: 30 * time.Millisecond, Registerer: reg}) // a poll every 10ms
	clk := &clock{t: time.Unix(1_700_000_000, 0)}
	evm.SetNow(r, clk.now)
	waitHead(t, r, fakeChain, 5)
	calls := []evm.Call{balanceCall(1)}
	readCounting(t, r, fakeChain, calls)
	for i := range 3 {
		clk.add(time.Minute) // far past HeadMaxAge since the last poll...
		polls := node.blockNumbers.Load()
		for node.blockNumbers.Load() < polls+2 { // ...until a poll made after it returned
			time.Sleep(time.Millisecond)
		}
		if a, trips := readCounting(t, r, fakeChain, calls); trips != 0 || a.Block != 5 {
			t.Errorf("read %d after a poll of the same head: %d round trips at block %d, want 0 at 5", i, trips, a.Block)
		}
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_head_fallbacks_total", string(fakeChain)); got != 0 {
		t.Errorf("orchestration_evm_head_fallbacks_total = %v, want 0", got)
	}
}

// TestSubscribingFollowerKnowsTheCurrentHead: newHeads announces only the
// heads to come, so the follower asks the current one on subscribing;
// reads need not ask it until the chain's next block.
func TestSubscribingFollowerKnowsTheCurrentHead(t *testing.T) {
	node := &subscribingNode{} // never announces a head
	node.head.Store(21)
	r := fakeReader(t, node, evm.Config{FollowHeads: true, HeadMaxAge: 3 * time.Hour}) // no silence poll for hours
	deadline := time.Now().Add(10 * time.Second)                                       // a liveness bound, not a speed target
	for {
		if got, _, ok := r.Head(fakeChain); ok && got == 21 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a new subscription left the current head unknown")
		}
		time.Sleep(time.Millisecond)
	}
	calls := []evm.Call{balanceCall(1)}
	readCounting(t, r, fakeChain, calls)
	if a, trips := readCounting(t, r, fakeChain, calls); trips != 0 || a.Block != 21 {
		t.Errorf("repeat at the head known on subscribing: %d round trips at block %d, want 0 at 21", trips, a.Block)
	}
}
