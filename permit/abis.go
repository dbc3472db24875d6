package permit

import (
	"fmt"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/orchestration"
)

// The Solidity signatures of the calls a recipe encodes: FunctionSignature
// of each operation type, and the two calls an ammSwap multicall holds
// (package eip2612 holds them for every layer).
const (
	// SwapWithPermitSignature is the SwapFacility call of a "swap"
	// operation, whatever its method (swap, swapInM, swapOutM).
	SwapWithPermitSignature = eip2612.SwapWithPermitSignature
	// AMMSwapSignature is the SwapRouter02 call of an "ammSwap" operation:
	// multicall(deadline, [selfPermit, exactInputSingle]).
	AMMSwapSignature = eip2612.AMMSwapSignature
	// LimitOrderSignature is the OrderBook call of a "limitOrder" operation.
	LimitOrderSignature = eip2612.LimitOrderSignature
	// SelfPermitSignature is the first call of an ammSwap multicall.
	SelfPermitSignature = eip2612.SelfPermitSignature
	// ExactInputSingleSignature is the second call of an ammSwap multicall.
	ExactInputSingleSignature = eip2612.ExactInputSingleSignature
)

// operationRules are what is built for each operation type: the call, the
// provider whose recipes it is and the address-book contract the
// transaction calls (the permit's spender).
var operationRules = map[string]struct {
	signature string
	provider  orchestration.ProviderID
	spender   func(asset.Contracts) string
}{
	orchestration.OperationSwap:       {SwapWithPermitSignature, orchestration.ProviderMSwapFacility, func(c asset.Contracts) string { return c.SwapFacility }},
	orchestration.OperationAMMSwap:    {AMMSwapSignature, orchestration.ProviderUniswapV3, func(c asset.Contracts) string { return c.SwapRouter }},
	orchestration.OperationLimitOrder: {LimitOrderSignature, orchestration.ProviderLimitOrder, func(c asset.Contracts) string { return c.OrderBook }},
}

// FunctionSignature returns the Solidity signature a recipe of the
// operation type ("swap", "ammSwap", "limitOrder") must carry in
// FunctionSignature, and false for an unknown type.
func FunctionSignature(operationType string) (string, bool) {
	rule, ok := operationRules[operationType]
	return rule.signature, ok
}

// OperationContract returns the provider whose recipes of the operation
// type are, and the contract of c the transaction calls, which the permit
// must be granted to ("" when c names none): the SwapFacility for "swap",
// the SwapRouter for "ammSwap", the OrderBook for "limitOrder". It returns
// false for an unknown type.
func OperationContract(operationType string, c asset.Contracts) (provider orchestration.ProviderID, spender string, ok bool) {
	rule, ok := operationRules[operationType]
	if !ok {
		return "", "", false
	}
	return rule.provider, rule.spender(c), true
}

// contractABIs are the ABIs this package encodes and decodes with: the
// stand-ins' (evm/contracts), which carry the real signatures.
type contractABIs struct {
	erc20, facility, portal, book, router *abi.ABI
}

var abis = sync.OnceValue(func() contractABIs {
	get := contracts.MustABI
	return contractABIs{
		erc20:    get("MToken"), // approve has the standard ABI on every token
		facility: get("SwapFacility"),
		portal:   get("Portal"),
		book:     get("OrderBook"),
		router:   get("SwapRouter02"),
	}
})

// methodBySig finds the method of a with the Solidity signature sig:
// go-ethereum names overloads name0, name1, ..., so a signature is the
// stable key.
func methodBySig(a *abi.ABI, sig string) *abi.Method {
	for _, m := range a.Methods {
		if m.Sig == sig {
			return &m
		}
	}
	panic(fmt.Sprintf("permit: the ABIs have no %s", sig)) // checked by a test
}
