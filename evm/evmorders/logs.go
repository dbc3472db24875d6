package evmorders

import (
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/order"
)

// eventKinds maps the OrderBook's event names to the index's kinds.
var eventKinds = map[string]order.EventKind{
	"OrderOpened":    order.Opened,
	"OrderFilled":    order.Filled,
	"FillReported":   order.FillReported,
	"OrderCompleted": order.Completed,
	"OrderCancelled": order.Cancelled,
	"CancelReported": order.CancelReported,
	"RefundClaimed":  order.RefundClaimed,
}

var (
	// kindOfTopic maps the topic0 of each indexed event to its kind.
	kindOfTopic = map[common.Hash]order.EventKind{}
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
	for name, kind := range eventKinds {
		ev, ok := orderBookABI.Events[name]
		if !ok {
			panic("evmorders: the OrderBook ABI has no event " + name)
		}
		kindOfTopic[ev.ID] = kind
		topics = append(topics, ev.ID)
	}
	eventTopics = [][]common.Hash{topics}
}

// decodeLog decodes l, a log of chainID's OrderBook. ok is false for a log
// of an event the index does not keep. Hashes are 0x and lowercase hex,
// addresses EIP-55, as the index has always stored them.
func decodeLog(chainID uint64, l types.Log) (ev order.Event, ok bool, err error) {
	if len(l.Topics) == 0 {
		return ev, false, nil
	}
	kind, ok := kindOfTopic[l.Topics[0]]
	if !ok {
		return ev, false, nil
	}
	ev = order.Event{ChainID: chainID, Block: l.BlockNumber, Index: l.Index, BlockHash: l.BlockHash.Hex(),
		BlockTime: l.BlockTimestamp, Tx: l.TxHash.Hex(), Removed: l.Removed, Kind: kind}
	switch kind {
	case order.Opened:
		e, err := parser.ParseOrderOpened(l)
		if err != nil {
			return ev, false, err
		}
		ev.OrderID = e.OrderId
		ev.Opened = &order.OpenedOrder{Funder: e.Funder.Hex(), Sender: e.Sender.Hex(), TokenIn: e.TokenIn.Hex(),
			AmountIn: e.AmountIn, DestChainID: uint64(e.DestChainId), TokenOut: e.TokenOut, AmountOut: e.AmountOut,
			Solver: e.Solver, FillDeadline: int64(e.FillDeadline)}
	case order.Filled:
		e, err := parser.ParseOrderFilled(l)
		if err != nil {
			return ev, false, err
		}
		ev.OrderID, ev.Account, ev.AmountIn, ev.AmountOut = e.OrderId, e.Solver.Hex(), e.AmountInToRelease, e.AmountOutFilled
	case order.FillReported:
		e, err := parser.ParseFillReported(l)
		if err != nil {
			return ev, false, err
		}
		ev.OrderID, ev.Account, ev.AmountIn, ev.AmountOut = e.OrderId, e.OriginRecipient.Hex(), e.AmountInToRelease, e.AmountOutFilled
	case order.Completed:
		e, err := parser.ParseOrderCompleted(l)
		if err != nil {
			return ev, false, err
		}
		ev.OrderID = e.OrderId
	case order.Cancelled:
		e, err := parser.ParseOrderCancelled(l)
		if err != nil {
			return ev, false, err
		}
		ev.OrderID = e.OrderId
	case order.CancelReported:
		e, err := parser.ParseCancelReported(l)
		if err != nil {
			return ev, false, err
		}
		ev.OrderID = e.OrderId
	case order.RefundClaimed:
		e, err := parser.ParseRefundClaimed(l)
		if err != nil {
			return ev, false, err
		}
		ev.OrderID, ev.Account, ev.AmountIn = e.OrderId, e.Sender.Hex(), e.AmountInRefunded
	default:
		return ev, false, fmt.Errorf("evmorders: no decoder for %s", kind)
	}
	if ev.AmountIn == nil {
		ev.AmountIn = new(big.Int)
	}
	if ev.AmountOut == nil {
		ev.AmountOut = new(big.Int)
	}
	return ev, true, nil
}
