package quote

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// ErrNoRoute is the sentinel a Provider returns, wrapped with a reason, when
// it cannot serve a leg at the amount asked:
//
//	return quote.Leg{}, fmt.Errorf("%w: pool holds too little %s", quote.ErrNoRoute, symbol)
//
// It is not a failure: a request whose every candidate route ends in
// ErrNoRoute is reported as NoQuotesAvailable.
var ErrNoRoute = errors.New("no route")

// Provider serves legs: single hops from one asset to another, on one chain
// or across two. The Engine finds routes of up to MaxLegs legs over the
// edges its providers declare, asks each provider to price its legs, and
// composes the quotes; providers never see a whole route.
//
// Providers return raw errors; the Engine classifies them, logs them and
// never shows them to the caller. Every method may be called concurrently.
type Provider interface {
	// ID is the provider's identifier. The hosted service's identifiers are
	// constants of package orchestration; an operator's own provider may use
	// any other non-empty identifier, which requests can then name in
	// include and exclude. It must not change over the provider's life.
	ID() orchestration.ProviderID
	// Edges lists the hops the provider can serve, from the catalog and the
	// chain's configuration. The Engine calls it before its first quote and
	// keeps a complete answer. After an error it asks again on a request
	// DefaultEdgesRetry later, so a chain that is down at start-up only
	// delays the provider: a provider that could read some chains and not
	// others returns the edges it has together with an error, and the
	// Engine serves those edges meanwhile.
	Edges(ctx context.Context) ([]Edge, error)
	// QuoteLeg prices one leg and returns its transactions. A provider that
	// cannot serve the leg at this amount returns an error wrapping
	// ErrNoRoute; any other error is a failure. It must return promptly once
	// ctx is done, and must not modify leg.
	QuoteLeg(ctx context.Context, leg LegRequest) (Leg, error)
}

// ExactOutputQuoter is implemented by providers that can price a leg
// backwards, for requests that ask for an exact output (amountOut,
// decision 92): the Engine plans such a request from the destination, the
// last leg asked for the requested output, each earlier leg for the most
// the next one may spend. Providers that do not implement it serve no leg
// of an exact-output request.
//
// The leg request is the forward one's but for the amount: AmountOut is
// the output wanted and AmountIn is nil, in ReadDeclarer.Reads (which the
// Engine asks with that request) as in QuoteLegExactOut. Otherwise the
// rules of QuoteLeg hold: ErrNoRoute for a leg the provider cannot serve,
// no I/O for a provider that declares its reads, leg not modified.
type ExactOutputQuoter interface {
	QuoteLegExactOut(ctx context.Context, leg LegRequest) (LegIn, error)
}

// LegIn is a leg priced backwards: the input an exact output needs.
type LegIn struct {
	// AmountIn is the expected input, in From's smallest unit; greater
	// than zero.
	AmountIn *big.Int
	// MaxAmountIn is the most the leg's payloads spend, a bound they
	// enforce (an AMM's exact-output swap with its slippage applied to the
	// input); nil means AmountIn, an exact leg. It is what the previous
	// leg is asked to deliver, and on a first leg the quote's amountIn.
	MaxAmountIn *big.Int
	// AmountOut is what the payloads deliver to the recipient, at least
	// the leg request's AmountOut (a rate inverted with rounding up may
	// give a unit more); nil means exactly the request's AmountOut. For a
	// leg that settles later it is what the filler must deliver.
	AmountOut *big.Int
	// EstTime, ValidUntil, Fees, BuildFees, Payloads and Build are Leg's.
	EstTime    time.Duration
	ValidUntil time.Time
	Fees       []orchestration.Fee
	BuildFees  func() []orchestration.Fee
	Payloads   []orchestration.Payload
	Build      func() ([]orchestration.Payload, error)
}

// MaxIn is the most the leg spends: MaxAmountIn, or AmountIn when unset.
func (l LegIn) MaxIn() *big.Int {
	if l.MaxAmountIn != nil {
		return l.MaxAmountIn
	}
	return l.AmountIn
}

// ReadDeclarer is implemented by providers whose QuoteLeg reads chain
// state. They declare the reads up front, so the Engine batches every read
// of every candidate route into one round trip per chain (on EVM chains one
// Multicall3 call; the reads are evm.Calls) and shares them between routes,
// then hands the answers to QuoteLeg in LegRequest.State. Such a provider's
// QuoteLeg should do no I/O of its own.
type ReadDeclarer interface {
	// Reads lists the reads QuoteLeg needs to price leg, all on
	// leg.From.Chain. When leg.AmountIn is nil the amount is not known yet
	// (a later leg of a route, before the earlier legs are priced) and only
	// reads that do not depend on it are wanted; once the amount is known
	// the Engine asks again with it and reads whatever is still missing.
	// Reads must be cheap, do no I/O, and depend on nothing but leg: the
	// Engine asks once per leg request (edge, amount, parties and
	// slippage) and keeps the answer for later requests with an equal one,
	// so work a provider wants started per request belongs in Prefetch.
	// The answer is shared and must not be modified afterwards.
	Reads(leg LegRequest) []Read
}

// Prefetcher is implemented by providers whose QuoteLeg waits on something
// off the chains (solvers asked for offers) that can start before the
// leg's chain state is read. When a read phase of a request has to go to
// a chain's node, the Engine calls Prefetch, once, for each leg of the
// phase whose amount is known (its AmountIn, or on a leg of an
// exact-output request its AmountOut), so that the provider's work
// overlaps the round trip. It is not called for a phase whose state is at hand: QuoteLeg
// then follows at once. Prefetch must return at once; a panic is ignored.
type Prefetcher interface {
	Prefetch(leg LegRequest)
}

// LocalPricer is implemented by providers that can tell when QuoteLeg (and
// PermitLeg, and QuoteLegExactOut for a leg with AmountOut) prices a leg
// from what it already holds: the declared reads
// in LegRequest.State and, say, offers already collected, with no I/O and
// nothing to wait for, so that the call returns in microseconds. The
// Engine asks before each leg is priced, and calls QuoteLeg for the legs
// reported local on the request's own goroutine, without the goroutine and
// deadline timer it gives every other call (a panic still fails only the
// leg). A leg that may block, such as one whose solvers have not answered
// yet, must not be reported local.
type LocalPricer interface {
	PricesLocally(leg LegRequest) bool
}

// DestinationReadDeclarer is implemented by cross-chain providers whose
// QuoteLeg also needs state of the destination chain (a bridge whose
// receiving side can be paused). The Engine reads those in the same
// per-chain batches as everything else and hands the answers to QuoteLeg in
// LegRequest.DestinationState. A leg whose destination chain cannot be read
// fails, as one whose source cannot.
type DestinationReadDeclarer interface {
	// DestinationReads lists reads on leg.To.Chain, under the same rules
	// as ReadDeclarer.Reads.
	DestinationReads(leg LegRequest) []Read
}

// Settlement is how a leg's output reaches its recipient.
type Settlement uint8

const (
	// SettlesInTransaction: the leg's own transactions deliver its output
	// or revert. The output is exact when Leg.MinAmountOut is nil, else at
	// least MinAmountOut, a floor the transactions enforce (an AMM swap
	// with its slippage bound). The zero value: swaps and bridge transfers.
	SettlesInTransaction Settlement = iota
	// SettlesLater: the leg's transactions open an order that someone else
	// fills later (a solver, on the destination chain); the funds are
	// refunded if nobody fills it before its deadline. Leg.MinAmountOut is
	// what the filler must deliver for the order to complete, not a
	// guarantee that it will be filled, and Leg.EstTime is the expected
	// time to the fill. Since nothing can be signed against output that
	// has not arrived, the router places such a leg only last in a route,
	// after at most one other leg (decision 45).
	SettlesLater
)

func (s Settlement) String() string {
	switch s {
	case SettlesInTransaction:
		return "in-transaction"
	case SettlesLater:
		return "later"
	}
	return fmt.Sprintf("Settlement(%d)", uint8(s))
}

// Edge is one hop a provider serves.
type Edge struct {
	From, To asset.AssetInfo
	// Spender is the contract that pulls From from the funder on this leg.
	// The runtime's Funding grants it the leg's amount when needed (on EVM
	// chains: the funder's allowance is read, and an approve goes before
	// the leg's payloads when it is short). Empty when the leg pulls
	// nothing by allowance.
	Spender string
	// Settlement is how the hop's legs settle; see Settlement.
	Settlement Settlement
	// Detail is the provider's own data about the hop (a pool's fee tier, a
	// bridge adapter), handed back in LegRequest.Edge. The Engine does not
	// look at it.
	Detail any
}

// CrossChain reports whether the edge moves between chains.
func (e Edge) CrossChain() bool { return e.From.Chain != e.To.Chain }

// LegRequest is one leg to price.
type LegRequest struct {
	// Edge is the hop priced: one of the provider's own edges, shared with
	// the engine's cache of them and with every leg over the same hop, so
	// read only. A pointer, not a copy: an edge holds two assets (some 420
	// bytes), and a warm quote passes a leg request a hundred times.
	*Edge
	// AmountIn is what the leg moves, in From's smallest unit: the request's
	// amount on the first leg, the previous leg's MinAmountOut on later
	// ones. It is nil only when passed to ReadDeclarer.Reads before the
	// amount is known, and on an exact-output leg (AmountOut), until the
	// leg is priced: the Engine then sets it to the leg's LegIn.MaxAmountIn
	// for the funding steps and payload checks.
	AmountIn *big.Int
	// AmountOut is set, instead of AmountIn, on a leg of an exact-output
	// request (ExactOutputQuoter): what the leg must deliver to Recipient,
	// in To's smallest unit. Nil on every leg of a forward request.
	AmountOut *big.Int
	// Funder holds AmountIn of From and signs the leg's transactions. The
	// parties are parsed once per request, by the Engine: a provider reads
	// the form it needs (String, EVM, SVM, Bytes32) without parsing.
	Funder orchestration.Address
	// Sender is the request's sender, on the source chain's runtime: the
	// owner of what a leg leaves pending (an order's cancel and refund
	// rights), which may differ from the Funder who pays.
	Sender orchestration.Address
	// Recipient receives the leg's output on To.Chain: the request's
	// recipient on the last leg, the funder on the others.
	Recipient orchestration.Address
	// Refund receives excess native fees, on From.Chain: the funder.
	Refund orchestration.Address
	// SlippageBps is the request's tolerance for legs whose output is not
	// exact.
	SlippageBps int
	// State holds the answers to the reads the provider declared for this
	// leg, read at one point of From.Chain (on EVM chains an *evm.Answers:
	// see evmruntime.Answers); nil for providers that declare none.
	State State
	// DestinationState holds the answers to DestinationReads, read at one
	// point of To.Chain; nil for providers that declare none.
	DestinationState State
}

// Leg is a priced leg.
type Leg struct {
	// AmountOut is the expected output, in To's smallest unit; greater than
	// zero.
	AmountOut *big.Int
	// MinAmountOut is the output the leg guarantees: for a leg that
	// settles in its transactions the floor below which they revert, for
	// one that settles later what the filler must deliver. Nil means
	// AmountOut: an exact leg.
	MinAmountOut *big.Int
	// EstTime estimates how long the leg takes to complete, including any
	// bridge delivery.
	EstTime time.Duration
	// ValidUntil is how long the leg's price and payloads hold: past it,
	// its transactions may revert or deliver another amount. Each
	// provider bounds it by what its leg rests on (the chain state it
	// read, for as long as the provider trusts it; a solver's offer; an
	// Executor quote; a Solana blockhash; a deadline the payload carries),
	// from what it already holds, never with a round trip of its own. The
	// zero value is no bound of the leg's own. A quote expires at the
	// earliest ValidUntil of its legs (Quote.ExpiresAt, decision 86).
	ValidUntil time.Time
	// Fees are what the leg's parties take (issue 30, item 2): in a token
	// (a pool's fee tier, a solver's spread), already out of AmountOut, or
	// native (empty Token: a Portal's fee or an Executor's relay, the
	// payloads' value). Gas is not among them: the Engine adds it from the
	// payloads. The Engine fills in Chain when empty (the leg's source
	// chain) and Provider. Nil is no fee.
	Fees []orchestration.Fee
	// BuildFees, when set instead of Fees, builds them. As with Build,
	// the Engine calls it only for the legs of the routes it composes, at
	// most once per leg, after QuoteLeg returned (decision 106): a fee's
	// amount and description cost a provider allocations that the legs
	// that lose would waste. It must be cheap and do no I/O.
	BuildFees func() []orchestration.Fee
	// Payloads are the leg's transactions, in order, without the approve
	// the Engine adds for Edge.Spender. At least one. A payload whose
	// Provider is empty is attributed to the leg's provider.
	Payloads []orchestration.Payload
	// Build, when set instead of Payloads, builds them. The Engine prices
	// many more legs than the quotes it returns hold, so it calls Build
	// only for the legs of the routes it composes, at most once per leg,
	// after QuoteLeg returned: a provider saves the calldata and
	// annotations of the legs that lose. It must be cheap and do no I/O;
	// what it returns is checked as Payloads are, and an error fails the
	// routes through the leg as a failed composition does.
	Build func() ([]orchestration.Payload, error)
}

// LegFees returns the leg's fees: Fees, or what BuildFees returns when
// Fees is nil.
func (l Leg) LegFees() []orchestration.Fee {
	if l.Fees == nil && l.BuildFees != nil {
		return l.BuildFees()
	}
	return l.Fees
}

// BuildPayloads returns the leg's payloads: Payloads, or what Build
// returns when Payloads is nil.
func (l Leg) BuildPayloads() ([]orchestration.Payload, error) {
	if l.Payloads == nil && l.Build != nil {
		return l.Build()
	}
	return l.Payloads, nil
}

// floor returns the leg's guaranteed output.
func (l Leg) floor() *big.Int {
	if l.MinAmountOut != nil {
		return l.MinAmountOut
	}
	return l.AmountOut
}

// Request is a validated quote request: the assets are resolved from the
// catalog, the amount is parsed, every address is in its runtime's
// canonical form (EIP-55 for EVM, base58 for SVM), and the optional fields
// carry their defaults.
type Request struct {
	Source      asset.AssetInfo
	Destination asset.AssetInfo
	// AmountIn is greater than zero and below 2^256; nil when the request
	// asks for an exact output instead.
	AmountIn *big.Int
	// AmountOut, set instead of AmountIn, is the exact output asked for
	// (greater than zero, below 2^256): the Engine routes backwards from
	// it (ExactOutputQuoter, decision 92).
	AmountOut *big.Int
	// Sender is an address of the source chain's runtime.
	Sender string
	// Recipient is an address of the destination chain's runtime; the
	// sender when the request named none.
	Recipient string
	// Funder holds and pays the input tokens; an address of the source
	// chain's runtime; the sender when the request named none.
	Funder string
	// MaxQuotes is how many quotes to return at most, capped.
	MaxQuotes int
	// SlippageBps is the tolerance of AMM legs, 0..MaxSlippageBps.
	SlippageBps int
	// RankBy is the request's rankBy: empty when it named none (ranked by
	// amount, and the quotes carry no Ranking), else RankByAmount or
	// RankByNetOfCosts (decision 105).
	RankBy orchestration.RankBy
	// Include and Exclude restrict the providers of every leg; at most one
	// is non-empty.
	Include, Exclude []orchestration.ProviderID
}

// Route returns the request's route with canonical addresses.
func (r Request) Route() orchestration.Route {
	return orchestration.Route{
		Source:      orchestration.AssetAddress{Chain: r.Source.Chain, Address: r.Source.Address},
		Destination: orchestration.AssetAddress{Chain: r.Destination.Chain, Address: r.Destination.Address},
	}
}

// Catalog is what the Engine needs of the asset catalog; *asset.Catalog
// implements it. Resolve returns the asset with its canonical address, or an
// error whose Error() is a message safe to show the caller. Both must be
// safe for concurrent use and do no I/O.
type Catalog interface {
	Resolve(orchestration.AssetAddress) (asset.AssetInfo, error)
	Chain(orchestration.Chain) (asset.ChainInfo, bool)
}

var _ Catalog = (*asset.Catalog)(nil)
