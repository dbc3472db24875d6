package orchestration

// Endpoint is one route of the REST API with the codes it answers with
// besides its service's own. The HTTP server registers exactly these
// routes, and the Go client calls them, so both read the codes from here.
type Endpoint struct {
	// Method is the HTTP method, "GET" or "POST".
	Method string
	// Path is the route under the API base path (/v1/orchestration), in the
	// template syntax of OpenAPI and net/http's ServeMux:
	// "/orders/{originChain}/{orderId}".
	Path string
	// Bad is the code of a malformed request: one that does not decode, or
	// whose fields are not well formed.
	Bad Code
	// Fail is the code of an unexpected internal failure. The client also
	// gives it to a failure that never got the service's error body (no
	// answer, or an answer from a proxy).
	Fail Code
}

// Pattern is "METHOD /path", the endpoint's ServeMux pattern relative to
// the base path.
func (e Endpoint) Pattern() string { return e.Method + " " + e.Path }

// The endpoints of the specification. Some have no internal-failure code
// of their own and borrow one (decision 15 in docs/decisions.md):
//   - GET /supported-assets uses the quote family's QuoteError.
//   - The order reads use the order family's CancelOrderError ("unexpected
//     internal failure; a retry may succeed"), which a client that handles
//     the order codes already knows.
//   - Topology has no internal-failure code and no family to borrow from:
//     it uses QuoteError, as /supported-assets does (its routes are fed by
//     quote traffic).
//
// A store in the database that did not answer is named instead, whatever
// the route (decisions 99 and 100): KeyStoreUnavailable,
// OrderIndexUnavailable, TopologyUnavailable.
var (
	EndpointSupportedAssets = Endpoint{"GET", "/supported-assets", BadQuoteRequest, QuoteError}
	EndpointQuote           = Endpoint{"POST", "/quote", BadQuoteRequest, QuoteError}
	EndpointPermitQuote     = Endpoint{"POST", "/permit/quote", BadPermitRequest, PermitQuoteError}
	EndpointPermitBuild     = Endpoint{"POST", "/permit/build", BadPermitRequest, PermitBuildError}
	EndpointOrders          = Endpoint{"GET", "/orders", BadOrderRequest, CancelOrderError}
	EndpointOrder           = Endpoint{"GET", "/orders/{originChain}/{orderId}", BadOrderRequest, CancelOrderError}
	EndpointCancelOrder     = Endpoint{"POST", "/orders/{originChain}/{orderId}/cancel", BadOrderRequest, CancelOrderError}
	// EndpointOrderEvents is this project's own (decision 28): the
	// hosted service has no push of order statuses.
	EndpointOrderEvents    = Endpoint{"GET", "/orders/{originChain}/{orderId}/events", BadOrderRequest, CancelOrderError}
	EndpointTopologyRoutes = Endpoint{"GET", "/topology/routes", BadTopologyRequest, QuoteError}
	EndpointTopologyStats  = Endpoint{"GET", "/topology/stats", BadTopologyRequest, QuoteError}
	// EndpointSolverStats is this project's own (decision 54), read from
	// the order index, so it answers with the order family's codes.
	EndpointSolverStats = Endpoint{"GET", "/solvers/stats", BadOrderRequest, CancelOrderError}
	// EndpointTransfer is this project's own (decision 84): the status of
	// a transfer by its source transaction, as peers answer it.
	EndpointTransfer = Endpoint{"GET", "/transfers/{chain}/{txHash}", BadTransferRequest, TransferStatusError}
)

// Endpoints lists every endpoint of the specification, in its order, and
// this project's extensions (EndpointOrderEvents, EndpointSolverStats,
// EndpointTransfer) beside their family.
func Endpoints() []Endpoint {
	return []Endpoint{
		EndpointSupportedAssets, EndpointQuote, EndpointPermitQuote, EndpointPermitBuild,
		EndpointOrders, EndpointOrder, EndpointCancelOrder, EndpointOrderEvents,
		EndpointTopologyRoutes, EndpointTopologyStats, EndpointSolverStats,
		EndpointTransfer,
	}
}
