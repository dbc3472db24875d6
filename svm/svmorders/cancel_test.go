package svmorders_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
)

// decode reads a payload's transaction.
func decode(t *testing.T, p *orchestration.TransactionPayload) *solana.Transaction {
	t.Helper()
	if p == nil || p.SVM == nil || p.SVM.Chain != orchestration.Solana {
		t.Fatalf("payload %+v, want a Solana one", p)
	}
	raw, err := base64.StdEncoding.DecodeString(p.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := solana.TransactionFromBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	if !tx.Message.AccountKeys[0].Equals(caller) || tx.Message.Header.NumRequiredSignatures != 1 {
		t.Errorf("fee payer %s with %d signers, want the caller %s alone", tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures, caller)
	}
	return tx
}

// The facts' discriminators (Solana facts §5).
var (
	cancelNativeDisc  = []byte{161, 5, 252, 99, 194, 215, 19, 84}
	cancelForeignDisc = []byte{64, 42, 40, 137, 244, 90, 185, 107}
)

// A same-chain cancel: the sender's token-in account created if missing,
// then cancel_native_order with the facts' accounts, read back by the
// IDL (roles, PDAs derived again) and compared with the PDAs derived here.
func TestCancelNativeGolden(t *testing.T) {
	w := newWorld(t)
	d := nativeData(1)
	id, _ := w.putNative(t, d, svm.OrderCreated, 0, 0, 0)
	p, err := w.cancel(t, d, caller)
	if err != nil {
		t.Fatal(err)
	}
	tx := decode(t, p)
	if tx.Message.GetVersion() != solana.MessageVersionLegacy {
		t.Errorf("message version %d, want legacy", tx.Message.GetVersion())
	}
	if !tx.Message.RecentBlockhash.Equals(w.node.Blockhash()) {
		t.Errorf("blockhash %s, want the node's", tx.Message.RecentBlockhash)
	}
	ixs, err := svm.Instructions(tx, nil)
	if err != nil || len(ixs) != 2 {
		t.Fatalf("%d instructions, %v; want the ATA creation and the cancel", len(ixs), err)
	}
	orderPDA := svm.OrderPDA(svm.OrderBookProgramID, id)
	senderATA := svm.AssociatedTokenAddress(sender, mintIn, svm.Token2022Program)
	create, _ := ixs[0].Data()
	if !ixs[0].ProgramID().Equals(solana.SPLAssociatedTokenAccountProgramID) || !bytes.Equal(create, []byte{1}) ||
		!keysAre(ixs[0].Accounts(), caller, senderATA, sender, mintIn, svm.SystemProgram, svm.Token2022Program) {
		t.Errorf("the first instruction is not CreateIdempotent(payer caller, the sender's Token-2022 account of mintIn): %v %x", ixs[0].ProgramID(), create)
	}
	prog, _ := svm.OrderBookIDL()
	call, err := prog.ReadCall(ixs[1], caller)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := ixs[1].Data()
	if call.Name != "cancel_native_order" || !bytes.Equal(data[:8], cancelNativeDisc) || !bytes.Equal(data[8:], id[:]) || len(data) != 40 {
		t.Errorf("%s data %x, want cancel_native_order's discriminator and the id", call.Name, data)
	}
	want := map[string]solana.PublicKey{
		"signer": caller, "sender": sender, "global_account": solana.MustPublicKeyFromBase58("7xyuxnyY1TpRGoF5tnHnRLJ77Fpbp6jbVCsmfcLD4tZY"),
		"order": orderPDA, "token_in_mint": mintIn, "sender_token_in_ata": senderATA,
		"order_token_in_ata": svm.AssociatedTokenAddress(orderPDA, mintIn, svm.Token2022Program), "token_in_program": svm.Token2022Program,
		"event_authority": solana.MustPublicKeyFromBase58("FS6BDE8cxeZLGsbSXrcRQ6pnPDdF34LeyBdFFsQBaA5c"), "program": svm.OrderBookProgramID,
	}
	checkAccounts(t, call, want)
	if a := call.Accounts[0]; !a.IsSigner {
		t.Error("the caller does not sign the cancel")
	}
	if a := call.Accounts[1]; a.IsSigner || a.IsWritable {
		t.Error("the sender signs or is writable: it only receives the refund's owner check")
	}

	// A recipient or anyone may be the caller: the transaction follows.
	p2, err := w.cancel(t, d, recipient)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.StdEncoding.DecodeString(p2.SVM.Transaction)
	tx2, _ := solana.TransactionFromBytes(raw)
	if !tx2.Message.AccountKeys[0].Equals(recipient) {
		t.Errorf("the recipient's cancel is paid by %s", tx2.Message.AccountKeys[0])
	}

	// Terms that are not the id's, and an order bound elsewhere.
	v, _ := w.book.Read(t.Context(), w.chain, id, order.Need{Clock: true})
	bad := terms(d)
	bad.AmountIn = big.NewInt(1)
	if _, err := w.book.CancelPayload(t.Context(), w.chain, order.Cancel{ID: id, Terms: bad, Caller: caller, Dest: v}); err == nil || !strings.Contains(err.Error(), "hash to order") {
		t.Errorf("terms of another id: %v", err)
	}
	away := nativeData(3)
	away.DestChainID = ethereumID
	awayID, _ := away.ID()
	if _, err := w.book.CancelPayload(t.Context(), w.chain, order.Cancel{ID: awayID, Terms: terms(away), Caller: caller, Dest: v}); err == nil || !strings.Contains(err.Error(), "cancelled there") {
		t.Errorf("an order bound for Ethereum: %v", err)
	}
	if _, err := w.book.CancelPayload(t.Context(), w.chain, order.Cancel{ID: id, Terms: terms(d), Caller: caller, Dest: &order.View{}}); err == nil {
		t.Error("a View this Book did not read was accepted")
	}
}

// A foreign cancel: v0 against the adapter's table, the compute budget,
// cancel_foreign_order with its order data and the adapter's ten
// accounts, then the Executor's relay of the report to the origin's peer.
func TestCancelForeignGolden(t *testing.T) {
	w := newWorld(t)
	d := foreignData(ethereumID)
	id, _ := d.ID()
	p, err := w.cancel(t, d, recipient)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.StdEncoding.DecodeString(p.SVM.Transaction)
	tx, err := solana.TransactionFromBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("foreign cancel: %d bytes, %d static keys", len(raw), len(tx.Message.AccountKeys))
	if !tx.Message.AccountKeys[0].Equals(recipient) || tx.Message.GetVersion() != solana.MessageVersionV0 ||
		len(tx.Message.AddressTableLookups) != 1 || !tx.Message.AddressTableLookups[0].AccountKey.Equals(receive) {
		t.Fatalf("payer %s, version %d, lookups %+v; want the recipient paying a v0 message over the receive table", tx.Message.AccountKeys[0], tx.Message.GetVersion(), tx.Message.AddressTableLookups)
	}
	ixs, err := svm.Instructions(tx, &svm.LookupTable{Address: receive, Addresses: w.table})
	if err != nil || len(ixs) != 3 {
		t.Fatalf("%d instructions, %v; want the compute budget, the cancel and the relay", len(ixs), err)
	}
	if budget, _ := ixs[0].Data(); !ixs[0].ProgramID().Equals(svm.ComputeBudgetProgram) || !bytes.Equal(budget, []byte{2, 0x80, 0x1a, 0x06, 0}) {
		t.Errorf("the first instruction is not SetComputeUnitLimit(400000): %s %x", ixs[0].ProgramID(), budget)
	}
	prog, _ := svm.OrderBookIDL()
	call, rest, err := prog.ReadCallWithRemaining(ixs[1], recipient)
	// Every arg (order_data, a struct, included) and account check passes;
	// the arg's bytes are compared below too.
	if err != nil {
		t.Fatal(err)
	}
	data, _ := ixs[1].Data()
	if call.Name != "cancel_foreign_order" || !bytes.Equal(data[:8], cancelForeignDisc) || !bytes.Equal(data[8:40], id[:]) {
		t.Errorf("%s data %x, want cancel_foreign_order's discriminator and the id", call.Name, data[:40])
	}
	// order_data in Borsh (little-endian), fields in the IDL's order.
	le := binary.LittleEndian
	od := le.AppendUint16(nil, 1)
	od = append(od, ethSender[:]...)
	od = le.AppendUint64(od, 3)
	od = le.AppendUint32(od, ethereumID)
	od = le.AppendUint32(od, solanaID)
	od = le.AppendUint64(od, d.CreatedAt)
	od = le.AppendUint64(od, d.FillDeadline)
	od = append(od, ethToken[:]...)
	od = append(od, mintOut[:]...)
	od = le.AppendUint64(od, 5_000_000)
	od = le.AppendUint64(od, 0)
	od = le.AppendUint64(od, 4_990_000)
	od = le.AppendUint64(od, 0)
	od = append(od, recipient[:]...)
	od = append(od, solver[:]...)
	if !bytes.Equal(data[40:], od) {
		t.Errorf("order_data\n got %x\nwant %x", data[40:], od)
	}
	dep := svm.MainnetPortal
	checkAccounts(t, call, map[string]solana.PublicKey{
		"signer": recipient, "global_account": svm.Global(svm.OrderBookProgramID), "order": svm.OrderPDA(svm.OrderBookProgramID, id),
		"portal_program": svm.PortalProgramID, "portal_global": solana.MustPublicKeyFromBase58("54dGjbVChJseSS7zo1AWWazMtz4NXi89pQPF2HH2hM6W"),
		"portal_authority": solana.MustPublicKeyFromBase58("5qRSth9bauYSDcSF6rduiLciDAfCNWWd8EiHhgX1w5Tb"),
		"bridge_adapter":   svm.WormholeAdapterProgramID, "system_program": svm.SystemProgram,
		"event_authority": svm.EventAuthority(svm.OrderBookProgramID), "program": svm.OrderBookProgramID,
	})
	if !call.Accounts[0].IsSigner || !call.Accounts[0].IsWritable {
		t.Error("the caller does not sign and pay")
	}
	wantRest := dep.WormholeRemainingAccounts()
	if len(rest) != 10 {
		t.Fatalf("%d remaining accounts, want the adapter's 10", len(rest))
	}
	for i, a := range rest {
		if !a.PublicKey.Equals(wantRest[i].PublicKey) || a.IsWritable != wantRest[i].IsWritable || a.IsSigner {
			t.Errorf("remaining account %d: %+v, want %+v", i, a, wantRest[i])
		}
	}
	if !rest[0].PublicKey.Equals(solana.MustPublicKeyFromBase58("5gQtHLbtBLuEfGdx6TN1buA2ph9kp3Aixc2ghPvggSoH")) ||
		!rest[4].PublicKey.Equals(solana.MustPublicKeyFromBase58("CP33GZ2Kbx3kerC3iAimm7Pn9vQ3Nwotq1pVdLLDfhez")) {
		t.Errorf("the adapter's global and mainnet Sequence are not the facts': %s %s", rest[0].PublicKey, rest[4].PublicKey)
	}
	r, err := svm.ExecutionRequestOf(ixs[2])
	if err != nil {
		t.Fatal(err)
	}
	wantRelay := []byte{1}
	wantRelay = append(wantRelay, make([]byte, 16)...)
	big.NewInt(500_000).FillBytes(wantRelay[1:17])
	wantRelay = append(wantRelay, make([]byte, 16)...)
	big.NewInt(20_000_000).FillBytes(wantRelay[17:33])
	if !r.Payer.Equals(recipient) || !r.Payee.Equals(payee) || r.EstimatedCost != 2_000_000 || r.DstChain != ethWormhole ||
		r.DstAddr != ethPeer || r.RefundAddr != [32]byte(recipient) || !r.Emitter.Equals(dep.WormholeEmitter()) || r.Sequence != 41 ||
		!bytes.Equal(r.RelayInstructions, wantRelay) {
		t.Errorf("the relay %+v", r)
	}

	// Read without the report, or with another origin's: no foreign cancel.
	v, _ := w.book.Read(t.Context(), w.chain, id, order.Need{Clock: true})
	if _, err := w.book.CancelPayload(t.Context(), w.chain, order.Cancel{ID: id, Terms: terms(d), Caller: recipient, Dest: v}); err == nil || !strings.Contains(err.Error(), "CancelReportTo") {
		t.Errorf("a View read without the report: %v", err)
	}
	// A table without the cancel's accounts: too large.
	w.node.SetPortal(svmTestPortalWithTable(w, nil))
	_, err = w.cancel(t, d, recipient)
	var tooLarge *svm.TooLargeError
	if !errors.As(err, &tooLarge) {
		t.Errorf("a cancel over an empty table: %v, want a TooLargeError", err)
	}
}

// checkAccounts compares the call's named accounts.
func checkAccounts(t *testing.T, call svm.Call, want map[string]solana.PublicKey) {
	t.Helper()
	if len(call.Specs) != len(want) {
		t.Errorf("%s has %d accounts, the test names %d", call.Name, len(call.Specs), len(want))
	}
	for name, k := range want {
		if got, ok := call.Account(name); !ok || !got.Equals(k) {
			t.Errorf("%s: %s = %s, want %s", call.Name, name, got, k)
		}
	}
}

func keysAre(metas []*solana.AccountMeta, keys ...solana.PublicKey) bool {
	if len(metas) != len(keys) {
		return false
	}
	for i, m := range metas {
		if !m.PublicKey.Equals(keys[i]) {
			return false
		}
	}
	return true
}

// The terms a Read gives hash to the id read (svm's TestOrderIDVector
// checks the hash against the facts' vector).
func TestReadTermsHashToTheID(t *testing.T) {
	w := newWorld(t)
	nd := nativeData(9)
	nid, _ := w.putNative(t, nd, svm.OrderCreated, 0, 0, 0)
	v, err := w.book.Read(t.Context(), w.chain, nid, order.Need{})
	if err != nil {
		t.Fatal(err)
	}
	back := svm.OrderData{Version: v.Terms.Version, Sender: v.Terms.Sender, Nonce: v.Terms.Nonce, OriginChainID: uint32(v.Terms.OriginChainID),
		DestChainID: uint32(v.Terms.DestChainID), CreatedAt: v.Terms.CreatedAt, FillDeadline: v.Terms.FillDeadline, TokenIn: v.Terms.TokenIn,
		TokenOut: v.Terms.TokenOut, AmountIn: v.Terms.AmountIn, AmountOut: v.Terms.AmountOut, Recipient: v.Terms.Recipient, Solver: v.Terms.Solver}
	if got, _ := back.ID(); order.ID(got) != nid {
		t.Errorf("the terms read hash to %s, not the order's id %s", order.ID(got), nid)
	}
	// The order book's destination PDA is seeded little-endian (program
	// HEAD, mainnet deploy); the facts' value for chain 1.
	if got := svm.OrderBookDestination(svm.OrderBookProgramID, 1); got.String() != "DjZVZqBa4gxSEkZ2YyLt5ScpfLCRdoYYktJvrvTzPq8T" {
		t.Errorf("destination(1) = %s", got)
	}
}
