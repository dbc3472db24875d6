package quote

import (
	"context"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// The router core (planning, reading, pricing, composing) knows no chain
// runtime. What differs between EVM and SVM chains (how state is read in
// one round trip, what a funder must grant before a leg pulls its input)
// sits behind the interfaces below, one implementation per runtime, each in
// a package of its own that imports this one and is never imported by it:
// evm/evmruntime (blocks, ERC-20 allowances) and svm/svmruntime (slots,
// token accounts). quote/runtimetest is the suite every runtime passes.

// Read is one piece of chain state a leg needs: an eth_call on EVM chains
// (evm.Call), an account on Solana. The router never looks inside a read:
// it groups reads by chain, shares identical ones between routes by
// ReadKey, and hands each chain's batch to that chain's runtime.
type Read interface {
	// ReadKey identifies the read: two reads with one key have one answer.
	ReadKey() string
}

// State is what one chain answered to the reads of a quote, at one point
// of its history. Implementations are immutable once returned.
type State interface {
	// At is the block (EVM) or slot (SVM) the state was read at.
	At() uint64
	// HasKey reports whether the read with this ReadKey was answered (a
	// read that failed on chain, such as a reverted call, is answered).
	HasKey(key string) bool
}

// StateReader reads the chains of one runtime in batches: every call is one
// round trip to the chain's node, whatever the number of reads.
type StateReader interface {
	// Has reports whether chain can be read.
	Has(chain orchestration.Chain) bool
	// ReadState reads reads on chain and returns a new State holding their
	// answers and every answer of prev. With prev nil it reads the newest
	// state; otherwise it reads at prev.At(), so every read phase of a
	// quote sees the chain at one point. It does not modify prev. It runs
	// on the request's goroutine and must return promptly once ctx is done
	// (the Engine gives it Config.ProviderTimeout).
	ReadState(ctx context.Context, chain orchestration.Chain, reads []Read, prev State) (State, error)
}

// CachedStateReader is implemented by StateReaders that can answer a read
// without I/O when they hold its answers (on EVM chains, every answer cached
// for the newest head): the Engine asks first, and gives ReadState its
// deadline and context only when the answer is not at hand.
type CachedStateReader interface {
	// CachedState is ReadState's answer when it needs no I/O; ok is false
	// otherwise. reads is the Engine's, reused once CachedState returns:
	// keep a copy of what must outlive the call.
	CachedState(chain orchestration.Chain, reads []Read, prev State) (s State, ok bool)
}

// Funding is how a runtime puts a leg's input where the leg can take it,
// and how it tells what the funder holds. On EVM chains that is the ERC-20
// allowance of Edge.Spender (and an approve when it is short) and balanceOf.
// Methods must be cheap, do no I/O and be safe for concurrent use.
type Funding interface {
	// Reads lists what Steps needs to see for leg (an allowance), on
	// leg.From.Chain. The router asks once per edge, before amounts are
	// known: the reads must not depend on leg.AmountIn. Like
	// ReadDeclarer.Reads, they must depend on nothing but leg: the router
	// keeps them for later requests with an equal leg request.
	Reads(leg LegRequest) []Read
	// BalanceRead is the read of holder's balance of token, or nil when
	// the runtime cannot read it.
	BalanceRead(token asset.AssetInfo, holder string) Read
	// Balance decodes the answer to a BalanceRead from s.
	Balance(s State, r Read) (*big.Int, bool)
	// Steps returns the payloads that must run before leg's own (an
	// approve, an account to create) given the state read for it (nil
	// when its chain could not be read: assume nothing is granted).
	// ledger is the route's: what earlier legs of the same route granted
	// and drew, so that two legs drawing on one grant count against it
	// once; Steps records its own there. The engine reuses the ledger: a
	// runtime must not keep it past the call. A payload with an empty
	// Provider is attributed to the leg's provider.
	Steps(leg LegRequest, s State, ledger *Ledger) ([]orchestration.Payload, error)
}

// Grant names one grant a route's funding draws on: To's grant of Asset
// on Chain. On EVM chains, the funder's allowance of a token (Asset) for a
// leg's spender (To); on Solana, the token account of a mint (Asset) that
// a funding step creates for a recipient (To).
type Grant struct {
	Chain     orchestration.Chain
	Asset, To string
}

// Ledger is one route's record of its grants, for Funding.Steps. A
// runtime whose grants are amounts (an allowance) keeps what is left of
// each (Left, Keep); one whose grants are made or not (an account) marks
// them (Has, Add). The zero value is empty and ready.
type Ledger struct {
	left map[Grant]*big.Int // nil value: made, no amount
}

// Left is what is left of g for the route's later legs; ok is false when
// no earlier leg drew on g, or g was recorded by Add (left is then nil).
func (l *Ledger) Left(g Grant) (left *big.Int, ok bool) {
	left, ok = l.left[g]
	return left, ok && left != nil
}

// Keep records that left is what remains of g once this leg drew on it.
// The ledger keeps left: the caller must not modify it afterwards.
func (l *Ledger) Keep(g Grant, left *big.Int) {
	if l.left == nil {
		l.left = map[Grant]*big.Int{}
	}
	l.left[g] = left
}

// Has reports whether an earlier leg recorded g (Add or Keep).
func (l *Ledger) Has(g Grant) bool {
	_, ok := l.left[g]
	return ok
}

// Add records g as made, for a grant without an amount.
func (l *Ledger) Add(g Grant) {
	if !l.Has(g) {
		l.Keep(g, nil)
	}
}

// reset empties the ledger, for the next route.
func (l *Ledger) reset() { clear(l.left) }

// PayloadChecker checks what a caller would sign on one runtime's chains.
type PayloadChecker interface {
	// CheckPayload returns an error unless p, a payload on chain, is well
	// formed and calls only what the deployment knows on that chain (a
	// token of the catalog, a contract of its address book), so that
	// nothing a caller signs goes anywhere else. The router has checked
	// that p is on the leg's source chain.
	CheckPayload(chain asset.ChainInfo, p orchestration.TransactionPayload) error
}

// LegChecker is implemented by runtimes that check a payload against the
// leg it serves, not only against its chain: what it grants (an EVM
// approve), who pays (a Solana fee payer) and who receives. The Engine then
// checks every payload of a leg, its funding steps and its own, with
// CheckLeg alone.
type LegChecker interface {
	// CheckLeg checks p as PayloadChecker.CheckPayload does, and that what
	// it does serves leg: the EVM runtime's approve grants only leg's input
	// token, to leg.Spender, for at most leg.AmountIn.
	CheckLeg(chain asset.ChainInfo, leg LegRequest, p orchestration.TransactionPayload) error
}

// Runtime is one chain runtime as the router sees it.
type Runtime interface {
	// Serves is the runtime of the chains it reads, funds and checks.
	Serves() orchestration.ChainRuntime
	StateReader
	Funding
	PayloadChecker
}

// ChainUnavailable is an error of a Runtime's read that failed because the
// chain's node did not answer, or not in time (the EVM reader's
// *evm.UnavailableError is one). A request that gets no quote because of it fails with a QuoteError
// naming the chain and carrying RetryHint as RetryAfter, so that a client
// can tell an outage from a bug.
type ChainUnavailable interface {
	error
	UnavailableChain() orchestration.Chain
	RetryHint() time.Duration
}

// ServiceUnavailable is an error of a provider's leg that failed because an
// outside service the route depends on, not a chain, did not answer
// usefully: the Wormhole Executor's quote API (*executor.Error of package
// wormhole/executor is one) for a portal transfer it relays. Only the
// routes through that leg fail; the others are quoted as usual. A request
// that gets no quote because of it fails with a QuoteError naming the
// service ("the Wormhole Executor did not answer") and carrying RetryHint,
// at least a second, as RetryAfter: a service that gave no hint is asked
// again soon rather than never, and the client can tell an outage of
// someone else's service from a bug of this one.
type ServiceUnavailable interface {
	error
	// UnavailableService names the service for the caller, as the start
	// of a sentence ("the Wormhole Executor"); it must not carry the
	// service's URL, which may hold a credential.
	UnavailableService() string
	// RetryHint is the service's own hint (its Retry-After), zero when it
	// gave none.
	RetryHint() time.Duration
}
