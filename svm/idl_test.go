package svm_test

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// A small IDL exercising every argument type the encoder reads, with a
// fixed, an optional and a required account.
const testIDL = `{
  "address": "MSwapi3WhNKMUGm9YrxGhypgUEt7wYQH3ZgG32XoWzH",
  "metadata": {"name": "t", "version": "1"},
  "instructions": [{
    "name": "all", "discriminator": [1,2,3,4,5,6,7,8],
    "accounts": [
      {"name": "payer", "writable": true, "signer": true},
      {"name": "auth", "signer": true, "optional": true},
      {"name": "system_program", "address": "11111111111111111111111111111111"}
    ],
    "args": [
      {"name": "a", "type": "u16"}, {"name": "b", "type": "u32"}, {"name": "c", "type": "i64"},
      {"name": "d", "type": "u128"}, {"name": "e", "type": "bool"}, {"name": "f", "type": {"array": ["u8", 32]}},
      {"name": "g", "type": "bytes"}, {"name": "h", "type": {"option": "u32"}}, {"name": "i", "type": {"option": "u32"}},
      {"name": "j", "type": {"vec": "pubkey"}}, {"name": "k", "type": {"defined": {"name": "P"}}}
    ]
  }],
  "types": [{"name": "P", "type": {"kind": "struct", "fields": [{"name": "x", "type": "u8"}, {"name": "y", "type": "u64"}]}}]
}`

func TestProgramEncodesBorsh(t *testing.T) {
	p, err := svm.ParseProgram([]byte(testIDL))
	if err != nil {
		t.Fatal(err)
	}
	var f [32]byte
	f[0], f[31] = 0xaa, 0xbb
	u128 := new(big.Int).Lsh(big.NewInt(1), 127)
	u128.Add(u128, big.NewInt(0x0102))
	ix, err := p.Instruction("all", svm.Accounts{"payer": owner},
		uint16(0x0102), uint32(0x01020304), int64(-2), u128, true, f, []byte{9, 9}, nil, uint32(7),
		[]any{owner}, []any{uint8(5), uint64(6)})
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{1, 2, 3, 4, 5, 6, 7, 8, // discriminator
		0x02, 0x01, // u16 LE
		0x04, 0x03, 0x02, 0x01, // u32 LE
		0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // i64 -2
		0x02, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, // u128 LE
		1}
	want = append(want, f[:]...)
	want = append(want, 2, 0, 0, 0, 9, 9) // bytes: u32 length
	want = append(want, 0)                // None
	want = append(want, 1, 7, 0, 0, 0)    // Some(7)
	want = append(want, 1, 0, 0, 0)       // vec of one
	want = append(want, owner[:]...)
	want = append(want, 5, 6, 0, 0, 0, 0, 0, 0, 0) // P{5, 6}
	if d, _ := ix.Data(); !slices.Equal(d, want) {
		t.Errorf("data\n %x\nwant\n %x", d, want)
	}
	a := ix.Accounts()
	if !a[0].PublicKey.Equals(owner) || !a[0].IsSigner || !a[0].IsWritable ||
		!a[1].PublicKey.Equals(p.ID()) || a[1].IsSigner || a[1].IsWritable ||
		!a[2].PublicKey.Equals(solana.SystemProgramID) || a[2].IsSigner || a[2].IsWritable {
		t.Errorf("accounts %v", a)
	}
}

func TestProgramRefuses(t *testing.T) {
	p, err := svm.ParseProgram([]byte(testIDL))
	if err != nil {
		t.Fatal(err)
	}
	args := []any{uint16(0), uint32(0), int64(0), big.NewInt(0), false, [32]byte{}, []byte{}, nil, nil, []any{}, []any{uint8(0), uint64(0)}}
	bad := func(i int, v any) []any { c := slices.Clone(args); c[i] = v; return c }
	tests := []struct {
		name string
		acc  svm.Accounts
		args []any
		want string
	}{
		{"unknown instruction", nil, args, "no instruction"},
		{"missing account", svm.Accounts{}, args, "account payer is required"},
		{"unknown account", svm.Accounts{"payer": owner, "payr": owner}, args, "has no account payr"},
		{"wrong fixed address", svm.Accounts{"payer": owner, "system_program": owner}, args, "must be 11111111111111111111111111111111"},
		{"arity", svm.Accounts{"payer": owner}, args[:3], "takes 11 args, got 3"},
		{"wrong Go type", svm.Accounts{"payer": owner}, bad(0, 1), "arg a: u16 needs"},
		{"negative u128", svm.Accounts{"payer": owner}, bad(3, big.NewInt(-1)), "arg d: u128"},
		{"u128 overflow", svm.Accounts{"payer": owner}, bad(3, new(big.Int).Lsh(big.NewInt(1), 128)), "arg d: u128"},
		{"short array", svm.Accounts{"payer": owner}, bad(5, []byte{1}), "arg f: [u8; 32]"},
		{"struct fields", svm.Accounts{"payer": owner}, bad(10, []any{uint8(0)}), "arg k: P needs"},
	}
	for _, tt := range tests {
		name := "all"
		if tt.name == "unknown instruction" {
			name = "nope"
		}
		_, err := p.Instruction(name, tt.acc, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.want)
		}
	}
	if _, err := svm.ParseProgram([]byte(`{"address":"x","instructions":[]}`)); err == nil {
		t.Error("parsed an IDL whose address is not base58")
	}
	if _, err := svm.ParseProgram([]byte(strings.Replace(testIDL, "[1,2,3,4,5,6,7,8]", "[1,2,3]", 1))); err == nil {
		t.Error("parsed a 3-byte discriminator")
	}
	// PDA seeds ReadCall could not derive from a payload's keys and args.
	for _, tt := range []struct{ pda, want string }{
		{`{"seeds": [{"kind": "arg", "path": "zz"}]}`, `pda seed 0: "zz" is no arg of the instruction`},
		{`{"seeds": [{"kind": "arg", "path": "k"}]}`, `pda seed 0: arg c precedes "k" and has no fixed size`},
		{`{"seeds": [{"kind": "arg", "path": "a.x"}]}`, `pda seed 0: arg "a.x": a is not a struct`},
		{`{"seeds": [{"kind": "account_data", "path": "a"}]}`, `pda seed 0: kind "account_data" is not supported`},
		{`{"seeds": [{"kind": "account", "path": "payer.authority"}]}`, `pda seed 0: "payer.authority" is no account of the instruction`},
		{`{"seeds": [{"kind": "const", "value": [256]}]}`, "pda seed 0: byte 256 out of range"},
		{`{"seeds": [{"kind": "const", "value": [1]}], "program": {"kind": "const", "value": [1, 2]}}`, "pda program: 2 bytes, not a key"},
		{`{"seeds": []}`, "pda: 0 seeds"},
	} {
		idl := strings.Replace(testIDL, `{"name": "payer", "writable": true, "signer": true}`,
			`{"name": "payer", "writable": true, "signer": true, "pda": `+tt.pda+`}`, 1)
		if _, err := svm.ParseProgram([]byte(idl)); err == nil || !strings.Contains(err.Error(), "instruction all: account payer: "+tt.want) {
			t.Errorf("PDA %s: %v, want an error with %q", tt.pda, err, tt.want)
		}
	}
}

// TestEmbeddedIDLComplete: every instruction of the embedded ext_swap IDL
// parses, and each discriminator is sha256("global:" + name)[:8].
func TestEmbeddedIDLComplete(t *testing.T) {
	p, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	if p.Name() != "ext_swap" || p.Version() != "0.2.0" {
		t.Errorf("IDL %s %s", p.Name(), p.Version())
	}
	names := p.Instructions()
	if len(names) != len(readIDL(t).Instructions) {
		t.Errorf("%d instructions parsed", len(names))
	}
	for _, n := range names {
		d, _ := p.Discriminator(n)
		if want := anchorDisc(n); !slices.Equal(d, want) {
			t.Errorf("%s: discriminator %v, want %v", n, d, want)
		}
	}
}
