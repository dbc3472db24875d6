// Package validation checks HTTP answers against an OpenAPI 3 document:
// by default the service's own (package openapi), or any other, such as the
// hosted service's. It is built on kin-openapi's openapi3filter, and kept
// apart from package openapi so the server, which only serves the
// document, does not link a validator.
//
//	err := validation.Validate(ctx, req, resp, body) // against the service's document
//
// A Validator checks one answer: the status must be declared for the
// request's operation, declared headers must be present and well formed,
// and the body must match the schema. An answer to a path or method the
// document does not have is checked against the document's
// components.responses NoRoute (404) or MethodNotAllowed (405), the
// server's JSON answers to unmatched requests. Anything else the document
// does not declare is an error wrapping ErrUndeclared, so a caller
// comparing against a document that covers less (the hosted service's) can
// tell "not declared there" from "declared and different".
package validation
