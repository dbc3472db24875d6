package evmorderstest

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/order"
)

// Event is an OrderBook log's topics and data.
type Event struct {
	Topics []common.Hash
	Data   []byte
}

// BookABI is the OrderBook's ABI.
var BookABI = contracts.MustABI("OrderBook")

// NewEvent encodes the OrderBook event name with args in declaration
// order; it panics on args that do not fit.
func NewEvent(name string, args ...any) Event {
	e := BookABI.Events[name]
	var indexed [][]any
	var plain []any
	for i, in := range e.Inputs {
		if in.Indexed {
			indexed = append(indexed, []any{args[i]})
		} else {
			plain = append(plain, args[i])
		}
	}
	var topics [][]common.Hash
	if len(indexed) > 0 {
		var err error
		if topics, err = abi.MakeTopics(indexed...); err != nil {
			panic(err)
		}
	}
	data, err := e.Inputs.NonIndexed().Pack(plain...)
	if err != nil {
		panic(err)
	}
	out := Event{Topics: []common.Hash{e.ID}, Data: data}
	for _, t := range topics {
		out.Topics = append(out.Topics, t[0])
	}
	return out
}

// OrderID is the n-th order's id.
func OrderID(n int) order.ID { return order.ID(common.BigToHash(big.NewInt(int64(n) + 0xdead0000))) }

// Account is the n-th account.
func Account(n int) common.Address { return common.BigToAddress(big.NewInt(int64(n) + 0xacc0000)) }

// Bytes32 is a left-padded to 32 bytes, as the OrderBook carries an
// account across chains.
func Bytes32(a common.Address) [32]byte { return common.BytesToHash(a.Bytes()) }

// Order describes an order opened on a fake chain.
type Order struct {
	ID                  order.ID
	Sender, Funder      common.Address
	Dest                uint64
	AmountIn, AmountOut int64
	Solver              common.Address // zero: open fill
	Deadline            uint32
}

// Opened is o's OrderOpened (tokenIn Account(900), tokenOut Account(901)).
func (o Order) Opened() Event {
	return NewEvent("OrderOpened", common.Hash(o.ID), o.Funder, o.Sender, Account(900), big.NewInt(o.AmountIn), uint32(o.Dest),
		Bytes32(Account(901)), big.NewInt(o.AmountOut), Bytes32(o.Solver), o.Deadline)
}

// Filled is an OrderFilled.
func Filled(id order.ID, solver common.Address, in, out int64) Event {
	return NewEvent("OrderFilled", common.Hash(id), solver, big.NewInt(in), big.NewInt(out), common.Hash{1})
}

// FillReported is a FillReported.
func FillReported(id order.ID, to common.Address, in, out int64) Event {
	return NewEvent("FillReported", common.Hash(id), to, big.NewInt(in), big.NewInt(out))
}

// Completed is an OrderCompleted.
func Completed(id order.ID) Event { return NewEvent("OrderCompleted", common.Hash(id)) }

// Cancelled is an OrderCancelled.
func Cancelled(id order.ID) Event {
	return NewEvent("OrderCancelled", common.Hash(id), common.Hash{2})
}

// CancelReported is a CancelReported.
func CancelReported(id order.ID) Event { return NewEvent("CancelReported", common.Hash(id)) }

// Refunded is a RefundClaimed.
func Refunded(id order.ID, to common.Address, amount int64) Event {
	return NewEvent("RefundClaimed", common.Hash(id), to, big.NewInt(amount))
}
