package memprovider_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/quote/quotetest"
)

const (
	mAddr        = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	wMAddr       = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	usdcAddr     = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
	mSolMint     = "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo"
	swapFacility = "0xB6807116b3B1B321a390594e31ECD6e0076f6278"
	sender       = "0x00000000000000000000000000000000000000A1"
	solKey       = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
)

var catalog = func() *asset.Catalog {
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{
			{Name: orchestration.Ethereum, ChainID: 1, Contracts: asset.Contracts{SwapFacility: swapFacility}},
			{Name: orchestration.Arbitrum, ChainID: 42161},
			{Name: orchestration.Solana, ChainID: 1399811149},
		},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Ethereum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6},
			{Chain: orchestration.Ethereum, Address: wMAddr, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true},
			{Chain: orchestration.Ethereum, Address: usdcAddr, Symbol: "USDC", Name: "USD Coin", Decimals: 6},
			{Chain: orchestration.Arbitrum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6},
			{Chain: orchestration.Solana, Address: mSolMint, Symbol: "M", Name: "M by M^0", Decimals: 6},
		},
	})
	if err != nil {
		panic(err)
	}
	return cat
}()

func resolve(chain orchestration.Chain, addr string) asset.AssetInfo {
	a, err := catalog.Resolve(orchestration.AssetAddress{Chain: chain, Address: addr})
	if err != nil {
		panic(err)
	}
	return a
}

var (
	mEth  = resolve(orchestration.Ethereum, mAddr)
	wMEth = resolve(orchestration.Ethereum, wMAddr)
	usdc  = resolve(orchestration.Ethereum, usdcAddr)
	mArb  = resolve(orchestration.Arbitrum, mAddr)
	mSol  = resolve(orchestration.Solana, mSolMint)
)

func addr(a asset.AssetInfo) orchestration.AssetAddress {
	return orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
}

func request(src, dst asset.AssetInfo, amount string) orchestration.QuoteRequest {
	r := orchestration.QuoteRequest{Route: orchestration.Route{Source: addr(src), Destination: addr(dst)}, AmountIn: amount, Sender: sender}
	switch {
	case src.Runtime == orchestration.RuntimeSVM:
		r.Sender, r.Recipient = solKey, sender
	case dst.Runtime == orchestration.RuntimeSVM:
		r.Recipient = solKey
	}
	return r
}

// provider serves M to wM on Ethereum through the SwapFacility at 999/1000
// with slippage, M from Ethereum to Arbitrum and on to Solana exactly, and
// M from Solana back to Ethereum.
func provider() *memprovider.Provider {
	return memprovider.New(orchestration.ProviderMPortal).
		Edge(quote.Edge{From: mEth, To: wMEth, Spender: swapFacility}, memprovider.Rate(memprovider.Pricing{
			Num: 999, Den: 1000, Slippage: true, EstTime: 12 * time.Second, ChainID: 1, To: swapFacility})).
		Edge(quote.Edge{From: mEth, To: mArb}, memprovider.Rate(memprovider.Pricing{EstTime: time.Minute, ChainID: 1})).
		Edge(quote.Edge{From: mArb, To: mSol}, memprovider.Rate(memprovider.Pricing{EstTime: time.Minute, ChainID: 42161})).
		Edge(quote.Edge{From: mSol, To: mEth}, memprovider.Rate(memprovider.Pricing{EstTime: time.Minute}))
}

func TestConformance(t *testing.T) {
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		p := provider()
		p.Delay = 20 * time.Millisecond // so that cancellation lands mid-call
		return quotetest.Harness{
			Provider: p,
			Catalog:  catalog,
			Quotable: []orchestration.QuoteRequest{
				request(mEth, wMEth, "1000000"),
				request(mEth, mSol, "1000"), // two legs, through Arbitrum
				request(mSol, mEth, "1000"),
			},
			Unquotable: []orchestration.QuoteRequest{request(wMEth, usdc, "1000000"), request(usdc, mSol, "5")},
		}
	})
}

func leg(e quote.Edge, amount int64) quote.LegRequest {
	party, _ := orchestration.CanonicalAddress(e.From.Runtime, sender) // none on an SVM edge: an EVM sender
	return quote.LegRequest{Edge: &e, AmountIn: big.NewInt(amount), Funder: party, Recipient: party, Refund: party, SlippageBps: 50}
}

func TestFaults(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name      string
		configure func(*memprovider.Provider)
		// wantErrs has one entry per call: the error each returns (nil for
		// success).
		wantErrs []error
	}{
		{"healthy", func(*memprovider.Provider) {}, []error{nil, nil}},
		{"fail always", func(p *memprovider.Provider) { p.Fail = boom }, []error{boom, boom, boom}},
		{"transient with error", func(p *memprovider.Provider) { p.Fail, p.FailTimes = boom, 2 }, []error{boom, boom, nil}},
		{"transient default error", func(p *memprovider.Provider) { p.FailTimes = 1 }, []error{memprovider.ErrInjected, nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := provider()
			tt.configure(p)
			for i, want := range tt.wantErrs {
				l, err := p.QuoteLeg(context.Background(), leg(quote.Edge{From: mEth, To: mArb}, 7))
				if !errors.Is(err, want) || (want == nil && err != nil) {
					t.Errorf("call %d: error %v, want %v", i+1, err, want)
				}
				if err == nil && l.AmountOut.Int64() != 7 {
					t.Errorf("call %d: amountOut %v, want 7", i+1, l.AmountOut)
				}
			}
			if got := p.Calls(); got != int64(len(tt.wantErrs)) {
				t.Errorf("Calls() = %d, want %d", got, len(tt.wantErrs))
			}
		})
	}
}

func TestNoRoute(t *testing.T) {
	_, err := provider().QuoteLeg(context.Background(), leg(quote.Edge{From: wMEth, To: usdc}, 1))
	if !errors.Is(err, quote.ErrNoRoute) {
		t.Fatalf("error %v, want ErrNoRoute", err)
	}
}

func TestDelayHonoursContext(t *testing.T) {
	p := provider()
	p.Delay = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := p.QuoteLeg(ctx, leg(quote.Edge{From: mEth, To: mArb}, 1)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v, want DeadlineExceeded", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if _, err := provider().QuoteLeg(ctx, leg(quote.Edge{From: mEth, To: mArb}, 1)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before the call: error %v, want Canceled", err)
	}
}

func TestPanic(t *testing.T) {
	p := provider()
	p.Panic = "kaboom"
	defer func() {
		if r := recover(); r != "kaboom" {
			t.Errorf("recovered %v, want kaboom", r)
		}
	}()
	_, _ = p.QuoteLeg(context.Background(), leg(quote.Edge{From: mEth, To: mArb}, 1))
	t.Error("QuoteLeg did not panic")
}

func TestEdges(t *testing.T) {
	p := provider()
	first, err := p.Edges(context.Background())
	if err != nil || len(first) != 4 {
		t.Fatalf("Edges = %d edges, %v; want 4", len(first), err)
	}
	first[0].Spender = "changed"
	again, _ := p.Edges(context.Background())
	if again[0].Spender != swapFacility {
		t.Errorf("modifying the returned edges changed the provider: spender %q", again[0].Spender)
	}
	p.EdgesFail = errors.New("down")
	if _, err := p.Edges(context.Background()); !errors.Is(err, p.EdgesFail) {
		t.Errorf("Edges error %v, want EdgesFail", err)
	}
}

func TestRate(t *testing.T) {
	evmPayload := func(chain orchestration.Chain, id uint64, to string) []orchestration.Payload {
		return []orchestration.Payload{{Annotation: "memprovider leg", Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: chain, ChainID: id, To: to, Data: "0x", Value: "0"}}}}
	}
	type result struct {
		AmountOut, MinAmountOut string
		EstTime                 time.Duration
		Payloads                []orchestration.Payload
	}
	tests := []struct {
		name    string
		pricing memprovider.Pricing
		req     quote.LegRequest
		want    result
		wantErr error
	}{
		{"one to one", memprovider.Pricing{ChainID: 1, EstTime: time.Second}, leg(quote.Edge{From: mEth, To: wMEth}, 1000),
			result{"1000", "<nil>", time.Second, evmPayload(orchestration.Ethereum, 1, mAddr)}, nil},
		{"rate rounds down", memprovider.Pricing{Num: 2, Den: 3, ChainID: 1, To: swapFacility}, leg(quote.Edge{From: mEth, To: wMEth}, 1000),
			result{"666", "<nil>", 0, evmPayload(orchestration.Ethereum, 1, swapFacility)}, nil},
		{"slippage", memprovider.Pricing{Slippage: true, ChainID: 42161}, leg(quote.Edge{From: mArb, To: mEth}, 1000),
			result{"1000", "995", 0, evmPayload(orchestration.Arbitrum, 42161, mAddr)}, nil},
		{"svm leg", memprovider.Pricing{}, leg(quote.Edge{From: mSol, To: mEth}, 5),
			result{"5", "<nil>", 0, []orchestration.Payload{{Annotation: "memprovider leg", Data: orchestration.TransactionPayload{
				SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: "AA=="}}}}}, nil},
		{"rounds to zero", memprovider.Pricing{Num: 1, Den: 1000}, leg(quote.Edge{From: mEth, To: wMEth}, 999), result{}, quote.ErrNoRoute},
		{"floor rounds to zero", memprovider.Pricing{Slippage: true}, leg(quote.Edge{From: mEth, To: wMEth}, 1), result{}, quote.ErrNoRoute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := memprovider.Rate(tt.pricing)(context.Background(), tt.req)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Errorf("error %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := result{l.AmountOut.String(), l.MinAmountOut.String(), l.EstTime, l.Payloads}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("leg (-want +got):\n%s", diff)
			}
		})
	}
}
