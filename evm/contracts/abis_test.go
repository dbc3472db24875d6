package contracts_test

import (
	"bytes"
	"maps"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// ABI serves, for every stand-in, the ABI its bindings carry: the same
// methods by signature and selector, so that a package encoding from the
// embedded ABIs builds what the bindings build.
func TestABIIsTheBindings(t *testing.T) {
	for name, md := range map[string]*bind.MetaData{
		"FiatToken": bindings.FiatTokenMetaData, "MExtension": bindings.MExtensionMetaData, "MToken": bindings.MTokenMetaData,
		"SwapFacility": bindings.SwapFacilityMetaData, "Portal": bindings.PortalMetaData,
		"OrderBook": bindings.OrderBookMetaData, "SwapRouter02": bindings.SwapRouter02MetaData,
	} {
		raw, err := contracts.ABI(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := abi.JSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := mustABI(t, md)
		sigs := func(a abi.ABI) []string {
			var s []string
			for _, m := range a.Methods {
				s = append(s, m.Sig+"@"+string(m.ID))
			}
			slices.Sort(s)
			return s
		}
		if g, w := sigs(got), sigs(*want); !slices.Equal(g, w) {
			t.Errorf("%s: the embedded ABI has methods %v, the bindings %v", name, g, w)
		}
		if g, w := slices.Sorted(maps.Keys(got.Events)), slices.Sorted(maps.Keys(want.Events)); !slices.Equal(g, w) {
			t.Errorf("%s: the embedded ABI has events %v, the bindings %v", name, g, w)
		}
	}
	if _, err := contracts.ABI("NoSuchContract"); err == nil {
		t.Error("ABI(NoSuchContract) = nil error")
	}
}
