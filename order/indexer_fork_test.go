package order_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/storage/storagetest"
)

// splitNode answers like a load balancer over two nodes, one of them on
// another fork: logs from logs, and headers from headers except those
// forkHeader picks, which come from logs' node too. Once healed, every
// answer is the canonical node's.
type splitNode struct {
	canonical, fork *fakeChain
	// forkHeaders says which headers the fork's node answers; nil: none.
	forkHeaders func(number *big.Int) bool
	healed      atomic.Bool
}

func (s *splitNode) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	if s.healed.Load() {
		return s.canonical.FilterLogs(ctx, q)
	}
	return s.fork.FilterLogs(ctx, q)
}

func (s *splitNode) HeaderByNumber(ctx context.Context, n *big.Int) (*types.Header, error) {
	if !s.healed.Load() && s.forkHeaders != nil && s.forkHeaders(n) {
		return s.fork.HeaderByNumber(ctx, n)
	}
	return s.canonical.HeaderByNumber(ctx, n)
}

// metricValue is the value of the metric name{chain} in reg (0 if none).
func metricValue(t *testing.T, reg *prometheus.Registry, name, chain string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "chain" && l.GetValue() == chain {
					if c := m.GetCounter(); c != nil {
						return c.GetValue()
					}
					return m.GetGauge().GetValue()
				}
			}
		}
	}
	return 0
}

// settle waits until done says so, or waitFor passes: the checks that
// follow say what went wrong.
func settle(done func() bool) {
	for deadline := time.Now().Add(waitFor); !done() && time.Now().Before(deadline); {
		time.Sleep(2 * time.Millisecond)
	}
}

// TestIndexerFollowsOneFork: a backend whose logs come from a node on
// another fork writes nothing of the range until the nodes agree, then the
// canonical chain's events alone; whether the headers read by number come
// from the canonical node or, but for the range's end, from the fork's.
func TestIndexerFollowsOneFork(t *testing.T) {
	for _, tc := range []struct {
		name        string
		forkHeaders func(*big.Int) bool
	}{
		{"logs from the fork", nil},
		// Each log then matches the header of its number: only walking
		// the parent hashes from the range's end finds the fork.
		{"logs and headers by number from the fork", func(n *big.Int) bool { return n != nil && n.Uint64() < 4 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, store := openStore(t, storagetest.SQLiteMemory(t))
			shared := fakeOrder{id: id(1), sender: acct(2), funder: acct(2), dest: chainB, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
			orphan := fakeOrder{id: id(2), sender: acct(3), funder: acct(3), dest: chainB, amountIn: 20, amountOut: 18, deadline: 2_000_000_000}
			a := newFakeChain(chainA)
			a.mine(shared.opened())
			a.mineEmpty(3)
			node := &splitNode{canonical: a, fork: a.fork(2, []fakeEvent{orphan.opened()}, nil, nil), forkHeaders: tc.forkHeaders}

			reg := prometheus.NewRegistry()
			cfg := fastConfig(store, fakeIndexChain("A", a, node))
			cfg.Registerer = reg
			start(t, cfg)
			settle(func() bool { // the range refused twice, or written
				cps, _ := store.Checkpoints(t.Context())
				return cps[chainA].Next > 0 || metricValue(t, reg, "orchestration_order_index_fork_retries_total", "A") >= 2
			})
			if cps, _ := store.Checkpoints(t.Context()); cps[chainA].Next != 0 {
				t.Errorf("checkpoint moved to %d while the logs were of another fork", cps[chainA].Next)
			}
			for _, o := range []fakeOrder{shared, orphan} {
				if s := stateOf(t, store, o.id); s != nil {
					t.Errorf("order %s indexed from a range whose logs were of another fork: %+v", o.id, s)
				}
			}

			node.healed.Store(true)
			caughtUp(t, store, a)
			if s := stateOf(t, store, shared.id); s == nil {
				t.Error("the canonical chain's order is not indexed once the nodes agree")
			}
			if s := stateOf(t, store, orphan.id); s != nil {
				t.Errorf("the fork's order is indexed: %+v", s)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for the indexer's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestIndexerStopsOnUndecodableLog: an OrderBook log that does not decode
// stops indexing its chain where it is, counted and logged with its chain,
// block and index, rather than being skipped; the other chains go on.
func TestIndexerStopsOnUndecodableLog(t *testing.T) {
	_, store := openStore(t, storagetest.SQLiteMemory(t))
	a, b := newFakeChain(chainA), newFakeChain(chainB)
	before := fakeOrder{id: id(1), sender: acct(2), funder: acct(2), dest: chainB, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
	after := fakeOrder{id: id(2), sender: acct(2), funder: acct(2), dest: chainB, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
	a.mine(before.opened())
	// An OrderFilled whose data is cut short.
	bad := a.mine(filled(before.id, acct(1), 1, 1), fakeEvent{topics: filled(before.id, acct(1), 1, 1).topics, data: []byte{1}})
	a.mine(after.opened())

	reg := prometheus.NewRegistry()
	var logs syncBuffer
	ca := fakeIndexChainRange("A", a, nil, 1, 0) // block 1 is written before the bad block is read
	cfg := fastConfig(store, ca, fakeIndexChain("B", b, nil))
	cfg.Registerer, cfg.Logger = reg, slog.New(slog.NewTextHandler(&logs, nil))
	start(t, cfg)
	settle(func() bool { // stopped, or past the bad log
		cps, _ := store.Checkpoints(t.Context())
		return cps[chainA].Next > bad || metricValue(t, reg, "orchestration_order_index_stopped", "A") == 1
	})

	// The chain stays where the bad log is, while B goes on.
	b.mine(filled(before.id, acct(1), 10, 9))
	caughtUp(t, store, b)
	time.Sleep(50 * time.Millisecond) // ten polls
	if cps, _ := store.Checkpoints(t.Context()); cps[chainA].Next != bad {
		t.Errorf("chain A's checkpoint is %d; want it stopped at the bad block %d", cps[chainA].Next, bad)
	}
	if s := stateOf(t, store, after.id); s != nil {
		t.Errorf("an order after the bad log was indexed: %+v", s)
	}
	if s := stateOf(t, store, before.id); s == nil {
		t.Error("the order opened before the bad log is not indexed")
	}
	for name, want := range map[string]float64{
		"orchestration_order_index_undecodable_logs_total": 1,
		"orchestration_order_index_stopped":                1,
		"orchestration_order_index_leader":                 0,
	} {
		if got := metricValue(t, reg, name, "A"); got != want {
			t.Errorf("%s{chain=A} = %v, want %v", name, got, want)
		}
	}
	var line string
	for l := range strings.Lines(logs.String()) {
		if strings.Contains(l, "does not decode") {
			line = l
		}
	}
	for _, want := range []string{"level=ERROR", "chain=A", fmt.Sprint("block=", bad), "log=1"} {
		if !strings.Contains(line, want) {
			t.Errorf("the log line of the bad log %q lacks %q", line, want)
		}
	}
}
