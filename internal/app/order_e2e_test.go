package app_test

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

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
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	k := s.app.Devnet().Contracts(orchestration.Sepolia)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	opts, err := bind.NewKeyedTransactorWithChainID(alice.Key, new(big.Int).SetUint64(c.ChainID))
	if err != nil {
		t.Fatal(err)
	}
	opts.Context = ctx
	check := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	wm, _ := bindings.NewMToken(k.WrappedM, c.Client())
	amountIn := big.NewInt(1_500_000)
	tx, err := wm.Approve(opts, k.OrderBook, amountIn)
	check("approve", err)
	if _, err := c.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
	book, _ := bindings.NewOrderBook(k.OrderBook, c.Client())
	tx, err = book.OpenOrder(opts, bindings.OrderParams{
		DestChainId: uint32(c.ChainID), FillDeadline: uint32(c.Now().Add(time.Hour).Unix()),
		TokenIn: k.WrappedM, TokenOut: common.BytesToHash(k.USDC.Bytes()),
		AmountIn: amountIn, AmountOut: big.NewInt(1_600_000), // above the devnet solver's price: it stays open
		Recipient: common.BytesToHash(bob.Address.Bytes()), Sender: alice.Address,
	})
	check("openOrder", err)
	r, err := c.WaitMined(ctx, tx)
	if err != nil || r.Status != 1 {
		t.Fatalf("openOrder: %v %v", err, r)
	}
	var id [32]byte
	for _, l := range r.Logs {
		if ev, err := book.ParseOrderOpened(*l); err == nil {
			id = ev.OrderId
		}
	}
	got := s.do(call{method: "GET", path: base + "/orders/Sepolia/" + hexutil.Encode(id[:]), key: devSecret})
	if got.status != 200 {
		t.Fatalf("order detail: %d %s", got.status, got.body)
	}
	var o orchestration.Order
	if err := json.Unmarshal(got.body, &o); err != nil {
		t.Fatal(err)
	}
	if o.Status != orchestration.OrderCreated || o.AmountIn != "1500000" || o.Sender != alice.Address.Hex() ||
		o.Recipient != bob.Address.Hex() || o.FillCount != nil {
		t.Errorf("order %+v, want alice's open order to bob with no index fields", o)
	}
	got = s.do(call{method: "GET", path: base + "/orders/Sepolia/0x" + strings.Repeat("ab", 32), key: devSecret})
	s.wantError("unknown order", got, 404, orchestration.OrderNotFound)
}
