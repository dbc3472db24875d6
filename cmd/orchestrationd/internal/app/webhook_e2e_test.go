package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/webhook"
)

// A key's webhook on the devnet: the key registers a webhook, is quoted a
// limit order for alice (so it follows alice), alice executes it, the
// devnet's solver fills it, and the receiver gets the order's
// order.created first and order.completed last, each signed (the exported
// verifier accepts it) and carrying its event id in header and body.
func TestWebhookOfALimitOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	ctx := t.Context()
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")

	type delivery struct {
		header   string
		event    webhook.Event
		verified error
	}
	var mu sync.Mutex
	var got []delivery
	var secret string
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		d := delivery{header: r.Header.Get(webhook.HeaderEventID),
			verified: webhook.Verify(secret, r.Header.Get(webhook.HeaderSignature), body, time.Now(), 0)}
		if err := json.Unmarshal(body, &d.event); err != nil {
			t.Errorf("body %s: %v", body, err)
		}
		got = append(got, d)
	}))
	defer rcv.Close()

	keySecret, key, err := s.app.Keys().Create(ctx, apikey.NewKey{Name: "webhook-e2e-" + time.Now().Format("150405.000")})
	if err != nil {
		t.Fatal(err)
	}
	secret = webhook.NewSecret()
	if err := s.app.Webhooks().Set(ctx, key.ID, rcv.URL+"/orders", secret, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.app.Webhooks().Remove(context.Background(), key.ID) })

	body, _ := json.Marshal(orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.BaseSepolia, "USDC")},
		AmountIn: "3000000", Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
	})
	ans := s.do(call{method: "POST", path: base + "/quote", key: keySecret, body: string(body)})
	var quotes []orchestration.Quote
	if ans.status != 200 || json.Unmarshal(ans.body, &quotes) != nil || len(quotes) == 0 {
		t.Fatalf("quote with the key: %d %s", ans.status, ans.body)
	}
	// The sender is recorded off the request path, within moments of the
	// answer (webhook.Follower).
	fctx, fcancel := context.WithTimeout(ctx, 5*time.Second)
	defer fcancel()
	if senders, err := evm.WaitFor(fctx, func(ctx context.Context) ([]webhook.Sender, bool, error) {
		w, err := s.app.Webhooks().Get(ctx, key.ID)
		if err != nil {
			return nil, false, err
		}
		return w.Senders, slices.Contains(w.Senders, webhook.Sender{Address: alice.Address.Hex(), Source: webhook.FromQuote}), nil
	}); err != nil {
		t.Fatalf("after the quote the webhook follows %+v (%v); want alice, from the quote", senders, err)
	}

	_, receipts := s.executeReceipts(t, alice, quotes[0])
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	book, _ := bindings.NewOrderBook(s.app.Devnet().Contracts(orchestration.Sepolia).OrderBook, c.Client())
	id := hexutil.Encode(func() []byte { b := orderOpened(t, book, receipts); return b[:] }())

	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	mine, err := evm.WaitFor(wctx, func(context.Context) ([]delivery, bool, error) {
		mu.Lock()
		defer mu.Unlock()
		var mine []delivery
		for _, d := range got {
			if d.event.Order != nil && d.event.Order.OrderID == id {
				mine = append(mine, d)
			}
		}
		return mine, len(mine) > 0 && mine[len(mine)-1].event.Type == webhook.TypeOrderCompleted, nil
	})
	if err != nil {
		t.Fatalf("the receiver got %d deliveries, none completing order %s: %v\nserver warnings and errors:\n%s", len(got), id, err, devnetLog.String())
	}
	var types []string
	for _, d := range mine {
		types = append(types, d.event.Type)
		if d.verified != nil || d.header == "" || d.header != d.event.ID || d.event.Order.Sender != alice.Address.Hex() ||
			d.event.Order.OriginChain != orchestration.Sepolia {
			t.Errorf("delivery %+v: want signed, its id in header and body, alice's order from Sepolia", d)
		}
	}
	if types[0] != webhook.TypeOrderCreated || mine[len(mine)-1].event.Order.Status != orchestration.OrderCompleted {
		t.Errorf("event types %v: want order.created first and order.completed (COMPLETED) last", types)
	}
	t.Logf("events of order %s: %v", id, types)
}
