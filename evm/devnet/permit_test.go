package devnet_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

var domainType = []apitypes.Type{
	{Name: "name", Type: "string"},
	{Name: "version", Type: "string"},
	{Name: "chainId", Type: "uint256"},
	{Name: "verifyingContract", Type: "address"},
}

func domain(name, version string, chainID uint64, verifying common.Address) apitypes.TypedDataDomain {
	return apitypes.TypedDataDomain{Name: name, Version: version,
		ChainId: (*math.HexOrDecimal256)(new(big.Int).SetUint64(chainID)), VerifyingContract: verifying.Hex()}
}

func separator(t *testing.T, d apitypes.TypedDataDomain) []byte {
	t.Helper()
	h, err := (&apitypes.TypedData{Types: apitypes.Types{"EIP712Domain": domainType}, Domain: d}).HashStruct("EIP712Domain", d.Map())
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// permitSig signs an EIP-2612 Permit over d; v is 27 or 28.
func permitSig(t *testing.T, key *ecdsa.PrivateKey, d apitypes.TypedDataDomain, spender common.Address, value, nonce, deadline *big.Int) (uint8, [32]byte, [32]byte) {
	t.Helper()
	hash, _, err := apitypes.TypedDataAndHash(apitypes.TypedData{
		Types: apitypes.Types{"EIP712Domain": domainType, "Permit": {
			{Name: "owner", Type: "address"}, {Name: "spender", Type: "address"}, {Name: "value", Type: "uint256"},
			{Name: "nonce", Type: "uint256"}, {Name: "deadline", Type: "uint256"},
		}},
		PrimaryType: "Permit",
		Domain:      d,
		Message: apitypes.TypedDataMessage{"owner": crypto.PubkeyToAddress(key.PublicKey).Hex(), "spender": spender.Hex(),
			"value": value.String(), "nonce": nonce.String(), "deadline": deadline.String()},
	})
	if err != nil {
		t.Fatal(err)
	}
	sig, err := crypto.Sign(hash, key)
	if err != nil {
		t.Fatal(err)
	}
	var r, s [32]byte
	copy(r[:], sig[:32])
	copy(s[:], sig[32:64])
	return sig[64] + 27, r, s
}

// TestDevnetPermitDomains: the devnet's USDC has no eip712Domain, and wMv1 (an extension behind a proxy)
// verifies permits over its implementation's address while reporting the proxy, on every chain; wMv1 is
// in the catalog, funded, and swaps through the SwapFacility.
func TestDevnetPermitDomains(t *testing.T) {
	d := start(t, devnet.Config{NoRelayer: true})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	deployer, _ := devnet.AccountByName("deployer")
	alice, _ := devnet.AccountByName("alice")
	sepolia := d.Contracts(orchestration.Sepolia)

	for _, c := range d.Chains() {
		k := d.Contracts(c.Name)
		// Deployed after every other contract: the deployer's nonces 12 and 13.
		if k.Multicall3 != crypto.CreateAddress(deployer.Address, 11) ||
			k.WrappedMv1Implementation != crypto.CreateAddress(deployer.Address, 12) ||
			k.WrappedMv1 != crypto.CreateAddress(deployer.Address, 13) || k.WrappedMv1 != sepolia.WrappedMv1 {
			t.Fatalf("%s: wMv1 at %s (implementation %s); want the deployer's 14th contract, after Multicall3",
				c.Name, k.WrappedMv1, k.WrappedMv1Implementation)
		}
		if got := balance(t, c, k.WrappedMv1, alice.Address); got.Cmp(million) != 0 {
			t.Errorf("%s: alice holds %s wMv1, want %s", c.Name, got, million)
		}
		wmv1, err := d.Catalog().Resolve(orchestration.AssetAddress{Chain: c.Name, Address: k.WrappedMv1.Hex()})
		if err != nil || wmv1.Symbol != "wMv1" || wmv1.Name != "WrappedM v1 by M^0" || !wmv1.M0Extension || !wmv1.Permit ||
			wmv1.PermitDomain.Name != "WrappedM v1 by M^0" || wmv1.PermitDomain.Version != "1" {
			t.Fatalf("%s: wMv1 in catalog: %+v, %v", c.Name, wmv1, err)
		}
		// USDC: DOMAIN_SEPARATOR over the token, version() "2", no eip712Domain().
		usdc, _ := bindings.NewFiatToken(k.USDC, c.Client())
		if sep, err := usdc.DOMAINSEPARATOR(&bind.CallOpts{Context: ctx}); err != nil ||
			!bytes.Equal(sep[:], separator(t, domain("USD Coin", "2", c.ChainID, k.USDC))) {
			t.Fatalf("%s: USDC DOMAIN_SEPARATOR %x, %v", c.Name, sep, err)
		}
		if v, err := usdc.Version(&bind.CallOpts{Context: ctx}); err != nil || v != "2" {
			t.Fatalf("%s: USDC version() = %q, %v", c.Name, v, err)
		}
		if _, err := c.Client().CallContract(ctx, ethereum.CallMsg{To: &k.USDC, Data: common.FromHex("0x84b0196e")}, nil); err == nil {
			t.Fatalf("%s: USDC answers eip712Domain()", c.Name)
		}
	}

	// On one chain: the quirk, and a swap with a permit through the SwapFacility.
	c, _ := d.Chain(orchestration.BaseSepolia)
	k := d.Contracts(c.Name)
	wmv1, _ := bindings.NewCachedDomainMExtension(k.WrappedMv1, c.Client())
	call := &bind.CallOpts{Context: ctx}
	proxyDomain := domain("WrappedM v1 by M^0", "1", c.ChainID, k.WrappedMv1)
	implDomain := domain("WrappedM v1 by M^0", "1", c.ChainID, k.WrappedMv1Implementation)
	sep, err := wmv1.DOMAINSEPARATOR(call)
	if err != nil || bytes.Equal(sep[:], separator(t, proxyDomain)) || !bytes.Equal(sep[:], separator(t, implDomain)) {
		t.Fatalf("wMv1 DOMAIN_SEPARATOR %x, %v; want the one over the implementation", sep, err)
	}
	if dom, err := wmv1.Eip712Domain(call); err != nil || dom.VerifyingContract != k.WrappedMv1 || dom.Version != "1" {
		t.Fatalf("wMv1 eip712Domain %+v, %v; want the proxy", dom, err)
	}

	facility, _ := bindings.NewSwapFacility(k.SwapFacility, c.Client())
	deadline := big.NewInt(c.Now().Add(time.Hour).Unix())
	amount := big.NewInt(2_500_000)
	nonce, _ := wmv1.Nonces(call, alice.Address)
	opts := func() *bind.TransactOpts {
		o, _ := bind.NewKeyedTransactorWithChainID(alice.Key, new(big.Int).SetUint64(c.ChainID))
		o.Context = ctx
		return o
	}
	// Signed over the domain eip712Domain reports: the permit fails inside the facility's try/catch and
	// the swap has no allowance to pull with.
	v, r, s := permitSig(t, alice.Key, proxyDomain, k.SwapFacility, amount, nonce, deadline)
	if _, err := facility.SwapWithPermit(opts(), k.WrappedMv1, k.MetaMaskUSD, amount, alice.Address, deadline, v, r, s); err == nil {
		t.Fatal("swapWithPermit with a permit over the proxy's address succeeded")
	}
	// Signed over the implementation's address: accepted.
	before := balance(t, c, k.MetaMaskUSD, alice.Address)
	v, r, s = permitSig(t, alice.Key, implDomain, k.SwapFacility, amount, nonce, deadline)
	tx, err := facility.SwapWithPermit(opts(), k.WrappedMv1, k.MetaMaskUSD, amount, alice.Address, deadline, v, r, s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
	if got := new(big.Int).Sub(balance(t, c, k.MetaMaskUSD, alice.Address), before); got.Cmp(amount) != 0 {
		t.Fatalf("alice received %s mUSD, want %s", got, amount)
	}
	if got := balance(t, c, k.WrappedMv1, alice.Address); new(big.Int).Sub(million, got).Cmp(amount) != 0 {
		t.Fatalf("alice holds %s wMv1, want %s less than %s", got, amount, million)
	}
}
