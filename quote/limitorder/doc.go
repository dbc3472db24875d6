// Package limitorder holds the vocabulary of solvers: the market makers that
// fill M0 OrderBook limit orders on the destination chain. A Solver answers
// an OfferRequest (a leg: what is sold, what is wanted, how much) with an
// Offer (how much it delivers, whether it wants to be written on chain as
// the order's designated solver, its fee and how soon it fills), and
// Collect asks every solver at once, each under a bounded timeout, so that
// a slow or failing solver never delays the others' offers. An offer is
// always the configured solver's that returned it: its name is the
// solver's Name, never one the offer gives, and a solver configured with
// its address (Addressed) cannot name another in an offer, which is then
// refused; payloads and permit recipes name the solver by both.
//
// The limit-order quote provider (Provider) builds on this package. Its
// orders open on EVM OrderBooks (openOrder) and on Solana's order_book
// (open_order, read through the SVM runtime: the cluster's clock, the
// book's global and destination accounts, the input mint, the funder's
// nonce), to any chain with an order book the origin's accepts, Solana
// included (decision 82). It asks
// the solvers when the engine goes to a chain's node for a leg's state
// (quote.Prefetcher), so the offers come in while the chains are read, or
// else when the leg is priced, and shares one collection between the routes
// and requests that ask for the same order within the solver timeout. A
// leg whose offers are all in is priced on the request's goroutine
// (quote.LocalPricer); one still waiting for a solver is priced on its own
// and hurried by the engine (quote.Hurry). The devnet's solver (evm/devnet)
// is adapted to Solver in service/devnet; a remote solver, asked over HTTP
// with the signed request-for-quote protocol, is an rfq.Client (package
// quote/limitorder/rfq).
package limitorder
