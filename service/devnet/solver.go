package devnet

import (
	"context"
	"errors"
	"fmt"

	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// Solver is the devnet's solver as a limitorder.Solver. The adapter lives
// here, not in either package: evm/devnet must not depend on the quote
// providers, and quote/limitorder, a production package, must not link the
// devnet.
//
// Its offers are open fills (the devnet solver fills any order its price
// covers) at the solver's spread, priced without reading the chains; the
// solver fills only when its devnet runs with Config.Solver.
func Solver(s *evmdevnet.Solver) limitorder.Solver { return solver{s} }

var _ limitorder.Addressed = solver{}

type solver struct{ s *evmdevnet.Solver }

func (a solver) Name() string { return a.s.Name() }

// Address is the solver's account, the same on every devnet chain: its
// offers are attributed to it (limitorder.Addressed).
func (a solver) Address(orchestration.Chain) string { return a.s.Address().Hex() }

func (a solver) Offer(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
	if err := ctx.Err(); err != nil {
		return limitorder.Offer{}, err
	}
	out, err := a.s.Quote(orchestration.AssetAddress{Chain: req.From.Chain, Address: req.From.Address},
		orchestration.AssetAddress{Chain: req.To.Chain, Address: req.To.Address}, req.AmountIn)
	switch {
	case errors.Is(err, evmdevnet.ErrNotTraded):
		return limitorder.Offer{}, fmt.Errorf("%w: %v", limitorder.ErrNoOffer, err)
	case err != nil:
		return limitorder.Offer{}, err
	case out.Sign() <= 0:
		return limitorder.Offer{}, fmt.Errorf("%w: %s in gives nothing out", limitorder.ErrNoOffer, req.AmountIn)
	}
	return limitorder.Offer{Solver: a.s.Name(), Address: a.s.Address().Hex(), AmountOut: out,
		FeeBps: a.s.SpreadBps(), EstFillTime: a.s.EstFillTime()}, nil
}
