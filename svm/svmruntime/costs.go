package svmruntime

import (
	"math/big"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

var _ quote.PayloadCoster = (*Runtime)(nil)

// Solana's fee rules (decision 90).
const (
	// LamportsPerSignature is the base fee of each signature a
	// transaction requires.
	LamportsPerSignature = 5000
	// DefaultUnitsPerInstruction is the compute unit limit Solana assumes
	// per instruction (other than the compute budget's) when a
	// transaction sets none, up to MaxComputeUnits.
	DefaultUnitsPerInstruction = 200_000
	MaxComputeUnits            = 1_400_000
)

// CostPayload sets a Solana payload's compute unit limit (the one it
// sets, or Solana's default for its instructions when it sets none) and
// fee from the transaction itself: the base fee of its required signatures plus the
// priority fee its compute budget sets (limit × price in micro-lamports,
// divided by 10^6 and rounded up, as the runtime charges it). It reads no
// state: the fee does not depend on it.
func (r *Runtime) CostPayload(_ asset.ChainInfo, _ quote.State, d orchestration.TransactionPayload) (orchestration.TransactionPayload, *big.Int) {
	p := d.SVM
	if p == nil {
		return d, nil
	}
	tx, err := svm.Decode(p.Transaction)
	if err != nil {
		return d, nil
	}
	limit, price, ok := computeBudget(tx)
	if !ok {
		return d, nil
	}
	fee := Fee(uint64(tx.Message.Header.NumRequiredSignatures), limit, price)
	cp := *p
	cp.ComputeUnitLimit = uint32(limit)
	cp.Fee = fee.String()
	return orchestration.TransactionPayload{SVM: &cp}, fee
}

// Fee is what a transaction of signatures signatures, a compute unit limit
// of limit and a unit price of price micro-lamports costs in lamports.
func Fee(signatures, limit, price uint64) *big.Int {
	fee := new(big.Int).SetUint64(limit)
	fee.Mul(fee, new(big.Int).SetUint64(price))
	fee.Add(fee, big.NewInt(999_999)).Quo(fee, big.NewInt(1_000_000))
	return fee.Add(fee, new(big.Int).SetUint64(signatures*LamportsPerSignature))
}

// computeBudget is the compute unit limit and price tx sets; the limit is
// Solana's default when it sets none. ok is false when a compute budget
// instruction is not one svm.Build makes.
func computeBudget(tx *solana.Transaction) (limit, price uint64, ok bool) {
	msg := tx.Message
	others, set := uint64(0), false
	for _, ix := range msg.Instructions {
		if int(ix.ProgramIDIndex) >= len(msg.AccountKeys) || !msg.AccountKeys[ix.ProgramIDIndex].Equals(svm.ComputeBudgetProgram) {
			others++
			continue
		}
		s, err := svm.ReadComputeBudget(solana.NewInstruction(svm.ComputeBudgetProgram, nil, ix.Data))
		if err != nil {
			return 0, 0, false
		}
		if s.Price {
			price = s.Value
		} else {
			limit, set = s.Value, true
		}
	}
	if !set {
		limit = min(others*DefaultUnitsPerInstruction, MaxComputeUnits)
	}
	return limit, price, true
}
