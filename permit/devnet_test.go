package permit_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// onChainPermit reads what a permit of token by owner needs from the chain
// and checks this package's hashing against the token's: the domain from
// eip712Domain() (or name() and version()), DomainSeparator against DOMAIN_SEPARATOR(), and Digest
// against the digest built from the on-chain separator and nonces(owner).
func onChainPermit(t *testing.T, c *devnet.Chain, token, owner, spender common.Address, value *big.Int, deadline int64) orchestration.PermitTypedData {
	t.Helper()
	tok, err := bindings.NewMExtension(token, c.Client()) // the permit ABI is the same on every token
	if err != nil {
		t.Fatal(err)
	}
	var name, version string
	if dom, err := tok.Eip712Domain(nil); err == nil {
		name, version = dom.Name, dom.Version
	} else {
		// USDC (FiatToken v2.2) has no eip712Domain(): name() and version().
		fiat, err := bindings.NewFiatToken(token, c.Client())
		if err != nil {
			t.Fatal(err)
		}
		if name, err = fiat.Name(nil); err != nil {
			t.Fatal(err)
		}
		if version, err = fiat.Version(nil); err != nil {
			t.Fatal(err)
		}
	}
	nonce, err := tok.Nonces(nil, owner)
	if err != nil {
		t.Fatal(err)
	}
	onChainSep, err := tok.DOMAINSEPARATOR(nil)
	if err != nil {
		t.Fatal(err)
	}
	td := orchestration.PermitTypedData{
		Domain: orchestration.EIP712Domain{Name: name, Version: version, ChainID: c.ChainID, VerifyingContract: token.Hex()},
		Message: orchestration.PermitMessage{Owner: owner.Hex(), Spender: spender.Hex(), Value: value.String(),
			Nonce: nonce.String(), Deadline: big.NewInt(deadline).String()},
	}
	sep, err := permit.DomainSeparator(td.Domain)
	if err != nil {
		t.Fatal(err)
	}
	if sep != onChainSep {
		t.Fatalf("DomainSeparator %x, the token's DOMAIN_SEPARATOR() %x", sep, onChainSep)
	}
	digest, err := permit.Digest(orchestration.PermitRecipe{TypedData: td})
	if err != nil {
		t.Fatal(err)
	}
	structHash := crypto.Keccak256(concat(permitTypehash[:], word(owner.Bytes()), word(spender.Bytes()),
		word(value.Bytes()), word(nonce.Bytes()), word(big.NewInt(deadline).Bytes())))
	if want := crypto.Keccak256Hash(concat([]byte{0x19, 0x01}, onChainSep[:], structHash)); common.Hash(digest) != want {
		t.Fatalf("Digest %x, from the chain's separator and nonce %x", digest, want)
	}
	return td
}

// selfEncoded verifies, signs and encodes the recipe as alice's wallet
// would, sends it, and checks that the permit was used (nonce consumed)
// and that no allowance existed before or remains after.
func selfEncoded(t *testing.T, env *devnetenv.Env, alice devnet.Account, r orchestration.PermitRecipe, want permit.Expect) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, _ := env.Devnet.Chain(r.Chain)
	token, spender := common.HexToAddress(r.TypedData.Domain.VerifyingContract), common.HexToAddress(r.Spender)
	tok, _ := bindings.NewMExtension(token, c.Client())
	allowance := func() *big.Int {
		a, err := tok.Allowance(nil, alice.Address, spender)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	if a := allowance(); a.Sign() != 0 {
		t.Fatalf("alice already allows %s to the spender: the test would not prove the permit", a)
	}
	want.Catalog = env.Catalog // the devnet's contracts, not M0's deployments
	if err := permit.Verify(r, want); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	sig, err := permit.Sign(ctx, r, permit.KeyTypedDataSigner(alice.Key))
	if err != nil {
		t.Fatal(err)
	}
	if err := permit.VerifySignature(r, sig); err != nil {
		t.Fatal(err)
	}
	p, err := permit.Encode(r, sig)
	if err != nil {
		t.Fatal(err)
	}
	desc, err := permit.Describe(env.Catalog, p)
	if err != nil {
		t.Fatalf("Describe: %v", err)
	}
	t.Log(desc)
	if _, err := env.Executor(alice).Execute(ctx, []orchestration.Payload{p}); err != nil {
		t.Fatalf("execute: %v", err)
	}
	nonce, err := tok.Nonces(&bind.CallOpts{Context: ctx}, alice.Address)
	if err != nil {
		t.Fatal(err)
	}
	if used, _ := new(big.Int).SetString(r.TypedData.Message.Nonce, 10); nonce.Cmp(new(big.Int).Add(used, common.Big1)) != 0 {
		t.Errorf("nonce after = %s, want %s + 1: the permit was not used", nonce, used)
	}
	if a := allowance(); a.Sign() != 0 {
		t.Errorf("allowance after = %s, want 0", a)
	}
}

func TestOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a devnet")
	}
	env := devnetenv.Get(t)
	alice, bob := devnetenv.Account(t, "alice"), devnetenv.Account(t, "bob")
	c, _ := env.Devnet.Chain(orchestration.Sepolia)
	ch, _ := env.Catalog.Chain(orchestration.Sepolia)
	k := env.Devnet.Contracts(orchestration.Sepolia)
	deadline := c.Now().Add(time.Hour).Unix()
	dl := big.NewInt(deadline).String()

	t.Run("swap", func(t *testing.T) {
		// wM -> mUSD: extension to extension, which needs no swapper role.
		amount := big.NewInt(12_345_678)
		r := orchestration.PermitRecipe{
			Provider: orchestration.ProviderMSwapFacility, Annotation: "Swap wM for mUSD",
			Chain: ch.Name, ChainID: ch.ChainID, Spender: k.SwapFacility.Hex(), Value: "0",
			TypedData: onChainPermit(t, c, k.WrappedM, alice.Address, k.SwapFacility, amount, deadline),
			Operation: orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{
				Method: "swap", ExtensionIn: k.WrappedM.Hex(), ExtensionOut: k.MetaMaskUSD.Hex(), Amount: amount.String(),
				Recipient: bob.Address.Hex(), Deadline: dl,
			}},
			FunctionSignature: permit.SwapWithPermitSignature,
		}
		wm := orchestration.AssetAddress{Chain: ch.Name, Address: k.WrappedM.Hex()}
		musd := orchestration.AssetAddress{Chain: ch.Name, Address: k.MetaMaskUSD.Hex()}
		aliceBefore, bobBefore := env.Balance(t, wm, alice.Address.Hex()), env.Balance(t, musd, bob.Address.Hex())
		selfEncoded(t, env, alice, r, permit.Expect{
			Token: k.WrappedM, ChainID: ch.ChainID, Owner: alice.Address, Amount: amount, Recipient: bob.Address.Hex(),
			TokenOut: k.MetaMaskUSD.Hex(), MinAmountOut: amount, Now: c.Now(),
		})
		if d := new(big.Int).Sub(aliceBefore, env.Balance(t, wm, alice.Address.Hex())); d.Cmp(amount) != 0 {
			t.Errorf("alice spent %s wM, want %s", d, amount)
		}
		if d := new(big.Int).Sub(env.Balance(t, musd, bob.Address.Hex()), bobBefore); d.Cmp(amount) != 0 {
			t.Errorf("bob received %s mUSD, want %s", d, amount)
		}
	})

	t.Run("ammSwap", func(t *testing.T) {
		// USDC -> wM through the router's USDC/wM pool.
		amount, floor := big.NewInt(2_000_000), big.NewInt(1_980_000)
		r := orchestration.PermitRecipe{
			Provider: orchestration.ProviderUniswapV3, Annotation: "Swap USDC for wM on Uniswap V3",
			Chain: ch.Name, ChainID: ch.ChainID, Spender: k.SwapRouter.Hex(), Value: "0",
			TypedData: onChainPermit(t, c, k.USDC, alice.Address, k.SwapRouter, amount, deadline),
			Operation: orchestration.PermitOperation{AMMSwap: &orchestration.AMMSwapPermitOp{
				TokenIn: k.USDC.Hex(), TokenOut: k.WrappedM.Hex(), Fee: devnet.AMMFee, Recipient: bob.Address.Hex(),
				AmountIn: amount.String(), AmountOutMinimum: floor.String(), Deadline: dl,
			}},
			FunctionSignature: permit.AMMSwapSignature,
		}
		usdcRef := orchestration.AssetAddress{Chain: ch.Name, Address: k.USDC.Hex()}
		wm := orchestration.AssetAddress{Chain: ch.Name, Address: k.WrappedM.Hex()}
		aliceBefore, bobBefore := env.Balance(t, usdcRef, alice.Address.Hex()), env.Balance(t, wm, bob.Address.Hex())
		selfEncoded(t, env, alice, r, permit.Expect{
			Token: k.USDC, ChainID: ch.ChainID, Owner: alice.Address, Amount: amount, Recipient: bob.Address.Hex(),
			TokenOut: k.WrappedM.Hex(), MinAmountOut: floor, Now: c.Now(),
		})
		if d := new(big.Int).Sub(aliceBefore, env.Balance(t, usdcRef, alice.Address.Hex())); d.Cmp(amount) != 0 {
			t.Errorf("alice spent %s USDC, want %s", d, amount)
		}
		if d := new(big.Int).Sub(env.Balance(t, wm, bob.Address.Hex()), bobBefore); d.Cmp(floor) < 0 {
			t.Errorf("bob received %s wM, want at least %s", d, floor)
		}
	})

	t.Run("limitOrder", func(t *testing.T) {
		// A same-chain order selling USDC for wM; the OrderBook escrows the USDC.
		amount := big.NewInt(3_000_000)
		r := orchestration.PermitRecipe{
			Provider: orchestration.ProviderLimitOrder, Annotation: "Limit order USDC for wM",
			Chain: ch.Name, ChainID: ch.ChainID, Spender: k.OrderBook.Hex(), Value: "0",
			TypedData: onChainPermit(t, c, k.USDC, alice.Address, k.OrderBook, amount, deadline),
			Operation: orchestration.PermitOperation{LimitOrder: &orchestration.LimitOrderPermitOp{
				DestChainID: ch.ChainID, FillDeadline: deadline, TokenIn: k.USDC.Hex(), TokenOut: b32(k.WrappedM),
				AmountIn: amount.String(), AmountOut: "2990000", Recipient: b32(bob.Address), Solver: common.Hash{}.Hex(),
				Sender: alice.Address.Hex(), Deadline: dl,
			}},
			FunctionSignature: permit.LimitOrderSignature,
		}
		usdcRef := orchestration.AssetAddress{Chain: ch.Name, Address: k.USDC.Hex()}
		aliceBefore, bookBefore := env.Balance(t, usdcRef, alice.Address.Hex()), env.Balance(t, usdcRef, k.OrderBook.Hex())
		selfEncoded(t, env, alice, r, permit.Expect{
			Token: k.USDC, ChainID: ch.ChainID, Owner: alice.Address, Amount: amount, Recipient: bob.Address.Hex(),
			TokenOut: k.WrappedM.Hex(), MinAmountOut: big.NewInt(2_990_000), Now: c.Now(),
			DestChainID: ch.ChainID, OrderSender: alice.Address, Solver: permit.OpenFill,
		})
		if d := new(big.Int).Sub(aliceBefore, env.Balance(t, usdcRef, alice.Address.Hex())); d.Cmp(amount) != 0 {
			t.Errorf("alice spent %s USDC, want %s", d, amount)
		}
		if d := new(big.Int).Sub(env.Balance(t, usdcRef, k.OrderBook.Hex()), bookBefore); d.Cmp(amount) != 0 {
			t.Errorf("the OrderBook escrowed %s USDC, want %s", d, amount)
		}
		book, err := bindings.NewOrderBook(k.OrderBook, c.Client())
		if err != nil {
			t.Fatal(err)
		}
		if n, err := book.GetSenderNonce(nil, alice.Address); err != nil || n == 0 {
			t.Errorf("alice's order nonce = %d, %v: no order opened", n, err)
		}
	})
}
