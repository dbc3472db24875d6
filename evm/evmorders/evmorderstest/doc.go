// Package evmorderstest fakes EVM chains for the tests of the order index
// and its EVM driver (package evmorders): Chain, an in-memory node of
// headers and OrderBook logs that re-orgs, forks, withdraws logs and
// refuses wide ranges on demand, the OrderBook's events encoded as its
// logs, and the order.IndexChain that reads a Chain through an
// evmorders.EventSource. The harness that runs the index is
// order/ordertest's.
package evmorderstest
