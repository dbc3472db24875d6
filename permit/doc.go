// Package permit checks, signs and encodes EIP-2612 permit recipes on the
// caller's side: what a wallet or a solver needs to turn a recipe of POST
// /permit/quote into a transaction without calling POST /permit/build, byte
// for byte what the service would build: the service's /permit/build
// (package permitflow) encodes with Encode and checks signatures with
// VerifySignature, so both sides share one implementation.
//
// # What it links
//
// A solver imports this package alone. It links the vocabulary
// (orchestration), the catalog (asset, for Verify's contracts and
// Describe's tokens), the embedded ABIs (evm/contracts) and the EIP-2612
// rules (evm/eip2612, whose TypedData is the typed data signed), and of
// go-ethereum only common, crypto and abi: no quote engine, store, server
// nor chain client, nor go-ethereum's apitypes (a test bounds it; the
// README says how many packages).
//
// # Self-encoding
//
// A recipe (orchestration.PermitRecipe) holds a permit to sign (its
// TypedData) and a call to make with it (FunctionSignature and Operation,
// sent to Spender). The flow, for each recipe of a quote, in order:
//
//  1. Verify the recipe against what was asked for (Expect), before
//     anything is signed: the input token, chain, amount and owner; the
//     recipient, the output token and the least output; for a limit order
//     also its destination chain, its sender (who may cancel it and takes
//     the refund) and its solver (OpenFill for an order any solver may
//     fill). Each is required where it applies: one left out is an error,
//     never a pass. The spender must be the contract the catalog names for
//     the operation type on the recipe's chain (the SwapFacility for swap,
//     the SwapRouter for ammSwap, the OrderBook for limitOrder), from
//     Expect.Catalog or, when nil, the embedded asset.Default(). Verify also
//     runs Check: the permit is for the operation's token and amount,
//     granted to the contract the transaction calls, with the operation's
//     deadline, and the call is the one this package encodes for the
//     operation type. So a relay between the service and the signer (a
//     frontend, an integrator) that changes where the funds go, how much
//     comes out at least, or whom the allowance is for, is caught before
//     the owner signs.
//  2. Sign the permit (Sign with a TypedDataSigner, KeyTypedDataSigner
//     for a private key; a wallet signs the JSON of TypedData with
//     eth_signTypedData_v4). Digest is the hash signed. Before trusting
//     typed data, compare DomainSeparator with the token's on-chain
//     DOMAIN_SEPARATOR(): a token behind a proxy may bind its separator to
//     another address, and then no signature of this typed data would
//     verify.
//  3. Encode the call with the signature and send the payload from the
//     permit's owner; Describe writes any payload this project builds as a
//     sentence to show before sending.
//
// In code, with recipe from a permit quote, key the owner's key and minOut
// the least output the owner accepts (from the amount and the slippage it
// accepts, not read from the quote):
//
//	if err := permit.Verify(recipe, permit.Expect{Token: usdc, ChainID: 11155111,
//		Owner: owner, Amount: amount, Recipient: owner.Hex(),
//		TokenOut: wM.Hex(), MinAmountOut: minOut}); err != nil {
//		return err // not what was asked for: do not sign
//	}
//	sig, err := permit.Sign(ctx, recipe, permit.KeyTypedDataSigner(key))
//	if err != nil {
//		return err
//	}
//	payload, err := permit.Encode(recipe, sig)
//
// # Calls
//
// Each operation type has one call (FunctionSignature):
//
//   - "swap": the SwapFacility's swapWithPermit(tokenIn, tokenOut, amount,
//     recipient, deadline, signature), for every method (swap, swapInM,
//     swapOutM): the facility routes M in and out of swap itself. An
//     omitted extensionIn is the permitted token; extensionOut is required.
//   - "ammSwap": SwapRouter02's multicall(deadline, [selfPermit(token,
//     value, deadline, v, r, s), exactInputSingle(params)]); the outer
//     deadline is the operation's deadline (equal to the permit's, which
//     Check requires) and the signature is split: r is bytes 0 to 32, s
//     bytes 32 to 64, v byte 64.
//   - "limitOrder": the OrderBook's openOrderWithPermit(OrderParams,
//     deadline, signature), OrderParams being the operation's fields in
//     order {destChainId, fillDeadline, tokenIn, tokenOut, amountIn,
//     amountOut, recipient, solver, sender}.
//
// # Signatures
//
// A signature is 65 bytes r‖s‖v. The tokens accept v 27 or 28 and s in the
// lower half of the curve order only; Normalize, Encode and Recover also
// accept v 0 or 1 (a bare recovery id, as some signers return it) and add
// 27, so what is encoded is always 27 or 28. Every signature failure is a
// *SignatureError (the service answers InvalidPermitSignature); a recipe
// field that does not parse is a *FieldError, fields that disagree a
// *MismatchError and a passed deadline an *ExpiredError.
package permit
