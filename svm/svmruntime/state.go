package svmruntime

import (
	"strings"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

// AccountRead is the read of one account's state: its data, owner and
// lamports at the slot of the read phase.
type AccountRead struct {
	Key solana.PublicKey
}

// ReadKey identifies the read.
func (r AccountRead) ReadKey() string { return "svm account " + r.Key.String() }

// MintRead is the read of a mint's immutable facts, its decimals and token
// program: once read, they are served from the cache for good (a missing
// mint is not cached, as it may be created later).
type MintRead struct {
	Mint solana.PublicKey
}

// ReadKey identifies the read.
func (r MintRead) ReadKey() string { return "svm mint " + r.Mint.String() }

// MintFacts is what never changes about a mint.
type MintFacts struct {
	Decimals uint8
	// TokenProgram owns the mint: SPL Token or Token-2022.
	TokenProgram solana.PublicKey
}

// State is what a Solana cluster answered to a quote's reads: accounts of
// one phase's slot and mints' immutable facts, and the latest blockhash
// of the quote's first read. It is immutable once returned.
type State struct {
	slot                 uint64
	blockhash            solana.Hash
	lastValidBlockHeight uint64
	accounts             map[solana.PublicKey]*svm.Account // nil: no such account
	mints                map[solana.PublicKey]*MintFacts   // nil: no such mint
}

var _ quote.State = (*State)(nil)

// StateOf is the *State behind a State a Solana runtime returned (nil,
// which answers nothing, for any other State).
func StateOf(s quote.State) *State {
	st, _ := s.(*State)
	return st
}

// At is the slot of the quote's first read phase: later phases read at it
// or after (Solana's RPC cannot read a past slot; it can refuse an older
// one, which the reads ask).
func (s *State) At() uint64 {
	if s == nil {
		return 0
	}
	return s.slot
}

// HasKey reports whether the read with this ReadKey was answered (a
// missing account is an answer).
func (s *State) HasKey(key string) bool {
	if s == nil {
		return false
	}
	if rest, ok := strings.CutPrefix(key, "svm account "); ok {
		k, err := solana.PublicKeyFromBase58(rest)
		_, answered := s.accounts[k]
		return err == nil && answered
	}
	if rest, ok := strings.CutPrefix(key, "svm mint "); ok {
		k, err := solana.PublicKeyFromBase58(rest)
		_, answered := s.mints[k]
		return err == nil && answered
	}
	return false
}

// Account is the answer to AccountRead{key}: the account, nil when it does
// not exist; ok is false when the read was not answered.
func (s *State) Account(key solana.PublicKey) (a *svm.Account, ok bool) {
	if s == nil {
		return nil, false
	}
	a, ok = s.accounts[key]
	return a, ok
}

// Mint is the answer to MintRead{mint}: its facts, nil when the mint does
// not exist; ok is false when the read was not answered.
func (s *State) Mint(mint solana.PublicKey) (f *MintFacts, ok bool) {
	if s == nil {
		return nil, false
	}
	f, ok = s.mints[mint]
	return f, ok
}

// Blockhash is the cluster's latest blockhash at the quote's first read,
// for the transactions of the quote, and the block height after which they
// expire.
func (s *State) Blockhash() (solana.Hash, uint64) {
	if s == nil {
		return solana.Hash{}, 0
	}
	return s.blockhash, s.lastValidBlockHeight
}

// with returns a copy of s holding also the answers of other.
func (s *State) with(accounts map[solana.PublicKey]*svm.Account, mints map[solana.PublicKey]*MintFacts) *State {
	out := &State{slot: s.slot, blockhash: s.blockhash, lastValidBlockHeight: s.lastValidBlockHeight,
		accounts: make(map[solana.PublicKey]*svm.Account, len(s.accounts)+len(accounts)),
		mints:    make(map[solana.PublicKey]*MintFacts, len(s.mints)+len(mints))}
	for k, v := range s.accounts {
		out.accounts[k] = v
	}
	for k, v := range accounts {
		out.accounts[k] = v
	}
	for k, v := range s.mints {
		out.mints[k] = v
	}
	for k, v := range mints {
		out.mints[k] = v
	}
	return out
}
