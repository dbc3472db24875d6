// Package memprovider is an in-memory quote.Provider with fault injection,
// for testing the quote engine and anything built on it without a chain.
//
// A Provider answers routes it was given with fixed candidates (Route) or a
// function (RouteFunc), and every other route with quote.ErrNoRoute. Its
// exported fields inject faults: a delay, a permanent or transient failure,
// or a panic. Calls counts the calls it received.
//
// Configure a Provider (Route, RouteFunc and the fault fields) before it is
// used, or between calls; the configuration must not change while Quote runs.
// Quote itself is safe for concurrent use.
package memprovider

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync/atomic"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// ErrInjected is the failure a Provider returns when FailTimes is set and
// Fail is nil.
var ErrInjected = errors.New("memprovider: injected failure")

// QuoteFunc computes the answer for a route registered with RouteFunc.
type QuoteFunc func(ctx context.Context, req quote.Request) ([]quote.Candidate, error)

// Provider is an in-memory quote.Provider.
type Provider struct {
	// Delay makes every call wait this long before answering, or until its
	// context is done, whichever comes first.
	Delay time.Duration
	// Fail, if set, is returned by every call (after Delay).
	Fail error
	// FailTimes, if positive, makes only the first FailTimes calls fail,
	// with Fail or else ErrInjected; later calls succeed. It models a
	// transient failure.
	FailTimes int
	// Panic, if not nil, makes every call panic with this value.
	Panic any

	id     orchestration.ProviderID
	routes map[routeKey]QuoteFunc
	calls  atomic.Int64
}

type routeKey struct{ src, dst orchestration.AssetAddress }

var _ quote.Provider = (*Provider)(nil)

// New returns a Provider with the given identifier and no routes.
func New(id orchestration.ProviderID) *Provider {
	return &Provider{id: id, routes: make(map[routeKey]QuoteFunc)}
}

// Route makes the provider answer requests from src to dst with copies of
// cands; no candidates means it answers with an empty list. Addresses must be
// canonical (EIP-55 or base58), as in quote.Request. It returns p.
func (p *Provider) Route(src, dst orchestration.AssetAddress, cands ...quote.Candidate) *Provider {
	return p.RouteFunc(src, dst, func(context.Context, quote.Request) ([]quote.Candidate, error) {
		return cands, nil
	})
}

// RouteFunc makes the provider answer requests from src to dst with f. The
// candidates f returns are copied before they are handed out. It returns p.
func (p *Provider) RouteFunc(src, dst orchestration.AssetAddress, f QuoteFunc) *Provider {
	p.routes[routeKey{src, dst}] = f
	return p
}

// ID returns the identifier given to New.
func (p *Provider) ID() orchestration.ProviderID { return p.id }

// Calls returns the number of Quote calls so far, including failed ones.
func (p *Provider) Calls() int64 { return p.calls.Load() }

// Quote answers from the configured routes, after applying the injected
// faults in this order: cancellation, Delay, Panic, failure.
func (p *Provider) Quote(ctx context.Context, req quote.Request) ([]quote.Candidate, error) {
	n := p.calls.Add(1)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if p.Delay > 0 {
		t := time.NewTimer(p.Delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
	}
	if p.Panic != nil {
		panic(p.Panic)
	}
	switch {
	case p.FailTimes > 0 && n <= int64(p.FailTimes):
		if p.Fail != nil {
			return nil, p.Fail
		}
		return nil, ErrInjected
	case p.FailTimes <= 0 && p.Fail != nil:
		return nil, p.Fail
	}
	r := req.Route()
	f, ok := p.routes[routeKey{r.Source, r.Destination}]
	if !ok {
		return nil, fmt.Errorf("%w: %s has no route %s:%s to %s:%s", quote.ErrNoRoute, p.id,
			r.Source.Chain, r.Source.Address, r.Destination.Chain, r.Destination.Address)
	}
	cands, err := f(ctx, req)
	if err != nil {
		return nil, err
	}
	return clone(cands), nil
}

// clone deep-copies candidates, so callers cannot change the configuration
// by modifying what they were given.
func clone(cands []quote.Candidate) []quote.Candidate {
	if cands == nil {
		return nil
	}
	out := make([]quote.Candidate, len(cands))
	for i, c := range cands {
		out[i] = c
		if c.AmountOut != nil {
			out[i].AmountOut = new(big.Int).Set(c.AmountOut)
		}
		if c.Payloads != nil {
			out[i].Payloads = make([]orchestration.Payload, len(c.Payloads))
			for j, pl := range c.Payloads {
				if pl.Data.EVM != nil {
					evm := *pl.Data.EVM
					pl.Data.EVM = &evm
				}
				if pl.Data.SVM != nil {
					svm := *pl.Data.SVM
					pl.Data.SVM = &svm
				}
				if pl.Solver != nil {
					s := *pl.Solver
					if s.FeeBps != nil {
						fee := *s.FeeBps
						s.FeeBps = &fee
					}
					pl.Solver = &s
				}
				out[i].Payloads[j] = pl
			}
		}
	}
	return out
}
