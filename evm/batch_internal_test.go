package evm

import (
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// batchCache is a chain cache holding, at block 7, a state call answering
// 1 and an immutable one answering 2 that expires at ttl from its clock.
func batchCache(t *testing.T, ttl time.Duration) (c *chainCache, state, imm Call, now *time.Time) {
	t.Helper()
	clock := time.Unix(1_000_000, 0)
	c = newChainCache(ttl, 0, 0, nil)
	c.now = func() time.Time { return clock }
	state = keyed(Call{To: common.Address{1}, Data: []byte{0xaa}})
	imm = keyed(Call{To: common.Address{2}, Data: []byte{0xbb}, Immutable: true})
	store(c, 7, state, 1)
	store(c, 7, imm, 2)
	return c, state, imm, &clock
}

// store records v as the answer to call at block.
func store(c *chainCache, block uint64, call Call, v byte) {
	a := NewAnswers(block)
	a.Put(call, Result{OK: true, Data: []byte{v}})
	c.store([]Call{call}, a)
}

func byteAnswer(t *testing.T, a *Answers, call Call) byte {
	t.Helper()
	r, ok := a.Get(call)
	if !ok || len(r.Data) != 1 {
		t.Fatalf("no answer to %x", call.Data)
	}
	return r.Data[0]
}

// The same batch asked again at the same block gets the answers built the
// first time, shared; anything that could change them (an answer stored at
// the block, a newer block, an immutable answer expiring) builds them anew.
func TestLookupBatch(t *testing.T) {
	c, state, imm, _ := batchCache(t, time.Minute)
	calls := []Call{state, imm}
	const hash = 42 // any: lookupBatch is given the batch's hash

	first, stateful, ok := c.lookupBatch(calls, hash)
	if !ok || !stateful || first.Block != 7 || byteAnswer(t, first, state) != 1 || byteAnswer(t, first, imm) != 2 {
		t.Fatalf("first lookup: ok %v stateful %v block %d", ok, stateful, first.Block)
	}
	again, _, ok := c.lookupBatch(append([]Call(nil), calls...), hash)
	if !ok || again != first {
		t.Fatalf("the same batch at the same block was built again (ok %v)", ok)
	}

	t.Run("another batch under the same hash", func(t *testing.T) {
		other, _, ok := c.lookupBatch([]Call{state}, hash)
		if !ok || other == first || other.Len() != 1 {
			t.Fatalf("got the other batch's answers (ok %v, %d answers)", ok, other.Len())
		}
	})

	t.Run("an answer stored at the block", func(t *testing.T) {
		c, state, imm, _ := batchCache(t, time.Minute)
		first, _, _ := c.lookupBatch([]Call{state, imm}, hash)
		store(c, 7, state, 9) // a re-read at block 7 (a re-org at that height)
		got, _, ok := c.lookupBatch([]Call{state, imm}, hash)
		if !ok || got == first || byteAnswer(t, got, state) != 9 {
			t.Fatalf("kept answers served after a store (ok %v)", ok)
		}
	})

	t.Run("new answers to other calls at the block", func(t *testing.T) {
		c, state, imm, _ := batchCache(t, time.Minute)
		first, _, _ := c.lookupBatch([]Call{state, imm}, hash)
		store(c, 7, keyed(Call{To: common.Address{3}, Data: []byte{0xcc}}), 5) // another amount's quote
		store(c, 7, state, 1)                                                  // the same answer read again
		got, _, ok := c.lookupBatch([]Call{state, imm}, hash)
		if !ok || got != first {
			t.Fatalf("answers nothing changed were built again (ok %v)", ok)
		}
	})

	t.Run("an immutable answer changed", func(t *testing.T) {
		c, state, imm, _ := batchCache(t, time.Minute)
		first, _, _ := c.lookupBatch([]Call{state, imm}, hash)
		store(c, 7, imm, 3)
		got, _, ok := c.lookupBatch([]Call{state, imm}, hash)
		if !ok || got == first || byteAnswer(t, got, imm) != 3 {
			t.Fatalf("kept answers served after an immutable answer changed (ok %v)", ok)
		}
	})

	t.Run("an answer evicted, then read again changed", func(t *testing.T) {
		c, state, imm, _ := batchCache(t, time.Minute)
		c.stateLimit = 1 // state's answer is the one held
		first, _, _ := c.lookupBatch([]Call{state, imm}, hash)
		store(c, 7, keyed(Call{To: common.Address{3}, Data: []byte{0xcc}}), 5) // evicts state's answer
		store(c, 7, state, 9)                                                  // a re-org's, stored as new
		got, _, ok := c.lookupBatch([]Call{state, imm}, hash)
		if !ok || got == first || byteAnswer(t, got, state) != 9 {
			t.Fatalf("kept answers served after one was evicted and read again (ok %v)", ok)
		}
	})

	t.Run("a newer block", func(t *testing.T) {
		c, state, imm, _ := batchCache(t, time.Minute)
		c.lookupBatch([]Call{state, imm}, hash)
		other := keyed(Call{To: common.Address{3}, Data: []byte{0xcc}})
		store(c, 8, other, 5)
		if _, _, ok := c.lookupBatch([]Call{state, imm}, hash); ok {
			t.Fatal("answers of block 7 served once block 8 is the newest")
		}
	})

	t.Run("an immutable answer expiring", func(t *testing.T) {
		c, state, imm, now := batchCache(t, time.Minute)
		c.lookupBatch([]Call{state, imm}, hash)
		*now = now.Add(time.Minute)
		if _, _, ok := c.lookupBatch([]Call{state, imm}, hash); ok {
			t.Fatal("served an immutable answer past its TTL")
		}
	})

}

// Batches kept are bounded: past maxBatches distinct batches at one block,
// the cache starts over.
func TestLookupBatchBounded(t *testing.T) {
	c, state, _, _ := batchCache(t, 0)
	for i := range maxBatches + 10 {
		if _, _, ok := c.lookupBatch([]Call{state}, uint64(i)); !ok {
			t.Fatal("not answered")
		}
		if len(c.batches) > maxBatches {
			t.Fatalf("%d batches kept, bound %d", len(c.batches), maxBatches)
		}
	}
}
