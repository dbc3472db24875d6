package eip2612_test

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/m0-orchestration/m0/evm/eip2612"
)

// maxUint256 is 2^256 - 1: an unlimited allowance, a deadline that never
// passes.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// typedDataCases are permits over domains and values that exercise the
// JSON: hex chain ids of every size, names JSON escapes, integers from
// zero to 2^256 - 1, and addresses given in lowercase.
var typedDataCases = []struct {
	name string
	d    eip2612.Domain
	m    eip2612.Message
}{
	{"usdc-sepolia", usdcD, eip2612.Message{
		Owner: common.HexToAddress("0x8457F3072F04a4b00E2ce48D36e57203bE0Bf554"), Spender: common.HexToAddress("0x3bFA4769FB09eefC5a80d6E87c3B9C650f7Ae48E"),
		Value: big.NewInt(1_500_000), Nonce: big.NewInt(3), Deadline: big.NewInt(1_900_000_000),
	}},
	{"unlimited-mainnet", eip2612.Domain{Name: "WrappedM by M^0", Version: "1", ChainID: 1, VerifyingContract: proxy}, eip2612.Message{
		Owner: common.HexToAddress("0x000000000000000000000000000000000000dead"), Spender: common.Address{},
		Value: maxUint256, Nonce: big.NewInt(0), Deadline: maxUint256,
	}},
	{"escaped-name-max-chain", eip2612.Domain{Name: `Ünïcode <"€"> & \ token`, Version: "2.0-β", ChainID: 1<<64 - 1, VerifyingContract: common.HexToAddress("0xffffffffffffffffffffffffffffffffffffffff")}, eip2612.Message{
		Owner: common.HexToAddress("0xabcdefabcdefabcdefabcdefabcdefabcdefabcd"), Spender: usdc,
		Value: big.NewInt(1), Nonce: new(big.Int).Lsh(big.NewInt(1), 200), Deadline: big.NewInt(1),
	}},
}

// TypedData marshals to the JSON a wallet's eth_signTypedData_v4 takes,
// byte for byte as go-ethereum's apitypes.TypedData marshalled it when the
// typed data was one (the golden files, testdata/typeddata/*.json, were
// written then).
func TestTypedDataJSON(t *testing.T) {
	for _, tc := range typedDataCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(eip2612.TypedData{Domain: tc.d, Message: tc.m})
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", "typeddata", tc.name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("typed data JSON\n got %s\nwant %s", got, want)
			}
		})
	}
}

// Digest is the hash a wallet signs for TypedData's JSON: go-ethereum's
// EIP-712 hashing of that JSON read as its apitypes.TypedData gives the
// same 32 bytes, and its domain hashes to Separator.
func TestDigestIsTheTypedDataHash(t *testing.T) {
	for _, tc := range typedDataCases {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(eip2612.TypedData{Domain: tc.d, Message: tc.m})
			if err != nil {
				t.Fatal(err)
			}
			var td apitypes.TypedData
			if err := json.Unmarshal(raw, &td); err != nil {
				t.Fatal(err)
			}
			want, _, err := apitypes.TypedDataAndHash(td)
			if err != nil {
				t.Fatal(err)
			}
			if got := eip2612.Digest(tc.d, tc.m); common.Hash(got) != common.BytesToHash(want) {
				t.Errorf("Digest = %x, the typed data hashes to %x", got, want)
			}
			sep, err := td.HashStruct("EIP712Domain", td.Domain.Map())
			if err != nil || common.BytesToHash(sep) != tc.d.Separator() {
				t.Errorf("Separator = %s, the typed data's domain hashes to %x (%v)", tc.d.Separator(), sep, err)
			}
		})
	}
}

// A Message's nil integers are 0, in the JSON and in the digest alike.
func TestTypedDataNilIsZero(t *testing.T) {
	zero := eip2612.Message{Owner: usdc, Value: new(big.Int), Nonce: new(big.Int), Deadline: new(big.Int)}
	nils := eip2612.Message{Owner: usdc}
	a, errA := json.Marshal(eip2612.TypedData{Domain: usdcD, Message: zero})
	b, errB := json.Marshal(eip2612.TypedData{Domain: usdcD, Message: nils})
	if errA != nil || errB != nil || string(a) != string(b) {
		t.Errorf("nil integers marshal to %s (%v), zeros to %s (%v)", b, errB, a, errA)
	}
	if eip2612.Digest(usdcD, zero) != eip2612.Digest(usdcD, nils) {
		t.Error("nil integers and zeros hash apart")
	}
}
