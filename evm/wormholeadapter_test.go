package evm_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// TestWormholeAdapterReads decodes the adapter's views as the devnet's
// Wormhole adapter answers them: an adapter that does not answer
// currentWormholeChainId is not the Wormhole adapter, a missing answer is
// ErrNoAnswer, and a Wormhole adapter missing a peer, a bridge chain id or
// a core bridge is unusable.
func TestWormholeAdapterReads(t *testing.T) {
	a, err := bindings.WormholeBridgeAdapterMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	pack := func(name string, v any) evm.Result {
		data, err := a.Methods[name].Outputs.Pack(v)
		if err != nil {
			t.Fatal(err)
		}
		return evm.Result{OK: true, Data: data}
	}
	adapter, core := common.HexToAddress("0xada9"), common.HexToAddress("0xc04e")
	r := evm.NewWormholeAdapterReads(adapter, 1399811150)
	answer := func(chainID evm.Result, bridgeID int64, peer [32]byte, coreAddr common.Address) *evm.Answers {
		ans := evm.NewAnswers(1)
		ans.Put(r.ChainID, chainID)
		ans.Put(r.CoreBridge, pack("coreBridge", coreAddr))
		ans.Put(r.BridgeChainID, pack("getBridgeChainId", big.NewInt(bridgeID)))
		ans.Put(r.MsgValue, pack("getMsgValue", big.NewInt(5_000_000)))
		ans.Put(r.Peer, pack("getPeer", peer))
		return ans
	}
	peer := [32]byte{31: 9}
	for _, tc := range []struct {
		name     string
		ans      *evm.Answers
		ok       bool
		noAnswer bool
		unusable string
	}{
		{"wormhole", answer(pack("currentWormholeChainId", uint16(10002)), 1, peer, core), true, false, ""},
		{"another adapter", answer(evm.Result{}, 1, peer, core), false, false, ""},
		{"no answer", evm.NewAnswers(1), false, true, ""},
		{"no peer", answer(pack("currentWormholeChainId", uint16(10002)), 1, [32]byte{}, core), true, false, "no peer on the destination"},
		{"no bridge chain", answer(pack("currentWormholeChainId", uint16(10002)), 0, peer, core), true, false, "no Wormhole chain id for the destination"},
		{"bridge chain too big", answer(pack("currentWormholeChainId", uint16(10002)), 70_000, peer, core), true, false, "no Wormhole chain id for the destination"},
		{"no core", answer(pack("currentWormholeChainId", uint16(10002)), 1, peer, common.Address{}), true, false, "no core bridge"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, ok, err := r.Decode(tc.ans)
			if ok != tc.ok || errors.Is(err, evm.ErrNoAnswer) != tc.noAnswer || (!tc.noAnswer && err != nil) {
				t.Fatalf("Decode: ok %v, err %v; want ok %v, no answer %v", ok, err, tc.ok, tc.noAnswer)
			}
			if !ok {
				return
			}
			if got := w.Unusable(); got != tc.unusable {
				t.Errorf("Unusable() = %q, want %q", got, tc.unusable)
			}
			if w.WormholeChain != 10002 || w.MsgValue.Cmp(big.NewInt(5_000_000)) != 0 {
				t.Errorf("adapter %+v, want chain 10002 and msg value 5000000", w)
			}
		})
	}
}
