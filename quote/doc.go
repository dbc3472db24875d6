// Package quote is the quote engine behind POST /quote: the portable part
// that every deployment shares, over small Provider drivers that know how to
// quote one kind of route.
//
// An Engine (built with New) holds every cross-cutting rule, so providers
// never see an invalid request and never need to repeat one:
//
//   - Validation. Route ends are present, known to the asset catalog
//     (AssetResolver) and different by canonical address; amountIn is a
//     strict decimal below 2^256; sender and funder are addresses of the
//     source chain's runtime, recipient of the destination's (required when
//     the runtimes differ, otherwise defaulting to the sender); include and
//     exclude are not both set and name only known providers; maxNumQuotes is
//     at least 1, defaults to 1 and is capped (20 by default). Every failure is
//     an *orchestration.Error with code BadQuoteRequest and a message naming
//     the field.
//   - Fan-out. The selected providers are queried concurrently, each under
//     its own deadline (ProviderTimeout, 10s by default). A provider that
//     panics, fails or runs out of time is dropped and logged; the others'
//     candidates are still returned. If the caller's context ends first,
//     Quote returns at once with QuoteError.
//   - Ranking. Best amountOut first, then fastest estFillTime (whole
//     seconds), then fewest payloads; remaining ties keep provider order, then
//     candidate order.
//   - Errors. No candidate, and every provider said it has no route:
//     NoQuotesAvailable (404). No candidate, and at least one provider failed
//     unexpectedly: QuoteError (500), even if others had no route, because
//     the failed provider might have quoted and a retry may succeed. Provider
//     errors are kept as the cause for logs and never reach the message.
//
// A Provider returns Candidates for a validated Request, or an error
// wrapping ErrNoRoute when the route or amount is not its business. Package
// quote/memprovider is an in-memory Provider with fault injection for tests,
// and package quote/quotetest is the conformance suite every provider runs.
//
// An optional Observer sees every validated request with the quotes chosen
// and each provider's outcome, for route topology and provider statistics.
package quote
