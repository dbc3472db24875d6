// Package limitorder holds the vocabulary of solvers: the market makers that
// fill M0 OrderBook limit orders on the destination chain. A Solver answers
// an OfferRequest (a leg: what is sold, what is wanted, how much) with an
// Offer (how much it delivers, whether it wants to be written on chain as
// the order's designated solver, its fee and how soon it fills), and
// Collect asks every solver at once, each under a bounded timeout, so that
// a slow or failing solver never delays the others' offers.
//
// The limit-order quote provider builds on this package; the devnet's
// solver (evm/devnet) is adapted to Solver in service/devnet.
package limitorder
