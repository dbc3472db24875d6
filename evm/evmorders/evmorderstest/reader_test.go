package evmorderstest_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/orchestration"
)

// TestReaderMatchesArguments: a method answered for some arguments
// answers those, fails the Read for others (naming the call), and a
// method never answered reverts.
func TestReaderMatchesArguments(t *testing.T) {
	a, err := bindings.WormholeBridgeAdapterMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	adapter := common.HexToAddress("0xada9")
	msgValue, peer := a.Methods["getMsgValue"], a.Methods["getPeer"]
	r := evmorderstest.NewReader(orchestration.Sepolia)
	r.AnswerWith(adapter, msgValue, []any{uint32(1)}, big.NewInt(20))
	read := func(dest uint32) (evm.Result, error) {
		c := evm.MustMethodCall(adapter, msgValue, true, dest)
		p := evm.MustMethodCall(adapter, peer, true, dest)
		ans, err := r.Read(context.Background(), orchestration.Sepolia, []evm.Call{c, p})
		if err != nil {
			return evm.Result{}, err
		}
		if res, _ := ans.Get(p); res.OK {
			t.Errorf("getPeer(%d) answered %x, want a revert (never answered)", dest, res.Data)
		}
		res, _ := ans.Get(c)
		return res, nil
	}
	res, err := read(1)
	if err != nil || !res.OK || new(big.Int).SetBytes(res.Data).Int64() != 20 {
		t.Errorf("getMsgValue(1) = %+v, %v; want 20", res, err)
	}
	if _, err := read(2); err == nil || !strings.Contains(err.Error(), "answered for other arguments only") {
		t.Errorf("getMsgValue(2): err %v, want the Read to fail on arguments never answered", err)
	}
}
