package asset_test

import (
	"testing"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// Addresses used across the tests, in canonical form.
const (
	mToken       = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	wMToken      = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	usdcBase     = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
	swapFacility = "0xB6807116b3B1B321a390594e31ECD6e0076f6278"
	multicall3   = "0xcA11bde05977b3631167028862bE2a173976CA11"
	deskAddr     = "0x00000000000000000000000000000000000Ac3E0" // an embedder's own contract
	solanaM      = "mzerojk9tg56ebsrEAhfkyc9VgKjTW2zDqp6C5mhjzH"
	solanaWM     = "mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"
	solanaPortal = "MzBrgc8yXBj4P16GTkcSyDZkEQZB9qDqf3fh9bByJce"
	systemProg   = "11111111111111111111111111111111"
	splToken     = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
	token2022    = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"
	wMExtProgram = "wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"
)

// fixtureConfig is a small valid catalog: two EVM chains and Solana, with
// assets listed out of order so that sorting is exercised.
func fixtureConfig() asset.Config {
	return asset.Config{
		Chains: []asset.ChainConfig{
			{Name: orchestration.Ethereum, Runtime: orchestration.RuntimeEVM, ChainID: 1,
				Contracts: asset.Contracts{SwapFacility: swapFacility, Multicall3: multicall3}},
			{Name: orchestration.Base, ChainID: 8453}, // runtime inferred
			{Name: orchestration.Solana, Runtime: orchestration.RuntimeSVM, ChainID: 1399811149,
				Contracts: asset.Contracts{Portal: solanaPortal}},
		},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Solana, Address: solanaWM, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true},
			{Chain: orchestration.Base, Address: usdcBase, Symbol: "USDC", Name: "USD Coin", Decimals: 6, Permit: true,
				PermitDomain: asset.PermitDomain{Name: "USD Coin", Version: "2"}},
			{Chain: orchestration.Ethereum, Address: wMToken, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true, Permit: true},
			{Chain: orchestration.Base, Address: mToken, Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true,
				Icon: "https://example.com/m.svg"},
			{Chain: orchestration.Ethereum, Address: mToken, Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true,
				PermitDomain: asset.PermitDomain{Name: "M by M^0", Version: "1"}},
			{Chain: orchestration.Solana, Address: solanaM, Symbol: "M", Name: "M by M^0", Decimals: 6},
		},
	}
}

func fixture(t testing.TB) *asset.Catalog {
	t.Helper()
	c, err := asset.New(fixtureConfig())
	if err != nil {
		t.Fatal(err)
	}
	return c
}
