package quote

import (
	"context"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// Observer is told about every quote request that passed validation and was
// not abandoned by its caller, so that route topology and per-provider
// statistics can be fed by quote traffic. ObserveQuote is called on the
// request's goroutine after ranking and before Quote returns, so it must be
// quick (hand work to a queue) and safe for concurrent use; it must not
// modify the observation.
type Observer interface {
	ObserveQuote(ctx context.Context, o Observation)
}

// Observation is what one quote request did.
type Observation struct {
	Request Request
	// Quotes are the quotes returned to the caller, best first; empty when
	// the request failed with NoQuotesAvailable or QuoteError.
	Quotes []orchestration.Quote
	// Outcomes has one entry per provider the request selected, in
	// configuration order.
	Outcomes []Outcome
}

// Outcome is how one provider answered one request.
type Outcome struct {
	Provider orchestration.ProviderID
	Status   Status
	// Duration is the longest of its leg calls, from the call to its
	// answer or to the moment the engine stopped waiting for it.
	Duration time.Duration
	// Legs counts the legs it priced.
	Legs int
	// Err is the provider's error, for StatusNoRoute (when it gave one) and
	// StatusFailed. It may hold internal detail: log it, never show it.
	Err error
}

// Status classifies a provider's answer.
type Status int

const (
	// StatusOK: the provider priced at least one leg.
	StatusOK Status = iota + 1
	// StatusNoRoute: the provider served no leg of the request (no edge on
	// any candidate route, or ErrNoRoute at the amount).
	StatusNoRoute
	// StatusFailed: no leg priced, and a call failed: an unexpected error,
	// an invalid leg, a panic, no answer within ProviderTimeout, its edges
	// unavailable, or a chain read the leg needed.
	StatusFailed
)

func (s Status) String() string {
	switch s {
	case StatusOK:
		return "ok"
	case StatusNoRoute:
		return "no-route"
	case StatusFailed:
		return "failed"
	}
	return "unknown"
}
