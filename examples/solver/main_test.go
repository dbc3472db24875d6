package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/limitorder/rfq"
)

// The solver refuses to start without what it needs, naming it.
func TestRunRefusesMissingSettings(t *testing.T) {
	const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	for _, tc := range []struct {
		name  string
		o     Options
		inErr string
	}{
		{"no secret", Options{Key: key}, "SOLVER_RFQ_SECRET"},
		{"short secret", Options{Key: key, Secret: "short"}, "at least 16 bytes"},
		{"no key", Options{Secret: "0123456789abcdef0"}, "SOLVER_PRIVATE_KEY"},
		{"bad spread", Options{Key: key, Secret: "0123456789abcdef0", SpreadBps: 10_000}, "-spread-bps"},
		{"no config", Options{Key: key, Secret: "0123456789abcdef0", ConfigFile: t.TempDir() + "/none.yaml"}, "none.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(t.Context(), tc.o, io.Discard, slog.New(slog.DiscardHandler))
			if err == nil || !strings.Contains(err.Error(), tc.inErr) {
				t.Errorf("run: %v, want an error naming %q", err, tc.inErr)
			}
		})
	}
}

// price is a dollar per token less the spread, across decimals, rounded
// down.
func TestPrice(t *testing.T) {
	s := &solver{o: Options{SpreadBps: 5}}
	for _, tc := range []struct {
		fromDec, toDec int
		in, want       string
	}{
		{6, 6, "3000000", "2998500"},
		{6, 18, "1000000", "999500000000000000"},
		{18, 6, "1000000000000000000", "999500"},
		{6, 6, "1", "0"},
	} {
		in, _ := new(big.Int).SetString(tc.in, 10)
		if got := s.price(tc.fromDec, tc.toDec, in); got.String() != tc.want {
			t.Errorf("price(%d→%d, %s) = %s, want %s", tc.fromDec, tc.toDec, tc.in, got, tc.want)
		}
	}
}

// Each request is logged as it arrives, and a refusal with the error body
// answered: a wrong secret shows as 401 Unauthorized in the solver's log,
// an offer as nothing more.
func TestLogRequests(t *testing.T) {
	verifier := &rfq.Verifier{Secret: []byte("the-solver-secret-0123")}
	noOffer := func(context.Context, rfq.Request) (*rfq.Offer, error) { return nil, limitorder.ErrNoOffer }
	for _, tc := range []struct {
		name        string
		sign        []byte // the secret the request is signed with
		wantStatus  int
		wantRefusal string // in the refusal line; empty: no refusal line
	}{
		{"wrong secret", []byte("another-secret-0123456"), http.StatusUnauthorized, `status=401 answer="{\"code\":\"Unauthorized\"`},
		{"right secret", verifier.Secret, http.StatusOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			h := logRequests(rfq.Handler(verifier, noOffer, nil), slog.New(slog.NewTextHandler(&log, nil)))
			id := strings.ReplaceAll(tc.name, " ", "-")
			body := []byte(`{"requestId":"` + id + `","deadline":"2099-01-01T00:00:00Z","from":{"chain":"Sepolia","address":"0x1"},` +
				`"to":{"chain":"BaseSepolia","address":"0x2"},"amountIn":"1","recipient":"0x3"}`)
			req := httptest.NewRequest(http.MethodPost, "/rfq", bytes.NewReader(body))
			now := time.Now().Unix()
			req.Header.Set(rfq.HeaderRequestID, id)
			req.Header.Set(rfq.HeaderTimestamp, strconv.FormatInt(now, 10))
			req.Header.Set(rfq.HeaderSignature, rfq.SignRequest(tc.sign, http.MethodPost, "/rfq", now, id, body))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.wantStatus, rec.Body)
			}
			if !strings.Contains(log.String(), `msg="RFQ request received" requestId=`+id) {
				t.Errorf("no line for the request received:\n%s", &log)
			}
			refused := strings.Contains(log.String(), `msg="RFQ request refused"`)
			if tc.wantRefusal == "" && refused {
				t.Errorf("a refusal logged for an answered request:\n%s", &log)
			}
			if tc.wantRefusal != "" && !strings.Contains(log.String(), tc.wantRefusal) {
				t.Errorf("no refusal line with %s:\n%s", tc.wantRefusal, &log)
			}
		})
	}
}

// priceIn is the least input price covers: one unit less falls short.
func TestPriceIn(t *testing.T) {
	s := &solver{o: Options{SpreadBps: 5}}
	for _, tc := range []struct {
		fromDec, toDec int
		out            int64
	}{{6, 6, 1_000_000}, {6, 6, 7}, {6, 18, 1_000_000_000_000}, {18, 6, 999_999}} {
		out := big.NewInt(tc.out)
		in := s.priceIn(tc.fromDec, tc.toDec, out)
		less := new(big.Int).Sub(in, big.NewInt(1))
		if s.price(tc.fromDec, tc.toDec, in).Cmp(out) < 0 || s.price(tc.fromDec, tc.toDec, less).Cmp(out) >= 0 {
			t.Errorf("%+v: priceIn %s is not the least input buying %s", tc, in, out)
		}
	}
}
