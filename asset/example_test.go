package asset_test

import (
	"errors"
	"fmt"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

func Example() {
	catalog, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{
			{Name: orchestration.Base, ChainID: 8453},
		},
		Assets: []asset.AssetConfig{{
			Chain:    orchestration.Base,
			Address:  "0x866a2bf4e572cbcf37d5071a7a58503bfb36be1b", // any case; stored checksummed
			Symbol:   "M",
			Name:     "M by M^0",
			Decimals: 6,
			Permit:   true,
		}},
	})
	if err != nil {
		panic(err)
	}

	m, err := catalog.Resolve(orchestration.AssetAddress{Chain: orchestration.Base, Address: "0x866A2BF4E572CBCF37D5071A7A58503BFB36BE1B"})
	fmt.Println(m.Symbol, m.Address, m.Decimals, m.Permit, err)

	_, err = catalog.Resolve(orchestration.AssetAddress{Chain: orchestration.Base, Address: "0x437cc33344a0b27a429f795ff6b469c72698b291"})
	fmt.Println(err, errors.Is(err, asset.ErrUnsupportedAsset))

	_, err = catalog.Resolve(orchestration.AssetAddress{Chain: orchestration.Base, Address: "0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b"})
	fmt.Println(errors.Is(err, asset.ErrMalformedAddress))

	_, err = catalog.Resolve(orchestration.AssetAddress{Chain: orchestration.Arbitrum, Address: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"})
	fmt.Println(err, errors.Is(err, asset.ErrChainNotEnabled))

	_, err = catalog.Resolve(orchestration.AssetAddress{Chain: "Foo", Address: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"})
	fmt.Println(err, errors.Is(err, asset.ErrUnknownChain))
	// Output:
	// M 0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b 6 true <nil>
	// asset 0x437cc33344a0B27A429f795ff6B469C72698B291 is not supported on Base true
	// true
	// chain Arbitrum is not enabled on this service true
	// unknown chain "Foo" true
}

func ExampleDefault() {
	c := asset.Default()
	base, _ := c.Chain(orchestration.Base)
	fmt.Println(base.ChainID, base.Contracts.SwapFacility)
	// Output:
	// 8453 0xB6807116b3B1B321a390594e31ECD6e0076f6278
}
