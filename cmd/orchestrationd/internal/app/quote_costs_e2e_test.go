package app_test

import (
	"errors"
	"math/big"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// TestQuoteCostsAddUpOnDevnet: the three-leg quote (Uniswap on Sepolia, the
// M Portal to BaseSepolia, the SwapFacility there) itemises its costs, and
// they add up (decision 91):
//
//   - in tokens: amountIn − amountOut, the tokens counted at par (USDC,
//     wM and mUSD all have 6 decimals and one worth), is the fees in
//     tokens plus the pool's price movement, which is no fee: what the
//     constant-product pool gives below its fee-less input, computed here
//     from its reserves (the request sets no slippage, so amountOut is the
//     pool's output and the exact legs after it move all of it);
//   - natively, per chain: the bridge and relay fees are the payloads'
//     value, and the gas fee is Σ gas × gasPrice of the chain's payloads.
//
// Executed, every payload's receipt uses no more gas than the payload says.
func TestQuoteCostsAddUpOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	usdc, musd := s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "mUSD")
	const amountIn = 5_000_000
	quotes, got := s.quote(t, orchestration.QuoteRequest{
		Route: orchestration.Route{Source: usdc, Destination: musd}, AmountIn: "5000000",
		Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(), MaxNumQuotes: ptr(20), SlippageBps: ptr(0),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{
			orchestration.ProviderUniswapV3, orchestration.ProviderMPortal, orchestration.ProviderMSwapFacility}},
	})
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	i := slices.IndexFunc(quotes, func(q orchestration.Quote) bool { return providersOf(q) == "uniswap-v3,m-portal,m-swap-facility" })
	if i < 0 {
		t.Fatalf("no three-leg quote; best is %s", providersOf(quotes[0]))
	}
	q := quotes[i]
	requireCosted(t, q)

	// The pool the Uniswap leg swaps in, read now: the quote priced it.
	sep, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	pool, err := bindings.NewConstantProductPool(s.app.Devnet().Contracts(orchestration.Sepolia).Pools["USDC/wM"], sep.Client())
	if err != nil {
		t.Fatal(err)
	}
	opts := &bind.CallOpts{}
	tier, err1 := pool.Fee(opts)
	token0, err2 := pool.Token0(opts)
	r0, err3 := pool.Reserve0(opts)
	r1, err4 := pool.Reserve1(opts)
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		t.Fatal(err)
	}
	rIn, rOut := r0, r1
	if token0.Hex() != usdc.Address {
		rIn, rOut = r1, r0
	}

	// In tokens.
	var tokenFees = new(big.Int)
	var pools int
	for _, f := range q.Fees {
		if f.Native() {
			continue
		}
		if f.Kind != orchestration.FeePool || f.Chain != orchestration.Sepolia || f.Token != usdc.Address || f.Provider != orchestration.ProviderUniswapV3 {
			t.Errorf("fee %+v: the only fee in a token is to be the pool's, in USDC on Sepolia", f)
		}
		pools++
		tokenFees.Add(tokenFees, bigOf(t, f.Amount))
	}
	wantPoolFee := new(big.Int).SetUint64(uint64(amountIn)*uint64(tier.Uint64()) + 999_999)
	wantPoolFee.Quo(wantPoolFee, big.NewInt(1_000_000))
	if pools != 1 || tokenFees.Cmp(wantPoolFee) != 0 {
		t.Errorf("%d pool fees of %s, want one of %s (%d millionths of %d, rounded up)", pools, tokenFees, wantPoolFee, tier, amountIn)
	}
	net := new(big.Int).Sub(big.NewInt(amountIn), tokenFees) // what the pool swaps after its fee
	poolOut := new(big.Int).Mul(rOut, net)
	poolOut.Quo(poolOut, new(big.Int).Add(rIn, net))
	movement := new(big.Int).Sub(quote.AtPar(net, 6, 6), poolOut)
	spent := new(big.Int).Sub(big.NewInt(amountIn), bigOf(t, q.AmountOut))
	if sum := new(big.Int).Add(tokenFees, movement); sum.Cmp(spent) != 0 {
		t.Errorf("amountIn − amountOut = %s; fees in tokens %s + the pool's price movement %s = %s", spent, tokenFees, movement, sum)
	}

	// Natively, per chain.
	values, gas := map[orchestration.Chain]*big.Int{}, map[orchestration.Chain]*big.Int{}
	add := func(m map[orchestration.Chain]*big.Int, c orchestration.Chain, x *big.Int) {
		if m[c] == nil {
			m[c] = new(big.Int)
		}
		m[c].Add(m[c], x)
	}
	for _, p := range q.Payloads {
		e := p.Data.EVM
		add(values, e.Chain, bigOf(t, e.Value))
		add(gas, e.Chain, new(big.Int).Mul(bigOf(t, e.Gas), bigOf(t, e.GasPrice)))
	}
	feeValues, feeGas := map[orchestration.Chain]*big.Int{}, map[orchestration.Chain]*big.Int{}
	var bridge bool
	for _, f := range q.Fees {
		switch {
		case !f.Native():
		case f.Kind == orchestration.FeeGas:
			if feeGas[f.Chain] != nil {
				t.Errorf("two gas fees on %s", f.Chain)
			}
			add(feeGas, f.Chain, bigOf(t, f.Amount))
		case f.Kind == orchestration.FeeBridge || f.Kind == orchestration.FeeRelay:
			bridge = bridge || f.Kind == orchestration.FeeBridge
			if f.Provider != orchestration.ProviderMPortal || f.Chain != orchestration.Sepolia {
				t.Errorf("fee %+v: a bridge or relay fee is to be the portal's, on Sepolia", f)
			}
			add(feeValues, f.Chain, bigOf(t, f.Amount))
		default:
			t.Errorf("native fee %+v of an unexpected kind", f)
		}
	}
	if !bridge {
		t.Errorf("fees %+v: no bridge fee", q.Fees)
	}
	for c, v := range values {
		if v.Sign() != 0 && (feeValues[c] == nil || feeValues[c].Cmp(v) != 0) {
			t.Errorf("%s: payloads' value %s, bridge and relay fees %v", c, v, feeValues[c])
		}
		if feeGas[c] == nil || feeGas[c].Cmp(gas[c]) != 0 {
			t.Errorf("%s: Σ gas × gasPrice %s, gas fee %v", c, gas[c], feeGas[c])
		}
	}
	if len(feeGas) != len(gas) || len(feeGas) != 2 {
		t.Errorf("gas fees on %d chains, payloads on %d; want both chains", len(feeGas), len(gas))
	}

	received, receipts := s.executeReceipts(t, alice, q)
	if received.String() != q.AmountOut {
		t.Errorf("bob received %s, want amountOut %s", received, q.AmountOut)
	}
	for i, r := range receipts {
		p := q.Payloads[i]
		if lim := bigOf(t, p.Data.EVM.Gas); new(big.Int).SetUint64(r.GasUsed).Cmp(lim) > 0 {
			t.Errorf("payload %d (%s): used %d gas, more than its estimate %s", i, p.Annotation, r.GasUsed, lim)
		}
	}
	t.Logf("amountIn %d, amountOut %s, fees %+v", amountIn, q.AmountOut, q.Fees)
}

// requireCosted fails unless every EVM payload of q carries its gas and a
// gas price of at least the priority tip, and q lists its fees.
func requireCosted(t testing.TB, q orchestration.Quote) {
	t.Helper()
	if len(q.Fees) == 0 {
		t.Fatalf("quote %s has no fees", providersOf(q))
	}
	for i, p := range q.Payloads {
		e := p.Data.EVM
		if e == nil {
			continue
		}
		gas, ok1 := new(big.Int).SetString(e.Gas, 10)
		price, ok2 := new(big.Int).SetString(e.GasPrice, 10)
		if !ok1 || !ok2 || gas.Sign() <= 0 || price.Cmp(big.NewInt(evmruntime.DefaultPriorityTip)) < 0 {
			t.Fatalf("payload %d (%s): gas %q, gasPrice %q; want both, the price at least the tip", i, p.Annotation, e.Gas, e.GasPrice)
		}
	}
}

func bigOf(t testing.TB, s string) *big.Int {
	t.Helper()
	x, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("%q is no decimal amount", s)
	}
	return x
}

// TestPermitQuoteFeesOnDevnet: a permit quote lists its legs' fees, as a
// quote does, without gas: an AMM swap's pool fee in its input.
func TestPermitQuoteFeesOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the devnet")
	}
	s := startDevnetServer(t)
	carol, _ := devnet.AccountByName("carol")
	usdc := s.ref(t, orchestration.Sepolia, "USDC")
	resp, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: usdc, Destination: s.ref(t, orchestration.Sepolia, "wM")},
		AmountIn: "1000000", Sender: carol.Address.Hex(),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderUniswapV3}},
	}})
	if resp == nil {
		t.Fatalf("permit quote: %d %s", got.status, got.body)
	}
	fees := resp.Quotes[0].Fees
	if len(fees) != 1 || fees[0].Kind != orchestration.FeePool || fees[0].Token != usdc.Address || fees[0].Chain != orchestration.Sepolia ||
		fees[0].Provider != orchestration.ProviderUniswapV3 || bigOf(t, fees[0].Amount).Sign() <= 0 {
		t.Errorf("fees %+v, want the pool's fee in USDC alone", fees)
	}
}

// TestEveryRouteClassIsCostedOnDevnet: the best quote of every route
// class lists fees, and each of its EVM payloads carries its gas and gas
// price: the gas table knows every call the providers make.
func TestEveryRouteClassIsCostedOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the devnet")
	}
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	for _, tc := range []struct {
		name     string
		from, to orchestration.AssetAddress
		only     orchestration.ProviderID
	}{
		{"same-chain extension swap", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD"), ""},
		{"AMM swap", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.Sepolia, "wM"), orchestration.ProviderUniswapV3},
		{"portal transfer", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "wM"), orchestration.ProviderMPortal},
		{"limit order", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "mUSD"), orchestration.ProviderLimitOrder},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := orchestration.QuoteRequest{Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountIn: "2000000", Sender: alice.Address.Hex()}
			if tc.only != "" {
				req.Providers = &orchestration.ProvidersParams{Include: []orchestration.ProviderID{tc.only}}
			}
			quotes, got := s.quote(t, req)
			if quotes == nil {
				t.Fatalf("quote: %d %s", got.status, got.body)
			}
			requireCosted(t, quotes[0])
			if !slices.ContainsFunc(quotes[0].Fees, func(f orchestration.Fee) bool { return f.Kind == orchestration.FeeGas }) {
				t.Errorf("fees %+v: no gas", quotes[0].Fees)
			}
		})
	}
}
