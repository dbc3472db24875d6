package evmorders_test

import (
	"context"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
)

func (w *world) balance(c *devnet.Chain, token, who common.Address) *big.Int {
	w.t.Helper()
	erc20, _ := bindings.NewMToken(token, c.Client())
	b, err := erc20.BalanceOf(&bind.CallOpts{Context: w.ctx}, who)
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *world) cancel(id [32]byte, caller string) (*orchestration.TransactionPayload, error) {
	return w.cancelCtx(w.ctx, id, caller)
}

// cancelTrips is cancel checking the round trips: one batch (up to two
// round trips with the reader's block check) on each of wantTrips.
func (w *world) cancelTrips(id [32]byte, caller string, wantTrips ...orchestration.Chain) *orchestration.TransactionPayload {
	w.t.Helper()
	ctx, trips := evm.WithTrips(w.ctx)
	p, err := w.cancelCtx(ctx, id, caller)
	if err != nil {
		w.t.Fatal(err)
	}
	got := trips.Chains()
	if len(got) != len(wantTrips) {
		w.t.Fatalf("round trips %v, want 1 or 2 on each of %v", got, wantTrips)
	}
	for _, c := range wantTrips {
		if got[c] < 1 || got[c] > 2 {
			w.t.Fatalf("round trips %v, want 1 or 2 on each of %v", got, wantTrips)
		}
	}
	return p
}

func (w *world) cancelCtx(ctx context.Context, id [32]byte, caller string) (*orchestration.TransactionPayload, error) {
	return w.svc.CancelOrder(ctx, orchestration.CancelOrderRequest{
		Order:  orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(id[:])},
		Caller: caller,
	})
}

// execute sends p from a's key and returns its receipt, which must use
// no more gas than the payload's estimate (evmgas, decision 103): every
// cancel payload carries one, a cancel through the Wormhole adapter's
// three-argument call included.
func (w *world) execute(p *orchestration.TransactionPayload, a devnet.Account) *types.Receipt {
	w.t.Helper()
	e := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{
		orchestration.Sepolia: w.hub.Client(), orchestration.BaseSepolia: w.spoke.Client(),
	}, Signer: evm.KeySigner(a.Key)}
	r, err := e.Execute(w.ctx, []orchestration.Payload{{Provider: "m0-orderbook", Data: *p}})
	if err != nil {
		w.t.Fatalf("executing the cancel: %v", err)
	}
	gas, err := strconv.ParseUint(p.EVM.Gas, 10, 64)
	if err != nil {
		w.t.Errorf("the cancel payload carries gas %q: %v", p.EVM.Gas, err)
	} else if r[0].GasUsed > gas {
		w.t.Errorf("the cancel used %d gas, above its payload's estimate %d", r[0].GasUsed, gas)
	}
	w.t.Logf("cancel on %s: %d gas used, estimate %s", p.EVM.Chain, r[0].GasUsed, p.EVM.Gas)
	return r[0]
}

// cancelFee is the spoke Portal's fee for a cancel report to the hub, as
// the chain quotes it now.
func (w *world) cancelFee() *big.Int {
	w.t.Helper()
	portal, _ := bindings.NewPortal(w.sk.Portal, w.spoke.Client())
	fee, err := portal.Quote0(&bind.CallOpts{Context: w.ctx}, uint32(w.hub.ChainID), 6 /* cancel report */)
	if err != nil {
		w.t.Fatal(err)
	}
	if fee.Sign() == 0 {
		w.t.Fatal("the devnet charges no cancel report fee: the test cannot tell")
	}
	return fee
}

// withDefaultMargin is fee with order.DefaultCancelFeeMarginBps added.
func withDefaultMargin(fee *big.Int) *big.Int {
	m := new(big.Int).Mul(fee, big.NewInt(10_000+order.DefaultCancelFeeMarginBps))
	return m.Quo(m.Add(m, big.NewInt(9_999)), big.NewInt(10_000))
}

func wantCode(t *testing.T, what string, err error, code orchestration.Code, in ...string) string {
	t.Helper()
	var e *orchestration.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("%s: err = %v, want %s", what, err, code)
	}
	for _, s := range in {
		if !strings.Contains(e.Message, s) {
			t.Errorf("%s: message %q does not say %q", what, e.Message, s)
		}
	}
	return e.Message
}

func TestCancelSameChainBySender(t *testing.T) {
	w := newWorld(t)
	amountIn := big.NewInt(2_000_000)
	w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	id, _ := w.open(bindings.OrderParams{
		DestChainId: uint32(w.hub.ChainID), FillDeadline: uint32(w.hub.Now().Add(time.Hour).Unix()),
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.hk.USDC), AmountIn: amountIn, AmountOut: big.NewInt(1_900_000),
		Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
	})
	before := w.balance(w.hub, w.hk.WrappedM, w.alice.Address)

	// caller defaults to the sender, who may cancel a same-chain order at once.
	p := w.cancelTrips(id, "", orchestration.Sepolia)
	if p.EVM == nil || p.EVM.Chain != orchestration.Sepolia || p.EVM.ChainID != w.hub.ChainID ||
		p.EVM.To != w.hk.OrderBook.Hex() || p.EVM.Value != "0" {
		t.Fatalf("payload %+v", p.EVM)
	}
	w.execute(p, w.alice)
	if got := new(big.Int).Sub(w.balance(w.hub, w.hk.WrappedM, w.alice.Address), before); got.Cmp(amountIn) != 0 {
		t.Fatalf("refund %s, want %s", got, amountIn)
	}
	o := w.again(id, orchestration.Sepolia)
	if o.Status != orchestration.OrderCancelled || o.AmountRefunded != amountIn.String() {
		t.Fatalf("after the cancel: %+v", o)
	}

	// A second cancel: 409.
	_, err := w.cancel(id, "")
	wantCode(t, "second cancel", err, orchestration.OrderNotCancellable, "CANCELLED")
}

func TestCancelCrossChainAfterDeadline(t *testing.T) {
	w := newWorld(t)
	if err := w.env.Devnet.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	amountIn := big.NewInt(4_000_000)
	w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	deadline := uint32(w.hub.Now().Add(10 * time.Minute).Unix())
	id, _ := w.open(bindings.OrderParams{
		DestChainId: uint32(w.spoke.ChainID), FillDeadline: deadline,
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC), AmountIn: amountIn, AmountOut: big.NewInt(3_900_000),
		Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
	})
	stranger := w.solver

	// Early, by a stranger (and by the sender, who may not cancel a
	// cross-chain order before its deadline): 409 with the time.
	whenText := time.Unix(int64(deadline)+1, 0).UTC().Format(time.RFC3339)
	unix := strconv.FormatInt(int64(deadline)+1, 10)
	for _, c := range []string{stranger.Address.Hex(), ""} {
		_, err := w.cancel(id, c)
		wantCode(t, "early cancel by "+c, err, orchestration.OrderNotCancellable, whenText, unix, "recipient")
	}
	// The recipient may: a payload, not executed here (once the
	// destination's clock has caught up with the block the order was
	// opened in).
	if err := w.env.Devnet.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.cancel(id, w.bob.Address.Hex()); err != nil {
		t.Fatalf("cancel by the recipient before the deadline: %v", err)
	}

	if err := w.spoke.AdvanceTime(11 * time.Minute); err != nil {
		t.Fatal(err)
	}
	p := w.cancelTrips(id, stranger.Address.Hex(), orchestration.Sepolia, orchestration.BaseSepolia)
	value := withDefaultMargin(w.cancelFee())
	if p.EVM == nil || p.EVM.Chain != orchestration.BaseSepolia || p.EVM.ChainID != w.spoke.ChainID ||
		p.EVM.To != w.sk.OrderBook.Hex() || p.EVM.Value != value.String() {
		t.Fatalf("payload %+v, want on %s to %s with value %s (the fee and its margin)", p.EVM, orchestration.BaseSepolia, w.sk.OrderBook.Hex(), value)
	}
	before := w.balance(w.hub, w.hk.WrappedM, w.alice.Address)
	w.execute(p, stranger)

	// Cancelled on the destination, the report in flight: the origin still
	// says CREATED; a second cancel is 409 already.
	o := w.again(id, orchestration.Sepolia, orchestration.BaseSepolia)
	if o.Status != orchestration.OrderCancelled {
		t.Fatalf("after the cancel, report in flight: %+v", o)
	}
	_, err := w.cancel(id, stranger.Address.Hex())
	wantCode(t, "cancel in flight", err, orchestration.OrderNotCancellable, "in flight")

	if _, err := w.env.Devnet.Relay(w.ctx); err != nil {
		t.Fatal(err)
	}
	o = w.again(id, orchestration.Sepolia, orchestration.BaseSepolia)
	if o.Status != orchestration.OrderCancelled || o.AmountRefunded != amountIn.String() {
		t.Fatalf("after the report: %+v", o)
	}
	if got := new(big.Int).Sub(w.balance(w.hub, w.hk.WrappedM, w.alice.Address), before); got.Cmp(amountIn) != 0 {
		t.Fatalf("refund %s, want %s", got, amountIn)
	}
	_, err = w.cancel(id, "")
	wantCode(t, "second cancel", err, orchestration.OrderNotCancellable, "CANCELLED")
}

// TestCancelCrossChainFeeRises: the bridge fee rising between build and
// submission (within the margin) does not revert the cancel, and the
// Portal keeps only the fee of the block the cancel is mined in, refunding
// the rest of the value to the caller.
func TestCancelCrossChainFeeRises(t *testing.T) {
	w := newWorld(t)
	if err := w.env.Devnet.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	amountIn := big.NewInt(3_000_000)
	w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	id, _ := w.open(bindings.OrderParams{
		DestChainId: uint32(w.spoke.ChainID), FillDeadline: uint32(w.hub.Now().Add(time.Hour).Unix()),
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC), AmountIn: amountIn, AmountOut: big.NewInt(2_900_000),
		Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
	})
	if err := w.env.Devnet.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	// The recipient may cancel before the deadline.
	p, err := w.cancel(id, w.bob.Address.Hex())
	if err != nil {
		t.Fatal(err)
	}
	built := w.cancelFee()
	if p.EVM.Value != withDefaultMargin(built).String() {
		t.Fatalf("value %s, want the fee %s and its margin", p.EVM.Value, built)
	}

	// The fee rises by a tenth before the cancel is sent.
	portal, _ := bindings.NewPortal(w.sk.Portal, w.spoke.Client())
	deployer := devnetenv.Account(t, "deployer")
	perGas, err := portal.FeePerGas(&bind.CallOpts{Context: w.ctx})
	if err != nil {
		t.Fatal(err)
	}
	setFee := func(ctx context.Context, v *big.Int) error {
		o := w.opts(w.spoke, deployer, nil)
		o.Context = ctx
		tx, err := portal.SetFeePerGas(o, v)
		if err == nil {
			_, err = w.spoke.WaitMined(ctx, tx)
		}
		return err
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := setFee(ctx, perGas); err != nil {
			t.Errorf("restoring the Portal's fee: %v", err)
		}
	})
	if err := setFee(w.ctx, new(big.Int).Quo(new(big.Int).Mul(perGas, big.NewInt(11)), big.NewInt(10))); err != nil {
		t.Fatal(err)
	}
	risen := w.cancelFee()
	if risen.Cmp(built) <= 0 {
		t.Fatalf("the fee did not rise: %s, then %s", built, risen)
	}

	balance := func(a common.Address) *big.Int {
		b, err := w.spoke.Client().BalanceAt(w.ctx, a, nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	bobBefore, portalBefore := balance(w.bob.Address), balance(w.sk.Portal)
	r := w.execute(p, w.bob)
	gas := new(big.Int).Mul(new(big.Int).SetUint64(r.GasUsed), r.EffectiveGasPrice)
	if got := new(big.Int).Sub(balance(w.sk.Portal), portalBefore); got.Cmp(risen) != 0 {
		t.Errorf("the Portal kept %s, want the fee at inclusion %s", got, risen)
	}
	paid := new(big.Int).Sub(bobBefore, balance(w.bob.Address))
	if want := new(big.Int).Add(gas, risen); paid.Cmp(want) != 0 {
		t.Errorf("the caller paid %s, want gas %s and the fee %s (the rest of the value %s refunded)", paid, gas, risen, p.EVM.Value)
	}
	if o := w.again(id, orchestration.Sepolia, orchestration.BaseSepolia); o.Status != orchestration.OrderCancelled {
		t.Fatalf("after the cancel: %+v", o)
	}
}

func TestCancelErrors(t *testing.T) {
	w := newWorld(t)
	unknown := "0x" + strings.Repeat("ab", 32)
	_, err := w.svc.CancelOrder(w.ctx, orchestration.CancelOrderRequest{Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: unknown}})
	wantCode(t, "unknown order", err, orchestration.OrderNotFound, "Sepolia")
	_, err = w.svc.CancelOrder(w.ctx, orchestration.CancelOrderRequest{Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: "0x12"}})
	wantCode(t, "short id", err, orchestration.BadOrderRequest, "orderId")
	_, err = w.svc.CancelOrder(w.ctx, orchestration.CancelOrderRequest{Order: orchestration.OrderRef{OriginChain: "Narnia", OrderID: unknown}})
	wantCode(t, "unknown chain", err, orchestration.BadOrderRequest, "originChain")

	w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, big.NewInt(1_000_000))
	id, _ := w.open(bindings.OrderParams{
		DestChainId: uint32(w.spoke.ChainID), FillDeadline: uint32(w.hub.Now().Add(time.Hour).Unix()),
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC), AmountIn: big.NewInt(1_000_000), AmountOut: big.NewInt(900_000),
		Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
	})
	for _, c := range []string{"0x1234", "So11111111111111111111111111111111111111112", strings.ToUpper("0x") + strings.Repeat("a", 40),
		"0x" + strings.Repeat("aB", 20)} {
		_, err := w.cancel(id, c)
		wantCode(t, "caller "+c, err, orchestration.BadOrderRequest, "caller")
	}
	// The zero accounts (decision 19), after the fill deadline too, when
	// the OrderBook lets anyone cancel: no one signs for them.
	if err := w.spoke.AdvanceTime(2 * time.Hour); err != nil {
		t.Fatal(err)
	}
	// The next tests open orders by the hub's clock and fill them on the
	// spoke: leave the clocks together.
	t.Cleanup(func() {
		if err := w.env.Devnet.SyncClocks(); err != nil {
			t.Error(err)
		}
	})
	for _, c := range []string{"0x0000000000000000000000000000000000000000", "11111111111111111111111111111111"} {
		_, err := w.cancel(id, c)
		wantCode(t, "caller "+c, err, orchestration.BadOrderRequest, "caller must not be the ")
	}
}

func TestCancelCompleted(t *testing.T) {
	w := newWorld(t)
	amountIn, amountOut := big.NewInt(1_000_000), big.NewInt(900_000)
	w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	id, data := w.open(bindings.OrderParams{
		DestChainId: uint32(w.hub.ChainID), FillDeadline: uint32(w.hub.Now().Add(time.Hour).Unix()),
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.hk.USDC), AmountIn: amountIn, AmountOut: amountOut,
		Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
	})
	w.approve(w.hub, w.solver, w.hk.USDC, w.hk.OrderBook, amountOut)
	tx, err := w.hubBook.FillOrder(w.opts(w.hub, w.solver, nil), id, data,
		bindings.FillParams{AmountOutToFill: amountOut, OriginRecipient: addr32(w.solver.Address), RefundAddress: addr32(w.solver.Address)})
	w.mine(w.hub, "fillOrder", tx, err)
	_, err = w.cancel(id, "")
	wantCode(t, "cancel of a completed order", err, orchestration.OrderNotCancellable, "COMPLETED")
}
