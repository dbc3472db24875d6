package app_test

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/hostedapi"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// TestQuoteExpiresAtOnDevnet: over HTTP on the devnet, every quote of a
// route class carries expiresAt, in the future, equal to the earliest of
// its legs' bounds, recomputed here from what the legs rest on: the
// state horizon after the quote for the facility and the portal, the
// pool's state three block times after the block's timestamp for the AMM
// (never past its deadline), the fill deadline for the devnet solver's
// orders (its offers name no expiry). A quote executed before it expires
// delivers.
func TestQuoteExpiresAtOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	horizon := int64(quote.DefaultStateHorizon / time.Second)
	for _, tc := range []struct {
		name      string
		from, to  orchestration.AssetAddress
		amount    string
		include   []orchestration.ProviderID
		providers string
		// bound is the earliest leg's bound for a quote asked at asked
		// and answered at answered, when the source chain's head block is
		// dated stamp: the bounds the providers' clocks allow, lo to hi.
		bound   func(asked, answered, stamp int64) (lo, hi int64)
		execute bool
	}{
		{"same-chain swap", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD"), "1000000",
			[]orchestration.ProviderID{orchestration.ProviderMSwapFacility}, "m-swap-facility",
			func(asked, answered, _ int64) (int64, int64) { return asked + horizon, answered + horizon }, true},
		{"AMM", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.Sepolia, "wM"), "1000000",
			[]orchestration.ProviderID{orchestration.ProviderUniswapV3}, "uniswap-v3",
			func(asked, answered, stamp int64) (int64, int64) {
				amm := func(now int64) int64 {
					from := max(stamp, now-int64(quote.DefaultBlockTime/time.Second))
					return min(from+horizon, stamp+int64(uniswapv3.DefaultDeadline/time.Second))
				}
				return amm(asked), amm(answered)
			}, true},
		{"portal", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "wM"), "1000000",
			[]orchestration.ProviderID{orchestration.ProviderMPortal}, "m-portal",
			func(asked, answered, _ int64) (int64, int64) { return asked + horizon, answered + horizon }, false},
		{"limit order", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "mUSD"), "1000000",
			[]orchestration.ProviderID{orchestration.ProviderLimitOrder}, "limit-order",
			func(_, _, stamp int64) (int64, int64) {
				d := stamp + int64(limitorder.DefaultFillHorizon/time.Second)
				return d, d
			}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := orchestration.QuoteRequest{
				Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountIn: tc.amount,
				Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(), MaxNumQuotes: ptr(5),
				Providers: &orchestration.ProvidersParams{Include: tc.include},
			}
			var quotes []orchestration.Quote
			var asked, answered, stamp int64
			// The block the quote priced at is the followed head; a head
			// that moved while it was asked leaves the block unknown, and
			// the request is asked again.
			for try := 0; ; try++ {
				before := s.head(t, tc.from.Chain)
				asked = time.Now().Unix()
				var got answer
				if quotes, got = s.quote(t, req); quotes == nil {
					t.Fatalf("quote: %d %s", got.status, got.body)
				}
				answered = time.Now().Unix() + 1 // the clocks' seconds are floored
				if after := s.head(t, tc.from.Chain); after == before {
					stamp = s.blockTime(t, tc.from.Chain, before)
					break
				}
				if try == 5 {
					t.Fatal("the head moved under every request")
				}
			}
			for i, q := range quotes {
				if providersOf(q) != tc.providers {
					t.Fatalf("quote %d: providers %s, want %s", i, providersOf(q), tc.providers)
				}
				if q.ExpiresAt <= time.Now().Unix() {
					t.Errorf("quote %d: expiresAt %d is not in the future (now %d)", i, q.ExpiresAt, time.Now().Unix())
				}
				lo, hi := tc.bound(asked, answered, stamp)
				if q.ExpiresAt < lo || q.ExpiresAt > hi {
					t.Errorf("quote %d: expiresAt %d, want the earliest leg's bound, in [%d, %d] (asked at %d, block dated %d)",
						i, q.ExpiresAt, lo, hi, asked, stamp)
				}
			}
			t.Logf("%d quotes; the first expires %ds after it was asked (block dated %+ds)", len(quotes), quotes[0].ExpiresAt-asked, stamp-asked)
			if !tc.execute {
				return
			}
			q := quotes[0]
			if now := time.Now().Unix(); now >= q.ExpiresAt {
				t.Fatalf("the quote expired (%d) before it could be executed (%d)", q.ExpiresAt, now)
			}
			got := s.execute(t, alice, q)
			min, _ := new(big.Int).SetString(q.MinAmountOut, 10)
			if got.Cmp(min) < 0 {
				t.Errorf("bob received %s executing before expiresAt, want at least %s", got, q.MinAmountOut)
			}
		})
	}
}

// head is the newest block of chain the service has seen.
func (s *devnetServer) head(t *testing.T, chain orchestration.Chain) uint64 {
	t.Helper()
	h, _, ok := s.app.Reader().Head(chain)
	if !ok {
		t.Fatalf("the service follows no head of %s", chain)
	}
	return h
}

// blockTime is the timestamp of chain's block n.
func (s *devnetServer) blockTime(t *testing.T, chain orchestration.Chain, n uint64) int64 {
	t.Helper()
	c, ok := s.app.Devnet().Chain(chain)
	if !ok {
		t.Fatalf("no devnet chain %s", chain)
	}
	h, err := c.Client().HeaderByNumber(context.Background(), new(big.Int).SetUint64(n))
	if err != nil {
		t.Fatal(err)
	}
	return int64(h.Time)
}

// A client generated from the hosted service's OpenAPI document, which
// has no expiresAt on a quote, reads quotes carrying one: the field is
// additive.
func TestQuoteExpiryReadByAHostedClient(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the devnet")
	}
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	quotes, got := s.quote(t, orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "USDC"), Destination: s.ref(t, orchestration.BaseSepolia, "mUSD")},
		AmountIn: "1000000", Sender: alice.Address.Hex(), MaxNumQuotes: ptr(5),
	})
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	var theirs []hostedapi.Quote
	if err := json.Unmarshal(got.body, &theirs); err != nil {
		t.Fatalf("the hosted client cannot read the quotes: %v", err)
	}
	if len(theirs) != len(quotes) {
		t.Fatalf("the hosted client read %d quotes of %d", len(theirs), len(quotes))
	}
	for i, q := range quotes {
		if q.ExpiresAt == 0 || !strings.Contains(string(got.body), `"expiresAt":`) {
			t.Fatalf("quote %d has no expiresAt: %s", i, got.body)
		}
		h := theirs[i]
		if h.AmountIn != q.AmountIn || h.AmountOut != q.AmountOut || int64(h.EstFillTime) != q.EstFillTime || len(h.Payloads) != len(q.Payloads) {
			t.Errorf("quote %d as the hosted client reads it: %+v; as served: %+v", i, h, q)
		}
	}
}
