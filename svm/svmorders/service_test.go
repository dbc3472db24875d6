package svmorders_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/svm"
)

// ethereum is the origin of foreign orders, an EVM chain.
var ethereum = asset.ChainInfo{Name: orchestration.Ethereum, Runtime: orchestration.RuntimeEVM, ChainID: ethereumID,
	Contracts: asset.Contracts{OrderBook: "0x0000000000000000000000000000000000000b00"}}

type catalog []asset.ChainInfo

func (c catalog) Chain(name orchestration.Chain) (asset.ChainInfo, bool) {
	for _, i := range c {
		if i.Name == name {
			return i, true
		}
	}
	return asset.ChainInfo{}, false
}

func (c catalog) ChainByID(rt orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool) {
	for _, i := range c {
		if i.Runtime == rt && i.ChainID == id {
			return i, true
		}
	}
	return asset.ChainInfo{}, false
}

// ethBook is Ethereum's order book holding foreignData(ethereumID), open.
type ethBook struct{}

func (ethBook) Account(b [32]byte) string { return fmt.Sprintf("0x%x", b[12:]) }
func (ethBook) ParseAccount(s string) ([32]byte, error) {
	return orchestration.AddressBytes32(orchestration.RuntimeEVM, s)
}
func (ethBook) Serves(c orchestration.Chain) bool { return c == orchestration.Ethereum }
func (ethBook) Read(_ context.Context, _ asset.ChainInfo, id order.ID, need order.Need) (*order.View, error) {
	d := foreignData(ethereumID)
	want, _ := d.ID()
	v := &order.View{Now: now}
	if id == want {
		v.Found, v.Status, v.Terms = true, orchestration.OrderCreated, terms(d)
	}
	return v, nil
}
func (ethBook) CancelPayload(context.Context, asset.ChainInfo, order.Cancel) (*orchestration.TransactionPayload, error) {
	return nil, errors.New("an order bound for Solana is not cancelled on Ethereum")
}

// Package order's rules over the Solana Book: the caller of an order from
// Ethereum must be named (decision 80) and is parsed as base58; the
// sender of a same-chain order is the default; the fee payer is the caller.
func TestServiceCancelsOnSolana(t *testing.T) {
	w := newWorld(t)
	svc, err := order.New(order.Config{Catalog: catalog{ethereum, w.chain},
		Books: map[orchestration.ChainRuntime]order.Book{orchestration.RuntimeSVM: w.book, orchestration.RuntimeEVM: ethBook{}}, Recheck: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	cancel := func(origin orchestration.Chain, id [32]byte, caller string) (*orchestration.TransactionPayload, error) {
		return svc.CancelOrder(t.Context(), orchestration.CancelOrderRequest{
			Order: orchestration.OrderRef{OriginChain: origin, OrderID: order.ID(id).String()}, Caller: caller})
	}
	payer := func(t *testing.T, p *orchestration.TransactionPayload) solana.PublicKey {
		t.Helper()
		return decodeAny(t, p).Message.AccountKeys[0]
	}

	foreign, _ := foreignData(ethereumID).ID()
	if _, err := cancel(orchestration.Ethereum, foreign, ""); !ordertest.IsCode(err, orchestration.BadOrderRequest) ||
		!strings.Contains(err.Error(), "caller") || !strings.Contains(err.Error(), "cannot sign") {
		t.Errorf("an order from Ethereum, caller omitted: %v, want BadOrderRequest naming caller", err)
	}
	if _, err := cancel(orchestration.Ethereum, foreign, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"); !ordertest.IsCode(err, orchestration.BadOrderRequest) {
		t.Errorf("an EVM caller on Solana: %v, want BadOrderRequest", err)
	}
	if _, err := cancel(orchestration.Ethereum, foreign, caller.String()); !ordertest.IsCode(err, orchestration.OrderNotCancellable) ||
		!strings.Contains(err.Error(), caller.String()) {
		t.Errorf("a stranger before the deadline: %v, want OrderNotCancellable naming it in base58", err)
	}
	p, err := cancel(orchestration.Ethereum, foreign, recipient.String())
	if err != nil {
		t.Fatal(err)
	}
	if got := payer(t, p); !got.Equals(recipient) {
		t.Errorf("the recipient's cancel is paid by %s", got)
	}

	d := nativeData(1)
	same, _ := w.putNative(t, d, svm.OrderCreated, 0, 0, 0)
	p, err = cancel(orchestration.Solana, same, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := payer(t, p); !got.Equals(sender) {
		t.Errorf("a same-chain cancel with the caller omitted is paid by %s, want the sender", got)
	}
	if _, err := cancel(orchestration.Solana, same, caller.String()); !ordertest.IsCode(err, orchestration.OrderNotCancellable) ||
		!strings.Contains(err.Error(), "the recipient or the sender") {
		t.Errorf("a stranger on a same-chain order: %v", err)
	}
}

func decodeAny(t *testing.T, p *orchestration.TransactionPayload) *solana.Transaction {
	t.Helper()
	if p == nil || p.SVM == nil {
		t.Fatalf("payload %+v", p)
	}
	tx, err := svm.Decode(p.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}
