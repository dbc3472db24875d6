// Package svmorders is M0's order book on Solana (the order_book program,
// MzLoYnJ6…) as the order package's drivers: an order.Book (New) reads an
// order on a cluster and builds the unsigned transaction that cancels
// one, and an order.EventSource (NewEventSource) follows a cluster's
// order-book events for the order index. The rules (who may cancel when,
// statuses across chains, the index's leases and writes) are package
// order's; this package reads and encodes.
//
// # Reading
//
// Read makes one svm.Client.Read (getMultipleAccounts and
// getLatestBlockhash in one HTTP round trip): the order's PDA
// (["order", id]), the order book's ["global"] (paused or not), the Clock
// sysvar (Need.Clock: View.Now is its unix_timestamp) and, for
// Need.CancelReportTo, the Wormhole adapter's global (the origin's peer
// and the receive lookup table), the emitter's Sequence (the sequence the
// cancel report gets), the core bridge's config (the message fee) and the
// lookup table the catalog lists for the chain (Contracts.LookupTable). A
// second read, pinned to the first's slot, follows only when the adapter's
// table is not the catalog's, or when a native order's token-in program is
// not in the catalog (Config.Tokens) and a cancel is being prepared
// (Need.Clock): the mint's owner says it. With Need.CancelReportTo the
// Wormhole Executor (Config.Executors) quotes the relay of the report:
// View.CancelFee is its estimated cost plus the core bridge's message fee,
// in lamports. The foreign order's rent (59 bytes, when the order has no
// account on Solana yet: the program creates it) is not in it: it is a
// deposit, not a fee.
//
// A Native order (opened on the cluster) reads as its account holds it:
// status, terms (OriginChainID the chain's own id) and amounts. A Foreign
// order (opened on another chain, bound for Solana) has only its status
// and amounts here; its terms are the origin's. An order with no account,
// or whose account says DoesNotExist, is not Found. What Read gathered for
// a cancel (blockhash, token program, Wormhole state, the Executor's
// quote) is View.Runtime, which CancelPayload reads back.
//
// # Cancelling
//
// A cancel runs on the order's destination (Solana facts §5), signed and
// paid for by the caller, the fee payer:
//
//   - a same-chain order: an idempotent creation of the sender's token-in
//     account (paid by the caller: the program refunds into it and does
//     not create it), then cancel_native_order(order_id). Legacy message.
//   - an order from another chain: the compute budget, then
//     cancel_foreign_order(order_id, order_data) with the Wormhole
//     adapter's ten remaining accounts, then the Executor's
//     request_for_execution of the cancel report (the quote's payee and
//     cost, the origin's Wormhole peer as destination, the Sequence read,
//     the refund to the caller), compiled as v0 against the adapter's
//     receive lookup table. Over 1232 bytes is an error.
//   - an order from Solana to another chain is cancelled there, not here.
//
// The order data of a foreign cancel is the terms the origin holds; their
// id must be the order's. A paused order book refuses every cancel (6032),
// said as OrderNotCancellable; so is a paused Wormhole adapter for a
// foreign one.
//
// # The order index
//
// NewEventSource's cursor is the slot; an Anchor is a slot and the
// signature of the newest order-book transaction at or before it (the RPC
// gives no block hash per transaction, and Solana never sends removed
// events, so an event's BlockHash is its transaction's signature). A read
// is one batch (svm.Client.ScanSignatures): getSlot, getSignatureStatuses
// of the anchor's signature and getSignaturesForAddress of the program
// until it; an anchor gone, moved to a later slot, or a transaction new in
// a slot already read is order.ErrReorg. Listings page back with before,
// without gaps, at most ten per read (a longer walk goes on at the next,
// which the Page asks for at once); then the transactions are read
// (getTransaction, TxBatch per request, halved while a node refuses a
// batch, doubled back after) and their events returned oldest first, in
// whole slots of at most PageSize transactions. Failed transactions are
// skipped. An event is an instruction, outer or inner, calling the order
// book with the event authority first and data of Anchor's event tag
// (EVENT_IX_TAG_LE), the IDL's event discriminator and Borsh: emit_cpi!.
// Accounts are base58. An opening's funder and fill deadline, which
// OrderOpened does not carry, come from the open_order in the same
// transaction naming the order's PDA (checked against the event), else
// from the order account (one getMultipleAccounts). An event that does not
// decode, or an open_order that disagrees with it, stops the chain's index
// (order.UndecodableError). The node must serve the program's history back
// to the last signature indexed (an archival RPC): on a node that pruned
// it, an idle program's anchor looks like a re-org.
//
// # What stays unverified
//
// The M0 programs do not run here (their binaries may not be committed):
// tests check the instructions against the order_book IDL (discriminators,
// args, every account's role and PDA), the accounts against the facts,
// and LiteSVM runs what is not M0's (the ATA creation, the compute budget,
// the lookup table's resolution). Unverified: that the deployed program
// takes these accounts as the IDL says; that the adapter's real receive
// table holds the accounts a cancel names (the transaction is too large
// without them); the relay's gas and value (the reference quoter's,
// Config.Relay); and that the Sequence read is the report's when another
// message is sent between the read and the cancel (then the relay names
// an earlier message, as for any send out of Solana).
package svmorders
