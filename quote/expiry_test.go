package quote_test

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// TestQuoteExpiresAtEarliestLeg: a quote's expiresAt is the earliest
// ValidUntil of its legs, a leg without one bounding nothing, and a
// quote none of whose legs is bounded has none.
func TestQuoteExpiresAtEarliestLeg(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
	valid := func(d time.Duration) func(*quote.Leg) {
		return func(l *quote.Leg) {
			if d != 0 {
				l.ValidUntil = t0.Add(d)
			}
		}
	}
	tests := []struct {
		name        string
		first, then time.Duration // the two legs' validity after t0; 0: none
		want        int64
	}{
		{"first leg earlier", 36 * time.Second, 5 * time.Minute, t0.Unix() + 36},
		{"second leg earlier", 10 * time.Minute, 90 * time.Second, t0.Unix() + 90},
		{"only the second bounded", 0, 150 * time.Second, t0.Unix() + 150},
		{"only the first bounded", 45 * time.Second, 0, t0.Unix() + 45},
		{"a fraction of a second is not claimed", 1500 * time.Millisecond, time.Hour, t0.Unix() + 1},
		{"none bounded", 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := memprovider.New("a").Edge(edge(mEth, usdcEth), legFunc(legSpec{edit: valid(tc.first)}))
			b := memprovider.New("b").Edge(edge(usdcEth, wMEth), legFunc(legSpec{edit: valid(tc.then)}))
			e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{a, b}})
			quotes, err := e.Quote(context.Background(), request(wMEth))
			if err != nil {
				t.Fatal(err)
			}
			if len(quotes) != 1 {
				t.Fatalf("%d quotes, want the one two-leg route", len(quotes))
			}
			if got := quotes[0].ExpiresAt; got != tc.want {
				t.Errorf("expiresAt = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestQuoteExpiresAtPerRoute: each quote carries its own route's bound,
// not the request's earliest.
func TestQuoteExpiresAtPerRoute(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
	at := func(d time.Duration) func(*quote.Leg) { return func(l *quote.Leg) { l.ValidUntil = t0.Add(d) } }
	short := memprovider.New("short").Edge(edge(mEth, wMEth), legFunc(legSpec{num: 2, den: 1, edit: at(12 * time.Second)}))
	long := memprovider.New("long").Edge(edge(mEth, wMEth), legFunc(legSpec{edit: at(time.Hour)}))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{short, long}})
	req := request(wMEth)
	req.MaxNumQuotes = ptr(2)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := map[orchestration.ProviderID]int64{"short": t0.Unix() + 12, "long": t0.Unix() + 3600}
	if len(quotes) != 2 {
		t.Fatalf("%d quotes, want 2", len(quotes))
	}
	for _, q := range quotes {
		id := q.Payloads[len(q.Payloads)-1].Provider
		if q.ExpiresAt != want[id] {
			t.Errorf("%s: expiresAt = %d, want %d", id, q.ExpiresAt, want[id])
		}
	}
}

func TestStateValidUntil(t *testing.T) {
	now := time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
	bt := 12 * time.Second
	tests := []struct {
		name  string
		stamp time.Time
		want  time.Time
	}{
		{"fresh block: three blocks after it", now.Add(-5 * time.Second), now.Add(31 * time.Second)},
		{"block just mined", now, now.Add(36 * time.Second)},
		{"block exactly one block time old", now.Add(-bt), now.Add(24 * time.Second)},
		{"quiet chain: counted from one block time ago", now.Add(-10 * time.Minute), now.Add(24 * time.Second)},
		{"chain clock ahead of ours", now.Add(2 * time.Second), now.Add(38 * time.Second)},
	}
	for _, tc := range tests {
		if got := quote.StateValidUntil(tc.stamp, now, 3, bt); !got.Equal(tc.want) {
			t.Errorf("%s: StateValidUntil = %s, want %s", tc.name, got.Format(time.TimeOnly), tc.want.Format(time.TimeOnly))
		}
	}
	if got := quote.Earliest(time.Time{}, now.Add(time.Minute), now, time.Time{}); !got.Equal(now) {
		t.Errorf("Earliest = %s, want %s", got, now)
	}
	if got := quote.Earliest(time.Time{}, time.Time{}); !got.IsZero() {
		t.Errorf("Earliest of no bounds = %s, want zero", got)
	}
}

// validPermitSwaps are permitSwaps whose legs hold until valid.
type validPermitSwaps struct {
	permitSwaps
	valid time.Time
}

func (p validPermitSwaps) PermitLeg(ctx context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	pl, err := p.permitSwaps.PermitLeg(ctx, leg, deadline)
	pl.ValidUntil = p.valid
	return pl, err
}

// TestPermitQuoteExpiresAt: a permit quote expires at the earliest of its
// permits' deadlines (the chain's clock, 1000, plus the horizon), as the
// spec defines it, whatever its legs' validity (decision 86): /permit/build
// builds until then.
func TestPermitQuoteExpiresAt(t *testing.T) {
	multicall := common.HexToAddress("0x00000000000000000000000000000000000a00ff")
	for _, tc := range []struct {
		name  string
		valid time.Time
		want  int64
	}{
		{"no bound of the leg: the permit's deadline", time.Time{}, 1600},
		{"the leg's validity earlier: still the permit's deadline", time.Unix(1036, 0), 1600},
		{"the permit's deadline first", time.Unix(5000, 0), 1600},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := permitChain(t, common.Hash{})
			r.set(orchestration.Ethereum, evm.ClockCall(multicall), 1000)
			cat := catalogWithMulticall(t, multicall)
			e, _ := newEngine(t, quote.Config{Catalog: cat, Runtimes: evmRuntimes(cat, r), Providers: []quote.Provider{
				validPermitSwaps{newPermitSwaps(sfID, quote.Edge{From: mEth, To: wMEth, Spender: facility}), tc.valid},
			}})
			req, err := quote.ValidateRequest(cat, request(wMEth), e.Rules())
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.PermitQuoteRequest(context.Background(), req, quote.PermitOptions{Horizon: 10 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			q := got.Quotes[0]
			if q.ExpiresAt != tc.want || q.Recipes[0].TypedData.Message.Deadline != "1600" {
				t.Errorf("expiresAt %d, permit deadline %s; want %d and 1600", q.ExpiresAt, q.Recipes[0].TypedData.Message.Deadline, tc.want)
			}
		})
	}
}
