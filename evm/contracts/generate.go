// Package contracts holds the Solidity stand-ins for the M0, Uniswap and Multicall contracts that
// the devnet runs (src/), their compiled artifacts (artifacts/) and their Go bindings (bindings/).
// See src/README.md. MustABI is the one way the module's code takes a binding's parsed ABI.
package contracts

//go:generate bash build.sh
