package eip2612_test

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"

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
// golden files (testdata/typeddata/*.json) were written.
func TestTypedDataJSON(t *testing.T) {
	for _, tc := range typedDataCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(eip2612.TypedData(tc.d, tc.m))
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
