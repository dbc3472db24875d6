package uniswapv3

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// maxBps is 100% in basis points.
const maxBps = 10_000

// Reads declares the chain's clock (Multicall3.getCurrentBlockTimestamp)
// and, when the amount is known, the QuoterV2's quote of the leg.
func (p *Provider) Reads(leg quote.LegRequest) []quote.Read {
	chain, ok := p.catalog.Chain(leg.From.Chain)
	pool, isPool := leg.Detail.(Pool)
	if !ok || !isPool {
		return nil
	}
	if leg.AmountIn == nil && leg.AmountOut != nil {
		return p.exactOutReads(chain, leg, pool).reads // exactout.go
	}
	if leg.AmountIn == nil {
		return p.clockReads.Get(chain.Name, func() []quote.Read { return []quote.Read{p.clockCall(chain)} })
	}
	return p.legReads(chain, leg, pool).reads
}

// quoteKey is what a leg's quote read depends on; amount is 1 then the
// input's 32 bytes, or exactOutAmount then an exact output's (never zero:
// an amount wider than 256 bits is not remembered).
type quoteKey struct {
	chain    orchestration.Chain
	pool     Pool
	from, to string
	amount   [33]byte
}

// legReads are a leg's reads once its amount is known: the clock and the
// QuoterV2's quote.
type legReads struct {
	clock, quote evm.Call
	reads        []quote.Read
}

// legReads returns the leg's reads, built once per pool, direction and
// amount.
func (p *Provider) legReads(chain asset.ChainInfo, leg quote.LegRequest, pool Pool) *legReads {
	build := func() *legReads {
		c, q := p.clockCall(chain), p.quoteCall(chain, leg, pool)
		return &legReads{clock: c, quote: q, reads: []quote.Read{c, q}}
	}
	if leg.AmountIn.Sign() < 0 || leg.AmountIn.BitLen() > 256 {
		return build()
	}
	k := quoteKey{chain: chain.Name, pool: pool, from: leg.From.Address, to: leg.To.Address}
	k.amount[0] = 1
	leg.AmountIn.FillBytes(k.amount[1:])
	return p.quoteReads.Get(k, build)
}

// clockCall reads the block's timestamp, which dates the swap's deadline.
func (p *Provider) clockCall(chain asset.ChainInfo) evm.Call {
	return evm.ClockCall(evm.HexToAddress(chain.Contracts.Multicall3))
}

// quoteCall is QuoterV2.quoteExactInputSingle for the leg, a state read.
func (p *Provider) quoteCall(chain asset.ChainInfo, leg quote.LegRequest, pool Pool) evm.Call {
	return evm.MustMethodCall(evm.HexToAddress(chain.Contracts.Quoter), p.quoteExactInputSingle, false,
		bindings.QuoteExactInputSingleParams{
			TokenIn:           evm.HexToAddress(leg.From.Address),
			TokenOut:          evm.HexToAddress(leg.To.Address),
			AmountIn:          leg.AmountIn,
			Fee:               fee24(pool.Fee),
			SqrtPriceLimitX96: new(big.Int),
		})
}

func fee24(fee uint32) *big.Int { return new(big.Int).SetUint64(uint64(fee)) }

// routerPlaceholders are recipients SwapRouter02 reads as constants:
// address(1) pays msg.sender and address(2) keeps the output in the router.
// The zero address is no recipient either.
var routerPlaceholders = []common.Address{{}, common.BytesToAddress([]byte{1}), common.BytesToAddress([]byte{2})}

// chainRef is what a priced leg keeps of its chain: a chain's whole entry
// (its address book) would be copied into every leg priced.
type chainRef struct {
	Name    orchestration.Chain
	ChainID uint64
	router  string // SwapRouter02
}

// pricedLeg is a leg priced from the QuoterV2's answer: what QuoteLeg and
// PermitLeg share.
type pricedLeg struct {
	chain     chainRef
	pool      Pool
	recipient common.Address
	now       uint64   // the chain's clock at the read
	out, min  *big.Int // expected output and the floor slippage allows
}

// amounts holds a priced leg's output and floor with their arrays, so
// that a leg priced allocates them with what keeps them (swapLeg).
type amounts struct {
	out, min big.Int
	words    [2*uint256Words + 1]big.Word // out's, then min's (a word wider while it is multiplied)
}

// uint256Words is how many big.Words hold 256 bits.
const uint256Words = 256 / bits.UintSize

// price checks the leg and prices it from the answers, into a.
func (p *Provider) price(ctx context.Context, leg quote.LegRequest, a *amounts) (pricedLeg, error) {
	if err := ctx.Err(); err != nil {
		return pricedLeg{}, err
	}
	pool, ok := leg.Detail.(Pool)
	if !ok {
		return pricedLeg{}, fmt.Errorf("uniswapv3: %s -> %s on %s is not an edge of this provider (detail %T)",
			leg.From.Symbol, leg.To.Symbol, leg.From.Chain, leg.Detail)
	}
	chain, ok := p.catalog.Chain(leg.From.Chain)
	switch {
	case !ok || leg.To.Chain != leg.From.Chain:
		return pricedLeg{}, fmt.Errorf("uniswapv3: %s -> %s is not a same-chain leg of the catalog", leg.From.Chain, leg.To.Chain)
	case leg.AmountIn == nil || leg.AmountIn.Sign() <= 0:
		return pricedLeg{}, errors.New("uniswapv3: the leg's amount must be greater than zero")
	case leg.SlippageBps < 0 || leg.SlippageBps > orchestration.MaxSlippageBps:
		// The request's own bound: the engine validates it, so only a
		// caller bypassing the engine gets here.
		return pricedLeg{}, fmt.Errorf("uniswapv3: slippage %d bps is not between 0 and %d", leg.SlippageBps, orchestration.MaxSlippageBps)
	case leg.Recipient.IsZero():
		return pricedLeg{}, errors.New("uniswapv3: the leg has no recipient")
	}
	recipient := leg.Recipient.EVM()
	for _, ph := range routerPlaceholders {
		if recipient == ph {
			return pricedLeg{}, fmt.Errorf("%w: the router reads recipient %s as a placeholder, not an address to pay", quote.ErrNoRoute, recipient)
		}
	}

	lr := p.legReads(chain, leg, pool)
	now, err := evm.DecodeClockOf(evmruntime.Answers(leg.State), lr.clock)
	if err != nil {
		return pricedLeg{}, fmt.Errorf("uniswapv3: %s block timestamp: %w", chain.Name, err)
	}
	what := func() string { // for errors only: the usual path formats nothing
		return fmt.Sprintf("%s -> %s in the %s pool on %s", leg.From.Symbol, leg.To.Symbol, feePercent(pool.Fee), chain.Name)
	}
	out := a.out.SetBits(a.words[:0:uint256Words])
	err = evm.DecodeBigInto(p.quoteExactInputSingle, evmruntime.Answers(leg.State), lr.quote, out)
	if err != nil {
		if rev, ok := errors.AsType[*evm.RevertError](err); ok {
			return pricedLeg{}, fmt.Errorf("%w: the QuoterV2 cannot quote %s %s (%s)", quote.ErrNoRoute,
				orchestration.FormatUnits(leg.AmountIn, leg.From.Decimals), what(), evm.RevertReason(rev.Data, p.quoterABI, p.routerABI))
		}
		return pricedLeg{}, fmt.Errorf("uniswapv3: QuoterV2 quote of %s: %w", what(), err)
	}
	if out.Sign() == 0 {
		return pricedLeg{}, fmt.Errorf("%w: %s %s buys nothing", quote.ErrNoRoute, orchestration.FormatUnits(leg.AmountIn, leg.From.Decimals), what())
	}
	min := a.min.SetBits(a.words[uint256Words:uint256Words])
	min.Mul(out, big.NewInt(int64(maxBps-leg.SlippageBps)))
	divWords(min, maxBps)
	if min.Sign() == 0 {
		return pricedLeg{}, fmt.Errorf("%w: %s at %d bps slippage guarantees nothing", quote.ErrNoRoute, what(), leg.SlippageBps)
	}
	return pricedLeg{chain: chainRef{chain.Name, chain.ChainID, chain.Contracts.SwapRouter}, pool: pool, recipient: recipient, now: now, out: out, min: min}, nil
}

// validUntil is how long pl's price holds: StateBlocks block times of
// its chain after the block it was read at (quote.StateValidUntil), and
// never past the swap's deadline, after which the router reverts it.
func (p *Provider) validUntil(pl pricedLeg) time.Time {
	return quote.Earliest(p.stateValidUntil(pl), time.Unix(int64(pl.now), 0).Add(p.deadline))
}

// stateValidUntil is how long the pool's price read for pl holds.
func (p *Provider) stateValidUntil(pl pricedLeg) time.Time {
	bt := p.blockTime
	if c, ok := p.blockTimes[pl.chain.Name]; ok {
		bt = c
	}
	return quote.StateValidUntil(time.Unix(int64(pl.now), 0), p.now(), p.stateBlocks, bt)
}

// divWords sets z to z/d, rounded down, in z's own array: Int.Quo would
// allocate the remainder.
func divWords(z *big.Int, d uint) {
	w := z.Bits()
	var r uint
	for i := len(w) - 1; i >= 0; i-- {
		var q uint
		q, r = bits.Div(r, uint(w[i]), d)
		w[i] = big.Word(q)
	}
	z.SetBits(w) // normalized
}

// annotation says what the swap does.
func (pl pricedLeg) annotation(leg quote.LegRequest) string {
	sl := swapLeg{pl: pl, edge: leg.Edge, amount: leg.AmountIn}
	return sl.annotation()
}

// swapLeg is what a priced leg keeps to build its payload: the few parts
// of the leg it needs rather than a copy of it (most legs priced are never
// built), and its amounts (pl's out and min), in one allocation.
type swapLeg struct {
	p       *Provider
	pl      pricedLeg
	edge    *quote.Edge // the engine's, shared: read only
	amount  *big.Int
	amounts amounts
}

func (sl *swapLeg) annotation() string {
	from, to := sl.edge.From, sl.edge.To
	return fmt.Sprintf("Swap %s %s for at least %s %s on Uniswap V3 (%s pool) on %s",
		orchestration.FormatUnits(sl.amount, from.Decimals), from.Symbol,
		orchestration.FormatUnits(sl.pl.min, to.Decimals), to.Symbol, feePercent(sl.pl.pool.Fee), sl.pl.chain.Name)
}

// build is the router's multicall(deadline, [exactInputSingle]) of the leg.
func (sl *swapLeg) build() ([]orchestration.Payload, error) {
	p, pl := sl.p, sl.pl
	swap, err := evm.Calldata(p.exactInputSingle, bindings.ExactInputSingleParams{
		TokenIn:           evm.HexToAddress(sl.edge.From.Address),
		TokenOut:          evm.HexToAddress(sl.edge.To.Address),
		Fee:               fee24(pl.pool.Fee),
		Recipient:         pl.recipient,
		AmountIn:          sl.amount,
		AmountOutMinimum:  pl.min,
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
		Provider:   orchestration.ProviderUniswapV3,
		Annotation: sl.annotation(),
		Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: pl.chain.Name, ChainID: pl.chain.ChainID, To: pl.chain.router,
			Data: hexutil.Encode(data), Value: "0",
		}},
	}}, nil
}

// QuoteLeg prices the leg from the QuoterV2's answer and returns the
// router payload, with the floor the request's slippage allows and a
// deadline counted from the chain's clock at the quote.
func (p *Provider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	sl := &swapLeg{p: p, edge: leg.Edge, amount: leg.AmountIn}
	pl, err := p.price(ctx, leg, &sl.amounts)
	if err != nil {
		return quote.Leg{}, err
	}
	sl.pl = pl
	return quote.Leg{
		AmountOut:    pl.out,
		MinAmountOut: pl.min,
		EstTime:      p.estTime,
		ValidUntil:   p.validUntil(pl),
		BuildFees:    sl.fees,
		Build:        sl.build,
	}, nil
}

// PermitLeg prices the leg as QuoteLeg does and returns it as the router's
// multicall(deadline, [selfPermit, exactInputSingle]) (operation ammSwap),
// expiring with the permit.
func (p *Provider) PermitLeg(ctx context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	pl, err := p.price(ctx, leg, new(amounts))
	if err != nil {
		return quote.PermitLeg{}, err
	}
	return quote.PermitLeg{
		AmountOut: pl.out, MinAmountOut: pl.min, EstTime: p.estTime,
		ValidUntil: p.stateValidUntil(pl), // the deadline is the permit's, which the quote's expiry takes too
		Fees:       poolFees(leg.From, leg.AmountIn, pl.pool.Fee),
		Annotation: pl.annotation(leg) + ", with a permit",
		Operation: orchestration.PermitOperation{AMMSwap: &orchestration.AMMSwapPermitOp{
			TokenIn: leg.From.Address, TokenOut: leg.To.Address, Fee: pl.pool.Fee, Recipient: leg.Recipient.String(),
			AmountIn: leg.AmountIn.String(), AmountOutMinimum: pl.min.String(), Deadline: fmt.Sprint(deadline),
		}},
		FunctionSignature: eip2612.AMMSwapSignature,
		Value:             "0",
	}, nil
}

// feePercent writes a fee tier as a percentage: 500 is "0.05%".
func feePercent(fee uint32) string {
	return strconv.FormatFloat(float64(fee)/maxBps, 'f', -1, 64) + "%"
}

// fees are the pool's fee on the leg sl prices (quote.Leg.BuildFees:
// built only for the legs of the quotes composed, decision 106).
func (sl *swapLeg) fees() []orchestration.Fee {
	return poolFees(sl.edge.From, sl.amount, sl.pl.pool.Fee)
}

// poolFees is the pool's fee on a swap of amountIn of from: its tier
// (hundredths of a basis point) of the amount in, in the input token,
// rounded up as the pool takes it (a V3 pool's swap step charges
// mulDivRoundingUp). The description is the tier's, made once (the amount
// is the fee's own).
func poolFees(from asset.AssetInfo, amountIn *big.Int, tier uint32) []orchestration.Fee {
	fee := new(big.Int).SetUint64(uint64(tier))
	fee.Mul(fee, amountIn).Add(fee, millionLessOne).Quo(fee, million)
	if fee.Sign() == 0 {
		return nil
	}
	return []orchestration.Fee{{Kind: orchestration.FeePool, Chain: from.Chain, Token: from.Address, Amount: fee.String(),
		Description: poolFeeDescription(tier)}}
}

// million and millionLessOne divide a tier's fee, rounding up; read only.
var million, millionLessOne = big.NewInt(1_000_000), big.NewInt(1_000_000 - 1)

// poolFeeDescriptions holds each tier's fee description, made once.
var poolFeeDescriptions sync.Map // uint32 -> string

func poolFeeDescription(tier uint32) string {
	if d, ok := poolFeeDescriptions.Load(tier); ok {
		return d.(string)
	}
	d := "the " + feePercent(tier) + " pool's fee"
	poolFeeDescriptions.Store(tier, d)
	return d
}
