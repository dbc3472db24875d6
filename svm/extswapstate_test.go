package svm_test

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"github.com/gagliardetto/solana-go"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// The SwapGlobal decoder reads the IDL's account: its discriminator is
// sha256("account:SwapGlobal")[:8] and its fields are the ones decoded, in
// order, so an IDL that changes the layout fails here.
func TestSwapGlobalLayoutMatchesIDL(t *testing.T) {
	p, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("account:SwapGlobal"))
	if d, ok := p.AccountDiscriminator("SwapGlobal"); !ok || !slices.Equal(d, sum[:8]) {
		t.Errorf("SwapGlobal discriminator %v, want %v", d, sum[:8])
	}
	want := []string{`bump:"u8"`, `admin:"pubkey"`, `whitelisted_unwrappers:{"vec":"pubkey"}`,
		`whitelisted_extensions:{"vec":{"defined":{"name":"WhitelistedExtension"}}}`}
	if got, _ := p.Fields("SwapGlobal"); !slices.Equal(got, want) {
		t.Errorf("SwapGlobal fields %q, want %q", got, want)
	}
	want = []string{`program_id:"pubkey"`, `mint:"pubkey"`, `token_program:"pubkey"`}
	if got, _ := p.Fields("WhitelistedExtension"); !slices.Equal(got, want) {
		t.Errorf("WhitelistedExtension fields %q, want %q", got, want)
	}
}

func TestDecodeSwapGlobal(t *testing.T) {
	admin, unwrapper := solana.NewWallet().PublicKey(), solana.NewWallet().PublicKey()
	data := svmtest.SwapGlobal(admin, []solana.PublicKey{unwrapper}, []svmtest.WhitelistedExtension{
		{Program: wM.Program, Mint: wM.Mint, TokenProgram: wM.TokenProgram}, {Program: usdk.Program, Mint: usdk.Mint, TokenProgram: usdk.TokenProgram}})
	g, err := svm.DecodeSwapGlobal(data)
	if err != nil {
		t.Fatal(err)
	}
	want := &svm.SwapGlobal{Admin: admin, Unwrappers: []solana.PublicKey{unwrapper}, Extensions: []svm.Extension{wM, usdk}}
	if diff := cmp.Diff(want, g); diff != "" {
		t.Errorf("decoded (-want +got):\n%s", diff)
	}
	if !g.Unwrapper(unwrapper) || g.Unwrapper(admin) {
		t.Error("Unwrapper: want the listed unwrapper only")
	}
	if e, ok := g.Extension(usdk.Mint); !ok || e != usdk {
		t.Errorf("Extension(USDK) = %v, %v", e, ok)
	}

	for name, bad := range map[string][]byte{
		"wrong discriminator": append([]byte{1, 2, 3, 4, 5, 6, 7, 8}, data[8:]...),
		"truncated":           data[:8+1+32+4+10],
		"huge vector":         binary.LittleEndian.AppendUint32(slices.Clone(data[:8+1+32]), 1<<30),
		"empty":               nil,
	} {
		if _, err := svm.DecodeSwapGlobal(bad); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

func TestMintIndex(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want uint64
		bad  bool
	}{
		{name: "base mint, no extensions", data: svmtest.Mint(1, 6), want: svm.IndexScale},
		// new_multiplier is the index whatever its effective time, as
		// m_ext's multiplier_to_index reads it.
		{name: "scaled", data: svmtest.ScaledMint(1, 6, 1.0, math.MaxInt64, 1.0123456789), want: 1_012_345_678_900},
		// 1.1·1e12 is 1100000000000.0002 in IEEE doubles: truncated.
		{name: "scaled, float product truncated", data: svmtest.ScaledMint(1, 6, 1, 0, 1.1), want: 1_100_000_000_000},
		{name: "multiplier 0", data: svmtest.ScaledMint(1, 6, 1, 0, 0), bad: true},
		{name: "not a mint", data: func() []byte { b := svmtest.ScaledMint(1, 6, 1, 0, 1); b[165] = 2; return b }(), bad: true},
		{name: "short", data: make([]byte, 40), bad: true},
		{name: "TLV cut", data: svmtest.ScaledMint(1, 6, 1, 0, 1)[:180], bad: true},
	} {
		got, err := svm.MintIndex(tc.data)
		if tc.bad != (err != nil) || got != tc.want {
			t.Errorf("%s: %d, %v; want %d (error %v)", tc.name, got, err, tc.want, tc.bad)
		}
	}
}

// Amounts through ext_swap, computed by hand from m_ext's conversions
// (index scale S = 1e12; see decision 29).
func TestExtSwapAmounts(t *testing.T) {
	const s = svm.IndexScale
	for _, tc := range []struct {
		name    string
		f       func() (svm.ExtSwapAmounts, error)
		arg, to uint64
	}{
		{"wrap at index 1 is one to one", func() (svm.ExtSwapAmounts, error) { return svm.WrapAmounts(1_000_000, s, s) }, 1_000_000, 1_000_000},
		// M at 1.05: U = ⌊1e6·1.05⌋ = 1050000; M taken ⌊U/1.05⌋ = 1e6;
		// wM (no yield) minted ⌊1e6·1.05⌋ = 1050000.
		{"wrap M at 1.05 into a non-scaling extension", func() (svm.ExtSwapAmounts, error) {
			return svm.WrapAmounts(1_000_000, 1_050_000_000_000, s)
		}, 1_050_000, 1_050_000},
		// M at 1.000000333333: U = ⌊3·1.000000333333⌋ = 3; M taken
		// ⌊3/1.000000333333⌋ = 2; minted ⌊2·1.000000333333⌋ = 2.
		{"wrap rounds down", func() (svm.ExtSwapAmounts, error) { return svm.WrapAmounts(3, 1_000_000_333_333, s) }, 3, 2},
		// unwrap 1050000 wM (index 1) at M 1.05: U = 1050000, M out
		// ⌊1050000/1.05⌋ = 1e6.
		{"unwrap", func() (svm.ExtSwapAmounts, error) { return svm.UnwrapAmounts(1_050_000, s, 1_050_000_000_000) }, 1_050_000, 1_000_000},
		// wM (1) → USDK (1.02) at M 1.05: unwrap gives 1e6 M principal;
		// its amount ⌊1e6·1.05⌋ = 1050000; USDK ⌊1050000/1.02⌋ = 1029411.
		{"swap", func() (svm.ExtSwapAmounts, error) {
			return svm.SwapAmounts(1_050_000, s, 1_050_000_000_000, 1_020_000_000_000)
		}, 1_050_000, 1_029_411},
	} {
		got, err := tc.f()
		if err != nil || got.Arg != tc.arg || got.Out != tc.to {
			t.Errorf("%s: %+v, %v; want arg %d, out %d", tc.name, got, err, tc.arg, tc.to)
		}
	}
	if _, err := svm.WrapAmounts(math.MaxUint64, 2*s, s); err == nil {
		t.Error("an amount past u64 was not refused")
	}
	if _, err := svm.UnwrapAmounts(1, 0, s); err == nil {
		t.Error("a zero index was not refused")
	}
}

// Match and DecodeArgs read back what Instruction encodes, from the IDL.
func TestMatchAndDecodeArgs(t *testing.T) {
	p, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	xs, err := svm.NewExtSwap(svm.ExtSwapConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ix, err := xs.Swap(svm.SwapParams{Owner: owner, From: wM, To: usdk, Amount: 123_456})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := ix.Data()
	name, specs, ok := p.Match(data)
	if !ok || name != "swap" || len(specs) != len(ix.Accounts()) {
		t.Fatalf("Match = %q, %d accounts, %v; want swap with %d", name, len(specs), ok, len(ix.Accounts()))
	}
	if specs[0].Name != "signer" || !specs[0].Signer || !specs[1].Optional || specs[23].Address != svm.SystemProgram {
		t.Errorf("specs %+v", specs)
	}
	args, err := p.DecodeArgs("swap", data)
	if err != nil || !slices.Equal(args, []any{uint64(123_456), uint64(0)}) {
		t.Errorf("DecodeArgs = %v, %v", args, err)
	}
	if _, err := p.DecodeArgs("swap", append(data, 0)); err == nil {
		t.Error("trailing bytes decoded")
	}
	if _, err := p.DecodeArgs("wrap", data); err == nil {
		t.Error("swap data decoded as wrap")
	}
	if _, _, ok := p.Match([]byte{1, 2, 3, 4, 5, 6, 7, 8}); ok {
		t.Error("an unknown discriminator matched")
	}
}
