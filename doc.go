// Package m0 is an open implementation of a stablecoin orchestration service
// for M0 stablecoin extensions: quotes for moving and converting between
// extensions and other stablecoins across chains, an EIP-2612 permit flow,
// limit-order lookup and cancellation, asset discovery, and API keys.
//
// It is a library first and a server second. Go programs embed it; the
// bundled binary (cmd/orchestrationd) serves the same library over REST.
//
// # How the pieces fit
//
// Package orchestration is the vocabulary: the resource types whose JSON is
// the wire format, the one error type with the specification's stable codes,
// strict parsers for amounts and addresses, and the consumer interfaces
// Assets, Quoter, PermitBuilder, OrderService and Topology. It depends on no
// other package here, so everything else can depend on it.
//
// Concrete packages implement those interfaces and hold the rules:
//
//   - asset: the catalog of chains and tokens (an embedded default of the
//     real M0 deployments, or a config file), with address lookups and the
//     pre-encoded GET /supported-assets body.
//   - quote: the Engine, which validates a quote request, fans out to
//     pluggable providers concurrently with a per-provider deadline, ranks
//     the candidates and splits failures into the spec's error codes. Each
//     provider is a small interface and passes the shared conformance suite
//     in quote/quotetest.
//   - storage and apikey: SQL storage with SQLite (embedded default) and
//     PostgreSQL (several replicas), embedded migrations, and the API-key
//     store (keys shown once, stored hashed, IP and origin allowlists).
//   - evm: the EVM side — the project's own contracts with the real ABIs and
//     their Go bindings, and an in-process devnet of simulated chains.
//
// Two packages speak HTTP and hold no business rule: httpserver decodes a
// request, calls one interface method and encodes the answer (with API keys,
// CORS, request ids, access logs and metrics around it), and
// orchestration/client implements the same interfaces over HTTP, turning
// error bodies back into *orchestration.Error. A program can therefore swap
// an embedded service for a remote one without changing a line.
//
// # Money safety
//
// The service never signs or broadcasts. Every amount is a decimal string in
// the smallest unit, parsed strictly (no sign, exponent, fraction or leading
// zero, below 2^256), and no payload the service returns may send funds to an
// address the request did not name.
package m0
