package transfer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
)

// SolanaClient is what the tracker needs of the Solana clusters' nodes:
// getTransaction in one batch. *svm.Client satisfies it.
type SolanaClient interface {
	Has(chain orchestration.Chain) bool
	Transactions(ctx context.Context, chain orchestration.Chain, sigs []string, commitment string) ([]*svm.Transaction, error)
}

// solanaPrograms are the programs of a Solana chain of the catalog whose
// instructions the service's payloads carry.
type solanaPrograms struct {
	extSwap, portal, orderBook solana.PublicKey
}

func solanaProgramsOf(info asset.ChainInfo) solanaPrograms {
	key := func(s string) solana.PublicKey {
		k, err := solana.PublicKeyFromBase58(s)
		if err != nil {
			return solana.PublicKey{}
		}
		return k
	}
	return solanaPrograms{extSwap: key(info.Contracts.ExtSwap), portal: key(info.Contracts.Portal), orderBook: key(info.Contracts.OrderBook)}
}

// The IDLs the instructions are read back by (their ids set per chain).
var extSwapIDL, portalIDL, orderBookIDL = mustIDL(svm.ExtSwapIDL), mustIDL(svm.PortalIDL), mustIDL(svm.OrderBookIDL)

func mustIDL(f func() (*svm.Program, error)) *svm.Program {
	p, err := f()
	if err != nil {
		panic(err)
	}
	return p
}

// orderOpenedDisc is the order book's OrderOpened event's discriminator
// (sha256("event:OrderOpened")[..8]), whose first field is the order id.
var orderOpenedDisc = func() []byte { h := sha256.Sum256([]byte("event:OrderOpened")); return h[:8] }()

// solanaTransfer answers the status of the Solana transaction sig on
// chain: one getTransaction (svm.Client.Transactions, one round trip),
// its outer instructions read back by the IDLs of the programs the
// service's payloads call (ext_swap's swap, wrap and unwrap; the Portal's
// send_token; the order book's open_order and cancels), and the orders'
// statuses from the order service.
//
// A send_token's message id, and a foreign order's cancel report's, is
// read from the meta's inner instructions: the Portal hands every message
// to its bridge adapter by invoking the adapter's send_message with the id
// among the arguments (decision 104, amending 95). Its delivery is then
// matched on the destination as an EVM source's is (complete): PENDING
// until the destination Portal's receive event names the id, then
// DELIVERED with the destination transaction. Without inner instructions
// the bridge step stays PENDING with no message id.
func (t *Tracker) solanaTransfer(ctx context.Context, info asset.ChainInfo, sig string) (*orchestration.TransferStatus, error) {
	chain := info.Name
	if err := orchestration.CheckTransferRef(chain, sig); err != nil {
		return nil, err
	}
	if t.cfg.Solana == nil || !t.cfg.Solana.Has(chain) {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "this server reads no node of %s", chain)
	}
	txs, err := t.cfg.Solana.Transactions(ctx, chain, []string{sig}, "")
	if err != nil {
		return nil, t.fail(ctx, chain, fmt.Errorf("transfer: %s: %w", chain, err))
	}
	if len(txs) == 0 || txs[0] == nil {
		return nil, orchestration.Errorf(orchestration.TransferNotFound, "no transaction %s on %s", sig, chain)
	}
	tx := txs[0]
	progs := solanaProgramsOf(info)
	st := &orchestration.TransferStatus{Chain: chain, ChainID: info.ChainID, TxHash: sig, Steps: []orchestration.TransferStep{},
		BlockNumber: tx.Slot, BlockTimestamp: tx.BlockTime}
	if len(tx.AccountKeys) > 0 {
		st.From = tx.AccountKeys[0].String() // the fee payer
	}
	if tx.Failed() {
		// A failed transaction emitted no events: recognised by the
		// programs it called.
		for _, ix := range tx.Instructions {
			if p := tx.Program(ix); !p.IsZero() && (p == progs.extSwap || p == progs.portal || p == progs.orderBook) {
				st.To, st.Status = p.String(), orchestration.TransferFailed
				return st, nil
			}
		}
		return nil, orchestration.Errorf(orchestration.TransferNotRecognized,
			"transaction %s calls none of the programs of this service on %s: it is not a payload the service builds", sig, chain)
	}
	var steps []orchestration.TransferStep
	for i, ix := range tx.Instructions {
		got := t.solanaSteps(info, progs, tx, i, ix)
		if len(got) > 0 && st.To == "" {
			st.To = got[0].Contract
		}
		steps = append(steps, got...)
	}
	if len(steps) == 0 {
		return nil, orchestration.Errorf(orchestration.TransferNotRecognized,
			"transaction %s calls none of the instructions of the payloads this service builds on %s (ext_swap's swap, wrap, unwrap; the Portal's send_token; the order book's open_order and cancels)", sig, chain)
	}
	st.Steps = steps
	if err := t.complete(ctx, st); err != nil {
		return nil, err
	}
	st.Status = orchestration.TransferDone
	for _, s := range st.Steps {
		if s.Bridge != nil && s.Bridge.Status != orchestration.DeliveryDelivered {
			st.Status = orchestration.TransferPending
		}
	}
	return st, nil
}

// solanaSteps reads outer instruction i of tx back as its steps, when it
// calls one of progs with an instruction the service builds (by the
// program's IDL: discriminator and args): one step, and for a foreign
// order's cancel also the bridge step of its cancel report; none
// otherwise.
func (t *Tracker) solanaSteps(info asset.ChainInfo, progs solanaPrograms, tx *svm.Transaction, i int, ix svm.CompiledInstruction) []orchestration.TransferStep {
	step, ok := t.solanaStep(info, progs, tx, i, ix)
	if !ok {
		return nil
	}
	steps := []orchestration.TransferStep{step}
	if step.Kind == orchestration.StepLimitOrder && step.Bridge != nil {
		// cancel_foreign_order: the order, then the report it sent.
		report := orchestration.TransferStep{Kind: orchestration.StepBridge, Contract: progs.portal.String(), Bridge: step.Bridge}
		steps[0].Bridge = nil
		steps = append(steps, report)
	}
	return steps
}

// solanaStep reads outer instruction i of tx back as a step, when it calls
// one of progs with an instruction the service builds (by the program's
// IDL: discriminator and args); ok is false otherwise. A cancel of a
// foreign order carries its cancel report in Bridge, which solanaSteps
// makes a step of its own.
func (t *Tracker) solanaStep(info asset.ChainInfo, progs solanaPrograms, tx *svm.Transaction, i int, ix svm.CompiledInstruction) (orchestration.TransferStep, bool) {
	program := tx.Program(ix)
	if program.IsZero() {
		return orchestration.TransferStep{}, false
	}
	var idl *svm.Program
	switch program {
	case progs.extSwap:
		idl = extSwapIDL
	case progs.portal:
		idl = portalIDL
	case progs.orderBook:
		idl = orderBookIDL
	default:
		return orchestration.TransferStep{}, false
	}
	name, specs, ok := idl.Match(ix.Data)
	if !ok {
		return orchestration.TransferStep{}, false
	}
	args, err := idl.DecodeArgs(name, ix.Data)
	if err != nil || len(args) == 0 {
		return orchestration.TransferStep{}, false
	}
	account := func(slot string) solana.PublicKey {
		for j, s := range specs {
			if s.Name == slot {
				return tx.Account(ix, j)
			}
		}
		return solana.PublicKey{}
	}
	step := orchestration.TransferStep{Contract: program.String()}
	switch {
	case program == progs.extSwap && (name == "swap" || name == "wrap" || name == "unwrap"):
		amount, _ := args[0].(uint64)
		// The mints in and out, and the account that receives, by the
		// instruction's account slots.
		var in, out, to solana.PublicKey
		switch name {
		case "swap":
			in, out, to = account("from_mint"), account("to_mint"), account("to_token_account")
		case "wrap":
			in, out, to = account("m_mint"), account("to_mint"), account("to_token_account")
		case "unwrap":
			in, out, to = account("from_mint"), account("m_mint"), account("m_token_account")
		}
		step.Kind, step.TokenIn, step.AmountIn, step.TokenOut = orchestration.StepSwap, in.String(), fmt.Sprint(amount), out.String()
		if mint, delta, ok := tx.TokenDelta(to); ok && mint == out && delta.Sign() > 0 {
			step.AmountOut = delta.String()
		}
		if !to.IsZero() {
			step.Recipient = to.String()
		}
		return step, true
	case program == progs.portal && name == "send_token" && len(args) == 4:
		amount, _ := args[0].(uint64)
		dest, _ := args[2].(uint64)
		recipient, _ := args[3].([]byte)
		step.Kind, step.TokenIn, step.AmountIn = orchestration.StepBridge, account("extension_mint").String(), fmt.Sprint(amount)
		b := &orchestration.BridgeDelivery{DestinationChainID: dest, Status: orchestration.DeliveryPending}
		if m, ok := adapterMessage(tx, i, account("bridge_adapter"), dest); ok {
			b.MessageID = m
		}
		if d, ok := t.cfg.Catalog.ChainByID(orchestration.RuntimeEVM, dest); ok {
			b.DestinationChain = d.Name
			if len(recipient) == 32 {
				step.Recipient = common.BytesToAddress(recipient[12:]).Hex()
			}
		} else if d, ok := t.cfg.Catalog.ChainByID(orchestration.RuntimeSVM, dest); ok {
			b.DestinationChain = d.Name
			if len(recipient) == 32 {
				step.Recipient = solana.PublicKeyFromBytes(recipient).String()
			}
		}
		step.Bridge = b
		return step, true
	case program == progs.orderBook && name == "open_order":
		id, ok := orderOpened(tx, i, program)
		if !ok {
			return orchestration.TransferStep{}, false
		}
		step.Kind, step.TokenIn = orchestration.StepLimitOrder, account("token_in_mint").String()
		if p, ok := args[0].([]any); ok && len(p) == 8 {
			if amount, ok := p[4].(uint64); ok {
				step.AmountIn = fmt.Sprint(amount)
			}
		}
		step.Order = &orchestration.TransferOrder{OriginChain: info.Name, OrderID: "0x" + hex.EncodeToString(id)}
		return step, true
	case program == progs.orderBook && (name == "cancel_native_order" || name == "cancel_foreign_order"):
		id, ok := args[0].([]byte)
		if !ok || len(id) != 32 {
			return orchestration.TransferStep{}, false
		}
		step.Kind = orchestration.StepLimitOrder
		step.Order = &orchestration.TransferOrder{OriginChain: info.Name, OrderID: "0x" + hex.EncodeToString(id)}
		if name == "cancel_foreign_order" && len(args) == 2 {
			// The report goes to the order's origin (OrderData's
			// origin_chain_id), through the Portal's adapter.
			if od, ok := args[1].([]any); ok && len(od) > 3 {
				if origin, ok := od[3].(uint64); ok {
					if m, ok := adapterMessage(tx, i, account("bridge_adapter"), origin); ok {
						step.Bridge = &orchestration.BridgeDelivery{MessageID: m, DestinationChainID: origin, Status: orchestration.DeliveryPending}
					}
				}
			}
		}
		return step, true
	}
	return orchestration.TransferStep{}, false
}

// adapterMessage is the message id, 0x hex, of the message to the M0 chain
// dest that the Portal handed the bridge adapter adapter under outer
// instruction i of tx: the adapter's send_message among the instruction's
// inner instructions (svm.ReadAdapterSendMessage), whose arguments carry
// the id the Portal derived from its nonce (decision 104). ok is false
// when the meta lists no such invocation (a node that records no inner
// instructions): the id is then not known and the delivery not looked for.
func adapterMessage(tx *svm.Transaction, i int, adapter solana.PublicKey, dest uint64) (string, bool) {
	if adapter.IsZero() {
		return "", false
	}
	for _, group := range tx.Inner {
		if group.Index != i {
			continue
		}
		for _, in := range group.Instructions {
			if tx.Program(in) != adapter {
				continue
			}
			if m, ok := svm.ReadAdapterSendMessage(in.Data); ok && uint64(m.DestinationChainID) == dest {
				return "0x" + hex.EncodeToString(m.MessageID[:]), true
			}
		}
	}
	return "", false
}

// orderOpened is the order id of the OrderOpened event the order book
// emitted (emit_cpi!: a self-invocation with its event authority first)
// under outer instruction i of tx.
func orderOpened(tx *svm.Transaction, i int, program solana.PublicKey) ([]byte, bool) {
	authority := svm.EventAuthority(program)
	for _, group := range tx.Inner {
		if group.Index != i {
			continue
		}
		for _, in := range group.Instructions {
			d := in.Data
			if tx.Program(in) != program || tx.Account(in, 0) != authority || len(d) < 16+32 ||
				!bytes.Equal(d[:8], svm.EventTag[:]) || !bytes.Equal(d[8:16], orderOpenedDisc) {
				continue
			}
			return bytes.Clone(d[16:48]), true
		}
	}
	return nil, false
}
