package quote_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// deferred is f with the leg's payloads moved into Leg.Build, counting the
// builds; broken, if set, replaces what Build returns.
func deferred(f memprovider.LegFunc, builds *atomic.Int32, broken func() ([]orchestration.Payload, error)) memprovider.LegFunc {
	return func(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
		l, err := f(ctx, leg)
		if err != nil {
			return l, err
		}
		payloads := l.Payloads
		l.Payloads = nil
		l.Build = func() ([]orchestration.Payload, error) {
			builds.Add(1)
			if broken != nil {
				return broken()
			}
			return payloads, nil
		}
		return l, nil
	}
}

// Payloads a provider defers to Leg.Build are built for the quotes returned
// only, and a build that fails, panics or yields a payload the checks
// refuse drops its route for the next one, blamed on its provider.
func TestDeferredPayloads(t *testing.T) {
	const best, next orchestration.ProviderID = "best-rate", "next-rate"
	stranger := orchestration.Payload{Annotation: "pays a stranger", Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Ethereum, ChainID: 1, To: "0x000000000000000000000000000000000000dEaD", Data: "0x", Value: "0"}}}
	for _, tc := range []struct {
		name   string
		broken func() ([]orchestration.Payload, error)
		want   orchestration.ProviderID // the provider of the one quote
		warn   string                   // the warning about best-rate's leg
	}{
		{name: "built", want: best},
		{name: "refused payload", want: next, broken: func() ([]orchestration.Payload, error) {
			return []orchestration.Payload{stranger}, nil
		}, warn: "building payloads: payload 0: calls 0x000000000000000000000000000000000000dEaD, which is neither a catalog token nor a known contract on Ethereum"},
		{name: "no payloads", want: next, broken: func() ([]orchestration.Payload, error) { return nil, nil },
			warn: "building payloads: no payloads"},
		{name: "panic", want: next, broken: func() ([]orchestration.Payload, error) { panic("boom") },
			warn: "building payloads: provider panicked: boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var bestBuilds, nextBuilds atomic.Int32
			p1 := memprovider.New(best).Edge(edge(mEth, wMEth), deferred(rate(2, 1, 0), &bestBuilds, tc.broken))
			p2 := memprovider.New(next).Edge(edge(mEth, wMEth), deferred(rate(1, 1, 0), &nextBuilds, nil))
			e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{p1, p2}})
			req := request(wMEth)
			req.MaxNumQuotes = ptr(1)
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{hopText(tc.want, mEth, wMEth)}, routesOf(quotes)); diff != "" {
				t.Errorf("routes (-want +got):\n%s", diff)
			}
			if len(quotes[0].Payloads) != 1 || quotes[0].Payloads[0].Provider != tc.want {
				t.Errorf("payloads %+v, want the leg's one payload", quotes[0].Payloads)
			}
			wantNext := int32(0) // the losing route is never built
			if tc.broken != nil {
				wantNext = 1
			}
			if bestBuilds.Load() != 1 || nextBuilds.Load() != wantNext {
				t.Errorf("builds: %s %d, %s %d; want 1 and %d", best, bestBuilds.Load(), next, nextBuilds.Load(), wantNext)
			}
			warns := rec.find(slog.LevelWarn, "quote provider failed")
			switch {
			case tc.warn == "" && len(warns) != 0:
				t.Errorf("warnings %+v, want none", warns)
			case tc.warn != "" && (len(warns) != 1 || warns[0].Attrs["provider"].String() != string(best) || warns[0].Attrs["error"].String() != tc.warn):
				t.Errorf("warnings %+v, want one blaming %s: %s", warns, best, tc.warn)
			}
		})
	}
}

// A request's legs come from a pooled block (legBlocks): requests of other
// amounts, routes and outcomes on one engine must answer as each would on
// an engine of its own.
func TestReusedLegsCarryNothingOver(t *testing.T) {
	providers := func() []quote.Provider {
		return []quote.Provider{
			memprovider.New("two-legs").Edge(edge(mEth, usdcEth), rate(999, 1000, 0)).Edge(edge(usdcEth, wMEth), rate(1001, 1000, 0)),
			swap(),
		}
	}
	shared, _ := newEngine(t, quote.Config{Providers: providers()})
	for i, amount := range []string{"1000000", "7", "2500000", "1000000", "999999999"} {
		req := request(wMEth)
		req.AmountIn = amount
		req.MaxNumQuotes = ptr(5)
		if i%2 == 1 {
			req.Recipient = other
		}
		fresh, _ := newEngine(t, quote.Config{Providers: providers()})
		want, wantErr := fresh.Quote(context.Background(), req)
		got, err := shared.Quote(context.Background(), req)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("amount %s: error %v, a fresh engine's %v", amount, err, wantErr)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("amount %s: quotes differ from a fresh engine's (-fresh +shared):\n%s", amount, diff)
		}
	}
}
