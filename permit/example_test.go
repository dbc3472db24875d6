package permit_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// recipeJSON is a swap recipe as POST /permit/quote returns it: 10 wM for
// mUSD through the SwapFacility on Sepolia, for the owner of exampleKey.
const recipeJSON = `{
  "provider": "m-swap-facility",
  "annotation": "Swap 10 wM for mUSD through the M0 SwapFacility on Sepolia",
  "chain": "Sepolia",
  "chainId": 11155111,
  "spender": "0xB6807116b3B1B321a390594e31ECD6e0076f6278",
  "value": "0",
  "typedData": {
    "domain": {"name": "WrappedM by M^0", "version": "1", "chainId": 11155111,
               "verifyingContract": "0x437cc33344a0B27A429f795ff6B469C72698B291"},
    "message": {"owner": "0xDdC77cF5b4e969ff9fD2BF4e07daC6e9dCAb91Bf", "spender": "0xB6807116b3B1B321a390594e31ECD6e0076f6278",
                "value": "10000000", "nonce": "0", "deadline": "1900000000"}
  },
  "operation": {"type": "swap", "method": "swap",
                "extensionIn": "0x437cc33344a0B27A429f795ff6B469C72698B291",
                "extensionOut": "0xacA92E438df0B2401fF60dA7E4337B687a2435DA",
                "amount": "10000000", "recipient": "0xDdC77cF5b4e969ff9fD2BF4e07daC6e9dCAb91Bf", "deadline": "1900000000"},
  "functionSignature": "swapWithPermit(address,address,uint256,address,uint256,bytes)"
}`

// exampleRecipe decodes recipeJSON; the second result is the owner, the
// address of exampleKey.
func exampleRecipe() (orchestration.PermitRecipe, common.Address) {
	var r orchestration.PermitRecipe
	if err := json.Unmarshal([]byte(recipeJSON), &r); err != nil {
		panic(err)
	}
	return r, crypto.PubkeyToAddress(exampleKey.PublicKey)
}

var exampleKey, _ = crypto.ToECDSA(crypto.Keccak256([]byte("permit example key")))

// The self-encoding flow: verify the recipe, sign its permit, encode the
// transaction, and describe it before sending.
func Example() {
	recipe, me := exampleRecipe()

	// 1. Verify against what was asked for: every field that decides where
	// the funds go. The spender must be Sepolia's SwapFacility in the
	// embedded catalog (Expect.Catalog is nil).
	err := permit.Verify(recipe, permit.Expect{
		Token:        common.HexToAddress("0x437cc33344a0B27A429f795ff6B469C72698B291"), // wM
		ChainID:      11155111,
		Owner:        me,
		Amount:       big.NewInt(10_000_000),
		Recipient:    me.Hex(),
		TokenOut:     "0xacA92E438df0B2401fF60dA7E4337B687a2435DA", // mUSD
		MinAmountOut: big.NewInt(10_000_000),
		Now:          time.Unix(1_800_000_000, 0),
	})
	if err != nil {
		panic(err)
	}

	// 2. Sign the permit.
	sig, err := permit.Sign(context.Background(), recipe, permit.KeyTypedDataSigner(exampleKey))
	if err != nil {
		panic(err)
	}

	// 3. Encode the transaction and describe it.
	payload, err := permit.Encode(recipe, sig)
	if err != nil {
		panic(err)
	}
	sentence, err := permit.Describe(sepoliaCatalog(), payload)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sig), payload.Data.EVM.To, payload.Data.EVM.Data[:10])
	fmt.Println(sentence)
	// Output:
	// 65 0xB6807116b3B1B321a390594e31ECD6e0076f6278 0x5d77e1ca
	// swap 10 wM for 10 mUSD to 0xDdC…91Bf via the M0 SwapFacility on Sepolia, with a permit valid until 2030-03-17T17:46:40Z
}

// sepoliaCatalog is a catalog of Sepolia's SwapFacility, M, wM and mUSD.
func sepoliaCatalog() *asset.Catalog {
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{{Name: orchestration.Sepolia, ChainID: 11155111,
			Contracts: asset.Contracts{SwapFacility: "0xB6807116b3B1B321a390594e31ECD6e0076f6278"}}},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Sepolia, Address: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b", Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Sepolia, Address: "0x437cc33344a0B27A429f795ff6B469C72698B291", Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Sepolia, Address: "0xacA92E438df0B2401fF60dA7E4337B687a2435DA", Symbol: "mUSD", Name: "MetaMask USD", Decimals: 6, Permit: true},
		},
	})
	if err != nil {
		panic(err)
	}
	return cat
}

// A recipe whose spender was changed on its way, permit and call alike,
// is consistent in itself (Check passes) but not the catalog's contract.
func ExampleVerify() {
	recipe, me := exampleRecipe()
	recipe.Spender = "0x000000000000000000000000000000000000dEaD"
	recipe.TypedData.Message.Spender = recipe.Spender
	fmt.Println(permit.Check(recipe))

	err := permit.Verify(recipe, permit.Expect{
		Token: common.HexToAddress("0x437cc33344a0B27A429f795ff6B469C72698B291"), ChainID: 11155111,
		Owner: me, Amount: big.NewInt(10_000_000), Recipient: me.Hex(),
		TokenOut: "0xacA92E438df0B2401fF60dA7E4337B687a2435DA", MinAmountOut: big.NewInt(10_000_000),
		Now: time.Unix(1_800_000_000, 0),
	})
	var m *permit.MismatchError
	if errors.As(err, &m) {
		fmt.Println(m.Field, m.Got, m.Want)
	}
	// Output:
	// <nil>
	// spender 0x000000000000000000000000000000000000dEaD 0xB6807116b3B1B321a390594e31ECD6e0076f6278
}

func ExampleRecover() {
	recipe, me := exampleRecipe()
	sig, _ := permit.Sign(context.Background(), recipe, permit.KeyTypedDataSigner(exampleKey))
	signer, err := permit.Recover(recipe, sig)
	fmt.Println(signer == me, err)

	_, err = permit.Recover(recipe, sig[:64])
	var se *permit.SignatureError
	fmt.Println(errors.As(err, &se), errors.Is(err, permit.ErrSignatureLength))
	// Output:
	// true <nil>
	// true true
}

func ExampleDomainSeparator() {
	sep, err := permit.DomainSeparator(orchestration.EIP712Domain{
		Name: "WrappedM by M^0", Version: "1", ChainID: 1, VerifyingContract: "0x437cc33344a0B27A429f795ff6B469C72698B291",
	})
	fmt.Printf("%#x %v\n", sep, err) // compare with the token's DOMAIN_SEPARATOR()
	// Output:
	// 0xaace97cc5ce95957fb349ed982d6135b1ebf35d7fe0516671f478bd7911412fa <nil>
}

func ExampleFunctionSignature() {
	for _, op := range []string{orchestration.OperationSwap, orchestration.OperationAMMSwap, orchestration.OperationLimitOrder} {
		sig, _ := permit.FunctionSignature(op)
		fmt.Printf("%s %x %s\n", op, crypto.Keccak256([]byte(sig))[:4], sig)
	}
	// Output:
	// swap 5d77e1ca swapWithPermit(address,address,uint256,address,uint256,bytes)
	// ammSwap 5ae401dc multicall(uint256,bytes[])
	// limitOrder 9f469042 openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address),uint256,bytes)
}

func ExampleDescribe() {
	approve := orchestration.Payload{Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Sepolia, ChainID: 11155111, To: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b", Value: "0",
		Data: "0x095ea7b3000000000000000000000000b6807116b3b1b321a390594e31ecd6e0076f627800000000000000000000000000000000000000000000000000000000000f4240",
	}}}
	fmt.Println(permit.Describe(sepoliaCatalog(), approve))
	// Output:
	// approve 1 M for the M0 SwapFacility on Sepolia <nil>
}
