package evmorderstest

import (
	"log/slog"
	"testing"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
)

// Ids of two fake chains: an origin and a destination.
const (
	ChainA = 1001
	ChainB = 1002
)

// IndexChain is c as an order.IndexChain named name, read through logs (c
// itself when nil) by an evmorders.EventSource.
func IndexChain(name orchestration.Chain, c *Chain, logs evm.LogBackend) order.IndexChain {
	return IndexChainRange(name, c, logs, 0, 0)
}

// IndexChainRange is IndexChain with the EventSource's MaxRange and
// Confirmations.
func IndexChainRange(name orchestration.Chain, c *Chain, logs evm.LogBackend, maxRange, confirmations uint64) order.IndexChain {
	if logs == nil {
		logs = c
	}
	src, err := evmorders.NewEventSource(evmorders.EventSourceConfig{Name: name, ChainID: c.ID, OrderBook: c.Book, Logs: logs,
		MaxRange: maxRange, Confirmations: confirmations, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	return order.IndexChain{Name: name, ChainID: c.ID, Events: src}
}

// CaughtUp waits until every chain is indexed up to its head.
func CaughtUp(t *testing.T, store *order.Store, chains ...*Chain) {
	t.Helper()
	want := map[uint64]uint64{}
	for _, c := range chains {
		want[c.ID] = c.Head()
	}
	ordertest.WaitIndexed(t, store, want)
}

// Books are the order books of a service reading EVM chains through r.
func Books(r evmorders.Reader) map[orchestration.ChainRuntime]order.Book {
	return map[orchestration.ChainRuntime]order.Book{orchestration.RuntimeEVM: evmorders.New(r)}
}
