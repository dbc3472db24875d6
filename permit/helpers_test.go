package permit_test

import (
	"crypto/ecdsa"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

func testKey(name string) *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(crypto.Keccak256([]byte("permit-test/" + name)))
	if err != nil {
		panic(err)
	}
	return k
}

// A fictional Sepolia and Base Sepolia: addresses are arbitrary, fixed.
const (
	sepoliaID     = 11155111
	baseSepoliaID = 84532
	deadline      = 1_900_000_000 // 2030-03-17T17:46:40Z
)

var (
	ownerKey  = testKey("owner")
	owner     = crypto.PubkeyToAddress(ownerKey.PublicKey)
	otherKey  = testKey("other")
	recipient = common.HexToAddress("0x00000000000000000000000000000000000ABc12")

	mToken   = common.HexToAddress("0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b")
	wM       = common.HexToAddress("0x437cc33344a0B27A429f795ff6B469C72698B291")
	mUSD     = common.HexToAddress("0xacA92E438df0B2401fF60dA7E4337B687a2435DA")
	usdc     = common.HexToAddress("0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238")
	usdt     = common.HexToAddress("0x7169D38820dfd117C3FA1f22a697dBA58d90BA06")
	baseWM   = common.HexToAddress("0x2222222222222222222222222222222222222222")
	facility = common.HexToAddress("0xB6807116b3B1B321a390594e31ECD6e0076f6278")
	router   = common.HexToAddress("0x3bFA4769FB09eefC5a80d6E87c3B9C650f7Ae48E")
	book     = common.HexToAddress("0xe39B012AB3b20E94a9beEa557eB0DE4171D4D3E4")
	portal   = common.HexToAddress("0xD925C84b55E4e44a53749fF5F2a5A13F63D128fd")
)

func units(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1_000_000)) }

// permitTypedData is the typed data of a permit of value of token for
// spender, by owner.
func permitTypedData(token common.Address, name, version string, spender common.Address, value *big.Int) orchestration.PermitTypedData {
	return orchestration.PermitTypedData{
		Domain: orchestration.EIP712Domain{Name: name, Version: version, ChainID: sepoliaID, VerifyingContract: token.Hex()},
		Message: orchestration.PermitMessage{
			Owner: owner.Hex(), Spender: spender.Hex(), Value: value.String(), Nonce: "3", Deadline: "1900000000",
		},
	}
}

// swapRecipe swaps 10 wM for mUSD through the SwapFacility.
func swapRecipe() orchestration.PermitRecipe {
	return orchestration.PermitRecipe{
		Provider: orchestration.ProviderMSwapFacility, Annotation: "Swap 10 wM for mUSD through the M0 SwapFacility on Sepolia",
		Chain: orchestration.Sepolia, ChainID: sepoliaID, Spender: facility.Hex(), Value: "0",
		TypedData: permitTypedData(wM, "WrappedM by M^0", "1", facility, units(10)),
		Operation: orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{
			Method: "swap", ExtensionIn: wM.Hex(), ExtensionOut: mUSD.Hex(), Amount: units(10).String(),
			Recipient: recipient.Hex(), Deadline: "1900000000",
		}},
		FunctionSignature: permit.SwapWithPermitSignature,
	}
}

// ammRecipe swaps 1.5 USDC for at least 1.49 wM on the router.
func ammRecipe() orchestration.PermitRecipe {
	return orchestration.PermitRecipe{
		Provider: orchestration.ProviderUniswapV3, Annotation: "Swap 1.5 USDC for at least 1.49 wM on Uniswap V3",
		Chain: orchestration.Sepolia, ChainID: sepoliaID, Spender: router.Hex(), Value: "0",
		TypedData: permitTypedData(usdc, "USD Coin", "2", router, big.NewInt(1_500_000)),
		Operation: orchestration.PermitOperation{AMMSwap: &orchestration.AMMSwapPermitOp{
			TokenIn: usdc.Hex(), TokenOut: wM.Hex(), Fee: 500, Recipient: recipient.Hex(),
			AmountIn: "1500000", AmountOutMinimum: "1490000", Deadline: "1900000000",
		}},
		FunctionSignature: permit.AMMSwapSignature,
	}
}

// orderRecipe sells 100 USDC for 99.5 wM on Base Sepolia.
func orderRecipe() orchestration.PermitRecipe {
	return orchestration.PermitRecipe{
		Provider: orchestration.ProviderLimitOrder, Annotation: "Limit order",
		Chain: orchestration.Sepolia, ChainID: sepoliaID, Spender: book.Hex(), Value: "0",
		TypedData: permitTypedData(usdc, "USD Coin", "2", book, units(100)),
		Solver:    &orchestration.PayloadSolver{Address: "0x5555555555555555555555555555555555555555", Exclusive: true},
		Operation: orchestration.PermitOperation{LimitOrder: &orchestration.LimitOrderPermitOp{
			DestChainID: baseSepoliaID, FillDeadline: 1_800_000_000, TokenIn: usdc.Hex(),
			TokenOut: b32(baseWM), AmountIn: units(100).String(), AmountOut: "99500000",
			Recipient: b32(recipient), Solver: b32(common.HexToAddress("0x5555555555555555555555555555555555555555")),
			Sender: owner.Hex(), Deadline: "1900000000",
		}},
		FunctionSignature: permit.LimitOrderSignature,
	}
}

func b32(a common.Address) string { return common.BytesToHash(a.Bytes()).Hex() }

// catalog is the fictional catalog the recipes live in.
func catalog(t testing.TB) *asset.Catalog {
	t.Helper()
	contracts := asset.Contracts{SwapFacility: facility.Hex(), Portal: portal.Hex(), OrderBook: book.Hex(), SwapRouter: router.Hex()}
	c, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{
			{Name: orchestration.Sepolia, ChainID: sepoliaID, Testnet: true, Contracts: contracts},
			{Name: orchestration.BaseSepolia, ChainID: baseSepoliaID, Testnet: true, Contracts: contracts},
		},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Sepolia, Address: mToken.Hex(), Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Sepolia, Address: wM.Hex(), Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true, Permit: true},
			{Chain: orchestration.Sepolia, Address: mUSD.Hex(), Symbol: "mUSD", Name: "MetaMask USD", Decimals: 6, M0Extension: true, Permit: true},
			{Chain: orchestration.Sepolia, Address: usdc.Hex(), Symbol: "USDC", Name: "USD Coin", Decimals: 6, Permit: true},
			{Chain: orchestration.Sepolia, Address: usdt.Hex(), Symbol: "USDT", Name: "Tether USD", Decimals: 6}, // no permit
			{Chain: orchestration.BaseSepolia, Address: mToken.Hex(), Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.BaseSepolia, Address: baseWM.Hex(), Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true, Permit: true},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sign signs the recipe with key, failing the test on error.
func sign(t testing.TB, r orchestration.PermitRecipe, key *ecdsa.PrivateKey) []byte {
	t.Helper()
	h, err := permit.Digest(r)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := crypto.Sign(h[:], key)
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	return sig
}
