package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// GET /orders/{originChain}/{orderId} over HTTP on the devnet: an order
// alice opens is answered from the chain, checked against both OpenAPI
// documents; an unknown id is a 404.
func TestOrderDetailOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("sends transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	// Asking more than the devnet solver's price: it stays open.
	id, _ := s.openSameChainOrder(t, alice, bob, big.NewInt(1_500_000), big.NewInt(1_600_000))
	o := s.detail(t, orchestration.Sepolia, id)
	if o.Status != orchestration.OrderCreated || o.AmountIn != "1500000" || o.Sender != alice.Address.Hex() ||
		o.Recipient != bob.Address.Hex() || (o.FillCount != nil && *o.FillCount != 0) {
		t.Errorf("order %+v, want alice's open order to bob, unfilled", o)
	}
	got := s.do(call{method: "GET", path: base + "/orders/Sepolia/0x" + strings.Repeat("ab", 32), key: devSecret})
	s.wantError("unknown order", got, 404, orchestration.OrderNotFound)
}

// detail reads an order over HTTP.
func (s *devnetServer) detail(t *testing.T, chain orchestration.Chain, id [32]byte) orchestration.Order {
	t.Helper()
	got := s.do(call{method: "GET", path: base + "/orders/" + string(chain) + "/" + hexutil.Encode(id[:]), key: devSecret})
	if got.status != 200 {
		t.Fatalf("order detail: %d %s", got.status, got.body)
	}
	var o orchestration.Order
	if err := json.Unmarshal(got.body, &o); err != nil {
		t.Fatal(err)
	}
	return o
}

// orderOpened is the id of the order a receipt's OrderOpened announces.
func orderOpened(t *testing.T, book *bindings.OrderBook, receipts []*types.Receipt) [32]byte {
	t.Helper()
	for _, r := range receipts {
		for _, l := range r.Logs {
			if ev, err := book.ParseOrderOpened(*l); err == nil {
				return ev.OrderId
			}
		}
	}
	t.Fatal("no OrderOpened in the receipts")
	return [32]byte{}
}

// The limit order's whole life over HTTP on the devnet: quoted, its
// payloads executed as returned, filled by the devnet's solver on
// BaseSepolia, the fill report relayed to Sepolia; detail shows it
// COMPLETED with what was filled and released, and a cancel is refused.
func TestLimitOrderLifecycleOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	q := s.limitOrderQuote(t, alice, bob, "4000000")
	if len(q.Payloads) != 2 || q.Payloads[1].Solver == nil || q.Payloads[1].Solver.Exclusive {
		t.Fatalf("payloads %+v: want an approve and an order open to any solver", q.Payloads)
	}
	if sv, _ := devnet.AccountByName("solver"); q.Payloads[1].Solver.Name != "devnet" || q.Payloads[1].Solver.Address != sv.Address.Hex() {
		t.Errorf("payload solver %+v, want the devnet solver by name and address %s", *q.Payloads[1].Solver, sv.Address.Hex())
	}
	received, receipts := s.executeReceipts(t, alice, q) // waits for bob's USDC
	if received.String() != q.AmountOut {
		t.Errorf("bob received %s, want the order's amountOut %s", received, q.AmountOut)
	}
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	book, _ := bindings.NewOrderBook(s.app.Devnet().Contracts(orchestration.Sepolia).OrderBook, c.Client())
	id := orderOpened(t, book, receipts)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	o, err := evm.WaitFor(ctx, func(context.Context) (orchestration.Order, bool, error) {
		o := s.detail(t, orchestration.Sepolia, id)
		// COMPLETED on BaseSepolia comes first; the released amount
		// shows the report has reached Sepolia.
		return o, o.Status == orchestration.OrderCompleted && o.AmountInReleased == "4000000", nil
	})
	if err != nil {
		t.Fatalf("the fill report never completed the order on Sepolia: %v\nserver warnings and errors:\n%s", err, devnetLog.String())
	}
	dest, _ := s.app.Catalog().Chain(orchestration.BaseSepolia)
	if o.AmountIn != "4000000" || o.AmountOut != q.AmountOut || o.AmountOutFilled != q.AmountOut || o.AmountInReleased != "4000000" ||
		o.AmountRefunded != "0" || o.Sender != alice.Address.Hex() || o.Recipient != bob.Address.Hex() ||
		o.DestChainID != dest.ChainID || o.DesignatedSolver != (common.Address{}).Hex() {
		t.Errorf("completed order %+v: want 4000000 in, %s out filled, all released, alice to bob on BaseSepolia, open to any solver", o, q.AmountOut)
	}
	got := s.do(call{method: "POST", path: base + "/orders/Sepolia/" + hexutil.Encode(id[:]) + "/cancel", key: devSecret, body: "{}"})
	s.wantError("cancelling a completed order", got, 409, orchestration.OrderNotCancellable)
}

// Cancelling over HTTP on the devnet: an order the solver will not fill
// (it asks more than the solver's price); a stranger is refused until the
// fill deadline, with the time; its sender's cancel payload, executed,
// refunds the sender and detail shows CANCELLED; a second cancel is
// refused. (A cross-chain cancel after the deadline by a third party, which
// needs the devnet's clock moved, runs in package order.)
func TestCancelOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	k := s.app.Devnet().Contracts(orchestration.Sepolia)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	amountIn := big.NewInt(2_000_000)
	id, deadline := s.openSameChainOrder(t, alice, bob, amountIn, big.NewInt(2_500_000)) // above the solver's price: it stays open
	path := base + "/orders/Sepolia/" + hexutil.Encode(id[:]) + "/cancel"

	got := s.do(call{method: "POST", path: path, key: devSecret, body: `{"caller":"` + carol.Address.Hex() + `"}`})
	msg := s.wantError("a stranger before the deadline", got, 409, orchestration.OrderNotCancellable)
	if when := time.Unix(deadline+1, 0).UTC().Format(time.RFC3339); !strings.Contains(msg, when) {
		t.Errorf("refusal %q does not say anyone may cancel from %s", msg, when)
	}

	before := s.balance(t, orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: k.WrappedM.Hex()}, alice.Address)
	got = s.do(call{method: "POST", path: path, key: devSecret, body: "{}"}) // the caller defaults to the sender
	if got.status != 200 {
		t.Fatalf("the sender's cancel: %d %s", got.status, got.body)
	}
	var p orchestration.TransactionPayload
	if err := json.Unmarshal(got.body, &p); err != nil || p.EVM == nil {
		t.Fatalf("cancel payload %s: %v", got.body, err)
	}
	if p.EVM.To != k.OrderBook.Hex() || p.EVM.Chain != orchestration.Sepolia || p.EVM.Value != "0" {
		t.Errorf("cancel payload %+v: want a call of Sepolia's OrderBook without value", p.EVM)
	}
	ex := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: c.Client()}, Signer: evm.KeySigner(alice.Key)}
	if _, err := ex.Execute(ctx, []orchestration.Payload{{Provider: orchestration.ProviderLimitOrder, Data: p}}); err != nil {
		t.Fatalf("executing the cancel: %v", err)
	}
	after := s.balance(t, orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: k.WrappedM.Hex()}, alice.Address)
	if refund := new(big.Int).Sub(after, before); refund.Cmp(amountIn) != 0 {
		t.Errorf("alice was refunded %s wM, want %s", refund, amountIn)
	}
	if o := s.detail(t, orchestration.Sepolia, id); o.Status != orchestration.OrderCancelled || o.AmountRefunded != amountIn.String() {
		t.Errorf("after the cancel: status %s refunded %s, want CANCELLED and %s", o.Status, o.AmountRefunded, amountIn)
	}
	got = s.do(call{method: "POST", path: path, key: devSecret, body: "{}"})
	s.wantError("a second cancel", got, 409, orchestration.OrderNotCancellable)
}

// openSameChainOrder has from open an order on Sepolia selling amountIn wM
// for amountOut USDC to to, fillable for an hour, and returns its id and
// fill deadline.
func (s *devnetServer) openSameChainOrder(t *testing.T, from, to devnet.Account, amountIn, amountOut *big.Int) ([32]byte, int64) {
	t.Helper()
	return s.openOrder(t, from, to, common.Address{}, amountIn, amountOut)
}

// openOrder is openSameChainOrder for one solver only, or any solver when
// solver is the zero address.
func (s *devnetServer) openOrder(t *testing.T, from, to devnet.Account, solver common.Address, amountIn, amountOut *big.Int) ([32]byte, int64) {
	t.Helper()
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	k := s.app.Devnet().Contracts(orchestration.Sepolia)
	opts, mined := s.transactor(t, c, from)
	wm, _ := bindings.NewMToken(k.WrappedM, c.Client())
	tx, err := wm.Approve(opts, k.OrderBook, amountIn)
	mined("approve", tx, err)
	book, _ := bindings.NewOrderBook(k.OrderBook, c.Client())
	deadline := c.Now().Add(time.Hour).Unix()
	tx, err = book.OpenOrder(opts, bindings.OrderParams{
		DestChainId: uint32(c.ChainID), FillDeadline: uint32(deadline),
		TokenIn: k.WrappedM, TokenOut: common.BytesToHash(k.USDC.Bytes()), AmountIn: amountIn, AmountOut: amountOut,
		Recipient: common.BytesToHash(to.Address.Bytes()), Sender: from.Address, Solver: common.BytesToHash(solver.Bytes()),
	})
	return orderOpened(t, book, []*types.Receipt{mined("openOrder", tx, err)}), deadline
}

// GET /orders over HTTP with the index running in the server: an order
// filled by the devnet's solver across chains and one cancelled by its
// sender appear with their statuses, fills, funder and fill deadline.
func TestOrdersListedOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	q := s.limitOrderQuote(t, alice, bob, "3000000")
	_, receipts := s.executeReceipts(t, alice, q)
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	book, _ := bindings.NewOrderBook(s.app.Devnet().Contracts(orchestration.Sepolia).OrderBook, c.Client())
	filled := orderOpened(t, book, receipts)

	cancelled, deadline := s.openSameChainOrder(t, alice, bob, big.NewInt(1_000_000), big.NewInt(2_000_000))
	got := s.do(call{method: "POST", path: base + "/orders/Sepolia/" + hexutil.Encode(cancelled[:]) + "/cancel", key: devSecret, body: "{}"})
	var p orchestration.TransactionPayload
	if got.status != 200 || json.Unmarshal(got.body, &p) != nil {
		t.Fatalf("cancel: %d %s", got.status, got.body)
	}
	ex := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: c.Client()}, Signer: evm.KeySigner(alice.Key)}
	if _, err := ex.Execute(context.Background(), []orchestration.Payload{{Provider: orchestration.ProviderLimitOrder, Data: p}}); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	byID, err := evm.WaitFor(ctx, func(context.Context) (map[string]orchestration.OrderSummary, bool, error) {
		got := s.do(call{method: "GET", path: base + "/orders?sender=" + alice.Address.Hex() + "&limit=100", key: devSecret})
		var resp orchestration.OrdersResponse
		if got.status != 200 || json.Unmarshal(got.body, &resp) != nil {
			return nil, false, fmt.Errorf("list: %d %s", got.status, got.body)
		}
		m := map[string]orchestration.OrderSummary{}
		for _, o := range resp.Orders {
			m[o.OrderID] = o
		}
		f, c := m[hexutil.Encode(filled[:])], m[hexutil.Encode(cancelled[:])]
		return m, f.Status == orchestration.OrderCompleted && f.FillReportCount == 1 && c.Status == orchestration.OrderCancelled, nil
	})
	if err != nil {
		t.Fatalf("the index never showed the filled order COMPLETED and the cancelled one CANCELLED: %v (last page %+v)", err, byID)
	}
	f, cc := byID[hexutil.Encode(filled[:])], byID[hexutil.Encode(cancelled[:])]
	if f.FillCount != 1 || f.AmountOutFilled != q.AmountOut || f.AmountInReleased != "3000000" || f.Funder != alice.Address.Hex() || f.OpenTx == "" {
		t.Errorf("filled order %+v: want one fill of %s, all released, funded by alice", f, q.AmountOut)
	}
	if cc.AmountRefunded != "1000000" || cc.FillDeadline != deadline || cc.FillCount != 0 || cc.ResolvedAt == nil {
		t.Errorf("cancelled order %+v: want 1000000 refunded, fill deadline %d, no fill, resolved", cc, deadline)
	}
	// Detail now carries the index's fields too.
	if o := s.detail(t, orchestration.Sepolia, filled); o.FillCount == nil || *o.FillCount != 1 || o.Funder == nil || len(o.Fills) != 1 {
		t.Errorf("detail %+v: want the index's fill count, funder and fill", o)
	}
}

// limitOrderQuote is the best quote, by limit order alone, of amount wM on
// Sepolia for USDC on BaseSepolia, from from to to.
func (s *devnetServer) limitOrderQuote(t *testing.T, from, to devnet.Account, amount string) orchestration.Quote {
	t.Helper()
	quotes, got := s.quote(t, orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.BaseSepolia, "USDC")},
		AmountIn: amount, Sender: from.Address.Hex(), Recipient: to.Address.Hex(),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
	})
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	return quotes[0]
}
