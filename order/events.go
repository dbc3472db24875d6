package order

import (
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// The kinds of the OrderBook events the index keeps, as order_events.kind
// stores them (OrderOpened makes the orders row instead).
const (
	kindOpened         = "opened"
	kindFilled         = "filled"
	kindFillReported   = "fill_reported"
	kindCompleted      = "completed"
	kindCancelled      = "cancelled"
	kindCancelReported = "cancel_reported"
	kindRefundClaimed  = "refund_claimed"
)

// eventNames maps the OrderBook's event names to the index's kinds.
var eventNames = map[string]string{
	"OrderOpened":    kindOpened,
	"OrderFilled":    kindFilled,
	"FillReported":   kindFillReported,
	"OrderCompleted": kindCompleted,
	"OrderCancelled": kindCancelled,
	"CancelReported": kindCancelReported,
	"RefundClaimed":  kindRefundClaimed,
}

var (
	// kindOfTopic maps the topic0 of each indexed event to its kind.
	kindOfTopic = map[common.Hash]string{}
	// eventTopics is the eth_getLogs topic filter matching every indexed
	// event.
	eventTopics [][]common.Hash
	// parser decodes OrderBook logs; it never calls a node.
	parser = func() *bindings.OrderBookFilterer {
		f, err := bindings.NewOrderBookFilterer(common.Address{}, nil)
		if err != nil {
			panic(err)
		}
		return f
	}()
)

func init() {
	var topics []common.Hash
	for name, kind := range eventNames {
		ev, ok := orderBookABI.Events[name]
		if !ok {
			panic("order: the OrderBook ABI has no event " + name)
		}
		kindOfTopic[ev.ID] = kind
		topics = append(topics, ev.ID)
	}
	eventTopics = [][]common.Hash{topics}
}

// event is one OrderBook log, decoded.
type event struct {
	chainID   uint64
	block     uint64
	logIndex  uint
	blockHash common.Hash
	blockTime uint64
	tx        common.Hash
	removed   bool

	kind    string
	orderID common.Hash
	// account, amountIn and amountOut are as order_events stores them
	// (see the migration); zero values for kinds without them.
	account   string
	amountIn  *big.Int
	amountOut *big.Int
	// opened is set for kindOpened.
	opened *opened
}

// opened is the payload of OrderOpened.
type opened struct {
	funder, sender, tokenIn common.Address
	amountIn, amountOut     *big.Int
	destChainID             uint32
	tokenOut, solver        [32]byte
	fillDeadline            uint32
}

// decodeLog decodes l, a log of chainID's OrderBook. ok is false for a log
// of an event the index does not keep.
func decodeLog(chainID uint64, l types.Log) (ev event, ok bool, err error) {
	if len(l.Topics) == 0 {
		return ev, false, nil
	}
	kind, ok := kindOfTopic[l.Topics[0]]
	if !ok {
		return ev, false, nil
	}
	ev = event{chainID: chainID, block: l.BlockNumber, logIndex: l.Index, blockHash: l.BlockHash,
		blockTime: l.BlockTimestamp, tx: l.TxHash, removed: l.Removed, kind: kind,
		amountIn: new(big.Int), amountOut: new(big.Int)}
	switch kind {
	case kindOpened:
		e, err := parser.ParseOrderOpened(l)
		if err != nil {
			return ev, false, err
		}
		ev.orderID = e.OrderId
		ev.opened = &opened{funder: e.Funder, sender: e.Sender, tokenIn: e.TokenIn, amountIn: e.AmountIn,
			destChainID: e.DestChainId, tokenOut: e.TokenOut, amountOut: e.AmountOut, solver: e.Solver, fillDeadline: e.FillDeadline}
	case kindFilled:
		e, err := parser.ParseOrderFilled(l)
		if err != nil {
			return ev, false, err
		}
		ev.orderID, ev.account, ev.amountIn, ev.amountOut = e.OrderId, e.Solver.Hex(), e.AmountInToRelease, e.AmountOutFilled
	case kindFillReported:
		e, err := parser.ParseFillReported(l)
		if err != nil {
			return ev, false, err
		}
		ev.orderID, ev.account, ev.amountIn, ev.amountOut = e.OrderId, e.OriginRecipient.Hex(), e.AmountInToRelease, e.AmountOutFilled
	case kindCompleted:
		e, err := parser.ParseOrderCompleted(l)
		if err != nil {
			return ev, false, err
		}
		ev.orderID = e.OrderId
	case kindCancelled:
		e, err := parser.ParseOrderCancelled(l)
		if err != nil {
			return ev, false, err
		}
		ev.orderID = e.OrderId
	case kindCancelReported:
		e, err := parser.ParseCancelReported(l)
		if err != nil {
			return ev, false, err
		}
		ev.orderID = e.OrderId
	case kindRefundClaimed:
		e, err := parser.ParseRefundClaimed(l)
		if err != nil {
			return ev, false, err
		}
		ev.orderID, ev.account, ev.amountIn = e.OrderId, e.Sender.Hex(), e.AmountInRefunded
	default:
		return ev, false, fmt.Errorf("order: no decoder for %s", kind)
	}
	if ev.amountIn == nil {
		ev.amountIn = new(big.Int)
	}
	if ev.amountOut == nil {
		ev.amountOut = new(big.Int)
	}
	return ev, true, nil
}
