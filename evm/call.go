package evm

import (
	"maps"

	"github.com/ethereum/go-ethereum/common"
)

// Call is one read, executed with eth_call through Multicall3.aggregate3
// (allowFailure=true for each).
type Call struct {
	To   common.Address
	Data []byte
	// Immutable marks a read whose answer never changes (decimals, mToken(),
	// a pool's address, portal bridging paths an admin sets): cached until
	// restart or Config.ImmutableTTL. Others are chain state, cached for one
	// block only.
	Immutable bool

	// key is Key computed once, by MethodCall; empty for a Call built
	// literally. A Call is not modified after it is built.
	key CallKey
}

// CallKey is the comparable identity of a call's To and Data. Two calls
// with the same target and calldata have the same key whatever their
// Immutable flag. It is opaque: compare it, do not parse it.
type CallKey string

// Key returns the call's identity.
func (c Call) Key() CallKey {
	if c.key != "" {
		return c.key
	}
	return CallKey(string(c.To[:]) + string(c.Data))
}

// keyed is c with its Key computed once.
func keyed(c Call) Call {
	c.key = c.Key()
	return c
}

// ReadKey is Key as a string: the identity under which the quote router
// shares a read between routes (a Call is a quote.Read).
func (c Call) ReadKey() string { return string(c.Key()) }

// Result is the answer to one call. OK is false when the call reverted;
// Data is then the revert data (possibly empty).
type Result struct {
	OK   bool
	Data []byte
}

// Answers are results by call, with the block number they were read at.
// An Answers is not safe for concurrent mutation; every Read returns a
// fresh one the caller owns.
type Answers struct {
	// Block is the block the answers were read at. Immutable answers served
	// from the cache carry the block of the read that returned them.
	Block uint64

	results map[CallKey]Result
}

// NewAnswers returns an empty Answers read at block.
func NewAnswers(block uint64) *Answers {
	return &Answers{Block: block, results: map[CallKey]Result{}}
}

// Put records r as the answer to c.
func (a *Answers) Put(c Call, r Result) {
	if a.results == nil {
		a.results = map[CallKey]Result{}
	}
	a.results[c.Key()] = r
}

// Get returns the answer to c, if a holds one. A nil Answers holds none.
func (a *Answers) Get(c Call) (Result, bool) {
	if a == nil {
		return Result{}, false
	}
	r, ok := a.results[c.Key()]
	return r, ok
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
	if a == nil {
		return false
	}
	_, ok := a.results[CallKey(key)]
	return ok
}

// Len is the number of distinct calls answered.
func (a *Answers) Len() int {
	if a == nil {
		return 0
	}
	return len(a.results)
}

// Merge adds b's entries to a, replacing a's answer to the same call, and
// sets a.Block to the larger of the two. Merging nil is a no-op.
func (a *Answers) Merge(b *Answers) {
	if b == nil {
		return
	}
	if a.results == nil {
		a.results = map[CallKey]Result{}
	}
	maps.Copy(a.results, b.results)
	a.Block = max(a.Block, b.Block)
}

func (a *Answers) clone() *Answers {
	return &Answers{Block: a.Block, results: maps.Clone(a.results)}
}
