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

const swapFacility = "0xB6807116b3B1B321a390594e31ECD6e0076f6278"

func mkAsset(chain orchestration.Chain, rt orchestration.ChainRuntime, addr, symbol string) asset.AssetInfo {
	return asset.AssetInfo{Asset: orchestration.Asset{Chain: chain, Runtime: rt, Address: addr, Decimals: 6, Symbol: symbol}}
}

var (
	mEth   = mkAsset(orchestration.Ethereum, orchestration.RuntimeEVM, "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b", "M")
	wMEth  = mkAsset(orchestration.Ethereum, orchestration.RuntimeEVM, "0x437cc33344a0B27A429f795ff6B469C72698B291", "wM")
	usdc   = mkAsset(orchestration.Ethereum, orchestration.RuntimeEVM, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "USDC")
	mSol   = mkAsset(orchestration.Solana, orchestration.RuntimeSVM, "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo", "M")
	sender = "0x00000000000000000000000000000000000000A1"
	solKey = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
)

func addr(a asset.AssetInfo) orchestration.AssetAddress {
	return orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
}

func request(src, dst asset.AssetInfo, amount int64) quote.Request {
	r := quote.Request{Source: src, Destination: dst, AmountIn: big.NewInt(amount), Sender: sender, Recipient: sender, Funder: sender}
	if src.Runtime == orchestration.RuntimeSVM {
		r.Sender, r.Funder = solKey, solKey
	}
	if dst.Runtime == orchestration.RuntimeSVM {
		r.Recipient = solKey
	}
	return r
}

func evmPayload(to string) orchestration.Payload {
	return orchestration.Payload{Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Ethereum, ChainID: 1, To: to, Data: "0x095ea7b3", Value: "0",
	}}}
}

func svmPayload() orchestration.Payload {
	return orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{
		Chain: orchestration.Solana, Transaction: "AQID",
	}}}
}

// swapProvider quotes M to wM one to one on Ethereum (amount-dependent),
// M from Ethereum to Solana at a fixed amount, and nothing else.
func swapProvider() *memprovider.Provider {
	return memprovider.New(orchestration.ProviderMSwapFacility).
		RouteFunc(addr(mEth), addr(wMEth), func(_ context.Context, r quote.Request) ([]quote.Candidate, error) {
			return []quote.Candidate{{AmountOut: new(big.Int).Set(r.AmountIn), EstFillTime: 12 * time.Second, Payloads: []orchestration.Payload{evmPayload(swapFacility)}}}, nil
		}).
		Route(addr(mEth), addr(mSol), quote.Candidate{AmountOut: big.NewInt(990), EstFillTime: time.Minute, Payloads: []orchestration.Payload{evmPayload(swapFacility)}}).
		Route(addr(mSol), addr(mEth), quote.Candidate{AmountOut: big.NewInt(980), EstFillTime: time.Minute, Payloads: []orchestration.Payload{svmPayload()}})
}

func TestConformance(t *testing.T) {
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		p := swapProvider()
		p.Delay = 20 * time.Millisecond // so that cancellation lands mid-call
		return quotetest.Harness{
			Provider:   p,
			Quotable:   []quote.Request{request(mEth, wMEth, 1_000_000), request(mEth, mSol, 1000), request(mSol, mEth, 1000)},
			Unquotable: []quote.Request{request(wMEth, usdc, 1_000_000), request(usdc, mSol, 5)},
			Contracts:  []string{swapFacility},
			ChainIDs:   map[orchestration.Chain]uint64{orchestration.Ethereum: 1},
		}
	})
}

func TestFaults(t *testing.T) {
	boom := errors.New("boom")
	req := request(mEth, wMEth, 7)
	tests := []struct {
		name      string
		configure func(*memprovider.Provider)
		calls     int
		// wantErrs has one entry per call: the error each returns (nil for
		// success).
		wantErrs []error
	}{
		{"healthy", func(*memprovider.Provider) {}, 2, []error{nil, nil}},
		{"fail always", func(p *memprovider.Provider) { p.Fail = boom }, 3, []error{boom, boom, boom}},
		{"transient with error", func(p *memprovider.Provider) { p.Fail, p.FailTimes = boom, 2 }, 3, []error{boom, boom, nil}},
		{"transient default error", func(p *memprovider.Provider) { p.FailTimes = 1 }, 2, []error{memprovider.ErrInjected, nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := swapProvider()
			tt.configure(p)
			for i := range tt.calls {
				cands, err := p.Quote(context.Background(), req)
				if !errors.Is(err, tt.wantErrs[i]) || (tt.wantErrs[i] == nil && err != nil) {
					t.Errorf("call %d: error %v, want %v", i+1, err, tt.wantErrs[i])
				}
				if err == nil && (len(cands) != 1 || cands[0].AmountOut.Int64() != 7) {
					t.Errorf("call %d: candidates %+v, want one with amountOut 7", i+1, cands)
				}
			}
			if got := p.Calls(); got != int64(tt.calls) {
				t.Errorf("Calls() = %d, want %d", got, tt.calls)
			}
		})
	}
}

func TestNoRoute(t *testing.T) {
	_, err := swapProvider().Quote(context.Background(), request(wMEth, usdc, 1))
	if !errors.Is(err, quote.ErrNoRoute) {
		t.Fatalf("error %v, want ErrNoRoute", err)
	}
}

func TestDelayHonoursContext(t *testing.T) {
	p := swapProvider()
	p.Delay = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := p.Quote(ctx, request(mEth, wMEth, 1))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v, want DeadlineExceeded", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v after a 10ms deadline", d)
	}
}

func TestPanic(t *testing.T) {
	p := swapProvider()
	p.Panic = "kaboom"
	defer func() {
		if r := recover(); r != "kaboom" {
			t.Errorf("recovered %v, want kaboom", r)
		}
	}()
	p.Quote(context.Background(), request(mEth, wMEth, 1))
	t.Error("Quote did not panic")
}

func TestCandidatesAreCopies(t *testing.T) {
	p := swapProvider()
	req := request(mEth, mSol, 1)
	first, err := p.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := p.Quote(context.Background(), req)
	first[0].AmountOut.SetInt64(1)
	first[0].Payloads[0].Data.EVM.To = "0x0000000000000000000000000000000000000bad"
	got, _ := p.Quote(context.Background(), req)
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" {
		t.Errorf("modifying a result changed the configuration (-want +got):\n%s", diff)
	}
}
