package httpserver_test

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

// serveForShutdown serves h (wrapped to signal each request's arrival) on
// a loopback listener with cfg; cancel starts the shutdown and served
// yields Serve's result.
func serveForShutdown(t *testing.T, h http.Handler, cfg httpserver.Config) (addr string, arrived <-chan struct{}, cancel func(), served <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	in := make(chan struct{}, 16)
	wrapped := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in <- struct{}{}
		h.ServeHTTP(w, r)
	})
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	done := make(chan error, 1)
	go func() { done <- httpserver.Serve(ctx, ln, wrapped, cfg) }()
	return ln.Addr().String(), in, stop, done
}

// A client trickling a body cannot hold a shutdown past its deadline, nor
// turn it into a failure: Serve returns nil, so the process exits 0.
func TestShutdownWithTricklingClient(t *testing.T) {
	logs := &httpservertest.LogBuffer{}
	logger := slog.New(slog.NewJSONHandler(logs, nil))
	h, err := httpserver.New((&httpservertest.Fake{}).Services(), httpserver.Config{Keys: newKeys(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	// A read timeout far beyond the shutdown deadline, as an operator
	// might configure: it is capped.
	addr, arrived, cancel, served := serveForShutdown(t, h, httpserver.Config{
		ShutdownTimeout: 300 * time.Millisecond, ReadTimeout: time.Hour, Logger: logger})

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s/quote HTTP/1.1\r\nHost: x\r\nx-api-key: %s\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"route\":", httpserver.BasePath, goodKey)
	<-arrived // the handler is reading the body, which never completes
	cancel()
	if err := <-served; err != nil {
		t.Fatalf("Serve = %v, want nil", err)
	}
	// The trickling client's connection is over: an error answer at most,
	// then the end of the stream.
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if resp, err := http.ReadResponse(bufio.NewReader(conn), nil); err == nil {
		resp.Body.Close()
		if resp.StatusCode < 400 {
			t.Errorf("trickling client got %d", resp.StatusCode)
		}
	}
	if len(logs.Records("shutting down: no new connections; waiting for in-flight requests")) != 1 || len(logs.Records("shut down")) != 1 {
		t.Errorf("shutdown start and end not logged once each:\n%s", logs)
	}
}

// A request still running when the deadline passes is cut and Serve still
// returns nil, with a warning saying so.
func TestShutdownDeadlineClosesStragglers(t *testing.T) {
	logs := &httpservertest.LogBuffer{}
	release := make(chan struct{})
	defer close(release)
	fake := &httpservertest.Fake{QuoteFunc: func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
		<-release // ignores its context, as a wedged provider might
		return nil, nil
	}}
	h, err := httpserver.New(fake.Services(), httpserver.Config{Keys: newKeys(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	addr, arrived, cancel, served := serveForShutdown(t, h, httpserver.Config{
		ShutdownTimeout: 200 * time.Millisecond, Logger: slog.New(slog.NewJSONHandler(logs, nil))})
	go func() {
		req, _ := http.NewRequest("POST", "http://"+addr+httpserver.BasePath+"/quote", strings.NewReader(routes[1].body))
		req.Header.Set("x-api-key", goodKey)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	<-arrived
	cancel()
	if err := <-served; err != nil {
		t.Fatalf("Serve = %v, want nil", err)
	}
	recs := logs.Records("shutdown deadline passed; closing the remaining connections")
	if len(recs) != 1 || recs[0]["level"] != "WARN" {
		t.Errorf("no warning about the cut connections:\n%s", logs)
	}
}

func TestReadTimeoutsFitInsideShutdown(t *testing.T) {
	for _, c := range []struct {
		cfg                  httpserver.Config
		readHeader, read, sd time.Duration
	}{
		{httpserver.Config{}, 5 * time.Second, 10 * time.Second, 15 * time.Second},
		{httpserver.Config{ReadTimeout: time.Minute, ReadHeaderTimeout: time.Minute, ShutdownTimeout: 20 * time.Second}, 20 * time.Second, 20 * time.Second, 20 * time.Second},
		{httpserver.Config{ShutdownTimeout: 2 * time.Second}, 2 * time.Second, 2 * time.Second, 2 * time.Second},
	} {
		s := httpserver.HTTPServer(":0", http.NotFoundHandler(), c.cfg)
		if s.ReadHeaderTimeout != c.readHeader || s.ReadTimeout != c.read {
			t.Errorf("%+v: ReadHeaderTimeout %v, ReadTimeout %v; want %v, %v", c.cfg, s.ReadHeaderTimeout, s.ReadTimeout, c.readHeader, c.read)
		}
	}
}

// The server's header limit is MaxHeaderBytes, as the README says: headers
// just under it reach the handler, headers a few KiB over it (past
// net/http's 4 KiB allowance) are a 431 before any handler runs.
func TestHeaderLimit(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httpserver.HTTPServer(ln.Addr().String(), http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}), httpserver.Config{Logger: slog.New(slog.DiscardHandler)})
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	for _, c := range []struct {
		pad  int
		want int
	}{
		{httpserver.MaxHeaderBytes - 1<<10, http.StatusNoContent},
		{httpserver.MaxHeaderBytes + 8<<10, http.StatusRequestHeaderFieldsTooLarge},
	} {
		req, err := http.NewRequestWithContext(t.Context(), "GET", "http://"+ln.Addr().String()+"/", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("X-Pad", strings.Repeat("a", c.pad))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("headers of %d bytes: %v", c.pad, err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("headers of %d bytes: HTTP %d, want %d", c.pad, resp.StatusCode, c.want)
		}
	}
}
