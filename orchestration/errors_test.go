package orchestration_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

func TestWrapKeepsInnermostCode(t *testing.T) {
	inner := orchestration.Errorf(orchestration.NoQuotesAvailable, "no provider can quote")
	outer := orchestration.Wrap(orchestration.QuoteError, fmt.Errorf("fan-out: %w", inner), "quote failed")
	if outer.Code != orchestration.NoQuotesAvailable {
		t.Fatalf("Wrap relabelled %s as %s", orchestration.NoQuotesAvailable, outer.Code)
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
	if len(seen) != 20 {
		t.Fatalf("got %d codes, want the spec's 14, DECISIONS' 5 and NotImplemented", len(seen))
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
