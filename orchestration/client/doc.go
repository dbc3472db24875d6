// Package client is a Go client of the orchestration REST API. A *Client
// implements the library's interfaces (orchestration.Assets, Quoter,
// PermitBuilder, OrderService, Topology) over HTTP, so a program can swap an
// embedded service for a remote one without other changes.
//
//	c, err := client.New("https://api.example/v1/orchestration", client.Config{APIKey: key})
//	quotes, err := c.Quote(ctx, req)
//
// # Errors
//
// An error answer from the service comes back as a *Error wrapping the
// *orchestration.Error the server sent, so orchestration.CodeOf and
// errors.As see the service's code and message; the *Error adds the HTTP
// status and the request id (also available through RequestID). An answer
// that is not the service's JSON (a proxy's HTML page) is a *Error with the
// endpoint's internal code and the status in its message. A request that
// could not be sent is an *orchestration.Error with the endpoint's internal
// code wrapping the transport error, so errors.Is(err, context.Canceled)
// still works.
//
// The endpoint's internal codes are the server's: QuoteError for
// /supported-assets, /quote and /topology, PermitQuoteError and
// PermitBuildError for the permit flow, CancelOrderError for the order
// routes.
//
// A request id in the call's context (orchestration.ContextWithRequestID)
// is sent as X-Request-Id, so the server logs the caller's id.
//
// # GraphQL protocol interface
//
// The separate GraphQL interface takes the key as "Authorization: ApiKey
// <key>": see GraphQLAuthHeader and GraphQLTransport.
package client
