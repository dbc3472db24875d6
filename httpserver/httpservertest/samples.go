package httpservertest

import (
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// The Sample functions return fresh, fully populated fixtures that survive a
// JSON round trip unchanged, so a test can compare what the client decoded
// with what the service returned.

const (
	sampleWM    = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	sampleUSDC  = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
	sampleUser  = "0x1111111111111111111111111111111111111111"
	sampleOrder = "0x00000000000000000000000000000000000000000000000000000000000000aa"
)

// SampleAssets returns two assets.
func SampleAssets() []orchestration.Asset {
	return []orchestration.Asset{
		{Chain: orchestration.Ethereum, Runtime: orchestration.RuntimeEVM, Address: sampleWM,
			Icon: "https://example.test/wm.svg", Decimals: 6, Symbol: "wM", Name: "WrappedM by M0", M0Extension: true},
		{Chain: orchestration.Ethereum, Runtime: orchestration.RuntimeEVM, Address: sampleUSDC,
			Icon: "https://example.test/usdc.svg", Decimals: 6, Symbol: "USDC", Name: "USD Coin"},
	}
}

func sampleRoute() orchestration.Route {
	return orchestration.Route{
		Source:      orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: sampleUSDC},
		Destination: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: sampleWM},
	}
}

// SampleQuoteRequest returns a well-formed quote request for SampleQuotes.
func SampleQuoteRequest() orchestration.QuoteRequest {
	n := 2
	return orchestration.QuoteRequest{Route: sampleRoute(), AmountIn: "1000000", Sender: sampleUser, MaxNumQuotes: &n}
}

// SampleQuotes returns one quote with two payloads.
func SampleQuotes() []orchestration.Quote {
	return []orchestration.Quote{{
		Route: sampleRoute(), Recipient: sampleUser, AmountIn: "1000000", AmountOut: "999900", MinAmountOut: "999900", EstFillTime: 12,
		Payloads: []orchestration.Payload{
			{Provider: orchestration.ProviderMSwapFacility, Annotation: "approve",
				Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
					Chain: orchestration.Ethereum, ChainID: 1, To: sampleUSDC, Data: "0x095ea7b3", Value: "0"}}},
			{Provider: orchestration.ProviderMSwapFacility, Annotation: "swap",
				Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
					Chain: orchestration.Ethereum, ChainID: 1, To: sampleWM, Data: "0xdeadbeef", Value: "0"}}},
		},
	}}
}

func sampleRecipe() orchestration.PermitRecipe {
	return orchestration.PermitRecipe{
		Provider: orchestration.ProviderMSwapFacility, Annotation: "swap", Chain: orchestration.Ethereum, ChainID: 1,
		Spender: sampleWM, Value: "0",
		TypedData: orchestration.PermitTypedData{
			Domain:  orchestration.EIP712Domain{Name: "USD Coin", Version: "2", ChainID: 1, VerifyingContract: sampleUSDC},
			Message: orchestration.PermitMessage{Owner: sampleUser, Spender: sampleWM, Value: "1000000", Nonce: "0", Deadline: "1900000000"},
		},
		Operation: orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{
			Method: "swap", ExtensionIn: sampleUSDC, ExtensionOut: sampleWM, Amount: "1000000", Recipient: sampleUser, Deadline: "1900000000"}},
		FunctionSignature: "swapWithPermit(address,address,uint256,address,uint256,bytes)",
	}
}

// SamplePermitQuoteRequest returns a well-formed permit quote request.
func SamplePermitQuoteRequest() orchestration.PermitQuoteRequest {
	return orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{Route: sampleRoute(), AmountIn: "1000000", Sender: sampleUser}}
}

// SamplePermitQuoteResponse returns one permit quote with one recipe.
func SamplePermitQuoteResponse() *orchestration.PermitQuoteResponse {
	return &orchestration.PermitQuoteResponse{
		RequestID: "req-sample",
		Quotes: []orchestration.PermitQuote{{
			Route: sampleRoute(), Recipient: sampleUser, AmountIn: "1000000", AmountOut: "999900", MinAmountOut: "999900",
			EstFillTime: 12, ExpiresAt: 1900000000, Recipes: []orchestration.PermitRecipe{sampleRecipe()},
		}},
	}
}

// SamplePermitBuildRequest returns a build request over the sample recipe.
func SamplePermitBuildRequest() orchestration.PermitBuildRequest {
	sig := "0x" + strings.Repeat("11", 65)
	return orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{{Recipe: sampleRecipe(), Signature: sig}}}
}

// SamplePermitBuildResponse returns one payload and a balance issue.
func SamplePermitBuildResponse() *orchestration.PermitBuildResponse {
	return &orchestration.PermitBuildResponse{
		RequestID: "req-sample",
		Payloads: []orchestration.Payload{{Provider: orchestration.ProviderMSwapFacility,
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: orchestration.Ethereum, ChainID: 1, To: sampleWM, Data: "0xcafe", Value: "0"}}}},
		Issues: &orchestration.PermitIssues{Balance: &orchestration.BalanceIssue{Token: sampleUSDC, Actual: "1", Expected: "1000000"}},
	}
}

// SampleOrdersResponse returns a page of one order.
func SampleOrdersResponse() *orchestration.OrdersResponse {
	resolved := int64(1700000100)
	return &orchestration.OrdersResponse{
		Orders: []orchestration.OrderSummary{{
			OrderID: sampleOrder, CreatedAt: 1700000000, OriginChainID: 1, Sender: sampleUser, TokenIn: sampleUSDC,
			AmountIn: "1000000", DestChainID: 42161, TokenOut: sampleWM, AmountOut: "999000", DesignatedSolver: sampleUser,
			OpenTx: "0x" + strings.Repeat("ab", 32), AmountOutFilled: "999000", FillCount: 1, AmountInReleased: "1000000",
			FillReportCount: 1, AmountRefunded: "0", Status: orchestration.OrderCompleted, ResolvedAt: &resolved,
		}},
		Total: 1, Limit: 20, Offset: 0,
	}
}

// SampleOrder returns a full order with one fill.
func SampleOrder() *orchestration.Order {
	openTx := "0x" + strings.Repeat("ab", 32)
	one := 1
	resolved := int64(1700000100)
	return &orchestration.Order{
		OrderID: sampleOrder, Version: 1, Nonce: "7", Sender: sampleUser, Recipient: sampleUser,
		OriginChainID: 1, DestChainID: 42161, TokenIn: sampleUSDC, TokenOut: sampleWM,
		AmountIn: "1000000", AmountOut: "999000", DesignatedSolver: sampleUser,
		CreatedAt: 1700000000, FillDeadline: 1700003600, Status: orchestration.OrderCompleted,
		AmountOutFilled: "999000", AmountInReleased: "1000000", AmountRefunded: "0",
		OpenTx: &openTx, FillCount: &one, FillReportCount: &one, ResolvedAt: &resolved,
		Fills: []orchestration.Fill{{FilledAt: 1700000050, ChainID: 42161, TransactionHash: "0x" + strings.Repeat("cd", 32),
			Solver: sampleUser, AmountInToRelease: "1000000", AmountOutFilled: "999000"}},
	}
}

// SampleOrderRef names SampleOrder.
func SampleOrderRef() orchestration.OrderRef {
	return orchestration.OrderRef{OriginChain: orchestration.Ethereum, OrderID: sampleOrder}
}

// SampleCancelPayload returns an EVM cancellation transaction.
func SampleCancelPayload() *orchestration.TransactionPayload {
	return &orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Arbitrum, ChainID: 42161, To: sampleWM, Data: "0x514fcac7", Value: "1000"}}
}

// SampleRoutes returns one topology route.
func SampleRoutes() []orchestration.TopologyRoute {
	t := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	return []orchestration.TopologyRoute{{
		Source:          orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: sampleUSDC},
		Destination:     orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: sampleWM},
		Providers:       []orchestration.TopologyRouteProvider{{Provider: orchestration.ProviderMSwapFacility, LastUsed: &t, QuoteCount: 3}},
		LastUsed:        &t,
		TotalQuoteCount: 3,
	}}
}

// SampleStats returns topology statistics.
func SampleStats() *orchestration.TopologyRouteStats {
	t := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	rate, p50, p95 := 1.0, 12.5, 40.0
	return &orchestration.TopologyRouteStats{
		TotalRoutes: 1, ActiveRoutes: 1, CollectingSince: &t, LastUpdated: &t,
		HottestPaths:  SampleRoutes(),
		TopSenders:    []orchestration.AddressFrequency{{Address: sampleUser, Count: 3}},
		TopRecipients: []orchestration.AddressFrequency{{Address: sampleUser, Count: 3}},
		Providers: []orchestration.TopologyProviderStats{{Provider: orchestration.ProviderMSwapFacility, WindowSeconds: 300,
			Requests: 4, OK: 3, NoRoute: 1, SuccessRate: &rate, LatencyP50Ms: &p50, LatencyP95Ms: &p95}},
	}
}

// SampleSolverStats returns the records of two solvers, one suspended.
func SampleSolverStats() *orchestration.SolverStats {
	until := time.Date(2025, 1, 2, 4, 4, 5, 0, time.UTC)
	median := 12.5
	return &orchestration.SolverStats{Since: time.Date(2025, 1, 1, 4, 4, 5, 0, time.UTC).Unix(), Solvers: []orchestration.SolverStat{
		{Name: "devnet", Address: sampleUser, Won: 4, Filled: 3, ExpiredUnfilled: 1, MedianFillSeconds: &median},
		{Name: "never-fills", Address: sampleWM, Won: 10, ExpiredUnfilled: 10, Suspended: true, SuspendedUntil: &until},
	}}
}
