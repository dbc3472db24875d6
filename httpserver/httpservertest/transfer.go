package httpservertest

import (
	"context"

	"github.com/m0-orchestration/m0/orchestration"
)

// SampleTxHash is the source transaction of SampleTransferStatus.
const SampleTxHash = "0x" + "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"

// Transfer calls TransferFunc or returns SampleTransferStatus for chain and
// txHash.
func (f *Fake) Transfer(ctx context.Context, chain orchestration.Chain, txHash string) (*orchestration.TransferStatus, error) {
	f.record("Transfer", txHash)
	if f.TransferFunc != nil {
		return f.TransferFunc(ctx, chain, txHash)
	}
	st := SampleTransferStatus()
	st.Chain, st.TxHash = chain, txHash
	return st, nil
}

// SampleTransferStatus returns an approve and a portal transfer of wM to
// Arbitrum, delivered.
func SampleTransferStatus() *orchestration.TransferStatus {
	return &orchestration.TransferStatus{Chain: orchestration.Ethereum, ChainID: 1, TxHash: SampleTxHash,
		Status: orchestration.TransferDone, From: sampleUser, To: sampleWM, BlockNumber: 21_000_000, BlockTimestamp: 1_735_963_445,
		Steps: []orchestration.TransferStep{
			{Kind: orchestration.StepApprove, Contract: sampleWM, TokenIn: sampleWM, AmountIn: "1000000", Spender: sampleUser},
			{Kind: orchestration.StepBridge, Contract: sampleUser, TokenIn: sampleWM, AmountIn: "1000000", TokenOut: sampleWM, AmountOut: "1000000",
				Recipient: sampleUser, Bridge: &orchestration.BridgeDelivery{MessageID: "0x" + "12" + SampleTxHash[4:],
					DestinationChain: orchestration.Arbitrum, DestinationChainID: 42161, Status: orchestration.DeliveryDelivered,
					DestinationTxHash: "0x" + "34" + SampleTxHash[4:], DestinationBlockNumber: 300_000_000, DeliveredAt: 1_735_963_500}},
		}}
}
