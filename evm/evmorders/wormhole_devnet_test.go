package evmorders_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"log/slog"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// cancelReportArgs decode a CancelReport message's body:
// abi.encode(CancelReport{orderId, orderSender, tokenIn, amountInToRefund}).
var cancelReportArgs = func() abi.Arguments {
	var args abi.Arguments
	for _, s := range []string{"bytes32", "bytes32", "bytes32", "uint128"} {
		ty, err := abi.NewType(s, "", nil)
		if err != nil {
			panic(err)
		}
		args = append(args, abi.Argument{Type: ty})
	}
	return args
}()

// publishedReport is the one message the core bridge at core published in
// r, decoded as a Portal CancelReport, with the Executor request the same
// transaction made.
type publishedReport struct {
	publisher                common.Address
	msg                      devnet.Message
	orderID, sender, tokenIn [32]byte
	amount                   *big.Int
	request                  *bindings.ExecutorRequestForExecution
}

func findReport(t *testing.T, r *types.Receipt, core, exec common.Address) publishedReport {
	t.Helper()
	pub, err := devnet.FindPublishedMessage(r, core)
	if err != nil {
		t.Fatalf("the cancel's messages: %v", err)
	}
	out := publishedReport{publisher: pub.Sender, msg: pub.Message}
	v, err := cancelReportArgs.Unpack(pub.Message.Body)
	if err != nil {
		t.Fatalf("the published body is no CancelReport: %v", err)
	}
	out.orderID, out.sender, out.tokenIn, out.amount = v[0].([32]byte), v[1].([32]byte), v[2].([32]byte), v[3].(*big.Int)
	ef, _ := bindings.NewExecutorFilterer(exec, nil)
	m := 0
	for _, l := range r.Logs {
		if e, err := ef.ParseRequestForExecution(*l); err == nil && l.Address == exec {
			m++
			out.request = e
		}
	}
	if m != 1 {
		t.Fatalf("the cancel made %d Executor requests, want one", m)
	}
	return out
}

// relayInstructions are 0x01 | gasLimit u128 | msgValue u128.
func relayInstructions(gas, value uint64) []byte {
	b := make([]byte, 33)
	b[0] = 1
	binary.BigEndian.PutUint64(b[9:17], gas)
	binary.BigEndian.PutUint64(b[25:33], value)
	return b
}

// wantWormholeGas: p carries the gas table's estimate of a cancel whose
// report goes through the Wormhole adapter (decision 103), which
// world.execute holds its receipt to.
func wantWormholeGas(t *testing.T, p *orchestration.TransactionPayload) {
	t.Helper()
	want, ok := evmgas.Estimate(evmgas.OrderCancelCrossChainWormhole)
	if !ok || p.EVM.Gas != strconv.FormatUint(want, 10) {
		t.Errorf("the cancel payload carries gas %q, want the estimate of %s, %d", p.EVM.Gas, evmgas.OrderCancelCrossChainWormhole, want)
	}
}

// TestDevnetCancelThroughWormhole runs, on a devnet whose BaseSepolia
// Portal reaches Sepolia through the Wormhole adapter and whose Sepolia
// Portal reaches SolanaDevnet through it (the only way there), cancels
// whose report goes through the adapter: the payload executes, the core
// bridge publishes the CancelReport to the origin, the Executor is paid
// the quoted cost for the relay instructions of a cancel report, and the
// Executor's API was asked once.
func TestDevnetCancelThroughWormhole(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	d, err := devnet.Start(ctx, devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler),
		WormholeRoutes: []devnet.Route{{From: orchestration.BaseSepolia, To: orchestration.Sepolia}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	reader, err := devnetenv.NewReader(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	client, err := executor.New(executor.Config{BaseURL: d.ExecutorURL()})
	if err != nil {
		t.Fatal(err)
	}
	book := evmorders.NewBook(reader, evmorders.Config{Executors: evmorders.Executors{Testnet: executor.NewCache(client, executor.CacheConfig{})}})
	env := &devnetenv.Env{Devnet: d, Catalog: d.Catalog(), Reader: reader}
	w := &world{t: t, ctx: ctx, env: env}
	w.hub, _ = d.Chain(orchestration.Sepolia)
	w.spoke, _ = d.Chain(orchestration.BaseSepolia)
	w.hk, w.sk = d.Contracts(orchestration.Sepolia), d.Contracts(orchestration.BaseSepolia)
	w.hubBook, _ = bindings.NewOrderBook(w.hk.OrderBook, w.hub.Client())
	w.spokeBook, _ = bindings.NewOrderBook(w.sk.OrderBook, w.spoke.Client())
	w.alice, w.bob, w.solver = devnetenv.Account(t, "alice"), devnetenv.Account(t, "bob"), devnetenv.Account(t, "solver")
	if w.svc, err = order.New(order.Config{Catalog: env.Catalog, Books: map[orchestration.ChainRuntime]order.Book{orchestration.RuntimeEVM: book}}); err != nil {
		t.Fatal(err)
	}
	payee32 := d.Executor().Payee()
	payee := common.BytesToAddress(payee32[12:])
	nativeBalance := func(c *devnet.Chain, a common.Address) *big.Int {
		b, err := c.Client().BalanceAt(ctx, a, nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	messageFee := func(c *devnet.Chain, core common.Address) *big.Int {
		wc, _ := bindings.NewWormholeCore(core, c.Client())
		fee, err := wc.MessageFee(&bind.CallOpts{Context: ctx})
		if err != nil {
			t.Fatal(err)
		}
		return fee
	}

	t.Run("SolanaOrigin", func(t *testing.T) {
		w.t = t
		peer := [32]byte{0: 0x0b, 31: 0x5a} // the Solana adapter program
		if err := d.ConfigureSolana(ctx, orchestration.Sepolia, devnet.SolanaDestination{
			Peer: peer, Tokens: map[common.Address][32]byte{w.hk.WrappedM: {0: 0x77}}, MsgValue: 5_000_000, ComputeUnits: 400_000,
		}); err != nil {
			t.Fatal(err)
		}
		// ConfigureSolana gives cancel reports the transfers' compute
		// units, as the relay's gas limit.
		const reportGas = 400_000

		// A Solana order bound for Sepolia, as its origin holds it: the
		// sender and token in are Solana keys; the recipient is alice.
		now := uint64(w.hub.Now().Unix())
		terms := order.Terms{Version: 1, Nonce: 9, OriginChainID: uint64(devnet.SolanaDevnetChainID), DestChainID: w.hub.ChainID,
			Sender: [32]byte{0: 0x5e, 31: 1}, TokenIn: [32]byte{0: 0x70, 31: 2}, Recipient: addr32(w.alice.Address), TokenOut: addr32(w.hk.WrappedM),
			AmountIn: big.NewInt(7_000_000), AmountOut: big.NewInt(6_900_000), CreatedAt: now - 60, FillDeadline: now + 3600}
		id, err := w.hubBook.GetOrderId(&bind.CallOpts{Context: ctx}, bindings.OrderData{Version: terms.Version, Sender: terms.Sender, Nonce: terms.Nonce,
			OriginChainId: uint32(terms.OriginChainID), DestChainId: uint32(terms.DestChainID), CreatedAt: terms.CreatedAt, FillDeadline: terms.FillDeadline,
			TokenIn: terms.TokenIn, TokenOut: terms.TokenOut, AmountIn: terms.AmountIn, AmountOut: terms.AmountOut, Recipient: terms.Recipient})
		if err != nil {
			t.Fatal(err)
		}
		info, _ := env.Catalog.Chain(orchestration.Sepolia)
		before := d.Executor().Requests()
		v, err := book.Read(ctx, info, order.ID(id), order.Need{Clock: true, CancelReportTo: uint64(devnet.SolanaDevnetChainID)})
		if err != nil {
			t.Fatal(err)
		}
		if n := d.Executor().Requests() - before; n != 1 {
			t.Errorf("the Executor API served %d requests, want 1", n)
		}
		msgFee := messageFee(w.hub, w.hk.WormholeCore)
		cost := new(big.Int).Sub(v.CancelFee, msgFee)
		if v.Found || cost.Sign() <= 0 {
			t.Fatalf("view found %v, fee %s: want an order not seen on Sepolia and the message fee %s plus a positive cost", v.Found, v.CancelFee, msgFee)
		}
		p, err := book.CancelPayload(ctx, info, order.Cancel{ID: order.ID(id), Terms: terms, Caller: terms.Recipient, Value: withDefaultMargin(v.CancelFee), Dest: v})
		if err != nil {
			t.Fatal(err)
		}
		if p.EVM.Value != v.CancelFee.String() {
			t.Errorf("value %s, want exactly the fee %s", p.EVM.Value, v.CancelFee)
		}
		wantWormholeGas(t, p)
		payeeBefore := nativeBalance(w.hub, payee)
		r := w.execute(p, w.alice)
		rep := findReport(t, r, w.hk.WormholeCore, w.hk.WormholeExecutor)
		if rep.publisher != w.hk.WormholeAdapter || rep.msg.PayloadType != 6 || rep.msg.DestinationChainID != devnet.SolanaDevnetChainID {
			t.Errorf("published by %s: payload type %d to %d; want the adapter %s, a cancel report (6) to %d",
				rep.publisher, rep.msg.PayloadType, rep.msg.DestinationChainID, w.hk.WormholeAdapter, devnet.SolanaDevnetChainID)
		}
		if rep.orderID != id || rep.sender != terms.Sender || rep.tokenIn != terms.TokenIn || rep.amount.Cmp(terms.AmountIn) != 0 {
			t.Errorf("report %x sender %x tokenIn %x refund %s; want %x, the Solana sender and token in, %s",
				rep.orderID, rep.sender, rep.tokenIn, rep.amount, id, terms.AmountIn)
		}
		q := rep.request
		if q.DstChain != devnet.WormholeSolana || q.DstAddr != peer || q.RefundAddr != w.alice.Address || q.AmtPaid.Cmp(cost) != 0 ||
			!bytes.Equal(q.RelayInstructions, relayInstructions(reportGas, 5_000_000)) || len(q.SignedQuote) == 0 {
			t.Errorf("Executor request to %d %x refund %s paid %s relay %x; want Solana (%d), the peer, alice, the cost %s, %x",
				q.DstChain, q.DstAddr, q.RefundAddr, q.AmtPaid, q.RelayInstructions, devnet.WormholeSolana, cost, relayInstructions(reportGas, 5_000_000))
		}
		if got := new(big.Int).Sub(nativeBalance(w.hub, payee), payeeBefore); got.Cmp(cost) != 0 {
			t.Errorf("the payee received %s, want the quoted cost %s", got, cost)
		}
		o, err := w.hubBook.GetOrder(&bind.CallOpts{Context: ctx}, id)
		if err != nil || o.Status != 2 {
			t.Errorf("the order on Sepolia: status %d (%v), want cancelled", o.Status, err)
		}
	})

	t.Run("EVMOrigin", func(t *testing.T) {
		w.t = t
		if err := d.SyncClocks(); err != nil {
			t.Fatal(err)
		}
		amountIn := big.NewInt(3_000_000)
		w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
		id, _ := w.open(bindings.OrderParams{
			DestChainId: uint32(w.spoke.ChainID), FillDeadline: uint32(w.hub.Now().Add(time.Hour).Unix()),
			TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC), AmountIn: amountIn, AmountOut: big.NewInt(2_900_000),
			Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
		})
		if err := d.SyncClocks(); err != nil {
			t.Fatal(err)
		}
		p, err := w.cancel(id, w.bob.Address.Hex())
		if err != nil {
			t.Fatal(err)
		}
		msgFee := messageFee(w.spoke, w.sk.WormholeCore)
		value, _ := new(big.Int).SetString(p.EVM.Value, 10)
		if p.EVM.Chain != orchestration.BaseSepolia || value == nil || value.Cmp(msgFee) <= 0 {
			t.Fatalf("payload on %s value %s, want on BaseSepolia the message fee %s plus a cost", p.EVM.Chain, p.EVM.Value, msgFee)
		}
		wantWormholeGas(t, p)
		before := w.balance(w.hub, w.hk.WrappedM, w.alice.Address)
		r := w.execute(p, w.bob)
		rep := findReport(t, r, w.sk.WormholeCore, w.sk.WormholeExecutor)
		if rep.orderID != id || rep.msg.PayloadType != 6 || uint64(rep.msg.DestinationChainID) != w.hub.ChainID || rep.amount.Cmp(amountIn) != 0 {
			t.Errorf("report %x type %d to %d refund %s; want %x, 6, %d, %s", rep.orderID, rep.msg.PayloadType, rep.msg.DestinationChainID, rep.amount, id, w.hub.ChainID, amountIn)
		}
		if paid := new(big.Int).Add(rep.request.AmtPaid, msgFee); paid.Cmp(value) != 0 {
			t.Errorf("the Executor was paid %s and the core %s, want the value %s", rep.request.AmtPaid, msgFee, value)
		}
		// The devnet's relayer delivers the VAA as the Executor's would:
		// the origin refunds alice.
		if _, err := d.Relay(ctx); err != nil {
			t.Fatal(err)
		}
		if got := new(big.Int).Sub(w.balance(w.hub, w.hk.WrappedM, w.alice.Address), before); got.Cmp(amountIn) != 0 {
			t.Errorf("refund on Sepolia %s, want %s", got, amountIn)
		}
	})
}
