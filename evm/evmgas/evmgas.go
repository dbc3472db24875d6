package evmgas

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// Operation is one EVM call a payload of this service makes, as far as
// its gas goes: the function and, where the contract's work differs by
// more than the tolerance with them, the route it takes (the Portal's own
// adapter or Wormhole's; an order cancelled on its own chain or reported
// to another).
type Operation string

const (
	// Approve is ERC-20 approve(spender, amount), the approval a payload
	// list starts with when the spender's allowance falls short (also the
	// reset to zero of a token whose approve must be reset first).
	Approve Operation = "erc20.approve"

	// FacilitySwap is SwapFacility swap(tokenIn, tokenOut, amount,
	// recipient): an extension for another, through M.
	FacilitySwap Operation = "swapFacility.swap"
	// FacilitySwapWithPermit is SwapFacility swapWithPermit(tokenIn,
	// tokenOut, amount, recipient, deadline, signature), the permit flow's
	// "swap" operation.
	FacilitySwapWithPermit Operation = "swapFacility.swapWithPermit"
	// FacilitySwapInM is SwapFacility swapInM(extensionOut, amount,
	// recipient): M wrapped into an extension (M swappers only).
	FacilitySwapInM Operation = "swapFacility.swapInM"
	// FacilitySwapOutM is SwapFacility swapOutM(extensionIn, amount,
	// recipient): an extension unwrapped to M (M swappers only).
	FacilitySwapOutM Operation = "swapFacility.swapOutM"

	// RouterSwap is the Uniswap V3 router's multicall(deadline,
	// [exactInputSingle(...)]).
	RouterSwap Operation = "swapRouter.exactInputSingle"
	// RouterSwapWithPermit is the router's multicall(deadline,
	// [selfPermit(...), exactInputSingle(...)]), the permit flow's
	// "ammSwap" operation.
	RouterSwapWithPermit Operation = "swapRouter.selfPermit+exactInputSingle"
	// RouterSwapExactOut is the router's multicall(deadline,
	// [exactOutputSingle(...)]): an exact-output quote's AMM leg.
	RouterSwapExactOut Operation = "swapRouter.exactOutputSingle"

	// PortalSend is the Portal's sendToken(amount, sourceToken,
	// destinationChainId, destinationToken, recipient, refundAddress,
	// bridgeAdapterArgs) with no adapter arguments: the route's default
	// adapter is the Portal's own.
	PortalSend Operation = "portal.sendToken"
	// PortalSendWormhole is the same sendToken carrying a signed Executor
	// quote as its adapter arguments: the route's default adapter is the
	// Wormhole bridge adapter (issue 28), which publishes the message on
	// the core bridge and pays the Executor.
	PortalSendWormhole Operation = "portal.sendToken.wormhole"

	// OrderOpen is the OrderBook's openOrder(params).
	OrderOpen Operation = "orderBook.openOrder"
	// OrderOpenWithPermit is openOrderWithPermit(params, deadline,
	// signature), the permit flow's "limitOrder" operation.
	OrderOpenWithPermit Operation = "orderBook.openOrderWithPermit"
	// OrderCancel is cancelOrder(orderId, orderData) of an order whose
	// origin is the chain cancelled on: the OrderBook refunds the sender
	// there.
	OrderCancel Operation = "orderBook.cancelOrder"
	// OrderCancelCrossChain is cancelOrder(orderId, orderData) on the
	// destination of an order from another chain: the OrderBook sends a
	// cancel report back through the Portal.
	OrderCancelCrossChain Operation = "orderBook.cancelOrder.crossChain"
	// OrderCancelCrossChainWormhole is cancelOrder(orderId, orderData,
	// bridgeAdapterArgs) on the destination of an order from another
	// chain whose cancel report leaves through the Wormhole bridge adapter
	// (decision 94; every order from Solana): the adapter publishes the
	// report on the core bridge and pays the Executor, the signed quote
	// being the adapter arguments.
	OrderCancelCrossChainWormhole Operation = "orderBook.cancelOrder.crossChain.wormhole"
)

// Operations lists every Operation, in the order above.
func Operations() []Operation {
	return []Operation{Approve, FacilitySwap, FacilitySwapWithPermit, FacilitySwapInM, FacilitySwapOutM,
		RouterSwap, RouterSwapWithPermit, RouterSwapExactOut, PortalSend, PortalSendWormhole,
		OrderOpen, OrderOpenWithPermit, OrderCancel, OrderCancelCrossChain, OrderCancelCrossChainWormhole}
}

// The table's policy (decision 89). An estimate is the most gas any
// measured case of its operation used, plus MarginPercent, rounded up to
// a multiple of RoundTo; tests hold it to at most TolerancePercent above
// that most, and at least it, on a fresh devnet every run.
const (
	// MarginPercent is the safety margin over the measured gas: it covers
	// what the measured cases do not (a longer signature, a recipient's
	// first balance on a token not measured, calldata with more non-zero
	// bytes) without reaching the tolerance.
	MarginPercent = 10
	// RoundTo is the granularity of an estimate, in gas.
	RoundTo = 1_000
	// TolerancePercent bounds how far above the measured gas an estimate
	// may be.
	TolerancePercent = 25
)

// Measured is one operation's measurement: the gas each case used
// (receipt.GasUsed on the devnet) and their most.
type Measured struct {
	// Gas is the most gas any case used.
	Gas uint64 `json:"gas"`
	// Cases are the cases measured, by what they are ("first approve of
	// the owner", "second order of a sender").
	Cases map[string]uint64 `json:"cases"`
}

// Table is the measured gas of every operation, as measured.json holds it.
type Table struct {
	// Note says where and how the figures were measured.
	Note       string                 `json:"note"`
	Operations map[Operation]Measured `json:"operations"`
}

//go:embed measured.json
var measuredJSON []byte

// table is measured.json, parsed once at start-up; a file that does not
// parse or misses an operation is a broken build, which the package's
// tests catch.
var table = mustTable(measuredJSON)

func mustTable(raw []byte) Table {
	var t Table
	if err := json.Unmarshal(raw, &t); err != nil {
		panic(fmt.Sprintf("evmgas: measured.json does not parse: %v", err))
	}
	return t
}

// Measurements returns the table the estimates are made from (a copy).
func Measurements() Table {
	out := Table{Note: table.Note, Operations: make(map[Operation]Measured, len(table.Operations))}
	for op, m := range table.Operations {
		cases := make(map[string]uint64, len(m.Cases))
		for k, v := range m.Cases {
			cases[k] = v
		}
		out.Operations[op] = Measured{Gas: m.Gas, Cases: cases}
	}
	return out
}

// Estimate is the gas op is estimated to use: its measured gas plus
// MarginPercent, rounded up to RoundTo; ok is false for an operation the
// table does not hold. The figure is the devnet's (decision 89): a gas
// limit for the devnet and a cost to show elsewhere, not a limit to sign
// on another chain without its own eth_estimateGas.
func Estimate(op Operation) (gas uint64, ok bool) {
	m, ok := table.Operations[op]
	if !ok || m.Gas == 0 {
		return 0, false
	}
	return EstimateOf(m.Gas), true
}

// EstimateOf is the estimate of an operation measured at gas: gas plus
// MarginPercent, rounded up to a multiple of RoundTo.
func EstimateOf(gas uint64) uint64 {
	g := gas + (gas*MarginPercent+99)/100
	return (g + RoundTo - 1) / RoundTo * RoundTo
}

// MaxOf is the most of cases, the gas a Measured records.
func MaxOf(cases map[string]uint64) uint64 {
	var most uint64
	for _, v := range cases {
		most = max(most, v)
	}
	return most
}
