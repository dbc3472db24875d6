package evmorders_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// splitNode answers like a load balancer over two nodes, one of them on
// another fork: logs from logs, and headers from headers except those
// forkHeader picks, which come from logs' node too. Once healed, every
// answer is the canonical node's.
type splitNode struct {
	canonical, fork *evmorderstest.Chain
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

// settle waits until done says so, or ordertest.WaitFor passes: the checks that
// follow say what went wrong.
func settle(done func() bool) {
	for deadline := time.Now().Add(ordertest.WaitFor); !done() && time.Now().Before(deadline); {
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
			_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
			shared := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
			orphan := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: evmorderstest.Account(3), Funder: evmorderstest.Account(3), Dest: evmorderstest.ChainB, AmountIn: 20, AmountOut: 18, Deadline: 2_000_000_000}
			a := evmorderstest.NewChain(evmorderstest.ChainA)
			a.Mine(shared.Opened())
			a.MineEmpty(3)
			node := &splitNode{canonical: a, fork: a.Fork(2, []evmorderstest.Event{orphan.Opened()}, nil, nil), forkHeaders: tc.forkHeaders}

			reg := prometheus.NewRegistry()
			cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, node))
			cfg.Registerer = reg
			ordertest.Start(t, cfg)
			settle(func() bool { // the range refused twice, or written
				cps, _ := store.Checkpoints(t.Context())
				return cps[evmorderstest.ChainA].Next > 0 || metricValue(t, reg, "orchestration_order_index_fork_retries_total", "A") >= 2
			})
			if cps, _ := store.Checkpoints(t.Context()); cps[evmorderstest.ChainA].Next != 0 {
				t.Errorf("checkpoint moved to %d while the logs were of another fork", cps[evmorderstest.ChainA].Next)
			}
			for _, o := range []evmorderstest.Order{shared, orphan} {
				if s := ordertest.StateOf(t, store, o.ID); s != nil {
					t.Errorf("order %s indexed from a range whose logs were of another fork: %+v", o.ID, s)
				}
			}

			node.healed.Store(true)
			evmorderstest.CaughtUp(t, store, a)
			if s := ordertest.StateOf(t, store, shared.ID); s == nil {
				t.Error("the canonical chain's order is not indexed once the nodes agree")
			}
			if s := ordertest.StateOf(t, store, orphan.ID); s != nil {
				t.Errorf("the fork's order is indexed: %+v", s)
			}
		})
	}
}

// TestIndexerStopsOnUndecodableLog: an OrderBook log that does not decode
// stops indexing its chain where it is, counted and logged with its chain,
// block and index, rather than being skipped; the other chains go on.
func TestIndexerStopsOnUndecodableLog(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a, b := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
	before := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
	after := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: evmorderstest.Account(2), Funder: evmorderstest.Account(2), Dest: evmorderstest.ChainB, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
	a.Mine(before.Opened())
	// An OrderFilled whose data is cut short.
	bad := a.Mine(evmorderstest.Filled(before.ID, evmorderstest.Account(1), 1, 1), evmorderstest.Event{Topics: evmorderstest.Filled(before.ID, evmorderstest.Account(1), 1, 1).Topics, Data: []byte{1}})
	a.Mine(after.Opened())

	reg := prometheus.NewRegistry()
	var logs testio.Buffer
	ca := evmorderstest.IndexChainRange("A", a, nil, 1, 0) // block 1 is written before the bad block is read
	cfg := ordertest.FastConfig(store, ca, evmorderstest.IndexChain("B", b, nil))
	cfg.Registerer, cfg.Logger = reg, slog.New(slog.NewTextHandler(&logs, nil))
	ordertest.Start(t, cfg)
	settle(func() bool { // stopped, or past the bad log
		cps, _ := store.Checkpoints(t.Context())
		return cps[evmorderstest.ChainA].Next > bad || metricValue(t, reg, "orchestration_order_index_stopped", "A") == 1
	})

	// The chain stays where the bad log is, while B goes on.
	b.Mine(evmorderstest.Filled(before.ID, evmorderstest.Account(1), 10, 9))
	evmorderstest.CaughtUp(t, store, b)
	time.Sleep(50 * time.Millisecond) // ten polls
	if cps, _ := store.Checkpoints(t.Context()); cps[evmorderstest.ChainA].Next != bad {
		t.Errorf("chain A's checkpoint is %d; want it stopped at the bad block %d", cps[evmorderstest.ChainA].Next, bad)
	}
	if s := ordertest.StateOf(t, store, after.ID); s != nil {
		t.Errorf("an order after the bad log was indexed: %+v", s)
	}
	if s := ordertest.StateOf(t, store, before.ID); s == nil {
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
