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
	at := time.Date(2026, 11, 23, 13, 22, 17, 123456789, time.FixedZone("CET", 3600))
	for _, tc := range []struct {
		name string
		line accessLine
	}{
		{"plain", accessLine{time: at, method: "GET", route: "GET /v1/orchestration/supported-assets", path: "/v1/orchestration/supported-assets",
			status: 200, latency: 1234567 * time.Nanosecond, bytes: 4096, requestID: "0123456789abcdef0123456789abcdef",
			client: netip.MustParseAddr("203.0.113.7"), key: "partner-a"}},
		{"error with code, IPv6 client", accessLine{time: at.UTC(), method: "POST", route: "POST /v1/orchestration/quote", path: "/v1/orchestration/quote",
			status: 400, latency: time.Millisecond, bytes: 97, requestID: "r-1", client: netip.MustParseAddr("2001:db8::1"), code: "BadQuoteRequest"}},
		{"no client, no key", accessLine{time: at, method: "GET", route: "unmatched", path: "/", status: 404, requestID: "x"}},
		{"escapes", accessLine{time: at, method: "GET", route: "unmatched", status: 404, requestID: "r",
			path: "/a\"b\\c\nd\re\tf\x01g\x7fh<i>&j\u2028k\u2029l\xffm€n",
			key:  "ключ \"quoted\""}},
		{"zero time fields", accessLine{method: "OPTIONS", route: "preflight", path: "/v1/orchestration/quote", status: 204}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want, got bytes.Buffer
			h := slog.NewJSONHandler(&want, nil)
			if err := h.Handle(context.Background(), tc.line.record()); err != nil {
				t.Fatal(err)
			}
			l := newAccessLog(nil, AccessLogConfig{})
			l.w = &got
			l.writeJSON(&tc.line)
			if got.String() != want.String() {
				t.Errorf("fast encoder:\n%s\nslog:\n%s", got.String(), want.String())
			}
		})
	}
}

// Encoding a line through the fast path against slog's JSON handler.
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
		l := newAccessLog(nil, AccessLogConfig{})
		l.w = &sink
		b.ReportAllocs()
		for b.Loop() {
			sink.Reset()
			l.writeJSON(&line)
		}
	})
}
