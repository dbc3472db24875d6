package httpserver_test

import (
	"bufio"
	"context"
	"errors"
	"iter"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

var eventsPath = orderPath + "/events"

func statusOf(id int64, s orchestration.OrderStatus) orchestration.OrderEvent {
	n := 0
	return orchestration.OrderEvent{ID: id, OrderID: httpservertest.SampleOrderRef().OrderID, OriginChain: orchestration.Ethereum,
		OriginChainID: 1, Status: s, UpdatedAt: 1_700_000_000 + id, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0", FillCount: &n}
}

// feed is an OrderEventsFunc whose streams yield what is sent on events
// and end when it is closed; ended receives once per stream that ended
// (its goroutine gone).
type feed struct {
	events chan orchestration.OrderEvent
	ended  chan struct{}
}

func newFeed() *feed {
	return &feed{events: make(chan orchestration.OrderEvent), ended: make(chan struct{}, 16)}
}

func (f *feed) OrderEvents(ctx context.Context, _ orchestration.OrderEventsRequest) (iter.Seq2[orchestration.OrderEvent, error], error) {
	return func(yield func(orchestration.OrderEvent, error) bool) {
		defer func() { f.ended <- struct{}{} }()
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-f.events:
				if !ok || !yield(ev, nil) {
					return
				}
			}
		}
	}, nil
}

// A stream sends each status the watcher yields as a "status" event with
// its id, as text/event-stream; the Go client reads them back and the
// stream ends after the final one.
func TestOrderEventsStream(t *testing.T) {
	f := newFeed()
	srv, fake := start(t, &httpservertest.Fake{OrderEventsFunc: f.OrderEvents}, nil)
	cl := srv.Client(t, goodKey)
	seq, err := cl.OrderEvents(context.Background(), orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef(), LastEventID: 4})
	if err != nil {
		t.Fatal(err)
	}
	if got := fake.Last("OrderEvents").(orchestration.OrderEventsRequest); got.LastEventID != 4 {
		t.Errorf("the watcher got Last-Event-ID %d, want 4", got.LastEventID)
	}
	sent := []orchestration.OrderEvent{statusOf(5, orchestration.OrderCreated), statusOf(7, orchestration.OrderCompleted)}
	go func() {
		for _, ev := range sent {
			f.events <- ev
		}
		close(f.events)
	}()
	var got []orchestration.OrderEvent
	for ev, err := range seq {
		if err != nil {
			t.Fatalf("after %d events: %v", len(got), err)
		}
		got = append(got, ev)
	}
	if len(got) != 2 || got[0].ID != 5 || got[0].Status != orchestration.OrderCreated || got[1].ID != 7 ||
		got[1].Status != orchestration.OrderCompleted || got[1].UpdatedAt != sent[1].UpdatedAt || got[1].FillCount == nil {
		t.Errorf("events %+v, want %+v", got, sent)
	}
	<-f.ended
}

// The raw stream: its content type, the event layout and the heartbeat
// comments.
func TestOrderEventsWireFormat(t *testing.T) {
	f := newFeed()
	srv, _ := start(t, &httpservertest.Fake{OrderEventsFunc: f.OrderEvents}, func(c *httpserver.Config) { c.StreamHeartbeat = time.Millisecond })
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.BaseURL+eventsPath, nil)
	req.Header.Set("x-api-key", goodKey)
	resp, err := srv.Server.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" || resp.Header.Get("X-Request-Id") == "" {
		t.Fatalf("%d %v, want 200 text/event-stream with a request id", resp.StatusCode, resp.Header)
	}
	go func() { f.events <- statusOf(3, orchestration.OrderCreated) }()
	sc := bufio.NewScanner(resp.Body)
	var lines []string
	pings := 0
	for sc.Scan() && (pings < 2 || len(lines) < 3) {
		switch l := sc.Text(); {
		case l == ": ping":
			pings++
		case l != "" && !strings.HasPrefix(l, ":"):
			lines = append(lines, l)
		}
	}
	want := []string{"id: 3", "event: status", `data: {"orderId":"` + httpservertest.SampleOrderRef().OrderID + `","originChain":"Ethereum","originChainId":1,"status":"CREATED","updatedAt":1700000003,"amountOutFilled":"0","amountInReleased":"0","amountRefunded":"0","fillCount":0}`}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("event lines\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	cancel()
	<-f.ended
}

// Failures before the stream are the usual JSON answers: the watcher's own
// (404), a bad Last-Event-ID (400), a missing key (401), no watcher (501
// after the order reference is checked). A failure after it began is an
// "error" event the client returns as the service's error.
func TestOrderEventsErrors(t *testing.T) {
	fake := &httpservertest.Fake{OrderEventsFunc: func(ctx context.Context, req orchestration.OrderEventsRequest) (iter.Seq2[orchestration.OrderEvent, error], error) {
		if req.Order.OrderID != httpservertest.SampleOrderRef().OrderID {
			return nil, orchestration.Errorf(orchestration.OrderNotFound, "no order %s", req.Order.OrderID)
		}
		return func(yield func(orchestration.OrderEvent, error) bool) {
			if yield(statusOf(1, orchestration.OrderCreated), nil) {
				yield(orchestration.OrderEvent{}, orchestration.Errorf(orchestration.CancelOrderError, "the index failed"))
			}
		}, nil
	}}
	srv, _ := start(t, fake, nil)
	other := "/orders/Ethereum/0x" + strings.Repeat("cd", 32) + "/events"
	wantError(t, srv.Do(t, "GET", httpserver.BasePath+other, nil, http.Header{"X-Api-Key": {goodKey}}), 404, orchestration.OrderNotFound)
	wantError(t, srv.Do(t, "GET", httpserver.BasePath+eventsPath, nil, http.Header{"X-Api-Key": {goodKey}, "Last-Event-Id": {"x"}}), 400, orchestration.BadOrderRequest)
	wantError(t, srv.Do(t, "GET", httpserver.BasePath+eventsPath, nil, nil), 401, orchestration.Unauthorized)

	seq, err := srv.Client(t, goodKey).OrderEvents(context.Background(), orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef()})
	if err != nil {
		t.Fatal(err)
	}
	var codes []orchestration.Code
	for _, err := range seq {
		code, _ := orchestration.CodeOf(err)
		codes = append(codes, code)
	}
	if len(codes) != 2 || codes[0] != "" || codes[1] != orchestration.CancelOrderError {
		t.Errorf("codes %v, want a status then CancelOrderError", codes)
	}

	none := httpservertest.Start(t, httpserver.Services{}, httpserver.Config{Keys: newKeys()})
	wantError(t, none.Do(t, "GET", httpserver.BasePath+eventsPath, nil, http.Header{"X-Api-Key": {goodKey}}), 501, orchestration.NotImplemented)
	wantError(t, none.Do(t, "GET", httpserver.BasePath+"/orders/Nowhere/0x01/events", nil, http.Header{"X-Api-Key": {goodKey}}), 400, orchestration.BadOrderRequest)
}

// A key has at most StreamsPerKey streams open (a HEAD holds none): one more is a 429
// RateLimited with Retry-After, another key is not affected, and a stream
// the client closes ends on the server (its watcher's goroutine too) and
// frees its place.
func TestOrderEventsPerKeyLimit(t *testing.T) {
	f := newFeed()
	fake := &httpservertest.Fake{OrderEventsFunc: f.OrderEvents}
	keys := newKeys()
	const otherKey = "sk-other-0123456789abcdef"
	keys.Add(otherKey, apikey.Key{ID: "k9", Name: "other"})
	srv := httpservertest.Start(t, fake.Services(), httpserver.Config{Keys: keys, StreamsPerKey: 2})
	cl := srv.Client(t, goodKey)
	open := func(cl *client.Client) (context.CancelFunc, error) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		_, err := cl.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef()})
		return cancel, err
	}
	// HEAD answers the headers and holds no stream.
	for range 3 {
		if resp := srv.Do(t, "HEAD", httpserver.BasePath+eventsPath, nil, http.Header{"X-Api-Key": {goodKey}}); resp.Status != 200 ||
			resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("HEAD: %d %v", resp.Status, resp.Header)
		}
	}
	first, err := open(cl)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := open(cl); err != nil {
		t.Fatal(err)
	}
	resp := srv.Do(t, "GET", httpserver.BasePath+eventsPath, nil, http.Header{"X-Api-Key": {goodKey}})
	wantError(t, resp, 429, orchestration.RateLimited)
	if resp.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	if _, err := open(srv.Client(t, otherKey)); err != nil {
		t.Errorf("another key's stream: %v", err)
	}
	first()
	<-f.ended // the server saw the client go: the watcher's sequence ended
	for {
		_, err := open(cl)
		if err == nil {
			break
		}
		if code, _ := orchestration.CodeOf(err); code != orchestration.RateLimited {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond) // the handler returns just after its watcher
	}
}

// A graceful shutdown ends the open streams at once rather than waiting
// for its deadline: Serve returns without cutting connections, and the
// client's sequence ends with ErrStreamEnded (to resume elsewhere).
func TestOrderEventsEndOnShutdown(t *testing.T) {
	f := newFeed()
	logs := &httpservertest.LogBuffer{}
	logger := slog.New(slog.NewJSONHandler(logs, nil))
	h, err := httpserver.New((&httpservertest.Fake{OrderEventsFunc: f.OrderEvents}).Services(), httpserver.Config{Keys: newKeys(), Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	addr, arrived, shutdown, served := serveForShutdown(t, h, httpserver.Config{Keys: newKeys(), ShutdownTimeout: time.Hour, Logger: logger})
	cl, err := client.New("http://"+addr, client.Config{APIKey: goodKey})
	if err != nil {
		t.Fatal(err)
	}
	seq, err := cl.OrderEvents(context.Background(), orchestration.OrderEventsRequest{Order: httpservertest.SampleOrderRef()})
	if err != nil {
		t.Fatal(err)
	}
	<-arrived
	go func() { f.events <- statusOf(1, orchestration.OrderCreated) }()
	var got []orchestration.OrderStatus
	var last error
	for ev, err := range seq {
		if err != nil {
			last = err
			break
		}
		got = append(got, ev.Status)
		shutdown() // after the first event
	}
	if len(got) != 1 || !errors.Is(last, client.ErrStreamEnded) {
		t.Errorf("statuses %v, last error %v; want CREATED, then ErrStreamEnded", got, last)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve = %v", err)
	}
	if strings.Contains(logs.String(), "shutdown deadline passed") {
		t.Errorf("the shutdown waited for its deadline:\n%s", logs)
	}
	<-f.ended
}

// A stream outlives the server's read and write timeouts, which are for
// requests: a hundred heartbeats a millisecond apart come through a server
// whose timeouts are 20ms.
func TestOrderEventsOutliveTimeouts(t *testing.T) {
	f := newFeed()
	cfg := httpserver.Config{Keys: newKeys(), Logger: slog.New(slog.DiscardHandler), StreamHeartbeat: time.Millisecond,
		ReadTimeout: 20 * time.Millisecond, ReadHeaderTimeout: 20 * time.Millisecond, WriteTimeout: 20 * time.Millisecond}
	h, err := httpserver.New((&httpservertest.Fake{OrderEventsFunc: f.OrderEvents}).Services(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	addr, _, shutdown, served := serveForShutdown(t, h, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+addr+httpserver.BasePath+eventsPath, nil)
	req.Header.Set("x-api-key", goodKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	pings := 0
	for pings < 100 && sc.Scan() {
		if sc.Text() == ": ping" {
			pings++
		}
	}
	if pings < 100 {
		t.Errorf("the stream ended after %d heartbeats (%v)", pings, sc.Err())
	}
	cancel()
	<-f.ended
	shutdown()
	if err := <-served; err != nil {
		t.Error(err)
	}
}
