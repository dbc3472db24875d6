package rfq

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// DefaultMaxResponseBytes bounds an answer the Client reads when
// Config.MaxResponseBytes is zero.
const DefaultMaxResponseBytes = 64 << 10

// DefaultTimeout bounds a request whose context has no deadline.
const DefaultTimeout = time.Second

// Config configures a Client.
type Config struct {
	// Name is the solver's name in offers and logs (limitorder.Solver).
	Name string
	// URL is where requests are POSTed: http or https, with a host.
	URL string
	// Secret is shared with the solver, at least MinSecretLen bytes.
	Secret []byte
	// Addresses are the solver's addresses by chain, in each chain's form
	// (limitorder.Addressed). A chain without one takes EVMAddress when it
	// is an EVM chain; else the address the solver's offers name.
	Addresses map[orchestration.Chain]string
	// EVMAddress is the solver's address on every EVM chain Addresses
	// does not list; empty means none.
	EVMAddress string
	// ExactOutput says the solver answers exact-output asks
	// (Request.AmountOut): the Client then implements them
	// (limitorder.ExactOutputSolver). False sends none, so a solver
	// that does not know the field is never asked.
	ExactOutput bool
	// HTTPClient sends the requests; nil means a client of its own. Its
	// redirects are never followed (a redirected request would be signed
	// for another path).
	HTTPClient *http.Client
	// MaxResponseBytes bounds an answer's body; zero means
	// DefaultMaxResponseBytes.
	MaxResponseBytes int64
	// Now is the clock that dates requests and judges expiries; nil means
	// time.Now.
	Now func() time.Time
}

// Client asks one remote solver for offers. It is a limitorder.Solver and
// a limitorder.Addressed, safe for concurrent use.
type Client struct {
	cfg  Config
	url  string
	path string
	http *http.Client
}

var (
	_ limitorder.Solver    = (*Client)(nil)
	_ limitorder.Addressed = (*Client)(nil)
)

// ConfigError is a Config New refuses; Field is the Config field.
type ConfigError struct {
	Field   string
	Problem string
}

func (e *ConfigError) Error() string { return "rfq: " + e.Field + ": " + e.Problem }

// New checks cfg and returns its Client.
func New(cfg Config) (*Client, error) {
	if cfg.Name == "" {
		return nil, &ConfigError{"Name", "required"}
	}
	u, err := url.Parse(cfg.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.Fragment != "" {
		return nil, &ConfigError{"URL", fmt.Sprintf("expected an http(s) URL with a host and no credentials, like https://solver.example/rfq, got %q", orchestration.Clip(cfg.URL))}
	}
	if len(cfg.Secret) < MinSecretLen {
		return nil, &ConfigError{"Secret", fmt.Sprintf("must be at least %d bytes, got %d", MinSecretLen, len(cfg.Secret))}
	}
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		c := *cfg.HTTPClient
		hc = &c
	}
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	if cfg.MaxResponseBytes <= 0 {
		cfg.MaxResponseBytes = DefaultMaxResponseBytes
	}
	return &Client{cfg: cfg, url: u.String(), path: path, http: hc}, nil
}

// Name is the solver's configured name.
func (c *Client) Name() string { return c.cfg.Name }

// Address is the solver's configured address on chain, or "".
func (c *Client) Address(chain orchestration.Chain) string {
	if a, ok := c.cfg.Addresses[chain]; ok {
		return a
	}
	if chain.Runtime() == orchestration.RuntimeEVM {
		return c.cfg.EVMAddress
	}
	return ""
}

func (c *Client) now() time.Time {
	if c.cfg.Now != nil {
		return c.cfg.Now()
	}
	return time.Now()
}

// Offer asks the solver for an offer on req, until ctx ends (DefaultTimeout
// without a deadline). It returns limitorder.ErrNoOffer when the solver
// makes none; an error answer is an *Error; an answer that is unsigned,
// malformed or expired is an error naming what is wrong.
func (c *Client) Offer(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
	if req.AmountIn == nil || req.AmountIn.Sign() <= 0 {
		return limitorder.Offer{}, fmt.Errorf("rfq: amountIn must be positive, got %v", req.AmountIn)
	}
	o, err := c.ask(ctx, func(id string, deadline time.Time) Request {
		return Request{
			RequestID: id, Deadline: deadline.UTC().Truncate(time.Millisecond),
			From:     Asset{Chain: req.From.Chain, Address: req.From.Address, Symbol: req.From.Symbol, Decimals: req.From.Decimals},
			To:       Asset{Chain: req.To.Chain, Address: req.To.Address, Symbol: req.To.Symbol, Decimals: req.To.Decimals},
			AmountIn: NewAmount(req.AmountIn), Recipient: req.Recipient,
		}
	})
	if err != nil {
		return limitorder.Offer{}, err
	}
	return c.offer(*o)
}

// ask sends the request build makes (with a fresh request id and ctx's
// deadline, DefaultTimeout without one) and returns the solver's offer,
// checked for its signature; limitorder.ErrNoOffer when it makes none.
func (c *Client) ask(ctx context.Context, build func(id string, deadline time.Time) Request) (*Offer, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	deadline, _ := ctx.Deadline()
	id, err := newRequestID()
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(build(id, deadline))
	if err != nil {
		return nil, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	ts := c.now().Unix()
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set(HeaderTimestamp, strconv.FormatInt(ts, 10))
	hr.Header.Set(HeaderRequestID, id)
	hr.Header.Set(HeaderSignature, SignRequest(c.cfg.Secret, http.MethodPost, c.path, ts, id, body))
	resp, err := c.http.Do(hr)
	if err != nil {
		return nil, fmt.Errorf("rfq: %w", err)
	}
	defer resp.Body.Close()
	limit := c.cfg.MaxResponseBytes
	out, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("rfq: reading the answer: %w", err)
	}
	if int64(len(out)) > limit {
		return nil, fmt.Errorf("rfq: the answer is over %d bytes", limit)
	}
	switch resp.StatusCode {
	case http.StatusOK, http.StatusNoContent:
	default:
		e := &Error{Status: resp.StatusCode}
		if json.Unmarshal(out, &e.ErrorBody) != nil || e.Code == "" {
			e.ErrorBody = ErrorBody{Message: fmt.Sprintf("an answer without the error body: %q", orchestration.Clip(string(out)))}
		}
		e.Code, e.Message, e.RequestID = Code(clip(string(e.Code), 40)), clip(e.Message, maxMessage), clip(e.RequestID, 64)
		return nil, e
	}
	if !sameSignature(resp.Header.Get(HeaderSignature), SignResponse(c.cfg.Secret, id, resp.StatusCode, out)) {
		return nil, errors.New("rfq: the answer's signature does not match (a wrong secret, or an answer changed on the way)")
	}
	if resp.StatusCode == http.StatusNoContent {
		return nil, limitorder.ErrNoOffer
	}
	var r Response
	if err := decodeStrict(out, &r); err != nil {
		return nil, fmt.Errorf("rfq: a malformed answer: %w", err)
	}
	if r.Offer == nil {
		return nil, limitorder.ErrNoOffer
	}
	return r.Offer, nil
}

// offer is o as a limitorder.Offer, or why it cannot be used.
func (c *Client) offer(o Offer) (limitorder.Offer, error) {
	switch now := c.now(); {
	case o.AmountOut.Int == nil || o.AmountOut.Sign() <= 0:
		return limitorder.Offer{}, errors.New("rfq: the offer's amountOut must be greater than zero")
	case o.ExpiresAt.IsZero():
		return limitorder.Offer{}, errors.New("rfq: the offer has no expiresAt")
	case !o.ExpiresAt.After(now):
		return limitorder.Offer{}, fmt.Errorf("rfq: the offer expired at %s (now %s)", o.ExpiresAt.UTC().Format(time.RFC3339Nano), now.UTC().Format(time.RFC3339Nano))
	case o.EstFillTimeMs < 0:
		return limitorder.Offer{}, fmt.Errorf("rfq: the offer's estFillTimeMs must not be negative, got %d", o.EstFillTimeMs)
	case o.FeeBps < 0 || o.FeeBps >= 10_000:
		return limitorder.Offer{}, fmt.Errorf("rfq: the offer's feeBps must be in [0, 10000), got %d", o.FeeBps)
	}
	return limitorder.Offer{Solver: c.cfg.Name, Address: o.SolverAddress, AmountOut: o.AmountOut.Int, Exclusive: o.Exclusive,
		FeeBps: o.FeeBps, EstFillTime: time.Duration(o.EstFillTimeMs) * time.Millisecond, ExpiresAt: o.ExpiresAt}, nil
}

func newRequestID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("rfq: request id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// maxMessage bounds an error answer's message as the Client reports it.
const maxMessage = 300

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}
