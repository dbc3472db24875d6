package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// The interfaces a *Client implements over HTTP.
var (
	_ orchestration.Assets        = (*Client)(nil)
	_ orchestration.Quoter        = (*Client)(nil)
	_ orchestration.PermitBuilder = (*Client)(nil)
	_ orchestration.OrderService  = (*Client)(nil)
	_ orchestration.Topology      = (*Client)(nil)
	_ orchestration.Solvers       = (*Client)(nil)
)

// Config configures a Client. Zero values mean defaults.
type Config struct {
	// APIKey is sent in the x-api-key header of every request.
	APIKey string
	// HTTPClient sends the requests; nil means http.DefaultClient. Bound
	// calls with their context, or with HTTPClient.Timeout.
	HTTPClient *http.Client
	// UserAgent is sent in the User-Agent header; empty means
	// DefaultUserAgent.
	UserAgent string
}

// DefaultUserAgent is the User-Agent of a Client without one configured.
const DefaultUserAgent = "m0-orchestration-go-client/1"

// maxResponseBytes bounds how much of a response body is read.
const maxResponseBytes = 64 << 20

// Client calls the orchestration REST API. It is safe for concurrent use.
type Client struct {
	base  string // no trailing slash
	key   string
	http  *http.Client
	agent string
}

// APIPrefix is the path every API route starts with.
const APIPrefix = "/v1/orchestration"

// New returns a Client for the service at baseURL, the specification's
// {base_url}: an http or https address whose path ends in /v1/orchestration,
// for example "https://api.example/v1/orchestration", or
// "https://api.example/payments/v1/orchestration" for a service mounted
// under a prefix. A URL without a path ("http://127.0.0.1:8080") means the
// API at its root, APIPrefix is added; a trailing slash is ignored. Any
// other path is an error: it would send every call to a route that does
// not exist.
func New(baseURL string, cfg Config) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("client: base URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("client: base URL %q must be http or https", baseURL)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("client: base URL %q has no host", baseURL)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("client: base URL %q must not have a query or fragment", baseURL)
	}
	switch p := strings.TrimRight(u.Path, "/"); {
	case p == "":
		u.Path = APIPrefix
	case strings.HasSuffix(p, APIPrefix):
		u.Path = p
	default:
		return nil, fmt.Errorf("client: base URL path %q does not end in %s; expected the service's API base, such as https://api.example%s (a URL without a path gets %s added)",
			orchestration.Clip(u.Path), APIPrefix, APIPrefix, APIPrefix)
	}
	u.RawPath = ""
	c := &Client{base: u.String(), key: cfg.APIKey, http: cfg.HTTPClient, agent: cfg.UserAgent}
	if c.http == nil {
		c.http = http.DefaultClient
	}
	if c.agent == "" {
		c.agent = DefaultUserAgent
	}
	return c, nil
}

// SupportedAssets calls GET /supported-assets.
func (c *Client) SupportedAssets(ctx context.Context) ([]orchestration.Asset, error) {
	return list(call[[]orchestration.Asset](ctx, c, orchestration.EndpointSupportedAssets, "", nil, nil))
}

// Quote calls POST /quote.
func (c *Client) Quote(ctx context.Context, req orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	return list(call[[]orchestration.Quote](ctx, c, orchestration.EndpointQuote, "", nil, req))
}

// PermitQuote calls POST /permit/quote.
func (c *Client) PermitQuote(ctx context.Context, req orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
	return call[orchestration.PermitQuoteResponse](ctx, c, orchestration.EndpointPermitQuote, "", nil, req)
}

// PermitBuild calls POST /permit/build.
func (c *Client) PermitBuild(ctx context.Context, req orchestration.PermitBuildRequest) (*orchestration.PermitBuildResponse, error) {
	return call[orchestration.PermitBuildResponse](ctx, c, orchestration.EndpointPermitBuild, "", nil, req)
}

// Orders calls GET /orders.
func (c *Client) Orders(ctx context.Context, q orchestration.OrdersQuery) (*orchestration.OrdersResponse, error) {
	return call[orchestration.OrdersResponse](ctx, c, orchestration.EndpointOrders, "", q.Values(), nil)
}

// Order calls GET /orders/{originChain}/{orderId}.
func (c *Client) Order(ctx context.Context, ref orchestration.OrderRef) (*orchestration.Order, error) {
	return call[orchestration.Order](ctx, c, orchestration.EndpointOrder, orderPath(ref), nil, nil)
}

// CancelOrder calls POST /orders/{originChain}/{orderId}/cancel. The body is
// sent only when req.Caller is set.
func (c *Client) CancelOrder(ctx context.Context, req orchestration.CancelOrderRequest) (*orchestration.TransactionPayload, error) {
	var body any
	if req.Caller != "" {
		body = req
	}
	return call[orchestration.TransactionPayload](ctx, c, orchestration.EndpointCancelOrder, orderPath(req.Order)+"/cancel", nil, body)
}

// Routes calls GET /topology/routes.
func (c *Client) Routes(ctx context.Context, q orchestration.TopologyQuery) ([]orchestration.TopologyRoute, error) {
	return list(call[[]orchestration.TopologyRoute](ctx, c, orchestration.EndpointTopologyRoutes, "", q.Values(), nil))
}

// Stats calls GET /topology/stats.
func (c *Client) Stats(ctx context.Context) (*orchestration.TopologyRouteStats, error) {
	return call[orchestration.TopologyRouteStats](ctx, c, orchestration.EndpointTopologyStats, "", nil, nil)
}

// SolverStats calls GET /solvers/stats.
func (c *Client) SolverStats(ctx context.Context) (*orchestration.SolverStats, error) {
	return call[orchestration.SolverStats](ctx, c, orchestration.EndpointSolverStats, "", nil, nil)
}

// call is do for the endpoints that answer one JSON object: it decodes the
// answer into a new T, and returns nil with the error of a failed call. ep
// is the endpoint in orchestration's table, whose method and internal code
// are the server's; path is ep.Path with its wildcards filled in, or "" for
// an endpoint without wildcards.
func call[T any](ctx context.Context, c *Client, ep orchestration.Endpoint, path string, query url.Values, in any) (*T, error) {
	if path == "" {
		path = ep.Path
	}
	out := new(T)
	if err := c.do(ctx, ep.Method, path, query, in, out, ep.Fail); err != nil {
		return nil, err
	}
	return out, nil
}

// list unwraps call's pointer for endpoints answering an array: nil on
// error, never a partly decoded list.
func list[T any](out *[]T, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	return *out, nil
}

func orderPath(ref orchestration.OrderRef) string {
	return "/orders/" + url.PathEscape(string(ref.OriginChain)) + "/" + url.PathEscape(ref.OrderID)
}

// do sends one request and decodes a 2xx answer into out. fail is the
// endpoint's internal code (orchestration.Endpoint.Fail), used for failures
// that never reached a decodable error body: a request that could not be
// sent, an error answer that is not the service's JSON (from a proxy, say),
// or a success body that does not decode.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, in, out any, fail orchestration.Code) error {
	resp, err := c.send(ctx, request{method: method, path: path, query: query, in: in, accept: "application/json", fail: fail})
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return &Error{StatusCode: resp.StatusCode, RequestID: resp.Header.Get("X-Request-Id"),
			Err: orchestration.Wrap(fail, err, "reading the response failed")}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return &Error{StatusCode: resp.StatusCode, RequestID: resp.Header.Get("X-Request-Id"),
			Err: orchestration.Wrap(fail, err, "the response body is not the expected JSON")}
	}
	return nil
}

// request is one call to the service.
type request struct {
	method string
	// path follows the base URL, its variable parts already escaped.
	path  string
	query url.Values
	// in is sent as the JSON body; nil sends none.
	in any
	// accept is the media type asked for.
	accept string
	// header holds this call's own headers, if any (Last-Event-ID).
	header http.Header
	// fail is the endpoint's internal code (see do).
	fail orchestration.Code
}

// send sends r with what every call carries (the API key, the User-Agent,
// the context's request id) and returns a 2xx answer, whose body the
// caller closes. Any other answer is read and returned as its error.
func (c *Client) send(ctx context.Context, r request) (*http.Response, error) {
	target := c.base + r.path
	if len(r.query) > 0 {
		target += "?" + r.query.Encode()
	}
	var body io.Reader
	if r.in != nil {
		b, err := json.Marshal(r.in)
		if err != nil {
			return nil, orchestration.Wrap(r.fail, err, "could not encode the request")
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, target, body)
	if err != nil {
		return nil, orchestration.Wrap(r.fail, err, "could not build the request")
	}
	for k, v := range r.header {
		req.Header[k] = v
	}
	req.Header.Set("Accept", r.accept)
	req.Header.Set("User-Agent", c.agent)
	if c.key != "" {
		req.Header.Set("x-api-key", c.key)
	}
	if r.in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if id := orchestration.RequestIDFromContext(ctx); id != "" {
		req.Header.Set("X-Request-Id", id)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, orchestration.Wrap(r.fail, err, "the orchestration service could not be reached")
	}
	if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
		return resp, nil
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return nil, &Error{StatusCode: resp.StatusCode, RequestID: resp.Header.Get("X-Request-Id"),
			Err: orchestration.Wrap(r.fail, err, "reading the response failed")}
	}
	return nil, decodeError(resp, data, r.fail)
}

// decodeError reads an error answer. The service's JSON body becomes the
// *orchestration.Error it was made from; anything else (an HTML page from a
// proxy, an empty 502) becomes the endpoint's internal code with the HTTP
// status in the message.
func decodeError(resp *http.Response, data []byte, fail orchestration.Code) *Error {
	e := &Error{StatusCode: resp.StatusCode, RequestID: resp.Header.Get("X-Request-Id")}
	var body orchestration.ErrorBody
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if (mt == "application/json" || strings.HasSuffix(mt, "+json")) &&
		json.Unmarshal(data, &body) == nil && body.Code != "" {
		e.Err = &orchestration.Error{Code: body.Code, Message: body.Message, RetryAfter: retryAfter(resp)}
		if body.RequestID != "" {
			e.RequestID = body.RequestID
		}
		return e
	}
	e.Err = orchestration.Wrap(fail, fmt.Errorf("body: %q", snippet(data)),
		fmt.Sprintf("unexpected HTTP %d answer (%s) from the orchestration service", resp.StatusCode, contentType(resp)))
	return e
}

// retryAfter is the answer's Retry-After in whole seconds (an outage the
// service knows of, or a rate limit), zero when absent or not a number of
// seconds.
func retryAfter(resp *http.Response) time.Duration {
	n, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || n <= 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

func contentType(resp *http.Response) string {
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		return ct
	}
	return "no content type"
}

func snippet(b []byte) string {
	const max = 200
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}

// Error is a failed call that got an HTTP answer. It wraps the
// *orchestration.Error the answer carried, so errors.As and
// orchestration.CodeOf see the service's code, and adds what only the
// transport knows: the status and the request id to quote when reporting a
// problem.
type Error struct {
	// StatusCode is the HTTP status of the answer.
	StatusCode int
	// RequestID is the requestId of the error body, or the X-Request-Id
	// header when the body has none.
	RequestID string
	// Err is the service's error, rebuilt from the body (Err.Err is nil,
	// Err.RetryAfter the answer's Retry-After in seconds), or
	// for an answer that was not the service's JSON the endpoint's internal
	// code with a message naming the status.
	Err *orchestration.Error
}

func (e *Error) Error() string {
	s := fmt.Sprintf("orchestration service: HTTP %d", e.StatusCode)
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	if e.RequestID != "" {
		s += " (request id " + e.RequestID + ")"
	}
	return s
}

// Unwrap returns the service's error.
func (e *Error) Unwrap() error {
	if e.Err == nil {
		return nil
	}
	return e.Err
}

// RequestID returns the request id of the first *Error in err's chain, or ""
// when err did not come from an HTTP answer.
func RequestID(err error) string {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.RequestID
	}
	return ""
}
