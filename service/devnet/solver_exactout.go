package devnet

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

var _ limitorder.ExactOutputSolver = solver{}

// InputFor answers an exact-output ask with the devnet solver's own
// inverse of its price (evmdevnet.Solver.QuoteIn).
func (a solver) InputFor(ctx context.Context, req limitorder.ExactOutputRequest) (*big.Int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in, err := a.s.QuoteIn(orchestration.AssetAddress{Chain: req.From.Chain, Address: req.From.Address},
		orchestration.AssetAddress{Chain: req.To.Chain, Address: req.To.Address}, req.AmountOut)
	if errors.Is(err, evmdevnet.ErrNotTraded) {
		return nil, fmt.Errorf("%w: %v", limitorder.ErrNoOffer, err)
	}
	return in, err
}
