package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/webhook"
	"github.com/m0-orchestration/m0/webhook/webhooktest"
)

// received is one request a receiver got.
type received struct {
	eventID  string
	event    webhook.Event
	verified error // webhook.Verify of its signature, at the clock's time
	status   int   // what the receiver answered
}

// receiver is a webhook receiver answering each request with the next of
// its statuses (200 once they run out), checking each signature with the
// exported verifier.
type receiver struct {
	*httptest.Server
	secret string
	clock  *testclock.Clock
	mu     sync.Mutex
	script []int
	got    []received
}

func newReceiver(t *testing.T, clock *testclock.Clock, statuses ...int) *receiver {
	r := &receiver{clock: clock, script: statuses}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		rec := received{eventID: req.Header.Get(webhook.HeaderEventID), status: http.StatusOK,
			verified: webhook.Verify(r.secret, req.Header.Get(webhook.HeaderSignature), body, r.clock.Now(), 0)}
		if err := json.Unmarshal(body, &rec.event); err != nil {
			t.Errorf("body %s: %v", body, err)
		}
		if len(r.script) > 0 {
			rec.status, r.script = r.script[0], r.script[1:]
		}
		r.got = append(r.got, rec)
		w.WriteHeader(rec.status)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// setup is a store with a key whose webhook (at rcv, path /hook?token=t0ken)
// follows webhooktest.Sender, and a dispatcher over it on clock.
type setup struct {
	db    *storage.DB
	h     webhooktest.Harness
	key   string
	d     *webhook.Dispatcher
	reg   *prometheus.Registry
	log   *bytes.Buffer
	clock *testclock.Clock
}

func newSetup(t *testing.T, db *storage.DB, clock *testclock.Clock, rcv *receiver) *setup {
	s := &setup{db: db, h: sqlHarness(db, clock.Now), clock: clock, reg: prometheus.NewRegistry(), log: &bytes.Buffer{}}
	s.key = s.h.NewKey(t)
	rcv.secret = webhook.NewSecret()
	if err := s.h.Store.Set(t.Context(), s.key, rcv.URL+"/hook?token=t0ken", rcv.secret, []string{webhooktest.Sender}); err != nil {
		t.Fatal(err)
	}
	s.d = s.dispatcher(t, db)
	return s
}

// dispatcher is a new dispatcher over db (a new process's, say).
func (s *setup) dispatcher(t *testing.T, db *storage.DB) *webhook.Dispatcher {
	d, err := webhook.NewDispatcher(webhook.DispatcherConfig{Store: webhook.NewSQLStore(db, webhook.SQLConfig{Now: s.clock.Now}),
		Now: s.clock.Now, FirstRetry: time.Minute, MaxRetry: time.Hour, MaxAttempts: 3, Registerer: s.reg,
		Logger: slog.New(slog.NewTextHandler(s.log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func (s *setup) deliverDue(t *testing.T, d *webhook.Dispatcher, want int) {
	t.Helper()
	n, err := d.DeliverDue(t.Context())
	if err != nil || n != want {
		t.Fatalf("DeliverDue at %s: %d, %v; want %d claimed", s.clock.Now().Format(time.TimeOnly), n, err, want)
	}
}

func sqliteSetup(t *testing.T, rcvStatuses ...int) (*setup, *receiver) {
	clock := testclock.New(webhooktest.Now)
	rcv := newReceiver(t, clock, rcvStatuses...)
	return newSetup(t, storagetest.Open(t, storagetest.SQLiteMemory(t)), clock, rcv), rcv
}

// A followed order's change is delivered once, signed: the test receiver's
// webhook.Verify accepts it, and its event id header is the body's id.
func TestDeliveredAndSigned(t *testing.T) {
	s, rcv := sqliteSetup(t)
	s.h.Record(t, webhooktest.Record(1, webhooktest.Sender, orchestration.OrderCreated, 0))
	s.deliverDue(t, s.d, 1)
	s.deliverDue(t, s.d, 0)
	got := rcv.requests()
	if len(got) != 1 {
		t.Fatalf("%d requests, want 1", len(got))
	}
	r := got[0]
	if r.verified != nil || r.eventID == "" || r.eventID != r.event.ID || r.event.Type != webhook.TypeOrderCreated ||
		r.event.Order == nil || r.event.Order.Sender != webhooktest.Sender || r.event.Order.Status != orchestration.OrderCreated {
		t.Errorf("request %+v: want a verified order.created of the sender's order, event id in header and body", r)
	}
	if v := s.metric(t, "delivered_total"); v != 1 {
		t.Errorf("delivered_total %v, want 1", v)
	}
}

// metric is the value of the counter or gauge orchestration_webhook_NAME.
func (s *setup) metric(t *testing.T, name string) float64 {
	t.Helper()
	mfs, err := s.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == "orchestration_webhook_"+name {
			m := mf.GetMetric()[0]
			return m.GetCounter().GetValue() + m.GetGauge().GetValue()
		}
	}
	t.Fatalf("no metric orchestration_webhook_%s", name)
	return 0
}

// A receiver answering 500 gets the event again after the backoff, with
// the same id, and not before; the failure is logged with the status and
// the URL's host only.
func TestRetriedAfter500(t *testing.T) {
	s, rcv := sqliteSetup(t, 500)
	s.h.Record(t, webhooktest.Record(1, webhooktest.Sender, orchestration.OrderCreated, 0))
	s.deliverDue(t, s.d, 1)
	s.deliverDue(t, s.d, 0) // waits for its backoff, at least half of FirstRetry
	s.clock.Advance(29 * time.Second)
	s.deliverDue(t, s.d, 0)
	s.clock.Advance(31 * time.Second) // a minute on: past any jitter
	s.deliverDue(t, s.d, 1)
	got := rcv.requests()
	if len(got) != 2 || got[0].status != 500 || got[1].status != 200 || got[0].eventID != got[1].eventID ||
		got[1].event.ID != got[0].event.ID || got[0].verified != nil || got[1].verified != nil {
		t.Fatalf("requests %+v: want a 500 then a 200 of one verified event id", got)
	}
	c, _ := s.h.Store.Counts(t.Context(), "")
	if c != (webhook.Counts{}) {
		t.Errorf("outbox after the retry delivered: %+v, want empty", c)
	}
	log := s.log.String()
	host := strings.TrimPrefix(rcv.URL, "http://")
	if !strings.Contains(log, "500") || !strings.Contains(log, "host="+host) || strings.Contains(log, "t0ken") ||
		strings.Contains(log, "/hook") || strings.Contains(log, rcv.secret) {
		t.Errorf("log %q: want the status and the host, never the path, query or secret", log)
	}
	if v := s.metric(t, "failed_attempts_total"); v != 1 {
		t.Errorf("failed_attempts_total %v, want 1", v)
	}
}

// Backoff doubles per failure up to the cap, and the event is dead after
// MaxAttempts (3): kept, counted, not tried again; the order's next event
// goes out.
func TestBackoffAndDeadLetter(t *testing.T) {
	s, rcv := sqliteSetup(t, 500, 503, 502)
	s.h.Record(t, webhooktest.Record(1, webhooktest.Sender, orchestration.OrderCreated, 0))
	s.h.Record(t, webhooktest.Record(1, webhooktest.Sender, orchestration.OrderCompleted, 0))
	s.deliverDue(t, s.d, 1)
	// Second failure after 1m (jitter: 30s to 1m), third after 2m (1m to 2m).
	for _, wait := range []time.Duration{time.Minute, 2 * time.Minute} {
		s.clock.Advance(wait/2 - time.Second)
		s.deliverDue(t, s.d, 0)
		s.clock.Advance(wait/2 + time.Second)
		s.deliverDue(t, s.d, 1)
	}
	c, _ := s.h.Store.Counts(t.Context(), s.key)
	if c != (webhook.Counts{Pending: 1, Dead: 1}) {
		t.Errorf("Counts %+v: want the created event dead, the completed pending", c)
	}
	s.deliverDue(t, s.d, 1) // the completed event, held back until now
	got := rcv.requests()
	if len(got) != 4 || got[3].event.Type != webhook.TypeOrderCompleted || got[2].eventID != got[0].eventID {
		t.Errorf("requests %+v: want three tries of one event, then the completed", got)
	}
	if v := s.metric(t, "dead_lettered_total"); v != 1 {
		t.Errorf("dead_lettered_total %v, want 1", v)
	}
	if v := s.metric(t, "dead"); v != 1 {
		t.Errorf("dead gauge %v, want 1", v)
	}
}

// The outbox survives a restart: a dispatcher whose delivery failed
// stops, the database is closed, and a new dispatcher over the same
// database (a new process's) delivers the event, with the same id. On a
// SQLite file and on PostgreSQL.
func TestDeliveredAfterRestart(t *testing.T) {
	for _, b := range storagetest.Backends() {
		if b.Name == "sqlite-memory" {
			continue // opened again, it is another database
		}
		t.Run(b.Name, func(t *testing.T) {
			if b.SkipReason != "" {
				t.Skip(b.SkipReason)
			}
			cfg := b.NewConfig(t)
			clock := testclock.New(webhooktest.Now)
			rcv := newReceiver(t, clock, 500)
			db1, err := storage.Open(t.Context(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			s := newSetup(t, db1, clock, rcv)
			s.h.Record(t, webhooktest.Record(1, webhooktest.Sender, orchestration.OrderCreated, 0))
			s.deliverDue(t, s.d, 1)
			db1.Close()

			db2 := storagetest.Open(t, cfg)
			clock.Advance(time.Minute)
			s.deliverDue(t, s.dispatcher(t, db2), 1)
			got := rcv.requests()
			if len(got) != 2 || got[1].status != 200 || got[0].eventID != got[1].eventID || got[1].verified != nil {
				t.Fatalf("requests %+v: want the event failed, then delivered after the restart with its id", got)
			}
		})
	}
}

// A dispatcher that dies mid-delivery (its receiver never answered) leaves
// a lease that runs out; another delivers the event again, with the same
// id: a duplicate the receiver recognises.
func TestDuplicatesCarryTheSameID(t *testing.T) {
	clock := testclock.New(webhooktest.Now)
	release, arrived := make(chan struct{}), make(chan struct{}, 1)
	var mu sync.Mutex
	var ids []string
	hanging := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		ids = append(ids, r.Header.Get(webhook.HeaderEventID))
		hang := hanging
		hanging = false
		mu.Unlock()
		if hang {
			arrived <- struct{}{}
			<-release
		}
	}))
	defer srv.Close()
	defer close(release)
	rcv := &receiver{Server: srv, clock: clock}
	s := newSetup(t, storagetest.Open(t, storagetest.SQLiteMemory(t)), clock, rcv)
	s.h.Record(t, webhooktest.Record(1, webhooktest.Sender, orchestration.OrderCreated, 0))

	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.d.DeliverDue(ctx)
	}()
	<-arrived
	cancel() // the process dies with the request in flight
	<-done
	other := s.dispatcher(t, s.db)
	s.deliverDue(t, other, 0) // leased still
	clock.Advance(3 * webhook.DefaultTimeout)
	s.deliverDue(t, other, 1)
	mu.Lock()
	defer mu.Unlock()
	if len(ids) != 2 || ids[0] == "" || ids[0] != ids[1] {
		t.Errorf("event ids received %v: want one id twice", ids)
	}
}

// flakyStore fails Claim while down is set, as a database that stopped.
type flakyStore struct {
	webhook.Store
	down   atomic.Bool
	failed atomic.Int64
}

func (f *flakyStore) Claim(ctx context.Context, holder string, now time.Time, lease time.Duration, n int) ([]webhook.Delivery, error) {
	if f.down.Load() {
		f.failed.Add(1)
		return nil, errors.New("storage: begin: connection refused")
	}
	return f.Store.Claim(ctx, holder, now, lease, n)
}

// An outbox that cannot be read is logged once at Warn however many polls
// fail, and once at Info when it is read again, so that a database outage
// leaves two lines, not one a second.
func TestRunLogsAnOutboxOutageOnce(t *testing.T) {
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	store := &flakyStore{Store: webhook.NewSQLStore(db, webhook.SQLConfig{})}
	store.down.Store(true)
	var logs testio.Buffer
	d, err := webhook.NewDispatcher(webhook.DispatcherConfig{Store: store, PollInterval: time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	waitFor(t, func() bool { return store.failed.Load() >= 5 })
	store.down.Store(false)
	waitFor(t, func() bool { return strings.Contains(logs.String(), "works again") })
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string]int{
		"webhook: reading the outbox failed":      1,
		"webhook: reading the outbox works again": 1,
	} {
		if got := strings.Count(logs.String(), line); got != want {
			t.Errorf("%d lines %q after %d failed reads, want %d:\n%s", got, line, store.failed.Load(), want, logs.String())
		}
	}
}

// waitFor polls cond for up to ten seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in 10s")
		}
	}
}
