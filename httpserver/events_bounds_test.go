package httpserver_test

import (
	"context"
	"errors"
	"io"
	"iter"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// streamWait bounds how long a test waits for a stream to end.
const streamWait = 10 * time.Second

// nextOf pulls seq's items one at a time.
func nextOf(t *testing.T, seq iter.Seq2[orchestration.OrderEvent, error]) func() (orchestration.OrderEvent, error, bool) {
	next, stop := iter.Pull2(seq)
	t.Cleanup(stop)
	return next
}

// The server as a whole has at most StreamsPerServer streams open, whatever
// their keys: one more is the per-key bound's 429 RateLimited with
// Retry-After, and a stream that ends frees its place.
func TestOrderEventsPerServerLimit(t *testing.T) {
	f := newFeed()
	keys := newKeys()
	secrets := []string{goodKey, "sk-second-0123456789abcdef", "sk-third-0123456789abcdef"}
	for i, s := range secrets[1:] {
		keys.Add(s, apikey.Key{ID: "kk" + s[:6], Name: []string{"second", "third"}[i]})
	}
	srv := httpservertest.Start(t, (&httpservertest.Fake{OrderEventsFunc: f.OrderEvents}).Services(),
		httpserver.Config{Keys: keys, StreamsPerServer: 2})
	var cancels []context.CancelFunc
	for _, s := range secrets[:2] {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		if _, err := srv.Client(t, s).OrderEvents(ctx, orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef()}); err != nil {
			t.Fatal(err)
		}
		cancels = append(cancels, cancel)
	}
	// A raw request: a stream opened by mistake must not hang the test.
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.BaseURL+eventsPath, nil)
	req.Header.Set("x-api-key", secrets[2])
	resp, err := srv.Server.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode == 200 {
		t.Error("a third stream opened on a server serving two")
	} else {
		b, _ := io.ReadAll(resp.Body)
		wantError(t, &httpservertest.Response{Status: resp.StatusCode, Header: resp.Header, Body: b}, 429, orchestration.RateLimited)
		if resp.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	resp.Body.Close()
	cancel()
	if resp.StatusCode == 200 {
		<-f.ended
	}
	cancels[0]()
	<-f.ended
	deadline := time.Now().Add(streamWait)
	for {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		_, err := srv.Client(t, secrets[2]).OrderEvents(ctx, orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef()})
		if err == nil {
			break
		}
		if code, _ := orchestration.CodeOf(err); code != orchestration.RateLimited || time.Now().After(deadline) {
			t.Fatalf("after a stream ended: %v", err)
		}
		time.Sleep(time.Millisecond) // the handler returns just after its watcher
	}
}

// resumable is an OrderEventsFunc that keeps one order's state, as the
// order service does: a stream sends the current state first unless
// Last-Event-ID names it, then each state set.
type resumable struct {
	mu      sync.Mutex
	current orchestration.OrderEvent
	changed chan struct{} // closed and replaced at each set
	lastIDs []int64       // the Last-Event-ID of each stream
}

func (r *resumable) set(ev orchestration.OrderEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.current = ev
	close(r.changed)
	r.changed = make(chan struct{})
}

func (r *resumable) OrderEvents(ctx context.Context, req orchestration.OrderEventsRequest) (iter.Seq2[orchestration.OrderEvent, error], error) {
	r.mu.Lock()
	r.lastIDs = append(r.lastIDs, req.LastEventID)
	r.mu.Unlock()
	return func(yield func(orchestration.OrderEvent, error) bool) {
		sent := req.LastEventID
		for {
			r.mu.Lock()
			ev, changed := r.current, r.changed
			r.mu.Unlock()
			if ev.ID != sent {
				if !yield(ev, nil) || ev.Status.Terminal() {
					return
				}
				sent = ev.ID
			}
			select {
			case <-ctx.Done():
				return
			case <-changed:
			}
		}
	}, nil
}

// A stream ends cleanly once StreamLifetime has passed, with no error
// event and whatever it was doing: the client sees ErrStreamEnded, resumes
// with the last event's id, is not sent that status again, and gets the
// next.
func TestOrderEventsLifetime(t *testing.T) {
	r := &resumable{current: statusOf(5, orchestration.OrderCreated), changed: make(chan struct{})}
	const lifetime = 200 * time.Millisecond
	srv, _ := start(t, &httpservertest.Fake{OrderEventsFunc: r.OrderEvents}, func(c *httpserver.Config) {
		c.StreamLifetime, c.StreamHeartbeat = lifetime, time.Millisecond
	})
	cl := srv.Client(t, goodKey)
	ctx, cancel := context.WithTimeout(context.Background(), streamWait)
	defer cancel()
	began := time.Now()
	seq, err := cl.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef()})
	if err != nil {
		t.Fatal(err)
	}
	next := nextOf(t, seq)
	first, err, _ := next()
	if err != nil || first.ID != 5 {
		t.Fatalf("first event %+v, %v; want id 5", first, err)
	}
	_, err, ok := next()
	if !ok || !errors.Is(err, client.ErrStreamEnded) {
		t.Fatalf("after the first event: %v (more: %v); want the stream ended (ErrStreamEnded) at its lifetime", err, ok)
	}
	if took := time.Since(began); took < lifetime-lifetime/10 {
		t.Errorf("the stream ended after %v, before its lifetime %v less a tenth", took, lifetime)
	}

	seq, err = cl.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef(), LastEventID: first.ID})
	if err != nil {
		t.Fatal(err)
	}
	next = nextOf(t, seq)
	go r.set(statusOf(6, orchestration.OrderCompleted))
	ev, err, _ := next()
	if err != nil || ev.ID != 6 || ev.Status != orchestration.OrderCompleted {
		t.Errorf("the resumed stream's first event %+v, %v; want id 6 COMPLETED (id 5 was seen)", ev, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.lastIDs) != 2 || r.lastIDs[1] != 5 {
		t.Errorf("the watcher got Last-Event-IDs %v, want [0 5]", r.lastIDs)
	}
}

// A stream whose API key is revoked ends within StreamKeyRecheck with an
// error event 401 Unauthorized; a stream of a key still valid goes on.
func TestOrderEventsEndWhenKeyRevoked(t *testing.T) {
	r := &resumable{current: statusOf(1, orchestration.OrderCreated), changed: make(chan struct{})}
	keys := newKeys()
	const doomed = "sk-doomed-0123456789abcdef"
	keys.Add(doomed, apikey.Key{ID: "k8", Name: "doomed"})
	const recheck = 20 * time.Millisecond
	srv := httpservertest.Start(t, (&httpservertest.Fake{OrderEventsFunc: r.OrderEvents}).Services(),
		httpserver.Config{Keys: keys, StreamKeyRecheck: recheck})
	ctx, cancel := context.WithTimeout(context.Background(), streamWait)
	defer cancel()
	open := func(secret string) func() (orchestration.OrderEvent, error, bool) {
		seq, err := srv.Client(t, secret).OrderEvents(ctx, orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef()})
		if err != nil {
			t.Fatal(err)
		}
		next := nextOf(t, seq)
		if ev, err, _ := next(); err != nil || ev.ID != 1 {
			t.Fatalf("first event %+v, %v", ev, err)
		}
		return next
	}
	doomedNext, goodNext := open(doomed), open(goodKey)

	keys.Revoke(doomed)
	revoked := time.Now()
	_, err, _ := doomedNext()
	if code, _ := orchestration.CodeOf(err); code != orchestration.Unauthorized {
		t.Fatalf("the revoked key's stream yielded %v; want an Unauthorized error", err)
	}
	if took := time.Since(revoked); took > 25*recheck {
		t.Errorf("the revoked key's stream ended %v after the revocation; the recheck is every %v", took, recheck)
	}
	// The other key's stream is still open: it gets the next status.
	go r.set(statusOf(2, orchestration.OrderCompleted))
	if ev, err, _ := goodNext(); err != nil || ev.ID != 2 {
		t.Errorf("the valid key's stream yielded %+v, %v; want id 2", ev, err)
	}
}
