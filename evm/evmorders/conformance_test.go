package evmorders_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
)

// breakable is a fake chain's node that fails every request once broken.
type breakable struct {
	*evmorderstest.Chain
	broken atomic.Bool
}

var errBroken = errors.New("connection refused")

func (b *breakable) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	if b.broken.Load() {
		return nil, errBroken
	}
	return b.Chain.FilterLogs(ctx, q)
}

func (b *breakable) HeaderByNumber(ctx context.Context, n *big.Int) (*types.Header, error) {
	if b.broken.Load() {
		return nil, errBroken
	}
	return b.Chain.HeaderByNumber(ctx, n)
}

// logOf is e as the OrderBook logs it.
func logOf(e ordertest.Emit) evmorderstest.Event {
	solver, sender := evmorderstest.Account(1), evmorderstest.Account(2)
	switch e.Kind {
	case order.Opened:
		return evmorderstest.Order{ID: e.ID, Sender: sender, Funder: sender, Dest: evmorderstest.ChainB, AmountIn: 100, AmountOut: 90,
			Deadline: 2_000_000_000}.Opened()
	case order.Filled:
		return evmorderstest.Filled(e.ID, solver, 40, 36)
	case order.FillReported:
		return evmorderstest.FillReported(e.ID, solver, 40, 36)
	case order.Completed:
		return evmorderstest.Completed(e.ID)
	case order.Cancelled:
		return evmorderstest.Cancelled(e.ID)
	case order.CancelReported:
		return evmorderstest.CancelReported(e.ID)
	case order.RefundClaimed:
		return evmorderstest.Refunded(e.ID, sender, 100)
	}
	panic(fmt.Sprintf("no OrderBook event of kind %q", e.Kind))
}

// The EventSource passes the driver suite over a fake chain, reading up to
// the head in ranges of the default size, and two blocks behind it in
// ranges of three.
func TestEventSourceConformance(t *testing.T) {
	for _, c := range []struct{ confirmations, maxRange uint64 }{{0, 0}, {2, 3}} {
		t.Run(fmt.Sprintf("confirmations=%d,maxRange=%d", c.confirmations, c.maxRange), func(t *testing.T) {
			ordertest.RunEventSource(t, func(t *testing.T) ordertest.EventSourceHarness {
				chain := evmorderstest.NewChain(evmorderstest.ChainA)
				node := &breakable{Chain: chain}
				src, err := evmorders.NewEventSource(evmorders.EventSourceConfig{Name: "A", ChainID: chain.ID, OrderBook: chain.Book, Logs: node,
					Confirmations: c.confirmations, MaxRange: c.maxRange, Logger: slog.New(slog.DiscardHandler)})
				if err != nil {
					t.Fatal(err)
				}
				return ordertest.EventSourceHarness{Source: src, ChainID: chain.ID, Confirmations: c.confirmations, MaxRange: c.maxRange,
					Mine: func(_ *testing.T, events ...ordertest.Emit) uint64 {
						logs := make([]evmorderstest.Event, len(events))
						for i, e := range events {
							logs[i] = logOf(e)
						}
						return chain.Mine(logs...)
					},
					Reorg: func(_ *testing.T, from uint64) {
						chain.Reorg(from, make([][]evmorderstest.Event, chain.Head()-from+1)...)
					},
					Break: func(*testing.T) { node.broken.Store(true) },
				}
			})
		})
	}
}

// The Book passes the driver suite on the devnet: a cross-chain order
// open on its origin, and a same-chain order filled in full.
func TestBookConformance(t *testing.T) {
	w := newWorld(t)
	hub, _ := w.env.Catalog.Chain(orchestration.Sepolia)
	deadline := uint64(w.hub.Now().Add(time.Hour).Unix())
	openOn := func(dest uint64, tokenOut common.Address, solver [32]byte) ordertest.KnownOrder {
		amountIn, amountOut := big.NewInt(2_000_000), big.NewInt(1_500_000)
		w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
		id, data := w.open(bindings.OrderParams{DestChainId: uint32(dest), FillDeadline: uint32(deadline), TokenIn: w.hk.WrappedM,
			TokenOut: addr32(tokenOut), AmountIn: amountIn, AmountOut: amountOut, Recipient: addr32(w.bob.Address), Solver: solver, Sender: w.alice.Address})
		return ordertest.KnownOrder{ID: id, Want: order.View{Found: true, Status: orchestration.OrderCreated,
			Terms: order.Terms{Version: data.Version, Nonce: data.Nonce, OriginChainID: w.hub.ChainID, DestChainID: dest,
				Sender: addr32(w.alice.Address), TokenIn: addr32(w.hk.WrappedM), Recipient: addr32(w.bob.Address), TokenOut: addr32(tokenOut),
				Solver: solver, AmountIn: amountIn, AmountOut: amountOut, CreatedAt: data.CreatedAt, FillDeadline: deadline},
			AmountOutFilled: new(big.Int), AmountInReleased: new(big.Int), AmountRefunded: new(big.Int)}}
	}
	cross := openOn(w.spoke.ChainID, w.sk.USDC, addr32(w.solver.Address))
	same := openOn(w.hub.ChainID, w.hk.USDC, [32]byte{})
	w.approve(w.hub, w.solver, w.hk.USDC, w.hk.OrderBook, same.Want.Terms.AmountOut)
	data, err := w.hubBook.GetOrderData(nil, same.ID)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := w.hubBook.FillOrder(w.opts(w.hub, w.solver, nil), same.ID, data, bindings.FillParams{AmountOutToFill: same.Want.Terms.AmountOut,
		OriginRecipient: addr32(w.solver.Address), RefundAddress: addr32(w.solver.Address)})
	w.mine(w.hub, "fillOrder", tx, err)
	same.Want.Status, same.Want.AmountOutFilled, same.Want.AmountInReleased = orchestration.OrderCompleted, same.Want.Terms.AmountOut, same.Want.Terms.AmountIn

	ordertest.RunBook(t, func(t *testing.T) ordertest.BookHarness {
		return ordertest.BookHarness{Book: evmorders.New(w.env.Reader), Chain: hub, Foreign: orchestration.Solana,
			Orders: []ordertest.KnownOrder{cross, same}, Unknown: order.ID{0: 0xab, 31: 0xcd}, CancelReportTo: w.spoke.ChainID,
			Accounts:  []string{w.alice.Address.Hex(), common.Address{}.Hex(), w.hk.OrderBook.Hex()},
			Malformed: []string{"", "0x1234", "not an address", "11111111111111111111111111111111", "0x" + common.Bytes2Hex(make([]byte, 32))},
			ReadCancel: func(p orchestration.TransactionPayload) (string, *big.Int, error) {
				if p.EVM == nil {
					return "", nil, errors.New("not an EVM transaction")
				}
				value, ok := new(big.Int).SetString(p.EVM.Value, 10)
				if !ok {
					return "", nil, fmt.Errorf("value %q is not a decimal", p.EVM.Value)
				}
				return p.EVM.To, value, nil
			},
		}
	})
}
