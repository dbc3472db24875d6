package contracts_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// MustABI serves, for every stand-in, the ABI its bindings carry: the same
// methods by signature and selector and the same events, so that a package
// encoding from the embedded ABIs builds what the bindings build; every
// artifact parses; and a name without one panics.
func TestMustABIIsTheBindings(t *testing.T) {
	bound := map[string]*bind.MetaData{
		"CachedDomainMExtension": bindings.CachedDomainMExtensionMetaData, "ConstantProductPool": bindings.ConstantProductPoolMetaData,
		"ERC1967Proxy": bindings.ERC1967ProxyMetaData, "FiatToken": bindings.FiatTokenMetaData, "MExtension": bindings.MExtensionMetaData,
		"MToken": bindings.MTokenMetaData, "Multicall3": bindings.Multicall3MetaData, "OrderBook": bindings.OrderBookMetaData,
		"PoolFactory": bindings.PoolFactoryMetaData, "Portal": bindings.PortalMetaData, "QuoterV2": bindings.QuoterV2MetaData,
		"SwapFacility": bindings.SwapFacilityMetaData, "SwapRouter02": bindings.SwapRouter02MetaData, "TetherToken": bindings.TetherTokenMetaData,
		"WormholeCore": bindings.WormholeCoreMetaData, "Executor": bindings.ExecutorMetaData, "WormholeBridgeAdapter": bindings.WormholeBridgeAdapterMetaData,
		"PriceFeed": bindings.PriceFeedMetaData,
	}
	names := contracts.Names()
	if g, w := slices.Sorted(slices.Values(names)), slices.Sorted(maps.Keys(bound)); !slices.Equal(g, w) {
		t.Fatalf("Names() = %v; the bindings are %v", g, w)
	}
	for _, name := range names {
		got := contracts.MustABI(name)
		if again := contracts.MustABI(name); again != got {
			t.Errorf("%s: a second MustABI parsed the ABI again", name)
		}
		want, err := bound[name].GetAbi()
		if err != nil {
			t.Fatalf("%s: the binding's ABI: %v", name, err)
		}
		sigs := func(a *abi.ABI) []string {
			var s []string
			for _, m := range a.Methods {
				s = append(s, m.Sig+"@"+string(m.ID))
			}
			slices.Sort(s)
			return s
		}
		if g, w := sigs(got), sigs(want); !slices.Equal(g, w) {
			t.Errorf("%s: the embedded ABI has methods %v, the bindings %v", name, g, w)
		}
		if g, w := slices.Sorted(maps.Keys(got.Events)), slices.Sorted(maps.Keys(want.Events)); !slices.Equal(g, w) {
			t.Errorf("%s: the embedded ABI has events %v, the bindings %v", name, g, w)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("MustABI(NoSuchContract) did not panic")
		}
	}()
	contracts.MustABI("NoSuchContract")
}
