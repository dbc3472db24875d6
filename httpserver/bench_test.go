package httpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/internal/testing/bench"
	"github.com/m0-orchestration/m0/orchestration"
)

// BenchmarkSupportedAssets measures GET /supported-assets through the whole
// handler chain (request id, metrics, key check through the cache in front
// of the SQLite store) with the built-in catalog. full, if-none-match and
// parallel log to a handler that is disabled, so they measure everything
// but the access log; log-sync formats each line as JSON in the request
// (Config.Logger), log-async hands it to an AccessLog (Config.AccessLog).
// bare is a plain handler writing the same bytes, the baseline of the same
// run. The load script (scripts/loadcompare.sh) measures the same route
// over real connections against such a bare handler.
//
//	go test ./httpserver -run '^$' -bench SupportedAssets -benchmem
func BenchmarkSupportedAssets(b *testing.B) {
	store := httpservertest.StoreKeys(b)
	secret, _, err := store.Create(context.Background(), apikey.NewKey{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	newHandler := func(b *testing.B, edit func(*httpserver.Config)) http.Handler {
		cfg := httpserver.Config{
			Keys:   apikey.NewCache(store, time.Minute, nil),
			Logger: slog.New(slog.DiscardHandler),
		}
		if edit != nil {
			edit(&cfg)
		}
		h, err := httpserver.New(httpserver.Services{Assets: asset.Default()}, cfg)
		if err != nil {
			b.Fatal(err)
		}
		return h
	}
	get := func(b *testing.B, h http.Handler, etag string) {
		req := httptest.NewRequest(http.MethodGet, httpserver.BasePath+"/supported-assets", nil)
		req.Header.Set("x-api-key", secret)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK && rec.Code != http.StatusNotModified {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
	body, etag, _ := asset.Default().SupportedAssetsJSON(context.Background())

	// bare writes the same response (body, headers) with nothing around
	// it: the baseline the others compare with, in the same run.
	b.Run("bare", func(b *testing.B) {
		h := bench.BareAssetsHandler(body, etag)
		b.ReportAllocs()
		for b.Loop() {
			get(b, h, "")
		}
	})
	b.Run("full", func(b *testing.B) {
		h := newHandler(b, nil)
		b.ReportAllocs()
		for b.Loop() {
			get(b, h, "")
		}
	})
	b.Run("if-none-match", func(b *testing.B) {
		h := newHandler(b, nil)
		b.ReportAllocs()
		for b.Loop() {
			get(b, h, etag)
		}
	})
	b.Run("parallel", func(b *testing.B) {
		h := newHandler(b, nil)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				get(b, h, "")
			}
		})
	})
	b.Run("log-sync", func(b *testing.B) {
		h := newHandler(b, func(c *httpserver.Config) {
			c.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
		})
		b.ReportAllocs()
		for b.Loop() {
			get(b, h, "")
		}
	})
	b.Run("log-async", func(b *testing.B) {
		al := httpserver.NewAccessLog(slog.NewJSONHandler(io.Discard, nil), httpserver.AccessLogConfig{})
		h := newHandler(b, func(c *httpserver.Config) { c.AccessLog = al })
		b.ReportAllocs()
		for b.Loop() {
			get(b, h, "")
		}
		al.Close() // inside the timing: the lines queued are part of the cost
		if n := al.Dropped(); n > 0 {
			b.ReportMetric(float64(n)/float64(b.N), "dropped/op")
		}
	})
}

// The overhead benchmarks and loadcompare compare the chain with
// bench.BareAssetsHandler, which must write the same response: the same
// status, body and header names, each value the same except the request
// id, which must be as long. A header the chain gains and the baseline
// lacks would be counted as the chain's work.
func TestBareAssetsHandlerWritesWhatTheChainWrites(t *testing.T) {
	store := httpservertest.StoreKeys(t)
	secret, _, err := store.Create(context.Background(), apikey.NewKey{Name: "baseline"})
	if err != nil {
		t.Fatal(err)
	}
	full, err := httpserver.New(httpserver.Services{Assets: asset.Default()}, httpserver.Config{
		Keys: apikey.NewCache(store, time.Minute, nil), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	body, etag, err := asset.Default().SupportedAssetsJSON(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	get := func(h http.Handler) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, httpserver.BasePath+"/supported-assets", nil)
		req.Header.Set(httpserver.HeaderAPIKey, secret)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	want, got := get(full), get(bench.BareAssetsHandler(body, etag))
	if got.Code != want.Code || got.Body.String() != want.Body.String() {
		t.Fatalf("bare answers %d with %d bytes, the chain %d with %d", got.Code, got.Body.Len(), want.Code, want.Body.Len())
	}
	if g, w := slices.Sorted(maps.Keys(got.Header())), slices.Sorted(maps.Keys(want.Header())); !slices.Equal(g, w) {
		t.Fatalf("bare writes the headers %q, the chain %q", g, w)
	}
	for k, w := range want.Header() {
		g := got.Header()[k]
		if k == httpserver.HeaderRequestID {
			if len(g) != 1 || len(w) != 1 || len(g[0]) != len(w[0]) {
				t.Errorf("%s: bare writes %q, the chain %q: not as long", k, g, w)
			}
			continue
		}
		if !slices.Equal(g, w) {
			t.Errorf("%s: bare writes %q, the chain %q", k, g, w)
		}
	}

	// The earlier baseline (loadcompare -baseline entity) writes the same
	// but for the two headers of every API response.
	entity := get(bench.EntityAssetsHandler(body, etag))
	apiHeaders := []string{"Vary", httpserver.HeaderRequestID}
	wantEntity := slices.DeleteFunc(slices.Sorted(maps.Keys(want.Header())), func(k string) bool { return slices.Contains(apiHeaders, k) })
	if g := slices.Sorted(maps.Keys(entity.Header())); entity.Code != want.Code || entity.Body.String() != want.Body.String() || !slices.Equal(g, wantEntity) {
		t.Errorf("the entity baseline answers %d with %d bytes and the headers %q; want %d, %d bytes, %q",
			entity.Code, entity.Body.Len(), g, want.Code, want.Body.Len(), wantEntity)
	}
}

// BenchmarkHandlerChain isolates what the handler chain adds to a response:
// the same GET /supported-assets as BenchmarkSupportedAssets, but each
// request is a shallow copy of one parsed request and the response writer
// discards what it is given, so net/http's parsing and the recorder's copy
// of the body are out of the figure. bare is the plain handler; full the
// whole chain with its access log off; log-json and log-text with the
// access log of orchestrationd in either log.format, log-slog-text with the
// text lines formatted by slog's handler (a service given no
// Config.AccessLog); the parallel variants load every core, where shared
// state (locks, atomics) and the log's writer goroutine show.
//
//	go test ./httpserver -run '^$' -bench HandlerChain -benchmem
func BenchmarkHandlerChain(b *testing.B) {
	store := httpservertest.StoreKeys(b)
	secret, _, err := store.Create(context.Background(), apikey.NewKey{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	body, etag, _ := asset.Default().SupportedAssetsJSON(context.Background())
	req := httptest.NewRequest(http.MethodGet, httpserver.BasePath+"/supported-assets", nil)
	req.Header.Set("x-api-key", secret)
	bare := bench.BareAssetsHandler(body, etag)
	chain := func(b *testing.B, al *httpserver.AccessLog) http.Handler {
		h, err := httpserver.New(httpserver.Services{Assets: asset.Default()}, httpserver.Config{
			Keys:      apikey.NewCache(store, time.Minute, nil),
			Logger:    slog.New(slog.DiscardHandler),
			AccessLog: al,
		})
		if err != nil {
			b.Fatal(err)
		}
		return h
	}
	serve := func(h http.Handler, w *discardWriter) {
		w.header = http.Header{}
		w.status = 0
		r := *req
		h.ServeHTTP(w, &r)
		if w.status != http.StatusOK {
			panic("status " + strconv.Itoa(w.status)) // b.Fatal may not be called from RunParallel's goroutines
		}
	}
	for _, parallel := range []bool{false, true} {
		suffix := ""
		if parallel {
			suffix = "-parallel"
		}
		run := func(name string, h func(b *testing.B) (http.Handler, func())) {
			b.Run(name+suffix, func(b *testing.B) {
				handler, done := h(b)
				defer done()
				b.ReportAllocs()
				if parallel {
					b.RunParallel(func(pb *testing.PB) {
						w := &discardWriter{}
						for pb.Next() {
							serve(handler, w)
						}
					})
					return
				}
				w := &discardWriter{}
				for b.Loop() {
					serve(handler, w)
				}
			})
		}
		run("bare", func(b *testing.B) (http.Handler, func()) { return bare, func() {} })
		run("full", func(b *testing.B) (http.Handler, func()) { return chain(b, nil), func() {} })
		run("log-json", func(b *testing.B) (http.Handler, func()) {
			al := httpserver.NewJSONAccessLog(io.Discard, httpserver.AccessLogConfig{})
			return chain(b, al), func() { al.Close() }
		})
		run("log-text", func(b *testing.B) (http.Handler, func()) {
			al := httpserver.NewTextAccessLog(io.Discard, httpserver.AccessLogConfig{})
			return chain(b, al), func() { al.Close() }
		})
		run("log-slog-text", func(b *testing.B) (http.Handler, func()) {
			al := httpserver.NewAccessLog(slog.NewTextHandler(io.Discard, nil), httpserver.AccessLogConfig{})
			return chain(b, al), func() { al.Close() }
		})
	}
}

// discardWriter is a ResponseWriter keeping only the header and status.
type discardWriter struct {
	header http.Header
	status int
}

func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}
func (w *discardWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return len(b), nil
}

// fixedQuoter answers every quote request with the same quotes, recording
// nothing, so that a benchmark measures the transport alone.
type fixedQuoter []orchestration.Quote

func (q fixedQuoter) Quote(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	return q, nil
}

// rewindBody is a request body that can be read again after Reset, so a
// benchmark request needs no new reader per iteration.
type rewindBody struct{ bytes.Reader }

func (*rewindBody) Close() error { return nil }

// BenchmarkQuoteChain is BenchmarkHandlerChain for POST /quote: the body of
// SampleQuoteRequest decoded strictly, a Quoter answering SampleQuotes at
// once, the answer encoded, through the whole chain (key check through the
// cache in front of the SQLite store, request id, metrics) with the access
// log off (full) or in text (log-text). bare reads the body and writes the
// same answer's bytes, pre-encoded: the difference is what the transport
// costs a quote.
//
//	go test ./httpserver -run '^$' -bench QuoteChain -benchmem
func BenchmarkQuoteChain(b *testing.B) {
	store := httpservertest.StoreKeys(b)
	secret, _, err := store.Create(context.Background(), apikey.NewKey{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	body, err := json.Marshal(httpservertest.SampleQuoteRequest())
	if err != nil {
		b.Fatal(err)
	}
	quotes := httpservertest.SampleQuotes()
	answer, err := json.Marshal(quotes)
	if err != nil {
		b.Fatal(err)
	}
	answer = append(answer, '\n')
	answerLength := strconv.Itoa(len(answer))
	bare := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", answerLength)
		h.Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(http.StatusOK)
		w.Write(answer)
	})
	chain := func(b *testing.B, al *httpserver.AccessLog) http.Handler {
		h, err := httpserver.New(httpserver.Services{Quoter: fixedQuoter(quotes)}, httpserver.Config{
			Keys:      apikey.NewCache(store, time.Minute, nil),
			Logger:    slog.New(slog.DiscardHandler),
			AccessLog: al,
		})
		if err != nil {
			b.Fatal(err)
		}
		return h
	}
	req := httptest.NewRequest(http.MethodPost, httpserver.BasePath+"/quote", nil)
	req.Header.Set("x-api-key", secret)
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = int64(len(body))
	serve := func(h http.Handler, w *discardWriter, rb *rewindBody) {
		w.header = http.Header{}
		w.status = 0
		rb.Reset(body)
		r := *req
		r.Body = rb
		h.ServeHTTP(w, &r)
		if w.status != http.StatusOK {
			panic("status " + strconv.Itoa(w.status))
		}
	}
	run := func(name string, h func(b *testing.B) (http.Handler, func())) {
		b.Run(name, func(b *testing.B) {
			handler, done := h(b)
			defer done()
			w, rb := &discardWriter{}, &rewindBody{}
			b.ReportAllocs()
			for b.Loop() {
				serve(handler, w, rb)
			}
		})
	}
	run("bare", func(b *testing.B) (http.Handler, func()) { return bare, func() {} })
	run("full", func(b *testing.B) (http.Handler, func()) { return chain(b, nil), func() {} })
	run("log-text", func(b *testing.B) (http.Handler, func()) {
		al := httpserver.NewTextAccessLog(io.Discard, httpserver.AccessLogConfig{})
		return chain(b, al), func() { al.Close() }
	})
}
