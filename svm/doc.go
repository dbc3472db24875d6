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
// The builders do no I/O. A recent blockhash, the set of whitelisted
// extensions and a lookup table's contents are read from the chain by the
// caller and passed in, so they are pure and testable without a cluster.
//
// Client is the one part that does I/O: it reads configured clusters over
// JSON-RPC, one HTTP round trip per Read (a batch of getMultipleAccounts,
// base64 data, chunked at the RPC's 100 accounts, plus getLatestBlockhash,
// all at "confirmed" commitment; the slot is the answers' context slot).
// Its trips count in the same per-context counter as the EVM reader's
// (evm.WithTrips) and in orchestration_svm_round_trips_total; its errors
// name the cluster, never the endpoint URL. TokenAmount and MintDecimals
// decode the SPL Token and Token-2022 base layouts. A node that fails is an
// *UnavailableError (the quote engine's ChainUnavailable: Retry-After).
//
// DecodeSwapGlobal and MintIndex read ext_swap's whitelists and a mint's
// Token-2022 ScaledUiAmount index in their real layouts, and WrapAmounts,
// UnwrapAmounts and SwapAmounts compute what ext_swap delivers for a raw
// input under m_ext's conversions (decision 29 of docs/decisions.md).
// Program.ReadCall reads an instruction back by its IDL and checks it
// against it (discriminator, args, each account's signer, writable and
// fixed-address role, and every PDA derived again from its seeds), so a
// solver can check a payload before signing it; the router's Solana
// runtime (package svm/svmruntime, with its per-slot cache) runs it on
// every ext_swap call of a payload it returns. Describe reads a payload
// back the same way into the one sentence its annotation is (the Solana
// counterpart of permit.Describe): what each instruction does, amounts in
// the catalog's tokens, the recipient named only where the output goes to
// its associated token account.
//
// PortalDeployment.SendToken builds M Portal v2's send_token out of Solana
// through the Wormhole adapter (the IDL's 19 accounts, then the adapter's
// ten), and RequestForExecution the Wormhole Executor's relay request for
// the message it emits, from a signed quote and relay instructions passed
// as the Executor's bytes (decisions 61 and 62).
//
// DecodePortalGlobal, DecodeChainBridgePaths, DecodeWormholeGlobal,
// DecodeWormholeBridgeConfig and DecodeLookupTable read the state a send
// out of Solana depends on, in the programs' layouts (the Anchor ones
// after the IDLs' discriminators). SendAndRelay checks that state as the
// programs would (SendState.Check: pauses, the isolated hub, the path,
// the whitelist, the Wormhole peer, the adapter's table) and builds the
// v0 transaction: the compute budget, send_token, and the Executor's
// request with the peer as destination, the sequence read before the send
// and the funder refunded, compiled against the adapter's receive lookup
// table; over MaxTransactionSize it is a *TooLargeError. DescribeWithTable
// and ReadSendToken read it back through that table (decisions 74 to 78).
// Once it landed, ReadAdapterSendMessage reads the Portal's invocation of
// its bridge adapter among the transaction's inner instructions, whose
// arguments carry the message id the destination's receive event names
// (decision 104).
//
// What these builders produce is executed in tests by package internal/testing/litesvm:
// a payload's compute budget, associated token account, token and lookup
// table parts run in LiteSVM, with the real SPL programs; M0's programs are
// not there, so their instructions are checked against the IDLs here.
package svm
