package orchestration

import (
	"encoding/json"
	"errors"
	"fmt"
)

// PermitQuoteRequest is the body of POST /permit/quote: the fields of POST
// /quote's body, which mean the same (slippageBps, for instance, sets an
// ammSwap operation's amountOutMinimum), and are checked the same way
// (quote.ValidateRequest).
type PermitQuoteRequest struct {
	QuoteRequest
}

// PermitQuoteResponse is the body of a successful POST /permit/quote.
type PermitQuoteResponse struct {
	RequestID string        `json:"requestId"`
	Quotes    []PermitQuote `json:"quotes"`
	// Issues are findings shared by every quote; they never fail the request.
	Issues *PermitIssues `json:"issues,omitempty"`
}

// PermitQuote is a quote whose approvals are satisfied by signing EIP-2612
// permits instead of sending approve transactions.
type PermitQuote struct {
	Route     Route  `json:"route"`
	Recipient string `json:"recipient"`
	AmountIn  string `json:"amountIn"`
	AmountOut string `json:"amountOut"`
	// MinAmountOut is the floor below which the transaction reverts.
	MinAmountOut string `json:"minAmountOut"`
	EstFillTime  int64  `json:"estFillTime"`
	// ExpiresAt is the earliest permit deadline across the recipes, or the
	// legs' validity when earlier (as Quote.ExpiresAt; decision 86), in
	// Unix seconds. No recipe can be built past its permit's deadline; past
	// the legs' validity it still builds, and may revert on its floor.
	ExpiresAt int64 `json:"expiresAt"`
	// Recipes hold one entry per leg, in execution order.
	Recipes []PermitRecipe `json:"recipes"`
	// Fees are as in Quote, without gas: a recipe becomes a transaction
	// only when /permit/build encodes it. An additive field.
	Fees []Fee `json:"fees,omitempty"`
	// Ranking is as in Quote (decision 105). An additive field.
	Ranking *Ranking `json:"ranking,omitempty"`
}

// PermitRecipe is everything needed to sign one leg's permit and produce its
// transaction, either through POST /permit/build or by encoding the call
// locally from FunctionSignature and Operation.
type PermitRecipe struct {
	Provider   ProviderID `json:"provider"`
	Annotation string     `json:"annotation"`
	Chain      Chain      `json:"chain"`
	ChainID    uint64     `json:"chainId"`
	// Spender is the contract granted the permit and called by the
	// transaction (its "to").
	Spender string `json:"spender"`
	// Value is the native-currency amount of the transaction.
	Value     string          `json:"value"`
	TypedData PermitTypedData `json:"typedData"`
	Solver    *PayloadSolver  `json:"solver,omitempty"`
	Operation PermitOperation `json:"operation"`
	// FunctionSignature is the Solidity signature of the call to encode, for
	// example "swapWithPermit(address,address,uint256,address,uint256,bytes)".
	FunctionSignature string `json:"functionSignature"`
}

// PermitTypedData is the EIP-712 typed data of an EIP-2612 permit. The
// standard Permit type set (owner, spender, value, nonce, deadline) and the
// primary type "Permit" are implied.
type PermitTypedData struct {
	Domain  EIP712Domain  `json:"domain"`
	Message PermitMessage `json:"message"`
}

// EIP712Domain is the signing domain of the token being permitted.
type EIP712Domain struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	ChainID uint64 `json:"chainId"`
	// VerifyingContract is the input token's address.
	VerifyingContract string `json:"verifyingContract"`
}

// PermitMessage is the EIP-2612 Permit message; every number is a decimal
// string.
type PermitMessage struct {
	Owner    string `json:"owner"`
	Spender  string `json:"spender"`
	Value    string `json:"value"`
	Nonce    string `json:"nonce"`
	Deadline string `json:"deadline"`
}

// The operation types of a permit recipe.
const (
	OperationSwap       = "swap"
	OperationLimitOrder = "limitOrder"
	OperationAMMSwap    = "ammSwap"
)

// PermitOperation holds the static arguments of a recipe's *WithPermit call.
// Exactly one field is set; on the wire it is one object discriminated by
// "type": "swap", "limitOrder" or "ammSwap".
type PermitOperation struct {
	Swap       *SwapPermitOp
	LimitOrder *LimitOrderPermitOp
	AMMSwap    *AMMSwapPermitOp
}

// Type is the operation's discriminator, or "" when none is set.
func (o PermitOperation) Type() string {
	switch {
	case o.Swap != nil:
		return OperationSwap
	case o.LimitOrder != nil:
		return OperationLimitOrder
	case o.AMMSwap != nil:
		return OperationAMMSwap
	}
	return ""
}

// SwapPermitOp is a SwapFacility swap*WithPermit call.
type SwapPermitOp struct {
	// Method is "swap", "swapInM" or "swapOutM".
	Method       string `json:"method"`
	ExtensionIn  string `json:"extensionIn,omitempty"`
	ExtensionOut string `json:"extensionOut,omitempty"`
	Amount       string `json:"amount"`
	Recipient    string `json:"recipient"`
	Deadline     string `json:"deadline"`
}

// LimitOrderPermitOp is an OrderBook openOrderWithPermit call.
type LimitOrderPermitOp struct {
	DestChainID  uint64 `json:"destChainId"`
	FillDeadline int64  `json:"fillDeadline"`
	TokenIn      string `json:"tokenIn"`
	// TokenOut, Recipient and Solver are bytes32-encoded (0x + 64 hex).
	TokenOut  string `json:"tokenOut"`
	AmountIn  string `json:"amountIn"`
	AmountOut string `json:"amountOut"`
	Recipient string `json:"recipient"`
	Solver    string `json:"solver"`
	Sender    string `json:"sender"`
	Deadline  string `json:"deadline"`
}

// AMMSwapPermitOp is a Uniswap V3 multicall([selfPermit, exactInputSingle]);
// its signature is passed split into v, r and s.
type AMMSwapPermitOp struct {
	TokenIn          string `json:"tokenIn"`
	TokenOut         string `json:"tokenOut"`
	Fee              uint32 `json:"fee"`
	Recipient        string `json:"recipient"`
	AmountIn         string `json:"amountIn"`
	AmountOutMinimum string `json:"amountOutMinimum"`
	Deadline         string `json:"deadline"`
}

// MarshalJSON writes the operation with its "type" discriminator.
func (o PermitOperation) MarshalJSON() ([]byte, error) {
	set := 0
	for _, ok := range []bool{o.Swap != nil, o.LimitOrder != nil, o.AMMSwap != nil} {
		if ok {
			set++
		}
	}
	if set != 1 {
		return nil, errors.New("orchestration: PermitOperation must have exactly one operation set")
	}
	switch {
	case o.Swap != nil:
		return json.Marshal(struct {
			Type string `json:"type"`
			*SwapPermitOp
		}{OperationSwap, o.Swap})
	case o.LimitOrder != nil:
		return json.Marshal(struct {
			Type string `json:"type"`
			*LimitOrderPermitOp
		}{OperationLimitOrder, o.LimitOrder})
	default:
		return json.Marshal(struct {
			Type string `json:"type"`
			*AMMSwapPermitOp
		}{OperationAMMSwap, o.AMMSwap})
	}
}

// UnmarshalJSON reads the variant named by "type".
func (o *PermitOperation) UnmarshalJSON(b []byte) error {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	*o = PermitOperation{}
	switch head.Type {
	case OperationSwap:
		o.Swap = new(SwapPermitOp)
		return json.Unmarshal(b, o.Swap)
	case OperationLimitOrder:
		o.LimitOrder = new(LimitOrderPermitOp)
		return json.Unmarshal(b, o.LimitOrder)
	case OperationAMMSwap:
		o.AMMSwap = new(AMMSwapPermitOp)
		return json.Unmarshal(b, o.AMMSwap)
	}
	return fmt.Errorf("orchestration: unknown permit operation type %q", head.Type)
}

// PermitBuildRequest is the body of POST /permit/build.
type PermitBuildRequest struct {
	SignedRecipes []SignedRecipe `json:"signedRecipes"`
}

// SignedRecipe pairs a recipe, echoed verbatim from /permit/quote, with the
// 65-byte hex permit signature over its typed data.
type SignedRecipe struct {
	Recipe    PermitRecipe `json:"recipe"`
	Signature string       `json:"signature"`
}

// PermitBuildResponse is the body of a successful POST /permit/build.
type PermitBuildResponse struct {
	RequestID string `json:"requestId"`
	// Payloads hold one transaction per recipe, in order.
	Payloads []Payload     `json:"payloads"`
	Issues   *PermitIssues `json:"issues,omitempty"`
}

// PermitIssues are soft warnings; their presence never fails a request.
type PermitIssues struct {
	// Balance is present when the funder holds less than amountIn.
	Balance *BalanceIssue `json:"balance,omitempty"`
}

// BalanceIssue says the funder's balance of Token is below what the quote
// needs.
type BalanceIssue struct {
	Token    string `json:"token"`
	Actual   string `json:"actual"`
	Expected string `json:"expected"`
}
