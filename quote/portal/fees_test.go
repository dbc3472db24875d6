package portal_test

import (
	"context"
	"math/big"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/portal"
)

// TestFees: a transfer's native fees are what its payload pays as value:
// through an adapter that quotes on chain, the Portal's fee (bridge);
// through the Wormhole adapter, the core bridge's message fee (bridge) and
// the Executor's relay (relay), on the source chain, by the portal.
func TestFees(t *testing.T) {
	for _, tt := range []struct {
		name     string
		src, dst orchestration.Chain
		srcAsset string
		dstAsset string
		kinds    []orchestration.FeeKind
	}{
		{"on-chain fee quote", orchestration.Base, orchestration.Ethereum, mAddr, mAddr, []orchestration.FeeKind{orchestration.FeeBridge}},
		{"Wormhole adapter", orchestration.Ethereum, orchestration.Solana, wMAddr, solWMMint.String(), []orchestration.FeeKind{orchestration.FeeBridge, orchestration.FeeRelay}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			e := w.engine(t, w.provider(t, w.executors(), nil))
			quotes, err := e.Quote(context.Background(), orchestration.QuoteRequest{
				Route:    orchestration.Route{Source: ref(tt.src, tt.srcAsset), Destination: ref(tt.dst, tt.dstAsset)},
				AmountIn: "2500000", Sender: aliceEVM, Recipient: recipientOn(tt.dst),
			})
			if err != nil {
				t.Fatal(err)
			}
			q := quotes[0]
			value := new(big.Int)
			for _, p := range q.Payloads {
				v, _ := new(big.Int).SetString(p.Data.EVM.Value, 10)
				value.Add(value, v)
			}
			var kinds []orchestration.FeeKind
			sum := new(big.Int)
			for _, f := range q.Fees {
				if f.Kind == orchestration.FeeGas {
					continue
				}
				kinds = append(kinds, f.Kind)
				a, ok := new(big.Int).SetString(f.Amount, 10)
				if !ok || a.Sign() <= 0 || !f.Native() || f.Chain != tt.src || f.Provider != orchestration.ProviderMPortal {
					t.Errorf("fee %+v: want a positive native amount on %s by the portal", f, tt.src)
					continue
				}
				sum.Add(sum, a)
			}
			if !slices.Equal(kinds, tt.kinds) {
				t.Errorf("fee kinds %v, want %v", kinds, tt.kinds)
			}
			if value.Sign() == 0 || sum.Cmp(value) != 0 {
				t.Errorf("fees add to %s, the payloads' value is %s", sum, value)
			}
		})
	}
}

// TestSolanaFees: a send from Solana lists the core bridge's message fee
// and the Executor's relay in lamports, on Solana, and the transaction's
// own fee as gas.
func TestSolanaFees(t *testing.T) {
	w := newSolWorld(t)
	e := w.engine(t, w.provider(t, portal.Config{Executors: portal.Executors{Testnet: w.exec.cache(t)}}))
	quotes, err := e.Quote(context.Background(), w.request(t, sepolia, "wM", "2500000"))
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	pl := q.Payloads[0].Data.SVM
	if pl == nil || pl.ComputeUnitLimit != portal.DefaultSolanaComputeUnitLimit || pl.Fee == "" {
		t.Fatalf("payload %+v: want the Solana transaction's limit %d and its fee", pl, portal.DefaultSolanaComputeUnitLimit)
	}
	want := []orchestration.Fee{
		{Kind: orchestration.FeeBridge, Chain: devnetS, Amount: "100", Provider: orchestration.ProviderMPortal}, // 0.0000001 SOL
		{Kind: orchestration.FeeRelay, Chain: devnetS, Amount: strconv.FormatUint(execCost, 10), Provider: orchestration.ProviderMPortal},
		{Kind: orchestration.FeeGas, Chain: devnetS, Amount: pl.Fee},
	}
	if diff := cmp.Diff(want, q.Fees, cmpopts.IgnoreFields(orchestration.Fee{}, "Description")); diff != "" {
		t.Errorf("fees (-want +got):\n%s", diff)
	}
}
