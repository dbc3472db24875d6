package svmorders

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
)

// CancelPayload builds the unsigned transaction that cancels c.ID on
// cluster dest, paid for and signed by c.Caller (its fee payer), from
// what Read gathered in c.Dest.Runtime (the blockhash, the token program,
// the Wormhole state and the Executor's quote):
//
//   - an order opened on dest and bound for it (a Native order): a legacy
//     transaction creating the sender's token-in account if it is missing
//     (idempotent, paid by the caller: the program refunds into it and
//     does not create it), then cancel_native_order;
//   - an order opened elsewhere and bound for dest (a Foreign one): a v0
//     transaction compiled against the Wormhole adapter's receive lookup
//     table: the compute budget, cancel_foreign_order(order_id,
//     order_data) with the adapter's ten accounts, and the Executor's
//     request_for_execution of the cancel report (the quote's payee and
//     cost, the origin's Wormhole peer as destination, the sequence the
//     report gets, the refund to the caller).
//
// c.Value is not sent: a Solana cancel pays the Executor's quoted cost
// and the core bridge's fee from the caller's lamports, which the cluster
// takes as the transaction runs. Terms whose id is not c.ID, a transaction
// over 1232 bytes, or an order bound for another chain (cancelled there)
// are errors; a paused order book is OrderNotCancellable.
func (b *Book) CancelPayload(_ context.Context, dest asset.ChainInfo, c order.Cancel) (*orchestration.TransactionPayload, error) {
	if c.Dest == nil {
		return nil, errNotRead
	}
	st, ok := c.Dest.Runtime.(*state)
	if !ok || st.chain != dest.Name {
		return nil, errNotRead
	}
	if st.globalErr != nil {
		return nil, st.globalErr
	}
	caller := solana.PublicKeyFromBytes(c.Caller[:])
	if caller.IsZero() {
		return nil, errors.New("svmorders: no caller to sign the cancel")
	}
	t := c.Terms
	data, err := orderData(t)
	if err != nil {
		return nil, err
	}
	id, err := data.ID()
	if err != nil {
		return nil, err
	}
	if id != c.ID {
		return nil, fmt.Errorf("svmorders: the terms given hash to order %s, not %s", order.ID(id), c.ID)
	}
	var tx *solana.Transaction
	switch {
	case t.DestChainID != dest.ChainID:
		return nil, fmt.Errorf("svmorders: order %s is bound for chain %d: it is cancelled there, not on %s", c.ID, t.DestChainID, dest.Name)
	case t.OriginChainID == dest.ChainID:
		tx, err = b.cancelNative(st, caller, data, id)
	default:
		tx, err = b.cancelForeign(st, caller, data)
	}
	if err != nil {
		return nil, err
	}
	p, err := svm.Payload(dest.Name, tx)
	if err != nil {
		return nil, err
	}
	return &orchestration.TransactionPayload{SVM: &p}, nil
}

// orderData is t as the order book hashes and takes it.
func orderData(t order.Terms) (svm.OrderData, error) {
	if t.OriginChainID > uint64(^uint32(0)) || t.DestChainID > uint64(^uint32(0)) {
		return svm.OrderData{}, fmt.Errorf("svmorders: chain ids %d and %d are not M0 chain ids (u32)", t.OriginChainID, t.DestChainID)
	}
	return svm.OrderData{Version: t.Version, Sender: t.Sender, Nonce: t.Nonce, OriginChainID: uint32(t.OriginChainID),
		DestChainID: uint32(t.DestChainID), CreatedAt: t.CreatedAt, FillDeadline: t.FillDeadline, TokenIn: t.TokenIn,
		TokenOut: t.TokenOut, AmountIn: t.AmountIn, AmountOut: t.AmountOut, Recipient: t.Recipient, Solver: t.Solver}, nil
}

func (b *Book) cancelNative(st *state, caller solana.PublicKey, d svm.OrderData, id [32]byte) (*solana.Transaction, error) {
	if st.tokenProgram.IsZero() {
		return nil, errors.New("svmorders: the View was read without the token-in program (Read with Need.Clock of a native order)")
	}
	sender, mint := solana.PublicKeyFromBytes(d.Sender[:]), solana.PublicKeyFromBytes(d.TokenIn[:])
	cancel, err := svm.CancelNativeOrder(svm.CancelNativeParams{OrderBook: b.program, Caller: caller, ID: id,
		Sender: sender, TokenInMint: mint, TokenInProgram: st.tokenProgram})
	if err != nil {
		return nil, err
	}
	return svm.Build([]solana.Instruction{svm.CreateIdempotentATA(caller, sender, mint, st.tokenProgram), cancel},
		svm.TxConfig{FeePayer: caller, RecentBlockhash: st.blockhash, ComputeUnitPrice: b.cfg.ComputeUnitPrice})
}

func (b *Book) cancelForeign(st *state, caller solana.PublicKey, d svm.OrderData) (*solana.Transaction, error) {
	r := st.report
	if r == nil || r.origin != uint64(d.OriginChainID) {
		return nil, orchestration.Errorf(orchestration.NotImplemented,
			"the View of %s was read without the cancel report to chain %d (Read with Need.CancelReportTo)", st.chain, d.OriginChainID)
	}
	cancel, err := svm.CancelForeignOrder(svm.CancelForeignParams{OrderBook: b.program, Caller: caller, Data: d, Deployment: r.dep})
	if err != nil {
		return nil, err
	}
	payee, err := svm.QuotePayee(r.quote.Signed.Raw)
	if err != nil {
		return nil, err
	}
	relay, err := svm.RequestForExecution(svm.ExecutionRequest{
		Payer: caller, Payee: payee, EstimatedCost: r.quote.EstimatedCost.Uint64(),
		DstChain: r.dstChain, DstAddr: r.peer.Address, RefundAddr: caller,
		SignedQuote: slices.Clone(r.quote.Signed.Raw), Emitter: r.dep.WormholeEmitter(), Sequence: r.sequence,
		RelayInstructions: r.relay,
	})
	if err != nil {
		return nil, err
	}
	return svm.Build([]solana.Instruction{cancel, relay}, svm.TxConfig{FeePayer: caller, RecentBlockhash: st.blockhash,
		ComputeUnitLimit: b.cfg.ComputeUnitLimit, ComputeUnitPrice: b.cfg.ComputeUnitPrice, LookupTable: r.table})
}
