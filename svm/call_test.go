package svm_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// ReadCall names an instruction built from the IDL, decodes its args and
// finds its accounts by name; each way a payload can stray from the IDL is
// reported, by the slot's name.
func TestReadCall(t *testing.T) {
	p, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	xs, err := svm.NewExtSwap(svm.ExtSwapConfig{})
	if err != nil {
		t.Fatal(err)
	}
	p = p.WithID(xs.ProgramID())
	build := func() *solana.GenericInstruction {
		ix, err := xs.Swap(svm.SwapParams{Owner: owner, From: wM, To: usdk, Amount: 123_456})
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range ix.AccountValues { // copies, so a case changes its own
			c := *a
			ix.AccountValues[i] = &c
		}
		ix.DataBytes = slices.Clone(ix.DataBytes)
		return ix
	}
	slot := func(ix *solana.GenericInstruction, name string) *solana.AccountMeta {
		for i, s := range mustMatch(t, p, ix) {
			if s.Name == name {
				return ix.AccountValues[i]
			}
		}
		t.Fatalf("no account %s", name)
		return nil
	}
	stranger := solana.MustPublicKeyFromBase58("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin")

	call, err := p.ReadCall(build(), owner)
	if err != nil {
		t.Fatalf("a built swap: %v", err)
	}
	if call.Name != "swap" || !slices.Equal(call.Args, []any{uint64(123_456), uint64(0)}) {
		t.Errorf("ReadCall = %s %v, want swap [123456 0]", call.Name, call.Args)
	}
	if k, ok := call.Account("to_token_account"); !ok || !k.Equals(ata(t, owner, usdk.Mint, usdk.TokenProgram)) {
		t.Errorf("to_token_account = %s, %v; want the owner's USDK account", k, ok)
	}
	if _, ok := call.Account("no_such_account"); ok {
		t.Error("an account the IDL does not name was found")
	}

	for _, tc := range []struct {
		name   string
		mutate func(ix *solana.GenericInstruction)
		want   string // in the error
	}{
		{"another program", func(ix *solana.GenericInstruction) { ix.ProgID = stranger }, "not ext_swap"},
		{"unknown discriminator", func(ix *solana.GenericInstruction) { ix.DataBytes[0] ^= 0xff }, "no discriminator"},
		{"trailing bytes", func(ix *solana.GenericInstruction) { ix.DataBytes = append(ix.DataBytes, 0) }, "1 bytes after the args"},
		{"an account short", func(ix *solana.GenericInstruction) { ix.AccountValues = ix.AccountValues[:len(ix.AccountValues)-1] }, "23 accounts, its IDL has 24"},
		{"signer not signing", func(ix *solana.GenericInstruction) { slot(ix, "signer").IsSigner = false }, "account signer does not sign"},
		{"read-only where writable", func(ix *solana.GenericInstruction) { slot(ix, "to_token_account").IsWritable = false }, "account to_token_account is not writable"},
		{"fixed address replaced", func(ix *solana.GenericInstruction) { slot(ix, "system_program").PublicKey = stranger }, "account system_program is " + stranger.String()},
		{"a stranger signs", func(ix *solana.GenericInstruction) {
			a := slot(ix, "to_token_account")
			a.PublicKey, a.IsSigner = stranger, true
		}, "account to_token_account signs, which its IDL does not ask"},
		{"a PDA that is not of its seeds", func(ix *solana.GenericInstruction) { slot(ix, "swap_global").PublicKey = stranger },
			"account swap_global is " + stranger.String() + ", not " + xs.SwapGlobal().String() + ", the PDA of its IDL seeds"},
		{"the other side's vault", func(ix *solana.GenericInstruction) {
			slot(ix, "from_m_vault").PublicKey = slot(ix, "to_m_vault").PublicKey
		}, "account from_m_vault is "},
		{"another extension program", func(ix *solana.GenericInstruction) { slot(ix, "from_ext_program").PublicKey = stranger },
			"account from_global is "},
		{"None signs", func(ix *solana.GenericInstruction) {
			a := slot(ix, "wrap_authority")
			a.PublicKey, a.IsSigner = xs.ProgramID(), true
		}, "account wrap_authority is None (the program id) yet signs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ix := build()
			tc.mutate(ix)
			_, err := p.ReadCall(ix, owner)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ReadCall = %v, want an error saying %q", err, tc.want)
			}
		})
	}

	// A key the caller expects to sign (the fee payer, or the new account
	// of a CreateAccount before the wrap) may sign a slot that does not ask.
	ix := build()
	a := slot(ix, "to_token_account")
	a.PublicKey, a.IsSigner = stranger, true
	if _, err := p.ReadCall(ix, owner, stranger); err != nil {
		t.Errorf("an expected signer in a read slot: %v", err)
	}

	// Decoded, a key signs in every slot it fills if it signs anywhere in
	// the message: a wrap into a token account that also signs another
	// instruction is refused unless that key is expected to sign.
	tmp := stranger
	create := solana.NewInstruction(solana.SystemProgramID, solana.AccountMetaSlice{
		solana.Meta(owner).SIGNER().WRITE(), solana.Meta(tmp).SIGNER().WRITE()}, []byte{0, 0, 0, 0})
	wrap, err := xs.Wrap(svm.WrapParams{Owner: owner, To: usdk, Amount: 5, ToTokenAccount: tmp})
	if err != nil {
		t.Fatal(err)
	}
	tx, err := svm.Build([]solana.Instruction{create, wrap}, svm.TxConfig{FeePayer: owner, RecentBlockhash: solana.Hash{1}})
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := svm.Instructions(tx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ReadCall(decoded[1], owner); err == nil || !strings.Contains(err.Error(), "to_token_account signs") {
		t.Errorf("a decoded wrap whose token account signs elsewhere: err = %v", err)
	}
	if _, err := p.ReadCall(decoded[1], owner, tmp); err != nil {
		t.Errorf("the same, tmp expected to sign: %v", err)
	}
}

func mustMatch(t *testing.T, p *svm.Program, ix *solana.GenericInstruction) []svm.AccountSpec {
	t.Helper()
	_, specs, ok := p.Match(ix.DataBytes)
	if !ok {
		t.Fatal("the built instruction matches no discriminator")
	}
	return specs
}
