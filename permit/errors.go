package permit

import (
	"errors"
	"fmt"
	"time"
)

// FieldError is a recipe field (or an argument) that does not parse: not an
// address, not an integer in range, an unknown operation. Field is its JSON
// path in the recipe ("typedData.message.value", "operation.recipient").
type FieldError struct {
	Field string
	Value string
	Err   error
}

func (e *FieldError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("permit: %s: %v", e.Field, e.Err)
	}
	return fmt.Sprintf("permit: %s %q: %v", e.Field, clip(e.Value), e.Err)
}

// Unwrap returns Err.
func (e *FieldError) Unwrap() error { return e.Err }

// MismatchError is a recipe field whose value is not what it must be: Got
// is the field's value, Want what it must equal and Source where Want comes
// from (another field of the recipe, such as "spender", or "expected" for a
// value of Expect). Values are written canonically (checksummed addresses,
// decimal integers), so they compare as strings.
type MismatchError struct {
	Field  string
	Got    string
	Want   string
	Source string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("permit: %s is %s, want %s (%s)", e.Field, clip(e.Got), clip(e.Want), e.Source)
}

// ExpiredError is a permit whose deadline has passed: Now is after Deadline,
// so the token would revert the permit (SignatureExpired). The server maps
// it to PermitExpired (410).
type ExpiredError struct {
	Deadline time.Time
	Now      time.Time
}

func (e *ExpiredError) Error() string {
	return fmt.Sprintf("permit: the permit expired at %s (now %s)",
		e.Deadline.UTC().Format(time.RFC3339), e.Now.UTC().Format(time.RFC3339))
}

// The kinds of SignatureError, for errors.Is.
var (
	// ErrSignatureEncoding: the signature text is not hex.
	ErrSignatureEncoding = errors.New("signature is not hex")
	// ErrSignatureLength: the signature is not 65 bytes (r‖s‖v).
	ErrSignatureLength = errors.New("signature is not 65 bytes")
	// ErrSignatureV: v (byte 64) is not 27 or 28 (nor 0 or 1).
	ErrSignatureV = errors.New("signature v is not 27 or 28")
	// ErrSignatureS: s is zero or in the upper half of the curve order; the
	// tokens (like OpenZeppelin's ECDSA) refuse such malleable signatures.
	ErrSignatureS = errors.New("signature s is not in the lower half of the curve order")
	// ErrSignatureR: r is zero or not below the curve order.
	ErrSignatureR = errors.New("signature r is out of range")
	// ErrSignatureRecovery: no public key recovers from the signature.
	ErrSignatureRecovery = errors.New("no signer recovers from the signature")
	// ErrSignerMismatch: the signature recovers to an account other than
	// the permit's owner.
	ErrSignerMismatch = errors.New("signature is not the owner's")
)

// SignatureError is a permit signature that cannot be valid for the recipe:
// Err is one of the ErrSignature* kinds or ErrSignerMismatch. The server
// maps it to InvalidPermitSignature (422).
type SignatureError struct {
	Err error
	// Detail adds what was found (a length, the recovered signer).
	Detail string
}

func (e *SignatureError) Error() string {
	if e.Detail == "" {
		return "permit: " + e.Err.Error()
	}
	return "permit: " + e.Err.Error() + ": " + e.Detail
}

// Unwrap returns Err.
func (e *SignatureError) Unwrap() error { return e.Err }

// clip shortens a value quoted back in an error, so hostile input cannot
// make an error large.
func clip(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}
