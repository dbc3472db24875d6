package contracts

import (
	"embed"
	"fmt"
)

//go:embed artifacts/*.abi
var artifacts embed.FS

// ABI returns the JSON ABI of the stand-in contract name (as in
// artifacts/, "SwapFacility", "OrderBook"): the same ABI the bindings are
// generated from, for a package that encodes or decodes calls without
// linking the bindings and the RPC stack they bring (package permit).
func ABI(name string) ([]byte, error) {
	b, err := artifacts.ReadFile("artifacts/" + name + ".abi")
	if err != nil {
		return nil, fmt.Errorf("contracts: no ABI of %s: %w", name, err)
	}
	return b, nil
}
