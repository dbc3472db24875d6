package svmruntime_test

import (
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

// A Solana payload's fee is 5000 lamports per signature plus its priority
// fee, limit × price / 10^6 rounded up; without a limit of its own, Solana's
// default of 200,000 units per instruction is its limit.
func TestCostPayload(t *testing.T) {
	payer := solana.NewWallet().PublicKey()
	memo := solana.NewInstruction(solana.MemoProgramID, solana.AccountMetaSlice{solana.Meta(payer).SIGNER()}, []byte("x"))
	for _, tt := range []struct {
		name      string
		cfg       svm.TxConfig
		wantLimit uint32
		wantFee   string
	}{
		{"no budget", svm.TxConfig{}, 200_000, "5000"},
		{"limit only", svm.TxConfig{ComputeUnitLimit: 300_000}, 300_000, "5000"},
		{"limit and price", svm.TxConfig{ComputeUnitLimit: 300_000, ComputeUnitPrice: 1_000}, 300_000, "5300"}, // 300,000 × 1,000 / 10^6
		{"rounded up", svm.TxConfig{ComputeUnitLimit: 300_001, ComputeUnitPrice: 1}, 300_001, "5001"},          // 0.300001 → 1
		{"price on the default limit", svm.TxConfig{ComputeUnitPrice: 10_000}, 200_000, "7000"},                // one instruction: 200,000 × 10,000 / 10^6
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.FeePayer, cfg.RecentBlockhash = payer, solana.Hash{1}
			tx, err := svm.Build([]solana.Instruction{memo}, cfg)
			if err != nil {
				t.Fatal(err)
			}
			pl, err := svm.Payload(orchestration.Solana, tx)
			if err != nil {
				t.Fatal(err)
			}
			rt, err := svmruntime.New(svmruntime.Config{Catalog: asset.Default()})
			if err != nil {
				t.Fatal(err)
			}
			d, cost := rt.CostPayload(asset.ChainInfo{}, nil, orchestration.TransactionPayload{SVM: &pl})
			if d.SVM == &pl || pl.Fee != "" {
				t.Error("CostPayload modified the payload it was given")
			}
			if d.SVM.ComputeUnitLimit != tt.wantLimit || d.SVM.Fee != tt.wantFee || cost == nil || cost.String() != tt.wantFee {
				t.Errorf("limit %d, fee %q, cost %v; want %d, %s", d.SVM.ComputeUnitLimit, d.SVM.Fee, cost, tt.wantLimit, tt.wantFee)
			}
		})
	}
}
