package orchestration

import (
	"context"
	"errors"
	"time"
)

// Code is a stable, machine-readable failure identifier. Clients branch on
// the code, never on the HTTP status, which may change over time.
type Code string

// The codes of the specification, by endpoint.
const (
	// POST /quote (and GET /supported-assets failures).
	BadQuoteRequest   Code = "BadQuoteRequest"
	NoQuotesAvailable Code = "NoQuotesAvailable"
	QuoteError        Code = "QuoteError"

	// POST /permit/quote and POST /permit/build.
	BadPermitRequest       Code = "BadPermitRequest"
	PermitNotSupported     Code = "PermitNotSupported"
	PermitQuoteError       Code = "PermitQuoteError"
	PermitExpired          Code = "PermitExpired"
	InvalidPermitSignature Code = "InvalidPermitSignature"
	PermitBuildError       Code = "PermitBuildError"

	// Orders.
	BadOrderRequest     Code = "BadOrderRequest"
	OrderNotFound       Code = "OrderNotFound"
	OrderNotCancellable Code = "OrderNotCancellable"
	CancelOrderError    Code = "CancelOrderError"

	// Topology.
	BadTopologyRequest Code = "BadTopologyRequest"
)

// The codes of GET /transfers/{chain}/{txHash}, this project's own route
// (decision 84), named in the specification's style.
const (
	BadTransferRequest    Code = "BadTransferRequest"    // malformed hash, unknown or disabled chain (400)
	TransferNotFound      Code = "TransferNotFound"      // no such transaction on the chain (404)
	TransferNotRecognized Code = "TransferNotRecognized" // a transaction that calls none of the catalog's contracts or tokens (400)
	TransferStatusError   Code = "TransferStatusError"   // unexpected internal failure; a retry may succeed (500)
)

// Codes settled in docs/decisions.md for cases the specification leaves open.
const (
	Unauthorized     Code = "Unauthorized"     // missing, unknown or revoked API key
	Forbidden        Code = "Forbidden"        // key used from a disallowed address or origin
	NotFound         Code = "NotFound"         // unknown path
	MethodNotAllowed Code = "MethodNotAllowed" // known path, wrong method
	RateLimited      Code = "RateLimited"      // per-key rate limit exceeded
	NotImplemented   Code = "NotImplemented"   // valid request to a service this server does not run
)

// Codes of a store the service keeps in its database that did not answer
// (decision 100): 503 with Retry-After, on the routes that need that store.
// Each names what failed, so a client can tell an outage from a mistake of
// its own and from an unexpected failure of the route.
const (
	// KeyStoreUnavailable: the API key could not be verified, on any API
	// route, because the key store did not answer and the key was not
	// verified recently enough to be served without it (decision 99).
	KeyStoreUnavailable Code = "KeyStoreUnavailable"
	// OrderIndexUnavailable: GET /orders or GET /solvers/stats could not
	// read the order index.
	OrderIndexUnavailable Code = "OrderIndexUnavailable"
	// TopologyUnavailable: GET /topology/routes or /topology/stats could
	// not read the replicas' shared traffic counters.
	TopologyUnavailable Code = "TopologyUnavailable"
)

// StoreRetryAfter is the RetryAfter of the codes of a store that did not
// answer: a database restart or failover takes seconds.
const StoreRetryAfter = 5 * time.Second

// StoreUnavailable is the error of a store that did not answer: code (one
// of KeyStoreUnavailable, OrderIndexUnavailable, TopologyUnavailable), the
// caller-facing message, err as the cause (logged, never sent), and
// StoreRetryAfter.
func StoreUnavailable(code Code, err error, message string) *Error {
	return &Error{Code: code, Message: message, Err: err, RetryAfter: StoreRetryAfter}
}

// KnownCodes lists every Code this package defines.
func KnownCodes() []Code {
	return []Code{
		BadQuoteRequest, NoQuotesAvailable, QuoteError,
		BadPermitRequest, PermitNotSupported, PermitQuoteError, PermitExpired,
		InvalidPermitSignature, PermitBuildError,
		BadOrderRequest, OrderNotFound, OrderNotCancellable, CancelOrderError,
		BadTopologyRequest,
		BadTransferRequest, TransferNotFound, TransferNotRecognized, TransferStatusError,
		Unauthorized, Forbidden, NotFound, MethodNotAllowed, RateLimited, NotImplemented,
		KeyStoreUnavailable, OrderIndexUnavailable, TopologyUnavailable,
	}
}

// Error is the library's one error type. Message is written for the caller
// and is safe to show in a UI; Err is the underlying cause, kept for logs and
// errors.Is, and never sent over the wire (it may name RPC endpoints).
type Error struct {
	Code    Code
	Message string
	Err     error
	// RetryAfter, when positive, is how long the caller should wait before
	// a retry may succeed: the failure is an outage of something outside
	// the service (a chain that did not answer), not a bug. An HTTP server
	// sends it as Retry-After; zero sends nothing.
	RetryAfter time.Duration
}

// Errorf returns an *Error with a formatted caller-facing message and no
// cause. The message must not contain secrets or internal addresses.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: sprintf(format, args...)}
}

// Wrap returns an *Error with code and err as its cause. The code is the
// caller's: the endpoint at the edge decides it, so a library reused by
// another endpoint never leaks the inner endpoint's code (a quote validation
// error surfacing from /permit/quote is a BadPermitRequest). If err already
// carries an *Error, its message is kept, being the most precise caller-safe
// text, unless message is not empty; the inner error stays reachable through
// errors.As on the cause.
func Wrap(code Code, err error, message string) *Error {
	var e *Error
	var retry time.Duration
	if errors.As(err, &e) {
		if e.Code == code && message == "" {
			return e
		}
		if message == "" {
			message = e.Message
		}
		retry = e.RetryAfter // an outage stays one under another code
	}
	return &Error{Code: code, Message: message, Err: err, RetryAfter: retry}
}

func (e *Error) Error() string {
	s := string(e.Code) + ": " + e.Message
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// CodeOf returns the code of the first *Error in err's chain.
func CodeOf(err error) (Code, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.Code, true
	}
	return "", false
}

// ErrorBody is the wire shape of every error response.
type ErrorBody struct {
	Code      Code   `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"requestId"`
}

type requestIDKey struct{}

// ContextWithRequestID returns a context carrying the per-request correlation
// id, so that library code can echo it (PermitBuildResponse.RequestID) and log
// it.
func ContextWithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// IsRequestIDKey reports whether key is the context key RequestIDFromContext
// looks up. It is for a context type that carries the request id in a field
// of its own (the HTTP server's per-request context does, to save the
// allocations of ContextWithRequestID on every request): its Value method
// answers such a key with the id, a string.
func IsRequestIDKey(key any) bool {
	_, ok := key.(requestIDKey)
	return ok
}

// RequestIDFromContext returns the id set by ContextWithRequestID, or "".
func RequestIDFromContext(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
