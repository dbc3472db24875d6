package contracts_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// Order statuses of the OrderBook.
const (
	statusCreated   = 1
	statusCancelled = 2
	statusCompleted = 3
)

// openOrder opens p on w, funded by funderKey, and checks that the id the contract reports is the
// Go-computed hash of the OrderData built from p, the nonce and the block time.
func (w *world) openOrder(funderKey *ecdsa.PrivateKey, p bindings.OrderParams, open func(p bindings.OrderParams) *types.Receipt) ([32]byte, bindings.OrderData) {
	w.t.Helper()
	nonce, err := w.book.GetSenderNonce(nil, p.Sender)
	if err != nil {
		w.t.Fatal(err)
	}
	r := open(p)
	ev := event(w.t, r, w.bookAddr, w.book.ParseOrderOpened)
	head, err := w.cl.HeaderByNumber(context.Background(), r.BlockNumber)
	if err != nil {
		w.t.Fatal(err)
	}
	data := bindings.OrderData{
		Version:       1,
		Sender:        b32(p.Sender),
		Nonce:         nonce,
		OriginChainId: uint32(w.id),
		DestChainId:   p.DestChainId,
		CreatedAt:     head.Time,
		FillDeadline:  uint64(p.FillDeadline),
		TokenIn:       b32(p.TokenIn),
		TokenOut:      p.TokenOut,
		AmountIn:      p.AmountIn,
		AmountOut:     p.AmountOut,
		Recipient:     p.Recipient,
		Solver:        p.Solver,
	}
	id := orderID(data)
	if ev.OrderId != id {
		w.t.Fatalf("OrderOpened.orderId = %x, Go-computed id = %x", ev.OrderId, id)
	}
	if ev.Funder != addr(funderKey) || ev.Sender != p.Sender || ev.TokenIn != p.TokenIn || ev.DestChainId != p.DestChainId ||
		ev.Solver != p.Solver || ev.FillDeadline != p.FillDeadline || ev.AmountIn.Cmp(p.AmountIn) != 0 {
		w.t.Fatalf("OrderOpened = %+v", ev)
	}
	onChain, err := w.book.GetOrderData(nil, id)
	if err != nil || orderID(onChain) != id {
		w.t.Fatalf("getOrderData = %+v, %v", onChain, err)
	}
	if n, _ := w.book.GetSenderNonce(nil, p.Sender); n != nonce+1 {
		w.t.Fatalf("sender nonce = %d, want %d", n, nonce+1)
	}
	return id, data
}

func (w *world) status(id [32]byte) uint8 {
	o, err := w.book.GetOrder(nil, id)
	if err != nil {
		w.t.Fatal(err)
	}
	return o.Status
}

func (w *world) filled(id [32]byte) bindings.FilledAmounts {
	f, err := w.book.GetFilledAmounts(nil, id)
	if err != nil {
		w.t.Fatal(err)
	}
	return f
}

func TestOrders(t *testing.T) {
	a, b := twoChains(t)
	for _, w := range []*world{a, b} {
		for _, k := range []*ecdsa.PrivateKey{aliceKey, bobKey, carolKey} {
			w.ok(w.usdc.Mint(w.opts(adminKey), addr(k), units(1000)))
		}
		w.ok(w.usdc.Approve(w.opts(aliceKey), w.bookAddr, abi.MaxUint256))
		w.ok(w.usdt.Mint(w.opts(adminKey), solver, units(1000)))
		w.ok(w.usdt.Approve(w.opts(solverKey), w.bookAddr, abi.MaxUint256))
	}
	// params returns an order from a to dest: in USDC, out USDT, for bob, owned by alice, open fill.
	params := func(dest *world, in, out int64) bindings.OrderParams {
		return bindings.OrderParams{
			DestChainId:  uint32(dest.id),
			FillDeadline: uint32(a.now() + 3600),
			TokenIn:      a.usdcAddr,
			TokenOut:     b32(dest.usdtAddr),
			AmountIn:     units(in),
			AmountOut:    units(out),
			Recipient:    b32(bob),
			Sender:       alice,
		}
	}
	openWith := func(w *world, k *ecdsa.PrivateKey) func(bindings.OrderParams) *types.Receipt {
		return func(p bindings.OrderParams) *types.Receipt { return w.ok(w.book.OpenOrder(w.opts(k), p)) }
	}
	fill := func(amountOut int64, originRecipient common.Address) bindings.FillParams {
		return bindings.FillParams{AmountOutToFill: units(amountOut), OriginRecipient: b32(originRecipient), RefundAddress: b32(solver)}
	}

	t.Run("open refuses bad parameters", func(t *testing.T) {
		a := a.in(t)
		cases := []struct {
			name string
			edit func(*bindings.OrderParams)
			want string
		}{
			{"deadline passed", func(p *bindings.OrderParams) { p.FillDeadline = uint32(a.now() - 10) }, "InvalidDeadline"},
			{"zero sender", func(p *bindings.OrderParams) { p.Sender = common.Address{} }, "ZeroSender"},
			{"zero amount in", func(p *bindings.OrderParams) { p.AmountIn = new(big.Int) }, "AmountInZero"},
			{"zero amount out", func(p *bindings.OrderParams) { p.AmountOut = new(big.Int) }, "AmountOutZero"},
			{"zero recipient", func(p *bindings.OrderParams) { p.Recipient = [32]byte{} }, "InvalidRecipient"},
			{"solver is the recipient", func(p *bindings.OrderParams) { p.Solver = p.Recipient }, "InvalidSolver"},
			{"same token on one chain", func(p *bindings.OrderParams) { p.DestChainId = uint32(a.id); p.TokenOut = b32(p.TokenIn) }, "SameTokenOrder"},
			{"unsupported destination", func(p *bindings.OrderParams) { p.DestChainId = 999 }, "InvalidDestinationChain"},
		}
		for _, c := range cases {
			p := params(b, 10, 10)
			c.edit(&p)
			a.fails(c.want)(a.book.OpenOrder(a.opts(aliceKey), p))
		}
	})

	t.Run("same-chain fill by the designated solver", func(t *testing.T) {
		a := a.in(t)
		p := params(a, 50, 49)
		p.Solver = b32(solver)
		id, data := a.openOrder(aliceKey, p, openWith(a, aliceKey))
		if a.status(id) != statusCreated {
			t.Fatalf("status = %d", a.status(id))
		}
		a.fails("NotAuthorized")(a.book.FillOrder(a.opts(strangeKey), id, data, fill(49, stranger)))
		a.fails("InvalidMsgValue")(a.book.FillOrder(a.pay(solverKey, big.NewInt(1)), id, data, fill(49, carol)))
		bad := data
		bad.AmountOut = units(1)
		a.fails("OrderIdMismatch")(a.book.FillOrder(a.opts(solverKey), id, bad, fill(1, carol)))

		var r *types.Receipt
		// Asking for more than remains fills what remains.
		a.expectDeltas([]delta{{a.usdtAddr, bob, 49}, {a.usdtAddr, solver, -49}, {a.usdcAddr, carol, 50}, {a.usdcAddr, a.bookAddr, -50}}, func() {
			r = a.ok(a.book.FillOrder(a.opts(solverKey), id, data, fill(60, carol)))
		})
		ev := event(t, r, a.bookAddr, a.book.ParseOrderFilled)
		if ev.OrderId != id || ev.Solver != solver || ev.AmountInToRelease.Cmp(units(50)) != 0 || ev.AmountOutFilled.Cmp(units(49)) != 0 || ev.MessageId != [32]byte{} {
			t.Fatalf("OrderFilled = %+v", ev)
		}
		event(t, r, a.bookAddr, a.book.ParseOrderCompleted)
		if a.status(id) != statusCompleted {
			t.Fatalf("status = %d, want completed", a.status(id))
		}
		a.fails("InvalidOrderStatus")(a.book.FillOrder(a.opts(solverKey), id, data, fill(1, carol)))
		a.fails("InvalidOrderStatus")(a.book.CancelOrder(a.opts(aliceKey), id, data))
	})

	t.Run("cross-chain partial fills release pro rata on the origin", func(t *testing.T) {
		a, b := a.in(t), b.in(t)
		id, data := a.openOrder(aliceKey, params(b, 100, 99), openWith(a, aliceKey))
		b.catchUp(a)
		if got := b.status(id); got != 0 {
			t.Fatalf("destination status before any fill = %d", got)
		}
		fee := b.quote(a, fillReport)
		b.fails("InsufficientFee")(b.book.FillOrder(b.pay(solverKey, new(big.Int).Sub(fee, common.Big1)), id, data, fill(33, carol)))

		// First fill: 33 of 99 out releases floor(100 * 33 / 99) in.
		var r *types.Receipt
		b.expectDeltas([]delta{{b.usdtAddr, bob, 33}, {b.usdtAddr, solver, -33}}, func() {
			r = b.ok(b.book.FillOrder(b.pay(solverKey, fee), id, data, fill(33, carol)))
		})
		firstRelease := big.NewInt(33_333_333)
		ev := event(t, r, b.bookAddr, b.book.ParseOrderFilled)
		if ev.AmountInToRelease.Cmp(firstRelease) != 0 || ev.MessageId == [32]byte{} {
			t.Fatalf("OrderFilled = %+v", ev)
		}
		sent := event(t, r, b.portalAddr, b.portal.ParseFillReportSent)
		if sent.OrderId != id || sent.DestinationChainId != uint32(a.id) || sent.MessageId != ev.MessageId || sent.OriginRecipient != b32(carol) {
			t.Fatalf("FillReportSent = %+v", sent)
		}
		if f := b.filled(id); f.AmountOutFilled.Cmp(units(33)) != 0 || f.AmountInReleased.Cmp(firstRelease) != 0 || b.status(id) != statusCreated {
			t.Fatalf("destination filled amounts = %+v, status %d", f, b.status(id))
		}
		before := a.tokenBalance(a.usdcAddr, carol)
		ra := b.relay(a, r)[0]
		eq(t, "released to the solver's origin recipient", new(big.Int).Sub(a.tokenBalance(a.usdcAddr, carol), before), firstRelease)
		rep := event(t, ra, a.bookAddr, a.book.ParseFillReported)
		if rep.OrderId != id || rep.OriginRecipient != carol || rep.AmountInToRelease.Cmp(firstRelease) != 0 {
			t.Fatalf("FillReported = %+v", rep)
		}
		if a.status(id) != statusCreated {
			t.Fatalf("origin status = %d after a partial fill", a.status(id))
		}

		// Second fill completes the order and releases the rest.
		r = b.ok(b.book.FillOrder0(b.pay(solverKey, fee), id, data, fill(99, carol), nil))
		event(t, r, b.bookAddr, b.book.ParseOrderCompleted)
		b.relay(a, r)
		eq(t, "all of amountIn released", new(big.Int).Sub(a.tokenBalance(a.usdcAddr, carol), before), units(100))
		eq(t, "order book holds nothing for the order", a.tokenBalance(a.usdcAddr, a.bookAddr), big.NewInt(0))
		if a.status(id) != statusCompleted || b.status(id) != statusCompleted {
			t.Fatalf("status origin %d destination %d, want completed", a.status(id), b.status(id))
		}
		if f := a.filled(id); f.AmountOutFilled.Cmp(units(99)) != 0 || f.AmountInReleased.Cmp(units(100)) != 0 {
			t.Fatalf("origin filled amounts = %+v", f)
		}
		b.fails("InvalidOrderStatus")(b.book.FillOrder(b.pay(solverKey, fee), id, data, fill(1, carol)))
	})

	t.Run("same-chain cancel refunds the sender, not the funder", func(t *testing.T) {
		a := a.in(t)
		p := params(a, 20, 20)
		p.Sender = carol // alice funds, carol owns
		id, data := a.openOrder(aliceKey, p, openWith(a, aliceKey))
		a.fails("NotAuthorized")(a.book.CancelOrder(a.opts(strangeKey), id, data))
		a.fails("NotAuthorized")(a.book.CancelOrder(a.opts(aliceKey), id, data)) // the funder is not the owner
		a.fails("InvalidMsgValue")(a.book.CancelOrder(a.pay(carolKey, big.NewInt(1)), id, data))
		var r *types.Receipt
		a.expectDeltas([]delta{{a.usdcAddr, carol, 20}, {a.usdcAddr, alice, 0}}, func() {
			r = a.ok(a.book.CancelOrder(a.opts(carolKey), id, data))
		})
		rc := event(t, r, a.bookAddr, a.book.ParseRefundClaimed)
		if rc.OrderId != id || rc.Sender != carol || rc.AmountInRefunded.Cmp(units(20)) != 0 {
			t.Fatalf("RefundClaimed = %+v", rc)
		}
		event(t, r, a.bookAddr, a.book.ParseOrderCancelled)
		if a.status(id) != statusCancelled {
			t.Fatalf("status = %d", a.status(id))
		}
		a.fails("InvalidOrderStatus")(a.book.FillOrder(a.opts(solverKey), id, data, fill(1, solver)))
	})

	t.Run("cross-chain cancel on the destination refunds on the origin", func(t *testing.T) {
		a, b := a.in(t), b.in(t)
		id, data := a.openOrder(aliceKey, params(b, 80, 40), openWith(a, aliceKey))
		b.catchUp(a)
		r := b.ok(b.book.FillOrder(b.pay(solverKey, b.quote(a, fillReport)), id, data, fill(10, solver)))
		b.relay(a, r) // releases 20 of 80

		fee := b.quote(a, cancelReport)
		b.fails("NotAuthorized")(b.book.CancelOrder(b.pay(strangeKey, fee), id, data))
		b.fails("NotAuthorized")(b.book.CancelOrder(b.pay(aliceKey, fee), id, data)) // the sender cannot, cross-chain
		b.fails("InsufficientFee")(b.book.CancelOrder(b.opts(bobKey), id, data))
		portalETH := b.balance(b.portalAddr)
		r = b.ok(b.book.CancelOrder(b.pay(bobKey, fee), id, data))
		eq(t, "cancel report fee paid to the portal", new(big.Int).Sub(b.balance(b.portalAddr), portalETH), fee)
		oc := event(t, r, b.bookAddr, b.book.ParseOrderCancelled)
		sent := event(t, r, b.portalAddr, b.portal.ParseCancelReportSent)
		if oc.MessageId == [32]byte{} || sent.MessageId != oc.MessageId || sent.AmountInToRefund.Cmp(units(60)) != 0 || sent.OriginSender != b32(alice) {
			t.Fatalf("OrderCancelled = %+v, CancelReportSent = %+v", oc, sent)
		}
		b.fails("InvalidOrderStatus")(b.book.FillOrder(b.pay(solverKey, b.quote(a, fillReport)), id, data, fill(1, solver)))

		var ra *types.Receipt
		a.expectDeltas([]delta{{a.usdcAddr, alice, 60}, {a.usdcAddr, a.bookAddr, -60}}, func() { ra = b.relay(a, r)[0] })
		event(t, ra, a.bookAddr, a.book.ParseCancelReported)
		if a.status(id) != statusCancelled {
			t.Fatalf("origin status = %d", a.status(id))
		}
		if f := a.filled(id); f.AmountInRefunded.Cmp(units(60)) != 0 || f.AmountInReleased.Cmp(units(20)) != 0 {
			t.Fatalf("origin filled amounts = %+v", f)
		}
	})

	t.Run("after the deadline fills stop and anyone may cancel", func(t *testing.T) {
		a := a.in(t)
		p := params(a, 5, 5)
		p.FillDeadline = uint32(a.now() + 60)
		id, data := a.openOrder(aliceKey, p, openWith(a, aliceKey))
		a.advance(2 * time.Minute)
		a.fails("OrderExpired")(a.book.FillOrder(a.opts(solverKey), id, data, fill(5, solver)))
		a.expectDeltas([]delta{{a.usdcAddr, alice, 5}}, func() { a.ok(a.book.CancelOrder(a.opts(strangeKey), id, data)) })
	})

	t.Run("open with permit, both forms", func(t *testing.T) {
		a := a.in(t)
		// bob has USDC and has given the order book no allowance.
		domain := permitDomain("USD Coin", "2", a.id, a.usdcAddr)
		deadline := new(big.Int).SetUint64(a.now() + 600)
		p := params(b, 7, 7)
		p.Sender = bob
		nonce, _ := a.usdc.Nonces(nil, bob)
		v, r, s := splitSig(signPermit(t, bobKey, domain, a.bookAddr, p.AmountIn, nonce, deadline))
		a.expectDeltas([]delta{{a.usdcAddr, bob, -7}}, func() {
			a.openOrder(bobKey, p, func(p bindings.OrderParams) *types.Receipt {
				return a.ok(a.book.OpenOrderWithPermit0(a.opts(bobKey), p, deadline, v, r, s))
			})
		})
		sig := signPermit(t, bobKey, domain, a.bookAddr, p.AmountIn, new(big.Int).Add(nonce, common.Big1), deadline)
		a.expectDeltas([]delta{{a.usdcAddr, bob, -7}}, func() {
			a.openOrder(bobKey, p, func(p bindings.OrderParams) *types.Receipt {
				return a.ok(a.book.OpenOrderWithPermit(a.opts(bobKey), p, deadline, sig))
			})
		})
		// A replayed permit is ignored and, with no allowance left, the pull fails.
		a.fails("InsufficientAllowance")(a.book.OpenOrderWithPermit(a.opts(bobKey), p, deadline, sig))
	})

	t.Run("only the portal reports", func(t *testing.T) {
		a := a.in(t)
		a.fails("NotAuthorized")(a.book.ReportFill(a.opts(strangeKey), uint32(b.id), bindings.FillReport{AmountInToRelease: new(big.Int), AmountOutFilled: new(big.Int)}))
		a.fails("NotAuthorized")(a.book.ReportCancel(a.opts(strangeKey), uint32(b.id), bindings.CancelReport{AmountInToRefund: new(big.Int), OrderId: crypto.Keccak256Hash([]byte("x"))}))
	})
}
