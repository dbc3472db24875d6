package order_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// notices records what a subscription is told; nil entries are
// notify(nil).
type notices chan []order.ID

func (n notices) notify(ids []order.ID) {
	select {
	case n <- ids:
	default:
		panic("notices: the test reads too slowly")
	}
}

// next returns the next notice, or fails the test when the subscription
// ended first.
func (n notices) next(t *testing.T, ended <-chan struct{}) []order.ID {
	t.Helper()
	select {
	case ids := <-n:
		return ids
	case <-ended:
		t.Fatal("the subscription ended before its next notice")
		return nil
	case <-time.After(ordertest.WaitFor):
		t.Fatalf("no notice in %v", ordertest.WaitFor)
		return nil
	}
}

// subscribe subscribes to f until the test ends (or cancel), waiting for
// Subscribe to return then.
func subscribe(t *testing.T, f order.StatusFeed) (notices, <-chan struct{}, context.CancelFunc) {
	t.Helper()
	n := make(notices, 1024)
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		f.Subscribe(ctx, n.notify)
	}()
	t.Cleanup(func() {
		cancel()
		<-ended
	})
	return n, ended, cancel
}

// feeds returns two feeds over the same medium: what one publishes, the
// other's subscribers hear (two replicas); and the database whose
// transactions they publish in.
type feeds func(t *testing.T) (a, b order.StatusFeed, db *storage.DB)

// publish publishes ids on f in a transaction of db that commits.
func publish(t *testing.T, db *storage.DB, f order.StatusFeed, ids ...order.ID) {
	t.Helper()
	if err := db.WithTx(t.Context(), func(tx *storage.Tx) error { return f.Publish(t.Context(), tx, ids) }); err != nil {
		t.Fatal(err)
	}
}

// hearsBefore reads n's notices until it hears want, failing the test if
// it hears never first.
func hearsBefore(t *testing.T, n notices, ended <-chan struct{}, want, never order.ID) {
	t.Helper()
	for {
		ids := n.next(t, ended)
		if slices.Contains(ids, never) {
			t.Fatalf("heard %v, which was never committed", never)
		}
		if slices.Contains(ids, want) {
			return
		}
	}
}

// testFeed is the conformance suite every StatusFeed passes.
func testFeed(t *testing.T, newFeeds feeds) {
	t.Run("FirstNoticeIsResync", func(t *testing.T) {
		a, _, _ := newFeeds(t)
		n, ended, _ := subscribe(t, a)
		if ids := n.next(t, ended); ids != nil {
			t.Errorf("first notice %v, want nil (re-read everything)", ids)
		}
	})
	t.Run("PublishReachesEverySubscriber", func(t *testing.T) {
		a, b, db := newFeeds(t)
		n1, ended1, _ := subscribe(t, a)
		n2, ended2, _ := subscribe(t, b)
		n1.next(t, ended1)
		n2.next(t, ended2)
		// More ids than one PostgreSQL notification carries.
		var want []order.ID
		for i := range 250 {
			want = append(want, evmorderstest.OrderID(i))
		}
		publish(t, db, a, want...)
		for name, n := range map[string]notices{"same feed": n1, "other feed": n2} {
			ended := ended1
			if name == "other feed" {
				ended = ended2
			}
			var got []order.ID
			for len(got) < len(want) {
				ids := n.next(t, ended)
				if ids == nil {
					continue // a resync is allowed at any time
				}
				got = append(got, ids...)
			}
			slices.SortFunc(got, func(x, y order.ID) int { return bytes.Compare(x[:], y[:]) })
			slices.SortFunc(want, func(x, y order.ID) int { return bytes.Compare(x[:], y[:]) })
			if !slices.Equal(got, want) {
				t.Errorf("%s: heard %d ids, want the %d published", name, len(got), len(want))
			}
		}
	})
	t.Run("PublishNothing", func(t *testing.T) {
		a, _, db := newFeeds(t)
		if err := db.WithTx(t.Context(), func(tx *storage.Tx) error { return a.Publish(t.Context(), tx, nil) }); err != nil {
			t.Errorf("Publish(nil) = %v", err)
		}
	})
	// A notice published in a transaction that rolls back is never sent:
	// the one of a later transaction comes, and nothing before it.
	t.Run("NothingForARollback", func(t *testing.T) {
		a, b, db := newFeeds(t)
		n, ended, _ := subscribe(t, b)
		n.next(t, ended)
		errAbort := errors.New("abort")
		err := db.WithTx(t.Context(), func(tx *storage.Tx) error {
			if err := a.Publish(t.Context(), tx, []order.ID{evmorderstest.OrderID(1)}); err != nil {
				return err
			}
			return errAbort
		})
		if !errors.Is(err, errAbort) {
			t.Fatalf("WithTx = %v", err)
		}
		publish(t, db, a, evmorderstest.OrderID(2))
		hearsBefore(t, n, ended, evmorderstest.OrderID(2), evmorderstest.OrderID(1))
	})
	t.Run("EndsWithItsContext", func(t *testing.T) {
		a, _, _ := newFeeds(t)
		n, ended, cancel := subscribe(t, a)
		n.next(t, ended)
		cancel()
		// The cleanup waits for Subscribe to return; a Subscribe that
		// never returned would hang the test here.
	})
}

func TestMemoryFeed(t *testing.T) {
	testFeed(t, func(t *testing.T) (order.StatusFeed, order.StatusFeed, *storage.DB) {
		f := &order.MemoryFeed{}
		return f, f, storagetest.Open(t, storagetest.SQLiteMemory(t))
	})
}

// MemoryFeed notifies once the transaction has committed, not at Publish.
func TestMemoryFeedNotifiesAtCommit(t *testing.T) {
	f := &order.MemoryFeed{}
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	n, ended, _ := subscribe(t, f)
	n.next(t, ended)
	err := db.WithTx(t.Context(), func(tx *storage.Tx) error {
		if err := f.Publish(t.Context(), tx, []order.ID{evmorderstest.OrderID(1)}); err != nil {
			return err
		}
		if len(n) != 0 {
			t.Error("notified before the transaction committed")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(n) != 1 || !slices.Equal(<-n, []order.ID{evmorderstest.OrderID(1)}) {
		t.Error("not notified of id 1 once its transaction committed")
	}
}

// pgFeeds are two PostgresFeeds on two connection pools of one database,
// on a channel of the test's own.
func pgFeeds(t *testing.T) (cfg storage.Config, channel string, newFeeds feeds) {
	cfg = storagetest.Postgres(t)
	channel = "test_" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "_"))
	channel = channel[:min(len(channel), 63)]
	return cfg, channel, func(t *testing.T) (order.StatusFeed, order.StatusFeed, *storage.DB) {
		var out [2]order.StatusFeed
		var first *storage.DB
		for i := range out {
			db := storagetest.Open(t, cfg)
			f, err := order.NewPostgresFeed(order.PostgresFeedConfig{DB: db, Channel: channel,
				RetryDelay: time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				t.Fatal(err)
			}
			out[i] = f
			if first == nil {
				first = db
			}
		}
		return out[0], out[1], first
	}
}

func TestPostgresFeed(t *testing.T) {
	_, _, newFeeds := pgFeeds(t)
	testFeed(t, newFeeds)
}

// PostgresFeed's notices go out when their transaction commits: a notice
// of a transaction that committed meanwhile comes first.
func TestPostgresFeedNotifiesAtCommit(t *testing.T) {
	_, _, newFeeds := pgFeeds(t)
	a, b, db := newFeeds(t)
	n, ended, _ := subscribe(t, b)
	n.next(t, ended)
	err := db.WithTx(t.Context(), func(tx *storage.Tx) error {
		if err := a.Publish(t.Context(), tx, []order.ID{evmorderstest.OrderID(1)}); err != nil {
			return err
		}
		publish(t, db, a, evmorderstest.OrderID(2)) // another transaction, committed first
		hearsBefore(t, n, ended, evmorderstest.OrderID(2), evmorderstest.OrderID(1))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	heard(t, n, ended, evmorderstest.OrderID(1))
}

// A listening connection that dies is replaced, and the subscriber told
// to re-read everything (a NOTIFY sent meanwhile was lost); notices flow
// again on the new connection.
func TestPostgresFeedResubscribes(t *testing.T) {
	cfg, channel, newFeeds := pgFeeds(t)
	a, _, db := newFeeds(t)
	n, ended, _ := subscribe(t, a)
	if ids := n.next(t, ended); ids != nil {
		t.Fatalf("first notice %v, want nil", ids)
	}
	admin := storagetest.Open(t, cfg)
	res, err := admin.ExecContext(t.Context(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE query = ? AND pid <> pg_backend_pid()`, "LISTEN "+channel)
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := res.RowsAffected(); k != 1 {
		t.Fatalf("terminated %d listening connections, want 1", k)
	}
	if ids := n.next(t, ended); ids != nil {
		t.Fatalf("notice after the connection died: %v, want nil (re-read everything)", ids)
	}
	publish(t, db, a, evmorderstest.OrderID(7))
	for {
		ids := n.next(t, ended)
		if ids == nil {
			continue
		}
		if !slices.Equal(ids, []order.ID{evmorderstest.OrderID(7)}) {
			t.Errorf("notice %v, want %v", ids, evmorderstest.OrderID(7))
		}
		break
	}
}

func TestPostgresFeedConfig(t *testing.T) {
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	if _, err := order.NewPostgresFeed(order.PostgresFeedConfig{DB: db}); err == nil {
		t.Error("a SQLite database was accepted")
	}
	cfg := storagetest.Postgres(t)
	for _, ch := range []string{"Upper", "a-b", "1x", strings.Repeat("x", 64), "x; DROP TABLE orders"} {
		if _, err := order.NewPostgresFeed(order.PostgresFeedConfig{DB: storagetest.Open(t, cfg), Channel: ch}); err == nil {
			t.Errorf("channel %q was accepted", ch)
		}
	}
}

// heard waits until the subscription hears of want.
func heard(t *testing.T, n notices, ended <-chan struct{}, want order.ID) {
	t.Helper()
	for {
		if slices.Contains(n.next(t, ended), want) {
			return
		}
	}
}

// feedOf is the feed the bundled server gives the index kept in db:
// PostgresFeed (on a channel of the test's own) on PostgreSQL, MemoryFeed
// on SQLite.
func feedOf(t *testing.T, db *storage.DB) order.StatusFeed {
	t.Helper()
	if db.Dialect() != storage.Postgres {
		return &order.MemoryFeed{}
	}
	f, err := order.NewPostgresFeed(order.PostgresFeedConfig{DB: db, Channel: "test_" + strings.ToLower(rand.Text()[:16]),
		RetryDelay: time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The indexer tells its feed which orders each write changed, the writes
// undoing a re-org included; a subscriber waiting for an order hears it
// once the index has it.
func TestIndexerPublishesChanges(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		db, store := ordertest.OpenStore(t, newConfig(t))
		feed := feedOf(t, db)
		n, ended, _ := subscribe(t, feed)
		n.next(t, ended)
		a, b := evmorderstest.NewChain(evmorderstest.ChainA), evmorderstest.NewChain(evmorderstest.ChainB)
		solver, alice := evmorderstest.Account(1), evmorderstest.Account(2)
		o1 := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: alice, Funder: alice, Dest: evmorderstest.ChainB, AmountIn: 1000, AmountOut: 900, Deadline: 2_000_000_000}
		o2 := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
		cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil), evmorderstest.IndexChain("B", b, nil))
		cfg.Feed = feed
		ordertest.Start(t, cfg)

		a.Mine(o1.Opened())
		heard(t, n, ended, o1.ID)
		if ordertest.StateOf(t, store, o1.ID) == nil {
			t.Fatal("heard of o1 before the index had it")
		}
		b.Mine(evmorderstest.Filled(o1.ID, solver, 1000, 900), evmorderstest.Completed(o1.ID))
		heard(t, n, ended, o1.ID)
		if st := ordertest.StateOf(t, store, o1.ID); st == nil || st.Status != orchestration.OrderCompleted {
			t.Fatalf("heard of o1's completion, the index has %+v", st)
		}
		a.Mine(o2.Opened())
		heard(t, n, ended, o2.ID)
		// A re-org drops o2's opening: its streams must learn it is gone.
		a.Reorg(2, nil, nil)
		heard(t, n, ended, o2.ID)
		if ordertest.StateOf(t, store, o2.ID) != nil {
			t.Fatal("heard of o2's re-org before the index dropped it")
		}
	})
}

// failingFeed is a feed whose Publish fails, after its inner feed's, while
// failing is set; each failure is sent on failed.
type failingFeed struct {
	order.StatusFeed
	failing atomic.Bool
	failed  chan struct{}
}

func (f *failingFeed) Publish(ctx context.Context, tx *storage.Tx, ids []order.ID) error {
	if err := f.StatusFeed.Publish(ctx, tx, ids); err != nil {
		return err
	}
	if f.failing.Load() {
		f.failed <- struct{}{}
		return errors.New("the feed failed")
	}
	return nil
}

// A write and its notice are one: a write whose notice cannot be sent is
// rolled back (and retried), and its notice goes out once, with the write
// that commits.
func TestIndexerNotifiesOnlyWhatCommits(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		db, store := ordertest.OpenStore(t, newConfig(t))
		feed := &failingFeed{StatusFeed: feedOf(t, db), failed: make(chan struct{}, 100)}
		feed.failing.Store(true)
		n, ended, _ := subscribe(t, feed)
		n.next(t, ended)
		a := evmorderstest.NewChain(evmorderstest.ChainA)
		alice := evmorderstest.Account(2)
		o1 := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
		o2 := evmorderstest.Order{ID: evmorderstest.OrderID(2), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
		cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil))
		cfg.Feed = feed
		ordertest.Start(t, cfg)

		a.Mine(o1.Opened())
		// A range written is never read again: a second Publish of it
		// means the first write did not commit.
		for range 2 {
			select {
			case <-feed.failed:
			case <-time.After(ordertest.WaitFor):
				t.Fatal("the write whose Publish failed was not retried (did it commit?)")
			}
		}
		if ordertest.StateOf(t, store, o1.ID) != nil {
			t.Fatal("the write whose Publish failed committed")
		}
		feed.failing.Store(false)
		heard(t, n, ended, o1.ID)
		if ordertest.StateOf(t, store, o1.ID) == nil {
			t.Fatal("heard of o1 before the index had it")
		}
		// Nothing of the failed writes follows: the next notice is o2's.
		a.Mine(o2.Opened())
		for {
			ids := n.next(t, ended)
			if slices.Contains(ids, o1.ID) {
				t.Fatal("o1 was announced again: a rolled-back write's notice went out")
			}
			if slices.Contains(ids, o2.ID) {
				break
			}
		}
	})
}

// A PostgresFeed cannot publish in a SQLite transaction: an indexer given
// one over a SQLite store would fail every write, so NewIndexer refuses
// it.
func TestNewIndexerRefusesPostgresFeedOverSQLite(t *testing.T) {
	pg := storagetest.Open(t, storagetest.Postgres(t))
	feed, err := order.NewPostgresFeed(order.PostgresFeedConfig{DB: pg})
	if err != nil {
		t.Fatal(err)
	}
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", evmorderstest.NewChain(evmorderstest.ChainA), nil))
	cfg.Feed = feed
	if _, err := order.NewIndexer(cfg); err == nil {
		t.Error("NewIndexer took a PostgresFeed over a SQLite store")
	}
}

// brokenFeed is a StatusFeed whose Publish always fails.
type brokenFeed struct{ order.MemoryFeed }

func (*brokenFeed) Publish(context.Context, *storage.Tx, []order.ID) error {
	return errors.New("the feed's database is another")
}

// recordingHandler keeps the messages logged at Error with their "feed"
// attribute.
type recordingHandler struct {
	mu     sync.Mutex
	errors []string
}

func (h *recordingHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h *recordingHandler) Handle(_ context.Context, r slog.Record) error {
	if r.Level < slog.LevelError {
		return nil
	}
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == "feed" {
			h.mu.Lock()
			h.errors = append(h.errors, a.Value.String())
			h.mu.Unlock()
		}
		return true
	})
	return nil
}

func (h *recordingHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *recordingHandler) WithGroup(string) slog.Handler      { return h }

func (h *recordingHandler) feeds() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.errors)
}

// A feed that cannot publish holds the index back: the indexer says so
// at Error, naming the feed, rather than among passing warnings.
func TestIndexerLogsAFeedThatCannotPublish(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	alice := evmorderstest.Account(2)
	a.Mine(evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}.Opened())
	logs := &recordingHandler{}
	cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil))
	cfg.Feed = &brokenFeed{}
	cfg.Logger = slog.New(logs)
	ordertest.Start(t, cfg)
	deadline := time.Now().Add(ordertest.WaitFor)
	for len(logs.feeds()) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no Error naming the feed after %v of failed writes", ordertest.WaitFor)
		}
		time.Sleep(2 * time.Millisecond)
	}
	if got := logs.feeds()[0]; !strings.Contains(got, "brokenFeed") {
		t.Errorf("the Error names the feed %q, want brokenFeed", got)
	}
}

// A listening connection that dies is logged at Warn, and the LISTEN that
// replaces it at Info, once, so that the log shows when notices flow again
// after a database outage.
func TestPostgresFeedLogsItsRecovery(t *testing.T) {
	cfg := storagetest.Postgres(t)
	channel := "test_feed_logs_its_recovery"
	var logs testio.Buffer
	feed, err := order.NewPostgresFeed(order.PostgresFeedConfig{DB: storagetest.Open(t, cfg), Channel: channel,
		RetryDelay: time.Millisecond, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	n, ended, _ := subscribe(t, feed)
	if ids := n.next(t, ended); ids != nil {
		t.Fatalf("first notice %v, want nil", ids)
	}
	admin := storagetest.Open(t, cfg)
	if _, err := admin.ExecContext(t.Context(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE query = ? AND pid <> pg_backend_pid()`, "LISTEN "+channel); err != nil {
		t.Fatal(err)
	}
	if ids := n.next(t, ended); ids != nil {
		t.Fatalf("notice after the connection died: %v, want nil (re-read everything)", ids)
	}
	// The Info comes before the nil notice of the new LISTEN.
	for line, want := range map[string]int{
		"order status feed: the LISTEN connection failed":  1,
		"order status feed: listening again; notices flow": 1,
	} {
		if got := strings.Count(logs.String(), line); got != want {
			t.Errorf("%d lines %q, want %d:\n%s", got, line, want, logs.String())
		}
	}
}
