// Package memprovider is an in-memory quote.Provider with fault injection,
// for testing the quote engine and anything built on it without a chain.
//
// A Provider serves the edges it was given (Edge), pricing each with a
// LegFunc such as Rate; any other leg is quote.ErrNoRoute. Its exported
// fields inject faults: a delay, a permanent or transient failure, a panic,
// or edges that cannot be listed. Calls counts the QuoteLeg calls it
// received.
//
// Configure a Provider (Edge and the fault fields) before it is used, or
// between calls; the configuration must not change while a call runs.
// QuoteLeg itself is safe for concurrent use.
package memprovider

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync/atomic"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

// ErrInjected is the failure a Provider returns when FailTimes is set and
// Fail is nil.
var ErrInjected = errors.New("memprovider: injected failure")

// LegFunc prices one leg of an edge registered with Edge.
type LegFunc func(ctx context.Context, leg quote.LegRequest) (quote.Leg, error)

// Provider is an in-memory quote.Provider.
type Provider struct {
	// Delay makes every QuoteLeg call wait this long before answering, or
	// until its context is done, whichever comes first.
	Delay time.Duration
	// Fail, if set, is returned by every QuoteLeg call (after Delay).
	Fail error
	// FailTimes, if positive, makes only the first FailTimes calls fail,
	// with Fail or else ErrInjected; later calls succeed. It models a
	// transient failure.
	FailTimes int
	// Panic, if not nil, makes every QuoteLeg call panic with this value.
	Panic any
	// EdgesFail, if set, is what Edges returns instead of the edges.
	EdgesFail error

	id    orchestration.ProviderID
	edges []quote.Edge
	legs  map[edgeKey]LegFunc
	calls atomic.Int64
}

type edgeKey struct{ from, to orchestration.AssetAddress }

func keyOf(e quote.Edge) edgeKey {
	return edgeKey{
		orchestration.AssetAddress{Chain: e.From.Chain, Address: e.From.Address},
		orchestration.AssetAddress{Chain: e.To.Chain, Address: e.To.Address},
	}
}

var _ quote.Provider = (*Provider)(nil)

// New returns a Provider with the given identifier and no edges.
func New(id orchestration.ProviderID) *Provider {
	return &Provider{id: id, legs: make(map[edgeKey]LegFunc)}
}

// Edge makes the provider serve e, priced by f. It returns p.
func (p *Provider) Edge(e quote.Edge, f LegFunc) *Provider {
	p.edges = append(p.edges, e)
	p.legs[keyOf(e)] = f
	return p
}

// ID returns the identifier given to New.
func (p *Provider) ID() orchestration.ProviderID { return p.id }

// Calls returns the number of QuoteLeg calls so far, including failed ones.
func (p *Provider) Calls() int64 { return p.calls.Load() }

// Edges returns the registered edges, or EdgesFail.
func (p *Provider) Edges(ctx context.Context) ([]quote.Edge, error) {
	if p.EdgesFail != nil {
		return nil, p.EdgesFail
	}
	return append([]quote.Edge(nil), p.edges...), nil
}

// QuoteLeg prices a registered edge, after applying the injected faults in
// this order: cancellation, Delay, Panic, failure.
func (p *Provider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	n := p.calls.Add(1)
	if err := ctx.Err(); err != nil {
		return quote.Leg{}, err
	}
	if p.Delay > 0 {
		t := time.NewTimer(p.Delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return quote.Leg{}, ctx.Err()
		}
	}
	if p.Panic != nil {
		panic(p.Panic)
	}
	switch {
	case p.FailTimes > 0 && n <= int64(p.FailTimes):
		if p.Fail != nil {
			return quote.Leg{}, p.Fail
		}
		return quote.Leg{}, ErrInjected
	case p.FailTimes <= 0 && p.Fail != nil:
		return quote.Leg{}, p.Fail
	}
	f, ok := p.legs[keyOf(*leg.Edge)]
	if !ok {
		return quote.Leg{}, fmt.Errorf("%w: %s does not serve %s %s to %s %s", quote.ErrNoRoute, p.id,
			leg.From.Chain, leg.From.Symbol, leg.To.Chain, leg.To.Symbol)
	}
	return f(ctx, leg)
}

// Pricing describes a LegFunc made by Rate.
type Pricing struct {
	// Num/Den is the rate: AmountOut = AmountIn * Num / Den, rounded down.
	// Zero Den means 1:1.
	Num, Den int64
	// Slippage makes MinAmountOut AmountOut less the request's SlippageBps;
	// otherwise the leg is exact.
	Slippage bool
	// EstTime is the leg's estimated time.
	EstTime time.Duration
	// ChainID is the EVM chain id of the edge's source chain, for the
	// payload; ignored on SVM chains.
	ChainID uint64
	// To is the payload's target; empty means the From token.
	To string
}

// Rate returns a LegFunc that prices at a fixed rate and returns one payload
// on the leg's source chain: Payload's, or on an SVM chain whose funder is
// a Solana key a real unsigned transaction the funder pays (one compute
// budget instruction), so that payload checks can decode it. Amounts that
// round to zero are ErrNoRoute.
func Rate(pr Pricing) LegFunc {
	return func(_ context.Context, leg quote.LegRequest) (quote.Leg, error) {
		num, den := pr.Num, pr.Den
		if den == 0 {
			num, den = 1, 1
		}
		out := new(big.Int).Mul(leg.AmountIn, big.NewInt(num))
		out.Quo(out, big.NewInt(den))
		if out.Sign() <= 0 {
			return quote.Leg{}, fmt.Errorf("%w: %s rounds to zero", quote.ErrNoRoute, leg.AmountIn)
		}
		pl := Payload(leg.From, pr.ChainID, pr.To)
		if tx, ok := svmPayload(leg); ok {
			pl.Data.SVM = &tx
		}
		l := quote.Leg{AmountOut: out, EstTime: pr.EstTime, Payloads: []orchestration.Payload{pl}}
		if pr.Slippage {
			floor := new(big.Int).Mul(out, big.NewInt(int64(10_000-leg.SlippageBps)))
			l.MinAmountOut = floor.Quo(floor, big.NewInt(10_000))
			if l.MinAmountOut.Sign() == 0 {
				return quote.Leg{}, fmt.Errorf("%w: floor rounds to zero", quote.ErrNoRoute)
			}
		}
		return l, nil
	}
}

// placeholderBlockhash is the recent blockhash of svmPayload's
// transactions: the provider reads no chain.
var placeholderBlockhash = solana.Hash{1}

// svmPayload is, for a leg from an SVM chain whose funder is a Solana key,
// a harmless unsigned transaction the funder pays: one compute budget
// instruction, which wallets and the payload checks accept.
func svmPayload(leg quote.LegRequest) (orchestration.SVMPayload, bool) {
	if leg.From.Runtime != orchestration.RuntimeSVM {
		return orchestration.SVMPayload{}, false
	}
	if leg.Funder.IsZero() {
		return orchestration.SVMPayload{}, false
	}
	funder := leg.Funder.SVM()
	tx, err := svm.Build([]solana.Instruction{svm.SetComputeUnitLimit(200_000)}, svm.TxConfig{FeePayer: funder, RecentBlockhash: placeholderBlockhash})
	if err != nil {
		return orchestration.SVMPayload{}, false
	}
	p, err := svm.Payload(leg.From.Chain, tx)
	return p, err == nil
}

// Payload is a harmless transaction on from's chain: an EVM call of to (the
// from token when empty) with empty calldata, or an SVM transaction of no
// instructions.
func Payload(from asset.AssetInfo, chainID uint64, to string) orchestration.Payload {
	if from.Runtime == orchestration.RuntimeSVM {
		return orchestration.Payload{Annotation: "memprovider leg",
			Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: from.Chain, Transaction: "AA=="}}}
	}
	if to == "" {
		to = from.Address
	}
	return orchestration.Payload{Annotation: "memprovider leg",
		Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: from.Chain, ChainID: chainID, To: to, Data: "0x", Value: "0"}}}
}
