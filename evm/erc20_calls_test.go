package evm_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
)

// The ERC-20 reads are memoised; each must still be the ABI's calldata
// for its own arguments, keyed by its target and calldata.
func TestERC20ReadsAreTheirABICalldata(t *testing.T) {
	parsed, err := abi.JSON(strings.NewReader(`[
		{"type":"function","name":"balanceOf","inputs":[{"type":"address"}],"outputs":[{"type":"uint256"}]},
		{"type":"function","name":"allowance","inputs":[{"type":"address"},{"type":"address"}],"outputs":[{"type":"uint256"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	tokA, tokB := common.HexToAddress("0x01"), common.HexToAddress("0x02")
	alice, bob := common.HexToAddress("0xa11ce"), common.HexToAddress("0xb0b")
	for _, tt := range []struct {
		name string
		call evm.Call
		to   common.Address
		args []any
	}{
		{"balanceOf", evm.ERC20BalanceOf(tokA, alice), tokA, []any{alice}},
		{"balanceOf", evm.ERC20BalanceOf(tokA, alice), tokA, []any{alice}}, // memoised
		{"balanceOf", evm.ERC20BalanceOf(tokB, bob), tokB, []any{bob}},
		{"allowance", evm.ERC20Allowance(tokA, alice, bob), tokA, []any{alice, bob}},
		{"allowance", evm.ERC20Allowance(tokA, bob, alice), tokA, []any{bob, alice}},
		{"allowance", evm.ERC20Allowance(tokA, bob, alice), tokA, []any{bob, alice}},
	} {
		want, err := parsed.Pack(tt.name, tt.args...)
		if err != nil {
			t.Fatal(err)
		}
		if tt.call.To != tt.to || !bytes.Equal(tt.call.Data, want) {
			t.Errorf("%s%v = call of %s with %x; want %s with %x", tt.name, tt.args, tt.call.To, tt.call.Data, tt.to, want)
		}
		if lit := (evm.Call{To: tt.to, Data: want}); tt.call.Key() != lit.Key() {
			t.Errorf("%s%v: key differs from a literal call's", tt.name, tt.args)
		}
	}
}
