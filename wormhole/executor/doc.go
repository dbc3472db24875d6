// Package executor is a client of the Wormhole Executor's quote API: the
// HTTP service whose signed quotes pay a relay provider to deliver a
// Wormhole message on its destination chain. The M0 portal's Wormhole
// adapter takes such a quote as its adapter arguments on EVM chains, and
// Solana's request_for_execution takes it (with its payee) in the sending
// transaction.
//
// [Client] asks POST {BaseURL}/v0/quote for one route (source and
// destination Wormhole chain ids and the [RelayInstructions]) and decodes
// the answer's signed quote ([SignedQuote], the "EQ01" layout) and its
// estimated cost. [Cache] keeps quotes until shortly before their signed
// expiry and refreshes the routes asked for recently in the background,
// so a warm request makes no call; concurrent misses for one route share
// one request. [Cache.Cached] answers from memory alone, for a caller that
// must know before it asks whether the answer needs I/O.
//
// The package speaks of no chain runtime: it imports nothing of evm/ or
// svm/, and the quote's addresses are bytes.
//
// Errors: a quote whose bytes do not follow the layout is a
// *[FormatError]; an Executor that does not answer usefully (transport
// failure, a status other than 200, an answer that does not decode) is a
// *[Error] carrying the status and, for 429 and 503, the Retry-After hint.
// Neither ever prints the base URL's userinfo or query.
//
// Metrics, when Config.Registerer is set:
// orchestration_executor_requests_total{result} counts every round trip
// by result ("ok", "status", "transport", "malformed"). [WithTrips]
// counts the round trips made on behalf of one context.
package executor
