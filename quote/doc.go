// Package quote is the quote engine behind POST /quote: a router that builds
// routes of up to three legs over the hops ("edges") that small Provider
// drivers declare, prices each leg with the provider that serves it, and
// composes the quotes a wallet executes.
//
// An Engine (built with New) holds every cross-cutting rule, so providers
// stay small and never see an invalid request:
//
//   - Validation (ValidateRequest, public so the permit endpoint reuses it
//     with its own code). Route ends are present, known to the catalog and
//     different; amountIn is a strict decimal below 2^256; sender and funder
//     are addresses of the source chain's runtime, recipient of the
//     destination's (required when the runtimes differ, otherwise the
//     sender); include and exclude are not both set and name providers this
//     deployment runs or the hosted service's identifiers; maxNumQuotes is at
//     least 1, defaults to 1 and is capped (20); slippageBps is 0 to 1000,
//     default 50. Every failure names the field.
//   - Routing. Each provider lists its edges once (Provider.Edges; retried
//     after a failure). The router finds every path of at most MaxLegs legs
//     from the source to the destination asset that visits no asset twice,
//     over the edges of the providers include/exclude allow, shortest first.
//     Intermediate legs deliver to the funder, the last to the recipient; so
//     intermediate assets are on chains of the source's runtime, where the
//     funder can hold them and sign the next leg. When the destination's
//     runtime differs, a route may cross to it early: the crossing leg
//     delivers to the recipient, who funds, signs and is refunded every
//     later leg, all on the destination's runtime; a route never holds an
//     asset on the source's runtime again once crossed (decision 79).
//   - Stages. A request's addresses are parsed once (LegRequest carries
//     them as orchestration.Addresses, so providers never parse them). It
//     then goes through plan (the candidate routes and the first read
//     phase; each leg request built once, its reads declared once per
//     amount and kept for later requests with an equal leg request), read
//     (per chain, one round trip per phase, chains at once; it returns
//     each chain's state or error), price (each distinct leg once, on
//     those states) and compose (the priced routes' funding steps and
//     payloads, returning the candidates ranked). Each stage hands its
//     answer to the next as a value; only the request, read by all, and
//     each stage's own buffers, kept from request to request, live with
//     it. The stages live in plan.go, read.go, price.go and compose.go.
//   - Runtimes. The core knows no chain runtime: reads, their answers
//     (State: a block on EVM, a slot on Solana), funding a leg's input and
//     checking payloads are a Runtime's, one per runtime (Config.Runtimes;
//     each says which it Serves). A runtime lives in a package of its own
//     that imports this one and is never imported by it: evm/evmruntime
//     (reads are evm.Calls batched into one Multicall3 call per chain,
//     funding is the ERC-20 allowance and approve) and svm/svmruntime
//     (accounts read in one RPC batch per cluster, funding creates the
//     recipient's token account). Providers reading chains in Edges find
//     their runtime in Deps.Runtimes (evmruntime.ReaderIn, svmruntime.In).
//   - Reads. Providers that read chain state declare their reads
//     (ReadDeclarer; a bridge needing state of its destination chain also
//     DestinationReadDeclarer). The first phase sends, per chain and all
//     chains at once, one batch with every amount-independent read of
//     every route, the first legs' amount-dependent reads, the funding
//     reads of each leg (the funder's allowance for its spender) and the
//     funder's balance of the source token. A later phase reads only what
//     a later leg's amount made necessary (an AMM after another leg),
//     pinned to the first phase's block. Routes of exact legs after the
//     first need no second phase. A phase that goes to a node first lets
//     Prefetchers start their own waits (a solver's offer) beside it.
//   - Settlement. A leg settles in its transactions (exact, or at least a
//     floor they enforce) or later (SettlesLater: an order a solver fills,
//     refunded after a deadline); the router places the latter only last,
//     and a quote's minAmountOut is then what the solver must deliver.
//   - Pricing. Legs are priced leg by leg, each later leg on the previous
//     leg's MinAmountOut, so the floor the quote reports is one the chain
//     honours; a leg shared by several routes is priced once. A leg a
//     LocalPricer prices from what it holds is priced on the request's
//     goroutine; every other call runs on its own under ProviderTimeout,
//     and a provider ignoring its deadline is abandoned; panics are
//     recovered either way. Legs are checked: positive amounts, the floor at
//     most the expectation, and every payload on the leg's source chain with
//     the catalog's chain id, calling a catalog token or a contract of the
//     chain's address book — nothing a caller signs goes anywhere else —
//     and, where the runtime reads calls (LegChecker), doing only what the
//     leg needs: a token is only approved, for the leg's spender and at
//     most its amount (decision 42).
//   - Composition. Only the routes returned are composed (ranked first on
//     amountOut and estFillTime; decision 32; every priced route when
//     ranking net of costs, decision 105), with the payloads and fees of
//     providers that defer them to Leg.Build and Leg.BuildFees built then
//     (decision 106). Payloads in
//     execution order: before each leg, its
//     runtime's funding steps (on EVM chains, for a leg with a spender, an
//     approve of exactly the leg's amount when the funder's allowance is
//     short, after an approve of zero for tokens marked ApproveZeroFirst
//     that hold a non-zero allowance; on Solana, creating a missing token
//     account of the recipient); then the leg's own payloads. A route's
//     Ledger carries its grants from leg to leg, so two legs drawing on one
//     grant count against it once. Funding steps pass the same payload
//     check as the legs'. estFillTime is the
//     sum of the legs' times; minAmountOut the last leg's guarantee;
//     issues.balance is set when the funder holds less than amountIn.
//   - Permits. PermitQuoteRequest routes the same way but composes permit
//     recipes instead of funding steps: only routes whose every leg has a
//     permit form (PermitProvider) from a token its runtime can grant by
//     permit (PermitFunding) are offered. What a permit is belongs to the
//     runtime: on EVM chains, an EIP-2612 permit whose token domain, the
//     funder's nonce and the chain's clock are read in the first phase's
//     batch, handed out only over a domain that hashes to the token's
//     separator.
//   - Ranking. Best amountOut first, then fastest estFillTime (whole
//     seconds), then fewest payloads, then shorter routes and earlier
//     providers; capped at maxNumQuotes. Request.RankBy netOfCosts ranks
//     on amountOut less the quote's native fees at each chain's native
//     price (NativePricer), the quotes whose costs cannot be counted last
//     (decision 105).
//   - Isolation and errors. A chain whose read fails, or a provider that
//     fails, only fails the routes that need it; the others are returned.
//     No quote and everything ended in ErrNoRoute (or no route exists):
//     NoQuotesAvailable. No quote and something failed: QuoteError, whose
//     message names nothing internal but the chains whose nodes did not
//     answer (ChainUnavailable) and the outside services that did not
//     (ServiceUnavailable: the Wormhole Executor), with when to retry; the
//     log has the provider, chain, leg and cause.
//
// Package quote/memprovider is an in-memory Provider with fault injection
// for tests, and package quote/quotetest is the conformance suite every
// provider runs. An optional Observer sees every validated request with the
// quotes chosen and each provider's outcome, for route topology and provider
// statistics.
package quote
