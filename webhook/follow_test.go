package webhook_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/webhook"
	"github.com/m0-orchestration/m0/webhook/webhooktest"
)

func newFollower(t *testing.T, store webhook.Store, cfg webhook.FollowerConfig) *webhook.Follower {
	t.Helper()
	f, err := webhook.NewFollower(store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

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
	f := newFollower(t, store, webhook.FollowerConfig{})
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
	f := newFollower(t, blockedStore{store, release}, webhook.FollowerConfig{})
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

// downStore is a Store whose Follow fails while down is set, as a
// database that is stopped does.
type downStore struct {
	webhook.Store
	down  *atomic.Bool
	tries *atomic.Int64
}

func (d downStore) Follow(ctx context.Context, keyID, sender string, source webhook.SenderSource) (bool, error) {
	d.tries.Add(1)
	if d.down.Load() {
		return false, errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
	}
	return d.Store.Follow(ctx, keyID, sender, source)
}

// Senders quoted while the store is down are followed once it answers
// again (decision 109), and the orders they then open make events for the
// key's webhook; past the bound the oldest held is dropped and counted.
func TestFollowSurvivesAStoreOutage(t *testing.T) {
	for _, c := range []struct {
		name    string
		pending int
		// quoted in this order while the store is down
		quoted   []string
		followed []string
		dropped  float64
	}{
		{"all held", 0, []string{senderA, senderB, senderA, senderC}, []string{senderA, senderB, senderC}, 0},
		{"the oldest dropped past the bound", 2, []string{senderA, senderB, senderC}, []string{senderB, senderC}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			db := storagetest.Open(t, storagetest.SQLiteMemory(t))
			store := webhook.NewSQLStore(db, webhook.SQLConfig{})
			_, key, _ := apikey.NewStore(db, nil).Create(t.Context(), apikey.NewKey{Name: "with"})
			if err := store.Set(t.Context(), key.ID, "https://hooks.example/x", webhook.NewSecret(), nil); err != nil {
				t.Fatal(err)
			}
			down, tries := new(atomic.Bool), new(atomic.Int64)
			down.Store(true)
			reg := prometheus.NewRegistry()
			f := newFollower(t, downStore{store, down, tries}, webhook.FollowerConfig{Registerer: reg, Pending: c.pending,
				FirstRetry: time.Millisecond, MaxRetry: 5 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
			defer f.Close()
			limit := fixedQuoter{{Payloads: []orchestration.Payload{{Provider: "limit_order", Solver: &orchestration.PayloadSolver{Address: "0x1"}}}}}
			ctx := apikey.ContextWithID(t.Context(), key.ID)
			for _, sender := range c.quoted {
				if _, err := f.Quotes(limit).Quote(ctx, orchestration.QuoteRequest{Sender: sender}); err != nil {
					t.Fatalf("a quote failed with the webhook store down: %v", err)
				}
			}
			for tries.Load() < 3 { // the store was tried, and tried again
				time.Sleep(time.Millisecond)
			}
			if w, _ := store.Get(t.Context(), key.ID); len(w.Senders) != 0 {
				t.Fatalf("senders followed while the store was down: %v", w.Senders)
			}
			down.Store(false)
			var got []string
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
				w, err := store.Get(t.Context(), key.ID)
				if err != nil {
					t.Fatal(err)
				}
				got = got[:0]
				for _, s := range w.Senders {
					got = append(got, s.Address)
				}
				if len(got) >= len(c.followed) {
					break
				}
			}
			slices.Sort(got)
			if d := cmp.Diff(c.followed, got); d != "" {
				t.Errorf("senders followed after the store came back (-want +got):\n%s", d)
			}
			if got := droppedFollows(t, reg); got != c.dropped {
				t.Errorf("orchestration_webhook_follows_dropped_total = %v, want %v", got, c.dropped)
			}
			// What the webhook is for: the followed senders' orders make
			// events for the key.
			hooks := webhook.NewSQLStore(db, webhook.SQLConfig{})
			var changed []order.Record
			for i, sender := range c.followed {
				changed = append(changed, webhooktest.Record(byte(i+1), sender, orchestration.OrderCreated, 0))
			}
			if err := db.WithTx(t.Context(), func(tx *storage.Tx) error { return hooks.RecordChanges(t.Context(), tx, changed) }); err != nil {
				t.Fatal(err)
			}
			counts, err := hooks.Counts(t.Context(), key.ID)
			if err != nil {
				t.Fatal(err)
			}
			if counts.Pending != len(c.followed) {
				t.Errorf("the key's webhook has %d events pending, want %d (order.created of each followed sender's order)", counts.Pending, len(c.followed))
			}
		})
	}
}

// EIP-55 addresses, sorted.
const (
	senderA = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	senderB = "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"
	senderC = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"
)

// droppedFollows reads orchestration_webhook_follows_dropped_total.
func droppedFollows(t *testing.T, reg *prometheus.Registry) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == "orchestration_webhook_follows_dropped_total" {
			return mf.GetMetric()[0].GetCounter().GetValue()
		}
	}
	t.Fatal("no orchestration_webhook_follows_dropped_total")
	return 0
}
