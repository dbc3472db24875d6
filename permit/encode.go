package permit

import (
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/orchestration"
)

// Calldata returns the calldata of the recipe's transaction with its permit
// signed by signature, the call named by FunctionSignature with the
// operation's arguments:
//
//   - swap: SwapFacility swapWithPermit(tokenIn, tokenOut, amount,
//     recipient, deadline, signature), tokenIn being extensionIn (or, when
//     omitted, the permitted token), tokenOut extensionOut and deadline
//     typedData.message.deadline;
//   - ammSwap: SwapRouter02 multicall(operation.deadline,
//     [selfPermit(tokenIn, value, deadline, v, r, s),
//     exactInputSingle((tokenIn, tokenOut, fee, recipient, amountIn,
//     amountOutMinimum, 0))]), the signature split into v, r and s;
//   - limitOrder: OrderBook openOrderWithPermit((destChainId, fillDeadline,
//     tokenIn, tokenOut, amountIn, amountOut, recipient, solver, sender),
//     deadline, signature).
//
// The recipe must pass Check (the same errors); the signature must be 65
// bytes with a valid v and a low s (Normalize; v 0 or 1 becomes 27 or 28
// in what is encoded). Calldata reads no clock and does not check who
// signed: see CheckDeadline and VerifySignature.
func Calldata(recipe orchestration.PermitRecipe, signature []byte) ([]byte, error) {
	sig, err := Normalize(signature)
	if err != nil {
		return nil, err
	}
	c, err := parse(recipe)
	if err != nil {
		return nil, err
	}
	return c.calldata(sig)
}

func (c *call) calldata(sig []byte) ([]byte, error) {
	a := abis()
	switch {
	case c.swap != nil:
		return contracts.Pack(methodBySig(a.facility, SwapWithPermitSignature),
			c.swap.tokenIn, c.swap.tokenOut, c.swap.amount, c.swap.recipient, c.msg.Deadline, sig)
	case c.amm != nil:
		permit, err := contracts.Pack(methodBySig(a.router, SelfPermitSignature),
			c.amm.TokenIn, c.msg.Value, c.msg.Deadline, sig[64], [32]byte(sig[:32]), [32]byte(sig[32:64]))
		if err != nil {
			return nil, err
		}
		swap, err := contracts.Pack(methodBySig(a.router, ExactInputSingleSignature), *c.amm)
		if err != nil {
			return nil, err
		}
		return contracts.Pack(methodBySig(a.router, AMMSwapSignature), c.opDeadline, [][]byte{permit, swap})
	default:
		return contracts.Pack(methodBySig(a.book, LimitOrderSignature), *c.order, c.msg.Deadline, sig)
	}
}

// Encode returns the recipe's transaction with its permit signed by
// signature: the Calldata sent to recipe.Spender with recipe.Value on the
// recipe's chain, with the recipe's provider and solver, byte for byte the
// call POST /permit/build returns for it. The annotation is not the
// recipe's: it is Describe's sentence for the payload over the embedded
// catalog (asset.Default), or empty for a payload that catalog cannot
// describe (a devnet's contracts, say); EncodeDescribed writes it over
// another catalog.
func Encode(recipe orchestration.PermitRecipe, signature []byte) (orchestration.Payload, error) {
	p, err := encode(recipe, signature)
	if err != nil {
		return orchestration.Payload{}, err
	}
	p.Annotation, _ = Describe(asset.Default(), p)
	return p, nil
}

// EncodeDescribed is Encode with the annotation Describe writes over cat (a
// deployment's own catalog), and Describe's error, wrapped, when cat cannot
// describe the payload (an error wrapping ErrUndescribed): a build never
// returns words not read from its bytes.
func EncodeDescribed(cat Catalog, recipe orchestration.PermitRecipe, signature []byte) (orchestration.Payload, error) {
	p, err := encode(recipe, signature)
	if err != nil {
		return orchestration.Payload{}, err
	}
	if p.Annotation, err = Describe(cat, p); err != nil {
		return orchestration.Payload{}, err
	}
	return p, nil
}

// encode is Encode without the annotation.
func encode(recipe orchestration.PermitRecipe, signature []byte) (orchestration.Payload, error) {
	sig, err := Normalize(signature)
	if err != nil {
		return orchestration.Payload{}, err
	}
	c, err := parse(recipe)
	if err != nil {
		return orchestration.Payload{}, err
	}
	data, err := c.calldata(sig)
	if err != nil {
		return orchestration.Payload{}, err
	}
	return orchestration.Payload{
		Provider: recipe.Provider,
		Solver:   recipe.Solver,
		Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain:   recipe.Chain,
			ChainID: recipe.ChainID,
			To:      c.to.Hex(),
			Data:    hexutil.Encode(data),
			Value:   c.txValue.String(),
		}},
	}, nil
}
