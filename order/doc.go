// Package order serves the limit orders of the OrderBook: GET
// /orders/{originChain}/{orderId} reads an order from the chains
// (orchestration.OrderService.Order), and POST
// /orders/{originChain}/{orderId}/cancel builds the transaction that
// cancels one (CancelOrder). Listing orders (GET /orders) needs the order
// index and answers 501 NotImplemented.
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
//
// # Cancelling an order
//
// The OrderBook cancels on the order's destination chain (the origin for a
// same-chain order). CancelOrder reads getOrder and getOrderData on the
// origin, and for a cross-chain order the destination's status, the
// Portal's fee for a cancel report and the chain clock in one batch there,
// then answers cancelOrder(orderId, orderData) to the destination's
// OrderBook with that fee as value (0 for a same-chain order). It refuses
// (409 OrderNotCancellable) an order COMPLETED or CANCELLED on either chain
// and a caller the OrderBook would refuse: before the fill deadline only
// the recipient, and for a same-chain order the sender, may cancel; the
// message says from when anyone may. Decision 25 in docs/decisions.md.
package order
