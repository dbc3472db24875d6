package quote_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// The Wormhole Executor's error is the engine's ServiceUnavailable.
var _ quote.ServiceUnavailable = (*executor.Error)(nil)

// A route whose leg needs an outside service that is down (the Wormhole
// Executor, for a portal transfer it relays) fails alone: a request with
// other routes gets their quotes, and a request whose every route needed
// the service fails with a QuoteError naming it, with when to retry.
func TestOutsideServiceDownFailsOnlyTheRoutesNeedingIt(t *testing.T) {
	// execDown is the Executor's answer to the portal's leg: the client's
	// error, whose endpoint is the printable base URL.
	execDown := func(status int, retry time.Duration) error {
		return &executor.Error{Endpoint: "https://executor.example", Status: status, RetryAfter: retry, Message: "down for maintenance",
			Err: errors.New("connection refused")}
	}
	chainDown := &evm.UnavailableError{Chain: orchestration.Arbitrum, RetryAfter: 4 * time.Second, Err: errors.New("node down")}
	// portal is m-portal with one edge, every leg failing with fail (the
	// provider wraps it, as a real one adds the route to the error).
	portal := func(fail error, e quote.Edge) quote.Provider {
		p := memprovider.New(portalID).Edge(e, rate(1, 1, time.Minute))
		p.Fail = errors.Join(errors.New("relay quote"), fail)
		return p
	}
	for _, tt := range []struct {
		name      string
		providers func() []quote.Provider
		reader    *fakeReader // nil: no chain is read
		dst       asset.AssetInfo
		// wantMsg and wantRetry are the QuoteError's; empty wantMsg wants
		// wantRoutes quoted.
		wantMsg    string
		wantRetry  time.Duration
		wantRoutes []string
	}{{
		name: "only routes through the Executor, which says when to retry",
		providers: func() []quote.Provider {
			return []quote.Provider{portal(execDown(503, 7*time.Second), edge(mEth, mArb))}
		},
		dst:       mArb,
		wantMsg:   "the Wormhole Executor did not answer; retry later",
		wantRetry: 7 * time.Second,
	}, {
		name:      "only routes through the Executor, unreachable: no hint, a second",
		providers: func() []quote.Provider { return []quote.Provider{portal(execDown(0, 0), edge(mEth, mArb))} },
		dst:       mArb,
		wantMsg:   "the Wormhole Executor did not answer; retry later",
		wantRetry: time.Second,
	}, {
		name: "the Executor and a chain: both named, the longer hint",
		providers: func() []quote.Provider {
			return []quote.Provider{
				portal(execDown(429, 9*time.Second), edge(mEth, wMArb)),
				memprovider.New(cctpID).Edge(edge(mEth, mArb), rate(1, 1, 0)),
				newAMM(orchestration.ProviderKyberSwap, true).edge(mArb, wMArb),
			}
		},
		reader:    &fakeReader{compute: ammCompute, fail: map[orchestration.Chain]error{orchestration.Arbitrum: chainDown}},
		dst:       wMArb,
		wantMsg:   "Arbitrum and the Wormhole Executor did not answer; retry later",
		wantRetry: 9 * time.Second,
	}, {
		name: "another route does not need the Executor: it is quoted",
		providers: func() []quote.Provider {
			return []quote.Provider{
				portal(execDown(503, 7*time.Second), edge(mEth, mArb)),
				memprovider.New(cctpID).Edge(edge(mEth, mArb), rate(999, 1000, time.Minute)),
			}
		},
		dst:        mArb,
		wantRoutes: []string{hopText(cctpID, mEth, mArb)},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := quote.Config{Providers: tt.providers()}
			if tt.reader != nil {
				cfg.Runtimes = evmRuntimes(nil, tt.reader)
			}
			e, rec := newEngine(t, cfg)
			req := request(tt.dst)
			req.MaxNumQuotes = ptr(10)
			quotes, err := e.Quote(context.Background(), req)
			warns := rec.find(slog.LevelWarn, "quote provider failed")
			if !slices.ContainsFunc(warns, func(w logRecord) bool {
				return w.Attrs["provider"].String() == string(portalID) && strings.Contains(w.Attrs["error"].String(), "executor https://executor.example")
			}) {
				t.Errorf("warnings %+v, want one for m-portal with the Executor's failure", warns)
			}
			if tt.wantMsg == "" {
				if err != nil {
					t.Fatalf("Quote: %v; want the routes not needing the Executor", err)
				}
				if diff := cmp.Diff(tt.wantRoutes, routesOf(quotes)); diff != "" {
					t.Errorf("quotes (-want +got):\n%s", diff)
				}
				return
			}
			oe := wantError(t, err, orchestration.QuoteError, tt.wantMsg)
			if oe.RetryAfter != tt.wantRetry {
				t.Errorf("RetryAfter = %s, want %s", oe.RetryAfter, tt.wantRetry)
			}
			if _, ok := errors.AsType[*executor.Error](err); !ok {
				t.Errorf("error %v does not wrap the Executor's", err)
			}
			if strings.Contains(oe.Message, "executor.example") || strings.Contains(oe.Message, "maintenance") {
				t.Errorf("message names internals: %q", oe.Message)
			}
		})
	}
}
