package evm

import "hash/maphash"

// Answers are results by call, with the block number they were read at.
// An Answers is not safe for concurrent mutation; every Read returns a
// fresh one the caller owns.
//
// It is a small open-addressing table rather than a map: a warm read builds
// one per call of Read, and a table sized once costs one allocation where a
// map of twenty answers costs four (see BenchmarkReadWarm).
type Answers struct {
	// Block is the block the answers were read at. Immutable answers served
	// from the cache carry the block of the read that returned them.
	Block uint64

	slots []answer // linear probing; len 0 or a power of two, at most 3/4 full
	n     int      // slots in use
}

// answer is one slot of Answers; key "" marks it free (a call's key holds
// its 20-byte target, so it is never empty).
type answer struct {
	hash uint64
	key  CallKey
	res  Result
}

// answerSeed seeds the hashes of every Answers of the process.
var answerSeed = maphash.MakeSeed()

func hashKey(k CallKey) uint64 { return maphash.String(answerSeed, string(k)) }

// NewAnswers returns an empty Answers read at block.
func NewAnswers(block uint64) *Answers { return &Answers{Block: block} }

// newAnswersFor is NewAnswers with room for n answers.
func newAnswersFor(block uint64, n int) *Answers {
	a := &Answers{Block: block}
	a.reserve(n)
	return a
}

// reserve makes room for n answers in all without growing again.
func (a *Answers) reserve(n int) {
	if n == 0 {
		return
	}
	size := 8
	for size*3/4 < n {
		size *= 2
	}
	if size <= len(a.slots) {
		return
	}
	old := a.slots
	a.slots = make([]answer, size)
	for i := range old {
		if s := &old[i]; s.key != "" {
			a.slots[a.free(s.hash)] = *s
		}
	}
}

// free is the index of the first free slot from hash's, for a key known
// not to be in a.
func (a *Answers) free(hash uint64) int {
	mask := len(a.slots) - 1
	i := int(hash) & mask
	for a.slots[i].key != "" {
		i = (i + 1) & mask
	}
	return i
}

// find is the slot holding k, or -1.
func (a *Answers) find(k CallKey, hash uint64) int {
	if len(a.slots) == 0 {
		return -1
	}
	mask := len(a.slots) - 1
	for i := int(hash) & mask; ; i = (i + 1) & mask {
		s := &a.slots[i]
		if s.key == "" {
			return -1
		}
		if s.hash == hash && s.key == k {
			return i
		}
	}
}

// put records r as the answer to the call whose key is k.
func (a *Answers) put(k CallKey, hash uint64, r Result) {
	if i := a.find(k, hash); i >= 0 {
		a.slots[i].res = r
		return
	}
	a.reserve(a.n + 1)
	a.slots[a.free(hash)] = answer{hash: hash, key: k, res: r}
	a.n++
}

func (a *Answers) get(k CallKey) (Result, bool) {
	if a == nil || a.n == 0 {
		return Result{}, false
	}
	if i := a.find(k, hashKey(k)); i >= 0 {
		return a.slots[i].res, true
	}
	return Result{}, false
}

// Put records r as the answer to c.
func (a *Answers) Put(c Call, r Result) {
	k := c.Key()
	a.put(k, hashKey(k), r)
}

// Get returns the answer to c, if a holds one. A nil Answers holds none.
func (a *Answers) Get(c Call) (Result, bool) {
	if a == nil || a.n == 0 {
		return Result{}, false
	}
	return a.get(c.Key())
}

// At is the block the answers were read at (a quote.State); zero for a nil
// Answers.
func (a *Answers) At() uint64 {
	if a == nil {
		return 0
	}
	return a.Block
}

// HasKey reports whether a holds the answer to the call whose ReadKey is
// key (a quote.State).
func (a *Answers) HasKey(key string) bool {
	_, ok := a.get(CallKey(key))
	return ok
}

// Len is the number of distinct calls answered.
func (a *Answers) Len() int {
	if a == nil {
		return 0
	}
	return a.n
}

// Merge adds b's entries to a, replacing a's answer to the same call, and
// sets a.Block to the larger of the two. Merging nil is a no-op.
func (a *Answers) Merge(b *Answers) {
	if b == nil {
		return
	}
	a.reserve(a.n + b.n)
	for i := range b.slots {
		if s := &b.slots[i]; s.key != "" {
			a.put(s.key, s.hash, s.res)
		}
	}
	a.Block = max(a.Block, b.Block)
}

func (a *Answers) clone() *Answers {
	return &Answers{Block: a.Block, slots: append([]answer(nil), a.slots...), n: a.n}
}
