// Package ordertest runs package order's index in tests, over any
// runtime's order.EventSource: a store (SQLite or PostgreSQL, from
// storagetest), an indexer polling every few milliseconds, and waits for
// what it indexed. It also holds the conformance suites of a runtime's
// drivers: RunEventSource checks an order.EventSource over a chain its
// harness steers (events in chain order from a cursor, ranges within the
// declared confirmations and MaxRange, ErrReorg and ForkPoint after a
// re-org, a broken node's errors), RunBook an order.Book over orders its
// harness opened (Serves, Read of known and unknown ids, accounts as 32
// bytes, CancelPayload's chain, order book and value). It is runtime-free,
// like package order: the fakes of a runtime's chains are that runtime's
// (evm/evmorders/evmorderstest).
package ordertest

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// WaitFor bounds how long a test waits for an indexer to catch up.
const WaitFor = 30 * time.Second

// BigEq compares *big.Int by value (nil only equal to nil), for cmp.Diff
// of records and events.
var BigEq = cmp.Comparer(func(a, b *big.Int) bool { return a == nil && b == nil || a != nil && b != nil && a.Cmp(b) == 0 })

// OpenStore opens a database of cfg (storagetest.Open: migrated, closed
// at the test's end) and the order index over it.
func OpenStore(t *testing.T, cfg storage.Config) (*storage.DB, *order.Store) {
	t.Helper()
	db := storagetest.Open(t, cfg)
	return db, order.NewStore(db)
}

// FastConfig is an IndexerConfig of chains into store that polls and
// retries every 5ms and logs nothing.
func FastConfig(store *order.Store, chains ...order.IndexChain) order.IndexerConfig {
	return order.IndexerConfig{Store: store, Chains: chains, PollInterval: 5 * time.Millisecond,
		RetryDelay: 5 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)}
}

// Start runs an indexer for cfg until the returned stop (or the test's
// end), which waits for Run to return and fails the test on its error.
func Start(t *testing.T, cfg order.IndexerConfig) (stop func()) {
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

// WaitIndexed waits until the store's checkpoint of each chain is past
// block want[chain id], and fails the test after WaitFor.
func WaitIndexed(t *testing.T, store *order.Store, want map[uint64]uint64) {
	t.Helper()
	deadline := time.Now().Add(WaitFor)
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
			t.Fatalf("checkpoints %+v after %v; want past %v", cps, WaitFor, want)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// State is what an order's record and fills say, for comparisons.
type State struct {
	Status           orchestration.OrderStatus
	AmountOutFilled  string
	AmountInReleased string
	AmountRefunded   string
	FillCount        int
	FillReportCount  int
	Resolved         bool
	Fills            int
}

// StateOf is the indexed state of order id, nil when it is not indexed.
func StateOf(t *testing.T, store *order.Store, id order.ID) *State {
	t.Helper()
	r, fills, err := store.Order(t.Context(), id)
	if errors.Is(err, order.ErrNotIndexed) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return &State{Status: r.Status, AmountOutFilled: r.AmountOutFilled.String(), AmountInReleased: r.AmountInReleased.String(),
		AmountRefunded: r.AmountRefunded.String(), FillCount: r.FillCount, FillReportCount: r.FillReportCount,
		Resolved: r.ResolvedAt != nil, Fills: len(fills)}
}

// IsCode reports whether err is an *orchestration.Error of code.
func IsCode(err error, code orchestration.Code) bool {
	var e *orchestration.Error
	return errors.As(err, &e) && e.Code == code
}
