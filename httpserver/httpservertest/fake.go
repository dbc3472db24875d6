package httpservertest

import (
	"context"
	"iter"
	"sync"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/orchestration"
)

// Fake implements every service interface. Each method calls its Func field
// when set and otherwise returns the matching Sample fixture; every call is
// counted and its argument recorded. Set the Func fields before the server
// serves requests.
type Fake struct {
	SupportedAssetsFunc func(context.Context) ([]orchestration.Asset, error)
	QuoteFunc           func(context.Context, orchestration.QuoteRequest) ([]orchestration.Quote, error)
	PermitQuoteFunc     func(context.Context, orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error)
	PermitBuildFunc     func(context.Context, orchestration.PermitBuildRequest) (*orchestration.PermitBuildResponse, error)
	OrdersFunc          func(context.Context, orchestration.OrdersQuery) (*orchestration.OrdersResponse, error)
	OrderFunc           func(context.Context, orchestration.OrderRef) (*orchestration.Order, error)
	CancelOrderFunc     func(context.Context, orchestration.CancelOrderRequest) (*orchestration.TransactionPayload, error)
	OrderEventsFunc     func(context.Context, orchestration.OrderEventsRequest) (iter.Seq2[orchestration.OrderEvent, error], error)
	RoutesFunc          func(context.Context, orchestration.TopologyQuery) ([]orchestration.TopologyRoute, error)
	StatsFunc           func(context.Context) (*orchestration.TopologyRouteStats, error)
	SolverStatsFunc     func(context.Context) (*orchestration.SolverStats, error)
	TransferFunc        func(context.Context, orchestration.Chain, string) (*orchestration.TransferStatus, error)

	mu    sync.Mutex
	calls map[string]int
	last  map[string]any
}

var (
	_ orchestration.Assets          = (*Fake)(nil)
	_ orchestration.Quoter          = (*Fake)(nil)
	_ orchestration.PermitBuilder   = (*Fake)(nil)
	_ orchestration.OrderService    = (*Fake)(nil)
	_ orchestration.OrderWatcher    = (*Fake)(nil)
	_ orchestration.Topology        = (*Fake)(nil)
	_ orchestration.Solvers         = (*Fake)(nil)
	_ orchestration.TransferTracker = (*Fake)(nil)
)

// Services returns f as every service.
func (f *Fake) Services() httpserver.Services {
	return httpserver.Services{Assets: f, Quoter: f, PermitBuilder: f, OrderService: f, OrderWatcher: f, Topology: f, Solvers: f, Transfers: f}
}

// Calls returns how many times the named method ("Quote", "Order", ...) was
// called.
func (f *Fake) Calls(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[method]
}

// Last returns the argument of the named method's latest call (the request,
// query or OrderRef), or nil.
func (f *Fake) Last(method string) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last[method]
}

func (f *Fake) record(method string, arg any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.calls == nil {
		f.calls, f.last = map[string]int{}, map[string]any{}
	}
	f.calls[method]++
	f.last[method] = arg
}

func (f *Fake) SupportedAssets(ctx context.Context) ([]orchestration.Asset, error) {
	f.record("SupportedAssets", nil)
	if f.SupportedAssetsFunc != nil {
		return f.SupportedAssetsFunc(ctx)
	}
	return SampleAssets(), nil
}

func (f *Fake) Quote(ctx context.Context, req orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	f.record("Quote", req)
	if f.QuoteFunc != nil {
		return f.QuoteFunc(ctx, req)
	}
	return SampleQuotes(), nil
}

func (f *Fake) PermitQuote(ctx context.Context, req orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
	f.record("PermitQuote", req)
	if f.PermitQuoteFunc != nil {
		return f.PermitQuoteFunc(ctx, req)
	}
	return SamplePermitQuoteResponse(), nil
}

func (f *Fake) PermitBuild(ctx context.Context, req orchestration.PermitBuildRequest) (*orchestration.PermitBuildResponse, error) {
	f.record("PermitBuild", req)
	if f.PermitBuildFunc != nil {
		return f.PermitBuildFunc(ctx, req)
	}
	return SamplePermitBuildResponse(), nil
}

func (f *Fake) Orders(ctx context.Context, q orchestration.OrdersQuery) (*orchestration.OrdersResponse, error) {
	f.record("Orders", q)
	if f.OrdersFunc != nil {
		return f.OrdersFunc(ctx, q)
	}
	return SampleOrdersResponse(), nil
}

func (f *Fake) Order(ctx context.Context, ref orchestration.OrderRef) (*orchestration.Order, error) {
	f.record("Order", ref)
	if f.OrderFunc != nil {
		return f.OrderFunc(ctx, ref)
	}
	return SampleOrder(), nil
}

// OrderEvents streams SampleOrder's status alone unless OrderEventsFunc is
// set.
func (f *Fake) OrderEvents(ctx context.Context, req orchestration.OrderEventsRequest) (iter.Seq2[orchestration.OrderEvent, error], error) {
	f.record("OrderEvents", req)
	if f.OrderEventsFunc != nil {
		return f.OrderEventsFunc(ctx, req)
	}
	o := SampleOrder()
	ev := orchestration.OrderEvent{ID: 1, OrderID: o.OrderID, OriginChain: req.Order.OriginChain, OriginChainID: o.OriginChainID,
		Status: o.Status, UpdatedAt: o.CreatedAt, AmountOutFilled: o.AmountOutFilled, AmountInReleased: o.AmountInReleased,
		AmountRefunded: o.AmountRefunded, FillCount: o.FillCount}
	return func(yield func(orchestration.OrderEvent, error) bool) { yield(ev, nil) }, nil
}

func (f *Fake) CancelOrder(ctx context.Context, req orchestration.CancelOrderRequest) (*orchestration.TransactionPayload, error) {
	f.record("CancelOrder", req)
	if f.CancelOrderFunc != nil {
		return f.CancelOrderFunc(ctx, req)
	}
	return SampleCancelPayload(), nil
}

func (f *Fake) Routes(ctx context.Context, q orchestration.TopologyQuery) ([]orchestration.TopologyRoute, error) {
	f.record("Routes", q)
	if f.RoutesFunc != nil {
		return f.RoutesFunc(ctx, q)
	}
	return SampleRoutes(), nil
}

func (f *Fake) Stats(ctx context.Context) (*orchestration.TopologyRouteStats, error) {
	f.record("Stats", nil)
	if f.StatsFunc != nil {
		return f.StatsFunc(ctx)
	}
	return SampleStats(), nil
}

// SolverStats calls SolverStatsFunc or returns SampleSolverStats.
func (f *Fake) SolverStats(ctx context.Context) (*orchestration.SolverStats, error) {
	f.record("SolverStats", nil)
	if f.SolverStatsFunc != nil {
		return f.SolverStatsFunc(ctx)
	}
	return SampleSolverStats(), nil
}
