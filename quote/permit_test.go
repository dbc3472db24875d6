package quote_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// permitSwaps is a provider of exact swaps with a permit form.
type permitSwaps struct{ *memprovider.Provider }

func (p permitSwaps) PermitLeg(_ context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	return quote.PermitLeg{
		AmountOut: new(big.Int).Set(leg.AmountIn), EstTime: 3 * time.Second,
		Annotation: "swap " + label(leg.From) + ">" + label(leg.To),
		Operation: orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{Method: "swap",
			ExtensionIn: leg.From.Address, ExtensionOut: leg.To.Address, Amount: leg.AmountIn.String(),
			Recipient: leg.Recipient.String(), Deadline: fmt.Sprint(deadline)}},
		FunctionSignature: "swapWithPermit(address,address,uint256,address,uint256,bytes)",
		Value:             "0",
	}, nil
}

func newPermitSwaps(id orchestration.ProviderID, edges ...quote.Edge) permitSwaps {
	p := permitSwaps{memprovider.New(id)}
	for _, e := range edges {
		p.Edge(e, rate(1, 1, time.Second))
	}
	return p
}

// permitChain answers the permit reads of M on Ethereum: its domain
// {"M by M^0", "1", 1, M}, unless separator says otherwise; alice's nonce
// 7; the clock 1000.
func permitChain(t *testing.T, separator common.Hash) *fakeReader {
	t.Helper()
	token := common.HexToAddress(mAddr)
	pr := evm.NewPermitReads(token, common.HexToAddress(sender))
	str, _ := abi.NewType("string", "", nil)
	name, err := abi.Arguments{{Type: str}}.Pack("M by M^0")
	if err != nil {
		t.Fatal(err)
	}
	if separator == (common.Hash{}) {
		separator = eip2612.Domain{Name: "M by M^0", Version: "1", ChainID: 1, VerifyingContract: token}.Separator()
	}
	r := &fakeReader{}
	r.set(orchestration.Ethereum, pr.Nonce, 7)
	r.values[orchestration.Ethereum][pr.Name.Key()] = evm.Result{OK: true, Data: name}
	r.values[orchestration.Ethereum][pr.DomainSeparator.Key()] = evm.Result{OK: true, Data: separator[:]}
	return r
}

func TestPermitQuote(t *testing.T) {
	r := permitChain(t, common.Hash{})
	multicall := common.HexToAddress("0x00000000000000000000000000000000000a00ff")
	r.set(orchestration.Ethereum, evm.ClockCall(multicall), 1000)
	r.balance(mEth, sender, 400_000)
	cat := catalogWithMulticall(t, multicall)
	e, _ := newEngine(t, quote.Config{Catalog: cat, Runtimes: evmRuntimes(cat, r), Providers: []quote.Provider{
		newPermitSwaps(sfID, quote.Edge{From: mEth, To: wMEth, Spender: facility}),
	}})
	req, err := quote.ValidateRequest(cat, request(wMEth), e.Rules())
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.PermitQuoteRequest(context.Background(), req, quote.PermitOptions{Horizon: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	want := quote.PermitQuotes{
		Quotes: []orchestration.PermitQuote{{
			Route: req.Route(), Recipient: sender, AmountIn: "1000000", AmountOut: "1000000", MinAmountOut: "1000000",
			EstFillTime: 3, ExpiresAt: 1600,
			Recipes: []orchestration.PermitRecipe{{
				Provider: sfID, Annotation: "swap M@Ethereum>wM@Ethereum", Chain: orchestration.Ethereum, ChainID: 1,
				Spender: facility, Value: "0",
				TypedData: orchestration.PermitTypedData{
					Domain:  orchestration.EIP712Domain{Name: "M by M^0", Version: "1", ChainID: 1, VerifyingContract: mAddr},
					Message: orchestration.PermitMessage{Owner: sender, Spender: facility, Value: "1000000", Nonce: "7", Deadline: "1600"},
				},
				Operation: orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{Method: "swap",
					ExtensionIn: mAddr, ExtensionOut: wMAddr, Amount: "1000000", Recipient: sender, Deadline: "1600"}},
				FunctionSignature: "swapWithPermit(address,address,uint256,address,uint256,bytes)",
			}},
		}},
		Balance: &orchestration.BalanceIssue{Token: mAddr, Actual: "400000", Expected: "1000000"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("permit quotes (-want +got):\n%s", diff)
	}
	// Every permit read, the clock and the balance in one batch.
	if reads := r.reads(); len(reads) != 1 || len(reads[0].Calls) != 7 {
		t.Errorf("reads %+v, want one batch of the 5 permit reads, the clock, the balance and nothing else", reads)
	}
}

func TestPermitQuoteNotOffered(t *testing.T) {
	multicall := common.HexToAddress("0x00000000000000000000000000000000000a00ff")
	cat := catalogWithMulticall(t, multicall)
	boundElsewhere := eip2612.Domain{Name: "M by M^0", Version: "1", ChainID: 1, VerifyingContract: common.HexToAddress(stranger)}.Separator()
	tests := []struct {
		name      string
		separator common.Hash
		providers []quote.Provider
		dst       string
		want      string
	}{
		{"a leg from a token without a permit", common.Hash{}, []quote.Provider{
			newPermitSwaps(sfID, quote.Edge{From: mEth, To: usdcEth, Spender: facility}, quote.Edge{From: usdcEth, To: wMEth, Spender: facility}),
		}, wMAddr, "no route from M on Ethereum to wM on Ethereum can be funded by permit: USDC on Ethereum has no EIP-2612 permit"},
		{"a provider without a permit form", common.Hash{}, []quote.Provider{
			memprovider.New(acme).Edge(quote.Edge{From: mEth, To: wMEth, Spender: facility}, rate(1, 1, 0)),
		}, wMAddr, "no route from M on Ethereum to wM on Ethereum can be funded by permit: provider acme-bridge has no permit form for M to wM"},
		{"a separator bound to another address", boundElsewhere, []quote.Provider{
			newPermitSwaps(sfID, quote.Edge{From: mEth, To: wMEth, Spender: facility}),
		}, wMAddr, "no route from M on Ethereum to wM on Ethereum can be funded by permit: M on Ethereum: no verifiable permit domain: " +
			`DOMAIN_SEPARATOR() is not the hash of {name "M by M^0", version "1", chain 1, the token}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := permitChain(t, tt.separator)
			r.set(orchestration.Ethereum, evm.ClockCall(multicall), 1000)
			e, _ := newEngine(t, quote.Config{Catalog: cat, Runtimes: evmRuntimes(cat, r), Providers: tt.providers})
			req, err := quote.ValidateRequest(cat, request(wMEth), e.Rules())
			if err != nil {
				t.Fatal(err)
			}
			_, err = e.PermitQuoteRequest(context.Background(), req, quote.PermitOptions{})
			wantError(t, err, orchestration.NoQuotesAvailable, tt.want)
		})
	}
}

// catalogWithMulticall is the test catalog's Ethereum, with a Multicall3
// (the permit deadline reads its clock).
func catalogWithMulticall(t *testing.T, multicall common.Address) *asset.Catalog {
	t.Helper()
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{{Name: orchestration.Ethereum, ChainID: 1, Contracts: asset.Contracts{
			SwapFacility: facility, Portal: portalEth, SwapRouter: routerEth, Quoter: quoterEth, Multicall3: multicall.Hex()}}},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Ethereum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Ethereum, Address: wMAddr, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true, Permit: true},
			{Chain: orchestration.Ethereum, Address: usdcEthAddr, Symbol: "USDC", Name: "USD Coin", Decimals: 6},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// permitOrders is a provider of exact legs in limit-order permit form,
// writing recipient as the operation's bytes32 recipient.
type permitOrders struct {
	*memprovider.Provider
	recipient func(leg quote.LegRequest) string
}

func (p permitOrders) PermitLeg(_ context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	zero := "0x" + strings.Repeat("0", 64)
	return quote.PermitLeg{
		AmountOut: new(big.Int).Set(leg.AmountIn), Annotation: "order",
		Operation: orchestration.PermitOperation{LimitOrder: &orchestration.LimitOrderPermitOp{DestChainID: 1, FillDeadline: 5000,
			TokenIn: leg.From.Address, TokenOut: zero, AmountIn: leg.AmountIn.String(), AmountOut: leg.AmountIn.String(),
			Recipient: p.recipient(leg), Solver: zero, Sender: leg.Sender.String(), Deadline: fmt.Sprint(deadline)}},
		FunctionSignature: "openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address),uint256,bytes)",
		Value:             "0",
	}, nil
}

// TestPermitLimitOrderRecipient: a limit-order operation carries its
// recipient as bytes32; the engine refuses one that is not the leg's.
func TestPermitLimitOrderRecipient(t *testing.T) {
	multicall := common.HexToAddress("0x00000000000000000000000000000000000a00ff")
	cat := catalogWithMulticall(t, multicall)
	padded := func(addr string) string { return "0x" + strings.Repeat("0", 24) + strings.ToLower(addr[2:]) }
	tests := []struct {
		name      string
		recipient func(quote.LegRequest) string
		ok        bool
	}{
		{"the leg's recipient, padded", func(leg quote.LegRequest) string { return padded(leg.Recipient.String()) }, true},
		{"the leg's recipient, upper-case hex", func(leg quote.LegRequest) string { return "0x" + strings.ToUpper(padded(leg.Recipient.String())[2:]) }, true},
		{"another address", func(quote.LegRequest) string { return padded(stranger) }, false},
		{"the address unpadded", func(leg quote.LegRequest) string { return leg.Recipient.String() }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := permitChain(t, common.Hash{})
			r.set(orchestration.Ethereum, evm.ClockCall(multicall), 1000)
			p := permitOrders{memprovider.New(orchestration.ProviderLimitOrder), tt.recipient}
			p.Edge(quote.Edge{From: mEth, To: wMEth, Spender: facility, Settlement: quote.SettlesLater}, rate(1, 1, time.Second))
			e, _ := newEngine(t, quote.Config{Catalog: cat, Runtimes: evmRuntimes(cat, r), Providers: []quote.Provider{p}})
			req, err := quote.ValidateRequest(cat, request(wMEth), e.Rules())
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.PermitQuoteRequest(context.Background(), req, quote.PermitOptions{})
			if tt.ok {
				if err != nil || len(got.Quotes) != 1 || got.Quotes[0].Recipes[0].Operation.LimitOrder == nil {
					t.Fatalf("PermitQuoteRequest = %+v, %v; want one limit-order recipe", got, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("a limit order paying %s was offered: %+v", tt.name, got)
			}
		})
	}
}
