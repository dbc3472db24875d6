package quote_test

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// exactPermitSwaps moves one for one, forward in permit form and
// backwards by inverting its pricing.
type exactPermitSwaps struct{ permitSwaps }

func (p exactPermitSwaps) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	return quote.InvertLeg(ctx, leg, p.QuoteLeg)
}

// poolPermitSwaps is a pool's shape: backwards it spends at most the input
// plus 1% (amountInMaximum); forward in permit form it guarantees the
// output less 1% (amountOutMinimum).
type poolPermitSwaps struct{ permitSwaps }

func (p poolPermitSwaps) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	in, err := quote.InvertLeg(ctx, leg, p.QuoteLeg)
	if err != nil {
		return quote.LegIn{}, err
	}
	in.MaxAmountIn = new(big.Int).Div(new(big.Int).Mul(in.AmountIn, big.NewInt(101)), big.NewInt(100))
	return in, nil
}

func (p poolPermitSwaps) PermitLeg(ctx context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	pl, err := p.permitSwaps.PermitLeg(ctx, leg, deadline)
	pl.MinAmountOut = new(big.Int).Div(new(big.Int).Mul(pl.AmountOut, big.NewInt(99)), big.NewInt(100))
	return pl, err
}

func TestPermitQuoteExactOutput(t *testing.T) {
	multicall := common.HexToAddress("0x00000000000000000000000000000000000a00ff")
	cat := catalogWithMulticall(t, multicall)
	edge := quote.Edge{From: mEth, To: wMEth, Spender: facility}
	for _, tc := range []struct {
		name     string
		provider quote.Provider
		wantIn   string // the recipe's signed value and amount; "" for no quote
		wantErr  string
	}{
		{"one for one", exactPermitSwaps{newPermitSwaps(sfID, edge)}, "250000", ""},
		{"a pool's bound cannot be signed", poolPermitSwaps{newPermitSwaps(sfID, edge)}, "",
			"no route from M on Ethereum to wM on Ethereum funded by permit guarantees amountOut 250000: a permit signs an exact input"},
		{"no exact-output form", newPermitSwaps(sfID, edge), "",
			"no route from M on Ethereum to wM on Ethereum has providers that quote an exact output"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := permitChain(t, common.Hash{})
			r.set(orchestration.Ethereum, evm.ClockCall(multicall), 1000)
			r.balance(mEth, sender, 400_000)
			e, _ := newEngine(t, quote.Config{Catalog: cat, Runtimes: evmRuntimes(cat, r), Providers: []quote.Provider{tc.provider}})
			rules := e.Rules()
			rules.Code = orchestration.BadPermitRequest
			req, err := quote.ValidateRequest(cat, exactRequest(wMAddr, "250000"), rules)
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.PermitQuoteRequest(context.Background(), req, quote.PermitOptions{Horizon: 10 * time.Minute})
			if tc.wantIn == "" {
				wantErrorPrefix(t, err, orchestration.NoQuotesAvailable, tc.wantErr)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Quotes) != 1 || len(got.Quotes[0].Recipes) != 1 {
				t.Fatalf("quotes %+v, want one of one recipe", got.Quotes)
			}
			q := got.Quotes[0]
			rc := q.Recipes[0]
			if q.AmountIn != tc.wantIn || rc.TypedData.Message.Value != tc.wantIn || rc.Operation.Swap.Amount != tc.wantIn {
				t.Errorf("amountIn %s, permit value %s, operation amount %s; want all %s",
					q.AmountIn, rc.TypedData.Message.Value, rc.Operation.Swap.Amount, tc.wantIn)
			}
			if floor, _ := new(big.Int).SetString(q.MinAmountOut, 10); floor == nil || floor.Cmp(req.AmountOut) < 0 {
				t.Errorf("minAmountOut %s is below the %s asked for", q.MinAmountOut, req.AmountOut)
			}
			if got.Balance != nil {
				t.Errorf("balance issue %+v: the funder holds 400000 for 250000", got.Balance)
			}
		})
	}
}

func TestPermitQuoteAcceptsAmountOut(t *testing.T) {
	e, _ := newEngine(t, quote.Config{})
	rules := e.Rules()
	rules.Code = orchestration.BadPermitRequest
	req, err := quote.ValidateRequest(testCatalog, exactRequest(wMAddr, "1000"), rules)
	if err != nil || req.AmountOut.String() != "1000" || req.AmountIn != nil {
		t.Fatalf("ValidateRequest = %+v, %v; want amountOut 1000 and no amountIn", req, err)
	}
	qr := exactRequest(wMAddr, "1000")
	qr.AmountIn = "1000"
	_, err = quote.ValidateRequest(testCatalog, qr, rules)
	wantErrorPrefix(t, err, orchestration.BadPermitRequest, "amountIn and amountOut cannot both be set")
}

// halfPermitSwaps pays half its input, forward in permit form and
// backwards by inverting its pricing.
type halfPermitSwaps struct{ *memprovider.Provider }

func (p halfPermitSwaps) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	return quote.InvertLeg(ctx, leg, p.QuoteLeg)
}

func (p halfPermitSwaps) PermitLeg(ctx context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	pl, err := permitSwaps{p.Provider}.PermitLeg(ctx, leg, deadline)
	pl.AmountOut = new(big.Int).Rsh(leg.AmountIn, 1)
	return pl, err
}

// Two exact routes needing different inputs: each is quoted once, at the
// least input that delivers the request (the one-for-one route is not
// offered again at the other's larger input), least input first.
func TestPermitQuoteExactOutputRanksByLeastInput(t *testing.T) {
	multicall := common.HexToAddress("0x00000000000000000000000000000000000a00ff")
	cat := catalogWithMulticall(t, multicall)
	r := permitChain(t, common.Hash{})
	r.set(orchestration.Ethereum, evm.ClockCall(multicall), 1000)
	r.balance(mEth, sender, 400_000)
	edge := quote.Edge{From: mEth, To: wMEth, Spender: facility}
	e, _ := newEngine(t, quote.Config{Catalog: cat, Runtimes: evmRuntimes(cat, r), Providers: []quote.Provider{
		halfPermitSwaps{memprovider.New(acme).Edge(edge, rate(1, 2, time.Second))},
		exactPermitSwaps{newPermitSwaps(sfID, edge)},
	}})
	rules := e.Rules()
	rules.Code = orchestration.BadPermitRequest
	qr := exactRequest(wMAddr, "250000")
	qr.MaxNumQuotes = ptr(5)
	req, err := quote.ValidateRequest(cat, qr, rules)
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.PermitQuoteRequest(context.Background(), req, quote.PermitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, q := range got.Quotes {
		have = append(have, fmt.Sprintf("%s %s>%s", q.Recipes[0].Provider, q.AmountIn, q.MinAmountOut))
	}
	want := []string{string(sfID) + " 250000>250000", string(acme) + " 500000>250000"}
	if diff := cmp.Diff(want, have); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	// The balance issue is the best quote's: 400000 covers 250000.
	if got.Balance != nil {
		t.Errorf("balance issue %+v", got.Balance)
	}
}
