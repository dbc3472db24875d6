// Package rfq is the request-for-quote protocol between the service and
// remote solvers: HTTP and JSON, described by the OpenAPI document
// openapi/solver-rfq.json (openapi.SolverRFQJSON). The service POSTs a
// leg (a Request) to each configured solver; the solver answers with an
// Offer, or with {"offer":null} (or 204) when it makes none.
//
// Both directions are authenticated with a secret shared per solver:
// every request carries an HMAC-SHA256 signature over its method, path,
// timestamp, request id and body (SignRequest), and every 200 or 204
// answer one over the request id, the status and the body
// (SignResponse), so an offer cannot be forged or replayed onto another
// request by whoever sits between the two. The solver refuses a wrong
// signature, a timestamp outside its window (DefaultWindow, 30 s) and a
// request id it has already seen within the window, each with 401 and the
// error body {code, message, requestId}.
//
// Client is the service's side: a limitorder.Solver and
// limitorder.Addressed over HTTP, whose call ends with its context, so
// limitorder.Collect cuts a slow solver off as it does an in-process one.
// Handler is the solver's side: an http.Handler around an OfferFunc that
// verifies every request (Verifier) before the OfferFunc sees it.
// examples/solver is a runnable solver built on it.
//
// Addresses are strings in their chain's form (EVM hex, Solana base58),
// amounts decimal strings in the token's smallest unit, times RFC 3339:
// the protocol names no chain runtime.
package rfq
