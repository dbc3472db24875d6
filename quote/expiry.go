package quote

import "time"

// Defaults of a leg's validity (Leg.ValidUntil) for the providers that
// bound it by the chain state they priced from.
const (
	// DefaultStateBlocks is for how many blocks after the one it was read
	// at a provider trusts chain state it prices from (an AMM pool's
	// price, a bridge's fee): past them, another swap or an update may
	// have moved it.
	DefaultStateBlocks = 3
	// DefaultBlockTime is the block time assumed of a chain whose own is
	// not configured: Ethereum's 12 s, the slowest of the EVM chains
	// served, so that no chain's state is trusted for fewer blocks than
	// configured.
	DefaultBlockTime = 12 * time.Second
	// DefaultStateHorizon is how long state read at the newest head is
	// trusted by a provider that does not read the block's timestamp:
	// DefaultStateBlocks of DefaultBlockTime.
	DefaultStateHorizon = DefaultStateBlocks * DefaultBlockTime
	// SolanaBlockhashValidity estimates how long a Solana transaction
	// built on the latest blockhash can land: the cluster takes a
	// blockhash for 150 blocks after it (getLatestBlockhash's
	// lastValidBlockHeight), some 60 s at 400 ms a slot and longer when
	// slots are skipped; the shorter figure is the safe one. The block
	// height itself is not read (it would cost a round trip), so the
	// estimate counts from when the leg is priced, which the read that
	// fetched the blockhash just preceded.
	SolanaBlockhashValidity = 150 * 400 * time.Millisecond
)

// StateValidUntil is when chain state read at a block dated stamp stops
// holding for a provider that trusts it for blocks blocks of blockTime:
// blocks block times after the block, and a block older than one block
// time (no newer block was mined: a quiet chain, or a devnet that mines
// on demand, so the state read is still the newest) counted as mined one
// block time before now. now is the provider's clock when it prices the
// leg; stamp the chain's, read with the state (Multicall3's
// getCurrentBlockTimestamp, the Clock sysvar), so no round trip is added.
func StateValidUntil(stamp, now time.Time, blocks int, blockTime time.Duration) time.Time {
	if from := now.Add(-blockTime); stamp.Before(from) {
		stamp = from
	}
	return stamp.Add(time.Duration(blocks) * blockTime)
}

// Earliest is the earliest of the validities ts, the zero time being no
// bound; zero when none is bounded.
func Earliest(ts ...time.Time) time.Time {
	var out time.Time
	for _, t := range ts {
		out = earliest(out, t)
	}
	return out
}
