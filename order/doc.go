// Package order serves the limit orders of the OrderBook: GET
// /orders/{originChain}/{orderId} reads an order from the chains
// (orchestration.OrderService.Order). Listing orders (GET /orders) needs
// the order index and cancelling (POST /orders/{...}/cancel) is not built
// yet: both answer 501 NotImplemented.
//
// # Reading an order
//
// The origin chain's OrderBook holds the order: Order reads getOrder and
// getFilledAmounts there in one batch (one round trip). A cross-chain order
// is then read on its destination chain, when that is an EVM chain of the
// catalog with an OrderBook and a client: getOrder (only its status is kept
// there) and getFilledAmounts, again in one batch. So an answer costs one
// round trip per chain it touches.
//
// The two views combine as decision 24 in docs/decisions.md says: a
// terminal status on the origin wins; otherwise a terminal status on the
// destination (the order completed or was cancelled there, its report not
// yet delivered) is the status; otherwise CREATED. amountOutFilled is the
// destination's (what the recipient received), amountInReleased and
// amountRefunded the origin's (what left the OrderBook there).
//
// Fields only an index of the OrderBook's events knows (openTx, fillCount,
// fillReportCount, resolvedAt, fills, and the funder, which the OrderBook
// does not store) are null.
package order
