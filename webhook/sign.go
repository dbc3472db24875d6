package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The headers of every delivery.
const (
	// HeaderSignature carries the delivery's time and signature:
	// "t=UNIX_SECONDS,v1=HEX", where HEX is the HMAC-SHA256, keyed with the
	// webhook's secret, of the time's digits, a ".", and the body. Verify
	// checks it.
	HeaderSignature = "Orchestration-Signature"
	// HeaderEventID is the event's id, the body's "id" too: every attempt
	// to deliver one event carries the same, so a receiver drops the ones
	// it has seen.
	HeaderEventID = "Orchestration-Event-Id"
)

// DefaultTolerance is the age a receiver should accept of a delivery's
// time (Verify's tolerance), against replays.
const DefaultTolerance = 5 * time.Minute

// SecretPrefix starts every webhook secret.
const SecretPrefix = "whsec_"

// Errors of Verify, matched with errors.Is.
var (
	// ErrBadHeader: the signature header is missing or malformed.
	ErrBadHeader = errors.New("webhook: malformed " + HeaderSignature + " header")
	// ErrBadSignature: no signature of the header matches the body.
	ErrBadSignature = errors.New("webhook: signature does not match")
	// ErrTooOld: the signed time is further than the tolerance from now.
	ErrTooOld = errors.New("webhook: signed time outside the tolerance")
)

// NewSecret returns a new signing secret: SecretPrefix and 64 hex digits of
// 32 random bytes.
func NewSecret() string {
	var b [32]byte
	rand.Read(b[:])
	return SecretPrefix + hex.EncodeToString(b[:])
}

// signature is the hex HMAC-SHA256 of "t.body" under secret.
func signature(secret string, t int64, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(strconv.AppendInt(nil, t, 10))
	m.Write([]byte{'.'})
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// Sign returns the HeaderSignature value of body sent at now under secret.
func Sign(secret string, body []byte, now time.Time) string {
	t := now.Unix()
	return "t=" + strconv.FormatInt(t, 10) + ",v1=" + signature(secret, t, body)
}

// Verify checks a delivery as its receiver gets it: header is the
// HeaderSignature value, body the request body as received (before any
// decoding), now the receiver's time. It returns nil when a v1 signature
// of the header is body's under secret and the signed time is within
// tolerance of now (zero means DefaultTolerance); else an error wrapping
// ErrBadHeader, ErrBadSignature or ErrTooOld. The comparison takes the
// same time whatever the signature.
func Verify(secret, header string, body []byte, now time.Time, tolerance time.Duration) error {
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	var t int64
	var sigs []string
	haveTime := false
	for part := range strings.SplitSeq(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return fmt.Errorf("%w: %q is not key=value", ErrBadHeader, clip(part))
		}
		switch k {
		case "t":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || haveTime {
				return fmt.Errorf("%w: t must be one Unix time in seconds", ErrBadHeader)
			}
			t, haveTime = n, true
		case "v1":
			sigs = append(sigs, v)
		}
	}
	if !haveTime || len(sigs) == 0 {
		return fmt.Errorf("%w: want t=UNIX_SECONDS,v1=HEX", ErrBadHeader)
	}
	want := []byte(signature(secret, t, body))
	match := false
	for _, s := range sigs {
		match = hmac.Equal([]byte(s), want) || match
	}
	if !match {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(t, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: signed at %s, %v from now (tolerance %v)", ErrTooOld, time.Unix(t, 0).UTC().Format(time.RFC3339), d.Round(time.Second), tolerance)
	}
	return nil
}

// clip bounds text of a request put in an error.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "…"
	}
	return s
}
