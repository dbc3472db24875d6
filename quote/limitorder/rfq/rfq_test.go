package rfq_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/openapi"
	"github.com/m0-orchestration/m0/openapi/validation"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/limitorder/rfq"
)

const secret = "0123456789abcdef-shared"

const solverAddr = "0x00000000000000000000000000000000000000A1"

var leg = limitorder.OfferRequest{
	From:     asset.AssetInfo{Asset: orchestration.Asset{Chain: orchestration.Sepolia, Address: "0x1111111111111111111111111111111111111111", Symbol: "wM", Decimals: 6}},
	To:       asset.AssetInfo{Asset: orchestration.Asset{Chain: orchestration.BaseSepolia, Address: "0x2222222222222222222222222222222222222222", Symbol: "USDC", Decimals: 6}},
	AmountIn: big.NewInt(1_000_000), Recipient: "0x3333333333333333333333333333333333333333",
}

// checked wraps a solver's handler so that every request and answer is
// checked against the solver RFQ document, and keeps the last exchange.
type checked struct {
	t      *testing.T
	doc    *openapi3.T
	router routers.Router
	v      *validation.Validator
	next   http.Handler
	// badRequests: the test sends requests the document forbids, to see
	// them refused; only the answers are checked.
	badRequests bool

	mu       sync.Mutex
	lastReq  *http.Request
	lastBody []byte
}

func newChecked(t *testing.T, next http.Handler) *checked {
	doc, err := validation.Parse(openapi.SolverRFQJSON())
	if err != nil {
		t.Fatal(err)
	}
	r, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	v, err := validation.NewValidator(doc)
	if err != nil {
		t.Fatal(err)
	}
	return &checked{t: t, doc: doc, router: r, v: v, next: next}
}

func (c *checked) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	c.lastReq, c.lastBody = r.Clone(context.Background()), body
	c.mu.Unlock()
	// The document's "/" stands for whatever path the solver is at.
	asDocumented := r.Clone(r.Context())
	asDocumented.URL.Path, asDocumented.URL.RawPath = "/", ""
	if r.Method == http.MethodPost && !c.badRequests {
		route, params, err := c.router.FindRoute(asDocumented)
		if err == nil {
			in := &openapi3filter.RequestValidationInput{Request: asDocumented.Clone(r.Context()), PathParams: params, Route: route}
			in.Request.Body = io.NopCloser(bytes.NewReader(body))
			err = openapi3filter.ValidateRequest(r.Context(), in)
		}
		if err != nil {
			c.t.Errorf("the request does not match the solver document: %v", err)
		}
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := httptest.NewRecorder()
	c.next.ServeHTTP(rec, r)
	resp := rec.Result()
	if err := c.v.Validate(r.Context(), asDocumented, resp, rec.Body.Bytes()); err != nil {
		c.t.Errorf("the answer does not match the solver document: %v", err)
	}
	for k, vs := range rec.Header() {
		w.Header()[k] = vs
	}
	w.WriteHeader(rec.Code)
	w.Write(rec.Body.Bytes())
}

// solver serves rfq.Handler around offer, checked against the document.
func solver(t *testing.T, v *rfq.Verifier, offer rfq.OfferFunc) (*httptest.Server, *checked) {
	t.Helper()
	c := newChecked(t, rfq.Handler(v, offer, nil))
	srv := httptest.NewServer(c)
	t.Cleanup(srv.Close)
	return srv, c
}

func client(t *testing.T, url, key string, adjust func(*rfq.Config)) *rfq.Client {
	t.Helper()
	cfg := rfq.Config{Name: "acme", URL: url, Secret: []byte(key), EVMAddress: solverAddr}
	if adjust != nil {
		adjust(&cfg)
	}
	c, err := rfq.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fixedOffer offers out, exclusive, for a minute.
func fixedOffer(out int64) rfq.OfferFunc {
	return func(ctx context.Context, req rfq.Request) (*rfq.Offer, error) {
		return &rfq.Offer{AmountOut: rfq.NewAmount(big.NewInt(out)), Exclusive: true, ExpiresAt: time.Now().Add(time.Minute),
			EstFillTimeMs: 1500, FeeBps: 10}, nil
	}
}

// An offer travels from a solver's Handler to the service's Client, through
// Collect: attributed to the configured solver, at its configured address,
// with what the solver said; the solver saw the leg as the service priced
// it.
func TestOfferRoundTrip(t *testing.T) {
	var mu sync.Mutex
	var got rfq.Request
	srv, _ := solver(t, &rfq.Verifier{Secret: []byte(secret)}, func(ctx context.Context, req rfq.Request) (*rfq.Offer, error) {
		mu.Lock()
		defer mu.Unlock()
		got = req
		if _, ok := ctx.Deadline(); !ok {
			t.Error("the offer's context has no deadline")
		}
		return fixedOffer(999_000)(ctx, req)
	})
	offers, errs := limitorder.Collect(t.Context(), []limitorder.Solver{client(t, srv.URL+"/rfq", secret, nil)}, leg, 5*time.Second)
	if len(errs) > 0 || len(offers) != 1 {
		t.Fatalf("offers %+v errs %v, want one offer", offers, errs)
	}
	o := offers[0]
	mu.Lock()
	defer mu.Unlock()
	if o.Solver != "acme" || o.Address != solverAddr || o.AmountOut.String() != "999000" || !o.Exclusive || o.FeeBps != 10 || o.EstFillTime != 1500*time.Millisecond {
		t.Errorf("offer %+v", o)
	}
	// The offer's expiry is kept: the quote expires with it.
	if left := time.Until(o.ExpiresAt); left <= 50*time.Second || left > time.Minute {
		t.Errorf("offer expires in %v, want the solver's minute", left)
	}
	if got.From.Symbol != "wM" || got.To.Chain != orchestration.BaseSepolia || got.To.Decimals != 6 || got.AmountIn.String() != "1000000" ||
		got.Recipient != leg.Recipient || !rfq.ValidRequestID(got.RequestID) {
		t.Errorf("the solver saw %+v", got)
	}
}

// "No offer" is not an error, whether written {"offer":null}, 204 or
// limitorder.ErrNoOffer from the OfferFunc.
func TestNoOffer(t *testing.T) {
	for name, h := range map[string]http.Handler{
		"handler, ErrNoOffer": rfq.Handler(&rfq.Verifier{Secret: []byte(secret)}, func(context.Context, rfq.Request) (*rfq.Offer, error) {
			return nil, limitorder.ErrNoOffer
		}, nil),
		"handler, nil": rfq.Handler(&rfq.Verifier{Secret: []byte(secret)}, func(context.Context, rfq.Request) (*rfq.Offer, error) { return nil, nil }, nil),
		"204":          raw(http.StatusNoContent, ""),
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(newChecked(t, h))
			defer srv.Close()
			_, err := client(t, srv.URL, secret, nil).Offer(t.Context(), leg)
			if !errors.Is(err, limitorder.ErrNoOffer) {
				t.Errorf("err %v, want ErrNoOffer", err)
			}
		})
	}
}

// The solver refuses, with 401 and the documented error body, a wrong
// secret, a timestamp outside its window either way, and a request id it
// has seen; each refusal is the solver's error in Collect.
func TestSolverRefusesUnauthenticatedRequests(t *testing.T) {
	var offered atomic.Int32
	srv, _ := solver(t, &rfq.Verifier{Secret: []byte(secret)}, func(ctx context.Context, req rfq.Request) (*rfq.Offer, error) {
		offered.Add(1)
		return fixedOffer(1)(ctx, req)
	})
	tests := []struct {
		name   string
		client *rfq.Client
		inMsg  string
	}{
		{"wrong secret", client(t, srv.URL, "another-secret-of-16", nil), "signature does not match"},
		{"stale timestamp", client(t, srv.URL, secret, func(c *rfq.Config) { c.Now = func() time.Time { return time.Now().Add(-31 * time.Second) } }), "more than 30s"},
		{"future timestamp", client(t, srv.URL, secret, func(c *rfq.Config) { c.Now = func() time.Time { return time.Now().Add(31 * time.Second) } }), "more than 30s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := limitorder.Collect(t.Context(), []limitorder.Solver{tc.client}, leg, 5*time.Second)
			if len(errs) != 1 {
				t.Fatalf("errs %v, want the solver's refusal", errs)
			}
			var se *limitorder.SolverError
			var re *rfq.Error
			if !errors.As(errs[0], &se) || se.Solver != "acme" || !errors.As(errs[0], &re) ||
				re.Status != 401 || re.Code != rfq.Unauthorized || !strings.Contains(re.Message, tc.inMsg) || !rfq.ValidRequestID(re.RequestID) {
				t.Errorf("err %v, want solver acme's 401 Unauthorized naming %q with the request id", errs[0], tc.inMsg)
			}
		})
	}
	if n := offered.Load(); n != 0 {
		t.Errorf("the OfferFunc was asked %d times for refused requests", n)
	}
}

// A request sent again, byte for byte, within the window is refused.
func TestSolverRefusesReplay(t *testing.T) {
	srv, c := solver(t, &rfq.Verifier{Secret: []byte(secret)}, fixedOffer(5))
	if _, err := client(t, srv.URL, secret, nil).Offer(t.Context(), leg); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	req, body := c.lastReq, c.lastBody
	c.mu.Unlock()
	again, _ := http.NewRequest(http.MethodPost, srv.URL, bytes.NewReader(body))
	again.Header = req.Header.Clone()
	resp, err := http.DefaultClient.Do(again)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var eb rfq.ErrorBody
	if err := json.NewDecoder(resp.Body).Decode(&eb); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 401 || eb.Code != rfq.Unauthorized || !strings.Contains(eb.Message, "already used") || eb.RequestID != req.Header.Get(rfq.HeaderRequestID) {
		t.Errorf("replay answered %d %+v, want 401 Unauthorized naming the used request id", resp.StatusCode, eb)
	}
}

// A solver that answers after its deadline is cut off by Collect's timeout
// through the request's context: the client returns the deadline's error
// itself (it is not abandoned), and the other solver's offer comes in.
func TestSlowSolverIsCutOff(t *testing.T) {
	release := make(chan struct{})
	slow, _ := solver(t, &rfq.Verifier{Secret: []byte(secret)}, func(ctx context.Context, req rfq.Request) (*rfq.Offer, error) {
		<-release // ignores its deadline
		return fixedOffer(2_000_000)(ctx, req)
	})
	t.Cleanup(func() { close(release) }) // before the server closes (cleanups run last first)
	fast, _ := solver(t, &rfq.Verifier{Secret: []byte(secret)}, fixedOffer(990_000))
	solvers := []limitorder.Solver{
		client(t, slow.URL, secret, func(c *rfq.Config) { c.Name = "slow" }),
		client(t, fast.URL, secret, func(c *rfq.Config) { c.Name = "fast"; c.EVMAddress = "0x00000000000000000000000000000000000000B2" }),
	}
	offers, errs := limitorder.Collect(t.Context(), solvers, leg, 200*time.Millisecond)
	if len(offers) != 1 || offers[0].Solver != "fast" {
		t.Errorf("offers %+v, want the fast solver's", offers)
	}
	var se *limitorder.SolverError
	if len(errs) != 1 || !errors.As(errs[0], &se) || se.Solver != "slow" || !errors.Is(errs[0], context.DeadlineExceeded) || errors.Is(errs[0], limitorder.ErrAbandoned) {
		t.Errorf("errs %v, want the slow solver's own deadline error, not an abandonment", errs)
	}
}

// raw answers status with body, signed with the shared secret for the
// request's id, as a solver that signs but writes whatever it likes.
func raw(status int, body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(rfq.HeaderRequestID)
		w.Header().Set(rfq.HeaderSignature, rfq.SignResponse([]byte(secret), id, status, []byte(body)))
		if body != "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	})
}

// Answers the service cannot use are dropped, each as a SolverError naming
// the solver and what is wrong.
func TestUnusableAnswersAreDropped(t *testing.T) {
	future := time.Now().Add(time.Minute).UTC().Format(time.RFC3339)
	past := time.Now().Add(-time.Second).UTC().Format(time.RFC3339)
	offer := func(fields string) string {
		return `{"offer":{"amountOut":"990000","exclusive":false,"estFillTimeMs":1000,"feeBps":10` + fields + `}}`
	}
	unsigned := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, offer(`,"expiresAt":"`+future+`"`))
	})
	tests := []struct {
		name  string
		h     http.Handler
		inErr string
	}{
		{"expired", raw(200, offer(`,"expiresAt":"`+past+`"`)), "the offer expired at " + past},
		{"no expiry", raw(200, offer(``)), "no expiresAt"},
		{"amount as a number", raw(200, `{"offer":{"amountOut":990000,"exclusive":false,"expiresAt":"`+future+`","estFillTimeMs":1,"feeBps":1}}`), "decimal string"},
		{"negative amount", raw(200, `{"offer":{"amountOut":"-1","exclusive":false,"expiresAt":"`+future+`","estFillTimeMs":1,"feeBps":1}}`), "decimal digits"},
		{"zero amount", raw(200, `{"offer":{"amountOut":"0","exclusive":false,"expiresAt":"`+future+`","estFillTimeMs":1,"feeBps":1}}`), "greater than zero"},
		{"unknown field", raw(200, offer(`,"expiresAt":"`+future+`","price":"1"`)), "price"},
		{"a key in another case", raw(200, offer(`,"ExpiresAt":"`+future+`"`)), "ExpiresAt"},
		{"a key twice", raw(200, offer(`,"expiresAt":"`+future+`","expiresAt":"`+future+`"`)), "expiresAt"},
		{"trailing data", raw(200, offer(`,"expiresAt":"`+future+`"`)+`{}`), "after the value"},
		{"fee out of range", raw(200, `{"offer":{"amountOut":"1","exclusive":false,"expiresAt":"`+future+`","estFillTimeMs":1,"feeBps":10000}}`), "feeBps"},
		{"unsigned", unsigned, "signature does not match"},
		{"too large", raw(200, offer(`,"expiresAt":"`+future+`"`)+strings.Repeat(" ", rfq.DefaultMaxResponseBytes)), "over 65536 bytes"},
		{"an error without the body", raw(502, "bad gateway"), "502"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(tc.h)
			defer srv.Close()
			offers, errs := limitorder.Collect(t.Context(), []limitorder.Solver{client(t, srv.URL, secret, nil)}, leg, 5*time.Second)
			var se *limitorder.SolverError
			if len(offers) != 0 || len(errs) != 1 || !errors.As(errs[0], &se) || se.Solver != "acme" || !strings.Contains(errs[0].Error(), tc.inErr) {
				t.Errorf("offers %+v errs %v, want solver acme's error naming %q", offers, errs, tc.inErr)
			}
		})
	}
}

// The Handler refuses what is not a valid request with the documented
// error bodies, checked against the document.
func TestHandlerRefusesBadRequests(t *testing.T) {
	srv, c := solver(t, &rfq.Verifier{Secret: []byte(secret)}, fixedOffer(1))
	c.badRequests = true
	send := func(method, body, id, contentType string) (int, rfq.ErrorBody) {
		ts := time.Now().Unix()
		req, _ := http.NewRequest(method, srv.URL+"/", strings.NewReader(body))
		req.Header.Set("Content-Type", cmp.Or(contentType, "application/json"))
		req.Header.Set(rfq.HeaderRequestID, id)
		req.Header.Set(rfq.HeaderTimestamp, strconv.FormatInt(ts, 10))
		req.Header.Set(rfq.HeaderSignature, rfq.SignRequest([]byte(secret), method, "/", ts, id, []byte(body)))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var eb rfq.ErrorBody
		json.NewDecoder(resp.Body).Decode(&eb)
		return resp.StatusCode, eb
	}
	deadline := time.Now().Add(time.Minute).UTC().Format(time.RFC3339)
	valid := func(id, amount string) string {
		return `{"requestId":"` + id + `","deadline":"` + deadline + `","from":{"chain":"Sepolia","address":"0x1","symbol":"wM","decimals":6},` +
			`"to":{"chain":"BaseSepolia","address":"0x2","symbol":"USDC","decimals":6},"amountIn":"` + amount + `","recipient":"0x3"}`
	}
	tests := []struct {
		name, method, body, id string
		contentType            string // empty: application/json
		status                 int
		code                   rfq.Code
		inMsg                  string
	}{
		{"GET", "GET", "", "r1", "", 405, rfq.MethodNotAllowed, "only POST"},
		{"not JSON", "POST", "{", "r2", "", 400, rfq.BadOfferRequest, "not valid JSON"},
		{"request ids differ", "POST", valid("other", "1"), "r3", "", 400, rfq.BadOfferRequest, "requestId"},
		{"zero amount", "POST", valid("r4", "0"), "r4", "", 400, rfq.BadOfferRequest, "amountIn"},
		{"unknown field", "POST", strings.Replace(valid("r5", "1"), `"recipient"`, `"memo":"x","recipient"`, 1), "r5", "", 400, rfq.BadOfferRequest, "memo"},
		{"no request id", "POST", valid("r6", "1"), "", "", 401, rfq.Unauthorized, "headers are required"},
		{"not JSON's media type", "POST", valid("r7", "1"), "r7", "text/plain", 415, rfq.BadOfferRequest, "application/json in UTF-8"},
		{"another charset", "POST", valid("r8", "1"), "r8", "application/json; charset=latin1", 415, rfq.BadOfferRequest, "charset=latin1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, eb := send(tc.method, tc.body, tc.id, tc.contentType)
			if status != tc.status || eb.Code != tc.code || !strings.Contains(eb.Message, tc.inMsg) || eb.RequestID != tc.id {
				t.Errorf("answered %d %+v, want %d %s naming %q with request id %q", status, eb, tc.status, tc.code, tc.inMsg, tc.id)
			}
		})
	}
}

// New refuses a configuration that cannot work, naming the field.
func TestNewRefusesBadConfig(t *testing.T) {
	for _, tc := range []struct {
		cfg   rfq.Config
		field string
	}{
		{rfq.Config{URL: "https://s.example", Secret: []byte(secret)}, "Name"},
		{rfq.Config{Name: "a", URL: "ftp://s.example", Secret: []byte(secret)}, "URL"},
		{rfq.Config{Name: "a", URL: "https://user:pw@s.example", Secret: []byte(secret)}, "URL"},
		{rfq.Config{Name: "a", URL: "/rfq", Secret: []byte(secret)}, "URL"},
		{rfq.Config{Name: "a", URL: "https://s.example", Secret: []byte("short")}, "Secret"},
	} {
		_, err := rfq.New(tc.cfg)
		var ce *rfq.ConfigError
		if !errors.As(err, &ce) || ce.Field != tc.field {
			t.Errorf("New(name %q, url %q, %d-byte secret) = %v, want a ConfigError on %s", tc.cfg.Name, tc.cfg.URL, len(tc.cfg.Secret), err, tc.field)
		}
	}
}

// Address: the configured address of a chain, else the EVM address on an
// EVM chain, else none.
func TestAddress(t *testing.T) {
	c := client(t, "https://s.example", secret, func(c *rfq.Config) {
		c.Addresses = map[orchestration.Chain]string{orchestration.Solana: "So1ver1111111111111111111111111111111111111"}
	})
	for chain, want := range map[orchestration.Chain]string{orchestration.Sepolia: solverAddr, orchestration.Solana: "So1ver1111111111111111111111111111111111111", orchestration.SolanaDevnet: ""} {
		if got := c.Address(chain); got != want {
			t.Errorf("Address(%s) = %q, want %q", chain, got, want)
		}
	}
}
