// Package openapi holds the OpenAPI 3 document of the orchestration service
// and checks HTTP answers against it.
//
// The document (openapi.json, embedded) describes every route under
// /v1/orchestration: the hosted service's routes and schemas, this
// service's additive fields (Quote.minAmountOut, Quote.issues, the
// slippageBps request field), and every status and error code the server
// really answers with, including 401, 403, 413, 415, 429 (with
// Retry-After), 501 NotImplemented and the X-Request-Id header of every
// answer. The server serves it at GET /v1/orchestration/openapi.json
// (Handler), without an API key.
//
//	doc, err := openapi.Load()      // parsed and validated
//	err = openapi.Validate(ctx, req, resp, body)
//
// # Validation
//
// A Validator checks one answer against a document with kin-openapi's
// openapi3filter: the status must be declared for the request's operation,
// declared headers must be present and well formed, and the body must match
// the schema. An answer to a path or method the document does not have is
// checked against the document's components.responses NoRoute (404) or
// MethodNotAllowed (405), the server's JSON answers to unmatched requests.
// Anything else the document does not declare is an error wrapping
// ErrUndeclared, so a caller comparing against a document that covers less
// (the hosted service's) can tell "not declared there" from "declared and
// different".
//
// The server's routes outside the base path (/healthz, /readyz, /metrics)
// and its CORS preflight answers are not API operations and are not in the
// document.
package openapi
