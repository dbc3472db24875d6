package app_test

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// Exact output over HTTP on the devnet, every route class (issue 30,
// decision 92): POST /quote with amountOut, the class's best quote's
// payloads executed exactly as returned from alice, and then bob has
// received at least amountOut and alice has spent at most the quote's
// amountIn.
func TestQuoteExactOutputRouteClassesExecuteOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	for _, tc := range []routeClass{
		{"same-chain extension swap", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD"), "2500001", "m-swap-facility", true, nil, ""},
		{"AMM swap", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.Sepolia, "wM"), "3000001", "uniswap-v3", false,
			[]orchestration.ProviderID{orchestration.ProviderUniswapV3}, ""},
		{"cross-chain portal transfer", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "wM"), "4000001", "m-portal", true, nil, ""},
		{"three legs across chains", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "mUSD"), "5000001", "uniswap-v3,m-portal,m-swap-facility", false,
			[]orchestration.ProviderID{orchestration.ProviderUniswapV3, orchestration.ProviderMPortal, orchestration.ProviderMSwapFacility}, ""},
		// Filled by the devnet's solver on BaseSepolia, its fill reported
		// back to Sepolia; the solver's fee is taken from the input.
		{"cross-chain limit order", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "mUSD"), "6000001", "limit-order", false,
			[]orchestration.ProviderID{orchestration.ProviderLimitOrder}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) { checkExactOutputClass(t, s, tc) })
	}
}

// checkExactOutputClass quotes tc's amount as an exact output, finds the
// class's quote, executes it from alice to bob and checks both balances.
// tc.exact says the route spends exactly its amountIn (no AMM leg, whose
// input the slippage bounds).
func checkExactOutputClass(t *testing.T, s *devnetServer, tc routeClass) {
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	req := orchestration.QuoteRequest{
		Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountOut: tc.amount,
		Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(), MaxNumQuotes: ptr(20),
	}
	if tc.include != nil {
		req.Providers = &orchestration.ProvidersParams{Include: tc.include}
	}
	quotes, got := s.quote(t, req)
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	for i := 1; i < len(quotes); i++ {
		a, _ := new(big.Int).SetString(quotes[i-1].AmountIn, 10)
		b, _ := new(big.Int).SetString(quotes[i].AmountIn, 10)
		if a.Cmp(b) > 0 {
			t.Errorf("quote %d needs %s in, ranked above quote %d needing %s: not ranked by least input", i-1, a, i, b)
		}
	}
	i := slices.IndexFunc(quotes, func(q orchestration.Quote) bool { return providersOf(q) == tc.providers })
	if i < 0 {
		t.Fatalf("no quote with providers %s; best is %s", tc.providers, providersOf(quotes[0]))
	}
	q := quotes[i]
	want, _ := new(big.Int).SetString(tc.amount, 10)
	out, _ := new(big.Int).SetString(q.AmountOut, 10)
	if q.MinAmountOut != tc.amount || out.Cmp(want) < 0 {
		t.Fatalf("amountOut %s, minAmountOut %s; want minAmountOut the %s asked for and amountOut at least that", q.AmountOut, q.MinAmountOut, tc.amount)
	}
	// Costs as on a forward quote: a gas fee for every chain the payloads
	// run on, gas on every EVM payload, and an AMM leg's pool fee.
	var gasFee, poolFee bool
	for _, f := range q.Fees {
		gasFee = gasFee || f.Kind == orchestration.FeeGas
		poolFee = poolFee || f.Kind == orchestration.FeePool
	}
	if !gasFee || strings.Contains(tc.providers, "uniswap-v3") != poolFee {
		t.Errorf("fees %+v: want a gas fee, and a pool fee exactly when a uniswap-v3 leg is in the route", q.Fees)
	}
	for _, p := range q.Payloads {
		if p.Data.EVM != nil && p.Data.EVM.Gas == "" {
			t.Errorf("payload %q carries no gas estimate", p.Annotation)
		}
	}
	in, _ := new(big.Int).SetString(q.AmountIn, 10)
	if tc.exact && in.Cmp(want) != 0 {
		t.Errorf("a one-for-one route quotes %s in for %s out", in, want)
	}
	if p := q.Payloads[0]; strings.HasPrefix(p.Annotation, "Approve") && !strings.HasPrefix(p.Annotation, "Approve "+orchestration.FormatUnits(in, 6)+" ") {
		t.Errorf("the first leg's approval %q is not for the quoted input %s", p.Annotation, in)
	}
	before := s.balance(t, tc.from, common.HexToAddress(alice.Address.Hex()))
	received := s.execute(t, alice, q)
	spent := new(big.Int).Sub(before, s.balance(t, tc.from, common.HexToAddress(alice.Address.Hex())))
	if received.Cmp(want) < 0 {
		t.Fatalf("bob received %s, less than the %s asked for", received, want)
	}
	if spent.Cmp(in) > 0 {
		t.Fatalf("alice spent %s, more than the quoted amountIn %s", spent, in)
	}
	if tc.exact && spent.Cmp(in) != 0 {
		t.Errorf("alice spent %s on a one-for-one route quoting %s", spent, in)
	}
	t.Logf("%s: %d payloads, amountIn %s, spent %s, amountOut %s, received %s", tc.name, len(q.Payloads), q.AmountIn, spent, q.AmountOut, received)
}

// A request with both amounts, or an amountOut that is no amount, is a
// 400 naming the field (/permit/quote's: permit_exactout_e2e_test.go).
func TestQuoteExactOutputBadRequests(t *testing.T) {
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	route := orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.Sepolia, "mUSD")}
	for _, tc := range []struct{ in, out, msg string }{
		{"1000", "1000", "amountIn and amountOut cannot both be set"},
		{"", "1.5", "amountOut must be a whole number"},
		{"", "0", "amountOut must be greater than zero"},
	} {
		_, got := s.quote(t, orchestration.QuoteRequest{Route: route, AmountIn: tc.in, AmountOut: tc.out, Sender: alice.Address.Hex()})
		msg := s.wantError(tc.msg, got, 400, orchestration.BadQuoteRequest)
		if !strings.HasPrefix(msg, tc.msg) {
			t.Errorf("message %q, want it to start %q", msg, tc.msg)
		}
	}
}

// The answer to an exact-output request conforms to this service's OpenAPI
// document and the hosted one (openapitest checks answers): the response
// is unchanged in form, only the request gained a field.
func TestQuoteExactOutputConformsToOpenAPI(t *testing.T) {
	s := startDevnetServer(t).validated(t)
	alice, _ := devnet.AccountByName("alice")
	route := orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.Sepolia, "mUSD")}
	quotes, got := s.quote(t, orchestration.QuoteRequest{Route: route, AmountOut: "1000000", Sender: alice.Address.Hex()})
	if quotes == nil || quotes[0].MinAmountOut != "1000000" {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
}
