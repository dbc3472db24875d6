package evm_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

// transferUSDC sends amount USDC from key to `to` on chain and waits for it:
// a new block with a changed balance.
func transferUSDC(t testing.TB, chain orchestration.Chain, key *ecdsa.PrivateKey, to common.Address, amount int64) {
	t.Helper()
	c, _ := dn.Chain(chain)
	usdc, _ := bindings.NewMToken(dn.Contracts(chain).USDC, c.Client())
	opts, _ := bind.NewKeyedTransactorWithChainID(key, new(big.Int).SetUint64(c.ChainID))
	tx, err := usdc.Transfer(opts, to, big.NewInt(amount))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitMined(context.Background(), tx); err != nil {
		t.Fatal(err)
	}
}

// freshAddress is an address no other test uses.
func freshAddress(t testing.TB) common.Address {
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return crypto.PubkeyToAddress(k.PublicKey)
}

// readCounting reads and returns the answers and the round trips made.
func readCounting(t testing.TB, r *evm.Reader, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, int) {
	t.Helper()
	ctx, trips := evm.WithTrips(context.Background())
	a, err := r.Read(ctx, chain, calls)
	if err != nil {
		t.Fatal(err)
	}
	if trips.Total() != trips.Of(chain) {
		t.Errorf("round trips to other chains than %s: %v", chain, trips.Chains())
	}
	return a, trips.Of(chain)
}

func uint256(t testing.TB, a *evm.Answers, c evm.Call) int64 {
	t.Helper()
	n, err := evm.DecodeUint256(mustGet(t, a, c))
	if err != nil {
		t.Fatal(err)
	}
	return n.Int64()
}

func TestReadCachesImmutableAnswersForGood(t *testing.T) {
	r := newReader(t, evm.Config{})
	chain := orchestration.ArbitrumSepolia
	k := dn.Contracts(chain)
	calls := []evm.Call{
		{To: k.USDC, Data: pack(t, "MToken", "decimals"), Immutable: true},
		{To: k.SwapFacility, Data: pack(t, "SwapFacility", "mToken"), Immutable: true},
	}
	first, trips := readCounting(t, r, chain, calls)
	if trips != 1 {
		t.Fatalf("first read: %d round trips, want 1", trips)
	}
	transferUSDC(t, chain, account(t, "carol").Key, freshAddress(t), 1) // a new block changes nothing
	again, trips := readCounting(t, r, chain, calls)
	if trips != 0 {
		t.Errorf("repeat: %d round trips, want 0", trips)
	}
	for _, c := range calls {
		if string(mustGet(t, again, c).Data) != string(mustGet(t, first, c).Data) {
			t.Errorf("call to %s: cached answer differs", c.To)
		}
	}
	if got := common.BytesToAddress(mustGet(t, again, calls[1]).Data); got != k.MToken {
		t.Errorf("mToken() = %s, want %s", got, k.MToken)
	}
}

func TestReadCachesStateForOneBlock(t *testing.T) {
	r := newReader(t, evm.Config{})
	chain := orchestration.ArbitrumSepolia
	k := dn.Contracts(chain)
	holder := freshAddress(t)
	balance := evm.ERC20BalanceOf(k.USDC, holder)
	decimals := evm.Call{To: k.USDC, Data: pack(t, "MToken", "decimals"), Immutable: true}
	calls := []evm.Call{balance, decimals}

	first, trips := readCounting(t, r, chain, calls)
	if trips != 1 || uint256(t, first, balance) != 0 {
		t.Fatalf("first read: %d round trips, balance %d; want 1, 0", trips, uint256(t, first, balance))
	}
	same, trips := readCounting(t, r, chain, calls)
	checkRepeat(t, "repeat", first, same, trips)
	if uint256(t, same, balance) != 0 {
		t.Errorf("repeat: balance %d, want 0", uint256(t, same, balance))
	}

	transferUSDC(t, chain, account(t, "carol").Key, holder, 42)
	next, trips := readCounting(t, r, chain, calls)
	if trips != 2 {
		t.Errorf("repeat after a new block: %d round trips, want 2 (eth_blockNumber, aggregate3)", trips)
	}
	if next.Block <= first.Block || uint256(t, next, balance) != 42 || uint256(t, next, decimals) != 6 {
		t.Errorf("after a new block: block %d (was %d), balance %d, decimals %d; want a newer block, 42, 6",
			next.Block, first.Block, uint256(t, next, balance), uint256(t, next, decimals))
	}

	// A call not seen before goes straight to aggregate3, with every other
	// state call, so that all answers are of one block: the newest, which
	// the package devnet's relayer may have moved past next.Block.
	other := evm.ERC20BalanceOf(k.USDT, holder)
	mixed, trips := readCounting(t, r, chain, []evm.Call{balance, other})
	if trips != 1 || mixed.Block < next.Block || uint256(t, mixed, balance) != 42 || uint256(t, mixed, other) != 0 {
		t.Errorf("new call: %d round trips, block %d, balance %d; want 1, at least %d, 42", trips, mixed.Block, uint256(t, mixed, balance), next.Block)
	}
}

func TestReadAtServesCachedBlocksWithoutIO(t *testing.T) {
	r := newReader(t, evm.Config{})
	chain := orchestration.ArbitrumSepolia
	k := dn.Contracts(chain)
	holder := freshAddress(t)
	balance := evm.ERC20BalanceOf(k.USDC, holder)
	calls := []evm.Call{balance, {To: k.USDC, Data: pack(t, "MToken", "decimals"), Immutable: true}}

	before, _ := readCounting(t, r, chain, calls)
	transferUSDC(t, chain, account(t, "carol").Key, holder, 7)

	ctx, trips := evm.WithTrips(context.Background())
	at, err := r.ReadAt(ctx, chain, calls, before.Block)
	if err != nil {
		t.Fatal(err)
	}
	if trips.Total() != 0 || at.Block != before.Block || uint256(t, at, balance) != 0 {
		t.Errorf("ReadAt a cached block: %d round trips, block %d, balance %d; want 0, %d, 0", trips.Total(), at.Block, uint256(t, at, balance), before.Block)
	}

	// A call not cached for that block is read at that block, not the
	// latest: it sees the state before the transfer.
	other := evm.ERC20BalanceOf(k.USDC, account(t, "carol").Address)
	now, err := r.Read(context.Background(), chain, []evm.Call{other})
	if err != nil {
		t.Fatal(err)
	}
	ctx, trips = evm.WithTrips(context.Background())
	old, err := r.ReadAt(ctx, chain, []evm.Call{balance, other}, before.Block)
	if err != nil {
		t.Fatal(err)
	}
	if trips.Total() != 1 {
		t.Errorf("ReadAt with an uncached call: %d round trips, want 1", trips.Total())
	}
	if uint256(t, old, other)-uint256(t, now, other) != 7 {
		t.Errorf("carol's balance at block %d is %d, now %d: want 7 more before the transfer", before.Block, uint256(t, old, other), uint256(t, now, other))
	}
}

func TestStateCacheKeepsTheNewestTwoBlocks(t *testing.T) {
	r := newReader(t, evm.Config{})
	chain := orchestration.ArbitrumSepolia
	k := dn.Contracts(chain)
	calls := []evm.Call{evm.ERC20BalanceOf(k.USDC, freshAddress(t))}
	var blocks []uint64
	for range 3 {
		a, _ := readCounting(t, r, chain, calls)
		blocks = append(blocks, a.Block)
		transferUSDC(t, chain, account(t, "carol").Key, freshAddress(t), 1)
	}
	for i, want := range []int{1, 0, 0} { // the oldest block was dropped
		ctx, trips := evm.WithTrips(context.Background())
		if _, err := r.ReadAt(ctx, chain, calls, blocks[i]); err != nil {
			t.Fatal(err)
		}
		if trips.Total() != want {
			t.Errorf("ReadAt block %d (read %d of 3): %d round trips, want %d", blocks[i], i+1, trips.Total(), want)
		}
	}
}

func TestImmutableTTL(t *testing.T) {
	r := newReader(t, evm.Config{ImmutableTTL: time.Nanosecond}) // expired by the next read
	chain := orchestration.ArbitrumSepolia
	calls := []evm.Call{{To: dn.Contracts(chain).USDC, Data: pack(t, "MToken", "decimals"), Immutable: true}}
	for i := range 2 {
		if _, trips := readCounting(t, r, chain, calls); trips != 1 {
			t.Errorf("read %d: %d round trips, want 1 (the answer expired)", i, trips)
		}
	}
}

func TestImmutableRevertIsNotCachedForGood(t *testing.T) {
	r := newReader(t, evm.Config{})
	chain := orchestration.ArbitrumSepolia
	k := dn.Contracts(chain)
	// decimals() of an account with no code returns nothing; of the
	// facility, it reverts (no such function).
	calls := []evm.Call{{To: k.SwapFacility, Data: pack(t, "MToken", "decimals"), Immutable: true}}
	a, _ := readCounting(t, r, chain, calls)
	if mustGet(t, a, calls[0]).OK {
		t.Fatal("decimals() of the SwapFacility succeeded")
	}
	again, trips := readCounting(t, r, chain, calls)
	checkRepeat(t, "repeat of a reverted immutable call", a, again, trips)

	// At its block, the revert is served from the cache; at a newer one,
	// it is read again.
	ctx, counted := evm.WithTrips(context.Background())
	if _, err := r.ReadAt(ctx, chain, calls, again.Block); err != nil {
		t.Fatal(err)
	}
	if counted.Total() != 0 {
		t.Errorf("ReadAt the block of the revert: %d round trips, want 0", counted.Total())
	}
	transferUSDC(t, chain, account(t, "carol").Key, freshAddress(t), 1)
	next, trips := readCounting(t, r, chain, calls)
	if trips != 2 || next.Block <= again.Block || mustGet(t, next, calls[0]).OK {
		t.Errorf("after a new block: %d round trips, block %d (was %d), ok %v; want 2 (eth_blockNumber, aggregate3), a newer block, a revert",
			trips, next.Block, again.Block, mustGet(t, next, calls[0]).OK)
	}
}

// checkRepeat checks a repeated read of calls whose answers are all cached
// for the block of first: one round trip (eth_blockNumber) when the chain
// is still at that block, two (eth_blockNumber, aggregate3) and a newer
// block when it has moved on. The package devnet may seal a block of its
// own between two reads (its relayer, or the simulated beacon sealing an
// empty block after a transaction the pool has not yet forgotten), so a
// test cannot count on the block standing still.
func checkRepeat(t *testing.T, what string, first, again *evm.Answers, trips int) {
	t.Helper()
	switch {
	case again.Block == first.Block && trips != 1:
		t.Errorf("%s in the same block %d: %d round trips, want 1 (eth_blockNumber)", what, again.Block, trips)
	case again.Block < first.Block:
		t.Errorf("%s: block %d, older than the first read's %d", what, again.Block, first.Block)
	case again.Block > first.Block && trips != 2:
		t.Errorf("%s after the chain moved from block %d to %d: %d round trips, want 2", what, first.Block, again.Block, trips)
	}
}
