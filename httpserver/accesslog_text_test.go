package httpserver

import (
	"bytes"
	"context"
	"log/slog"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// The fast text access log writes exactly what slog's text handler writes
// for the same line, quoting included: the default log format keeps its
// lines when the access log stops going through slog.
func TestTextAccessLogMatchesSlog(t *testing.T) {
	for _, tc := range accessLineCases() {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			h := slog.NewTextHandler(&want, nil)
			if err := h.Handle(context.Background(), tc.line.record()); err != nil {
				t.Fatal(err)
			}
			if got := appendTextLine(nil, &tc.line); string(got) != want.String() {
				t.Errorf("fast encoder:\n%s\nslog:\n%s", got, want.String())
			}
		})
	}
}

// Every string value is quoted exactly when slog quotes it, whatever its
// bytes: single runes and bytes of every kind, alone and inside a word.
func TestTextAccessLogQuotesLikeSlog(t *testing.T) {
	var values []string
	for c := range 0x100 {
		values = append(values, string(rune(c)), string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	for _, r := range []rune{0x85, 0xa0, 0x1680, 0x2000, 0x200b, 0x2028, 0x2029, 0x202f, 0x3000, 0xfeff, 0xfffd, 0x10ffff, 0xe000, 'é', 'ж', '€', '😀'} {
		values = append(values, string(r), "a"+string(r)+"b")
	}
	values = append(values, "", "\xed\xa0\x80", "/v1/orchestration/orders/Ethereum/0x12", "GET /v1/orchestration/quote",
		`say "hi" \ bye`, `a\=b`, "a \x7f", "a=\x7f\\", "\\\"")
	for _, v := range values {
		var want bytes.Buffer
		slog.New(slog.NewTextHandler(&want, nil)).Info("m", "v", v)
		_, wantV, _ := strings.Cut(strings.TrimSuffix(want.String(), "\n"), " v=")
		if got := string(appendTextString(nil, v)); got != wantV {
			t.Errorf("%q: fast %s, slog %s", v, got, wantV)
		}
	}
}

// appendDuration spells every duration as Duration.String does.
func TestAppendDurationMatchesString(t *testing.T) {
	ds := []time.Duration{0, 1, 999, 1000, 1001, 1500, 999999, 1000000, 1234567, 100 * time.Millisecond,
		999999999, time.Second, time.Second + 1, 59*time.Second + 999*time.Millisecond, time.Minute, time.Minute + time.Nanosecond,
		time.Hour, time.Hour + time.Second, 25*time.Hour + 30*time.Minute + 1500*time.Millisecond, math.MaxInt64, math.MinInt64}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		// Spread over the magnitudes: nanoseconds to centuries.
		ds = append(ds, time.Duration(rng.Int64N(1<<rng.IntN(63))))
	}
	for _, d := range ds {
		for _, d := range []time.Duration{d, -d} {
			if got, want := string(appendDuration([]byte("x"), d)), "x"+d.String(); got != want {
				t.Fatalf("appendDuration(%d) = %q, want %q", int64(d), got, want)
			}
		}
	}
}

// NewTextAccessLog writes its lines to the writer in batches, flushed
// and complete by Close.
func TestTextAccessLogWritesLines(t *testing.T) {
	var out bytes.Buffer
	flushes := 0
	l := NewTextAccessLog(&out, AccessLogConfig{Flush: func() error { flushes++; return nil }})
	at := time.Date(2026, 11, 23, 13, 22, 17, 0, time.UTC)
	l.add(accessLine{time: at, method: "GET", route: "r", path: "/p", status: 200, latency: time.Millisecond, requestID: "one"})
	l.add(accessLine{time: at, method: "GET", route: "r", path: "/p", status: 404, latency: time.Millisecond, requestID: "two"})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	want := `time=2026-11-23T13:22:17.000Z level=INFO msg="http request" method=GET route=r path=/p status=200 latency=1ms bytes=0 request_id=one
time=2026-11-23T13:22:17.000Z level=INFO msg="http request" method=GET route=r path=/p status=404 latency=1ms bytes=0 request_id=two
`
	if out.String() != want {
		t.Errorf("log:\n%s\nwant:\n%s", out.String(), want)
	}
	if flushes == 0 {
		t.Error("Flush never called")
	}
}

// The time is written as slog writes it in every zone, at every
// millisecond edge, and in years that are not four digits.
func TestTextAccessLogTimeMatchesSlog(t *testing.T) {
	zones := []*time.Location{time.UTC, time.FixedZone("", 3600), time.FixedZone("", -(9*3600 + 30*60)), time.FixedZone("", 45)}
	times := []time.Time{
		time.Date(2026, 11, 25, 13, 4, 5, 0, time.UTC),
		time.Date(2026, 11, 25, 13, 4, 5, 999999999, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 1000000, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 999999, time.UTC),
		time.Date(1, 1, 1, 0, 0, 0, 5e8, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 123456789, time.UTC),
		time.Date(12345, 6, 7, 8, 9, 10, 11e6, time.UTC),
		time.Date(-5, 6, 7, 8, 9, 10, 11e6, time.UTC),
		time.Date(-1234, 6, 7, 8, 9, 10, 11e6, time.UTC),
	}
	for range 1000 {
		times = append(times, time.Unix(rand.Int64N(1<<35), rand.Int64N(1e9)))
	}
	for _, at := range times {
		for _, z := range zones {
			line := accessLine{time: at.In(z), method: "GET", route: "r", path: "/", status: 200, requestID: "x"}
			var want bytes.Buffer
			slog.NewTextHandler(&want, nil).Handle(context.Background(), line.record())
			if got := appendTextLine([]byte("prefix "), &line); string(got) != "prefix "+want.String() {
				t.Fatalf("%v:\nfast: %s\nslog: prefix %s", line.time, got, want.String())
			}
		}
	}
}
