package uniswapv3

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

var _ quote.ExactOutputQuoter = (*Provider)(nil)

// exactOutMethods are QuoterV2.quoteExactOutputSingle and
// SwapRouter02.exactOutputSingle, Uniswap's signatures, which the devnet's
// stand-in implements too.
var exactOutMethods = sync.OnceValues(func() (quoteOut, swapOut abi.Method) {
	quoteOut = contracts.MustABI("QuoterV2").Methods["quoteExactOutputSingle"]
	swapOut = contracts.MustABI("SwapRouter02").Methods["exactOutputSingle"]
	return quoteOut, swapOut
})

// exactOutReads are the reads of an exact-output leg: the chain's clock and
// the QuoterV2's quoteExactOutputSingle of the output wanted, built once per
// pool, direction and output. Reads declares them for a leg with AmountOut
// set, and QuoteLegExactOut finds their answers by them.
func (p *Provider) exactOutReads(chain asset.ChainInfo, leg quote.LegRequest, pool Pool) *legReads {
	build := func() *legReads {
		quoteOut, _ := exactOutMethods()
		c := p.clockCall(chain)
		q := evm.MustMethodCall(evm.HexToAddress(chain.Contracts.Quoter), quoteOut, false,
			bindings.QuoteExactOutputSingleParams{
				TokenIn:           evm.HexToAddress(leg.From.Address),
				TokenOut:          evm.HexToAddress(leg.To.Address),
				Amount:            leg.AmountOut,
				Fee:               fee24(pool.Fee),
				SqrtPriceLimitX96: new(big.Int),
			})
		return &legReads{clock: c, quote: q, reads: []quote.Read{c, q}}
	}
	if leg.AmountOut.Sign() < 0 || leg.AmountOut.BitLen() > 256 {
		return build()
	}
	k := quoteKey{chain: chain.Name, pool: pool, from: leg.From.Address, to: leg.To.Address}
	k.amount[0] = exactOutAmount
	leg.AmountOut.FillBytes(k.amount[1:])
	return p.quoteReads.Get(k, build)
}

// exactOutAmount marks a quoteKey's amount as an exact output's.
const exactOutAmount = 2

// QuoteLegExactOut prices an exact-output leg (decision 92) from the
// QuoterV2's quoteExactOutputSingle and returns the router's
// multicall(deadline, [exactOutputSingle]): the request's slippage bounds
// the input (amountInMaximum, the quoted input raised by it, rounded up),
// and the router delivers the output asked for or reverts.
func (p *Provider) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	if err := ctx.Err(); err != nil {
		return quote.LegIn{}, err
	}
	pool, ok := leg.Detail.(Pool)
	if !ok {
		return quote.LegIn{}, fmt.Errorf("uniswapv3: %s -> %s on %s is not an edge of this provider (detail %T)",
			leg.From.Symbol, leg.To.Symbol, leg.From.Chain, leg.Detail)
	}
	chain, ok := p.catalog.Chain(leg.From.Chain)
	switch {
	case !ok || leg.To.Chain != leg.From.Chain:
		return quote.LegIn{}, fmt.Errorf("uniswapv3: %s -> %s is not a same-chain leg of the catalog", leg.From.Chain, leg.To.Chain)
	case leg.AmountOut == nil || leg.AmountOut.Sign() <= 0:
		return quote.LegIn{}, errors.New("uniswapv3: the leg's output must be greater than zero")
	case leg.SlippageBps < 0 || leg.SlippageBps > orchestration.MaxSlippageBps:
		return quote.LegIn{}, fmt.Errorf("uniswapv3: slippage %d bps is not between 0 and %d", leg.SlippageBps, orchestration.MaxSlippageBps)
	case leg.Recipient.IsZero():
		return quote.LegIn{}, errors.New("uniswapv3: the leg has no recipient")
	}
	recipient := leg.Recipient.EVM()
	for _, ph := range routerPlaceholders {
		if recipient == ph {
			return quote.LegIn{}, fmt.Errorf("%w: the router reads recipient %s as a placeholder, not an address to pay", quote.ErrNoRoute, recipient)
		}
	}
	lr := p.exactOutReads(chain, leg, pool)
	ans := evmruntime.Answers(leg.State)
	now, err := evm.DecodeClockOf(ans, lr.clock)
	if err != nil {
		return quote.LegIn{}, fmt.Errorf("uniswapv3: %s block timestamp: %w", chain.Name, err)
	}
	what := fmt.Sprintf("%s %s from %s in the %s pool on %s", orchestration.FormatUnits(leg.AmountOut, leg.To.Decimals), leg.To.Symbol,
		leg.From.Symbol, feePercent(pool.Fee), chain.Name)
	quoteOut, swapOut := exactOutMethods()
	in := new(big.Int)
	if err := evm.DecodeBigInto(quoteOut, ans, lr.quote, in); err != nil {
		if rev, ok := errors.AsType[*evm.RevertError](err); ok {
			return quote.LegIn{}, fmt.Errorf("%w: the QuoterV2 cannot quote %s (%s)", quote.ErrNoRoute, what, evm.RevertReason(rev.Data, p.quoterABI, p.routerABI))
		}
		return quote.LegIn{}, fmt.Errorf("uniswapv3: QuoterV2 exact-output quote of %s: %w", what, err)
	}
	if in.Sign() == 0 {
		return quote.LegIn{}, fmt.Errorf("uniswapv3: the QuoterV2 quotes no input for %s", what)
	}
	// amountInMaximum = ceil(in * (1 + slippage)).
	most := new(big.Int).Mul(in, big.NewInt(int64(maxBps+leg.SlippageBps)))
	most.Add(most, big.NewInt(maxBps-1)).Quo(most, big.NewInt(maxBps))
	if most.BitLen() > 256 {
		return quote.LegIn{}, fmt.Errorf("%w: %s needs more than a uint256 of input", quote.ErrNoRoute, what)
	}
	pl := pricedLeg{chain: chainRef{chain.Name, chain.ChainID, chain.Contracts.SwapRouter}, pool: pool, recipient: recipient, now: now}
	edge, out := leg.Edge, leg.AmountOut
	return quote.LegIn{
		AmountIn:    in,
		MaxAmountIn: most,
		EstTime:     p.estTime,
		// The pool's fee on the input the swap is quoted to take, built
		// for the quotes composed (decision 106).
		BuildFees:  func() []orchestration.Fee { return poolFees(edge.From, in, pool.Fee) },
		ValidUntil: p.validUntil(pl),
		Build: func() ([]orchestration.Payload, error) {
			swap, err := evm.Calldata(swapOut, bindings.ExactOutputSingleParams{
				TokenIn: evm.HexToAddress(edge.From.Address), TokenOut: evm.HexToAddress(edge.To.Address),
				Fee: fee24(pool.Fee), Recipient: recipient, AmountOut: out, AmountInMaximum: most,
				SqrtPriceLimitX96: new(big.Int),
			})
			if err != nil {
				return nil, fmt.Errorf("uniswapv3: %w", err)
			}
			deadline := new(big.Int).SetUint64(pl.now + uint64(p.deadline/time.Second))
			data, err := evm.Calldata(p.multicallDeadline, deadline, [][]byte{swap})
			if err != nil {
				return nil, fmt.Errorf("uniswapv3: %w", err)
			}
			return []orchestration.Payload{{
				Provider: orchestration.ProviderUniswapV3,
				Annotation: fmt.Sprintf("Swap at most %s %s for %s %s on Uniswap V3 (%s pool) on %s",
					orchestration.FormatUnits(most, edge.From.Decimals), edge.From.Symbol,
					orchestration.FormatUnits(out, edge.To.Decimals), edge.To.Symbol, feePercent(pool.Fee), chain.Name),
				Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
					Chain: pl.chain.Name, ChainID: pl.chain.ChainID, To: pl.chain.router,
					Data: hexutil.Encode(data), Value: "0",
				}},
			}}, nil
		},
	}, nil
}
