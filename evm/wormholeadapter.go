package evm

import (
	"errors"
	"maps"
	"math"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/contracts"
)

// wormholeMethods are the views a send through M0's Wormhole bridge
// adapter needs (IWormholeBridgeAdapter and the BridgeAdapter base of
// m0-foundation/m-portal-v2), from the devnet stand-in's ABI, which has
// the real signatures, and the core bridge's messageFee.
var wormholeMethods = func() map[string]abi.Method {
	m := maps.Clone(contracts.MustABI("WormholeBridgeAdapter").Methods)
	m["messageFee"] = contracts.MustABI("WormholeCore").Methods["messageFee"]
	return m
}()

// WormholeAdapterReads are the reads that tell whether a bridge adapter is
// M0's Wormhole adapter and, if so, how it reaches one destination (an M0
// chain id): currentWormholeChainId() and coreBridge(), and
// getBridgeChainId, getMsgValue and getPeer of the destination. They are
// Immutable: an adapter's configuration changes by governance, and a
// reader's ImmutableTTL bounds how long a change goes unseen. Every send
// through the adapter (a token transfer, an order's report) needs them:
// the adapter publishes on the core bridge, paying messageFee() out of
// the send's value, and pays the rest to the Wormhole Executor for the
// relay instructions RelayInstructions(payloadGasLimit, msgValue) under
// the signed quote given as the send's adapter arguments.
type WormholeAdapterReads struct {
	ChainID, CoreBridge, BridgeChainID, MsgValue, Peer Call
}

// NewWormholeAdapterReads are the reads of adapter for destination dest.
func NewWormholeAdapterReads(adapter common.Address, dest uint32) WormholeAdapterReads {
	m := wormholeMethods
	return WormholeAdapterReads{
		ChainID:       MustMethodCall(adapter, m["currentWormholeChainId"], true),
		CoreBridge:    MustMethodCall(adapter, m["coreBridge"], true),
		BridgeChainID: MustMethodCall(adapter, m["getBridgeChainId"], true, dest),
		MsgValue:      MustMethodCall(adapter, m["getMsgValue"], true, dest),
		Peer:          MustMethodCall(adapter, m["getPeer"], true, dest),
	}
}

// Calls are r's calls, in a batch's order.
func (r WormholeAdapterReads) Calls() []Call {
	return []Call{r.ChainID, r.CoreBridge, r.BridgeChainID, r.MsgValue, r.Peer}
}

// WormholeAdapter is what WormholeAdapterReads found on a Wormhole
// adapter.
type WormholeAdapter struct {
	// WormholeChain is currentWormholeChainId(): the Executor quote's
	// source chain.
	WormholeChain uint16
	CoreBridge    common.Address
	// BridgeChainID is getBridgeChainId(dest): the quote's destination
	// chain, when it is a Wormhole chain id (see Unusable).
	BridgeChainID *big.Int
	// MsgValue is getMsgValue(dest), the relay instructions' value.
	MsgValue *big.Int
	Peer     [32]byte
}

// Decode decodes r's answers in a. ok is false when the adapter is not a
// Wormhole adapter: its currentWormholeChainId() reverts or answers no
// uint16 (an adapter that quotes on chain), with a nil error. A missing
// answer is an error wrapping ErrNoAnswer; so is any other read failing on
// a Wormhole adapter, with ok true.
func (r WormholeAdapterReads) Decode(a *Answers) (w WormholeAdapter, ok bool, err error) {
	m := wormholeMethods
	whChain, err := Decode1[uint16](m["currentWormholeChainId"], a, r.ChainID)
	if errors.Is(err, ErrNoAnswer) {
		return w, false, err
	}
	if err != nil {
		return w, false, nil
	}
	w.WormholeChain = whChain
	var errs [4]error
	w.CoreBridge, errs[0] = Decode1[common.Address](m["coreBridge"], a, r.CoreBridge)
	w.BridgeChainID, errs[1] = Decode1[*big.Int](m["getBridgeChainId"], a, r.BridgeChainID)
	w.MsgValue, errs[2] = Decode1[*big.Int](m["getMsgValue"], a, r.MsgValue)
	w.Peer, errs[3] = Decode1[[32]byte](m["getPeer"], a, r.Peer)
	return w, true, errors.Join(errs[:]...)
}

// Unusable says why a send through w to its destination would revert
// (no core bridge, no Wormhole chain id for the destination, no peer
// there), or "" when it would not for these reasons.
func (w WormholeAdapter) Unusable() string {
	switch {
	case w.CoreBridge == (common.Address{}):
		return "no core bridge"
	case w.BridgeChainID == nil || w.BridgeChainID.Sign() <= 0 || w.BridgeChainID.Cmp(big.NewInt(math.MaxUint16)) > 0:
		return "no Wormhole chain id for the destination"
	case w.Peer == [32]byte{}:
		return "no peer on the destination"
	}
	return ""
}

// WormholeMessageFeeCall reads the core bridge's messageFee(), which the
// adapter pays out of a send's value: chain state, read with each send.
func WormholeMessageFeeCall(core common.Address) Call {
	return MustMethodCall(core, wormholeMethods["messageFee"], false)
}

// DecodeWormholeMessageFee decodes a's answer to
// WormholeMessageFeeCall(core).
func DecodeWormholeMessageFee(a *Answers, core common.Address) (*big.Int, error) {
	return Decode1[*big.Int](wormholeMethods["messageFee"], a, WormholeMessageFeeCall(core))
}
