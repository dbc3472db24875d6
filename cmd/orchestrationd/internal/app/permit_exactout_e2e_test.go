package app_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// Exact output by permit over HTTP on the devnet (decision 96): POST
// /permit/quote with amountOut, the recipe signed with carol's key, built
// by POST /permit/build (which re-validates it unchanged: the permit's
// value is the operation's amount, the spender its target), executed; bob
// receives at least amountOut and carol spends at most the quote's
// amountIn. The Portal has no permit form, so the cross-chain route is the
// limit order, whose order locks its input.
func TestPermitQuoteExactOutputExecutesOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	bob, _ := devnet.AccountByName("bob")
	for _, tc := range []struct {
		name      string
		from, to  orchestration.AssetAddress
		amountOut string
		operation string
		exact     bool // one for one: amountIn is amountOut
	}{
		{"same-chain extension swap", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD"), "2100001", orchestration.OperationSwap, true},
		{"cross-chain limit order", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "USDC"), "2600001", orchestration.OperationLimitOrder, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
				Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountOut: tc.amountOut,
				Sender: carol.Address.Hex(), Recipient: bob.Address.Hex(),
			}})
			if resp == nil {
				t.Fatalf("permit quote: %d %s", got.status, got.body)
			}
			q := resp.Quotes[0]
			if len(q.Recipes) != 1 || q.Recipes[0].Operation.Type() != tc.operation {
				t.Fatalf("recipes %+v, want one %s recipe", q.Recipes, tc.operation)
			}
			want, _ := new(big.Int).SetString(tc.amountOut, 10)
			in, _ := new(big.Int).SetString(q.AmountIn, 10)
			minOut, _ := new(big.Int).SetString(q.MinAmountOut, 10)
			if minOut.Cmp(want) < 0 {
				t.Fatalf("minAmountOut %s is below the %s asked for", minOut, want)
			}
			if tc.exact && in.Cmp(want) != 0 {
				t.Errorf("a one-for-one route quotes %s in for %s out", in, want)
			}
			if v := q.Recipes[0].TypedData.Message.Value; v != q.AmountIn {
				t.Errorf("the permit's value %s is not the quote's amountIn %s", v, q.AmountIn)
			}
			built, got := s.permitBuild(t, sign(t, carol, q))
			if built == nil {
				t.Fatalf("permit build: %d %s", got.status, got.body)
			}
			before := s.balance(t, tc.from, carol.Address)
			received := s.execute(t, carol, orchestration.Quote{Route: q.Route, Recipient: q.Recipient, MinAmountOut: q.MinAmountOut, Payloads: built.Payloads})
			spent := new(big.Int).Sub(before, s.balance(t, tc.from, carol.Address))
			if received.Cmp(want) < 0 {
				t.Errorf("bob received %s, less than the %s asked for", received, want)
			}
			if spent.Cmp(in) > 0 {
				t.Errorf("carol spent %s, more than the quoted amountIn %s", spent, in)
			}
			t.Logf("%s: amountIn %s, spent %s, minAmountOut %s, received %s", tc.name, in, spent, minOut, received)
		})
	}
}

// Both amounts are a 400; an AMM exact output, whose input a permit cannot
// bound, is no permit route, and the answer says why.
func TestPermitQuoteExactOutputRefuses(t *testing.T) {
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	for _, tc := range []struct {
		name      string
		from, to  orchestration.AssetAddress
		in, out   string
		providers []orchestration.ProviderID
		status    int
		code      orchestration.Code
		inMsg     string
	}{
		{"both amounts", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD"), "1000", "1000", nil,
			400, orchestration.BadPermitRequest, "amountIn and amountOut cannot both be set"},
		{"an AMM exact output", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.Sepolia, "wM"), "", "3000001",
			[]orchestration.ProviderID{orchestration.ProviderUniswapV3}, 404, orchestration.PermitNotSupported, "a permit signs an exact input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := orchestration.QuoteRequest{Route: orchestration.Route{Source: tc.from, Destination: tc.to},
				AmountIn: tc.in, AmountOut: tc.out, Sender: carol.Address.Hex()}
			if tc.providers != nil {
				req.Providers = &orchestration.ProvidersParams{Include: tc.providers}
			}
			_, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: req})
			if msg := s.wantError(tc.name, got, tc.status, tc.code); !strings.Contains(msg, tc.inMsg) {
				t.Errorf("message %q does not contain %q", msg, tc.inMsg)
			}
		})
	}
}
