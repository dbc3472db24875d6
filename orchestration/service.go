package orchestration

import (
	"context"
	"iter"
)

// The consumer-side interfaces. The library's concrete types implement them
// (asset.Catalog, quote.Engine, ...), the HTTP server calls them, and the Go
// client implements them over HTTP, so a program can swap an embedded service
// for a remote one. Every method is safe for concurrent use, honours ctx
// cancellation, and reports failures as *Error with the endpoint's codes.

// Assets lists the tokens usable in quotes.
type Assets interface {
	SupportedAssets(ctx context.Context) ([]Asset, error)
}

// Quoter returns ranked quotes for a route and amount: best AmountOut first,
// then fastest EstFillTime, then fewest payloads, at most MaxNumQuotes.
// Errors: BadQuoteRequest, NoQuotesAvailable, QuoteError.
type Quoter interface {
	Quote(ctx context.Context, req QuoteRequest) ([]Quote, error)
}

// PermitBuilder runs the EIP-2612 permit flow (EVM only).
// PermitQuote errors: BadPermitRequest, PermitNotSupported, PermitQuoteError.
// PermitBuild errors: BadPermitRequest, PermitExpired, InvalidPermitSignature,
// PermitBuildError.
type PermitBuilder interface {
	PermitQuote(ctx context.Context, req PermitQuoteRequest) (*PermitQuoteResponse, error)
	PermitBuild(ctx context.Context, req PermitBuildRequest) (*PermitBuildResponse, error)
}

// OrderService looks up limit orders and builds cancellations.
// Order errors: BadOrderRequest, OrderNotFound. CancelOrder errors:
// BadOrderRequest, OrderNotFound, OrderNotCancellable, CancelOrderError.
type OrderService interface {
	Orders(ctx context.Context, q OrdersQuery) (*OrdersResponse, error)
	Order(ctx context.Context, ref OrderRef) (*Order, error)
	CancelOrder(ctx context.Context, req CancelOrderRequest) (*TransactionPayload, error)
}

// OrderWatcher streams the statuses of an order. OrderEvents checks the
// request and reads the order's current status, with Order's errors
// (BadOrderRequest, OrderNotFound, NotImplemented, CancelOrderError), before
// it returns; the sequence then yields that status, then each change, and
// ends after a terminal status (COMPLETED or CANCELLED) or when ctx ends
// (without an error). A failure while waiting is yielded as the last
// element's error. The sequence may be ranged over once.
type OrderWatcher interface {
	OrderEvents(ctx context.Context, req OrderEventsRequest) (iter.Seq2[OrderEvent, error], error)
}

// Topology reports the routes the service knows of and how they are used.
// Errors: BadTopologyRequest.
type Topology interface {
	Routes(ctx context.Context, q TopologyQuery) ([]TopologyRoute, error)
	Stats(ctx context.Context) (*TopologyRouteStats, error)
}

// Solvers reports the limit-order solvers' records and suspensions (GET
// /solvers/stats, decision 54). Errors: NotImplemented without an order
// index, CancelOrderError for a failing one.
type Solvers interface {
	SolverStats(ctx context.Context) (*SolverStats, error)
}
