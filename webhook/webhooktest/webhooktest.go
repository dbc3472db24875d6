// Package webhooktest is the conformance suite of a webhook.Store: Run
// checks registration, following, the outbox's claims, leases, order per
// order, retries and dead letters, over a harness that records order
// changes as the order index would.
package webhooktest

import (
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/webhook"
)

// Harness is one fresh store and how to feed it.
type Harness struct {
	Store webhook.Store
	// Record records changed orders as one write of the order index
	// would (webhook.SQLStore.RecordChanges in a transaction).
	Record func(t *testing.T, changed ...order.Record)
	// NewKey returns the id of a new active API key.
	NewKey func(t *testing.T) string
	// Revoke revokes a key NewKey made.
	Revoke func(t *testing.T, keyID string)
}

// Sender is the EVM sender the suite's orders have.
const Sender = "0x00000000000000000000000000000000000A11cE"

// Record is an order of sender, with status and fills.
func Record(n byte, sender string, status orchestration.OrderStatus, fills int) order.Record {
	var id order.ID
	id[31] = n
	return order.Record{OrderID: id, OriginChainID: 11155111, DestChainID: 84532, Sender: sender, Status: status,
		AmountIn: big.NewInt(100), AmountOut: big.NewInt(90), AmountOutFilled: big.NewInt(int64(45 * fills)),
		AmountInReleased: big.NewInt(0), AmountRefunded: big.NewInt(0), FillCount: fills}
}

// Now is the time the suite claims at: the store must record events at
// it (SQLConfig.Now).
var Now = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// Run runs the suite; newHarness is called once per subtest.
func Run(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Run("Registration", func(t *testing.T) { testRegistration(t, newHarness(t)) })
	t.Run("Follow", func(t *testing.T) { testFollow(t, newHarness(t)) })
	t.Run("EventsOfFollowedOrders", func(t *testing.T) { testEvents(t, newHarness(t)) })
	t.Run("Leases", func(t *testing.T) { testLeases(t, newHarness(t)) })
	t.Run("OrderPerOrder", func(t *testing.T) { testOrderPerOrder(t, newHarness(t)) })
	t.Run("RetryAndDead", func(t *testing.T) { testRetryAndDead(t, newHarness(t)) })
	t.Run("ConcurrentClaims", func(t *testing.T) { testConcurrentClaims(t, newHarness(t)) })
	t.Run("Remove", func(t *testing.T) { testRemove(t, newHarness(t)) })
}

func testRegistration(t *testing.T, h Harness) {
	ctx := t.Context()
	key := h.NewKey(t)
	if _, err := h.Store.Get(ctx, key); !errors.Is(err, webhook.ErrNotFound) {
		t.Fatalf("Get before Set: %v, want ErrNotFound", err)
	}
	for _, bad := range []string{"ftp://x.example/hook", "/relative", "https://user:pw@x.example/", "https://"} {
		if err := h.Store.Set(ctx, key, bad, "whsec_x", nil); !errors.Is(err, webhook.ErrInvalid) {
			t.Errorf("Set(%q): %v, want ErrInvalid", bad, err)
		}
	}
	if err := h.Store.Set(ctx, key, "https://a.example/hook", "whsec_1", []string{Sender}); err != nil {
		t.Fatal(err)
	}
	if err := h.Store.Set(ctx, key, "https://b.example/hook?token=x", "whsec_2", nil); err != nil {
		t.Fatal(err)
	}
	w, err := h.Store.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	want := webhook.Webhook{KeyID: key, URL: "https://b.example/hook?token=x", Secret: "whsec_2", CreatedAt: w.CreatedAt,
		Senders: []webhook.Sender{{Address: Sender, Source: webhook.Registered}}}
	if d := cmp.Diff(want, w); d != "" {
		t.Errorf("Get after two Sets (-want +got):\n%s", d)
	}
}

func testFollow(t *testing.T, h Harness) {
	ctx := t.Context()
	key := h.NewKey(t)
	if ok, err := h.Store.Follow(ctx, key, Sender, webhook.FromQuote); err != nil || ok {
		t.Fatalf("Follow without a webhook: %v, %v; want false", ok, err)
	}
	if err := h.Store.Set(ctx, key, "https://a.example/hook", "whsec_1", nil); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if ok, err := h.Store.Follow(ctx, key, Sender, webhook.FromQuote); err != nil || !ok {
			t.Fatalf("Follow with a webhook: %v, %v; want true", ok, err)
		}
	}
	w, _ := h.Store.Get(ctx, key)
	if d := cmp.Diff([]webhook.Sender{{Address: Sender, Source: webhook.FromQuote}}, w.Senders); d != "" {
		t.Errorf("senders (-want +got):\n%s", d)
	}
}

// claimTypes claims up to 100 events at now and returns their types by
// order (its last byte), and the deliveries.
func claimTypes(t *testing.T, s webhook.Store, holder string, now time.Time) ([]string, []webhook.Delivery) {
	t.Helper()
	ds, err := s.Claim(t.Context(), holder, now, time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, d := range ds {
		var ev webhook.Event
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			t.Fatalf("body %s: %v", d.Body, err)
		}
		if ev.ID != d.EventID {
			t.Errorf("body id %s, delivery's %s", ev.ID, d.EventID)
		}
		o := "-"
		if ev.Order != nil {
			o = ev.Order.OrderID[len(ev.Order.OrderID)-2:]
		}
		types = append(types, o+" "+ev.Type)
	}
	return types, ds
}

func deliverAll(t *testing.T, s webhook.Store, ds []webhook.Delivery) {
	t.Helper()
	for _, d := range ds {
		if err := s.Delivered(t.Context(), d.Seq); err != nil {
			t.Fatal(err)
		}
	}
}

func testEvents(t *testing.T, h Harness) {
	ctx := t.Context()
	key, other, revoked := h.NewKey(t), h.NewKey(t), h.NewKey(t)
	for _, k := range []string{key, other, revoked} {
		if err := h.Store.Set(ctx, k, "https://"+k+".example/hook", "whsec_"+k, nil); err != nil {
			t.Fatal(err)
		}
	}
	h.Store.Follow(ctx, key, Sender, webhook.FromQuote)
	h.Store.Follow(ctx, revoked, Sender, webhook.FromQuote)
	h.Revoke(t, revoked)
	const stranger = "0x000000000000000000000000000000000000bEEF"
	h.Store.Follow(ctx, other, stranger, webhook.FromQuote)

	h.Record(t, Record(1, Sender, orchestration.OrderCreated, 0), Record(2, Sender, orchestration.OrderCompleted, 2),
		Record(3, "0x0000000000000000000000000000000000000001", orchestration.OrderCreated, 0))
	types, ds := claimTypes(t, h.Store, "a", Now)
	// Order 2 was opened, filled and completed in one write: its events
	// in that order, one at a time.
	if d := cmp.Diff([]string{"01 order.created", "02 order.created"}, types); d != "" {
		t.Errorf("first claim (-want +got):\n%s", d)
	}
	for _, d := range ds {
		if d.KeyID != key || d.URL != "https://"+key+".example/hook" || d.Secret != "whsec_"+key || d.Attempts != 0 {
			t.Errorf("delivery %+v: want key %s's URL and secret, no attempts", d, key)
		}
	}
	deliverAll(t, h.Store, ds)
	types, ds = claimTypes(t, h.Store, "a", Now)
	deliverAll(t, h.Store, ds)
	more, ds := claimTypes(t, h.Store, "a", Now)
	deliverAll(t, h.Store, ds)
	if d := cmp.Diff([]string{"02 order.filled", "02 order.completed"}, append(types, more...)); d != "" {
		t.Errorf("order 2's later events (-want +got):\n%s", d)
	}
	// Written again unchanged: nothing. Changed: only what changed.
	h.Record(t, Record(1, Sender, orchestration.OrderCreated, 0), Record(2, Sender, orchestration.OrderCompleted, 2))
	if types, _ := claimTypes(t, h.Store, "a", Now); len(types) != 0 {
		t.Errorf("orders written again unchanged made %v", types)
	}
	h.Record(t, Record(1, Sender, orchestration.OrderCancelled, 0), Record(2, Sender, orchestration.OrderCreated, 2))
	types, ds = claimTypes(t, h.Store, "a", Now)
	deliverAll(t, h.Store, ds)
	if d := cmp.Diff([]string{"01 order.cancelled", "02 order.reopened"}, types); d != "" {
		t.Errorf("after changes (-want +got):\n%s", d)
	}
	if c, err := h.Store.Counts(ctx, ""); err != nil || c != (webhook.Counts{}) {
		t.Errorf("Counts after delivering all: %+v, %v", c, err)
	}
}

func testLeases(t *testing.T, h Harness) {
	key := h.NewKey(t)
	h.Store.Set(t.Context(), key, "https://a.example/hook", "whsec_1", []string{Sender})
	h.Record(t, Record(1, Sender, orchestration.OrderCreated, 0))
	_, first := claimTypes(t, h.Store, "a", Now)
	if len(first) != 1 {
		t.Fatalf("claimed %d events, want 1", len(first))
	}
	if _, ds := claimTypes(t, h.Store, "b", Now.Add(59*time.Second)); len(ds) != 0 {
		t.Errorf("claimed an event leased to another for a minute, 59s on")
	}
	_, again := claimTypes(t, h.Store, "b", Now.Add(time.Minute))
	if len(again) != 1 || again[0].EventID != first[0].EventID || !slices.Equal(again[0].Body, first[0].Body) {
		t.Errorf("after the lease ran out: %+v, want the same event (id %s) again", again, first[0].EventID)
	}
}

func testOrderPerOrder(t *testing.T, h Harness) {
	key := h.NewKey(t)
	h.Store.Set(t.Context(), key, "https://a.example/hook", "whsec_1", []string{Sender})
	h.Record(t, Record(1, Sender, orchestration.OrderCreated, 0))
	h.Record(t, Record(1, Sender, orchestration.OrderCompleted, 0), Record(2, Sender, orchestration.OrderCreated, 0))
	types, ds := claimTypes(t, h.Store, "a", Now)
	if d := cmp.Diff([]string{"01 order.created", "02 order.created"}, types); d != "" {
		t.Errorf("claim (-want +got):\n%s", d)
	}
	deliverAll(t, h.Store, ds[1:])
	// Order 1's created fails and waits: its completed waits behind it.
	if err := h.Store.Retry(t.Context(), ds[0].Seq, 1, Now.Add(time.Hour), "the receiver answered 500"); err != nil {
		t.Fatal(err)
	}
	if types, _ := claimTypes(t, h.Store, "b", Now.Add(2*time.Minute)); len(types) != 0 {
		t.Errorf("claimed %v while order 1's first event waits to be retried", types)
	}
	types, ds = claimTypes(t, h.Store, "b", Now.Add(time.Hour))
	if d := cmp.Diff([]string{"01 order.created"}, types); d != "" || ds[0].Attempts != 1 {
		t.Errorf("retry claim %v (attempts %d) (-want +got):\n%s", types, ds[0].Attempts, d)
	}
}

func testRetryAndDead(t *testing.T, h Harness) {
	ctx := t.Context()
	key := h.NewKey(t)
	h.Store.Set(ctx, key, "https://a.example/hook", "whsec_1", []string{Sender})
	h.Record(t, Record(1, Sender, orchestration.OrderCreated, 0))
	h.Record(t, Record(1, Sender, orchestration.OrderCompleted, 0))
	_, ds := claimTypes(t, h.Store, "a", Now)
	if err := h.Store.Dead(ctx, ds[0].Seq, 3, "gone"); err != nil {
		t.Fatal(err)
	}
	if c, err := h.Store.Counts(ctx, key); err != nil || c != (webhook.Counts{Pending: 1, Dead: 1}) {
		t.Errorf("Counts: %+v, %v; want 1 pending, 1 dead", c, err)
	}
	// A dead event holds nothing back.
	if types, _ := claimTypes(t, h.Store, "a", Now); !slices.Equal(types, []string{"01 order.completed"}) {
		t.Errorf("after the first event died: %v, want order 1's completed", types)
	}
	if c, _ := h.Store.Counts(ctx, "key_other"); c != (webhook.Counts{}) {
		t.Errorf("another key's Counts: %+v", c)
	}
}

func testConcurrentClaims(t *testing.T, h Harness) {
	key := h.NewKey(t)
	h.Store.Set(t.Context(), key, "https://a.example/hook", "whsec_1", []string{Sender})
	var changed []order.Record
	for n := range byte(40) {
		changed = append(changed, Record(n, Sender, orchestration.OrderCreated, 0))
	}
	h.Record(t, changed...)
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for range 40 { // more than enough: a store that leases nothing claims for ever
				ds, err := h.Store.Claim(t.Context(), string(rune('a'+i)), Now, time.Minute, 3)
				if err != nil {
					t.Error(err)
					return
				}
				if len(ds) == 0 {
					return
				}
				mu.Lock()
				for _, d := range ds {
					seen[d.EventID]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(seen) != 40 {
		t.Errorf("claimed %d distinct events, want 40", len(seen))
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("event %s claimed %d times within its lease", id, n)
		}
	}
}

func testRemove(t *testing.T, h Harness) {
	ctx := t.Context()
	key := h.NewKey(t)
	h.Store.Set(ctx, key, "https://a.example/hook", "whsec_1", []string{Sender})
	h.Record(t, Record(1, Sender, orchestration.OrderCreated, 0))
	if err := h.Store.Remove(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := h.Store.Remove(ctx, key); !errors.Is(err, webhook.ErrNotFound) {
		t.Errorf("second Remove: %v, want ErrNotFound", err)
	}
	if c, _ := h.Store.Counts(ctx, key); c != (webhook.Counts{}) {
		t.Errorf("Counts after Remove: %+v, want none", c)
	}
	// Registered again: it starts afresh, following nobody.
	h.Store.Set(ctx, key, "https://a.example/hook", "whsec_2", nil)
	h.Record(t, Record(1, Sender, orchestration.OrderCompleted, 0))
	if types, _ := claimTypes(t, h.Store, "a", Now); len(types) != 0 {
		t.Errorf("a webhook registered again got %v of a sender it no longer follows", types)
	}
}
