package topology_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/topology"
)

// TestStore runs the store's behaviour on every backend: SQLite file and
// in-memory, and PostgreSQL when ORCHESTRATION_TEST_POSTGRES_DSN is set.
func TestStore(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		t.Run("ReplicasAddUp", func(t *testing.T) { testReplicasAddUp(t, newConfig(t)) })
		t.Run("CloseFlushes", func(t *testing.T) { testCloseFlushes(t, newConfig(t)) })
		t.Run("AddressesPruned", func(t *testing.T) { testAddressesPruned(t, newConfig(t)) })
		t.Run("StoreDown", func(t *testing.T) { testStoreDown(t, newConfig(t)) })
	})
}

// replicaDBs opens cfg twice, as two replicas would; an in-memory database
// exists once per Open, so there both share one DB.
func replicaDBs(t *testing.T, cfg storage.Config) (*storage.DB, *storage.DB) {
	a := storagetest.Open(t, cfg)
	if cfg.DSN == "sqlite::memory:" {
		return a, a
	}
	return a, storagetest.Open(t, cfg)
}

// testReplicasAddUp: two services on one database count their own traffic
// and, after a flush, each reads the sum.
func testReplicasAddUp(t *testing.T, cfg storage.Config) {
	dbA, dbB := replicaDBs(t, cfg)
	a := newFixture(t, topology.Config{DB: dbA})
	b := newFixture(t, topology.Config{DB: dbB})
	b.clock.Advance(time.Hour) // b started an hour after a
	tA, tB := a.clock.Now(), b.clock.Now()

	for range 3 {
		a.quote(t, ethM, ethWM, alice, 1, facility)
	}
	b.quote(t, ethM, ethWM, bob, 1, uniswap)
	b.quote(t, ethM, ethWM, bob, 1, uniswap)
	b.quote(t, ethM, baseM, alice, 1)

	// Before a flush each replica sees its own counts.
	if err := a.svc.Sync(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := routeOf(t, a.svc, ethM, ethWM).TotalQuoteCount; got != 3 {
		t.Errorf("replica a before flushing: total %d, want its own 3", got)
	}
	a.flush(t)
	b.flush(t)

	want := orchestration.TopologyRoute{Source: ethM, Destination: ethWM, TotalQuoteCount: 5, LastUsed: &tB,
		Providers: []orchestration.TopologyRouteProvider{
			{Provider: facility, QuoteCount: 3, LastUsed: &tA},
			{Provider: uniswap, QuoteCount: 2, LastUsed: &tB},
		}}
	for name, f := range map[string]*fixture{"a": a, "b": b} {
		if diff := cmp.Diff(want, routeOf(t, f.svc, ethM, ethWM)); diff != "" {
			t.Errorf("replica %s: merged route (-want +got):\n%s", name, diff)
		}
		st, err := f.svc.Stats(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		wantSenders := []orchestration.AddressFrequency{{Address: alice, Count: 4}, {Address: bob, Count: 2}}
		if diff := cmp.Diff(wantSenders, st.TopSenders); diff != "" {
			t.Errorf("replica %s: topSenders (-want +got):\n%s", name, diff)
		}
		if st.CollectingSince == nil || !st.CollectingSince.Equal(tA) {
			t.Errorf("replica %s: collectingSince %v, want the earlier start %v", name, st.CollectingSince, tA)
		}
		if len(st.HottestPaths) != 2 || st.HottestPaths[0].TotalQuoteCount != 5 || st.HottestPaths[1].TotalQuoteCount != 1 {
			t.Errorf("replica %s: hottestPaths %+v, want M->wM (5) then M->Base M (1)", name, st.HottestPaths)
		}
	}

	// Counting more and flushing again adds; nothing is counted twice.
	a.quote(t, ethM, ethWM, alice, 1, facility)
	a.flush(t)
	a.flush(t)
	if got := routeOf(t, b.svc, ethM, ethWM).TotalQuoteCount; got != 6 {
		t.Errorf("after another flush: total %d, want 6", got)
	}
}

func routeOf(t *testing.T, svc *topology.Service, from, to orchestration.AssetAddress) orchestration.TopologyRoute {
	t.Helper()
	for _, r := range routesOf(t, svc, orchestration.TopologyQuery{SourceChain: from.Chain, SourceAddress: from.Address}) {
		if r.Destination == to {
			return r
		}
	}
	t.Fatalf("no route %v -> %v", from, to)
	return orchestration.TopologyRoute{}
}

// testCloseFlushes: counts not flushed yet are written by Close, and a new
// service on the database reads them.
func testCloseFlushes(t *testing.T, cfg storage.Config) {
	dbA, dbB := replicaDBs(t, cfg)
	a := newFixture(t, topology.Config{DB: dbA, FlushInterval: time.Hour})
	a.quote(t, ethM, ethWM, alice, 2)
	observe(a.svc, t, bob, bob) // queued, not yet counted
	if err := a.svc.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	b := newFixture(t, topology.Config{DB: dbB})
	if got := routeOf(t, b.svc, ethM, ethWM); got.TotalQuoteCount != 1 || len(got.Providers) != 2 || got.Providers[0].QuoteCount != 1 {
		t.Errorf("route read by a new service = %+v, want 1 quote by each provider", got)
	}
	st, err := b.svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.AddressFrequency{{Address: alice, Count: 1}, {Address: bob, Count: 1}}
	if diff := cmp.Diff(want, st.TopSenders); diff != "" {
		t.Errorf("senders read by a new service (-want +got):\n%s", diff)
	}
}

// testAddressesPruned: the address table keeps StoredAddresses rows per
// list, the most frequent.
func testAddressesPruned(t *testing.T, cfg storage.Config) {
	db := storagetest.Open(t, cfg)
	f := newFixture(t, topology.Config{DB: db, TopN: 2, StoredAddresses: 5})
	for i := range 40 {
		observe(f.svc, t, fmt.Sprintf("0x%040x", i), alice)
	}
	for range 3 {
		observe(f.svc, t, bob, alice)
	}
	f.flush(t)
	for range 2 {
		observe(f.svc, t, strings.Replace(alice, "1", "3", -1), alice)
	}
	f.flush(t)
	var senders, recipients int
	if err := db.QueryRowContext(t.Context(), `SELECT
		(SELECT COUNT(*) FROM topology_addresses WHERE kind = 'sender'),
		(SELECT COUNT(*) FROM topology_addresses WHERE kind = 'recipient')`).Scan(&senders, &recipients); err != nil {
		t.Fatal(err)
	}
	if senders != 5 || recipients != 1 {
		t.Errorf("stored rows: %d senders, %d recipients; want 5 and 1", senders, recipients)
	}
	st, err := f.svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.AddressFrequency{{Address: bob, Count: 3}, {Address: strings.Replace(alice, "1", "3", -1), Count: 2}}
	if diff := cmp.Diff(want, st.TopSenders); diff != "" {
		t.Errorf("topSenders (-want +got):\n%s", diff)
	}
}

// testStoreDown: a database that does not answer (closed here, as a
// stopped PostgreSQL refuses) makes both reads TopologyUnavailable with
// Retry-After (decision 100): not QuoteError, which would blame the quote
// route, and not this replica's own counts, which would pass for the
// service's totals.
func testStoreDown(t *testing.T, cfg storage.Config) {
	db := storagetest.Open(t, cfg)
	f := newFixture(t, topology.Config{DB: db})
	f.quote(t, ethM, ethWM, alice, 1, facility)
	if _, err := f.svc.Stats(t.Context()); err != nil {
		t.Fatalf("before the outage: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func() error{
		"GET /topology/routes": func() error { _, err := f.svc.Routes(t.Context(), orchestration.TopologyQuery{}); return err },
		"GET /topology/stats":  func() error { _, err := f.svc.Stats(t.Context()); return err },
	} {
		var oe *orchestration.Error
		if err := read(); !errors.As(err, &oe) || oe.Code != orchestration.TopologyUnavailable || oe.RetryAfter != orchestration.StoreRetryAfter {
			t.Errorf("%s, store down: %v, want TopologyUnavailable with RetryAfter %v", name, err, orchestration.StoreRetryAfter)
		}
	}
}
