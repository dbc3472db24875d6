package limitorder

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

// QuoteLeg prices leg at the edge's solver's offer and returns openOrder:
// the funder's tokens are locked in the origin's OrderBook until the solver
// delivers amountOut to the recipient on the destination chain, or the
// fill deadline passes and the sender cancels for a refund.
func (p *Provider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	pr, err := p.price(ctx, leg)
	if err != nil {
		return quote.Leg{}, err
	}
	if pr.sol != nil {
		return quote.Leg{AmountOut: pr.offer.AmountOut, EstTime: estTime(pr.offer), ValidUntil: p.validUntil(pr),
			BuildFees: feesBuilder(leg.Edge, leg.AmountIn, pr.offer),
			Build:     p.svmBuilder(pr, leg.To.Chain, leg.Recipient.String())}, nil
	}
	return quote.Leg{
		AmountOut:  pr.offer.AmountOut, // the solver's, shared: amounts are never modified once set
		EstTime:    estTime(pr.offer),
		ValidUntil: p.validUntil(pr),
		BuildFees:  feesBuilder(leg.Edge, leg.AmountIn, pr.offer),
		Build:      p.builder(leg.Edge, leg.AmountIn, &pr),
	}, nil
}

// validUntil is how long an order priced as pr can open as quoted: no
// longer than the solver stands by its offer, nor, on an EVM chain, than
// its fill deadline (the chain's clock at the quote plus the fill
// horizon), after which nobody may fill it. On Solana the order book
// takes created_at only while its clock is at most created_at (the
// window is [now, now+300 s], and created_at is the clock read plus
// SolanaCreatedAtLead), and the transaction's blockhash lives some 60 s
// (quote.SolanaBlockhashValidity).
func (p *Provider) validUntil(pr priced) time.Time {
	if pr.sol != nil {
		return quote.Earliest(pr.offer.ExpiresAt, time.Unix(int64(pr.sol.CreatedAt), 0),
			p.now().Add(quote.SolanaBlockhashValidity))
	}
	return quote.Earliest(pr.offer.ExpiresAt, time.Unix(int64(pr.params.FillDeadline), 0))
}

// svmBuilder is Leg.Build for an order opening on Solana: the funder's
// transaction of one open_order (svm.OpenOrder), paying its fee, with its
// annotation read back from the transaction (svm.DescribeFor), never
// composed from the request.
func (p *Provider) svmBuilder(pr priced, to orchestration.Chain, recipient string) func() ([]orchestration.Payload, error) {
	params, budget, offer, chain := *pr.sol, pr.budget, pr.offer, pr.origin.Name
	var owners []solana.PublicKey
	if to == chain {
		if k, err := solana.PublicKeyFromBase58(recipient); err == nil {
			owners = append(owners, k)
		}
	}
	return func() ([]orchestration.Payload, error) {
		ix, err := svm.OpenOrder(params)
		if err != nil {
			return nil, fmt.Errorf("limitorder: %s: %w", chain, err)
		}
		tx, err := svm.Build([]solana.Instruction{ix}, budget)
		if err != nil {
			return nil, fmt.Errorf("limitorder: %s: %w", chain, err)
		}
		pl, err := svm.Payload(chain, tx)
		if err != nil {
			return nil, fmt.Errorf("limitorder: %w", err)
		}
		payload := orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &pl}, Solver: payloadSolver(offer)}
		if payload.Annotation, err = svm.DescribeFor(p.catalog, payload, owners...); err != nil {
			return nil, fmt.Errorf("limitorder: %s: the built transaction could not be described from its bytes: %w", chain, err)
		}
		return []orchestration.Payload{payload}, nil
	}
}

// builder is Leg.Build for the order pr of the leg over edge at amount:
// its closure keeps the edge (the engine's, shared: the annotation's
// names) and the order's parameters, not a copy of the leg, each part
// captured by value (at most 128 bytes each), so that a leg priced costs
// the closure's one allocation, of some 230 bytes.
func (p *Provider) builder(edge *quote.Edge, amount *big.Int, pr *priced) func() ([]orchestration.Payload, error) {
	o, offer, tokens := pr.order, pr.offer, pr.tokens
	type head struct {
		destChainID, fillDeadline uint32
		sender                    common.Address
	}
	h := head{pr.params.DestChainId, pr.params.FillDeadline, pr.params.Sender}
	recipient, solver := pr.params.Recipient, pr.params.Solver
	return func() ([]orchestration.Payload, error) {
		pb := priced{order: o, offer: offer, tokens: tokens, params: bindings.OrderParams{
			DestChainId: h.destChainID, FillDeadline: h.fillDeadline, TokenIn: tokens.in, TokenOut: tokens.out,
			AmountIn: amount, AmountOut: offer.AmountOut, Recipient: recipient, Solver: solver, Sender: h.sender,
		}}
		data, err := evm.Calldata(p.openOrder, pb.params)
		if err != nil {
			return nil, fmt.Errorf("limitorder: %w", err)
		}
		return []orchestration.Payload{{
			Annotation: annotation(namesOf(quote.LegRequest{Edge: edge, AmountIn: amount}), pb),
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: pb.origin.Name, ChainID: pb.origin.ChainID, To: pb.origin.Contracts.OrderBook,
				Data: hexutil.Encode(data), Value: "0",
			}},
			Solver: payloadSolver(pb.offer),
		}}, nil
	}
}

// PermitLeg prices leg as QuoteLeg does and returns it as
// openOrderWithPermit (operation limitOrder).
func (p *Provider) PermitLeg(ctx context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	pr, err := p.price(ctx, leg)
	if err != nil {
		return quote.PermitLeg{}, err
	}
	if pr.sol != nil {
		return quote.PermitLeg{}, fmt.Errorf("%w: an order opening on %s takes no permit", quote.ErrNoRoute, pr.origin.Name)
	}
	hex32 := func(b [32]byte) string { return hexutil.Encode(b[:]) }
	return quote.PermitLeg{
		AmountOut: new(big.Int).Set(pr.offer.AmountOut), EstTime: estTime(pr.offer), ValidUntil: p.validUntil(pr),
		Fees:       solverFees(leg.Edge, leg.AmountIn, pr.offer),
		Annotation: annotation(namesOf(leg), pr) + ", with a permit",
		Operation: orchestration.PermitOperation{LimitOrder: &orchestration.LimitOrderPermitOp{
			DestChainID: uint64(pr.params.DestChainId), FillDeadline: int64(pr.params.FillDeadline),
			TokenIn: pr.params.TokenIn.Hex(), TokenOut: hex32(pr.params.TokenOut),
			AmountIn: pr.params.AmountIn.String(), AmountOut: pr.params.AmountOut.String(),
			Recipient: hex32(pr.params.Recipient), Solver: hex32(pr.params.Solver), Sender: pr.params.Sender.Hex(),
			Deadline: fmt.Sprint(deadline),
		}},
		FunctionSignature: eip2612.LimitOrderSignature,
		Value:             "0",
		Solver:            payloadSolver(pr.offer),
	}, nil
}

func estTime(o Offer) time.Duration {
	if o.EstFillTime > 0 {
		return o.EstFillTime
	}
	return DefaultEstFillTime
}

// payloadSolver is the solver of a payload or recipe: the configured
// solver that made the offer (Collect attributes every offer to it), by
// name and address.
func payloadSolver(o Offer) *orchestration.PayloadSolver {
	fee := o.FeeBps
	return &orchestration.PayloadSolver{Address: o.Address, Name: o.Solver, Exclusive: o.Exclusive, FeeBps: &fee}
}

func annotation(leg legNames, pr priced) string {
	fill := "any solver"
	if pr.offer.Exclusive {
		fill = "solver " + pr.offer.Solver
	}
	where := ""
	if leg.toChain != leg.fromChain {
		where = " on " + string(leg.toChain)
	}
	// Built in one buffer rather than Sprintf'd: every leg of every candidate
	// route carries one, and only the chosen route's is served.
	in, out := orchestration.FormatUnits(leg.amount, leg.fromDec), orchestration.FormatUnits(pr.offer.AmountOut, leg.toDec)
	var b strings.Builder
	b.Grow(96 + len(in) + len(out) + len(where) + len(fill) + len(pr.offer.Solver) + len(leg.fromSym) + len(leg.toSym) + len(leg.fromChain))
	for _, part := range [...]string{"Limit order: ", in, " ", leg.fromSym, " on ", string(leg.fromChain),
		" for ", out, " ", leg.toSym, where, ", filled by ", fill, " (offer of ", pr.offer.Solver, ") before "} {
		b.WriteString(part)
	}
	var ts [len(time.RFC3339) + 8]byte
	b.Write(time.Unix(int64(pr.params.FillDeadline), 0).UTC().AppendFormat(ts[:0], time.RFC3339))
	return b.String()
}

// legNames are what an order's annotation says of its leg.
type legNames struct {
	amount             *big.Int
	fromDec, toDec     int
	fromSym, toSym     string
	fromChain, toChain orchestration.Chain
}

func namesOf(leg quote.LegRequest) legNames {
	return legNames{amount: leg.AmountIn, fromDec: leg.From.Decimals, toDec: leg.To.Decimals,
		fromSym: leg.From.Symbol, toSym: leg.To.Symbol, fromChain: leg.From.Chain, toChain: leg.To.Chain}
}

// feesBuilder builds solverFees for quote.Leg.BuildFees: the spread's
// amount and description, only for the legs of the quotes composed
// (decision 106).
func feesBuilder(edge *quote.Edge, amount *big.Int, o Offer) func() []orchestration.Fee {
	return func() []orchestration.Fee { return solverFees(edge, amount, o) }
}

// solverFees is the solver's spread on a leg over edge moving amount: the
// amount converted at par to the output token (quote.AtPar; the order
// book's tokens are stablecoins of one worth) less what the solver
// delivers, in the output token on the destination chain, where the
// solver keeps it. None when the solver delivers at par or more. The
// offer's feeBps, part of the spread, is named in the description.
func solverFees(edge *quote.Edge, amount *big.Int, o Offer) []orchestration.Fee {
	spread := quote.AtPar(amount, edge.From.Decimals, edge.To.Decimals)
	if spread.Sub(spread, o.AmountOut).Sign() <= 0 {
		return nil
	}
	desc := "solver " + o.Solver + "'s spread: " + edge.From.Symbol + " in at par less " + edge.To.Symbol + " delivered"
	if o.FeeBps > 0 {
		desc += fmt.Sprintf(", a fee of %d bps included", o.FeeBps)
	}
	return []orchestration.Fee{{Kind: orchestration.FeeSolver, Chain: edge.To.Chain, Token: edge.To.Address, Amount: spread.String(), Description: desc}}
}
