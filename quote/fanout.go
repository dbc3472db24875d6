package quote

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime/debug"
	"sync"
	"time"
)

// answer is one provider's outcome with its valid candidates.
type answer struct {
	Outcome
	index      int // position among the queried providers
	candidates []Candidate
}

// errIgnoredDeadline marks a provider that did not return after its
// deadline plus the grace period, and was abandoned.
var errIgnoredDeadline = fmt.Errorf("provider ignored its deadline and was abandoned: %w", context.DeadlineExceeded)

// fanOut queries providers concurrently and returns their answers in
// provider order. Each provider gets its own deadline; one that ignores it is
// abandoned (its goroutine ends when it returns) after a grace period, so a
// misbehaving provider cannot hold a request for longer than the timeout. If
// ctx ends first, fanOut returns at once with a QuoteError wrapping ctx.Err();
// the providers' contexts are cancelled with it.
func (e *Engine) fanOut(ctx context.Context, req Request, providers []Provider) ([]answer, error) {
	answers := make([]answer, len(providers))
	ch := make(chan answer, len(providers)) // buffered: a late sender never blocks
	var wg sync.WaitGroup
	for i, p := range providers {
		wg.Go(func() {
			a := e.ask(ctx, p, req)
			a.index = i
			ch <- a
		})
	}

	start := time.Now()
	grace := time.NewTimer(e.timeout + min(e.timeout/2, time.Second))
	defer grace.Stop()
	for n := 0; n < len(providers); n++ {
		select {
		case a := <-ch:
			answers[a.index] = a
		case <-ctx.Done():
			return nil, abandoned(ctx.Err())
		case <-grace.C:
			for i, p := range providers {
				if answers[i].Status == 0 { // no answer yet
					answers[i] = answer{index: i, Outcome: Outcome{
						Provider: p.ID(), Status: StatusFailed,
						Duration: time.Since(start), Err: errIgnoredDeadline,
					}}
				}
			}
			return answers, nil
		}
	}
	wg.Wait() // every goroutine has sent; this only joins them
	return answers, nil
}

// ask calls one provider under its own deadline and classifies its answer.
func (e *Engine) ask(ctx context.Context, p Provider, req Request) answer {
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	// A private copy, so one provider that breaks the contract and modifies
	// the amount cannot race with the others.
	req.AmountIn = new(big.Int).Set(req.AmountIn)

	id := p.ID()
	start := time.Now()
	cands, err := e.call(ctx, p, req)
	a := answer{Outcome: Outcome{Provider: id, Duration: time.Since(start)}}
	switch {
	case errors.Is(err, ErrNoRoute):
		a.Status, a.Err = StatusNoRoute, err
		return a
	case err != nil:
		a.Status, a.Err = StatusFailed, err
		return a
	case len(cands) == 0:
		a.Status = StatusNoRoute
		return a
	}
	var invalid []error
	for i, c := range cands {
		if err := checkCandidate(c); err != nil {
			invalid = append(invalid, fmt.Errorf("candidate %d: %w", i, err))
			continue
		}
		a.candidates = append(a.candidates, c)
	}
	a.Candidates = len(a.candidates)
	switch {
	case len(a.candidates) == 0:
		a.Status, a.Err = StatusFailed, fmt.Errorf("no valid candidate: %w", errors.Join(invalid...))
	case len(invalid) > 0:
		a.Status = StatusOK
		e.log().WarnContext(ctx, "quote provider returned invalid candidates",
			"provider", string(id), "error", errors.Join(invalid...))
	default:
		a.Status = StatusOK
	}
	return a
}

// call runs p.Quote, turning a panic into that provider's failure.
func (e *Engine) call(ctx context.Context, p Provider, req Request) (cands []Candidate, err error) {
	defer func() {
		if r := recover(); r != nil {
			e.log().ErrorContext(ctx, "quote provider panicked",
				"provider", string(p.ID()), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			cands, err = nil, fmt.Errorf("provider panicked: %v", r)
		}
	}()
	return p.Quote(ctx, req)
}

// checkCandidate enforces the Candidate contract the ranking relies on.
func checkCandidate(c Candidate) error {
	switch {
	case c.AmountOut == nil || c.AmountOut.Sign() <= 0:
		return errors.New("amountOut must be greater than zero")
	case c.AmountOut.BitLen() > 256:
		return errors.New("amountOut must be below 2^256")
	case c.EstFillTime < 0:
		return errors.New("estFillTime must not be negative")
	case len(c.Payloads) == 0:
		return errors.New("no payloads")
	}
	for i, p := range c.Payloads {
		if (p.Data.EVM == nil) == (p.Data.SVM == nil) {
			return fmt.Errorf("payload %d must have exactly one of EVM and SVM data", i)
		}
		if p.Provider != "" && !p.Provider.IsKnown() {
			return fmt.Errorf("payload %d has unknown provider %q", i, p.Provider)
		}
	}
	return nil
}
