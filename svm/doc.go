// Package svm builds unsigned Solana transactions for M0's programs: the
// instructions from the programs' Anchor IDLs (embedded under idl/), the
// program-derived and associated token accounts they name, and the
// transaction itself, legacy or v0 with an address lookup table, serialized
// as the spec's SvmPayload (base64, signature slots zero-filled, the funder
// as fee payer).
//
// One table-driven encoder, Program.Instruction, turns an IDL instruction
// and named accounts into account metas (in the IDL's order, with its
// signer and writable flags) and data (discriminator ‖ Borsh args), so no
// discriminator or account order is typed by hand: ExtSwap's Wrap, Unwrap
// and Swap fill in the accounts from PDAs and ATAs and call it.
//
// Nothing here does I/O. A recent blockhash, the set of whitelisted
// extensions and a lookup table's contents are read from the chain by the
// caller and passed in, so the builders are pure and testable without a
// cluster.
package svm
