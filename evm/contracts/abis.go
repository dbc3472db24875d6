package contracts

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
)

//go:embed artifacts/*.abi
var artifacts embed.FS

// parsed holds each ABI MustABI parsed, by name: parsed once, shared.
var parsed sync.Map // string -> *abi.ABI

// MustABI is the parsed ABI of the stand-in contract name, as in
// artifacts/ ("SwapFacility", "OrderBook"): the ABI the bindings are
// generated from, with the real contracts' signatures. It is the one way
// the module takes an ABI, and it does not link the bindings or the RPC
// stack they bring, so a package that only encodes and decodes calls
// (package permit) stays small. The ABIs are compiled in, so a name
// without one, or one that does not parse, is a broken build rather than a
// condition to handle: MustABI panics, and the package's tests load every
// one.
func MustABI(name string) *abi.ABI {
	if a, ok := parsed.Load(name); ok {
		return a.(*abi.ABI)
	}
	raw, err := artifacts.ReadFile("artifacts/" + name + ".abi")
	if err != nil {
		panic(fmt.Sprintf("contracts: no ABI of %s: %v", name, err))
	}
	a, err := abi.JSON(bytes.NewReader(raw))
	if err != nil {
		panic(fmt.Sprintf("contracts: the ABI of %s does not parse: %v", name, err))
	}
	got, _ := parsed.LoadOrStore(name, &a)
	return got.(*abi.ABI)
}

// Names lists the contracts MustABI serves.
func Names() []string {
	entries, _ := artifacts.ReadDir("artifacts")
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".abi"); ok {
			names = append(names, n)
		}
	}
	return names
}

// Pack is the calldata of a call of m with args: its selector and the
// ABI-encoded arguments, in one allocation.
func Pack(m *abi.Method, args ...any) ([]byte, error) {
	packed, err := m.Inputs.Pack(args...)
	if err != nil {
		return nil, fmt.Errorf("packing %s: %w", m.Sig, err)
	}
	return append(append(make([]byte, 0, len(m.ID)+len(packed)), m.ID...), packed...), nil
}
