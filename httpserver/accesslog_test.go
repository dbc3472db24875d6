package httpserver_test

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
)

// Close writes every line queued, through the buffered writer's Flush,
// even when the flush interval has not come: nothing is lost at shutdown.
func TestAccessLogCloseWritesEveryLine(t *testing.T) {
	logs := &httpservertest.LogBuffer{}
	buf := bufio.NewWriterSize(logs, 1<<20) // larger than all the lines
	al := httpserver.NewAccessLog(slog.NewJSONHandler(buf, nil),
		httpserver.AccessLogConfig{Flush: buf.Flush, FlushInterval: time.Hour})
	srv, _ := start(t, nil, func(c *httpserver.Config) { c.AccessLog = al })
	const n = 50
	for i := range n {
		send(t, srv, routes[0], nil, "x-api-key", goodKey, "X-Request-Id", fmt.Sprintf("close-%d", i))
	}
	srv.Close() // the server first, as after ListenAndServe returns
	if got := len(logs.Records("http request")); got != 0 {
		t.Fatalf("%d lines written before the flush interval or Close", got)
	}
	if err := al.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	seen := map[string]int{}
	for _, r := range logs.Records("http request") {
		id, _ := r["request_id"].(string)
		seen[id]++
		if r["status"] != float64(200) || r["route"] != httpserver.BasePath+"/supported-assets" {
			t.Errorf("line %v", r)
		}
	}
	for i := range n {
		if id := fmt.Sprintf("close-%d", i); seen[id] != 1 {
			t.Errorf("request %s logged %d times, want once", id, seen[id])
		}
	}
	if al.Dropped() != 0 {
		t.Errorf("Dropped = %d", al.Dropped())
	}
	if err := al.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// blockingHandler holds every record until released, telling when it has
// one.
type blockingHandler struct {
	slog.Handler
	entered chan struct{}
	release chan struct{}
}

func (h blockingHandler) Handle(ctx context.Context, r slog.Record) error {
	h.entered <- struct{}{}
	<-h.release
	return h.Handler.Handle(ctx, r)
}

// A full buffer drops lines, counted in Dropped and in /metrics, instead of
// holding up requests.
func TestAccessLogDropsWhenFull(t *testing.T) {
	logs := &httpservertest.LogBuffer{}
	h := blockingHandler{slog.NewJSONHandler(logs, nil), make(chan struct{}), make(chan struct{})}
	al := httpserver.NewAccessLog(h, httpserver.AccessLogConfig{Buffer: 1})
	srv, _ := start(t, nil, func(c *httpserver.Config) { c.AccessLog = al })

	send(t, srv, routes[0], nil, "x-api-key", goodKey, "X-Request-Id", "first")
	<-h.entered                                                                  // the writer holds the first line
	send(t, srv, routes[0], nil, "x-api-key", goodKey, "X-Request-Id", "second") // fills the buffer
	for i := range 3 {                                                           // each dropped, none waits
		send(t, srv, routes[0], nil, "x-api-key", goodKey, "X-Request-Id", fmt.Sprint("dropped-", i))
	}
	if got := al.Dropped(); got != 3 {
		t.Errorf("Dropped = %d, want 3", got)
	}
	metrics := string(srv.Do(t, "GET", "/metrics", nil, nil).Body)
	if !strings.Contains(metrics, "orchestration_http_access_log_dropped_total 3") {
		t.Errorf("/metrics lacks the dropped count:\n%s", metrics)
	}

	close(h.release)
	go func() {
		for range h.entered {
		}
	}()
	srv.Close()
	al.Close()
	close(h.entered)
	var ids []string
	for _, r := range logs.Records("http request") {
		ids = append(ids, r["request_id"].(string))
	}
	// The two queued lines; GET /metrics found the buffer still full.
	if len(ids) != 2 || ids[0] != "first" || ids[1] != "second" {
		t.Errorf("logged %v, want [first second]", ids)
	}
	if n := al.Dropped(); n != 4 {
		t.Errorf("Dropped = %d after Close, want 4", n)
	}
}

// A line logged after Close is dropped and counted, not written.
func TestAccessLogAfterClose(t *testing.T) {
	logs := &httpservertest.LogBuffer{}
	al := httpserver.NewAccessLog(slog.NewJSONHandler(logs, nil), httpserver.AccessLogConfig{})
	srv, _ := start(t, nil, func(c *httpserver.Config) { c.AccessLog = al })
	al.Close()
	send(t, srv, routes[0], nil, "x-api-key", goodKey)
	if n := len(logs.Records("http request")); n != 0 || al.Dropped() != 1 {
		t.Errorf("after Close: %d lines written, %d dropped; want 0, 1", n, al.Dropped())
	}
}
