package order

import "math/big"

// EventKind is the kind of an order-book event the index keeps, as
// order_events.kind stores it (an opening makes the orders row instead).
type EventKind string

// The kinds of events, the same on every runtime.
const (
	// Opened: the order was opened on its origin (Event.Opened).
	Opened EventKind = "opened"
	// Filled: a solver filled part of it on its destination (Account the
	// solver, AmountIn what it releases on the origin, AmountOut what it
	// paid).
	Filled EventKind = "filled"
	// FillReported: a fill's report reached the origin (Account the
	// origin recipient of the amount released, AmountIn and AmountOut as
	// for Filled).
	FillReported EventKind = "fill_reported"
	// Completed: the order was filled in full, on either chain.
	Completed EventKind = "completed"
	// Cancelled: it was cancelled on the chain that cancels it (its
	// destination, or the origin of a same-chain order).
	Cancelled EventKind = "cancelled"
	// CancelReported: a cancel's report reached the origin.
	CancelReported EventKind = "cancel_reported"
	// RefundClaimed: the sender took a refund on the origin (Account the
	// sender, AmountIn the amount).
	RefundClaimed EventKind = "refund_claimed"
)

// Event is one order-book event, as an EventSource reads it.
type Event struct {
	// ChainID is the chain it happened on.
	ChainID uint64
	// Block and Index place it on the chain (the block or slot, and its
	// position there); BlockHash is the runtime's hash of the block, by
	// which a removed event undoes exactly it; BlockTime is the block's
	// time in Unix seconds.
	Block     uint64
	Index     uint
	BlockHash string
	BlockTime uint64
	// Tx is the runtime's id of its transaction (a hash, a signature).
	Tx string
	// Removed says the node withdrew the event (its block left the
	// chain): the index undoes it.
	Removed bool

	Kind    EventKind
	OrderID ID
	// Account, AmountIn and AmountOut are the kind's (see the kinds);
	// "" and zero for kinds without them. Account is the runtime's text.
	Account   string
	AmountIn  *big.Int
	AmountOut *big.Int
	// Opened is set for the kind Opened.
	Opened *OpenedOrder
}

// OpenedOrder is what an order's opening says.
type OpenedOrder struct {
	// Funder, Sender and TokenIn are accounts of the origin's runtime, in
	// its text.
	Funder, Sender, TokenIn string
	AmountIn, AmountOut     *big.Int
	DestChainID             uint64
	// TokenOut and Solver are accounts of the destination's runtime, as
	// 32 bytes (see Book).
	TokenOut, Solver [32]byte
	FillDeadline     int64
	// CreatedAt is the order's createdAt (Unix seconds) when the order
	// book takes it from the opener rather than the block: Solana's
	// open_order passes created_at, which the program accepts within
	// 300 s after its clock. Zero means the opening block's time, which
	// the EVM OrderBook stores.
	CreatedAt int64
}
