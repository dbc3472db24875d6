package permit

import (
	"fmt"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

// The Solidity signatures of the calls a recipe encodes: FunctionSignature
// of each operation type, and the two calls an ammSwap multicall holds.
const (
	// SwapWithPermitSignature is the SwapFacility call of a "swap"
	// operation, whatever its method (swap, swapInM, swapOutM): the
	// facility's swap routes M in and out itself.
	SwapWithPermitSignature = "swapWithPermit(address,address,uint256,address,uint256,bytes)"
	// AMMSwapSignature is the SwapRouter02 call of an "ammSwap" operation:
	// multicall(deadline, [selfPermit, exactInputSingle]).
	AMMSwapSignature = "multicall(uint256,bytes[])"
	// LimitOrderSignature is the OrderBook call of a "limitOrder" operation;
	// the tuple is OrderParams {destChainId, fillDeadline, tokenIn, tokenOut,
	// amountIn, amountOut, recipient, solver, sender}.
	LimitOrderSignature = "openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address),uint256,bytes)"
	// SelfPermitSignature is the first call of an ammSwap multicall.
	SelfPermitSignature = "selfPermit(address,uint256,uint256,uint8,bytes32,bytes32)"
	// ExactInputSingleSignature is the second call of an ammSwap multicall
	// (SwapRouter02's parameters: no deadline in the tuple).
	ExactInputSingleSignature = "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))"
)

// FunctionSignature returns the Solidity signature a recipe of the
// operation type ("swap", "ammSwap", "limitOrder") must carry in
// FunctionSignature, and false for an unknown type.
func FunctionSignature(operationType string) (string, bool) {
	switch operationType {
	case orchestration.OperationSwap:
		return SwapWithPermitSignature, true
	case orchestration.OperationAMMSwap:
		return AMMSwapSignature, true
	case orchestration.OperationLimitOrder:
		return LimitOrderSignature, true
	}
	return "", false
}

// contractABIs are the ABIs of the generated bindings this package encodes
// and decodes with.
type contractABIs struct {
	erc20, facility, portal, book, router *abi.ABI
}

var abis = sync.OnceValue(func() contractABIs {
	get := func(md *bind.MetaData) *abi.ABI {
		a, err := md.GetAbi()
		if err != nil {
			panic("permit: " + err.Error()) // the bindings are generated; a test loads them
		}
		return a
	}
	return contractABIs{
		erc20:    get(bindings.MTokenMetaData), // approve has the standard ABI on every token
		facility: get(bindings.SwapFacilityMetaData),
		portal:   get(bindings.PortalMetaData),
		book:     get(bindings.OrderBookMetaData),
		router:   get(bindings.SwapRouter02MetaData),
	}
})

// methodBySig finds the method of a with the Solidity signature sig:
// go-ethereum names overloads name0, name1, ..., so a signature is the
// stable key.
func methodBySig(a *abi.ABI, sig string) abi.Method {
	for _, m := range a.Methods {
		if m.Sig == sig {
			return m
		}
	}
	panic(fmt.Sprintf("permit: the bindings have no %s", sig)) // checked by a test
}
