package contracts

import (
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
)

// MustABI is the parsed ABI of a generated binding (bindings.XMetaData),
// parsed once and shared (bind.MetaData keeps it). The ABIs are compiled
// in from artifacts/, so one that does not parse is a broken build, not a
// condition to handle: MustABI panics, and the tests that load every
// binding catch it first.
func MustABI(md *bind.MetaData) *abi.ABI {
	a, err := md.GetAbi()
	if err != nil {
		panic(fmt.Sprintf("contracts: a generated ABI does not parse: %v", err))
	}
	return a
}
