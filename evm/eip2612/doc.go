// Package eip2612 is the one home of what this project knows of EIP-2612
// permits, below everything that uses it: the solver's package permit, the
// chain client evm and the quote engine's EVM runtime.
//
// It holds the typed data of a permit (TypedData: the EIP-712 domain of
// four fields {name, version, chainId, verifyingContract} and the standard
// Permit message, whose JSON is what eth_signTypedData_v4 takes, written
// without go-ethereum's apitypes and the 40 packages it links), its hashes
// (Domain.Separator, Digest), the token's views that
// tell its domain and nonces (TokenViews) and the check that a domain is
// the one the token verifies permits over (ReportedDomain.Verify,
// VerifyNamed: its hash must be the token's DOMAIN_SEPARATOR()), and the
// Solidity signatures of the calls that take a permit (the
// FunctionSignature of each operation type of a permit recipe).
//
// It reads no chain: evm.NewPermitReads and evm.VerifiedDomain read the
// views in a batch and decide with these functions.
package eip2612
