package evm_test

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// The calldata memo answers what packing answers, for each distinct
// argument, and still refuses arguments that do not match.
func TestCalldataMemoMatchesPacking(t *testing.T) {
	m := contracts.MustABI("QuoterV2").Methods["quoteExactInputSingle"]
	params := func(amount int64, fee int64) bindings.QuoteExactInputSingleParams {
		return bindings.QuoteExactInputSingleParams{TokenIn: common.HexToAddress("0x01"), TokenOut: common.HexToAddress("0x02"),
			AmountIn: big.NewInt(amount), Fee: big.NewInt(fee), SqrtPriceLimitX96: new(big.Int)}
	}
	for _, tc := range []struct {
		name string
		p    bindings.QuoteExactInputSingleParams
	}{
		{"first", params(1_000_000, 3000)},
		{"again", params(1_000_000, 3000)},
		{"another amount", params(2_000_000, 3000)},
		{"another fee", params(1_000_000, 500)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := evm.Calldata(m, tc.p)
			if err != nil {
				t.Fatal(err)
			}
			packed, err := m.Inputs.Pack(tc.p)
			if err != nil {
				t.Fatal(err)
			}
			if want := append(append([]byte{}, m.ID...), packed...); !bytes.Equal(got, want) {
				t.Errorf("Calldata = %x, want %x", got, want)
			}
			if cap(got) != len(got) {
				t.Errorf("memoised calldata has spare capacity %d: an append would write into the shared slice", cap(got)-len(got))
			}
		})
	}
	if _, err := evm.Calldata(m, common.HexToAddress("0x01")); err == nil {
		t.Error("Calldata of a mismatched argument succeeded")
	}
}

func TestHexToAddressMatchesGoEthereum(t *testing.T) {
	for _, s := range []string{
		"0xcA11bde05977b3631167028862bE2a173976CA11", "cA11bde05977b3631167028862bE2a173976CA11",
		"0x01", "", "0xzz11bde05977b3631167028862bE2a173976CA11", "0XCA11BDE05977B3631167028862BE2A173976CA11",
	} {
		if got, want := evm.HexToAddress(s), common.HexToAddress(s); got != want {
			t.Errorf("HexToAddress(%q) = %s, want %s", s, got, want)
		}
	}
}
