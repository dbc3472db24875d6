package webhook_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/webhook"
)

// fixedQuoter answers every request with its quotes.
type fixedQuoter []orchestration.Quote

func (q fixedQuoter) Quote(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	return q, nil
}

// A key with a webhook that is quoted a limit order follows the request's
// sender, in the index's form (EIP-55); a quote without a limit order, a
// request without a key, and a key without a webhook follow nobody.
func TestFollowQuotedSenders(t *testing.T) {
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	store := webhook.NewSQLStore(db, webhook.SQLConfig{})
	f := webhook.NewFollower(store, nil)
	defer f.Close()
	keys := apikey.NewStore(db, nil)
	_, withHook, _ := keys.Create(t.Context(), apikey.NewKey{Name: "with"})
	_, without, _ := keys.Create(t.Context(), apikey.NewKey{Name: "without"})
	if err := store.Set(t.Context(), withHook.ID, "https://hooks.example/x", webhook.NewSecret(), nil); err != nil {
		t.Fatal(err)
	}
	limit := fixedQuoter{{Payloads: []orchestration.Payload{{Provider: "approve"}, {Provider: "limit_order", Solver: &orchestration.PayloadSolver{Address: "0x1"}}}}}
	swap := fixedQuoter{{Payloads: []orchestration.Payload{{Provider: "uniswap_v3"}}}}
	const lower, eip55 = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	const swapper = "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359"
	for _, c := range []struct {
		q      orchestration.Quoter
		keyID  string
		sender string
	}{
		{limit, withHook.ID, lower},
		{swap, withHook.ID, swapper},
		{limit, "", swapper},
		{limit, without.ID, swapper},
	} {
		ctx := t.Context()
		if c.keyID != "" {
			ctx = apikey.ContextWithID(ctx, c.keyID)
		}
		if _, err := f.Quotes(c.q).Quote(ctx, orchestration.QuoteRequest{Sender: c.sender}); err != nil {
			t.Fatal(err)
		}
	}
	f.Close() // what the quotes handed it is recorded
	w, err := store.Get(t.Context(), withHook.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]webhook.Sender{{Address: eip55, Source: webhook.FromQuote}}, w.Senders); d != "" {
		t.Errorf("senders followed (-want +got):\n%s", d)
	}
	if _, err := store.Get(t.Context(), without.ID); err == nil {
		t.Errorf("a key without a webhook has one")
	}
}

// blockedStore is a Store whose Follow waits for release.
type blockedStore struct {
	webhook.Store
	release chan struct{}
}

func (b blockedStore) Follow(ctx context.Context, keyID, sender string, source webhook.SenderSource) (bool, error) {
	<-b.release
	return b.Store.Follow(ctx, keyID, sender, source)
}

// A quote is answered while the store is stuck: the sender is recorded off
// the request path, and Close records it once the store answers.
func TestFollowIsOffTheRequestPath(t *testing.T) {
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	store := webhook.NewSQLStore(db, webhook.SQLConfig{})
	_, key, _ := apikey.NewStore(db, nil).Create(t.Context(), apikey.NewKey{Name: "with"})
	if err := store.Set(t.Context(), key.ID, "https://hooks.example/x", webhook.NewSecret(), nil); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	f := webhook.NewFollower(blockedStore{store, release}, nil)
	limit := fixedQuoter{{Payloads: []orchestration.Payload{{Provider: "limit_order", Solver: &orchestration.PayloadSolver{Address: "0x1"}}}}}
	const sender = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	ctx := apikey.ContextWithID(t.Context(), key.ID)
	for range 2 { // the second waits behind the first, which holds the store
		if _, err := f.Quotes(limit).Quote(ctx, orchestration.QuoteRequest{Sender: sender}); err != nil {
			t.Fatal(err)
		}
	}
	close(release)
	f.Close()
	w, err := store.Get(t.Context(), key.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]webhook.Sender{{Address: sender, Source: webhook.FromQuote}}, w.Senders); d != "" {
		t.Errorf("senders followed (-want +got):\n%s", d)
	}
}
