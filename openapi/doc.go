// Package openapi holds the OpenAPI 3 document of the orchestration service
// and serves it.
//
// The document (openapi.json, embedded) describes every route under
// /v1/orchestration: the hosted service's routes and schemas, this
// service's additive fields (Quote.minAmountOut, Quote.issues, the
// slippageBps request field), and every status and error code the server
// really answers with, including 401, 403, 413, 415, 429 (with
// Retry-After), the quote routes' 500 with Retry-After when a chain or an
// outside service (the Wormhole Executor) did not answer, 501 NotImplemented,
// 503 with Retry-After when a store in the service's database did not
// answer (KeyStoreUnavailable on every operation, OrderIndexUnavailable,
// TopologyUnavailable; decisions 99 and 100) and the X-Request-Id header of
// every answer. The server serves it at GET /v1/orchestration/openapi.json
// (Handler), without an API key.
//
// Package openapi/validation checks answers against it (and against other
// documents); package openapi/openapitest wraps a test server so that every
// answer is checked.
//
// A second document, solver-rfq.json (SolverRFQJSON), describes the
// request-for-quote protocol the service speaks to remote solvers, where
// the service is the client: it is embedded for solvers' tooling and tests,
// not served.
//
// The server's routes outside the base path (/healthz, /readyz, /metrics)
// and its CORS preflight answers are not API operations and are not in the
// document.
package openapi
