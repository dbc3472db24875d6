// Package transfer answers the status of a transfer by its source
// transaction (GET /transfers/{chain}/{txHash}, decisions 84 and 85), as
// the peers' status APIs do (LI.FI's /status?txHash, Across's
// /deposit/status, 0x's /cross-chain/status), for every route class the
// service builds: a swap, a portal transfer, a limit order.
//
// A Tracker reads the transaction and its receipt in one JSON-RPC batch on
// its chain and decodes the logs of the catalog's contracts (Book.Decode):
// the SwapFacility's swaps, a swap through the Uniswap router (by the
// tokens' Transfer events), the Portal's TokenSent, FillReportSent and
// CancelReportSent (each with its message id and destination), the
// OrderBook's OrderOpened, OrderFilled and OrderCancelled, and approvals
// the sender granted the catalog's contracts. A transaction that calls none
// of the catalog's contracts or tokens, or emitted none of those events, is
// not one the service builds: TransferNotRecognized (400).
//
// For each portal message it then looks for the delivery on the
// destination chain: the destination Portal's receive events
// (TokenReceived, FillReportReceived, CancelReportReceived) over
// Config.Lookback blocks below the destination's head, read by eth_getLogs
// in windows of Config.MaxRange blocks all sent in one batch, matched by the
// message id the events carry as their last data word (it is not indexed
// there, so the filter is by topic and the match by data). The destinations
// are read concurrently, one batch each (two when no followed head bounds
// the range: Config.Head). The orders' statuses come from the order
// service. Every batch counts as one round trip in evm.WithTrips.
//
// On a Solana chain {txHash} is a base58 signature (decision 95), read
// with one getTransaction (Config.Solana): its outer instructions are read
// back by the IDLs of the programs the service's payloads call, ext_swap's
// swap, wrap and unwrap (a swap; the amount out is the receiving token
// account's change in the meta's token balances), the Portal's send_token
// (a bridge step) and the order book's open_order (the order id from its
// OrderOpened event) and cancels (limit orders; a foreign order's cancel
// also the bridge step of its cancel report). A bridge step's message id
// is the one the Portal passed its bridge adapter, whose send_message the
// meta lists among the instruction's inner instructions (decision 104);
// its delivery is then looked for on the EVM destination as an EVM
// source's is. A failed transaction that called one of those programs is
// FAILED.
package transfer
