package main

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// The verdict fails on what the issue names (lost, duplicated or
// unfinished orders, unended streams, a 5xx no fault documents, a heap
// over its bound, a rate budget not kept) and passes on a fault's
// documented answers within its window and grace.
func TestVerdict(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	pgFault := newFaultRun(faults[2]) // postgres-restart: the database routes
	pgFault.Start, pgFault.Mended = t0.Add(time.Minute), t0.Add(time.Minute+15*time.Second)
	redisFault := newFaultRun(faults[3]) // redis-stop
	redisFault.Start, redisFault.Mended = t0.Add(3*time.Minute), t0.Add(3*time.Minute+15*time.Second)
	cfg := Presets["short"]
	at := func(offset time.Duration) time.Time { return t0.Add(offset) }
	// budgetCalls are n requests of the budget key allowed, one every
	// 100ms from offset.
	budgetCalls := func(offset time.Duration, n int) []call {
		var out []call
		for i := range n {
			out = append(out, call{At: at(offset + time.Duration(i)*100*time.Millisecond), Op: budgetOp, Status: 200})
		}
		return out
	}
	okOrders := ordersReport{Opened: 3, StreamsCompleted: 3, Cancels: 1, Cancelled: 1}
	okSamples := []sample{{Replica: 0, Up: true, HeapBytes: 40 << 20}, {Replica: 1, Up: true, HeapBytes: 50 << 20}}
	for _, tt := range []struct {
		name    string
		calls   []call
		orders  ordersReport
		samples []sample
		fail    string // in the failures; "" passes
		// neverLimited leaves out the budget key's 429 every other case has.
		neverLimited bool
		hooks        webhooksReport
	}{
		{name: "a quiet run passes", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(time.Second), Route: "POST /quote", Status: 200}}},
		{name: "a database route's own failure during the PostgreSQL outage is documented", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(70 * time.Second), Route: "GET /orders", Status: 500, Code: string(orchestration.EndpointOrders.Fail)}}},
		{name: "the same answer after the fault's grace fails", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(2 * time.Minute), Route: "GET /orders", Status: 500, Code: string(orchestration.EndpointOrders.Fail)}},
			fail:  "that no fault documents"},
		{name: "a route needing no database answering 500 in the outage fails", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(70 * time.Second), Route: "POST /quote", Status: 500, Code: "QuoteError"}},
			fail:  "that no fault documents"},
		{name: "the order index's own code during the outage is documented", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(70 * time.Second), Route: "GET /orders", Status: 503, Code: string(orchestration.OrderIndexUnavailable)}}},
		{name: "a key first seen during the outage answered KeyStoreUnavailable is documented, on any route", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(70 * time.Second), Route: "POST /quote", Op: "unknown key", Status: 503, Code: string(orchestration.KeyStoreUnavailable)}}},
		{name: "KeyStoreUnavailable outside the outage fails", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(10 * time.Second), Route: "POST /quote", Status: 503, Code: string(orchestration.KeyStoreUnavailable)}},
			fail:  "that no fault documents"},
		{name: "a 5xx outside every fault fails", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(10 * time.Second), Route: "POST /quote", Status: 500, Code: "QuoteError"}},
			fail:  "that no fault documents"},
		{name: "a request no replica answered fails", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(10 * time.Second), Route: "GET /supported-assets", Code: "connection refused"}},
			fail:  "no replica answered"},
		{name: "a request its caller gave up on passes", orders: okOrders, samples: okSamples,
			calls: []call{{At: at(10 * time.Second), Route: "GET /orders/{originChain}/{orderId}/events", Code: "canceled"}}},
		{name: "a lost order fails", samples: okSamples, orders: ordersReport{Opened: 3, Cancels: 1, StreamsCompleted: 3, Lost: []string{"0x01"}}, fail: "orders lost"},
		{name: "a duplicated order fails", samples: okSamples, orders: ordersReport{Opened: 3, Cancels: 1, StreamsCompleted: 3, Duplicated: []string{"0x01"}}, fail: "orders duplicated"},
		{name: "an order whose fill report never arrived fails", samples: okSamples, orders: ordersReport{Opened: 3, Cancels: 1, Unfinished: []string{"0x01"}}, fail: "unfinished"},
		{name: "a stream that never ended fails", samples: okSamples, orders: ordersReport{Opened: 3, Cancels: 1, StreamsUnended: []string{"0x01"}}, fail: "status stream that never ended"},
		{name: "an order whose webhook was never told it completed fails", orders: okOrders, samples: okSamples,
			hooks: webhooksReport{Delivered: 5, Missing: []string{"0x01 (told [order.created])"}}, fail: "webhook events"},
		{name: "a webhook delivery with a bad signature fails", orders: okOrders, samples: okSamples,
			hooks: webhooksReport{Delivered: 6, Refused: []string{"webhook: signature does not match"}}, fail: "webhook deliveries refused"},
		{name: "duplicate webhook deliveries pass (at least once)", orders: okOrders, samples: okSamples,
			hooks: webhooksReport{Delivered: 8, Duplicates: 2}},
		{name: "no order to cancel fails", samples: okSamples, orders: ordersReport{Opened: 3, StreamsCompleted: 3}, fail: "no order was opened to be cancelled"},
		{name: "no order at all fails", samples: okSamples, fail: "no order was opened"},
		{name: "a budget key never limited fails", orders: okOrders, samples: okSamples, fail: "never limited", neverLimited: true},
		{name: "a heap over the bound fails", orders: okOrders,
			samples: []sample{{Replica: 1, Up: true, HeapBytes: cfg.HeapBound + 1}}, fail: "replica 1's heap reached"},
		{name: "the budget key kept to its budget passes", orders: okOrders, samples: okSamples,
			calls: append(budgetCalls(0, 200), budgetCalls(3*time.Minute, 60)...)},
		{name: "the budget key allowed past the shared budget fails", orders: okOrders, samples: okSamples,
			calls: budgetCalls(0, 400), fail: "outside Redis's outages, over the shared budget's"},
		{name: "the budget key allowed past the replicas' own budgets in Redis's outage fails", orders: okOrders, samples: okSamples,
			calls: budgetCalls(3*time.Minute, 100), fail: "in redis-stop's 25s, over the replicas' own budgets' 69"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			calls := tt.calls
			if !tt.neverLimited {
				calls = append(calls, call{At: at(time.Second), Op: budgetOp, Status: 429})
			}
			rep := buildReport(cfg, t0, t0.Add(5*time.Minute), calls, 0, []*faultRun{pgFault, redisFault}, tt.samples, nil, tt.orders, tt.hooks, nil)
			got := strings.Join(rep.Failures, "; ")
			if tt.fail == "" && !rep.Pass {
				t.Errorf("failed: %s", got)
			}
			if tt.fail != "" && (rep.Pass || !strings.Contains(got, tt.fail)) {
				t.Errorf("failures %q, want one naming %q", got, tt.fail)
			}
		})
	}
}

// An order counts as done once COMPLETED with all of its amountIn
// released: a fill whose report never reached the origin is not done.
func TestDoneNeedsTheWholeAmountReleased(t *testing.T) {
	o := openedOrder{AmountIn: big.NewInt(2_000_000)}
	for _, tt := range []struct {
		status   orchestration.OrderStatus
		released string
		want     bool
	}{
		{orchestration.OrderCompleted, "2000000", true},
		{orchestration.OrderCompleted, "0", false}, // filled, report not delivered
		{orchestration.OrderCreated, "0", false},
	} {
		if got := done(o, orchestration.OrderSummary{Status: tt.status, AmountInReleased: tt.released}); got != tt.want {
			t.Errorf("%s released %s: done %v, want %v", tt.status, tt.released, got, tt.want)
		}
	}
}

// An order the load cancels is done once CANCELLED with all of its
// amountIn refunded: cancelled on its destination with the report to its
// origin (and the refund) still in flight is not.
func TestACancelledOrderIsDoneOnceRefunded(t *testing.T) {
	o := openedOrder{AmountIn: big.NewInt(2_000_000), Cancel: true}
	for _, tt := range []struct {
		status   orchestration.OrderStatus
		refunded string
		want     bool
	}{
		{orchestration.OrderCancelled, "2000000", true},
		{orchestration.OrderCancelled, "0", false},
		{orchestration.OrderCreated, "0", false},
		{orchestration.OrderCompleted, "0", false}, // the lazy solver filled it after all
	} {
		if got := done(o, orchestration.OrderSummary{Status: tt.status, AmountRefunded: tt.refunded, AmountInReleased: "2000000"}); got != tt.want {
			t.Errorf("%s refunded %s: done %v, want %v", tt.status, tt.refunded, got, tt.want)
		}
	}
}
