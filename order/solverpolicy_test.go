package order_test

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
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

// syncBuffer is a log destination read while the policy writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) count(substr string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Count(s.b.String(), substr)
}

// TestSolverPolicy indexes orders of a solver that wins but never fills
// and of one that fills: the first is suspended once its expired orders
// reach the rate, not admitted during the cooldown, admitted again after
// it (judged then only on the orders opened since), and suspended again
// when those expire too; the second is never suspended. Logs, metrics and
// SolverStats show it, on both databases.
func TestSolverPolicy(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		_, store := ordertest.OpenStore(t, newConfig(t))
		const genesis = 1_700_000_000 // block n is 12n seconds after
		clock := testclock.New(time.Unix(genesis+100, 0))
		order.SetClock(store, clock.Now)
		a := evmorderstest.NewChain(evmorderstest.ChainA)
		never, good, alice := evmorderstest.Account(1), evmorderstest.Account(2), evmorderstest.Account(3)
		opened := func(n int, solver common.Address, deadline uint32) evmorderstest.Order {
			return solverOrder(n, alice, solver, deadline)
		}
		a.Mine(opened(1, never, genesis+30).Opened(), opened(2, never, genesis+30).Opened(), opened(3, never, genesis+30).Opened(),
			opened(4, good, genesis+3600).Opened(), opened(5, good, genesis+3600).Opened(), opened(6, good, genesis+3600).Opened()) // block 1
		var fills []evmorderstest.Event
		for n := 4; n <= 6; n++ {
			fills = append(fills, evmorderstest.Filled(evmorderstest.OrderID(n), good, 10, 9), evmorderstest.Completed(evmorderstest.OrderID(n)))
		}
		a.Mine(fills...) // block 2
		svc := indexedService(t, store, a)
		var logs syncBuffer
		reg := prometheus.NewRegistry()
		const cooldown = 2 * time.Minute
		policy, err := order.NewSolverPolicy(order.SolverPolicyConfig{Service: svc,
			Solvers: []order.SolverAccounts{
				{Name: "never", Accounts: []string{strings.ToLower(never.Hex())}}, // written as the records do not: canonicalised
				{Name: "good", Accounts: []string{good.Hex()}},
				{Name: "quiet"}, // no account: never judged
			},
			Suspension: order.SuspensionConfig{MaxExpiredRate: 0.5, MinOrders: 3, Cooldown: cooldown},
			Logger:     slog.New(slog.NewTextHandler(&logs, nil)), Registerer: reg})
		if err != nil {
			t.Fatal(err)
		}
		metric := func(name, solver string) float64 {
			t.Helper()
			gathered, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range gathered {
				for _, m := range f.GetMetric() {
					if f.GetName() == name && m.GetLabel()[0].GetValue() == solver {
						if c := m.GetCounter(); c != nil {
							return c.GetValue()
						}
						return m.GetGauge().GetValue()
					}
				}
			}
			t.Fatalf("no %s{%s}", name, solver)
			return 0
		}
		type state struct {
			admitted                     map[string]bool
			suspensions, suspendedGauge  float64
			suspendedLogs, returnedLogs  int
			goodSuspensions, goodSuspend float64
		}
		check := func(when string, want state) {
			t.Helper()
			if err := policy.Refresh(t.Context()); err != nil {
				t.Fatal(err)
			}
			got := state{admitted: map[string]bool{}}
			for _, n := range []string{"never", "good", "quiet", "unknown"} {
				got.admitted[n] = policy.Admit(n)
			}
			got.suspensions = metric("orchestration_solver_suspensions_total", "never")
			got.suspendedGauge = metric("orchestration_solver_suspended", "never")
			got.goodSuspensions = metric("orchestration_solver_suspensions_total", "good")
			got.goodSuspend = metric("orchestration_solver_suspended", "good")
			got.suspendedLogs = logs.count("solver suspended")
			got.returnedLogs = logs.count("solver returns")
			if diff := cmp.Diff(want, got, cmp.AllowUnexported(state{})); diff != "" {
				t.Errorf("%s (-want +got):\n%s", when, diff)
			}
		}
		out := func(suspensions, logsIn, logsOut int) state {
			return state{admitted: map[string]bool{"never": false, "good": true, "quiet": true, "unknown": true},
				suspensions: float64(suspensions), suspendedGauge: 1, suspendedLogs: logsIn, returnedLogs: logsOut}
		}
		in := func(suspensions, logsIn, logsOut int) state {
			s := out(suspensions, logsIn, logsOut)
			s.admitted["never"], s.suspendedGauge = true, 0
			return s
		}

		check("its three orders expired", out(1, 1, 0))
		suspendedAt := clock.Now()
		stats, err := policy.SolverStats(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		// The records of the default window, 24h back from when the
		// service's records were read (suspendedAt).
		wantStats := &orchestration.SolverStats{Since: suspendedAt.Add(-order.DefaultSuspensionWindow).Unix(), Solvers: []orchestration.SolverStat{
			{Name: "good", Address: good.Hex(), Won: 3, Filled: 3, MedianFillSeconds: new(12.0)},
			{Name: "never", Address: never.Hex(), Won: 3, ExpiredUnfilled: 3, Suspended: true, SuspendedUntil: new(suspendedAt.Add(cooldown).UTC())},
			{Name: "quiet"},
		}}
		if diff := cmp.Diff(wantStats, stats); diff != "" {
			t.Errorf("SolverStats while suspended (-want +got):\n%s", diff)
		}

		clock.Advance(cooldown / 2)
		check("half the cooldown later", out(1, 1, 0))
		clock.Advance(cooldown / 2)
		// Its three expired orders are still in the window: judged only on
		// the orders opened since its return, it is admitted.
		check("the cooldown over", in(1, 1, 1))
		clock.Advance(time.Minute)
		check("a minute on, nothing new", in(1, 1, 1))

		// Three more orders, opened after its return, expire unfilled.
		for a.Head() < 20 {
			a.MineEmpty(1)
		}
		deadline := uint32(genesis + 12*21 + 30)
		a.Mine(opened(7, never, deadline).Opened(), opened(8, never, deadline).Opened(), opened(9, never, deadline).Opened())
		evmorderstest.CaughtUp(t, store, a)
		clock.Set(time.Unix(int64(deadline)+1, 0))
		check("three new orders expired", out(2, 2, 1))
	})
}

// TestSolverPolicyOff: the zero SuspensionConfig suspends no one, whatever
// the records; without an index SolverStats is NotImplemented and
// suspension cannot be turned on.
func TestSolverPolicyOff(t *testing.T) {
	svc, err := order.New(order.Config{Catalog: pretendCatalog{}})
	if err != nil {
		t.Fatal(err)
	}
	policy, err := order.NewSolverPolicy(order.SolverPolicyConfig{Service: svc, Solvers: []order.SolverAccounts{{Name: "s"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := policy.Refresh(t.Context()); err != nil || !policy.Admit("s") {
		t.Errorf("suspension off: Refresh %v, Admit %v; want nil, true", err, policy.Admit("s"))
	}
	if _, err := policy.SolverStats(t.Context()); !ordertest.IsCode(err, orchestration.NotImplemented) {
		t.Errorf("SolverStats without an index: %v, want NotImplemented", err)
	}
	if _, err := order.NewSolverPolicy(order.SolverPolicyConfig{Service: svc, Suspension: order.SuspensionConfig{MaxExpiredRate: 0.5}}); err == nil {
		t.Error("suspension on without an index: no error")
	}
	for _, bad := range []order.SuspensionConfig{{MaxExpiredRate: 1.5}, {MaxExpiredRate: -1}, {MinOrders: -1}, {Cooldown: -time.Second}} {
		if err := bad.Check(); err == nil {
			t.Errorf("Check(%+v) = nil, want an error", bad)
		}
	}
}
