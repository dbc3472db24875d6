package evmgas

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/orchestration"
)

// ErrUnknownCall is a call Classify cannot name: a selector no payload of
// this service sends to that contract, or calldata that does not decode.
var ErrUnknownCall = errors.New("evmgas: not a call this service's payloads make")

// The methods Classify tells apart, by the signature the payload builders
// encode (quote/swapfacility, quote/uniswapv3, quote/portal,
// quote/limitorder, evm/evmorders, evm/evmruntime, permit).
var (
	facilityABI = contracts.MustABI("SwapFacility")
	routerABI   = contracts.MustABI("SwapRouter02")
	portalABI   = contracts.MustABI("Portal")
	bookABI     = contracts.MustABI("OrderBook")

	approveM           = method(contracts.MustABI("MToken"), "approve(address,uint256)")
	swapM              = method(facilityABI, "swap(address,address,uint256,address)")
	swapWithPermitM    = method(facilityABI, eip2612.SwapWithPermitSignature)
	swapInMM           = method(facilityABI, "swapInM(address,uint256,address)")
	swapOutMM          = method(facilityABI, "swapOutM(address,uint256,address)")
	multicallM         = method(routerABI, eip2612.AMMSwapSignature)
	selfPermitM        = method(routerABI, eip2612.SelfPermitSignature)
	exactInputSingleM  = method(routerABI, eip2612.ExactInputSingleSignature)
	exactOutputSingleM = routerABI.Methods["exactOutputSingle"]
	sendTokenM         = method(portalABI, "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,bytes)")
	openOrderM         = method(bookABI, "openOrder((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address))")
	openWithPermitM    = method(bookABI, eip2612.LimitOrderSignature)
	cancelOrderM       = method(bookABI, "cancelOrder(bytes32,"+orderDataTuple+")")
	cancelOrderArgsM   = method(bookABI, "cancelOrder(bytes32,"+orderDataTuple+",bytes)")
)

// orderDataTuple is the OrderBook's OrderData, as its cancelOrder
// signatures spell it.
const orderDataTuple = "(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32)"

func method(a *abi.ABI, sig string) abi.Method {
	for _, m := range a.Methods {
		if m.Sig == sig {
			return m
		}
	}
	panic("evmgas: no method " + sig)
}

// Classify names the operation of a payload: calldata data sent to to on
// chain. The contract's role comes from the catalog's address book
// (chain.Contracts): the SwapFacility, the Uniswap V3 router, the Portal or
// the OrderBook, each with the selectors its payloads use; approve
// (address,uint256) to any other address is a token's Approve. It reads no
// chain: what a payload's calldata says is enough, the adapter of a Portal
// send by whether it carries adapter arguments and the side of a cancel
// by the order's origin chain id. An error wraps ErrUnknownCall (a chain
// that is not EVM among them).
func Classify(chain asset.ChainInfo, to common.Address, data []byte) (Operation, error) {
	if chain.Runtime != orchestration.RuntimeEVM {
		return "", fmt.Errorf("%w: %s is not an EVM chain", ErrUnknownCall, chain.Name)
	}
	if len(data) < 4 {
		return "", fmt.Errorf("%w: %d bytes of calldata", ErrUnknownCall, len(data))
	}
	sel := data[:4]
	is := func(role string) bool {
		return role != "" && common.IsHexAddress(role) && common.HexToAddress(role) == to
	}
	c := chain.Contracts
	switch {
	case is(c.SwapFacility):
		switch {
		case bytes.Equal(sel, swapM.ID):
			return FacilitySwap, nil
		case bytes.Equal(sel, swapWithPermitM.ID):
			return FacilitySwapWithPermit, nil
		case bytes.Equal(sel, swapInMM.ID):
			return FacilitySwapInM, nil
		case bytes.Equal(sel, swapOutMM.ID):
			return FacilitySwapOutM, nil
		}
	case is(c.SwapRouter):
		if bytes.Equal(sel, multicallM.ID) {
			return classifyMulticall(data)
		}
	case is(c.Portal):
		if bytes.Equal(sel, sendTokenM.ID) {
			args, err := sendTokenM.Inputs.Unpack(data[4:])
			if err != nil {
				return "", fmt.Errorf("%w: sendToken: %v", ErrUnknownCall, err)
			}
			if adapterArgs, _ := args[6].([]byte); len(adapterArgs) > 0 {
				return PortalSendWormhole, nil
			}
			return PortalSend, nil
		}
	case is(c.OrderBook):
		switch {
		case bytes.Equal(sel, openOrderM.ID):
			return OrderOpen, nil
		case bytes.Equal(sel, openWithPermitM.ID):
			return OrderOpenWithPermit, nil
		case bytes.Equal(sel, cancelOrderM.ID):
			return classifyCancel(chain, cancelOrderM, data)
		case bytes.Equal(sel, cancelOrderArgsM.ID):
			return classifyCancel(chain, cancelOrderArgsM, data)
		}
	default:
		if bytes.Equal(sel, approveM.ID) && len(data) == 4+2*32 {
			return Approve, nil
		}
	}
	return "", fmt.Errorf("%w: selector %#x to %s on %s", ErrUnknownCall, sel, to, chain.Name)
}

// classifyMulticall tells the router's two multicalls apart by their
// inner calls: [exactInputSingle], [selfPermit, exactInputSingle] or
// [exactOutputSingle].
func classifyMulticall(data []byte) (Operation, error) {
	args, err := multicallM.Inputs.Unpack(data[4:])
	if err != nil {
		return "", fmt.Errorf("%w: multicall: %v", ErrUnknownCall, err)
	}
	calls, _ := args[1].([][]byte)
	selector := func(i int) []byte {
		if i >= len(calls) || len(calls[i]) < 4 {
			return nil
		}
		return calls[i][:4]
	}
	switch {
	case len(calls) == 1 && bytes.Equal(selector(0), exactInputSingleM.ID):
		return RouterSwap, nil
	case len(calls) == 2 && bytes.Equal(selector(0), selfPermitM.ID) && bytes.Equal(selector(1), exactInputSingleM.ID):
		return RouterSwapWithPermit, nil
	case len(calls) == 1 && bytes.Equal(selector(0), exactOutputSingleM.ID):
		return RouterSwapExactOut, nil
	}
	return "", fmt.Errorf("%w: a router multicall of %d calls that is not [exactInputSingle], [selfPermit, exactInputSingle] or [exactOutputSingle]", ErrUnknownCall, len(calls))
}

// classifyCancel is OrderCancel when the order's origin (OrderData's
// originChainId) is chain, else OrderCancelCrossChain, or
// OrderCancelCrossChainWormhole when m is the three-argument cancelOrder
// carrying adapter arguments (the Executor's signed quote, decision 94).
func classifyCancel(chain asset.ChainInfo, m abi.Method, data []byte) (Operation, error) {
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return "", fmt.Errorf("%w: cancelOrder: %v", ErrUnknownCall, err)
	}
	// OrderData is a static tuple, encoded in place after the order id:
	// its fourth field, originChainId, is the calldata's fifth word.
	const off = 4 + (1+3)*32 // selector, orderId, version, sender, nonce
	origin := new(big.Int).SetBytes(data[off : off+32])
	switch {
	case origin.IsUint64() && origin.Uint64() == chain.ChainID:
		return OrderCancel, nil
	case len(args) == 3:
		if adapterArgs, _ := args[2].([]byte); len(adapterArgs) > 0 {
			return OrderCancelCrossChainWormhole, nil
		}
	}
	return OrderCancelCrossChain, nil
}

// PayloadGas is the estimate of an EVM payload's call: its operation
// (Classify, from the target's role and the calldata, 0x hex) in the
// table. ok is false for a call the table does not know.
func PayloadGas(chain asset.ChainInfo, to, data string) (gas uint64, ok bool) {
	if !common.IsHexAddress(to) {
		return 0, false
	}
	b, err := hexutil.Decode(data)
	if err != nil {
		return 0, false
	}
	op, err := Classify(chain, common.HexToAddress(to), b)
	if err != nil {
		return 0, false
	}
	return Estimate(op)
}
