package executor

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
	"github.com/m0-orchestration/m0/internal/strictjson"
)

// The Executor API's base URLs (Wormhole Labs' hosted quoter).
const (
	MainnetURL = "https://executor.labsapis.com"
	TestnetURL = "https://executor-testnet.labsapis.com"
)

// DefaultTimeout bounds one quote round trip when Config.Timeout is zero.
const DefaultTimeout = 5 * time.Second

// maxBody bounds the answer read: a quote answer is a few hundred bytes.
const maxBody = 64 << 10

// Config configures a Client.
type Config struct {
	// BaseURL is the API's root, without /v0 (empty: MainnetURL). It may
	// carry credentials in its userinfo or query; errors never print them.
	BaseURL string
	// HTTPClient sends the requests (nil: http.DefaultClient).
	HTTPClient *http.Client
	// Timeout bounds each round trip, within the caller's deadline (zero:
	// DefaultTimeout).
	Timeout time.Duration
	// Now is the clock that judges a quote's expiry (nil: time.Now).
	Now func() time.Time
	// Registerer receives orchestration_executor_requests_total (nil: no
	// metrics).
	Registerer prometheus.Registerer
}

// Request names one route's quote: Wormhole chain ids and the relay
// instructions the transfer will carry.
type Request struct {
	SrcChain, DstChain uint16
	Relay              RelayInstructions
}

// Quote is the Executor's answer: the signed quote to pass on and the
// cost to pay the payee, in the source chain's native base units.
type Quote struct {
	Signed        SignedQuote
	EstimatedCost *big.Int
}

// Check reports why q cannot pay for req's relay at now, nil when it can:
// a quote for other Wormhole chains, one expired by now, one without a
// cost or without signed bytes. Those who take a Quote from any Executor
// (a cache, a fake) check it with Check before passing it on; Client's
// own answers pass it.
func (q Quote) Check(req Request, now time.Time) error {
	switch {
	case q.Signed.SrcChain != req.SrcChain || q.Signed.DstChain != req.DstChain:
		return fmt.Errorf("the quote is for Wormhole chains %d to %d, the relay goes from %d to %d",
			q.Signed.SrcChain, q.Signed.DstChain, req.SrcChain, req.DstChain)
	case !now.Before(q.Signed.Expiry):
		return fmt.Errorf("the quote expired at %s", q.Signed.Expiry.UTC().Format(time.RFC3339))
	case q.EstimatedCost == nil || q.EstimatedCost.Sign() < 0:
		return errors.New("the quote has no cost")
	case len(q.Signed.Raw) == 0:
		return errors.New("the quote has no signed bytes")
	}
	return nil
}

// Error is an Executor that did not answer usefully. Status is the HTTP
// status (0 when none came: a transport failure or timeout); RetryAfter is
// the answer's Retry-After for 429 and 503 (zero when absent).
type Error struct {
	Endpoint   string // the base URL without userinfo or query
	Status     int
	RetryAfter time.Duration
	Message    string
	Err        error
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "executor %s: ", e.Endpoint)
	if e.Status != 0 {
		fmt.Fprintf(&b, "status %d: ", e.Status)
	}
	b.WriteString(e.Message)
	if e.RetryAfter > 0 {
		fmt.Fprintf(&b, " (retry after %s)", e.RetryAfter)
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// RetryHint is e.RetryAfter.
func (e *Error) RetryHint() time.Duration { return e.RetryAfter }

// UnavailableService names the Executor for the quote engine's error to
// the caller (quote.ServiceUnavailable), without the endpoint, whose
// URL may hold a credential.
func (e *Error) UnavailableService() string { return "the Wormhole Executor" }

// Client asks the Executor for quotes. It is safe for concurrent use.
type Client struct {
	endpoint string // printable
	quoteURL string // with the caller's userinfo and query
	http     *http.Client
	timeout  time.Duration
	now      func() time.Time
	requests *prometheus.CounterVec
}

// New returns a Client for cfg.
func New(cfg Config) (*Client, error) {
	base := cfg.BaseURL
	if base == "" {
		base = MainnetURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		// url.Parse's error quotes the URL: say only what is wrong.
		return nil, errors.New("executor: BaseURL must be an absolute http or https URL")
	}
	c := &Client{
		endpoint: (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String(),
		http:     cfg.HTTPClient,
		timeout:  cfg.Timeout,
		now:      cfg.Now,
	}
	q := *u
	q.Path = strings.TrimSuffix(u.Path, "/") + "/v0/quote"
	q.RawPath = ""
	c.quoteURL = q.String()
	if c.http == nil {
		c.http = http.DefaultClient
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.now == nil {
		c.now = time.Now
	}
	if cfg.Registerer != nil {
		c.requests, err = promreg.Register(cfg.Registerer, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "orchestration_executor_requests_total",
			Help: "Round trips to the Wormhole Executor's quote API, by result (ok, status, transport, malformed).",
		}, []string{"result"}))
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

type quoteRequest struct {
	SrcChain          uint16 `json:"srcChain"`
	DstChain          uint16 `json:"dstChain"`
	RelayInstructions string `json:"relayInstructions"`
}

type quoteResponse struct {
	SignedQuote   *string `json:"signedQuote"`
	EstimatedCost *string `json:"estimatedCost"`
}

var quoteResponseType = reflect.TypeFor[quoteResponse]()

// Quote asks the Executor for a quote of req's route. The answer must be
// one JSON object whose signedQuote is a valid signed quote for that route
// that has not expired by Config.Now and whose estimatedCost is a
// non-negative decimal integer; a key written twice or in another case is
// refused, keys the client does not know are ignored (the API may grow).
// Anything else is an *Error.
func (c *Client) Quote(ctx context.Context, req Request) (Quote, error) {
	relay, err := req.Relay.Bytes()
	if err != nil {
		return Quote{}, err
	}
	body, _ := json.Marshal(quoteRequest{req.SrcChain, req.DstChain, "0x" + hex.EncodeToString(relay)})

	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.quoteURL, bytes.NewReader(body))
	if err != nil {
		return Quote{}, c.fail("transport", &Error{Endpoint: c.endpoint, Message: "building the request", Err: redact(err)})
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/json")
	countTrip(ctx)
	resp, err := c.http.Do(hreq)
	if err != nil {
		return Quote{}, c.fail("transport", &Error{Endpoint: c.endpoint, Message: "no answer", Err: redact(err)})
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return Quote{}, c.fail("transport", &Error{Endpoint: c.endpoint, Status: resp.StatusCode, Message: "reading the answer", Err: redact(err)})
	}
	if resp.StatusCode != http.StatusOK {
		e := &Error{Endpoint: c.endpoint, Status: resp.StatusCode, Message: statusMessage(data)}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			e.RetryAfter = retryAfter(resp.Header.Get("Retry-After"), c.now())
		}
		return Quote{}, c.fail("status", e)
	}
	q, err := c.decode(data, req)
	if err != nil {
		return Quote{}, c.fail("malformed", &Error{Endpoint: c.endpoint, Status: resp.StatusCode, Message: "malformed answer", Err: err})
	}
	c.count("ok")
	return q, nil
}

func (c *Client) decode(data []byte, req Request) (Quote, error) {
	if len(data) > maxBody {
		return Quote{}, fmt.Errorf("answer over %d bytes", maxBody)
	}
	var r quoteResponse
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&r); err != nil {
		return Quote{}, err
	}
	if dec.More() {
		return Quote{}, errors.New("data after the JSON object")
	}
	if err := strictjson.CheckKeys(data, quoteResponseType, false); err != nil {
		return Quote{}, err
	}
	if r.SignedQuote == nil {
		return Quote{}, errors.New("no signedQuote")
	}
	if r.EstimatedCost == nil {
		return Quote{}, errors.New("no estimatedCost")
	}
	hexQuote, ok := strings.CutPrefix(*r.SignedQuote, "0x")
	if !ok {
		return Quote{}, errors.New("signedQuote is not 0x-prefixed hex")
	}
	raw, err := hex.DecodeString(hexQuote)
	if err != nil {
		return Quote{}, fmt.Errorf("signedQuote: %w", err)
	}
	sq, err := ParseSignedQuote(raw)
	if err != nil {
		return Quote{}, err
	}
	if sq.SrcChain != req.SrcChain || sq.DstChain != req.DstChain {
		return Quote{}, fmt.Errorf("signed quote is for chains %d → %d, asked %d → %d", sq.SrcChain, sq.DstChain, req.SrcChain, req.DstChain)
	}
	if now := c.now(); !now.Before(sq.Expiry) {
		return Quote{}, fmt.Errorf("signed quote expired at %s (now %s)", sq.Expiry.Format(time.RFC3339), now.UTC().Format(time.RFC3339))
	}
	cost, ok := new(big.Int).SetString(*r.EstimatedCost, 10)
	if !ok || cost.Sign() < 0 || strings.HasPrefix(*r.EstimatedCost, "+") {
		return Quote{}, fmt.Errorf("estimatedCost %q is not a non-negative decimal integer", *r.EstimatedCost)
	}
	return Quote{Signed: sq, EstimatedCost: cost}, nil
}

func (c *Client) fail(result string, err *Error) error {
	c.count(result)
	return err
}

func (c *Client) count(result string) {
	if c.requests != nil {
		c.requests.WithLabelValues(result).Inc()
	}
}

// statusMessage is the API's {"message": ...} error body, else a short
// excerpt of the body.
func statusMessage(data []byte) string {
	var e struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(data, &e) == nil && e.Message != "" {
		return truncate(e.Message)
	}
	if s := strings.TrimSpace(string(data)); s != "" {
		return truncate(strconv.Quote(s))
	}
	return "no message"
}

func truncate(s string) string {
	const n = 200
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// retryAfter reads a Retry-After header: delay seconds or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseUint(v, 10, 31); err == nil {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}

// redact drops the URL from net/http's transport errors (*url.Error),
// since it may carry credentials, keeping the cause for errors.Is.
func redact(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("%s: %w", ue.Op, ue.Err)
	}
	return err
}

// Trips counts the Executor round trips made on behalf of one context. It
// is safe for concurrent use.
type Trips struct {
	parent *Trips
	n      atomic.Int64
}

type tripsKey struct{}

// WithTrips returns a context that counts the Executor round trips made
// with it, and the counter. Counters nest: a trip counted by an inner
// counter is counted by the outer ones too.
func WithTrips(ctx context.Context) (context.Context, *Trips) {
	t := &Trips{}
	t.parent, _ = ctx.Value(tripsKey{}).(*Trips)
	return context.WithValue(ctx, tripsKey{}, t), t
}

// N is the number of round trips counted.
func (t *Trips) N() int { return int(t.n.Load()) }

func countTrip(ctx context.Context) {
	t, _ := ctx.Value(tripsKey{}).(*Trips)
	for ; t != nil; t = t.parent {
		t.n.Add(1)
	}
}
