package app_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
)

// transferStatus reads GET /transfers/{chain}/{txHash} over HTTP.
func (e *env) transferStatus(t *testing.T, chain orchestration.Chain, tx common.Hash) orchestration.TransferStatus {
	t.Helper()
	got := e.do(call{method: "GET", path: base + "/transfers/" + string(chain) + "/" + tx.Hex(), key: devSecret})
	if got.status != 200 {
		t.Fatalf("transfer status of %s: %d %s", tx.Hex(), got.status, got.body)
	}
	var st orchestration.TransferStatus
	if err := json.Unmarshal(got.body, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// A same-chain swap and a limit order, executed from their quotes over
// HTTP: the swap's transaction is DONE with the amounts its logs show, its
// approve an approval of the SwapFacility, the order's open the order with
// its status; each answered from one batch on the chain. Unknown,
// malformed and foreign transactions are refused.
func TestTransferStatusOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	k := s.app.Devnet().Contracts(orchestration.Sepolia)
	wm, musd := s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD")

	quotes, got := s.quote(t, orchestration.QuoteRequest{Route: orchestration.Route{Source: wm, Destination: musd},
		AmountIn: "2500000", Sender: alice.Address.Hex(), Recipient: bob.Address.Hex()})
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	if p := providersOf(quotes[0]); p != "m-swap-facility" {
		t.Fatalf("best route %s, want the SwapFacility", p)
	}
	_, receipts := s.executeReceipts(t, alice, quotes[0])
	swapTx := receipts[len(receipts)-1].TxHash
	st := s.transferStatus(t, orchestration.Sepolia, swapTx)
	want := orchestration.TransferStep{Kind: orchestration.StepSwap, Contract: k.SwapFacility.Hex(), TokenIn: wm.Address, AmountIn: "2500000",
		TokenOut: musd.Address, AmountOut: "2500000", Recipient: bob.Address.Hex()}
	if st.Status != orchestration.TransferDone || st.TxHash != swapTx.Hex() || st.BlockTimestamp == 0 || st.From != alice.Address.Hex() || st.To != k.SwapFacility.Hex() ||
		st.BlockNumber != receipts[len(receipts)-1].BlockNumber.Uint64() || len(st.Steps) != 1 || !sameStep(st.Steps[0], want) {
		t.Errorf("swap status %+v: want DONE by alice on the SwapFacility with one step %+v", st, want)
	}
	if len(receipts) > 1 {
		ap := s.transferStatus(t, orchestration.Sepolia, receipts[0].TxHash)
		if ap.Status != orchestration.TransferDone || len(ap.Steps) != 1 || ap.Steps[0].Kind != orchestration.StepApprove ||
			ap.Steps[0].Spender != k.SwapFacility.Hex() || ap.Steps[0].TokenIn != wm.Address {
			t.Errorf("approve status %+v: want an approval of wM to the SwapFacility", ap)
		}
	}

	// One batch on the chain, counted as the chain reader's trips are.
	ctx, trips := evm.WithTrips(context.Background())
	if _, err := s.app.Transfers().Transfer(ctx, orchestration.Sepolia, swapTx.Hex()); err != nil {
		t.Fatal(err)
	}
	if n := trips.Total(); n != 1 || trips.Of(orchestration.Sepolia) != 1 {
		t.Errorf("a swap's status took %v round trips, want one batch on Sepolia", trips.Chains())
	}

	// A limit order's open: the order and its status.
	q := s.limitOrderQuote(t, alice, bob, "1000000")
	_, receipts = s.executeReceipts(t, alice, q)
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	book, _ := bindings.NewOrderBook(k.OrderBook, c.Client())
	id := orderOpened(t, book, receipts)
	st = s.transferStatus(t, orchestration.Sepolia, receipts[len(receipts)-1].TxHash)
	var order *orchestration.TransferStep
	for i := range st.Steps {
		if st.Steps[i].Kind == orchestration.StepLimitOrder {
			order = &st.Steps[i]
		}
	}
	switch {
	case order == nil:
		t.Errorf("order open status %+v: no limitOrder step", st)
	case order.Order == nil || order.Order.OrderID != hexutil.Encode(id[:]) || order.Order.OriginChain != orchestration.Sepolia || order.Order.Status == "" ||
		order.AmountIn != "1000000" || order.TokenIn != k.WrappedM.Hex():
		t.Errorf("order step %+v (order %+v): want order %x on Sepolia with its status, 1000000 wM in", *order, order.Order, id)
	}

	// Refusals.
	got = s.do(call{method: "GET", path: base + "/transfers/Sepolia/0x" + strings.Repeat("ab", 32), key: devSecret})
	s.wantError("unknown transaction", got, 404, orchestration.TransferNotFound)
	got = s.do(call{method: "GET", path: base + "/transfers/Sepolia/0x1234", key: devSecret})
	s.wantError("malformed hash", got, 400, orchestration.BadTransferRequest)
	got = s.do(call{method: "GET", path: base + "/transfers/Base/" + swapTx.Hex(), key: devSecret})
	s.wantError("a chain the devnet does not run", got, 400, orchestration.BadTransferRequest)
	plain := s.plainTransfer(t, alice, bob)
	got = s.do(call{method: "GET", path: base + "/transfers/Sepolia/" + plain.Hex(), key: devSecret})
	s.wantError("a plain ETH transfer", got, 400, orchestration.TransferNotRecognized)
}

// sameStep compares two steps without their bridge or order.
func sameStep(a, b orchestration.TransferStep) bool {
	a.Bridge, a.Order, b.Bridge, b.Order = nil, nil, nil, nil
	return a == b
}

// plainTransfer sends 1 wei of ETH from from to to on Sepolia: a
// transaction that calls none of the service's contracts.
func (s *devnetServer) plainTransfer(t *testing.T, from, to devnet.Account) common.Hash {
	t.Helper()
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	ex := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: c.Client()}, Signer: evm.KeySigner(from.Key)}
	r, err := ex.Execute(context.Background(), []orchestration.Payload{{Provider: orchestration.ProviderMPortal, Data: orchestration.TransactionPayload{
		EVM: &orchestration.EVMPayload{Chain: orchestration.Sepolia, ChainID: c.ChainID, To: to.Address.Hex(), Data: "0x", Value: "1"}}}})
	if err != nil {
		t.Fatal(err)
	}
	return r[0].TxHash
}

// A portal transfer over HTTP on a devnet whose relayer waits an hour: its
// source transaction is PENDING with the message id and destination; once
// the test relays the message it is DONE, the bridge DELIVERED with the
// destination transaction (the one that paid bob), read in one batch per
// chain.
func TestPortalTransferStatusPendingThenDelivered(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	a, err := app.New(context.Background(), app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:   &app.DevnetConfig{Enabled: true, RelayDelay: app.Duration(time.Hour)},
	}, app.Options{
		Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	srv := httptest.NewServer(openapitest.Handler(t, a.Handler()))
	t.Cleanup(srv.Close)
	s := &devnetServer{env: &env{t: t, url: srv.URL, app: a, good: devSecret}, app: a}
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	src, dst := s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "wM")
	quotes, got := s.quote(t, orchestration.QuoteRequest{Route: orchestration.Route{Source: src, Destination: dst},
		AmountIn: "4000000", Sender: alice.Address.Hex(), Recipient: bob.Address.Hex()})
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	q := quotes[0]
	if p := providersOf(q); p != "m-portal" {
		t.Fatalf("best route %s, want the portal", p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, _ := a.Devnet().Chain(orchestration.Sepolia)
	ex := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: c.Client()}, Signer: evm.KeySigner(alice.Key)}
	receipts, err := ex.Execute(ctx, q.Payloads)
	if err != nil {
		t.Fatal(err)
	}
	sent := receipts[len(receipts)-1]
	var messageID common.Hash
	portal, _ := bindings.NewPortal(a.Devnet().Contracts(orchestration.Sepolia).Portal, c.Client())
	for _, l := range sent.Logs {
		if ev, err := portal.ParseTokenSent(*l); err == nil {
			messageID = ev.MessageId
		}
	}
	if messageID == (common.Hash{}) {
		t.Fatal("no TokenSent in the portal transfer's receipt")
	}

	st := s.transferStatus(t, orchestration.Sepolia, sent.TxHash)
	b := bridgeOf(st)
	if st.Status != orchestration.TransferPending || b == nil || b.Bridge.MessageID != messageID.Hex() ||
		b.Bridge.DestinationChain != orchestration.BaseSepolia || b.Bridge.Status != orchestration.DeliveryPending ||
		b.Bridge.DestinationTxHash != "" || b.AmountIn != "4000000" || b.TokenIn != src.Address || b.TokenOut != dst.Address ||
		b.Recipient != bob.Address.Hex() {
		t.Fatalf("before the relay: %+v (bridge %+v), want PENDING, message %s to BaseSepolia pending, 4000000 wM to bob", st, b, messageID.Hex())
	}

	if n, err := a.Devnet().Relay(ctx); err != nil || n == 0 {
		t.Fatalf("relay: %d messages, %v", n, err)
	}
	st, err = evm.WaitFor(ctx, func(context.Context) (orchestration.TransferStatus, bool, error) {
		st := s.transferStatus(t, orchestration.Sepolia, sent.TxHash)
		return st, st.Status == orchestration.TransferDone, nil
	})
	if err != nil {
		t.Fatalf("never DONE after the relay: %v", err)
	}
	b = bridgeOf(st)
	if b == nil || b.Bridge.Status != orchestration.DeliveryDelivered || b.Bridge.DestinationTxHash == "" || b.Bridge.DestinationBlockNumber == 0 {
		t.Fatalf("after the relay: %+v (bridge %+v), want DELIVERED with the destination transaction", st, b)
	}
	// The destination transaction is the one that paid bob: its receipt
	// has the destination Portal's TokenReceived of the message.
	dc, _ := a.Devnet().Chain(orchestration.BaseSepolia)
	r, err := dc.Client().TransactionReceipt(ctx, common.HexToHash(b.Bridge.DestinationTxHash))
	if err != nil || r.BlockNumber.Uint64() != b.Bridge.DestinationBlockNumber {
		t.Fatalf("destination receipt %v: %v", r, err)
	}
	if !receivedIn(t, a, r, messageID, bob.Address) {
		t.Errorf("destination transaction %s has no TokenReceived of %s to bob", b.Bridge.DestinationTxHash, messageID.Hex())
	}
	// The devnet's nodes tell the logs' block times, with the receipt's too.
	if head, _ := dc.Client().HeaderByNumber(ctx, r.BlockNumber); b.Bridge.DeliveredAt != int64(head.Time) {
		t.Errorf("deliveredAt %d, want the destination block's time %d", b.Bridge.DeliveredAt, head.Time)
	}

	// One batch on each chain: the destination's head is the followed one.
	tctx, trips := evm.WithTrips(ctx)
	if _, err := a.Transfers().Transfer(tctx, orchestration.Sepolia, sent.TxHash.Hex()); err != nil {
		t.Fatal(err)
	}
	if trips.Of(orchestration.Sepolia) != 1 || trips.Of(orchestration.BaseSepolia) != 1 || trips.Total() != 2 {
		t.Errorf("a delivered transfer's status took %v round trips, want one batch per chain", trips.Chains())
	}
}

func bridgeOf(st orchestration.TransferStatus) *orchestration.TransferStep {
	for i := range st.Steps {
		if st.Steps[i].Kind == orchestration.StepBridge && st.Steps[i].Bridge != nil {
			return &st.Steps[i]
		}
	}
	return nil
}

// receivedIn reports whether r has BaseSepolia's Portal's TokenReceived of
// message id to recipient.
func receivedIn(t *testing.T, a *app.Server, r *types.Receipt, id common.Hash, recipient common.Address) bool {
	t.Helper()
	dc, _ := a.Devnet().Chain(orchestration.BaseSepolia)
	portal, _ := bindings.NewPortal(a.Devnet().Contracts(orchestration.BaseSepolia).Portal, dc.Client())
	for _, l := range r.Logs {
		if ev, err := portal.ParseTokenReceived(*l); err == nil && ev.MessageId == id && ev.Recipient == recipient {
			return true
		}
	}
	return false
}

// transfers is read from the file and handed to the service as written.
func TestTransfersSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.yaml")
	if err := os.WriteFile(path, []byte("transfers:\n  lookback: 1200\n  maxRange: 300\n  disabled: true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := app.LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := app.ServiceConfig(cfg, app.Options{FromFile: true})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Transfers.Lookback != 1200 || sc.Transfers.MaxRange != 300 || !sc.Transfers.Disabled {
		t.Errorf("service's Transfers %+v, want the file's lookback and range, disabled", sc.Transfers)
	}
}
