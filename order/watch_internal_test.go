package order

import (
	"context"
	"log/slog"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// countingFeed is a MemoryFeed that counts its running subscriptions. A
// subscription counts as started once its first resync has rung the
// watchers, so a test that waits for started sees that ring, never later.
type countingFeed struct {
	MemoryFeed
	started, ended chan struct{}
}

func (f *countingFeed) Subscribe(ctx context.Context, notify func([]common.Hash)) {
	defer func() { f.ended <- struct{}{} }()
	var once sync.Once
	f.MemoryFeed.Subscribe(ctx, func(ids []common.Hash) {
		notify(ids)
		once.Do(func() { f.started <- struct{}{} })
	})
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
// a resync), holds one subscription while it has watchers, and ends it
// (its goroutine returned) when the last watcher goes.
func TestHub(t *testing.T) {
	feed := &countingFeed{started: make(chan struct{}, 4), ended: make(chan struct{}, 4)}
	h := &hub{feed: feed, logger: slog.New(slog.DiscardHandler), watchers: map[common.Hash]map[*watcher]struct{}{}}
	a, b := common.Hash{1}, common.Hash{2}
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

	if err := feed.Publish(t.Context(), []common.Hash{b}); err != nil {
		t.Fatal(err)
	}
	if rung(wa) || !rung(wb) || !rung(wb2) {
		t.Error("a notice for b did not ring exactly b's watchers")
	}
	h.notify(nil)
	if !rung(wa) || !rung(wb) || !rung(wb2) {
		t.Error("a resync did not ring every watcher")
	}
	// Rings do not pile up: one pending ring means "read again".
	for range 3 {
		h.notify([]common.Hash{a})
	}
	if !rung(wa) || rung(wa) {
		t.Error("three notices left other than one ring")
	}

	h.remove(b, wb)
	h.remove(b, wb2)
	h.remove(a, wa)
	select {
	case <-feed.ended:
	default:
		t.Fatal("the last watcher's removal returned before the subscription ended")
	}
	if len(h.watchers) != 0 || len(feed.started) != 0 {
		t.Errorf("after the last removal: %d orders watched, %d more subscriptions", len(h.watchers), len(feed.started))
	}
	// Watching again subscribes again.
	w := h.add(a)
	<-feed.started
	h.remove(a, w)
	<-feed.ended
}
