package evmorders_test

import (
	"context"
	"errors"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
)

func addr32(a common.Address) [32]byte { return common.BytesToHash(a.Bytes()) }

type world struct {
	t          *testing.T
	ctx        context.Context
	env        *devnetenv.Env
	svc        *order.Service
	hub, spoke *devnet.Chain
	hk, sk     *devnet.Contracts
	hubBook    *bindings.OrderBook
	spokeBook  *bindings.OrderBook
	alice, bob devnet.Account
	solver     devnet.Account
}

func newWorld(t *testing.T) *world {
	t.Helper()
	env := devnetenv.Get(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	w := &world{t: t, ctx: ctx, env: env}
	w.hub, _ = env.Devnet.Chain(orchestration.Sepolia)
	w.spoke, _ = env.Devnet.Chain(orchestration.BaseSepolia)
	w.hk, w.sk = env.Devnet.Contracts(orchestration.Sepolia), env.Devnet.Contracts(orchestration.BaseSepolia)
	var err error
	if w.hubBook, err = bindings.NewOrderBook(w.hk.OrderBook, w.hub.Client()); err != nil {
		t.Fatal(err)
	}
	if w.spokeBook, err = bindings.NewOrderBook(w.sk.OrderBook, w.spoke.Client()); err != nil {
		t.Fatal(err)
	}
	w.alice, w.bob, w.solver = devnetenv.Account(t, "alice"), devnetenv.Account(t, "bob"), devnetenv.Account(t, "solver")
	if w.svc, err = order.New(order.Config{Catalog: env.Catalog, Books: evmorderstest.Books(env.Reader)}); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) opts(c *devnet.Chain, a devnet.Account, value *big.Int) *bind.TransactOpts {
	w.t.Helper()
	o, err := bind.NewKeyedTransactorWithChainID(a.Key, new(big.Int).SetUint64(c.ChainID))
	if err != nil {
		w.t.Fatal(err)
	}
	o.Context, o.Value = w.ctx, value
	return o
}

func (w *world) mine(c *devnet.Chain, what string, tx *types.Transaction, err error) {
	w.t.Helper()
	if err != nil {
		w.t.Fatalf("%s on %s: %v", what, c.Name, err)
	}
	if _, err := c.WaitMined(w.ctx, tx); err != nil {
		w.t.Fatalf("%s on %s: %v", what, c.Name, err)
	}
}

func (w *world) approve(c *devnet.Chain, a devnet.Account, token, spender common.Address, amount *big.Int) {
	w.t.Helper()
	erc20, _ := bindings.NewMToken(token, c.Client())
	tx, err := erc20.Approve(w.opts(c, a, nil), spender, amount)
	w.mine(c, "approve", tx, err)
}

// open opens p on the hub as alice and returns the order's id and data.
func (w *world) open(p bindings.OrderParams) ([32]byte, bindings.OrderData) {
	w.t.Helper()
	tx, err := w.hubBook.OpenOrder(w.opts(w.hub, w.alice, nil), p)
	if err != nil {
		w.t.Fatalf("openOrder: %v", err)
	}
	r, err := w.hub.WaitMined(w.ctx, tx)
	if err != nil || r.Status != 1 {
		w.t.Fatalf("openOrder: %v, status %v", err, r)
	}
	for _, l := range r.Logs {
		if ev, err := w.hubBook.ParseOrderOpened(*l); err == nil && l.Address == w.hk.OrderBook {
			data, err := w.hubBook.GetOrderData(&bind.CallOpts{Context: w.ctx}, ev.OrderId)
			if err != nil {
				w.t.Fatal(err)
			}
			return ev.OrderId, data
		}
	}
	w.t.Fatal("openOrder emitted no OrderOpened")
	return [32]byte{}, bindings.OrderData{}
}

// get reads the order through the service and checks the round trips: one
// per chain in wantTrips. The first read of an order is one aggregate3 per
// chain; a later one whose answers the reader cached for the newest block
// it saw costs an eth_blockNumber first, and the aggregate3 only when the
// chain moved on (evm.Reader.Read), so up to two.
func (w *world) get(id [32]byte, wantTrips ...orchestration.Chain) *orchestration.Order {
	w.t.Helper()
	return w.getTrips(id, 1, wantTrips...)
}

// again is get for an order read before.
func (w *world) again(id [32]byte, wantTrips ...orchestration.Chain) *orchestration.Order {
	w.t.Helper()
	return w.getTrips(id, 2, wantTrips...)
}

func (w *world) getTrips(id [32]byte, most int, wantTrips ...orchestration.Chain) *orchestration.Order {
	w.t.Helper()
	ctx, trips := evm.WithTrips(w.ctx)
	o, err := w.svc.Order(ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(id[:])})
	if err != nil {
		w.t.Fatalf("Order: %v", err)
	}
	got := trips.Chains()
	if len(got) != len(wantTrips) {
		w.t.Fatalf("round trips %v, want 1 to %d on each of %v", got, most, wantTrips)
	}
	for _, c := range wantTrips {
		if got[c] < 1 || got[c] > most {
			w.t.Fatalf("round trips %v, want 1 to %d on each of %v", got, most, wantTrips)
		}
	}
	return o
}

func TestSameChainOrder(t *testing.T) {
	w := newWorld(t)
	amountIn, amountOut := big.NewInt(3_000_000), big.NewInt(2_000_000)
	w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	deadline := uint32(w.hub.Now().Add(time.Hour).Unix())
	id, data := w.open(bindings.OrderParams{
		DestChainId: uint32(w.hub.ChainID), FillDeadline: deadline,
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.hk.USDC),
		AmountIn: amountIn, AmountOut: amountOut,
		Recipient: addr32(w.bob.Address), Sender: w.alice.Address, // solver zero: open fill
	})

	o := w.get(id, orchestration.Sepolia)
	want := orchestration.Order{
		OrderID: hexutil.Encode(id[:]), Version: 1, Nonce: big.NewInt(int64(data.Nonce)).String(),
		Sender: w.alice.Address.Hex(), Recipient: w.bob.Address.Hex(),
		OriginChainID: w.hub.ChainID, DestChainID: w.hub.ChainID,
		TokenIn: w.hk.WrappedM.Hex(), TokenOut: w.hk.USDC.Hex(),
		AmountIn: "3000000", AmountOut: "2000000", DesignatedSolver: common.Address{}.Hex(),
		CreatedAt: int64(data.CreatedAt), FillDeadline: int64(deadline), Status: orchestration.OrderCreated,
		AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0",
	}
	if o.Funder != nil || o.OpenTx != nil || o.FillCount != nil || o.FillReportCount != nil || o.ResolvedAt != nil || o.Fills != nil {
		t.Errorf("indexer-only fields are set: %+v", o)
	}
	if !reflect.DeepEqual(*o, want) {
		t.Fatalf("Order =\n%+v\nwant\n%+v", *o, want)
	}

	// The solver fills it all on the same chain: COMPLETED at once.
	w.approve(w.hub, w.solver, w.hk.USDC, w.hk.OrderBook, amountOut)
	tx, err := w.hubBook.FillOrder(w.opts(w.hub, w.solver, nil), id, data,
		bindings.FillParams{AmountOutToFill: amountOut, OriginRecipient: addr32(w.solver.Address), RefundAddress: addr32(w.solver.Address)})
	w.mine(w.hub, "fillOrder", tx, err)
	o = w.again(id, orchestration.Sepolia)
	if o.Status != orchestration.OrderCompleted || o.AmountOutFilled != "2000000" || o.AmountInReleased != "3000000" || o.AmountRefunded != "0" {
		t.Fatalf("after the fill: %+v", o)
	}
}

func TestCrossChainOrder(t *testing.T) {
	w := newWorld(t)
	amountIn, amountOut := big.NewInt(10_000_000), big.NewInt(9_000_000)
	half := big.NewInt(4_500_000)
	w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	id, data := w.open(bindings.OrderParams{
		DestChainId: uint32(w.spoke.ChainID), FillDeadline: uint32(w.hub.Now().Add(time.Hour).Unix()),
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC),
		AmountIn: amountIn, AmountOut: amountOut,
		Recipient: addr32(w.bob.Address), Solver: addr32(w.solver.Address), Sender: w.alice.Address,
	})
	o := w.get(id, orchestration.Sepolia, orchestration.BaseSepolia)
	if o.Status != orchestration.OrderCreated || o.DestChainID != w.spoke.ChainID || o.TokenOut != w.sk.USDC.Hex() ||
		o.DesignatedSolver != w.solver.Address.Hex() || o.AmountOutFilled != "0" {
		t.Fatalf("after opening: %+v", o)
	}

	if err := w.env.Devnet.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	portal, _ := bindings.NewPortal(w.sk.Portal, w.spoke.Client())
	fee, err := portal.Quote0(&bind.CallOpts{Context: w.ctx}, uint32(w.hub.ChainID), 4 /* fill report */)
	if err != nil {
		t.Fatal(err)
	}
	w.approve(w.spoke, w.solver, w.sk.USDC, w.sk.OrderBook, amountOut)
	fill := func(amount *big.Int) {
		t.Helper()
		tx, err := w.spokeBook.FillOrder(w.opts(w.spoke, w.solver, fee), id, data,
			bindings.FillParams{AmountOutToFill: amount, OriginRecipient: addr32(w.solver.Address), RefundAddress: addr32(w.solver.Address)})
		w.mine(w.spoke, "fillOrder", tx, err)
	}

	// A partial fill, its report not yet delivered: the destination's amount
	// out, nothing released on the origin yet.
	fill(half)
	o = w.again(id, orchestration.Sepolia, orchestration.BaseSepolia)
	if o.Status != orchestration.OrderCreated || o.AmountOutFilled != half.String() || o.AmountInReleased != "0" {
		t.Fatalf("after a partial fill, report in flight: %+v", o)
	}
	if _, err := w.env.Devnet.Relay(w.ctx); err != nil {
		t.Fatal(err)
	}
	o = w.again(id, orchestration.Sepolia, orchestration.BaseSepolia)
	if o.Status != orchestration.OrderCreated || o.AmountOutFilled != half.String() || o.AmountInReleased != "5000000" {
		t.Fatalf("after a partial fill reported: %+v", o)
	}

	// The completing fill: COMPLETED as soon as the destination says so.
	fill(new(big.Int).Sub(amountOut, half))
	o = w.again(id, orchestration.Sepolia, orchestration.BaseSepolia)
	if o.Status != orchestration.OrderCompleted || o.AmountOutFilled != amountOut.String() || o.AmountInReleased != "5000000" {
		t.Fatalf("after the completing fill, report in flight: %+v", o)
	}
	if _, err := w.env.Devnet.Relay(w.ctx); err != nil {
		t.Fatal(err)
	}
	o = w.again(id, orchestration.Sepolia, orchestration.BaseSepolia)
	if o.Status != orchestration.OrderCompleted || o.AmountOutFilled != amountOut.String() || o.AmountInReleased != amountIn.String() {
		t.Fatalf("after the completing fill reported: %+v", o)
	}
}

func TestOrderErrors(t *testing.T) {
	w := newWorld(t)
	unknown := "0x" + strings.Repeat("ab", 32)
	for _, c := range []struct {
		name string
		ref  orchestration.OrderRef
		code orchestration.Code
		in   string
	}{
		{"unknown id", orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: unknown}, orchestration.OrderNotFound, "Sepolia"},
		{"unknown chain", orchestration.OrderRef{OriginChain: "Narnia", OrderID: unknown}, orchestration.BadOrderRequest, "originChain"},
		{"no chain", orchestration.OrderRef{OrderID: unknown}, orchestration.BadOrderRequest, "originChain"},
		{"short id", orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: "0x1234"}, orchestration.BadOrderRequest, "orderId"},
		{"id without 0x", orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: strings.Repeat("ab", 33)}, orchestration.BadOrderRequest, "orderId"},
		{"id not hex", orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: "0x" + strings.Repeat("zz", 32)}, orchestration.BadOrderRequest, "orderId"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := w.svc.Order(w.ctx, c.ref)
			var e *orchestration.Error
			if !errors.As(err, &e) || e.Code != c.code || !strings.Contains(e.Message, c.in) {
				t.Fatalf("err = %v, want %s naming %q", err, c.code, c.in)
			}
		})
	}
	noClient, err := order.New(order.Config{Catalog: w.env.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := noClient.Order(w.ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: unknown}); !ordertest.IsCode(err, orchestration.NotImplemented) {
		t.Errorf("Order with no client for the chain: %v, want NotImplemented", err)
	}
	if _, err := w.svc.Orders(w.ctx, orchestration.OrdersQuery{}); !ordertest.IsCode(err, orchestration.NotImplemented) {
		t.Errorf("Orders: %v, want NotImplemented", err)
	}
}

// down is a node that answers nothing.
type down struct{}

var errDown = errors.New("connection refused")

func (down) CallContract(context.Context, ethereum.CallMsg, *big.Int) ([]byte, error) {
	return nil, errDown
}
func (down) CodeAt(context.Context, common.Address, *big.Int) ([]byte, error) { return nil, errDown }
func (down) BlockNumber(context.Context) (uint64, error)                      { return 0, errDown }

func TestChainDown(t *testing.T) {
	w := newWorld(t)
	for _, dead := range []orchestration.Chain{orchestration.Sepolia, orchestration.BaseSepolia} {
		t.Run(string(dead), func(t *testing.T) {
			r, err := devnetenv.NewReader(w.env.Devnet, func(c orchestration.Chain, b evm.Backend) evm.Backend {
				if c == dead {
					return down{}
				}
				return b
			})
			if err != nil {
				t.Fatal(err)
			}
			svc, err := order.New(order.Config{Catalog: w.env.Catalog, Books: evmorderstest.Books(r), ReadTimeout: 5 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			// A cross-chain order, so the destination is read too.
			w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, big.NewInt(1_000_000))
			id, _ := w.open(bindings.OrderParams{
				DestChainId: uint32(w.spoke.ChainID), FillDeadline: uint32(w.hub.Now().Add(time.Hour).Unix()),
				TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC), AmountIn: big.NewInt(1_000_000), AmountOut: big.NewInt(900_000),
				Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
			})
			_, err = svc.Order(w.ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(id[:])})
			var e *orchestration.Error
			if !errors.As(err, &e) || e.Code != orchestration.CancelOrderError || !strings.Contains(e.Message, string(dead)) {
				t.Fatalf("err = %v, want CancelOrderError naming %s", err, dead)
			}
			if strings.Contains(e.Message, "refused") {
				t.Errorf("message leaks the cause: %q", e.Message)
			}
		})
	}
}
