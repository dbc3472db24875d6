package svmorders

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
)

// eventKinds maps the order book's events to the index's kinds.
var eventKinds = map[string]order.EventKind{
	"OrderOpened":    order.Opened,
	"OrderFilled":    order.Filled,
	"FillReported":   order.FillReported,
	"OrderCompleted": order.Completed,
	"OrderCancelled": order.Cancelled,
	"CancelReported": order.CancelReported,
	"RefundClaimed":  order.RefundClaimed,
}

// ignoredEvents are the order book's events that say nothing of an order.
var ignoredEvents = []string{"DestinationSupportUpdated"}

// eventSizes are the Borsh sizes of the indexed events (all fixed).
var eventSizes = map[order.EventKind]int{
	order.Opened:         32 + 32 + 32 + 8 + 4 + 32 + 16 + 32,
	order.Filled:         32 + 32 + 16 + 16,
	order.FillReported:   32 + 16 + 16 + 32,
	order.Completed:      32,
	order.Cancelled:      32,
	order.CancelReported: 32,
	order.RefundClaimed:  32 + 32 + 8,
}

// discriminator is an Anchor event's: sha256("event:<name>")[..8], as the
// IDL lists it.
func discriminator(name string) [8]byte {
	h := sha256.Sum256([]byte("event:" + name))
	return [8]byte(h[:8])
}

var (
	kindOfDisc   = map[[8]byte]order.EventKind{}
	ignoredDiscs = map[[8]byte]bool{}
)

func init() {
	for name, kind := range eventKinds {
		kindOfDisc[discriminator(name)] = kind
	}
	for _, name := range ignoredEvents {
		ignoredDiscs[discriminator(name)] = true
	}
}

// isEmit reports whether ix, an instruction of tx, is program's emit_cpi!:
// a call of the program by itself with its event authority as the first
// account and data that opens with the tag.
func isEmit(tx *svm.Transaction, ix svm.CompiledInstruction, program, authority solana.PublicKey) bool {
	return len(ix.Data) >= 8 && [8]byte(ix.Data[:8]) == svm.EventTag && tx.Program(ix) == program && tx.Account(ix, 0) == authority
}

// decodeEvent decodes an emitted event (the data of an emit_cpi! after its
// tag: discriminator and Borsh) into an event of the index, its kind's
// fields set; the caller places it (chain, slot, index, transaction). ok
// is false for an event of the order book that says nothing of an order.
// An unknown discriminator is an error: the index cannot tell what the
// event did, so it must not step over it.
func decodeEvent(data []byte) (ev order.Event, ok bool, err error) {
	if len(data) < 8 {
		return ev, false, fmt.Errorf("svmorders: an event of %d bytes has no discriminator", len(data))
	}
	disc := [8]byte(data[:8])
	if ignoredDiscs[disc] {
		return ev, false, nil
	}
	kind, known := kindOfDisc[disc]
	if !known {
		return ev, false, fmt.Errorf("svmorders: an event with discriminator %x, which the order book's IDL does not list", disc)
	}
	b := data[8:]
	if len(b) != eventSizes[kind] {
		return ev, false, fmt.Errorf("svmorders: a %s event of %d bytes, want %d", kind, len(b), eventSizes[kind])
	}
	r := svm.NewBorshReader(b)
	ev.Kind, ev.OrderID = kind, order.ID(r.Bytes32())
	switch kind {
	case order.Opened:
		o := &order.OpenedOrder{Sender: r.Key().String(), TokenIn: r.Key().String()}
		o.AmountIn = new(big.Int).SetUint64(r.U64())
		o.DestChainID = uint64(r.U32())
		o.TokenOut = r.Bytes32()
		o.AmountOut = r.U128()
		o.Solver = r.Bytes32()
		ev.Opened = o
	case order.Filled:
		ev.Account, ev.AmountIn, ev.AmountOut = r.Key().String(), r.U128(), r.U128()
	case order.FillReported:
		ev.AmountIn, ev.AmountOut = r.U128(), r.U128()
		// The origin recipient is an account of the origin's runtime:
		// this chain's, where the report lands, so a Solana key.
		ev.Account = r.Key().String()
	case order.RefundClaimed:
		ev.Account = r.Key().String()
		ev.AmountIn = new(big.Int).SetUint64(r.U64())
	}
	if ev.AmountIn == nil {
		ev.AmountIn = new(big.Int)
	}
	if ev.AmountOut == nil {
		ev.AmountOut = new(big.Int)
	}
	return ev, true, nil
}

// openOrderDisc is the order book's open_order instruction discriminator
// (sha256("global:open_order")[..8]).
var openOrderDisc = func() [8]byte {
	h := sha256.Sum256([]byte("global:open_order"))
	return [8]byte(h[:8])
}()

// openOrderArgsSize is OrderParams' Borsh size: dest_chain_id u32,
// created_at u64, fill_deadline u64, token_out [32], amount_in u64,
// amount_out u128, recipient [32], solver [32].
const openOrderArgsSize = 4 + 8 + 8 + 32 + 8 + 16 + 32 + 32

// opening is what an open_order instruction says that the OrderOpened
// event does not: who paid (the funder), created_at and the fill deadline.
type opening struct {
	payer        solana.PublicKey
	order        solana.PublicKey // the order account (["order", id])
	destChainID  uint32
	createdAt    uint64
	fillDeadline uint64
	tokenOut     [32]byte
	amountIn     uint64
	amountOut    *big.Int
	solver       [32]byte
}

// decodeOpenOrder decodes ix as the order book's open_order; ok is false
// for another instruction.
func decodeOpenOrder(tx *svm.Transaction, ix svm.CompiledInstruction) (o opening, ok bool) {
	if len(ix.Data) != 8+openOrderArgsSize || [8]byte(ix.Data[:8]) != openOrderDisc || len(ix.Accounts) < 8 {
		return o, false
	}
	r := svm.NewBorshReader(ix.Data[8:])
	o.payer, o.order = tx.Account(ix, 0), tx.Account(ix, 7)
	o.destChainID = r.U32()
	o.createdAt = r.U64()
	o.fillDeadline = r.U64()
	o.tokenOut = r.Bytes32()
	o.amountIn = r.U64()
	o.amountOut = r.U128()
	r.Bytes32() // recipient
	o.solver = r.Bytes32()
	return o, true
}

// matches reports whether the open_order o, found by the order account
// of event ev (its PDA), carries the terms ev announces.
func (o opening) matches(ev order.Event) error {
	op := ev.Opened
	if uint64(o.destChainID) != op.DestChainID || o.tokenOut != op.TokenOut || o.solver != op.Solver ||
		op.AmountIn.Cmp(new(big.Int).SetUint64(o.amountIn)) != 0 || op.AmountOut.Cmp(o.amountOut) != 0 {
		return errors.New("its parameters are not the event's")
	}
	return nil
}
