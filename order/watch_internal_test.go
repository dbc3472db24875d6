package order

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// countingFeed is a MemoryFeed that counts its subscriptions. A
// subscription counts as started once its first resync has rung the
// watchers, so a test that waits for started sees that ring, never later.
type countingFeed struct {
	MemoryFeed
	subscribes     atomic.Int64
	started, ended chan struct{}
}

func newCountingFeed() *countingFeed {
	return &countingFeed{started: make(chan struct{}, 2000), ended: make(chan struct{}, 2000)}
}

func (f *countingFeed) Subscribe(ctx context.Context, notify func([]ID)) {
	f.subscribes.Add(1)
	defer func() { f.ended <- struct{}{} }()
	var once sync.Once
	f.MemoryFeed.Subscribe(ctx, func(ids []ID) {
		notify(ids)
		once.Do(func() { f.started <- struct{}{} })
	})
}

// publishIn publishes ids on f in a transaction of db that commits.
func publishIn(t *testing.T, db *storage.DB, f StatusFeed, ids ...ID) {
	t.Helper()
	if err := db.WithTx(t.Context(), func(tx *storage.Tx) error { return f.Publish(t.Context(), tx, ids) }); err != nil {
		t.Fatal(err)
	}
}

func rung(w *watcher) bool {
	select {
	case <-w.ring:
		return true
	default:
		return false
	}
}

// The hub rings the watchers of the orders a notice names (all of them for
// a resync), and its one subscription ends (its goroutine returned) at
// close, not before.
func TestHub(t *testing.T) {
	feed := newCountingFeed()
	h := newHub(feed, slog.New(slog.DiscardHandler))
	t.Cleanup(h.close)
	a, b := ID{1}, ID{2}
	wa := h.add(a)
	<-feed.started
	if !rung(wa) {
		t.Error("a new watcher does not start rung (it must read the index once)")
	}
	wb := h.add(b)
	wb2 := h.add(b)
	rung(wb)
	rung(wb2)
	rung(wa) // the subscription's first resync rang it again

	publishIn(t, storagetest.Open(t, storagetest.SQLiteMemory(t)), feed, b)
	if rung(wa) || !rung(wb) || !rung(wb2) {
		t.Error("a notice for b did not ring exactly b's watchers")
	}
	h.notify(nil)
	if !rung(wa) || !rung(wb) || !rung(wb2) {
		t.Error("a resync did not ring every watcher")
	}
	// Rings do not pile up: one pending ring means "read again".
	for range 3 {
		h.notify([]ID{a})
	}
	if !rung(wa) || rung(wa) {
		t.Error("three notices left other than one ring")
	}

	h.remove(b, wb)
	h.remove(b, wb2)
	h.remove(a, wa)
	if len(h.watchers) != 0 {
		t.Errorf("after the last removal: %d orders watched", len(h.watchers))
	}
	h.close()
	select {
	case <-feed.ended:
	default:
		t.Fatal("close returned before the subscription ended")
	}
	if n := feed.subscribes.Load(); n != 1 {
		t.Errorf("%d subscriptions, want 1", n)
	}
	// After close nothing subscribes again; a watcher is still rung once.
	w := h.add(a)
	if !rung(w) {
		t.Error("a watcher added after close does not start rung")
	}
	h.remove(a, w)
	if n := feed.subscribes.Load(); n != 1 {
		t.Errorf("a watcher added after close subscribed again (%d subscriptions)", n)
	}
}

// returningFeed is a MemoryFeed whose Subscribe returns as soon as it has
// resynced, as a third-party feed breaking StatusFeed's contract might.
type returningFeed struct {
	MemoryFeed
	subscribes atomic.Int64
}

func (f *returningFeed) Subscribe(_ context.Context, notify func([]ID)) {
	f.subscribes.Add(1)
	notify(nil)
}

// A subscription that ends before close is made again by the next
// watcher: the hub does not hold on to it, leaving every later stream to
// its Recheck.
func TestHubSubscribesAgainAfterSubscribeReturns(t *testing.T) {
	feed := &returningFeed{}
	h := newHub(feed, slog.New(slog.DiscardHandler))
	t.Cleanup(h.close)
	for i := range 3 {
		w := h.add(ID{1})
		// The feed's Subscribe returns at once, maybe before add does:
		// wait until this watcher's subscription was made and has ended.
		deadline := time.Now().Add(10 * time.Second)
		for {
			h.mu.Lock()
			ended := h.done == nil
			h.mu.Unlock()
			if feed.subscribes.Load() == int64(i+1) && ended {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("watcher %d: %d subscriptions, the last ended %v; want %d, ended", i, feed.subscribes.Load(), ended, i+1)
			}
			time.Sleep(time.Millisecond)
		}
		h.remove(ID{1}, w)
	}
	if n := feed.subscribes.Load(); n != 3 {
		t.Errorf("3 watchers, each after the last subscription ended: %d subscriptions, want 3", n)
	}
}

// streams is how many status streams the sharing tests open one after
// another.
const streams = 1000

// Streams that come and go one after another share one subscription: a
// thousand of them subscribe once, and each hears the notices of its
// order.
func TestHubStreamsShareOneSubscription(t *testing.T) {
	feed := newCountingFeed()
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	h := newHub(feed, slog.New(slog.DiscardHandler))
	t.Cleanup(h.close)
	for i := range streams {
		id := ID(common.BigToHash(big.NewInt(int64(i))))
		w := h.add(id)
		if i == 0 {
			<-feed.started
		}
		rung(w) // its first read
		publishIn(t, db, feed, id)
		if !rung(w) {
			t.Fatalf("stream %d did not hear its order's notice", i)
		}
		h.remove(id, w)
	}
	if n := feed.subscribes.Load(); n != 1 {
		t.Errorf("%d streams made %d subscriptions, want 1", streams, n)
	}
}

// On PostgreSQL, a thousand streams one after another cost one
// connection: the same backend LISTENs throughout, and it is the only
// connection the feed's pool opened.
func TestHubStreamsShareOneConnection(t *testing.T) {
	cfg := storagetest.Postgres(t)
	db := storagetest.Open(t, cfg)
	admin := storagetest.Open(t, cfg)
	const channel = "test_hub_streams"
	pf, err := NewPostgresFeed(PostgresFeedConfig{DB: db, Channel: channel, RetryDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	feed := &liveFeed{StatusFeed: pf, live: make(chan struct{})}
	listeners := func() []int64 {
		t.Helper()
		rows, err := admin.QueryContext(t.Context(), `SELECT pid FROM pg_stat_activity WHERE query = ? AND datname = current_database()
			AND pid <> pg_backend_pid()`, "LISTEN "+channel)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var pids []int64
		for rows.Next() {
			var pid int64
			if err := rows.Scan(&pid); err != nil {
				t.Fatal(err)
			}
			pids = append(pids, pid)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return pids
	}
	h := newHub(feed, slog.New(slog.DiscardHandler))
	t.Cleanup(h.close)
	var first []int64
	for i := range streams {
		id := ID(common.BigToHash(big.NewInt(int64(i))))
		w := h.add(id)
		if i == 0 {
			// Wait for the subscription from the feed itself: the
			// watcher starts rung, so its resync's ring may be lost.
			feed.mu.Lock()
			live := feed.live
			feed.mu.Unlock()
			select {
			case <-live:
			case <-time.After(time.Minute):
				t.Fatal("the first stream's subscription never came up")
			}
			first = listeners()
		}
		rung(w) // its first read
		publishIn(t, db, feed, id)
		select {
		case <-w.ring:
		case <-time.After(time.Minute):
			t.Fatalf("stream %d did not hear its order's notice", i)
		}
		h.remove(id, w)
	}
	if got := listeners(); len(first) != 1 || !slices.Equal(got, first) {
		t.Errorf("backends listening: after the first stream %v, after %d streams %v; want the same one", first, streams, got)
	}
	// The pool holds the listening connection and the one Publish used.
	if open := db.SQL().Stats().OpenConnections; open > 2 {
		t.Errorf("the feed's pool has %d connections open after %d streams, want at most 2", open, streams)
	}
}

// liveFeed tells when its feed's current subscription is up: live is
// closed from its first notice (the resync) until Subscribe returns.
type liveFeed struct {
	StatusFeed
	mu   sync.Mutex
	live chan struct{}
}

func (f *liveFeed) Subscribe(ctx context.Context, notify func([]ID)) {
	f.StatusFeed.Subscribe(ctx, func(ids []ID) {
		notify(ids)
		if ids == nil {
			f.mu.Lock()
			select {
			case <-f.live:
			default:
				close(f.live)
			}
			f.mu.Unlock()
		}
	})
	f.mu.Lock()
	f.live = make(chan struct{})
	f.mu.Unlock()
}

func (f *liveFeed) waitLive() {
	f.mu.Lock()
	live := f.live
	f.mu.Unlock()
	<-live
}

// Reads finish out of order when many streams read at once: a read that
// began before the one that last changed the state logs nothing, so one
// outage is one line each way.
func TestOutageJudgesReadsByWhenTheyBegan(t *testing.T) {
	t0 := time.Now()
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	down := errors.New("no such table: orders")
	for _, tt := range []struct {
		name  string
		reads func(o *outage)
		want  string // "F" per failing line, "W" per works-again line
	}{
		{"one outage", func(o *outage) { o.failed(at(1), down); o.failed(at(2), down); o.ended(at(3)); o.ended(at(4)) }, "FW"},
		{"a read begun in the outage fails after another worked", func(o *outage) { o.failed(at(1), down); o.ended(at(5)); o.failed(at(3), down) }, "FW"},
		{"a read begun before the outage works after another failed", func(o *outage) { o.failed(at(5), down); o.ended(at(3)) }, "F"},
		{"a second outage", func(o *outage) { o.failed(at(1), down); o.ended(at(2)); o.failed(at(3), down); o.ended(at(4)) }, "FWFW"},
		{"no outage", func(o *outage) { o.ended(at(1)); o.ended(at(2)) }, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var logs testio.Buffer
			o := &outage{logger: slog.New(slog.NewTextHandler(&logs, nil))}
			tt.reads(o)
			var got strings.Builder
			for l := range strings.Lines(logs.String()) {
				switch {
				case strings.Contains(l, "reading the index fails"):
					got.WriteString("F")
				case strings.Contains(l, "reading the index works again"):
					got.WriteString("W")
				}
			}
			if got.String() != tt.want {
				t.Errorf("logged %q, want %q:\n%s", got.String(), tt.want, logs.String())
			}
		})
	}
}
