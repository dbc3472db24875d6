package httpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"unsafe"

	"github.com/m0-orchestration/m0/orchestration"
)

// statusFor maps an error code to its HTTP status. The numbers are written
// out so they can be checked line by line against the specification's error
// table and docs/decisions.md (2, 15, 16, 18, 100). Clients branch on the code, never
// on the status; an unknown code is a 500. Two refusals keep the endpoint's
// Bad*Request code under another status, to tell a proxy what kind of
// refusal it is: a body over the size limit (413) and a body in a charset or
// Content-Encoding the server does not read (415); see writeError.
func statusFor(code orchestration.Code) int {
	switch code {
	case orchestration.BadQuoteRequest,
		orchestration.BadPermitRequest,
		orchestration.BadOrderRequest,
		orchestration.BadTopologyRequest,
		orchestration.BadTransferRequest,
		orchestration.TransferNotRecognized:
		return 400
	case orchestration.Unauthorized:
		return 401
	case orchestration.Forbidden:
		return 403
	case orchestration.NoQuotesAvailable,
		orchestration.PermitNotSupported,
		orchestration.OrderNotFound,
		orchestration.TransferNotFound,
		orchestration.NotFound:
		return 404
	case orchestration.MethodNotAllowed:
		return 405
	case orchestration.OrderNotCancellable:
		return 409
	case orchestration.PermitExpired:
		return 410
	case orchestration.InvalidPermitSignature:
		return 422
	case orchestration.RateLimited:
		return 429
	case orchestration.QuoteError,
		orchestration.PermitQuoteError,
		orchestration.PermitBuildError,
		orchestration.CancelOrderError,
		orchestration.TransferStatusError:
		return 500
	case orchestration.NotImplemented:
		return 501
	case NotReady,
		orchestration.KeyStoreUnavailable,
		orchestration.OrderIndexUnavailable,
		orchestration.TopologyUnavailable:
		return 503
	}
	return 500
}

// NotReady is the code of a failed readiness check (GET /readyz, 503). It is
// not an API code: /readyz is outside /v1/orchestration.
const NotReady orchestration.Code = "NotReady"

// internalMessage is the caller-facing text of every failure that is not an
// *orchestration.Error. The cause is logged, never sent: it may name RPC
// endpoints or database addresses.
const internalMessage = "internal error; retry may succeed"

// writeError is the one place an error response is written. An error that
// carries an *orchestration.Error is sent with its code and message; any
// other error becomes the endpoint's internal code (fallback) with a generic
// message, and its cause goes to the log. A body over the size limit keeps
// its Bad*Request code but is sent as 413 (decision 16 in docs/decisions.md); an error caused by
// a statusError (415) is sent with that status. An *orchestration.Error
// with a RetryAfter is sent with a Retry-After header: the hint is the
// error's, so that which failures are outages stays out of this package. Failures of the server
// (5xx) are logged at ERROR, except 501 NotImplemented: a route this server
// does not run is said once at start-up, not once per request.
func (s *server) writeError(w http.ResponseWriter, r *http.Request, fallback orchestration.Code, err error) {
	body := errorBody(r, fallback, err)
	code := body.Code
	if oe, ok := errors.AsType[*orchestration.Error](err); ok && oe.Code != "" && oe.RetryAfter > 0 {
		setRetryAfter(w.Header(), oe.RetryAfter) // an outage the error's maker knows of
	}
	status := statusFor(code)
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		status = http.StatusRequestEntityTooLarge
	} else if se, ok := errors.AsType[statusError](err); ok && status < 500 {
		status = int(se)
	}
	if status >= 500 && code != orchestration.NotImplemented {
		level := slog.LevelError
		if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
			level = slog.LevelInfo // the client went away; nobody reads this answer
		}
		s.log.LogAttrs(r.Context(), level, "request failed",
			slog.String("request_id", orchestration.RequestIDFromContext(r.Context())),
			slog.String("code", string(code)),
			slog.Int("status", status),
			slog.String("error", err.Error()))
	}
	writeJSON(w, status, body) // three strings cannot fail to marshal
}

// errorBody is the documented error body for err: its code and message
// when it is an *orchestration.Error with a code, else fallback and a
// message that names nothing internal; it records the code for the access
// log and the metrics.
func errorBody(r *http.Request, fallback orchestration.Code, err error) orchestration.ErrorBody {
	body := orchestration.ErrorBody{Code: fallback, Message: internalMessage, RequestID: orchestration.RequestIDFromContext(r.Context())}
	if oe, ok := errors.AsType[*orchestration.Error](err); ok && oe.Code != "" {
		body.Code, body.Message = oe.Code, oe.Message
	}
	infoOf(r).code = body.Code
	return body
}

// writeJSON marshals v before writing anything, so a value that cannot be
// encoded becomes a clean error response rather than half a body. It
// encodes into a buffer reused from response to response (a Write never
// keeps the slice it is given), with json.Encoder, whose output is
// json.Marshal's and the newline.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	buf := lineBuffers.Get().(*bytes.Buffer)
	defer putLineBuffer(buf)
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		return err
	}
	writeLine(w, status, buf.Bytes())
	return nil
}

// writeQuotes is writeJSON for POST /quote's answer, encoded directly
// (orchestration.AppendQuotesJSON: the same bytes, one pass).
func writeQuotes(w http.ResponseWriter, status int, quotes []orchestration.Quote) error {
	buf := lineBuffers.Get().(*bytes.Buffer)
	defer putLineBuffer(buf)
	b, err := orchestration.AppendQuotesJSON(buf.AvailableBuffer(), quotes)
	if err != nil {
		return err
	}
	buf.Write(append(b, '\n'))
	writeLine(w, status, buf.Bytes())
	return nil
}

// lineBuffers hold encoded answers; one grown past maxPooledLine by a large
// answer is dropped rather than kept.
var lineBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxPooledLine = 64 << 10

func putLineBuffer(b *bytes.Buffer) {
	if b.Cap() <= maxPooledLine {
		b.Reset()
		lineBuffers.Put(b)
	}
}

// writeBody writes b followed by a newline.
func writeBody(w http.ResponseWriter, status int, b []byte) {
	line := make([]byte, len(b)+1)
	copy(line, b)
	line[len(b)] = '\n'
	writeLine(w, status, line)
}

// writeLine writes a JSON body that already ends in a newline, in one Write:
// a body larger than the connection's buffer then goes out in one system
// call with the headers, not one for the body and another for the newline.
func writeLine(w http.ResponseWriter, status int, line []byte) {
	writeLineLength(w, status, line, contentLength(w, len(line)))
}

// contentLength is n as the value of a Content-Length header. The request's
// recorder (the writer every handler is given) lends room for it, once per
// response, so that it costs no allocation; a header value is never
// written again once set, hence once.
func contentLength(w http.ResponseWriter, n int) []string {
	rec, ok := w.(*recorder)
	if !ok || rec.lengthUsed {
		return []string{strconv.Itoa(n)}
	}
	rec.lengthUsed = true
	digits := strconv.AppendInt(rec.lengthDigits[:0], int64(n), 10)
	rec.length[0] = unsafe.String(unsafe.SliceData(digits), len(digits))
	return rec.length[:]
}

// writeLineLength is writeLine with the Content-Length header's value made
// in advance, for a body served many times.
func writeLineLength(w http.ResponseWriter, status int, line []byte, length []string) {
	h := w.Header()
	setHeader(h, "Content-Type", valueJSON)
	setHeader(h, "Content-Length", length)
	setHeader(h, "X-Content-Type-Options", valueNoSniff)
	w.WriteHeader(status)
	w.Write(line)
}
