package rfq

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// The headers of a signed request; HeaderSignature and HeaderRequestID
// also sign a solver's answer.
const (
	// HeaderTimestamp is the request's time, in Unix seconds.
	HeaderTimestamp = "X-RFQ-Timestamp"
	// HeaderRequestID is the request's id, the body's requestId: the
	// nonce a solver remembers to refuse a replay.
	HeaderRequestID = "X-RFQ-Request-Id"
	// HeaderSignature is "v1=" and the hex HMAC-SHA256 of the request
	// (SignRequest) or of the answer (SignResponse).
	HeaderSignature = "X-RFQ-Signature"
)

// MinSecretLen is the shortest shared secret either side accepts.
const MinSecretLen = 16

// DefaultWindow is how far a request's timestamp may be from the solver's
// clock, either way, when Verifier.Window is zero.
const DefaultWindow = 30 * time.Second

// Asset is a token on a chain, in the chain's form.
type Asset struct {
	Chain    orchestration.Chain `json:"chain"`
	Address  string              `json:"address"`
	Symbol   string              `json:"symbol"`
	Decimals int                 `json:"decimals"`
}

// Request is a leg a solver is asked to quote: AmountIn of From, locked in
// the origin chain's OrderBook, for To delivered on the destination chain
// to Recipient.
type Request struct {
	// RequestID is unique per request (HeaderRequestID).
	RequestID string `json:"requestId"`
	// Deadline is when the service stops waiting for the answer.
	Deadline  time.Time `json:"deadline"`
	From      Asset     `json:"from"`
	To        Asset     `json:"to"`
	AmountIn  Amount    `json:"amountIn"`
	Recipient string    `json:"recipient"`
	// AmountOut, when set, makes the request an exact-output ask (an
	// optional extension, sent only to solvers configured to answer it,
	// Config.ExactOutput): the output wanted, in To's smallest unit;
	// AmountIn is then "0". The solver answers with the input it needs
	// (Offer.AmountIn) and an AmountOut of at least this.
	AmountOut *Amount `json:"amountOut,omitempty"`
}

// Offer is a solver's answer to a Request.
type Offer struct {
	// SolverAddress is the solver's address on the destination chain, the
	// order's designated solver when Exclusive. It may be omitted when the
	// service is configured with it.
	SolverAddress string `json:"solverAddress,omitempty"`
	// AmountOut is what the recipient receives, in To's smallest unit,
	// the solver's fee already taken.
	AmountOut Amount `json:"amountOut"`
	// AmountIn answers an exact-output ask (Request.AmountOut): the input
	// of From the solver needs for AmountOut. Omitted otherwise.
	AmountIn *Amount `json:"amountIn,omitempty"`
	// Exclusive asks that the order name the solver: only it may fill.
	Exclusive bool `json:"exclusive"`
	// ExpiresAt is when the offer lapses: an offer received past it is
	// not used.
	ExpiresAt time.Time `json:"expiresAt"`
	// EstFillTimeMs is how soon after the order opens the solver fills
	// it, in milliseconds.
	EstFillTimeMs int64 `json:"estFillTimeMs"`
	// FeeBps is the solver's fee in basis points, for display.
	FeeBps int `json:"feeBps"`
}

// Response is the body of a 200 answer; Offer nil is no offer.
type Response struct {
	Offer *Offer `json:"offer"`
}

// Code is an error answer's code.
type Code string

// The error codes of the protocol.
const (
	// Unauthorized: a missing or wrong signature, a timestamp outside the
	// window, or a request id already seen (401).
	Unauthorized Code = "Unauthorized"
	// BadOfferRequest: a body that is not a valid Request, or one over
	// the size limit (400, 413, 415).
	BadOfferRequest Code = "BadOfferRequest"
	// MethodNotAllowed: not a POST (405).
	MethodNotAllowed Code = "MethodNotAllowed"
	// OfferFailed: the solver failed to answer (500).
	OfferFailed Code = "OfferFailed"
)

// ErrorBody is the body of every error answer.
type ErrorBody struct {
	Code      Code   `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"requestId"`
}

// Error is an error answer: the solver's refusal of a request, or the
// service's reading of one (Client).
type Error struct {
	Status int
	ErrorBody
}

func (e *Error) Error() string {
	return fmt.Sprintf("rfq: %d %s: %s", e.Status, e.Code, e.Message)
}

// Amount is a non-negative integer written as a decimal string.
type Amount struct{ *big.Int }

// NewAmount is n as an Amount.
func NewAmount(n *big.Int) Amount { return Amount{n} }

// maxAmountDigits bounds an amount: 78 digits hold any uint256.
const maxAmountDigits = 78

// MarshalJSON writes the decimal string; a nil amount is "0".
func (a Amount) MarshalJSON() ([]byte, error) {
	if a.Int == nil {
		return []byte(`"0"`), nil
	}
	return json.Marshal(a.Int.String())
}

// UnmarshalJSON reads a string of 1 to 78 decimal digits.
func (a *Amount) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("an amount is a decimal string, got %s", orchestration.Clip(string(b)))
	}
	if len(s) == 0 || len(s) > maxAmountDigits || strings.TrimLeft(s, "0123456789") != "" {
		return fmt.Errorf("an amount is a string of 1 to %d decimal digits, got %q", maxAmountDigits, orchestration.Clip(s))
	}
	a.Int, _ = new(big.Int).SetString(s, 10)
	return nil
}

// requestIDPattern is what a request id may be: it is signed on its own
// line, so it holds no newline, and it is logged.
var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidRequestID reports whether id may be a request id: 1 to 64 letters,
// digits, '-' or '_'.
func ValidRequestID(id string) bool { return requestIDPattern.MatchString(id) }

// SignRequest is the HMAC-SHA256 with secret of method, path (the URL's
// escaped path, without the query), timestamp (Unix seconds), requestID
// and body, each on its own line after the domain "m0-rfq-v1 request",
// written "v1=" and hex.
func SignRequest(secret []byte, method, path string, timestamp int64, requestID string, body []byte) string {
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "m0-rfq-v1 request\n%s\n%s\n%d\n%s\n", method, path, timestamp, requestID)
	m.Write(body)
	return "v1=" + hex.EncodeToString(m.Sum(nil))
}

// SignResponse is the HMAC-SHA256 with secret of the answer to requestID:
// its status and body, each on its own line after the domain
// "m0-rfq-v1 response", written "v1=" and hex. Signing the request id
// binds the answer to its request.
func SignResponse(secret []byte, requestID string, status int, body []byte) string {
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "m0-rfq-v1 response\n%s\n%s\n", requestID, strconv.Itoa(status))
	m.Write(body)
	return "v1=" + hex.EncodeToString(m.Sum(nil))
}

// sameSignature compares a signature header with the expected one in
// constant time.
func sameSignature(got, want string) bool {
	return hmac.Equal([]byte(got), []byte(want))
}
