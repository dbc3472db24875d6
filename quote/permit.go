package quote

import (
	"cmp"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// PermitProvider is implemented by providers that can express a leg as one
// call taking the funder's signed permit for Edge.Spender, so that a
// permit quote needs no funding transaction: the SwapFacility's
// swapWithPermit, Uniswap's multicall(selfPermit, exactInputSingle). The
// Engine finds it by type assertion; a route with a leg whose provider
// lacks it is not offered as a permit quote.
type PermitProvider interface {
	// PermitLeg prices leg as QuoteLeg does (with the same reads) and
	// returns it as that one call. deadline is the permit's deadline in the
	// chain's Unix seconds; the call must take it as its own deadline.
	PermitLeg(ctx context.Context, leg LegRequest, deadline uint64) (PermitLeg, error)
}

// PermitLeg is a leg priced in permit form: one call whose arguments are
// Operation plus the permit signature.
type PermitLeg struct {
	// AmountOut, MinAmountOut, EstTime and ValidUntil are as in Leg.
	AmountOut, MinAmountOut *big.Int
	EstTime                 time.Duration
	ValidUntil              time.Time
	// Annotation says what the call does, for the wallet to show.
	Annotation string
	// Operation holds the call's arguments but the signature; its amount,
	// recipient and deadline are the leg's.
	Operation orchestration.PermitOperation
	// FunctionSignature names the call for the wallet that encodes it, in
	// its runtime's terms; the runtime checks it (CheckPermitCall).
	FunctionSignature string
	// Value is the call's native value in the chain's smallest unit, "0"
	// when none.
	Value string
	// Solver is the recipe's solver, for limit orders (Payload.Solver).
	Solver *orchestration.PayloadSolver
	// Fees are as in Leg: what the leg's parties take.
	Fees []orchestration.Fee
}

// ErrNoPermit is wrapped by PermitFunding.Permit, with the reason, when a
// token cannot be granted by a permit the deployment can vouch for. Like
// ErrNoRoute it is not a failure: the route is not offered.
var ErrNoPermit = errors.New("no permit")

// PermitFunding is implemented by runtimes whose tokens can be granted by a
// signed permit instead of a transaction. What a permit is (its standard,
// its typed data, the call taking it) is the runtime's: the router only
// asks these questions.
type PermitFunding interface {
	// NoPermit returns why token cannot be granted by a permit, for the
	// caller ("USDT on Sepolia has no EIP-2612 permit"), or "" when it
	// can.
	NoPermit(token asset.AssetInfo) string
	// CheckPermitCall checks the call pl makes as the runtime encodes
	// calls: its FunctionSignature and Value. The router checks the rest
	// of the PermitLeg contract.
	CheckPermitCall(pl PermitLeg) error
	// PermitReads lists what Permit and PermitDeadline need for leg, on
	// leg.From.Chain: the token's signing domain, the funder's nonce, the
	// chain's clock. They must not depend on leg.AmountIn.
	PermitReads(leg LegRequest) []Read
	// PermitDeadline is the deadline of permits quoted against s, read on
	// chain: the chain's own time plus horizon.
	PermitDeadline(chain orchestration.Chain, s State, horizon time.Duration) (uint64, error)
	// Permit returns the typed data of the funder's permit of leg.AmountIn
	// for leg.Spender until deadline. Its nonce is the funder's current
	// one plus earlier, the permits of the same token the route signs
	// before it. A token whose permit cannot be vouched for (none, or a
	// domain that does not hash to its separator) gets an error wrapping
	// ErrNoPermit.
	Permit(s State, leg LegRequest, earlier int, deadline uint64) (orchestration.PermitTypedData, error)
}

// DefaultPermitHorizon is how long quoted permits stay valid.
const DefaultPermitHorizon = 30 * time.Minute

// PermitOptions configure a permit quote.
type PermitOptions struct {
	// Horizon is how long the permits stay valid from the chain's time at
	// the quote; zero means DefaultPermitHorizon.
	Horizon time.Duration
}

// PermitQuotes answer a permit quote request.
type PermitQuotes struct {
	// Quotes are the best at most MaxQuotes permit quotes, best first.
	Quotes []orchestration.PermitQuote
	// Balance is set when the funder holds less than amountIn.
	Balance *orchestration.BalanceIssue
}

// PermitQuoteRequest routes req exactly as QuoteRequest does but composes
// permit recipes instead of approvals and payloads: one recipe per leg,
// whose typed data is the input token's permit over the domain the token
// verifies, with the funder's next nonce (counting earlier recipes of the
// same token), and whose deadline is the chain's time plus the horizon.
// Only routes whose every leg has a permit form (PermitProvider, a token
// marked Permit in the catalog, a runtime with PermitFunding) are offered.
// Its errors are those of QuoteRequest; an endpoint re-codes them. A
// request with AmountOut is routed backwards for each route's input, then
// quoted forward in permit form for that input, keeping the quotes whose
// minAmountOut reaches AmountOut (permit_exactout.go, decision 96).
func (e *Engine) PermitQuoteRequest(ctx context.Context, req Request, opts PermitOptions) (PermitQuotes, error) {
	if req.AmountOut != nil {
		return e.permitQuoteExactOut(ctx, req, opts)
	}
	return e.permitQuote(ctx, req, opts, chainStates{})
}

// permitQuote is PermitQuoteRequest for a request with AmountIn, reading
// the chains in seed (an exact-output permit quote's backward pricing's,
// decision 108) at the point seed read them, and the others afresh.
func (e *Engine) permitQuote(ctx context.Context, req Request, opts PermitOptions, seed chainStates) (PermitQuotes, error) {
	selected, err := e.selectProviders(req)
	if err != nil {
		return PermitQuotes{}, err
	}
	if err := ctx.Err(); err != nil {
		return PermitQuotes{}, abandoned(err)
	}
	r, err := e.newRun(req, selected)
	if err != nil {
		return PermitQuotes{}, err
	}
	defer r.release() // after the answer is built, errors included
	r.permit = &permitMode{horizon: cmp.Or(opts.Horizon, DefaultPermitHorizon)}
	r.reader.seed(seed)
	r.loadEdges(ctx)
	if err := ctx.Err(); err != nil {
		return PermitQuotes{}, abandoned(err)
	}
	p, err := r.quote(ctx, r.findRoutes())
	if err != nil {
		return PermitQuotes{}, err
	}
	best := r.rankedBest(p, r.composePermit, req.MaxQuotes)
	r.report(ctx)
	if len(best) == 0 {
		return PermitQuotes{}, r.noQuotes(p.routes)
	}
	out := PermitQuotes{Quotes: make([]orchestration.PermitQuote, len(best))}
	for i, c := range best {
		out.Quotes[i] = c.permit
	}
	if bal, ok := r.sourceBalance(p); ok && bal.Cmp(req.AmountIn) < 0 {
		out.Balance = &orchestration.BalanceIssue{Token: req.Source.Address, Actual: bal.String(), Expected: req.AmountIn.String()}
	}
	return out, nil
}

// permitMode is a run's state when it quotes permits.
type permitMode struct {
	horizon time.Duration
	// Why routes were not offered, for the caller: tokens without a
	// permit, legs without a permit form. Each once, in order found.
	unsupported []string
}

func (m *permitMode) refuse(reason string) {
	if !slices.Contains(m.unsupported, reason) {
		m.unsupported = append(m.unsupported, reason)
	}
}

// permitFunding is the PermitFunding of chain's runtime, or nil.
func (r *run) permitFunding(chain orchestration.Chain) PermitFunding {
	pf, _ := r.runtimeOf(chain).(PermitFunding)
	return pf
}

// permitForm reports whether a route's hops all have a permit form, and
// records why not.
func (r *run) permitForm(hops []hop) bool {
	for _, h := range hops {
		ed := r.edge(h)
		_, isPP := r.e.providers[h.prov].(PermitProvider)
		pf := r.permitFunding(ed.From.Chain)
		var why string
		if pf != nil {
			why = pf.NoPermit(ed.From)
		}
		switch {
		case why != "":
			r.permit.refuse(why)
		case !isPP || ed.Spender == "":
			r.permit.refuse(fmt.Sprintf("provider %s has no permit form for %s to %s", r.e.ids[h.prov], ed.From.Symbol, ed.To.Symbol))
		case pf == nil:
			r.permit.refuse(fmt.Sprintf("%s has no permits", ed.From.Chain))
		default:
			continue
		}
		return false
	}
	return true
}

// permitOutcome is the answer to c in permit form (PermitLeg's pl and
// err), checked, as a Leg.
func (r *run) permitOutcome(c *legCall, pl PermitLeg, err error) (Leg, error) {
	if err != nil {
		return Leg{}, err
	}
	if err := r.checkPermitLeg(c, pl); err != nil {
		return Leg{}, err
	}
	c.permitLeg = &pl
	return Leg{AmountOut: pl.AmountOut, MinAmountOut: pl.MinAmountOut, EstTime: pl.EstTime, ValidUntil: pl.ValidUntil, Fees: pl.Fees}, nil
}

// checkPermitLeg enforces the PermitLeg contract: the call is one its
// runtime encodes (PermitFunding.CheckPermitCall), and the operation moves
// the leg's amount to the leg's recipient and expires with the permit.
func (r *run) checkPermitLeg(c *legCall, pl PermitLeg) error {
	pf := r.permitFunding(c.req.From.Chain)
	if pf == nil {
		return fmt.Errorf("%s has no permits", c.req.From.Chain)
	}
	if err := pf.CheckPermitCall(pl); err != nil {
		return err
	}
	var amount, recipient, deadline string
	switch op := pl.Operation; {
	case op.Swap != nil:
		amount, recipient, deadline = op.Swap.Amount, op.Swap.Recipient, op.Swap.Deadline
	case op.AMMSwap != nil:
		amount, recipient, deadline = op.AMMSwap.AmountIn, op.AMMSwap.Recipient, op.AMMSwap.Deadline
	case op.LimitOrder != nil:
		// Its recipient is bytes32 in the destination's encoding.
		want := c.req.Recipient.Bytes32()
		if got := op.LimitOrder.Recipient; !strings.EqualFold(got, "0x"+hex.EncodeToString(want[:])) {
			return fmt.Errorf("operation recipient %q is not the leg's %s", orchestration.Clip(got), c.req.Recipient)
		}
		amount, deadline = op.LimitOrder.AmountIn, op.LimitOrder.Deadline
	default:
		return errors.New("no operation")
	}
	switch {
	case amount != c.req.AmountIn.String():
		return fmt.Errorf("operation amount %q is not the leg's %s", orchestration.Clip(amount), c.req.AmountIn)
	case recipient != "" && !strings.EqualFold(recipient, c.req.Recipient.String()):
		return fmt.Errorf("operation recipient %q is not the leg's %s", orchestration.Clip(recipient), c.req.Recipient)
	case deadline != fmt.Sprint(c.deadline):
		return fmt.Errorf("operation deadline %q is not the permit's %d", orchestration.Clip(deadline), c.deadline)
	}
	return nil
}

func (r *run) composePermit(p priced, rt *route) (candidate, error) {
	var recipes []orchestration.PermitRecipe
	var total time.Duration
	var expires uint64
	earlier := map[string]int{} // permits of one token before this one
	var fees []orchestration.Fee
	for _, c := range rt.legs {
		var err error
		if fees, err = r.legFees(fees, c); err != nil {
			return candidate{}, &legFailure{c: c, err: err}
		}
		from := c.req.From
		chain, ok := r.e.catalog.Chain(from.Chain)
		if !ok {
			return candidate{}, fmt.Errorf("chain %s is not in the catalog", from.Chain)
		}
		key := string(from.Chain) + "/" + from.Address
		td, err := r.permitFunding(from.Chain).Permit(p.states.state[from.Chain], c.req, earlier[key], c.deadline)
		if err != nil {
			return candidate{}, err
		}
		earlier[key]++
		recipes = append(recipes, orchestration.PermitRecipe{
			Provider: r.e.ids[c.prov], Annotation: c.permitLeg.Annotation,
			Chain: chain.Name, ChainID: chain.ChainID, Spender: c.req.Spender, Value: c.permitLeg.Value,
			TypedData: td, Operation: c.permitLeg.Operation, FunctionSignature: c.permitLeg.FunctionSignature,
			Solver: c.permitLeg.Solver,
		})
		total += c.leg.EstTime
		if expires == 0 || c.deadline < expires {
			expires = c.deadline
		}
	}
	last := rt.legs[len(rt.legs)-1].leg
	q := orchestration.PermitQuote{
		Route:        r.req.Route(),
		Recipient:    r.req.Recipient,
		AmountIn:     r.req.AmountIn.String(),
		AmountOut:    last.AmountOut.String(),
		MinAmountOut: last.floor().String(),
		EstFillTime:  seconds(total),
		ExpiresAt:    int64(expires),
		Recipes:      recipes,
		Fees:         fees,
	}
	return candidate{permit: q, amountOut: last.AmountOut, estFillTime: q.EstFillTime, steps: len(recipes), order: rt.index}, nil
}
