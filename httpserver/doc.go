// Package httpserver is the thin REST transport of the orchestration
// service: net/http routes under /v1/orchestration that decode a request,
// call one method of an orchestration interface (Assets, Quoter,
// PermitBuilder, OrderService, Topology), and encode the answer. Every rule
// about amounts, addresses, chains and limits lives in the library; the only
// rules here are the transport's.
//
//	h, err := httpserver.New(httpserver.Services{Assets: catalog, Quoter: engine},
//		httpserver.Config{Keys: keyStore, Logger: logger})
//	...
//	err = httpserver.ListenAndServe(ctx, ":8080", h, cfg)
//
// # Errors
//
// Every error response is the specification's body {code, message,
// requestId}. One table (statusFor) maps a code to its HTTP status. A
// failure that is not an *orchestration.Error becomes the endpoint's
// internal code with the message "internal error; retry may succeed"; its
// cause is logged and never sent, since it may name RPC endpoints.
//
// Each endpoint's Bad*Request and internal codes are orchestration's table
// (orchestration.Endpoints), which the Go client reads too. The
// specification gives some endpoints no internal-failure code. These are
// the choices made there:
//
//   - GET /supported-assets: QuoteError (decision 15 in docs/decisions.md).
//   - GET /orders and GET /orders/{originChain}/{orderId}: CancelOrderError,
//     the order family's one "unexpected internal failure; a retry may
//     succeed" code. It is the least surprising choice for a client that
//     already handles the order codes; its query-parsing failures are
//     BadOrderRequest.
//   - GET /topology/routes and /topology/stats: QuoteError, the code
//     decision 15 in docs/decisions.md already lends to a non-quote read.
//   - GET /solvers/stats (this project's own, decision 54): the order
//     family's codes, as GET /orders, since it reads the order index.
//   - Routes outside the API (panics in /metrics, say): QuoteError.
//
// A route whose service is missing (a nil field of Services) still checks
// what it can without it: the body or query, required fields, that chains
// are known (and enabled, when the asset catalog runs here), that an order
// id is well formed, and for quote bodies the wire formats the quote
// validator checks too (orchestration.ParseTransfer). A malformed request is its usual 400; a valid one is
// 501 with code NotImplemented, "<service> is not configured on this
// server". The status is final for this server: retrying cannot help. New
// logs the missing services once at INFO; the 501 answers are not logged
// as failures.
//
// Unknown paths are 404 NotFound and a wrong method is 405 MethodNotAllowed
// with an Allow header (decision 16 in docs/decisions.md), both as JSON; the method is echoed
// clipped to 32 bytes, in the body and the log. Routing happens before
// authentication, so these two need no key. A preflight's Allow lists the
// same methods as the 405: HEAD wherever GET is allowed.
//
// # Request bodies
//
//   - Content-Type may be absent or a JSON media type (application/json,
//     or any */*+json). Any other type is refused with 400 and the
//     endpoint's Bad*Request code.
//   - A charset other than utf-8, or a Content-Encoding other than
//     identity, is 415 with the endpoint's Bad*Request code: the body would
//     not be the bytes the server reads.
//   - At most MaxBodyBytes (1 MiB); a larger body is 413 with the endpoint's
//     Bad*Request code (decision 16 in docs/decisions.md).
//   - Exactly one JSON value: invalid JSON, a value of the wrong type (the
//     message names the field, "body: maxNumQuotes must be an integer, not
//     number 1.5"), an empty body, null, or data after the value are 400.
//   - No ambiguity: a key given twice in one object, at any depth, or a key
//     matching a field only in another case ("AMOUNTIN" for amountIn) is
//     400, the message naming the key and where it is. encoding/json would
//     take the last duplicate and fold case, so a proxy or an audit log
//     could otherwise read a different request than the service.
//     Unknown fields are ignored.
//   - The cancel body is optional: empty and null mean no caller.
//
// # Query strings
//
// A query string that does not parse is 400 with the route's Bad*Request
// code. A parameter the route reads (GET /orders, GET /topology/routes)
// given twice, or given empty ("limit="), is 400 too, naming it (decision
// 40 in docs/decisions.md), for the reason a repeated JSON key is: a proxy
// reading the first value and the service the last would see different
// requests, and an empty value is no default the caller asked for. Unknown
// parameters are ignored.
//
// # Headers
//
// HTTPServer's server reads at most MaxHeaderBytes (64 KiB) of headers;
// net/http refuses more with a plain-text 431 before any of this package
// runs.
//
// # Authentication and CORS
//
// Every /v1/orchestration route needs the x-api-key header (decision 2 in docs/decisions.md):
// missing, unknown or revoked is 401 Unauthorized with one message for all
// three; a known key used from an address or origin it does not allow is
// 403 Forbidden. The client address is the direct peer, or, when the peer
// is one of Config.TrustedProxies, the first untrusted address of
// X-Forwarded-For walking from the right. A key that cannot be verified
// because the key store did not answer is 503 KeyStoreUnavailable with
// Retry-After, not 401: it may well be valid (decision 99; the
// apikey.Cache serves the keys it verified recently through the outage).
//
// A CORS preflight (OPTIONS on an API path) needs no key, since browsers
// never send one on it. It reflects any Origin: no key is known at that
// point and the answer carries no data. The actual request is then checked
// against its key's allowed origins; Access-Control-Allow-Origin is set
// only when the key allows the origin (and on a 401, so a page can read
// why it was refused), with Vary: Origin and X-Request-Id exposed.
//
// # Shutdown
//
// ListenAndServe and Serve shut down when their context is cancelled: no
// new connections, in-flight requests get Config.ShutdownTimeout, then the
// remaining connections are closed and nil is returned. The read timeouts
// are capped at ShutdownTimeout, so a client trickling a body is cut before
// the deadline. Start and end are logged.
//
// # Rate limits
//
// With Config.RateLimiter set, a key that carries a limit
// (apikey.Key.RateLimit) is counted under its ID after authentication and
// before the handler, one budget across all routes. Over the limit the
// answer is 429 with code RateLimited (decision 18 in docs/decisions.md) and Retry-After: the
// whole seconds, rounded up and at least 1, until one more request passes;
// browsers may read it (it is exposed like X-Request-Id). A limit changed in
// the key store applies once the key cache lets go of the key (its TTL). A
// limiter that fails lets the request through and logs a warning; wrap a
// shared limiter in ratelimit.Fallback to keep limiting locally instead.
//
// # Observability
//
// Every response carries X-Request-Id: a well-formed incoming one (1 to 128
// characters of [A-Za-z0-9._:-]) is kept, otherwise a new one is made; it
// is in the request context (orchestration.RequestIDFromContext) and in
// every error body. Each request logs one slog line with method, route
// pattern, status, latency, bytes, request id, client address and the key's
// Name (never its secret). Panics are recovered into the endpoint's
// internal code and logged with their stack. GET /metrics serves
// orchestration_http_requests_total{route,method,code} and
// orchestration_http_request_duration_seconds{route,method}; GET /healthz
// is liveness and GET /readyz runs Config.Ready. These three need no key.
//
// # OpenAPI document
//
// GET /v1/orchestration/openapi.json (OpenAPIPath) serves the service's
// OpenAPI 3 document (package openapi): every route, schema, status and
// error code above. It needs no key, like /healthz, for three reasons: the
// document is public (the hosted service publishes its own), it holds
// nothing about any key or caller, and it is what a client generator or a
// browser-based viewer fetches before anyone has a key; it allows any
// origin for the same reason. It sits under the base path rather than next
// to /healthz because it describes that versioned API: a proxy that
// exposes /v1/orchestration exposes its document with it, and /v2 will
// have its own. It carries an ETag and answers If-None-Match with 304.
package httpserver
