package order

import (
	"log/slog"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// BenchmarkStreamsOneAfterAnother opens status streams one after another
// on one Service's hub over a PostgresFeed, as clients that each follow
// one order do: a stream waits until the feed can reach it, hears a
// notice of its order committed in a transaction, and ends. It needs
// ORCHESTRATION_TEST_POSTGRES_DSN:
//
//	go test ./order -run '^$' -bench StreamsOneAfterAnother
func BenchmarkStreamsOneAfterAnother(b *testing.B) {
	db, err := storage.Open(b.Context(), storagetest.Postgres(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	pf, err := NewPostgresFeed(PostgresFeedConfig{DB: db, Channel: "bench_streams"})
	if err != nil {
		b.Fatal(err)
	}
	feed := &liveFeed{StatusFeed: pf, live: make(chan struct{})}
	h := benchHub(feed)
	defer benchCloseHub(h)
	b.ResetTimer()
	for i := range b.N {
		id := ID(common.BigToHash(big.NewInt(int64(i))))
		w := h.add(id)
		feed.waitLive()
		<-w.ring // its first read
		benchPublish(b, db, pf, id)
		<-w.ring
		h.remove(id, w)
	}
}

func benchHub(feed StatusFeed) *hub { return newHub(feed, slog.New(slog.DiscardHandler)) }

func benchCloseHub(h *hub) { h.close() }

func benchPublish(b *testing.B, db *storage.DB, f StatusFeed, id ID) {
	if err := db.WithTx(b.Context(), func(tx *storage.Tx) error { return f.Publish(b.Context(), tx, []ID{id}) }); err != nil {
		b.Fatal(err)
	}
}
