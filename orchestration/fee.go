package orchestration

// FeeKind says what a Fee pays for.
type FeeKind string

// The kinds of Fee (issue 30, item 2). Each names who takes the amount: a
// bridge (the Portal's messaging fee), a relayer (the Executor that
// delivers a Wormhole message), a solver (the spread between what a
// limit order gives and what it asks), a pool (an AMM's fee tier), the
// protocol (the SwapFacility's fee), or the chain (gas).
const (
	FeeBridge   FeeKind = "bridge"
	FeeRelay    FeeKind = "relay"
	FeeSolver   FeeKind = "solver"
	FeePool     FeeKind = "pool"
	FeeProtocol FeeKind = "protocol"
	FeeGas      FeeKind = "gas"
)

// Fee is one cost of a quote: what a party takes, on which chain, in which
// token. Token is the address of the asset the amount is in, or empty for
// the chain's native coin (wei on EVM chains, lamports on Solana). Fees in
// a token are already reflected in the quote's amountOut (a pool keeps its
// fee tier, a solver its spread); native fees are paid on top of amountIn
// by the sender: a payload's value (bridge, relay) and gas. An additive
// response field.
type Fee struct {
	Kind  FeeKind `json:"kind"`
	Chain Chain   `json:"chain"`
	// Token is the asset the amount is in; empty for the native coin.
	Token string `json:"token,omitempty"`
	// Amount is in the token's (or the native coin's) smallest unit, as a
	// decimal string.
	Amount string `json:"amount"`
	// Provider is the provider whose leg incurs the fee; empty for gas,
	// which the quote's payloads on the chain incur together.
	Provider    ProviderID `json:"provider,omitempty"`
	Description string     `json:"description,omitempty"`
}

// Native reports whether the fee is in the chain's native coin.
func (f Fee) Native() bool { return f.Token == "" }
