package asset

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/orchestration"
)

// The kinds of Resolve failure, for errors.Is. Each *ResolveError unwraps to
// exactly one of them.
var (
	// ErrUnknownChain: the chain is empty or not a value of the Chain enum.
	ErrUnknownChain = errors.New("unknown chain")
	// ErrChainNotEnabled: a known chain this catalog does not enable.
	ErrChainNotEnabled = errors.New("chain not enabled")
	// ErrMalformedAddress: not an address of the chain's runtime, or an EVM
	// address in mixed case with a wrong EIP-55 checksum.
	ErrMalformedAddress = errors.New("malformed address")
	// ErrUnsupportedAsset: a well-formed address the catalog does not list
	// on that chain.
	ErrUnsupportedAsset = errors.New("unsupported asset")
)

// ResolveError is a Resolve failure. Message is safe to show to the caller;
// it carries no orchestration code, because the code depends on the
// endpoint: the quote engine wraps it as BadQuoteRequest, the permit flow as
// BadPermitRequest.
type ResolveError struct {
	// Kind is one of ErrUnknownChain, ErrChainNotEnabled,
	// ErrMalformedAddress and ErrUnsupportedAsset.
	Kind    error
	Message string
}

func (e *ResolveError) Error() string { return e.Message }

// Unwrap returns Kind.
func (e *ResolveError) Unwrap() error { return e.Kind }

func resolveErr(kind error, format string, args ...any) *ResolveError {
	return &ResolveError{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// Resolve finds the asset at a.Address on a.Chain. EVM addresses match in
// any case (lowercase, uppercase or EIP-55); mixed case with a wrong checksum
// is malformed. SVM addresses match exactly. Failures are *ResolveError; on
// success Resolve does not allocate.
func (c *Catalog) Resolve(a orchestration.AssetAddress) (AssetInfo, error) {
	i, ok := c.byName[a.Chain]
	if !ok {
		return AssetInfo{}, c.chainError(a.Chain)
	}
	ch := &c.chains[i]
	switch ch.Runtime {
	case orchestration.RuntimeEVM:
		addr, mixed, ok := decodeEVM(a.Address)
		if !ok {
			return AssetInfo{}, malformed(ch.Runtime, a.Address)
		}
		if j, found := c.evm[evmKey{ch.Name, addr}]; found {
			if mixed && a.Address != c.assets[j].Address {
				return AssetInfo{}, malformed(ch.Runtime, a.Address)
			}
			return c.assets[j], nil
		}
		if mixed {
			if _, err := orchestration.ParseEVMAddress(a.Address); err != nil {
				return AssetInfo{}, malformed(ch.Runtime, a.Address)
			}
		}
		return AssetInfo{}, resolveErr(ErrUnsupportedAsset, "asset %s is not supported on %s", addr.Hex(), ch.Name)
	case orchestration.RuntimeSVM:
		if j, found := c.svm[svmKey{ch.Name, a.Address}]; found {
			return c.assets[j], nil
		}
		if _, err := orchestration.ParseSVMAddress(a.Address); err != nil {
			return AssetInfo{}, malformed(ch.Runtime, a.Address)
		}
		return AssetInfo{}, resolveErr(ErrUnsupportedAsset, "asset %s is not supported on %s", a.Address, ch.Name)
	}
	// Unreachable: New only admits the two runtimes.
	return AssetInfo{}, resolveErr(ErrChainNotEnabled, "chain %s is not enabled on this service", ch.Name)
}

// chainError explains why name is not an enabled chain.
func (c *Catalog) chainError(name orchestration.Chain) *ResolveError {
	switch {
	case name == "":
		return resolveErr(ErrUnknownChain, "chain is required")
	case name.IsKnown():
		return resolveErr(ErrChainNotEnabled, "chain %s is not enabled on this service", name)
	}
	for _, k := range orchestration.KnownChains() {
		if strings.EqualFold(string(k), string(name)) {
			return resolveErr(ErrUnknownChain, "unknown chain %q (chain names are case-sensitive: did you mean %q?)", orchestration.Clip(string(name)), k)
		}
	}
	return resolveErr(ErrUnknownChain, "unknown chain %q", orchestration.Clip(string(name)))
}

// malformed builds the ErrMalformedAddress error with the parser's
// explanation (which rule failed).
func malformed(rt orchestration.ChainRuntime, s string) *ResolveError {
	_, err := orchestration.ParseAddress(rt, s)
	if err == nil { // not reached: callers pass only input the parser rejects
		err = errors.New("is malformed")
	}
	return resolveErr(ErrMalformedAddress, "address %s", err)
}

// decodeEVM decodes "0x" and 40 hex digits without allocating, and reports
// whether the letters are of mixed case (so the EIP-55 checksum applies).
func decodeEVM(s string) (addr common.Address, mixed, ok bool) {
	if len(s) != 2+2*common.AddressLength || s[0] != '0' || s[1] != 'x' {
		return addr, false, false
	}
	var lower, upper bool
	for i := range common.AddressLength {
		hi, l1, u1, ok1 := nibble(s[2+2*i])
		lo, l2, u2, ok2 := nibble(s[3+2*i])
		if !ok1 || !ok2 {
			return addr, false, false
		}
		addr[i] = hi<<4 | lo
		lower = lower || l1 || l2
		upper = upper || u1 || u2
	}
	return addr, lower && upper, true
}

func nibble(c byte) (v byte, lower, upper, ok bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', false, false, true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true, false, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, false, true, true
	}
	return 0, false, false, false
}
