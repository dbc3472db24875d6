package orchestration_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

func TestWrapGivesTheOuterCode(t *testing.T) {
	// A quote validation error surfacing through the permit endpoint must
	// carry the permit endpoint's code, with the inner message kept.
	inner := orchestration.Errorf(orchestration.BadQuoteRequest, "amountIn must be a whole number")
	outer := orchestration.Wrap(orchestration.BadPermitRequest, fmt.Errorf("validate: %w", inner), "")
	if outer.Code != orchestration.BadPermitRequest {
		t.Fatalf("code = %s, want the outer %s", outer.Code, orchestration.BadPermitRequest)
	}
	if outer.Message != inner.Message {
		t.Fatalf("message = %q, want the inner %q", outer.Message, inner.Message)
	}
	if code, _ := orchestration.CodeOf(fmt.Errorf("handler: %w", outer)); code != orchestration.BadPermitRequest {
		t.Fatalf("CodeOf = %s: the outermost code must win", code)
	}
	var got *orchestration.Error
	if !errors.As(outer.Err, &got) || got != inner {
		t.Fatal("the inner error is no longer reachable through the cause")
	}
	if again := orchestration.Wrap(orchestration.BadPermitRequest, outer, ""); again != outer {
		t.Fatal("re-wrapping with the same code and no message must return the error unchanged")
	}
	if m := orchestration.Wrap(orchestration.BadPermitRequest, inner, "permit: bad route").Message; m != "permit: bad route" {
		t.Fatalf("explicit message = %q", m)
	}
}

func TestWrapKeepsCauseForErrorsIs(t *testing.T) {
	e := orchestration.Wrap(orchestration.QuoteError, context.DeadlineExceeded, "provider timed out")
	if !errors.Is(e, context.DeadlineExceeded) {
		t.Fatal("cause lost")
	}
	if e.Message != "provider timed out" {
		t.Fatalf("message = %q; the cause must not leak into the caller-facing message", e.Message)
	}
	wrapped := fmt.Errorf("handler: %w", e)
	code, ok := orchestration.CodeOf(wrapped)
	if !ok || code != orchestration.QuoteError {
		t.Fatalf("CodeOf = %q, %v", code, ok)
	}
	if _, ok := orchestration.CodeOf(errors.New("plain")); ok {
		t.Fatal("CodeOf found a code in a plain error")
	}
}

func TestErrorfFormats(t *testing.T) {
	if got := orchestration.Errorf(orchestration.BadQuoteRequest, "%s is required", "sender").Message; got != "sender is required" {
		t.Fatalf("message = %q", got)
	}
}

func TestKnownCodesAreDistinct(t *testing.T) {
	seen := map[orchestration.Code]bool{}
	for _, c := range orchestration.KnownCodes() {
		if seen[c] {
			t.Fatalf("duplicate code %s", c)
		}
		seen[c] = true
	}
	if len(seen) != 27 {
		t.Fatalf("got %d codes, want the spec's 14, docs/decisions.md's 5, NotImplemented, the transfer status's 4 (decision 84) and the stores' 3 (decision 100)", len(seen))
	}
}

func TestRequestIDContext(t *testing.T) {
	ctx := orchestration.ContextWithRequestID(context.Background(), "req-1")
	if got := orchestration.RequestIDFromContext(ctx); got != "req-1" {
		t.Fatalf("got %q", got)
	}
	if got := orchestration.RequestIDFromContext(context.Background()); got != "" {
		t.Fatalf("got %q from an empty context", got)
	}
}
