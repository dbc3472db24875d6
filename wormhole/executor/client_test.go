package executor

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
)

var t0 = time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)

// fakeExecutor speaks the Executor's quote API: POST /v0/quote with
// {srcChain, dstChain, relayInstructions}, answering {signedQuote,
// estimatedCost}. answer, when set, writes the answer instead.
type fakeExecutor struct {
	t      *testing.T
	clock  *testclock.Clock
	calls  atomic.Int64
	answer func(w http.ResponseWriter, req quoteRequest)
	// lastQuery is the last request's raw query.
	lastQuery atomic.Value
}

func (f *fakeExecutor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.calls.Add(1)
	f.lastQuery.Store(r.URL.RawQuery)
	if r.Method != http.MethodPost || r.URL.Path != "/v0/quote" || r.Header.Get("Content-Type") != "application/json" {
		f.t.Errorf("request %s %s (%s), want POST /v0/quote as JSON", r.Method, r.URL.Path, r.Header.Get("Content-Type"))
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var req quoteRequest
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		f.t.Errorf("request body: %v", err)
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if f.answer != nil {
		f.answer(w, req)
		return
	}
	q := builtFields
	q.src, q.dst = req.SrcChain, req.DstChain
	q.expiry = f.clock.Now().Add(10 * time.Minute).Truncate(time.Second)
	json.NewEncoder(w).Encode(map[string]string{"signedQuote": q.hex(), "estimatedCost": "21316600000000"})
}

func newFake(t *testing.T) (*fakeExecutor, *httptest.Server) {
	f := &fakeExecutor{t: t, clock: testclock.New(t0)}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func newClient(t *testing.T, baseURL string, clock *testclock.Clock, reg prometheus.Registerer) *Client {
	t.Helper()
	c, err := New(Config{BaseURL: baseURL, Now: clock.Now, Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var solanaToBase = Request{SrcChain: 1, DstChain: 30, Relay: RelayInstructions{GasLimit: big.NewInt(450_000), MsgValue: big.NewInt(4_500_000)}}

func requests(t *testing.T, reg *prometheus.Registry, result string) float64 {
	t.Helper()
	v, _, err := promtest.Sum(reg, "orchestration_executor_requests_total", "result", result)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestClientQuote(t *testing.T) {
	f, srv := newFake(t)
	var seen quoteRequest
	f.answer = func(w http.ResponseWriter, req quoteRequest) {
		seen = req
		q := builtFields
		io.WriteString(w, `{"signedQuote":"`+q.hex()+`","estimatedCost":"21316600000000","extra":1}`)
	}
	reg := prometheus.NewRegistry()
	c := newClient(t, srv.URL, f.clock, reg)
	ctx, trips := WithTrips(context.Background())
	q, err := c.Quote(ctx, solanaToBase)
	if err != nil {
		t.Fatal(err)
	}
	wantRelay := "0x01" + "0000000000000000000000000006ddd0" + "0000000000000000000000000044aa20"
	if seen != (quoteRequest{1, 30, wantRelay}) {
		t.Errorf("the Executor was asked %+v, want srcChain 1, dstChain 30, relayInstructions %s", seen, wantRelay)
	}
	if q.Signed.SrcChain != 1 || q.Signed.DstChain != 30 || q.Signed.Payee != builtFields.payee || !q.Signed.Expiry.Equal(builtFields.expiry) {
		t.Errorf("signed quote %+v, want the built quote's fields", q.Signed)
	}
	if hex.EncodeToString(q.Signed.Raw) != strings.TrimPrefix(builtFields.hex(), "0x") {
		t.Error("Raw is not the quote as sent")
	}
	if q.EstimatedCost.String() != "21316600000000" {
		t.Errorf("EstimatedCost = %s", q.EstimatedCost)
	}
	if trips.N() != 1 || requests(t, reg, "ok") != 1 {
		t.Errorf("trips %d, ok requests %v; want 1 and 1", trips.N(), requests(t, reg, "ok"))
	}
}

func TestClientMalformedAnswer(t *testing.T) {
	good := builtFields.hex()
	otherRoute := builtFields
	otherRoute.dst = 2
	expired := builtFields
	expired.expiry = t0
	tests := []struct {
		name, body, want string
	}{
		{"not JSON", `<html>`, "invalid character"},
		{"an array", `[]`, "cannot unmarshal"},
		{"no signedQuote", `{"estimatedCost":"1"}`, "no signedQuote"},
		{"no estimatedCost", `{"signedQuote":"` + good + `"}`, "no estimatedCost"},
		{"null estimatedCost", `{"signedQuote":"` + good + `","estimatedCost":null}`, "no estimatedCost"},
		{"quote without 0x", `{"signedQuote":"` + good[2:] + `","estimatedCost":"1"}`, "0x-prefixed"},
		{"quote not hex", `{"signedQuote":"0xzz","estimatedCost":"1"}`, "invalid byte"},
		{"quote short", `{"signedQuote":"` + good[:len(good)-2] + `","estimatedCost":"1"}`, "length: 164 bytes"},
		{"quote for another route", `{"signedQuote":"` + otherRoute.hex() + `","estimatedCost":"1"}`, "chains 1 → 2"},
		{"quote expired", `{"signedQuote":"` + expired.hex() + `","estimatedCost":"1"}`, "expired"},
		{"cost negative", `{"signedQuote":"` + good + `","estimatedCost":"-1"}`, "non-negative"},
		{"cost decimal", `{"signedQuote":"` + good + `","estimatedCost":"1.5"}`, "non-negative"},
		{"cost a number", `{"signedQuote":"` + good + `","estimatedCost":1}`, "cannot unmarshal number"},
		{"key twice", `{"signedQuote":"0x00","signedQuote":"` + good + `","estimatedCost":"1"}`, "appears twice"},
		{"key in other case", `{"SignedQuote":"` + good + `","estimatedCost":"1"}`, `must be written "signedQuote"`},
		{"data after", `{"signedQuote":"` + good + `","estimatedCost":"1"} {}`, "data after"},
		{"over 64 KiB", `{"signedQuote":"` + good + `","estimatedCost":"1","pad":"` + strings.Repeat("x", 64<<10) + `"}`, "over 65536 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, srv := newFake(t)
			f.clock.Set(t0.Add(-time.Minute))
			f.answer = func(w http.ResponseWriter, _ quoteRequest) { io.WriteString(w, tt.body) }
			reg := prometheus.NewRegistry()
			req := solanaToBase
			req.SrcChain, req.DstChain = 1, 30
			if tt.name == "quote expired" {
				f.clock.Set(t0)
			}
			_, err := newClient(t, srv.URL, f.clock, reg).Quote(context.Background(), req)
			var e *Error
			if !errors.As(err, &e) || e.Status != 200 || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want an *Error with status 200 saying %q", err, tt.want)
			}
			if requests(t, reg, "malformed") != 1 {
				t.Error("not counted as malformed")
			}
		})
	}
}

func TestClientStatusErrors(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		retryAfter string
		body       string
		wantRetry  time.Duration
		wantMsg    string
	}{
		{"503 with seconds", 503, "7", `{"message":"quoter unavailable"}`, 7 * time.Second, "status 503: quoter unavailable (retry after 7s)"},
		{"429 with a date", 429, t0.Add(2 * time.Minute).Format(http.TimeFormat), `{"message":"slow down"}`, 2 * time.Minute, "status 429: slow down"},
		{"503 without hint", 503, "", ``, 0, "status 503: no message"},
		{"500 ignores Retry-After", 500, "7", `oops`, 0, `status 500: "oops"`},
		{"400 names the API's message", 400, "", `{"message":"unsupported chain","statusCode":400}`, 0, "status 400: unsupported chain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, srv := newFake(t)
			f.answer = func(w http.ResponseWriter, _ quoteRequest) {
				if tt.retryAfter != "" {
					w.Header().Set("Retry-After", tt.retryAfter)
				}
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.body)
			}
			reg := prometheus.NewRegistry()
			_, err := newClient(t, srv.URL, f.clock, reg).Quote(context.Background(), solanaToBase)
			var e *Error
			if !errors.As(err, &e) || e.Status != tt.status || e.RetryAfter != tt.wantRetry {
				t.Fatalf("err = %#v, want an *Error with status %d and RetryAfter %s", err, tt.status, tt.wantRetry)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error %q does not say %q", err, tt.wantMsg)
			}
			if requests(t, reg, "status") != 1 {
				t.Error("not counted as a status failure")
			}
		})
	}
}

// TestClientHidesSecrets: the base URL's userinfo and query reach the
// Executor but never an error message.
func TestClientHidesSecrets(t *testing.T) {
	f, srv := newFake(t)
	f.answer = func(w http.ResponseWriter, _ quoteRequest) { w.WriteHeader(503) }
	secretURL := strings.Replace(srv.URL, "http://", "http://user:hunter2@", 1) + "?apiKey=sekrit"
	_, err := newClient(t, secretURL, f.clock, nil).Quote(context.Background(), solanaToBase)
	if err == nil {
		t.Fatal("no error from a 503")
	}
	if q, _ := f.lastQuery.Load().(string); q != "apiKey=sekrit" {
		t.Errorf("the Executor got query %q, want the configured one", q)
	}
	srv.Close() // now a transport error, whose *url.Error quotes the URL
	_, errDown := newClient(t, secretURL, f.clock, nil).Quote(context.Background(), solanaToBase)
	var e *Error
	if !errors.As(errDown, &e) || e.Status != 0 {
		t.Fatalf("err = %v, want an *Error without status", errDown)
	}
	for _, err := range []error{err, errDown} {
		if msg := err.Error(); strings.Contains(msg, "hunter2") || strings.Contains(msg, "sekrit") || strings.Contains(msg, "user") {
			t.Errorf("error prints the URL's secrets: %s", msg)
		}
	}
	if _, err := New(Config{BaseURL: "ftp://user:hunter2@x"}); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("New with a bad URL: %v", err)
	}
}

// TestQuoteCheck: a quote for the chains asked, not yet expired, with a
// cost and signed bytes can pay for the relay; each lack is named.
func TestQuoteCheck(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	req := Request{SrcChain: 2, DstChain: 1}
	good := func() Quote {
		return Quote{Signed: SignedQuote{SrcChain: 2, DstChain: 1, Expiry: now.Add(time.Second), Raw: []byte("EQ01")},
			EstimatedCost: big.NewInt(0)}
	}
	for _, tc := range []struct {
		name  string
		spoil func(q *Quote)
		want  string // "" for a usable quote
	}{
		{"usable, at no cost", func(*Quote) {}, ""},
		{"other destination", func(q *Quote) { q.Signed.DstChain = 30 }, "Wormhole chains 2 to 30, the relay goes from 2 to 1"},
		{"other source", func(q *Quote) { q.Signed.SrcChain = 30 }, "Wormhole chains 30 to 1"},
		{"expired now", func(q *Quote) { q.Signed.Expiry = now }, "expired at 2027-01-15T08:00:00Z"},
		{"no cost", func(q *Quote) { q.EstimatedCost = nil }, "no cost"},
		{"negative cost", func(q *Quote) { q.EstimatedCost = big.NewInt(-1) }, "no cost"},
		{"no signed bytes", func(q *Quote) { q.Signed.Raw = nil }, "no signed bytes"},
	} {
		q := good()
		tc.spoil(&q)
		err := q.Check(req, now)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Check = %v, want %q", tc.name, err, tc.want)
		}
	}
}
