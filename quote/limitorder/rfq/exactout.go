package rfq

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/quote/limitorder"
)

var _ limitorder.ExactOutputSolver = (*Client)(nil)

// InputFor asks the solver, with an exact-output ask (Request.AmountOut),
// for the input it needs to deliver req.AmountOut, when it is configured to
// answer them (Config.ExactOutput); otherwise it returns
// limitorder.ErrNoOffer without asking. The answer is checked as an offer
// is, and must name a positive amountIn and an amountOut of at least the
// output asked for.
func (c *Client) InputFor(ctx context.Context, req limitorder.ExactOutputRequest) (*big.Int, error) {
	if !c.cfg.ExactOutput {
		return nil, fmt.Errorf("%w: solver %s is not configured for exact-output asks", limitorder.ErrNoOffer, c.cfg.Name)
	}
	if req.AmountOut == nil || req.AmountOut.Sign() <= 0 {
		return nil, fmt.Errorf("rfq: amountOut must be positive, got %v", req.AmountOut)
	}
	out := NewAmount(req.AmountOut)
	o, err := c.ask(ctx, func(id string, deadline time.Time) Request {
		return Request{
			RequestID: id, Deadline: deadline.UTC().Truncate(time.Millisecond),
			From:      Asset{Chain: req.From.Chain, Address: req.From.Address, Symbol: req.From.Symbol, Decimals: req.From.Decimals},
			To:        Asset{Chain: req.To.Chain, Address: req.To.Address, Symbol: req.To.Symbol, Decimals: req.To.Decimals},
			AmountOut: &out, Recipient: req.Recipient,
		}
	})
	if err != nil {
		return nil, err
	}
	if _, err := c.offer(*o); err != nil {
		return nil, err
	}
	switch {
	case o.AmountIn == nil || o.AmountIn.Int == nil || o.AmountIn.Sign() <= 0:
		return nil, errors.New("rfq: the answer to an exact-output ask must name a positive amountIn")
	case o.AmountOut.Cmp(req.AmountOut) < 0:
		return nil, fmt.Errorf("rfq: the answer to an exact-output ask offers %s, less than the %s asked for", o.AmountOut, req.AmountOut)
	}
	return o.AmountIn.Int, nil
}
