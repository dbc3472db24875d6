package evm

import "github.com/ethereum/go-ethereum/common"

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
