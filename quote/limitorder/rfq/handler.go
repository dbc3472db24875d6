package rfq

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/internal/strictjson"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// Verifier authenticates the requests a solver receives: their signature,
// their timestamp and, within the window, that their request id is new.
// It is safe for concurrent use. The request ids it has seen are in its
// memory: a solver running several replicas behind one URL refuses a
// replay only on the replica that saw the request, so it should route a
// service's requests to one replica, or share the ids itself.
type Verifier struct {
	// Secret is the secret shared with the service (at least MinSecretLen
	// bytes).
	Secret []byte
	// Window is how far a request's timestamp may be from Now, either
	// way; zero means DefaultWindow.
	Window time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	mu   sync.Mutex
	seen map[string]time.Time // request id -> when it may be forgotten
	next time.Time            // when seen is pruned next
}

func (v *Verifier) window() time.Duration {
	if v.Window > 0 {
		return v.Window
	}
	return DefaultWindow
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

// Verify checks r, whose body is body. Its error is an *Error (401
// Unauthorized) saying which check failed. A request that passes is
// remembered: the same request id is refused until its timestamp is out of
// the window.
func (v *Verifier) Verify(r *http.Request, body []byte) error {
	id := r.Header.Get(HeaderRequestID)
	refuse := func(format string, args ...any) error {
		return &Error{Status: http.StatusUnauthorized, ErrorBody: ErrorBody{Code: Unauthorized, Message: fmt.Sprintf(format, args...), RequestID: idOrEmpty(id)}}
	}
	if len(v.Secret) < MinSecretLen {
		return refuse("the solver has no secret configured")
	}
	ts := r.Header.Get(HeaderTimestamp)
	sig := r.Header.Get(HeaderSignature)
	if id == "" || ts == "" || sig == "" {
		return refuse("the %s, %s and %s headers are required", HeaderRequestID, HeaderTimestamp, HeaderSignature)
	}
	if !ValidRequestID(id) {
		return refuse("%s must be 1 to 64 letters, digits, '-' or '_'", HeaderRequestID)
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return refuse("%s must be Unix seconds", HeaderTimestamp)
	}
	if !sameSignature(sig, SignRequest(v.Secret, r.Method, r.URL.EscapedPath(), unix, id, body)) {
		return refuse("the signature does not match the request (a wrong secret, or a request changed on the way)")
	}
	now, w := v.now(), v.window()
	at := time.Unix(unix, 0)
	if at.Before(now.Add(-w)) || at.After(now.Add(w)) {
		return refuse("the timestamp %d is more than %s from the solver's clock (%d)", unix, w, now.Unix())
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if !now.Before(v.next) {
		for k, until := range v.seen {
			if now.After(until) {
				delete(v.seen, k)
			}
		}
		v.next = now.Add(w)
	}
	if _, dup := v.seen[id]; dup {
		return refuse("request id %s was already used", id)
	}
	if v.seen == nil {
		v.seen = map[string]time.Time{}
	}
	v.seen[id] = at.Add(w)
	return nil
}

// idOrEmpty is id when it may be echoed in an answer.
func idOrEmpty(id string) string {
	if ValidRequestID(id) {
		return id
	}
	return ""
}

// OfferFunc is a solver's pricing: its Offer for req, or nil (or
// limitorder.ErrNoOffer) for none. ctx ends at req.Deadline.
type OfferFunc func(ctx context.Context, req Request) (*Offer, error)

// MaxRequestBytes bounds a request body the Handler reads.
const MaxRequestBytes = 64 << 10

// Handler answers the protocol around offer: it verifies each request with
// v, decodes it strictly, asks offer and signs its answer with v's secret.
// Refusals are the documented error bodies; a failing offer is a 500
// OfferFailed, logged to logger (nil: slog.Default()).
func Handler(v *Verifier, offer OfferFunc, logger *slog.Logger) http.Handler {
	if logger == nil {
		logger = slog.Default()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := idOrEmpty(r.Header.Get(HeaderRequestID))
		fail := func(status int, code Code, format string, args ...any) {
			writeError(w, &Error{Status: status, ErrorBody: ErrorBody{Code: code, Message: fmt.Sprintf(format, args...), RequestID: id}})
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			fail(http.StatusMethodNotAllowed, MethodNotAllowed, "only POST is answered, not %s", r.Method)
			return
		}
		if ct := r.Header.Get("Content-Type"); ct != "" {
			if mt, params, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" || (params["charset"] != "" && !strings.EqualFold(params["charset"], "utf-8")) {
				fail(http.StatusUnsupportedMediaType, BadOfferRequest, "the body must be application/json in UTF-8, not %q", ct)
				return
			}
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxRequestBytes+1))
		if err != nil {
			fail(http.StatusBadRequest, BadOfferRequest, "reading the body: %v", err)
			return
		}
		if len(body) > MaxRequestBytes {
			fail(http.StatusRequestEntityTooLarge, BadOfferRequest, "the body is over %d bytes", MaxRequestBytes)
			return
		}
		if err := v.Verify(r, body); err != nil {
			writeError(w, err.(*Error))
			return
		}
		var req Request
		if err := decodeStrict(body, &req); err != nil {
			fail(http.StatusBadRequest, BadOfferRequest, "%v", err)
			return
		}
		if err := req.validate(id); err != nil {
			fail(http.StatusBadRequest, BadOfferRequest, "%v", err)
			return
		}
		ctx, cancel := context.WithDeadline(r.Context(), req.Deadline)
		defer cancel()
		o, err := offer(ctx, req)
		if errors.Is(err, limitorder.ErrNoOffer) {
			o, err = nil, nil
		}
		if err != nil {
			logger.Error("rfq: the offer failed", "requestId", id, "err", err)
			fail(http.StatusInternalServerError, OfferFailed, "the solver could not price the leg")
			return
		}
		out, err := json.Marshal(Response{Offer: o})
		if err != nil {
			fail(http.StatusInternalServerError, OfferFailed, "encoding the offer: %v", err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set(HeaderRequestID, id)
		h.Set(HeaderSignature, SignResponse(v.Secret, id, http.StatusOK, out))
		w.WriteHeader(http.StatusOK)
		w.Write(out)
	})
}

func writeError(w http.ResponseWriter, e *Error) {
	b, _ := json.Marshal(e.ErrorBody)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	w.Write(b)
}

// validate checks what decoding cannot: the request id is the header's,
// the fields are present.
func (r Request) validate(headerID string) error {
	switch {
	case r.RequestID != headerID:
		return fmt.Errorf("requestId %q is not the %s header's %q", r.RequestID, HeaderRequestID, headerID)
	case r.Deadline.IsZero():
		return errors.New("deadline is required")
	case r.From.Chain == "" || r.From.Address == "" || r.To.Chain == "" || r.To.Address == "":
		return errors.New("from and to need a chain and an address")
	case r.AmountOut != nil && (r.AmountOut.Int == nil || r.AmountOut.Sign() <= 0):
		return errors.New("amountOut, when set, must be greater than zero")
	case r.AmountOut != nil && r.AmountIn.Int != nil && r.AmountIn.Sign() != 0:
		return errors.New("an exact-output ask (amountOut) has amountIn \"0\"")
	case r.AmountOut == nil && (r.AmountIn.Int == nil || r.AmountIn.Sign() <= 0):
		return errors.New("amountIn must be greater than zero")
	case r.Recipient == "":
		return errors.New("recipient is required")
	}
	return nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields,
// keys in another case, duplicate keys and trailing data.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("not valid JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("not valid JSON: data after the value")
	}
	if err := strictjson.CheckKeys(b, reflect.TypeOf(v).Elem(), true); err != nil {
		return err
	}
	return nil
}
