package permit_test

import (
	"encoding/json"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// word is a 32-byte ABI word.
func word(b []byte) []byte { return common.LeftPadBytes(b, 32) }

func concat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// The EIP-712 hashes, written out as the tokens compute them (PermitERC20.sol),
// with the PERMIT_TYPEHASH constant the contracts declare.
var permitTypehash = common.HexToHash("0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9")

func manualSeparator(d orchestration.EIP712Domain) common.Hash {
	typehash := crypto.Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	return crypto.Keccak256Hash(concat(typehash, crypto.Keccak256([]byte(d.Name)), crypto.Keccak256([]byte(d.Version)),
		word(new(big.Int).SetUint64(d.ChainID).Bytes()), word(common.HexToAddress(d.VerifyingContract).Bytes())))
}

func manualDigest(td orchestration.PermitTypedData) common.Hash {
	num := func(s string) []byte { n, _ := new(big.Int).SetString(s, 10); return word(n.Bytes()) }
	m := td.Message
	structHash := crypto.Keccak256(concat(permitTypehash[:], word(common.HexToAddress(m.Owner).Bytes()),
		word(common.HexToAddress(m.Spender).Bytes()), num(m.Value), num(m.Nonce), num(m.Deadline)))
	sep := manualSeparator(td.Domain)
	return crypto.Keccak256Hash(concat([]byte{0x19, 0x01}, sep[:], structHash))
}

// TypedData is the recipe's permit, canonical: its JSON is the
// eth_signTypedData_v4 shape, with the EIP-2612 type set, checksummed
// addresses and decimal integers.
func TestTypedData(t *testing.T) {
	r := swapRecipe()
	r.TypedData.Message.Owner = "0x" + common.Bytes2Hex(owner.Bytes()) // lowercase: canonicalised
	td, err := permit.TypedData(r)
	if err != nil {
		t.Fatal(err)
	}
	if m := td.Message; m.Owner != owner || m.Value.String() != "10000000" || m.Nonce.String() != "3" {
		t.Errorf("message = %+v", m)
	}
	if d := td.Domain; d.VerifyingContract != wM || d.ChainID != sepoliaID || d.Name != "WrappedM by M^0" {
		t.Errorf("domain = %+v", d)
	}
	raw, err := json.Marshal(td)
	if err != nil {
		t.Fatal(err)
	}
	var wallet struct {
		Types       map[string][]struct{ Name, Type string }
		PrimaryType string
		Domain      map[string]string
		Message     map[string]string
	}
	if err := json.Unmarshal(raw, &wallet); err != nil {
		t.Fatal(err)
	}
	if wallet.PrimaryType != "Permit" {
		t.Errorf("primary type %q", wallet.PrimaryType)
	}
	var names []string
	for _, f := range wallet.Types["Permit"] {
		names = append(names, f.Name+" "+f.Type)
	}
	if got, want := len(names), 5; got != want || names[0] != "owner address" || names[4] != "deadline uint256" {
		t.Errorf("Permit type = %v", names)
	}
	if len(wallet.Types["EIP712Domain"]) != 4 {
		t.Errorf("EIP712Domain type = %v", wallet.Types["EIP712Domain"])
	}
	if m := wallet.Message; m["owner"] != owner.Hex() || m["value"] != "10000000" || m["nonce"] != "3" {
		t.Errorf("JSON message = %v", m)
	}
	if d := wallet.Domain; d["verifyingContract"] != wM.Hex() || d["chainId"] != "0xaa36a7" || d["name"] != "WrappedM by M^0" {
		t.Errorf("JSON domain = %v", d)
	}
}

func TestTypedDataErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(*orchestration.PermitTypedData)
		field string
	}{
		{"no name", func(td *orchestration.PermitTypedData) { td.Domain.Name = "" }, "typedData.domain.name"},
		{"no version", func(td *orchestration.PermitTypedData) { td.Domain.Version = "" }, "typedData.domain.version"},
		{"no chain id", func(td *orchestration.PermitTypedData) { td.Domain.ChainID = 0 }, "typedData.domain.chainId"},
		{"bad token", func(td *orchestration.PermitTypedData) { td.Domain.VerifyingContract = "0x12" }, "typedData.domain.verifyingContract"},
		{"bad checksum", func(td *orchestration.PermitTypedData) {
			td.Domain.VerifyingContract = "0x437CC33344a0B27A429f795ff6B469C72698B291"
		}, "typedData.domain.verifyingContract"},
		{"bad owner", func(td *orchestration.PermitTypedData) { td.Message.Owner = "alice" }, "typedData.message.owner"},
		{"bad spender", func(td *orchestration.PermitTypedData) { td.Message.Spender = "" }, "typedData.message.spender"},
		{"zero value", func(td *orchestration.PermitTypedData) { td.Message.Value = "0" }, "typedData.message.value"},
		{"hex value", func(td *orchestration.PermitTypedData) { td.Message.Value = "0x10" }, "typedData.message.value"},
		{"negative nonce", func(td *orchestration.PermitTypedData) { td.Message.Nonce = "-1" }, "typedData.message.nonce"},
		{"deadline too big", func(td *orchestration.PermitTypedData) {
			td.Message.Deadline = "115792089237316195423570985008687907853269984665640564039457584007913129639936"
		}, "typedData.message.deadline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := swapRecipe()
			tc.edit(&r.TypedData)
			_, err := permit.TypedData(r)
			var fe *permit.FieldError
			if !errors.As(err, &fe) || fe.Field != tc.field {
				t.Fatalf("err = %v, want a FieldError on %s", err, tc.field)
			}
			if _, err := permit.Digest(r); !errors.As(err, &fe) {
				t.Errorf("Digest err = %v, want a FieldError", err)
			}
		})
	}
}

func TestDigestAndSeparator(t *testing.T) {
	for _, r := range []orchestration.PermitRecipe{swapRecipe(), ammRecipe(), orderRecipe()} {
		got, err := permit.Digest(r)
		if err != nil {
			t.Fatal(err)
		}
		if want := manualDigest(r.TypedData); common.Hash(got) != want {
			t.Errorf("%s: Digest = %x, want %x", r.Operation.Type(), got, want)
		}
		sep, err := permit.DomainSeparator(r.TypedData.Domain)
		if err != nil {
			t.Fatal(err)
		}
		if want := manualSeparator(r.TypedData.Domain); common.Hash(sep) != want {
			t.Errorf("%s: DomainSeparator = %x, want %x", r.Operation.Type(), sep, want)
		}
	}
	// Every field of the domain and the message is in the hash.
	base, _ := permit.Digest(swapRecipe())
	for name, edit := range map[string]func(*orchestration.PermitTypedData){
		"name":     func(td *orchestration.PermitTypedData) { td.Domain.Name = "x" },
		"version":  func(td *orchestration.PermitTypedData) { td.Domain.Version = "2" },
		"chainId":  func(td *orchestration.PermitTypedData) { td.Domain.ChainID = 1 },
		"contract": func(td *orchestration.PermitTypedData) { td.Domain.VerifyingContract = mUSD.Hex() },
		"owner":    func(td *orchestration.PermitTypedData) { td.Message.Owner = recipient.Hex() },
		"spender":  func(td *orchestration.PermitTypedData) { td.Message.Spender = router.Hex() },
		"value":    func(td *orchestration.PermitTypedData) { td.Message.Value = "1" },
		"nonce":    func(td *orchestration.PermitTypedData) { td.Message.Nonce = "4" },
		"deadline": func(td *orchestration.PermitTypedData) { td.Message.Deadline = "1" },
	} {
		r := swapRecipe()
		edit(&r.TypedData)
		if d, err := permit.Digest(r); err != nil || d == base {
			t.Errorf("changing %s: digest %x (%v), unchanged %v", name, d, err, d == base)
		}
	}
	if _, err := permit.DomainSeparator(orchestration.EIP712Domain{Name: "x", Version: "1", ChainID: 1, VerifyingContract: "nope"}); err == nil {
		t.Error("DomainSeparator accepted a malformed verifyingContract")
	}
}
