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
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

// priced is a leg priced as an order.
type priced struct {
	order
	offer  Offer
	tokens *orderTokens // params' TokenIn and TokenOut
	params bindings.OrderParams
	// sol is, on an SVM origin, the open_order call (params is then
	// empty), framed by budget at the blockhash read with the state.
	sol    *svm.OpenOrderParams
	budget svm.TxConfig
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
	if o.svm() {
		return p.priceSVM(ctx, leg, h, o)
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
	solver, err := solverOf(o, offer, h.solver, recipient)
	if err != nil {
		return priced{}, err
	}
	return priced{order: o, offer: offer, tokens: h.tokens, params: bindings.OrderParams{
		DestChainId: uint32(o.dest.ChainID), FillDeadline: uint32(deadline),
		TokenIn: h.tokens.in, TokenOut: h.tokens.out,
		AmountIn: leg.AmountIn, AmountOut: offer.AmountOut, // read only: packed, never changed
		Recipient: recipient, Solver: solver, Sender: sender,
	}}, nil
}

// solverOf checks offer's amount against what the order and its
// destination hold, and returns the order's solver: the offer's address
// on the destination for an exclusive offer, zero for an open one.
func solverOf(o order, offer Offer, name string, recipient [32]byte) ([32]byte, error) {
	var solver [32]byte
	if offer.AmountOut.BitLen() > 128 {
		return solver, fmt.Errorf("%w: solver %s offers %s, beyond what an order holds (uint128)", quote.ErrNoRoute, name, offer.AmountOut)
	}
	if o.dest.Runtime == orchestration.RuntimeSVM && !offer.AmountOut.IsUint64() {
		// A fill on Solana moves a token amount, a u64.
		return solver, fmt.Errorf("%w: solver %s offers %s, more than a Solana token amount (u64) holds", quote.ErrNoRoute, name, offer.AmountOut)
	}
	if offer.Exclusive {
		var err error
		if solver, err = orchestration.AddressBytes32(o.dest.Runtime, offer.Address); err != nil {
			return solver, fmt.Errorf("limitorder: solver %s's address: %w", name, err)
		}
		if solver == recipient {
			// The order book refuses it (a solver paying itself).
			return solver, fmt.Errorf("%w: the recipient is solver %s itself", quote.ErrNoRoute, name)
		}
	}
	return solver, nil
}

// SolanaCreatedAtLead is how far ahead of the cluster's clock, as read
// with the quote, an order opening on Solana dates itself (created_at).
// The order book takes created_at only within [now, now+300 s] of its own
// clock when the transaction runs (open.rs: CREATED_AT_WINDOW), so that
// the order's account can be derived before the slot is known: half the
// window ahead leaves 150 s for the transaction to land, more than its
// blockhash lives (about 150 blocks, 60 to 90 s), and 150 s of slack for
// a clock read late.
const SolanaCreatedAtLead = 150

// priceSVM prices a leg whose order opens on Solana, from the state read
// for it: the order book must not be paused and must accept the
// destination, the amount must be a token amount (u64); created_at is the
// cluster's clock as read plus SolanaCreatedAtLead, and the fill deadline
// the horizon after it; the order's id hashes the funder's next nonce, as
// read.
func (p *Provider) priceSVM(ctx context.Context, leg quote.LegRequest, h hop, o order) (priced, error) {
	if !leg.AmountIn.IsUint64() {
		return priced{}, fmt.Errorf("%w: %s %s is more than a Solana token amount (u64) holds", quote.ErrNoRoute, leg.AmountIn, leg.From.Symbol)
	}
	if leg.Funder.IsZero() {
		return priced{}, errors.New("limitorder: the leg has no funder")
	}
	funder, recipient := leg.Funder.SVM(), leg.Recipient.Bytes32()
	st := svmruntime.StateOf(leg.State)
	g, err := orderBookGlobal(st, o.program)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: %s: %w", o.origin.Name, err)
	}
	switch {
	case g.Paused:
		return priced{}, fmt.Errorf("%w: the order book on %s is paused", quote.ErrNoRoute, o.origin.Name)
	case uint64(g.ChainID) != o.origin.ChainID:
		return priced{}, fmt.Errorf("limitorder: the order book on %s is chain %d, the catalog says %d", o.origin.Name, g.ChainID, o.origin.ChainID)
	}
	if o.dest.Name != o.origin.Name {
		ok, err := destinationSupported(st, o.program, uint32(o.dest.ChainID))
		if err != nil {
			return priced{}, fmt.Errorf("limitorder: %s: %w", o.origin.Name, err)
		}
		if !ok {
			return priced{}, fmt.Errorf("%w: the order book on %s no longer accepts orders to %s", quote.ErrNoRoute, o.origin.Name, o.dest.Name)
		}
	}
	ca, ok := st.Account(svm.SysvarClock)
	if !ok || ca == nil {
		return priced{}, fmt.Errorf("limitorder: %s: the Clock sysvar was not read", o.origin.Name)
	}
	clock, err := svm.DecodeClock(ca.Data)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: %s: %w", o.origin.Name, err)
	}
	if clock.UnixTimestamp <= 0 {
		return priced{}, fmt.Errorf("limitorder: %s's clock reads %d", o.origin.Name, clock.UnixTimestamp)
	}
	mint, ok := st.Mint(h.tokens.inSVM)
	if !ok || mint == nil {
		return priced{}, fmt.Errorf("limitorder: %s: mint %s was not read or does not exist", o.origin.Name, h.tokens.inSVM)
	}
	var nonce uint64
	nonceKey := svm.OrderNonce(o.program, funder)
	switch na, ok := st.Account(nonceKey); {
	case !ok:
		return priced{}, fmt.Errorf("limitorder: %s: the nonce account %s was not read", o.origin.Name, nonceKey)
	case na == nil: // no order yet: nonce 0
	case !na.Owner.Equals(o.program):
		return priced{}, fmt.Errorf("limitorder: %s: the nonce account %s is owned by %s", o.origin.Name, nonceKey, na.Owner)
	default:
		if nonce, err = svm.DecodeOrderNonce(na.Data); err != nil {
			return priced{}, fmt.Errorf("limitorder: %s: %w", o.origin.Name, err)
		}
	}

	offer, err := p.offerOf(ctx, leg, h.solver)
	if err != nil {
		return priced{}, err
	}
	solver, err := solverOf(o, offer, h.solver, recipient)
	if err != nil {
		return priced{}, err
	}
	created := uint64(clock.UnixTimestamp) + SolanaCreatedAtLead
	hash, _ := st.Blockhash()
	budget := p.budget
	budget.FeePayer, budget.RecentBlockhash = funder, hash
	return priced{order: o, offer: offer, tokens: h.tokens, budget: budget, sol: &svm.OpenOrderParams{
		Program: o.program, Payer: funder, TokenIn: h.tokens.inSVM, TokenInProgram: mint.TokenProgram,
		OriginChainID: uint32(o.origin.ChainID), DestChainID: uint32(o.dest.ChainID), Nonce: nonce,
		CreatedAt: created, FillDeadline: created + uint64(p.horizon/time.Second),
		TokenOut: h.tokens.out, AmountIn: leg.AmountIn.Uint64(), AmountOut: offer.AmountOut,
		Recipient: recipient, Solver: solver,
	}}, nil
}
