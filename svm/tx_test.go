package svm_test

import (
	"encoding/base64"
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
)

var blockhash = solana.MustHashFromBase58("4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn")

// swapTx is the full wM → USDK flow: compute budget, the destination
// account created idempotently, then the swap.
func swapInstructions(t *testing.T) []solana.Instruction {
	t.Helper()
	ix, err := newExtSwap(t).Swap(svm.SwapParams{Owner: owner, From: wM, To: usdk, Amount: 5_000_000})
	if err != nil {
		t.Fatal(err)
	}
	return []solana.Instruction{svm.CreateIdempotentATA(owner, owner, usdk.Mint, usdk.TokenProgram), ix}
}

// metaFlags merges the flags of every instruction as a message does: a key
// is a signer or writable in the message when any instruction makes it so,
// and the fee payer is always both.
func mergedFlags(feePayer solana.PublicKey, ixs []solana.Instruction) map[solana.PublicKey][2]bool {
	flags := map[solana.PublicKey][2]bool{feePayer: {true, true}}
	for _, ix := range ixs {
		for _, m := range ix.Accounts() {
			f := flags[m.PublicKey]
			flags[m.PublicKey] = [2]bool{f[0] || m.IsSigner, f[1] || m.IsWritable}
		}
	}
	return flags
}

// roundTrip checks that decoded instructions are the built ones: same
// programs, keys in order and data, and each meta's flags the message's
// merged flags.
func roundTrip(t *testing.T, built []solana.Instruction, payload orchestration.SVMPayload, table *svm.LookupTable) *solana.Transaction {
	t.Helper()
	tx, err := svm.Decode(payload.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	got, err := svm.Instructions(tx, table)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(built) {
		t.Fatalf("%d instructions decoded, %d built", len(got), len(built))
	}
	flags := mergedFlags(owner, built)
	for i, b := range built {
		g := got[i]
		if !g.ProgramID().Equals(b.ProgramID()) {
			t.Errorf("instruction %d: program %s, built %s", i, g.ProgramID(), b.ProgramID())
		}
		gd, _ := g.Data()
		bd, _ := b.Data()
		if !slices.Equal(gd, bd) {
			t.Errorf("instruction %d: data %x, built %x", i, gd, bd)
		}
		ga, ba := g.Accounts(), b.Accounts()
		if len(ga) != len(ba) {
			t.Errorf("instruction %d: %d accounts, built %d", i, len(ga), len(ba))
			continue
		}
		for j := range ba {
			f := flags[ba[j].PublicKey]
			if !ga[j].PublicKey.Equals(ba[j].PublicKey) || ga[j].IsSigner != f[0] || ga[j].IsWritable != f[1] {
				t.Errorf("instruction %d account %d: %+v, built %+v (merged signer %v writable %v)", i, j, ga[j], ba[j], f[0], f[1])
			}
		}
	}
	return tx
}

func TestBuildLegacy(t *testing.T) {
	ixs := swapInstructions(t)
	tx, err := svm.Build(ixs, svm.TxConfig{FeePayer: owner, RecentBlockhash: blockhash, ComputeUnitLimit: 300_000, ComputeUnitPrice: 1_000})
	if err != nil {
		t.Fatal(err)
	}
	p, err := svm.Payload(orchestration.Solana, tx)
	if err != nil {
		t.Fatal(err)
	}
	if p.Chain != orchestration.Solana {
		t.Errorf("chain %s", p.Chain)
	}
	raw, err := base64.StdEncoding.DecodeString(p.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) > svm.MaxTransactionSize {
		t.Errorf("%d bytes", len(raw))
	}
	// Wire form: compact-u16 signature count 1 (only the owner signs), then
	// 64 zero bytes, then a legacy message (no 0x80 version prefix).
	if raw[0] != 1 || slices.ContainsFunc(raw[1:65], func(b byte) bool { return b != 0 }) || raw[65]&0x80 != 0 {
		t.Errorf("header %x: want one zeroed signature then a legacy message", raw[:66])
	}
	want := append([]solana.Instruction{
		solana.NewInstruction(svm.ComputeBudgetProgram, nil, binary.LittleEndian.AppendUint32([]byte{2}, 300_000)),
		solana.NewInstruction(svm.ComputeBudgetProgram, nil, binary.LittleEndian.AppendUint64([]byte{3}, 1_000)),
	}, ixs...)
	dec := roundTrip(t, want, p, nil)
	if !dec.Message.AccountKeys[0].Equals(owner) || dec.Message.RecentBlockhash != blockhash {
		t.Errorf("fee payer %s, blockhash %s", dec.Message.AccountKeys[0], dec.Message.RecentBlockhash)
	}
	if dec.Message.IsVersioned() {
		t.Error("legacy build decoded as v0")
	}
}

// TestBuildV0LookupTable: with a lookup table, the message is v0, names the
// table's non-signer, non-program accounts by index (so it is smaller), and
// decodes back to the same instructions once the table is given.
func TestBuildV0LookupTable(t *testing.T) {
	ixs := swapInstructions(t)
	s := newExtSwap(t)
	table := &svm.LookupTable{
		Address: solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD"),
		Addresses: solana.PublicKeySlice{
			s.SwapGlobal(), s.SwapMAccount(), svm.MMint, svm.Global(wM.Program), svm.Global(usdk.Program),
			svm.MVault(wM.Program), svm.MVault(usdk.Program), svm.MintAuthority(wM.Program), svm.MintAuthority(usdk.Program),
			owner,                // a signer: must stay static
			svm.Token2022Program, // a called program's neighbour: read-only, may be looked up
		},
	}
	legacy, err := svm.Build(ixs, svm.TxConfig{FeePayer: owner, RecentBlockhash: blockhash})
	if err != nil {
		t.Fatal(err)
	}
	v0, err := svm.Build(ixs, svm.TxConfig{FeePayer: owner, RecentBlockhash: blockhash, LookupTable: table})
	if err != nil {
		t.Fatal(err)
	}
	p, err := svm.Payload(orchestration.SolanaDevnet, v0)
	if err != nil {
		t.Fatal(err)
	}
	lp, _ := svm.Payload(orchestration.Solana, legacy)
	if len(p.Transaction) >= len(lp.Transaction) {
		t.Errorf("v0 payload %d chars, legacy %d: the table saved nothing", len(p.Transaction), len(lp.Transaction))
	}
	tx := roundTrip(t, ixs, p, table)
	if !tx.Message.IsVersioned() {
		t.Fatal("not a v0 message")
	}
	lookups := tx.Message.GetAddressTableLookups()
	if len(lookups) != 1 || !lookups[0].AccountKey.Equals(table.Address) {
		t.Fatalf("lookups %+v", lookups)
	}
	if n := len(lookups[0].WritableIndexes) + len(lookups[0].ReadonlyIndexes); n < 5 {
		t.Errorf("only %d accounts looked up", n)
	}
	if !tx.Message.AccountKeys[0].Equals(owner) || slices.ContainsFunc(lookups[0].WritableIndexes, func(i uint8) bool { return i == 9 }) ||
		slices.ContainsFunc(lookups[0].ReadonlyIndexes, func(i uint8) bool { return i == 9 }) {
		t.Error("the signer was looked up instead of staying static")
	}

	// Without the table, or with another one, decoding refuses to guess.
	if _, err := svm.Instructions(tx, nil); err == nil {
		t.Error("decoded a v0 message without its table")
	}
	other := &svm.LookupTable{Address: solana.MustPublicKeyFromBase58("6GhuWPuAmiJeeSVsr58KjqHcAejJRndCx9BVtHkaYHUR"), Addresses: table.Addresses}
	if _, err := svm.Instructions(tx, other); err == nil || !strings.Contains(err.Error(), "9JLRq") {
		t.Errorf("decoded against the wrong table: %v", err)
	}
}

// TestCreateIdempotentATA: the ATA program's CreateIdempotent (data [1])
// with its six accounts in order, for the token program given.
func TestCreateIdempotentATA(t *testing.T) {
	payer := solana.MustPublicKeyFromBase58("5qRSth9bauYSDcSF6rduiLciDAfCNWWd8EiHhgX1w5Tb")
	ix := svm.CreateIdempotentATA(payer, owner, usdk.Mint, svm.Token2022Program)
	if !ix.ProgramID().Equals(solana.SPLAssociatedTokenAccountProgramID) {
		t.Errorf("program %s", ix.ProgramID())
	}
	if d, _ := ix.Data(); !slices.Equal(d, []byte{1}) {
		t.Errorf("data %x, want 01 (CreateIdempotent)", d)
	}
	want := []solana.AccountMeta{
		{PublicKey: payer, IsWritable: true, IsSigner: true},
		{PublicKey: ata(t, owner, usdk.Mint, solana.Token2022ProgramID), IsWritable: true},
		{PublicKey: owner}, {PublicKey: usdk.Mint}, {PublicKey: solana.SystemProgramID}, {PublicKey: solana.Token2022ProgramID},
	}
	got := ix.Accounts()
	if len(got) != len(want) {
		t.Fatalf("%d accounts", len(got))
	}
	for i := range want {
		if *got[i] != want[i] {
			t.Errorf("account %d = %+v, want %+v", i, *got[i], want[i])
		}
	}
}

func TestBuildRefuses(t *testing.T) {
	ixs := swapInstructions(t)
	if _, err := svm.Build(ixs, svm.TxConfig{RecentBlockhash: blockhash}); err == nil {
		t.Error("built without a fee payer")
	}
	if _, err := svm.Build(ixs, svm.TxConfig{FeePayer: owner}); err == nil {
		t.Error("built without a blockhash")
	}
	if _, err := svm.Build(nil, svm.TxConfig{FeePayer: owner, RecentBlockhash: blockhash}); err == nil {
		t.Error("built with no instruction")
	}
	// Twenty memos of 100 bytes exceed the size limit.
	memo := solana.MustPublicKeyFromBase58("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr")
	var big []solana.Instruction
	for range 20 {
		big = append(big, solana.NewInstruction(memo, nil, make([]byte, 100)))
	}
	if _, err := svm.Build(big, svm.TxConfig{FeePayer: owner, RecentBlockhash: blockhash}); err == nil || !strings.Contains(err.Error(), "1232") {
		t.Errorf("oversized transaction: %v", err)
	}
	// A signed transaction is no payload.
	tx, err := svm.Build(ixs, svm.TxConfig{FeePayer: owner, RecentBlockhash: blockhash})
	if err != nil {
		t.Fatal(err)
	}
	tx.Signatures[0][0] = 1
	if _, err := svm.Payload(orchestration.Solana, tx); err == nil {
		t.Error("a signed transaction became a payload")
	}
}
