package orchestration

// AssetAddress names one token: the chain it lives on and its address there.
type AssetAddress struct {
	Chain   Chain  `json:"chain"`
	Address string `json:"address"`
}

// Route is a source asset and a destination asset. They must differ.
type Route struct {
	Source      AssetAddress `json:"source"`
	Destination AssetAddress `json:"destination"`
}

// Asset is one token usable as a source or destination in quotes: an item of
// GET /supported-assets.
type Asset struct {
	Chain       Chain        `json:"chain"`
	Runtime     ChainRuntime `json:"runtime"`
	Address     string       `json:"address"`
	Icon        string       `json:"icon"`
	Decimals    int          `json:"decimals"`
	Symbol      string       `json:"symbol"`
	Name        string       `json:"name"`
	M0Extension bool         `json:"m0Extension"`
}

// ProvidersParams restricts which providers may quote. At most one list may be
// non-empty; an empty or null list counts as not set.
type ProvidersParams struct {
	Include []ProviderID `json:"include,omitempty"`
	Exclude []ProviderID `json:"exclude,omitempty"`
}

// QuoteRequest is the body of POST /quote.
type QuoteRequest struct {
	Route Route `json:"route"`
	// AmountIn is what the sender spends, in the source token's smallest
	// unit. Exactly one of AmountIn and AmountOut is given.
	AmountIn string `json:"amountIn"`
	// AmountOut, instead of AmountIn, asks for an exact-output quote: the
	// recipient receives at least this much of the destination token, in
	// its smallest unit, and each quote's amountIn is the most its
	// payloads spend (slippage bounds the input, not the output). An
	// additive field; the same wire rules as AmountIn.
	AmountOut string `json:"amountOut,omitempty"`
	Sender    string `json:"sender"`
	// Recipient defaults to Sender when empty.
	Recipient string `json:"recipient,omitempty"`
	// Funder is the account that holds and pays the input tokens; it defaults
	// to Sender when empty. Sender keeps the order owner's rights.
	Funder string `json:"funder,omitempty"`
	// MaxNumQuotes defaults to 1 when nil; values above 20 are capped at 20.
	MaxNumQuotes *int             `json:"maxNumQuotes,omitempty"`
	Providers    *ProvidersParams `json:"providers,omitempty"`
	// SlippageBps is the tolerance, in basis points, that AMM legs apply to
	// their expected output to set the floor the transaction enforces
	// (minAmountOut). Nil means DefaultSlippageBps; 0 to MaxSlippageBps.
	// Exact legs (swap facility, portal) ignore it. An additive field: the
	// hosted service applies a fixed server-side tolerance.
	SlippageBps *int `json:"slippageBps,omitempty"`
	// RankBy is what the quotes are ranked by: RankByAmount (amountOut,
	// or with AmountOut the least amountIn; the default when empty) or
	// RankByNetOfCosts (decision 105). Any other value is a bad request.
	// An additive field; each quote's Ranking says what was done.
	RankBy RankBy `json:"rankBy,omitempty"`
}

// RankBy is what a request's quotes are ranked by (decision 105).
type RankBy string

const (
	// RankByAmount ranks by amountOut, or for an exact output by least
	// amountIn: the specification's ranking and the default.
	RankByAmount RankBy = "amount"
	// RankByNetOfCosts ranks by amountOut less the quote's native costs
	// (its payloads' value and gas) converted at each chain's native
	// price into the output token, counted at one US dollar; for an exact
	// output, by amountIn plus those costs in the input token. A quote
	// whose costs cannot be counted (a chain it pays costs on has no
	// usable price) ranks after those whose costs can, by amount, and its
	// Ranking.Reason says why.
	RankByNetOfCosts RankBy = "netOfCosts"
)

// Ranking says how a quote was ranked, on each quote of a request that
// named rankBy (decision 105). An additive field.
type Ranking struct {
	// By is what the quote was ranked by: the request's rankBy, or
	// RankByAmount when its costs could not be counted.
	By RankBy `json:"by"`
	// Costs are the quote's native costs in the token ranked on (the
	// output token, or for an exact output the input token), rounded up;
	// present when By is RankByNetOfCosts.
	Costs string `json:"costs,omitempty"`
	// NetAmountOut is amountOut less Costs, the figure ranked on (it may
	// be negative); present when By is RankByNetOfCosts and the request
	// gave amountIn.
	NetAmountOut string `json:"netAmountOut,omitempty"`
	// NetAmountIn is amountIn plus Costs, the figure ranked on; present
	// when By is RankByNetOfCosts and the request gave amountOut.
	NetAmountIn string `json:"netAmountIn,omitempty"`
	// Reason says why a quote asked to rank by net of costs was ranked by
	// amount, after those whose costs were counted: the chain whose native
	// coin has no usable price and why, or the cost not known.
	Reason string `json:"reason,omitempty"`
}

// Slippage bounds of QuoteRequest.SlippageBps.
const (
	DefaultSlippageBps = 50
	MaxSlippageBps     = 1000
)

// Quote is one way to move AmountIn along Route: an item of the POST /quote
// response.
type Quote struct {
	Route     Route  `json:"route"`
	Recipient string `json:"recipient"`
	AmountIn  string `json:"amountIn"`
	// AmountOut is the expected output, in the destination token's smallest
	// unit.
	AmountOut string `json:"amountOut"`
	// MinAmountOut is the least the recipient receives if every payload
	// succeeds: the payloads enforce it (an AMM leg reverts below its floor;
	// exact legs move fixed amounts). It equals AmountOut on routes of exact
	// legs only. An additive field.
	MinAmountOut string `json:"minAmountOut"`
	// EstFillTime is the estimated number of seconds for the whole route.
	EstFillTime int64 `json:"estFillTime"`
	// ExpiresAt is when the quote stops holding, in Unix seconds: the
	// earliest of its legs' validity (the AMM state it priced, a solver's
	// offer, an Executor quote, a Solana blockhash, an order's window).
	// Executed later, its payloads may revert or deliver a different
	// amount. Absent (0) when no leg bounds it. An additive field.
	ExpiresAt int64 `json:"expiresAt,omitempty"`
	// Payloads are the transactions to execute, in order, each confirmed
	// before the next is sent.
	Payloads []Payload `json:"payloads"`
	// Fees itemise the quote's costs (decision 90): those in a token are
	// already taken from AmountOut, those in the native coin (empty
	// Token) are paid on top: the payloads' value and their gas (kind
	// gas, one per chain: Σ gas × gasPrice). Absent when none is known.
	// An additive field.
	Fees []Fee `json:"fees,omitempty"`
	// Issues are soft warnings, such as a funder balance below amountIn;
	// they never fail the request. Absent when there are none. An additive
	// field.
	Issues *QuoteIssues `json:"issues,omitempty"`
	// Ranking says how the quote was ranked, when the request named
	// rankBy (decision 105); absent otherwise. An additive field.
	Ranking *Ranking `json:"ranking,omitempty"`
}

// QuoteIssues are soft warnings about a quote; their presence never fails a
// request.
type QuoteIssues struct {
	// Balance is present when the funder holds less than amountIn of the
	// source token at the block the quote was read at.
	Balance *BalanceIssue `json:"balance,omitempty"`
}

// Payload is one transaction of a quote, with the provider that produced it.
type Payload struct {
	Provider   ProviderID         `json:"provider"`
	Annotation string             `json:"annotation,omitempty"`
	Data       TransactionPayload `json:"data"`
	// Solver is present on limit-order legs only.
	Solver *PayloadSolver `json:"solver,omitempty"`
}

// PayloadSolver is the solver behind a limit-order leg. Exclusive means the
// leg is bound to this solver on-chain (it becomes the order's
// designatedSolver); otherwise any solver may fill at this price.
type PayloadSolver struct {
	Address   string `json:"address"`
	Name      string `json:"name,omitempty"`
	Exclusive bool   `json:"exclusive"`
	FeeBps    *int   `json:"feeBps,omitempty"`
}
