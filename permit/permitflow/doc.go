// Package permitflow is the service's side of the permit flow: POST
// /permit/quote and POST /permit/build. The caller's side (verify, sign,
// encode, describe) is package permit, which this package builds with, so
// both sides encode alike; a solver imports permit alone.
//
// Builder implements orchestration.PermitBuilder. PermitQuote validates a
// request as /quote does (with BadPermitRequest), refuses routes with an end
// off EVM, and asks the quote engine (Engine, which *quote.Engine
// implements) for permit quotes: the same routing, with each leg in its
// permit form and each token's domain verified against its
// DOMAIN_SEPARATOR() in the quote's own batch. It records every recipe it
// returns in a Ledger. PermitBuild takes back only recipes the ledger
// keeps, field for field but the annotation (the permit's signature does
// not cover the call, so nothing else stops a relayer from changing its
// recipient or terms), naming the field that differs; then re-validates
// every signed recipe against the deployment (the provider's contract and
// call for the operation, a catalog token with a permit) and the chain
// (the domain's separator, the owner's next nonce, the deadline by the
// chain's clock and within the horizon, in one read per chain), checks
// the signature, encodes with permit.Encode and writes each payload's
// annotation from its calldata (permit.Describe). Replicas that build
// each other's recipes share one Ledger (package permitsql); package
// permitflowtest is the suite every Ledger passes.
package permitflow
