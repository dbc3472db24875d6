package devnet_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// These tests prove that the devnet's background relayer carries the
// OrderBook's cross-chain reports: nothing here calls Devnet.Relay or the
// Portal's receiveMessage; the origin chain only changes because the relayer
// delivered a FillReport or CancelReport.

// OrderBook statuses as the contract records them (OrderTypes.sol).
const (
	orderDoesNotExist = 0
	orderCreated      = 1
	orderCancelled    = 2
	orderCompleted    = 3
)

// Portal payload types whose fees the order tests pay.
const (
	payloadFillReport   = 4
	payloadCancelReport = 6
)

// relayWait bounds how long a test waits for the relayer to deliver a report.
const relayWait = 20 * time.Second

// orderWorld is a devnet seen from one cross-chain order route: hub
// (Sepolia, the origin) to spoke (BaseSepolia, the destination).
type orderWorld struct {
	t          *testing.T
	ctx        context.Context
	d          *devnet.Devnet
	hub, spoke *devnet.Chain
	hk, sk     *devnet.Contracts
	hubBook    *bindings.OrderBook
	spokeBook  *bindings.OrderBook
	alice      devnet.Account
	bob        devnet.Account
	carol      devnet.Account
	solver     devnet.Account
	relayer    devnet.Account
}

func newOrderWorld(t *testing.T) *orderWorld {
	t.Helper()
	return newOrderWorldWith(t, devnet.Config{RelayDelay: 0})
}

func newOrderWorldWith(t *testing.T, cfg devnet.Config) *orderWorld {
	t.Helper()
	d := start(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), relayWait+10*time.Second)
	t.Cleanup(cancel)
	w := &orderWorld{t: t, ctx: ctx, d: d}
	w.hub, _ = d.Chain(orchestration.Sepolia)
	w.spoke, _ = d.Chain(orchestration.BaseSepolia)
	w.hk, w.sk = d.Contracts(orchestration.Sepolia), d.Contracts(orchestration.BaseSepolia)
	var err error
	if w.hubBook, err = bindings.NewOrderBook(w.hk.OrderBook, w.hub.Client()); err != nil {
		t.Fatal(err)
	}
	if w.spokeBook, err = bindings.NewOrderBook(w.sk.OrderBook, w.spoke.Client()); err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string]*devnet.Account{"alice": &w.alice, "bob": &w.bob, "carol": &w.carol, "solver": &w.solver, "relayer": &w.relayer} {
		var ok bool
		if *a, ok = devnet.AccountByName(name); !ok {
			t.Fatalf("no devnet account %q", name)
		}
	}
	return w
}

// opts are transaction options for key on c, sending value (nil for none).
func (w *orderWorld) opts(c *devnet.Chain, key *ecdsa.PrivateKey, value *big.Int) *bind.TransactOpts {
	w.t.Helper()
	o, err := bind.NewKeyedTransactorWithChainID(key, new(big.Int).SetUint64(c.ChainID))
	if err != nil {
		w.t.Fatal(err)
	}
	o.Context, o.Value = w.ctx, value
	return o
}

// mined waits for tx on c and fails the test unless it succeeded.
func (w *orderWorld) mined(c *devnet.Chain, what string) func(*types.Transaction, error) *types.Receipt {
	w.t.Helper()
	return func(tx *types.Transaction, err error) *types.Receipt {
		w.t.Helper()
		if err != nil {
			w.t.Fatalf("%s on %s: %v (revert %q)", what, c.Name, err, revertName(err))
		}
		r, err := c.WaitMined(w.ctx, tx)
		if err != nil {
			w.t.Fatalf("%s on %s: %v", what, c.Name, err)
		}
		return r
	}
}

// reverts asserts that a transaction was refused with the custom error want.
// The bindings estimate gas first, so a reverting call never reaches the chain.
func (w *orderWorld) reverts(c *devnet.Chain, what, want string) func(*types.Transaction, error) {
	w.t.Helper()
	return func(tx *types.Transaction, err error) {
		w.t.Helper()
		if err == nil {
			_, merr := c.WaitMined(w.ctx, tx)
			w.t.Fatalf("%s on %s was accepted (mined: %v), want revert %s", what, c.Name, merr, want)
		}
		if got := revertName(err); got != want {
			w.t.Fatalf("%s on %s: revert %q (%v), want %s", what, c.Name, got, err, want)
		}
	}
}

// revertName decodes the custom error of an OrderBook or Portal revert.
func revertName(err error) string {
	var de rpc.DataError
	if !errors.As(err, &de) {
		return "<no revert data: " + err.Error() + ">"
	}
	s, _ := de.ErrorData().(string)
	data, derr := hexutil.Decode(s)
	if derr != nil || len(data) < 4 {
		return ""
	}
	for _, contract := range []string{"OrderBook", "Portal", "MToken", "FiatToken"} {
		for name, e := range contracts.MustABI(contract).Errors {
			if bytes.Equal(e.ID[:4], data[:4]) {
				return name
			}
		}
	}
	return "<unknown error " + hexutil.Encode(data[:4]) + ">"
}

func (w *orderWorld) quote(from, to *devnet.Chain, payloadType uint8) *big.Int {
	w.t.Helper()
	portal, err := bindings.NewPortal(w.d.Contracts(from.Name).Portal, from.Client())
	if err != nil {
		w.t.Fatal(err)
	}
	fee, err := portal.Quote0(&bind.CallOpts{Context: w.ctx}, uint32(to.ChainID), payloadType)
	if err != nil || fee.Sign() <= 0 {
		w.t.Fatalf("%s portal quote for payload %d to %s: %v, %v", from.Name, payloadType, to.Name, fee, err)
	}
	return fee
}

func (w *orderWorld) native(c *devnet.Chain, holder common.Address) *big.Int {
	w.t.Helper()
	b, err := c.Client().BalanceAt(w.ctx, holder, nil)
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *orderWorld) order(book *bindings.OrderBook, id [32]byte) bindings.Order {
	w.t.Helper()
	o, err := book.GetOrder(&bind.CallOpts{Context: w.ctx}, id)
	if err != nil {
		w.t.Fatal(err)
	}
	return o
}

func (w *orderWorld) filled(book *bindings.OrderBook, id [32]byte) bindings.FilledAmounts {
	w.t.Helper()
	f, err := book.GetFilledAmounts(&bind.CallOpts{Context: w.ctx}, id)
	if err != nil {
		w.t.Fatal(err)
	}
	return f
}

// approve lets spender pull amount of token from key's holder on c.
func (w *orderWorld) approve(c *devnet.Chain, key *ecdsa.PrivateKey, token, spender common.Address, amount *big.Int) {
	w.t.Helper()
	erc20, _ := bindings.NewMToken(token, c.Client()) // approve has one ABI on every seeded token but USDT
	w.mined(c, "approve")(erc20.Approve(w.opts(c, key, nil), spender, amount))
}

// openOrder opens p on the hub as alice (who funds it) and returns its id
// and the OrderData every chain identifies it by, read back from the hub.
func (w *orderWorld) openOrder(p bindings.OrderParams) ([32]byte, bindings.OrderData) {
	w.t.Helper()
	r := w.mined(w.hub, "openOrder")(w.hubBook.OpenOrder(w.opts(w.hub, w.alice.Key, nil), p))
	var id [32]byte
	found := false
	for _, l := range r.Logs {
		if ev, err := w.hubBook.ParseOrderOpened(*l); err == nil && l.Address == w.hk.OrderBook {
			id, found = ev.OrderId, true
			if ev.Funder != w.alice.Address || ev.Sender != p.Sender || ev.DestChainId != p.DestChainId || ev.AmountIn.Cmp(p.AmountIn) != 0 {
				w.t.Fatalf("OrderOpened = %+v", ev)
			}
		}
	}
	if !found {
		w.t.Fatalf("openOrder tx %s emitted no OrderOpened", r.TxHash)
	}
	call := &bind.CallOpts{Context: w.ctx}
	data, err := w.hubBook.GetOrderData(call, id)
	if err != nil {
		w.t.Fatal(err)
	}
	if again, err := w.hubBook.GetOrderId(call, data); err != nil || again != id {
		w.t.Fatalf("getOrderId(getOrderData(id)) = %x, %v; want %x", again, err, id)
	}
	head, err := w.hub.Client().HeaderByNumber(w.ctx, r.BlockNumber)
	if err != nil {
		w.t.Fatal(err)
	}
	if data.CreatedAt != head.Time || data.OriginChainId != uint32(w.hub.ChainID) || data.DestChainId != p.DestChainId ||
		data.Sender != addr32(p.Sender) || data.TokenIn != addr32(p.TokenIn) || data.TokenOut != p.TokenOut ||
		data.AmountIn.Cmp(p.AmountIn) != 0 || data.AmountOut.Cmp(p.AmountOut) != 0 || data.Recipient != p.Recipient ||
		data.Solver != p.Solver || data.FillDeadline != uint64(p.FillDeadline) || data.Version != 1 {
		w.t.Fatalf("getOrderData = %+v for params %+v (block time %d)", data, p, head.Time)
	}
	return id, data
}

// eventually polls cond every 20 ms until it holds, failing the test when
// the relayer has not made it true within relayWait.
func (w *orderWorld) eventually(what string, cond func() bool) {
	w.t.Helper()
	deadline := time.Now().Add(relayWait)
	for !cond() {
		if time.Now().After(deadline) {
			w.t.Fatalf("relayer: %s did not happen within %s", what, relayWait)
		}
		select {
		case <-w.ctx.Done():
			w.t.Fatalf("relayer: %s did not happen: %v", what, w.ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// deliveredByRelayer asserts that the log was emitted by a transaction the
// devnet relayer account sent to the Portal of c.
func (w *orderWorld) deliveredByRelayer(c *devnet.Chain, l types.Log) {
	w.t.Helper()
	tx, _, err := c.Client().TransactionByHash(w.ctx, l.TxHash)
	if err != nil {
		w.t.Fatal(err)
	}
	from, err := types.Sender(types.LatestSignerForChainID(tx.ChainId()), tx)
	if err != nil {
		w.t.Fatal(err)
	}
	if from != w.relayer.Address || tx.To() == nil || *tx.To() != w.d.Contracts(c.Name).Portal {
		w.t.Fatalf("report delivered on %s by %s to %v, want the relayer %s calling the Portal %s",
			c.Name, from, tx.To(), w.relayer.Address, w.d.Contracts(c.Name).Portal)
	}
}

func addr32(a common.Address) [32]byte { return common.BytesToHash(a.Bytes()) }

func eqInt(t *testing.T, what string, got, want *big.Int) {
	t.Helper()
	if got.Cmp(want) != 0 {
		t.Fatalf("%s = %s, want %s", what, got, want)
	}
}

// proRata is the OrderBook's release rule for a fill that does not complete
// the order: floor(amountIn * filled / amountOut).
func proRata(amountIn, amountOut, filled *big.Int) *big.Int {
	r := new(big.Int).Mul(amountIn, filled)
	return r.Quo(r, amountOut)
}

func TestCrossChainOrderFillReportReleasesFunds(t *testing.T) {
	w := newOrderWorld(t)
	hub, spoke := w.hub, w.spoke
	var (
		amountIn  = big.NewInt(10_000_000) // wM on Sepolia
		amountOut = big.NewInt(9_000_000)  // USDC on BaseSepolia
		half      = big.NewInt(4_500_000)
	)

	w.approve(hub, w.alice.Key, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	aliceBefore := balance(t, hub, w.hk.WrappedM, w.alice.Address)
	bookBefore := balance(t, hub, w.hk.WrappedM, w.hk.OrderBook)
	p := bindings.OrderParams{
		DestChainId:  uint32(spoke.ChainID),
		FillDeadline: uint32(hub.Now().Add(time.Hour).Unix()),
		TokenIn:      w.hk.WrappedM,
		TokenOut:     addr32(w.sk.USDC),
		AmountIn:     amountIn,
		AmountOut:    amountOut,
		Recipient:    addr32(w.bob.Address),
		Solver:       addr32(w.solver.Address),
		Sender:       w.alice.Address,
	}
	id, data := w.openOrder(p)

	eqInt(t, "alice's wM on Sepolia after opening", balance(t, hub, w.hk.WrappedM, w.alice.Address), new(big.Int).Sub(aliceBefore, amountIn))
	eqInt(t, "OrderBook's wM on Sepolia after opening", balance(t, hub, w.hk.WrappedM, w.hk.OrderBook), new(big.Int).Add(bookBefore, amountIn))
	if o := w.order(w.hubBook, id); o.Status != orderCreated || o.Sender != w.alice.Address || o.AmountIn.Cmp(amountIn) != 0 {
		t.Fatalf("origin order after opening = %+v, want status CREATED (%d)", o, orderCreated)
	}
	if got := w.order(w.spokeBook, id).Status; got != orderDoesNotExist {
		t.Fatalf("destination status before any fill = %d, want %d", got, orderDoesNotExist)
	}

	// The fill runs on BaseSepolia, whose clock must not be behind the order's createdAt.
	if err := w.d.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	if now := spoke.Now().Unix(); uint64(now) < data.CreatedAt {
		t.Fatalf("%s clock %d is behind createdAt %d after SyncClocks", spoke.Name, now, data.CreatedAt)
	}
	w.approve(spoke, w.solver.Key, w.sk.USDC, w.sk.OrderBook, amountOut)
	fee := w.quote(spoke, hub, payloadFillReport)
	fill := func(amount *big.Int) bindings.FillParams {
		return bindings.FillParams{AmountOutToFill: amount, OriginRecipient: addr32(w.solver.Address), RefundAddress: addr32(w.solver.Address)}
	}
	w.reverts(spoke, "fill by someone other than the designated solver", "NotAuthorized")(
		w.spokeBook.FillOrder(w.opts(spoke, w.carol.Key, fee), id, data, fill(half)))
	w.reverts(spoke, "fill paying less than the quoted fee", "InsufficientFee")(
		w.spokeBook.FillOrder(w.opts(spoke, w.solver.Key, new(big.Int).Sub(fee, common.Big1)), id, data, fill(half)))

	bobBefore := balance(t, spoke, w.sk.USDC, w.bob.Address)
	solverInBefore := balance(t, hub, w.hk.WrappedM, w.solver.Address)
	portalBefore := w.native(spoke, w.sk.Portal)

	// First fill: half of amountOut.
	r := w.mined(spoke, "first fill")(w.spokeBook.FillOrder(w.opts(spoke, w.solver.Key, fee), id, data, fill(half)))
	firstRelease := proRata(amountIn, amountOut, half)
	eqInt(t, "pro-rata release of half the order", firstRelease, big.NewInt(5_000_000))
	var filledEv *bindings.OrderBookOrderFilled
	for _, l := range r.Logs {
		if ev, err := w.spokeBook.ParseOrderFilled(*l); err == nil && l.Address == w.sk.OrderBook {
			filledEv = ev
		}
	}
	if filledEv == nil || filledEv.OrderId != id || filledEv.Solver != w.solver.Address || filledEv.AmountInToRelease.Cmp(firstRelease) != 0 ||
		filledEv.AmountOutFilled.Cmp(half) != 0 || filledEv.MessageId == [32]byte{} {
		t.Fatalf("OrderFilled = %+v", filledEv)
	}
	eqInt(t, "bob's USDC on BaseSepolia after the first fill", balance(t, spoke, w.sk.USDC, w.bob.Address), new(big.Int).Add(bobBefore, half))
	eqInt(t, "fill-report fee kept by the BaseSepolia Portal", new(big.Int).Sub(w.native(spoke, w.sk.Portal), portalBefore), fee)
	if f := w.filled(w.spokeBook, id); f.AmountOutFilled.Cmp(half) != 0 || f.AmountInReleased.Cmp(firstRelease) != 0 {
		t.Fatalf("destination filled amounts after the first fill = %+v", f)
	}
	if got := w.order(w.spokeBook, id).Status; got != orderCreated {
		t.Fatalf("destination status after a partial fill = %d, want CREATED", got)
	}

	// The relayer carries the FillReport to Sepolia, which releases wM to the solver.
	wantSolver := new(big.Int).Add(solverInBefore, firstRelease)
	w.eventually("the first FillReport releasing wM to the solver on Sepolia", func() bool {
		return balance(t, hub, w.hk.WrappedM, w.solver.Address).Cmp(wantSolver) == 0
	})
	f := w.filled(w.hubBook, id)
	eqInt(t, "origin amountInReleased after the first report", f.AmountInReleased, firstRelease)
	eqInt(t, "origin amountOutFilled after the first report", f.AmountOutFilled, half)
	eqInt(t, "origin amountInRefunded after the first report", f.AmountInRefunded, new(big.Int))
	if got := w.order(w.hubBook, id).Status; got != orderCreated {
		t.Fatalf("origin status after a partial fill report = %d, want CREATED", got)
	}
	reported := w.fillReported(id)
	if len(reported) != 1 || reported[0].AmountInToRelease.Cmp(firstRelease) != 0 || reported[0].OriginRecipient != w.solver.Address {
		t.Fatalf("FillReported on Sepolia after the first fill = %+v", reported)
	}
	w.deliveredByRelayer(hub, reported[0].Raw)

	// Second fill: the rest. The completing fill releases everything not yet released.
	rest := new(big.Int).Sub(amountOut, half)
	restRelease := new(big.Int).Sub(amountIn, firstRelease)
	r = w.mined(spoke, "second fill")(w.spokeBook.FillOrder(w.opts(spoke, w.solver.Key, fee), id, data, fill(rest)))
	completed := false
	for _, l := range r.Logs {
		if ev, err := w.spokeBook.ParseOrderCompleted(*l); err == nil && l.Address == w.sk.OrderBook && ev.OrderId == id {
			completed = true
		}
	}
	if !completed {
		t.Fatal("the completing fill emitted no OrderCompleted on BaseSepolia")
	}
	eqInt(t, "bob's USDC on BaseSepolia after both fills", balance(t, spoke, w.sk.USDC, w.bob.Address), new(big.Int).Add(bobBefore, amountOut))
	if got := w.order(w.spokeBook, id).Status; got != orderCompleted {
		t.Fatalf("destination status after the completing fill = %d, want COMPLETED", got)
	}
	w.reverts(spoke, "fill of a completed order", "InvalidOrderStatus")(
		w.spokeBook.FillOrder(w.opts(spoke, w.solver.Key, fee), id, data, fill(big.NewInt(1))))

	wantSolver = new(big.Int).Add(solverInBefore, amountIn)
	w.eventually("the second FillReport releasing the rest of amountIn", func() bool {
		return balance(t, hub, w.hk.WrappedM, w.solver.Address).Cmp(wantSolver) == 0
	})
	f = w.filled(w.hubBook, id)
	eqInt(t, "origin amountInReleased at the end", f.AmountInReleased, amountIn)
	eqInt(t, "origin amountOutFilled at the end", f.AmountOutFilled, amountOut)
	eqInt(t, "origin amountInRefunded at the end", f.AmountInRefunded, new(big.Int))
	if got := w.order(w.hubBook, id).Status; got != orderCompleted {
		t.Fatalf("origin status after the completing report = %d, want COMPLETED (%d)", got, orderCompleted)
	}
	eqInt(t, "OrderBook's wM on Sepolia at the end", balance(t, hub, w.hk.WrappedM, w.hk.OrderBook), bookBefore)
	eqInt(t, "alice's wM on Sepolia at the end", balance(t, hub, w.hk.WrappedM, w.alice.Address), new(big.Int).Sub(aliceBefore, amountIn))
	reported = w.fillReported(id)
	if len(reported) != 2 || reported[1].AmountInToRelease.Cmp(restRelease) != 0 {
		t.Fatalf("FillReported on Sepolia after both fills = %+v", reported)
	}
	w.deliveredByRelayer(hub, reported[1].Raw)
}

// fillReported lists the hub OrderBook's FillReported events for id.
func (w *orderWorld) fillReported(id [32]byte) []*bindings.OrderBookFillReported {
	w.t.Helper()
	it, err := w.hubBook.FilterFillReported(&bind.FilterOpts{Context: w.ctx}, [][32]byte{id}, nil)
	if err != nil {
		w.t.Fatal(err)
	}
	defer it.Close()
	var out []*bindings.OrderBookFillReported
	for it.Next() {
		out = append(out, it.Event)
	}
	if err := it.Error(); err != nil {
		w.t.Fatal(err)
	}
	return out
}

// cancelReported lists the hub OrderBook's CancelReported events for id.
func (w *orderWorld) cancelReported(id [32]byte) []*bindings.OrderBookCancelReported {
	w.t.Helper()
	it, err := w.hubBook.FilterCancelReported(&bind.FilterOpts{Context: w.ctx}, [][32]byte{id})
	if err != nil {
		w.t.Fatal(err)
	}
	defer it.Close()
	var out []*bindings.OrderBookCancelReported
	for it.Next() {
		out = append(out, it.Event)
	}
	if err := it.Error(); err != nil {
		w.t.Fatal(err)
	}
	return out
}

func TestCrossChainCancelReportRefunds(t *testing.T) {
	w := newOrderWorld(t)
	hub, spoke := w.hub, w.spoke
	amountIn, amountOut := big.NewInt(10_000_000), big.NewInt(9_000_000)

	w.approve(hub, w.alice.Key, w.hk.MetaMaskUSD, w.hk.OrderBook, abi.MaxUint256)
	aliceBefore := balance(t, hub, w.hk.MetaMaskUSD, w.alice.Address)
	bookBefore := balance(t, hub, w.hk.MetaMaskUSD, w.hk.OrderBook)
	params := func(deadline time.Duration) bindings.OrderParams {
		return bindings.OrderParams{
			DestChainId:  uint32(spoke.ChainID),
			FillDeadline: uint32(hub.Now().Add(deadline).Unix()),
			TokenIn:      w.hk.MetaMaskUSD,
			TokenOut:     addr32(w.sk.USDC),
			AmountIn:     amountIn,
			AmountOut:    amountOut,
			Recipient:    addr32(w.bob.Address),
			// Solver zero: anyone may fill.
			Sender: w.alice.Address,
		}
	}
	id, data := w.openOrder(params(time.Hour))
	eqInt(t, "alice's mUSD on Sepolia after opening", balance(t, hub, w.hk.MetaMaskUSD, w.alice.Address), new(big.Int).Sub(aliceBefore, amountIn))
	if got := w.order(w.hubBook, id).Status; got != orderCreated {
		t.Fatalf("origin status after opening = %d, want CREATED", got)
	}
	if err := w.d.SyncClocks(); err != nil {
		t.Fatal(err)
	}

	fee := w.quote(spoke, hub, payloadCancelReport)
	// Before the deadline only the recipient may cancel a cross-chain order
	// (the sender only a same-chain one; OrderBook._cancelOrder).
	w.reverts(spoke, "cancel by the sender before the deadline", "NotAuthorized")(
		w.spokeBook.CancelOrder(w.opts(spoke, w.alice.Key, fee), id, data))
	w.reverts(spoke, "cancel by a stranger before the deadline", "NotAuthorized")(
		w.spokeBook.CancelOrder(w.opts(spoke, w.carol.Key, fee), id, data))
	w.reverts(spoke, "cancel without the cancel-report fee", "InsufficientFee")(
		w.spokeBook.CancelOrder(w.opts(spoke, w.bob.Key, nil), id, data))

	portalBefore := w.native(spoke, w.sk.Portal)
	r := w.mined(spoke, "cancel by the recipient")(w.spokeBook.CancelOrder(w.opts(spoke, w.bob.Key, fee), id, data))
	var cancelled *bindings.OrderBookOrderCancelled
	for _, l := range r.Logs {
		if ev, err := w.spokeBook.ParseOrderCancelled(*l); err == nil && l.Address == w.sk.OrderBook {
			cancelled = ev
		}
	}
	if cancelled == nil || cancelled.OrderId != id || cancelled.MessageId == [32]byte{} {
		t.Fatalf("OrderCancelled = %+v", cancelled)
	}
	eqInt(t, "cancel-report fee kept by the BaseSepolia Portal", new(big.Int).Sub(w.native(spoke, w.sk.Portal), portalBefore), fee)
	if got := w.order(w.spokeBook, id).Status; got != orderCancelled {
		t.Fatalf("destination status after cancel = %d, want CANCELLED", got)
	}
	w.reverts(spoke, "second cancel", "InvalidOrderStatus")(
		w.spokeBook.CancelOrder(w.opts(spoke, w.bob.Key, fee), id, data))
	w.reverts(spoke, "fill of a cancelled order", "InvalidOrderStatus")(
		w.spokeBook.FillOrder(w.opts(spoke, w.solver.Key, w.quote(spoke, hub, payloadFillReport)), id, data,
			bindings.FillParams{AmountOutToFill: amountOut, OriginRecipient: addr32(w.solver.Address)}))

	// The relayer carries the CancelReport to Sepolia, which refunds the sender in full.
	w.eventually("the CancelReport refunding alice on Sepolia", func() bool {
		return balance(t, hub, w.hk.MetaMaskUSD, w.alice.Address).Cmp(aliceBefore) == 0
	})
	if got := w.order(w.hubBook, id).Status; got != orderCancelled {
		t.Fatalf("origin status after the cancel report = %d, want CANCELLED (%d)", got, orderCancelled)
	}
	f := w.filled(w.hubBook, id)
	eqInt(t, "origin amountInRefunded", f.AmountInRefunded, amountIn)
	eqInt(t, "origin amountInReleased", f.AmountInReleased, new(big.Int))
	eqInt(t, "OrderBook's mUSD on Sepolia after the refund", balance(t, hub, w.hk.MetaMaskUSD, w.hk.OrderBook), bookBefore)
	reports := w.cancelReported(id)
	if len(reports) != 1 {
		t.Fatalf("%d CancelReported events on Sepolia, want 1", len(reports))
	}
	w.deliveredByRelayer(hub, reports[0].Raw)

	// After the deadline anyone may cancel, the sender included.
	id2, data2 := w.openOrder(params(30 * time.Second))
	if err := w.d.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	w.reverts(spoke, "cancel by the sender before the deadline", "NotAuthorized")(
		w.spokeBook.CancelOrder(w.opts(spoke, w.alice.Key, fee), id2, data2))
	if err := spoke.AdvanceTime(time.Minute); err != nil {
		t.Fatal(err)
	}
	if now := uint64(spoke.Now().Unix()); now <= data2.FillDeadline {
		t.Fatalf("%s clock %d not past the deadline %d", spoke.Name, now, data2.FillDeadline)
	}
	w.mined(spoke, "cancel by the sender after the deadline")(w.spokeBook.CancelOrder(w.opts(spoke, w.alice.Key, fee), id2, data2))
	w.eventually("the CancelReport of the expired order refunding alice", func() bool {
		return balance(t, hub, w.hk.MetaMaskUSD, w.alice.Address).Cmp(aliceBefore) == 0
	})
	if got := w.order(w.hubBook, id2).Status; got != orderCancelled {
		t.Fatalf("origin status of the expired order = %d, want CANCELLED", got)
	}
	eqInt(t, "refund of the expired order", w.filled(w.hubBook, id2).AmountInRefunded, amountIn)
}
