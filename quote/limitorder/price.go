package limitorder

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// priced is a leg priced as an order.
type priced struct {
	order
	offer  Offer
	tokens *orderTokens // params' TokenIn and TokenOut
	params bindings.OrderParams
}

// price collects the solvers' offers for leg, takes the one of the edge's
// solver, and builds the order's parameters.
func (p *Provider) price(ctx context.Context, leg quote.LegRequest) (priced, error) {
	if err := ctx.Err(); err != nil {
		return priced{}, err
	}
	h, ok := leg.Detail.(hop)
	if !ok || h.tokens == nil {
		return priced{}, fmt.Errorf("limitorder: edge detail %T is not this provider's", leg.Detail)
	}
	br := p.bookReads(leg)
	if br.err != nil {
		return priced{}, br.err
	}
	o := br.order
	switch {
	case leg.AmountIn == nil || leg.AmountIn.Sign() <= 0:
		return priced{}, fmt.Errorf("limitorder: amount %v is not positive", leg.AmountIn)
	case leg.AmountIn.BitLen() > 128:
		return priced{}, fmt.Errorf("%w: %s exceeds what an order holds (uint128)", quote.ErrNoRoute, leg.AmountIn)
	}
	if leg.Recipient.IsZero() || leg.Sender.IsZero() {
		return priced{}, errors.New("limitorder: the leg has no recipient or no sender")
	}
	recipient, sender := leg.Recipient.Bytes32(), leg.Sender.EVM()
	supported, err := evm.Decode1[bool](p.destOK, evmruntime.Answers(leg.State), br.dest)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: %s isDestinationSupported(%s): %w", o.origin.Name, o.dest.Name, err)
	}
	if !supported {
		return priced{}, fmt.Errorf("%w: the OrderBook on %s no longer accepts orders to %s", quote.ErrNoRoute, o.origin.Name, o.dest.Name)
	}
	now, err := evm.DecodeClockOf(evmruntime.Answers(leg.State), br.clock)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: %s block timestamp: %w", o.origin.Name, err)
	}
	deadline := now + uint64(p.horizon/time.Second)
	if deadline > math.MaxUint32 {
		return priced{}, fmt.Errorf("limitorder: fill deadline %d does not fit the OrderBook's uint32", deadline)
	}

	offer, err := p.offerOf(ctx, leg, h.solver)
	if err != nil {
		return priced{}, err
	}
	if offer.AmountOut.BitLen() > 128 {
		return priced{}, fmt.Errorf("%w: solver %s offers %s, beyond what an order holds (uint128)", quote.ErrNoRoute, h.solver, offer.AmountOut)
	}
	var solver [32]byte
	if offer.Exclusive {
		if solver, err = orchestration.AddressBytes32(o.dest.Runtime, offer.Address); err != nil {
			return priced{}, fmt.Errorf("limitorder: solver %s's address: %w", h.solver, err)
		}
		if solver == recipient {
			// The OrderBook refuses it (a solver paying itself).
			return priced{}, fmt.Errorf("%w: the recipient is solver %s itself", quote.ErrNoRoute, h.solver)
		}
	}
	return priced{order: o, offer: offer, tokens: h.tokens, params: bindings.OrderParams{
		DestChainId: uint32(o.dest.ChainID), FillDeadline: uint32(deadline),
		TokenIn: h.tokens.in, TokenOut: h.tokens.out,
		AmountIn: leg.AmountIn, AmountOut: offer.AmountOut, // read only: packed, never changed
		Recipient: recipient, Solver: solver, Sender: sender,
	}}, nil
}
