// Package uniswapv3 is the quote provider "uniswap-v3"
// (orchestration.ProviderUniswapV3): same-chain swaps between catalog tokens
// through Uniswap V3 pools, priced with QuoterV2 and executed through
// SwapRouter02.
//
// # Edges
//
// A chain is served when it is an EVM chain of the catalog whose address
// book names the QuoterV2 (Contracts.Quoter), the SwapRouter02
// (Contracts.SwapRouter) and Multicall3 (Contracts.Multicall3, whose clock
// dates the payloads), and the chain reader serves it. Edges reads each
// served chain in two batches, every chain at once: the QuoterV2's
// factory(), then getPool(tokenA, tokenB, fee) on that factory for every
// unordered pair of the chain's catalog tokens and every fee tier of
// Config.FeeTiers, all in one Read. Both reads are immutable (a pool, once
// created, stays at its address), so the reader caches them.
//
// Every existing pool gives two edges, one per direction, whose Detail is a
// Pool (fee tier and address) and whose Spender is the SwapRouter02: the
// engine adds the approve the funder lacks. A pair with pools at several
// fee tiers has one edge per tier and direction; the engine prices them as
// separate routes and ranks them. A chain whose reads fail is logged (Warn)
// and left out; Edges fails only when no served chain could be read.
//
// The reader caches the factory's answers (an absent pool too) as
// immutable, and the engine lists a provider's edges again every
// quote.Config.EdgesRefresh: a pool created while the service runs is
// served once both have passed (the bundled server sets both from
// service.Config.ContractFactsTTL, 10 minutes by default).
//
// # Reads
//
// For every leg, whatever its amount: Multicall3.getCurrentBlockTimestamp(),
// the chain's own clock at the block the quote is read at. When the leg's
// amount is known, also QuoterV2.quoteExactInputSingle((tokenIn, tokenOut,
// amountIn, fee, sqrtPriceLimitX96 = 0)), a state read (QuoterV2 is not a
// view function; the reader runs it with eth_call). The engine reads both
// in its one batch per chain, so the quote and the clock are of one block;
// the second leg of a route after another leg is quoted in a later batch
// pinned to that block.
//
// # Legs
//
// AmountOut is the QuoterV2's amountOut. MinAmountOut is derived from the
// request's slippageBps (default 50, at most 1000, handed to the leg as
// LegRequest.SlippageBps):
//
//	MinAmountOut = AmountOut * (10000 - slippageBps) / 10000, rounded down
//
// A quote that reverts (no pool, an amount the pool cannot take), a quote
// of zero, or a MinAmountOut that rounds to zero is quote.ErrNoRoute with
// the reason; a missing or malformed answer is a failure.
//
// The leg has one payload, on the SwapRouter02 with value 0:
//
//	multicall(deadline, [exactInputSingle((tokenIn, tokenOut, fee, recipient,
//	    amountIn, amountOutMinimum = MinAmountOut, sqrtPriceLimitX96 = 0))])
//
// where deadline is the block timestamp read with the quote plus
// Config.Deadline. The router reverts the swap when it pays less than
// MinAmountOut, and the whole payload ("Transaction too old") once the
// chain's clock passes the deadline, so a wallet that signs a stale quote
// hours later does not trade at an old price. The router pulls amountIn
// from the transaction's sender, the funder, and pays the leg's recipient.
//
// The leg holds (quote.Leg.ValidUntil, the quote's expiresAt) for
// Config.StateBlocks block times of its chain after that block timestamp
// (quote.StateValidUntil: a block older than one block time counts as one
// block time old), and never past the deadline: the pool's price may have
// moved after a few blocks, and nothing more is read to know it.
//
// # Settings
//
// Config sets the fee tiers (zero value: 100, 500, 3000 and 10000, V3's
// standard tiers), the deadline (zero value: 30 minutes), the estimated
// time of a leg (zero value: 15 seconds), and the state's validity in
// blocks and block times (zero values: 3 blocks of 12 seconds). New does no I/O; Factory adapts
// New to quote.Factory for quote.Build.
package uniswapv3
