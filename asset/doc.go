// Package asset is the catalog of the chains a deployment enables and the
// tokens it quotes: the source of GET /supported-assets, the resolver every
// endpoint uses to turn a request's {chain, address} into a known token, and
// the address book of the contracts providers call on each chain.
//
// A *Catalog implements orchestration.Assets. It is built once, from the
// embedded default (Default), a YAML or JSON file (Load), or Go values
// (New), and is immutable afterwards: every method is safe for concurrent
// use and none does I/O.
//
// # Building
//
// New validates a Config and reports every problem at once, each naming its
// entry by index, chain and address. Addresses are stored in canonical form
// (EIP-55 for EVM, base58 for SVM), so the catalog, its JSON and its lookups
// agree however the config spelled them. The embedded default lists the real
// M0 deployments with the provenance of every value; README.md says what it
// holds and what was left out of the shared reference, and why.
//
// # Serving
//
// SupportedAssets lists assets by chain (configured order), then symbol, then
// address. SupportedAssetsJSON returns the same list encoded once at
// construction, with a strong ETag, for an HTTP layer that finds the method by
// type assertion and answers If-None-Match with 304.
//
// # Resolving
//
// Resolve accepts an EVM address in any case (lowercase, uppercase or
// EIP-55) but rejects mixed case with a wrong checksum, and matches SVM
// addresses exactly. It returns the token with what providers need beyond
// the wire (permit support and the EIP-712 domain), and allocates nothing on
// success. A failure is a *ResolveError whose message is safe to show the
// caller and whose Kind (ErrUnknownChain, ErrChainNotEnabled,
// ErrMalformedAddress, ErrUnsupportedAsset) works with errors.Is. Resolve
// picks no orchestration error code: the endpoint does (BadQuoteRequest,
// BadPermitRequest, ...).
package asset
