package order_test

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// notices records what a subscription is told; nil entries are
// notify(nil).
type notices chan []common.Hash

func (n notices) notify(ids []common.Hash) {
	select {
	case n <- ids:
	default:
		panic("notices: the test reads too slowly")
	}
}

// next returns the next notice, or fails the test when the subscription
// ended first.
func (n notices) next(t *testing.T, ended <-chan struct{}) []common.Hash {
	t.Helper()
	select {
	case ids := <-n:
		return ids
	case <-ended:
		t.Fatal("the subscription ended before its next notice")
		return nil
	case <-time.After(waitFor):
		t.Fatalf("no notice in %v", waitFor)
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
// other's subscribers hear (two replicas).
type feeds func(t *testing.T) (a, b order.StatusFeed)

// testFeed is the conformance suite every StatusFeed passes.
func testFeed(t *testing.T, newFeeds feeds) {
	t.Run("FirstNoticeIsResync", func(t *testing.T) {
		a, _ := newFeeds(t)
		n, ended, _ := subscribe(t, a)
		if ids := n.next(t, ended); ids != nil {
			t.Errorf("first notice %v, want nil (re-read everything)", ids)
		}
	})
	t.Run("PublishReachesEverySubscriber", func(t *testing.T) {
		a, b := newFeeds(t)
		n1, ended1, _ := subscribe(t, a)
		n2, ended2, _ := subscribe(t, b)
		n1.next(t, ended1)
		n2.next(t, ended2)
		// More ids than one PostgreSQL notification carries.
		var want []common.Hash
		for i := range 250 {
			want = append(want, id(i))
		}
		if err := a.Publish(t.Context(), want); err != nil {
			t.Fatal(err)
		}
		for name, n := range map[string]notices{"same feed": n1, "other feed": n2} {
			ended := ended1
			if name == "other feed" {
				ended = ended2
			}
			var got []common.Hash
			for len(got) < len(want) {
				ids := n.next(t, ended)
				if ids == nil {
					continue // a resync is allowed at any time
				}
				got = append(got, ids...)
			}
			slices.SortFunc(got, func(x, y common.Hash) int { return x.Cmp(y) })
			slices.SortFunc(want, func(x, y common.Hash) int { return x.Cmp(y) })
			if !slices.Equal(got, want) {
				t.Errorf("%s: heard %d ids, want the %d published", name, len(got), len(want))
			}
		}
	})
	t.Run("PublishNothing", func(t *testing.T) {
		a, _ := newFeeds(t)
		if err := a.Publish(t.Context(), nil); err != nil {
			t.Errorf("Publish(nil) = %v", err)
		}
	})
	t.Run("EndsWithItsContext", func(t *testing.T) {
		a, _ := newFeeds(t)
		n, ended, cancel := subscribe(t, a)
		n.next(t, ended)
		cancel()
		// The cleanup waits for Subscribe to return; a Subscribe that
		// never returned would hang the test here.
	})
}

func TestMemoryFeed(t *testing.T) {
	testFeed(t, func(t *testing.T) (order.StatusFeed, order.StatusFeed) {
		f := &order.MemoryFeed{}
		return f, f
	})
}

// pgFeeds are two PostgresFeeds on two connection pools of one database,
// on a channel of the test's own.
func pgFeeds(t *testing.T) (cfg storage.Config, channel string, newFeeds feeds) {
	cfg = storagetest.Postgres(t)
	channel = "test_" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "_"))
	channel = channel[:min(len(channel), 63)]
	return cfg, channel, func(t *testing.T) (order.StatusFeed, order.StatusFeed) {
		var out [2]order.StatusFeed
		for i := range out {
			f, err := order.NewPostgresFeed(order.PostgresFeedConfig{DB: storagetest.Open(t, cfg), Channel: channel,
				RetryDelay: time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				t.Fatal(err)
			}
			out[i] = f
		}
		return out[0], out[1]
	}
}

func TestPostgresFeed(t *testing.T) {
	_, _, newFeeds := pgFeeds(t)
	testFeed(t, newFeeds)
}

// A listening connection that dies is replaced, and the subscriber told
// to re-read everything (a NOTIFY sent meanwhile was lost); notices flow
// again on the new connection.
func TestPostgresFeedResubscribes(t *testing.T) {
	cfg, channel, newFeeds := pgFeeds(t)
	a, _ := newFeeds(t)
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
	if err := a.Publish(t.Context(), []common.Hash{id(7)}); err != nil {
		t.Fatal(err)
	}
	for {
		ids := n.next(t, ended)
		if ids == nil {
			continue
		}
		if !slices.Equal(ids, []common.Hash{id(7)}) {
			t.Errorf("notice %v, want %v", ids, id(7))
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
func heard(t *testing.T, n notices, ended <-chan struct{}, want common.Hash) {
	t.Helper()
	for {
		if slices.Contains(n.next(t, ended), want) {
			return
		}
	}
}

// The indexer tells its feed which orders each write changed, the writes
// undoing a re-org included; a subscriber waiting for an order hears it.
func TestIndexerPublishesChanges(t *testing.T) {
	_, store := openStore(t, storagetest.SQLiteMemory(t))
	feed := &order.MemoryFeed{}
	n, ended, _ := subscribe(t, feed)
	a, b := newFakeChain(chainA), newFakeChain(chainB)
	solver, alice := acct(1), acct(2)
	o1 := fakeOrder{id: id(1), sender: alice, funder: alice, dest: chainB, amountIn: 1000, amountOut: 900, deadline: 2_000_000_000}
	o2 := fakeOrder{id: id(2), sender: alice, funder: alice, dest: chainA, amountIn: 10, amountOut: 9, deadline: 2_000_000_000}
	cfg := fastConfig(store, fakeIndexChain("A", a, nil), fakeIndexChain("B", b, nil))
	cfg.Feed = feed
	start(t, cfg)

	a.mine(o1.opened())
	heard(t, n, ended, o1.id)
	b.mine(filled(o1.id, solver, 1000, 900), completed(o1.id))
	heard(t, n, ended, o1.id)
	a.mine(o2.opened())
	heard(t, n, ended, o2.id)
	// A re-org drops o2's opening: its streams must learn it is gone.
	a.reorg(2, nil, nil)
	heard(t, n, ended, o2.id)
}
