package order

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// ID is an order's id: 32 bytes on every runtime, written 0x and 64
// lowercase hex digits (decision 13), as the index stores it.
type ID [32]byte

// String is id as 0x and 64 lowercase hex digits.
func (id ID) String() string { return "0x" + hex.EncodeToString(id[:]) }

// ParseID parses an order id as the API takes it (0x and 64 hex digits,
// either case).
func ParseID(s string) (ID, error) {
	id, err := orchestration.ParseOrderID(s)
	return ID(id), err
}

// Book is one runtime's order book (the OrderBook contract on EVM chains,
// the order_book program on Solana) as the rules of this package use it:
// it reads an order on a chain, builds the transaction that cancels one,
// and writes the runtime's accounts. The rules (statuses across chains,
// who may cancel and when, paging, the index) are the Service's; a Book
// only reads and encodes. Config.Books holds one per runtime. Following a
// chain's events is an EventSource's job (IndexChain).
//
// Accounts cross runtimes as 32 bytes, as the order books carry them (an
// EVM address left-padded with zeros, a Solana key as its bytes): an
// order's sender and tokenIn are accounts of its origin's runtime, its
// recipient, tokenOut and solver of its destination's.
type Book interface {
	Accounts
	// Serves reports whether the book can read chain (a client for it is
	// configured).
	Serves(chain orchestration.Chain) bool
	// Read reads order id on chain c, one of the runtime's chains with an
	// order book, in one round trip, with what need asks for besides. An
	// id the chain's order book does not know is a View with Found false.
	// An error that is an *orchestration.Error is answered as it is (a
	// chain lacking what need asks for is NotImplemented); any other is a
	// failed read, which a retry may cure.
	Read(ctx context.Context, c asset.ChainInfo, id ID, need Need) (*View, error)
	// CancelPayload is the transaction that cancels c.ID on chain dest
	// (its destination, or its origin for a same-chain order), signed and
	// paid for by c.Caller. ctx bounds what building it may ask of
	// others besides the chain (on Solana, the relay quote of a cancel
	// report); c.Dest is dest's View as Read gave it, which carries what
	// the runtime gathered for the cancel (View.Runtime).
	CancelPayload(ctx context.Context, dest asset.ChainInfo, c Cancel) (*orchestration.TransactionPayload, error)
}

// Cancel is what a Book's CancelPayload builds a cancel from.
type Cancel struct {
	// ID and Terms are the order's, as its origin holds them.
	ID    ID
	Terms Terms
	// Caller is the account that signs the cancel and pays its fees, an
	// account of dest's runtime: on EVM chains it does not change the
	// transaction (any wallet sends it), on Solana it is the fee payer.
	Caller [32]byte
	// Value is what the cancel sends for the cancel report (the fee read
	// on dest, with the Service's margin); zero for a same-chain order.
	Value *big.Int
	// Dest is dest's View of the order, as Read gave it with
	// Need{Clock: true, CancelReportTo: the origin} (for a same-chain
	// order, the origin's View read with Need{Clock: true}).
	Dest *View
}

// Accounts writes and reads one runtime's accounts as 32 bytes (see Book).
type Accounts interface {
	// Account writes an account of the runtime as its users write it (an
	// EIP-55 address from the low 20 bytes on EVM, base58 on Solana).
	Account(b [32]byte) string
	// ParseAccount reads an account of the runtime as users write it.
	ParseAccount(s string) ([32]byte, error)
}

// Need says what a Read must read besides the order.
type Need struct {
	// Clock asks for the chain's time (View.Now).
	Clock bool
	// CancelReportTo, when not zero, asks for the fee of a cancel report
	// from the chain to the chain with this id (View.CancelFee).
	CancelReportTo uint64
}

// View is one chain's view of an order.
type View struct {
	// Found is false when the chain's order book has no such order; the
	// rest is then zero, bar Now.
	Found bool
	// Status is the order's status there.
	Status orchestration.OrderStatus
	// Terms are the order's terms as the chain holds them.
	Terms Terms
	// AmountOutFilled is what was filled there (on the destination: what
	// the recipient received); AmountInReleased and AmountRefunded what
	// left the order book there (the origin's tell).
	AmountOutFilled, AmountInReleased, AmountRefunded *big.Int
	// Now is the chain's time in Unix seconds (Need.Clock).
	Now uint64
	// CancelFee is the fee of a cancel report (Need.CancelReportTo).
	CancelFee *big.Int
	// Runtime is what the Book's Read gathered for its own CancelPayload
	// (on Solana: the blockhash, the token programs, the Wormhole
	// sequence and lookup table). It is opaque to the rules of this
	// package, which only hand it back in Cancel.Dest.
	Runtime any
}

// Terms are what an order's opening fixed. Accounts are 32 bytes (see
// Book).
type Terms struct {
	Version       uint16
	Nonce         uint64
	OriginChainID uint64
	DestChainID   uint64
	// Sender and TokenIn are accounts of the origin's runtime.
	Sender, TokenIn [32]byte
	// Recipient, TokenOut and Solver are accounts of the destination's
	// runtime; Solver is zero for an order any solver may fill.
	Recipient, TokenOut, Solver [32]byte
	AmountIn, AmountOut         *big.Int
	// CreatedAt and FillDeadline are Unix seconds.
	CreatedAt, FillDeadline uint64
}

// ---------------------------------------------------------------- following a chain's events

// EventSource reads one chain's order-book events for the Indexer. It is
// the runtime's: how a chain is read (eth_getLogs over blocks on EVM,
// transactions over slots on Solana), how far behind the head the index
// stays, and how a read is checked to be of one fork. The Indexer keeps
// the cursor (the next block or slot, and the anchors of the last ones
// read) and the rules: leases, writes, retries, metrics. It calls one
// EventSource from one goroutine.
type EventSource interface {
	// Events reads the events from block (or slot) next on, as far as one
	// read goes and the runtime's confirmations allow. last is the newest
	// block read so far (zero before any): when the chain no longer has
	// it, Events returns ErrReorg. A Page with a zero End read nothing:
	// caught up, unless More asks to read again at once.
	//
	// Errors besides ErrReorg: a *ForkError when what it read was not all
	// of one fork (nothing is written; the range is read again after the
	// poll interval), an *UndecodableError when an event of the order book
	// does not decode (the chain's index stops), any other for a failure a
	// retry may cure.
	Events(ctx context.Context, next uint64, last Anchor) (Page, error)
	// ForkPoint returns the newest of kept (newest first) that the chain
	// still has; ok is false when it has none of them.
	ForkPoint(ctx context.Context, kept []Anchor) (a Anchor, ok bool, err error)
}

// Anchor is a block (or slot) the index read up to: its number and the
// runtime's hash of it, by which a re-org is found.
type Anchor struct {
	Number uint64
	Hash   string
}

// Page is what one EventSource.Events read.
type Page struct {
	// Head is the newest block the chain's node reported.
	Head uint64
	// Events are the events read, in chain order.
	Events []Event
	// End is the newest block read (the read covers next..End.Number);
	// zero when nothing was read.
	End Anchor
	// More says blocks are ready to be read past End (or, with a zero End,
	// that the read should be made again at once).
	More bool
}

// ErrReorg is returned by EventSource.Events when the chain no longer has
// the last block read: the Indexer finds the fork point (ForkPoint), undoes
// what the index holds after it and reads on from there.
var ErrReorg = errors.New("order: the chain no longer has the last block indexed")

// ForkError says a block read is not on the chain of the read's end (a
// node of another fork answered part of it).
type ForkError struct {
	// From and To are the blocks read; Block the one off the chain.
	From, To, Block uint64
}

func (e *ForkError) Error() string {
	return fmt.Sprintf("order: block %d is not on the chain of block %d, the end of the range read from %d", e.Block, e.To, e.From)
}

// UndecodableError is an order-book event that does not decode: the index
// cannot say what it did, so indexing the chain stops rather than leave an
// order's history with a hole in it.
type UndecodableError struct {
	// Block and Index locate the event; Tx is its transaction.
	Block uint64
	Index uint
	Tx    string
	Err   error
}

func (e *UndecodableError) Error() string {
	return fmt.Sprintf("order: the order-book event %d of block %d does not decode: %v", e.Index, e.Block, e.Err)
}

func (e *UndecodableError) Unwrap() error { return e.Err }
