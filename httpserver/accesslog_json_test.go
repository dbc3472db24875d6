package httpserver

import (
	"bytes"
	"context"
	"log/slog"
	"net/netip"
	"testing"
	"time"
)

// The fast JSON access log writes exactly what slog's JSON handler writes
// for the same line, escaping included, so log pipelines see one format.
func TestJSONAccessLogMatchesSlog(t *testing.T) {
	for _, tc := range accessLineCases() {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			h := slog.NewJSONHandler(&want, nil)
			if err := h.Handle(context.Background(), tc.line.record()); err != nil {
				t.Fatal(err)
			}
			if got := appendJSONLine(nil, &tc.line); string(got) != want.String() {
				t.Errorf("fast encoder:\n%s\nslog:\n%s", got, want.String())
			}
		})
	}
}

// accessLineCases are the lines both fast encoders are checked on against
// slog: every optional field present and absent, times in and out of UTC,
// and strings that one format or the other must escape or quote.
func accessLineCases() []struct {
	name string
	line accessLine
} {
	at := time.Date(2026, 11, 23, 13, 22, 17, 123456789, time.FixedZone("CET", 3600))
	return []struct {
		name string
		line accessLine
	}{
		{"plain", accessLine{time: at, method: "GET", route: "GET /v1/orchestration/supported-assets", path: "/v1/orchestration/supported-assets",
			status: 200, latency: 1234567 * time.Nanosecond, bytes: 4096, requestID: "0123456789abcdef0123456789abcdef",
			client: netip.MustParseAddr("203.0.113.7"), key: "partner-a"}},
		{"error with code, IPv6 client", accessLine{time: at.UTC(), method: "POST", route: "POST /v1/orchestration/quote", path: "/v1/orchestration/quote",
			status: 400, latency: time.Millisecond, bytes: 97, requestID: "r-1", client: netip.MustParseAddr("2001:db8::1"), code: "BadQuoteRequest"}},
		{"IPv6 client with a zone", accessLine{time: at, method: "GET", route: "GET /health", path: "/health", status: 200,
			latency: 42 * time.Microsecond, requestID: "z", client: netip.MustParseAddr("fe80::1%eth0")}},
		{"no client, no key", accessLine{time: at, method: "GET", route: "unmatched", path: "/", status: 404, requestID: "x"}},
		{"escapes", accessLine{time: at, method: "GET", route: "unmatched", status: 404, requestID: "r",
			path: "/a\"b\\c\nd\re\tf\x01g\x7fh<i>&j\u2028k\u2029l\xffm€n",
			key:  "ключ \"quoted\""}},
		{"quoting by text rules", accessLine{time: at, method: "GET", route: "unmatched", status: 404,
			path: `/a\b`, requestID: "a=b", key: "caf\u00e9\u00a0", code: "x\u200by"}},
		{"replacement rune, unprintable rune", accessLine{time: at, method: "G\uFFFDT", route: "r", path: "/\u0085", status: 404, requestID: "€"}},
		{"long latency, millisecond edge", accessLine{time: time.Date(2026, 1, 2, 3, 4, 5, 999999999, time.UTC), method: "GET", route: "r", path: "/",
			status: 504, latency: 3*time.Hour + 25*time.Minute + 45*time.Second + 500*time.Millisecond, bytes: 1 << 40, requestID: "q"}},
		{"zero time fields", accessLine{method: "OPTIONS", route: "preflight", path: "/v1/orchestration/quote", status: 204}},
		// As ServeHTTP leaves them: a literal route is the path, and the
		// request id is marked as needing no quotes.
		{"route is the path, request id bare", accessLine{time: at, method: "GET", route: "/v1/orchestration/supported-assets",
			path: "/v1/orchestration/supported-assets", status: 200, latency: 5 * time.Microsecond, bytes: 5425,
			requestID: "0123456789abcdef0123456789abcdef", requestIDBare: true, client: netip.MustParseAddr("127.0.0.1"), key: "load"}},
		{"route is the path, both quoted", accessLine{time: at, method: "GET", route: "/a b=\"c\"", path: "/a b=\"c\"", status: 404,
			requestID: "Req-1.2:3_x", requestIDBare: true}},
	}
}

// Encoding a line through the fast paths against slog's handlers.
func BenchmarkAccessLogLine(b *testing.B) {
	line := accessLine{time: time.Now(), method: "GET", route: "GET /v1/orchestration/supported-assets", path: "/v1/orchestration/supported-assets",
		status: 200, latency: 1234567, bytes: 4096, requestID: "0123456789abcdef0123456789abcdef",
		client: netip.MustParseAddr("203.0.113.7"), key: "partner-a"}
	var sink bytes.Buffer
	b.Run("slog-json", func(b *testing.B) {
		h := slog.NewJSONHandler(&sink, nil)
		b.ReportAllocs()
		for b.Loop() {
			sink.Reset()
			h.Handle(context.Background(), line.record())
		}
	})
	b.Run("fast-json", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for b.Loop() {
			sink.Reset()
			buf = appendJSONLine(buf[:0], &line)
			sink.Write(buf)
		}
	})
	b.Run("slog-text", func(b *testing.B) {
		h := slog.NewTextHandler(&sink, nil)
		b.ReportAllocs()
		for b.Loop() {
			sink.Reset()
			h.Handle(context.Background(), line.record())
		}
	})
	b.Run("fast-text", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for b.Loop() {
			sink.Reset()
			buf = appendTextLine(buf[:0], &line)
			sink.Write(buf)
		}
	})
}
