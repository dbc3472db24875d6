package contracts_test

import (
	"bytes"
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// eip712DomainSelector is the selector of EIP-5267's eip712Domain().
var eip712DomainSelector = common.FromHex("0x84b0196e")

// domainSeparator is the EIP-712 hash of d, computed by package permit.
func domainSeparator(t *testing.T, d orchestration.EIP712Domain) []byte {
	t.Helper()
	h, err := permit.DomainSeparator(d)
	if err != nil {
		t.Fatal(err)
	}
	return h[:]
}

// callRaw runs an eth_call of data on to.
func (c *chain) callRaw(to common.Address, data []byte) ([]byte, error) {
	return c.cl.CallContract(context.Background(), ethereum.CallMsg{To: &to, Data: data}, nil)
}

// TestUSDCDomainAsFiatTokenV22: the USDC stand-in has version() and DOMAIN_SEPARATOR() but, as FiatToken
// v2.2, no EIP-5267 eip712Domain(); the M0 tokens have it.
func TestUSDCDomainAsFiatTokenV22(t *testing.T) {
	w := deploy(newChain(t, hubChainID), true, 0)

	if v, err := w.usdc.Version(nil); err != nil || v != "2" {
		t.Fatalf("version() = %q, %v; want \"2\"", v, err)
	}
	domain := permitDomain("USD Coin", "2", w.id, w.usdcAddr)
	if sep, err := w.usdc.DOMAINSEPARATOR(nil); err != nil || !bytes.Equal(sep[:], domainSeparator(t, domain)) {
		t.Fatalf("DOMAIN_SEPARATOR = %x, %v; want the hash of %+v", sep, err, domain)
	}
	if out, err := w.callRaw(w.usdcAddr, eip712DomainSelector); err == nil {
		t.Fatalf("eip712Domain() on USDC returned %x; want a revert (no such function)", out)
	}
	if _, ok := contracts.MustABI("FiatToken").Methods["eip712Domain"]; ok {
		t.Fatal("the FiatToken ABI has eip712Domain")
	}
	for _, tok := range []common.Address{w.mAddr, w.wmAddr, w.usdAddr} {
		if _, err := w.callRaw(tok, eip712DomainSelector); err != nil {
			t.Fatalf("eip712Domain() on the M0 token %s: %v", tok, err)
		}
	}
	if _, ok := contracts.MustABI("MExtension").Methods["version"]; ok {
		t.Fatal("the M0 extension ABI has version(); M0's ERC20Extended has none")
	}

	// A permit signed over that domain sets the allowance.
	w.ok(w.usdc.Mint(w.opts(adminKey), alice, units(10)))
	deadline := new(big.Int).SetUint64(w.now() + 3600)
	v, r, s := splitSig(signPermit(t, aliceKey, domain, bob, units(4), common.Big0, deadline))
	w.ok(w.usdc.Permit0(w.opts(strangeKey), alice, bob, units(4), deadline, v, r, s))
	allowance, _ := w.usdc.Allowance(nil, alice, bob)
	eq(t, "allowance", allowance, units(4))
	w.ok(w.usdc.TransferFrom(w.opts(bobKey), alice, bob, units(4)))
	eq(t, "bob's USDC", w.tokenBalance(w.usdcAddr, bob), units(4))
}

// proxied is an extension behind an ERC1967Proxy, as the devnet deploys wMv1.
type proxied struct {
	addr, impl common.Address
	tok        *bindings.CachedDomainMExtension // bound at the proxy
}

const wMv1Name = "WrappedM v1 by M^0"

// deployProxied deploys a CachedDomainMExtension and a proxy initialised in front of it, and approves the
// proxy on the SwapFacility.
func deployProxied(w *world) proxied {
	w.t.Helper()
	impl, tx, _, err := bindings.DeployCachedDomainMExtension(w.opts(adminKey), w.cl, wMv1Name, w.mAddr, w.facilityAddr)
	w.ok(tx, err)
	ext := contracts.MustABI("CachedDomainMExtension")
	init, err := ext.Pack("initialize", wMv1Name, "wMv1", admin)
	if err != nil {
		w.t.Fatal(err)
	}
	proxy, tx, _, err := bindings.DeployERC1967Proxy(w.opts(adminKey), w.cl, impl, init)
	w.ok(tx, err)
	tok, err := bindings.NewCachedDomainMExtension(proxy, w.cl)
	if err != nil {
		w.t.Fatal(err)
	}
	w.ok(w.facility.SetAdminApprovedExtension(w.opts(adminKey), proxy, true))
	return proxied{addr: proxy, impl: impl, tok: tok}
}

// TestProxiedExtensionDomainQuirk pins the older ERC712Extended behind a proxy: DOMAIN_SEPARATOR is bound
// to the implementation, eip712Domain reports the proxy, and permit verifies against the former.
func TestProxiedExtensionDomainQuirk(t *testing.T) {
	w := deploy(newChain(t, hubChainID), true, 0)
	p := deployProxied(w)

	// The proxy: EIP-1967 slot, implementation(), and the token's storage in the proxy.
	px, _ := bindings.NewERC1967Proxy(p.addr, w.cl)
	if got, err := px.Implementation(nil); err != nil || got != p.impl {
		t.Fatalf("implementation() = %s, %v; want %s", got, err, p.impl)
	}
	slot := common.HexToHash("0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc")
	if raw, err := w.cl.StorageAt(context.Background(), p.addr, slot, nil); err != nil || common.BytesToAddress(raw) != p.impl {
		t.Fatalf("EIP-1967 slot = %x, %v", raw, err)
	}
	name, _ := p.tok.Name(nil)
	symbol, _ := p.tok.Symbol(nil)
	decimals, _ := p.tok.Decimals(nil)
	if name != wMv1Name || symbol != "wMv1" || decimals != 6 {
		t.Fatalf("through the proxy: name %q, symbol %q, decimals %d", name, symbol, decimals)
	}
	w.fails("AlreadyInitialized")(p.tok.Initialize(w.opts(strangeKey), wMv1Name, "X", stranger))
	impl, _ := bindings.NewCachedDomainMExtension(p.impl, w.cl)
	w.fails("AlreadyInitialized")(impl.Initialize(w.opts(strangeKey), wMv1Name, "X", stranger))

	// The separator is bound to the implementation; eip712Domain reports the proxy.
	proxyDomain := permitDomain(wMv1Name, "1", w.id, p.addr)
	implDomain := permitDomain(wMv1Name, "1", w.id, p.impl)
	sep, err := p.tok.DOMAINSEPARATOR(nil)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(sep[:], domainSeparator(t, proxyDomain)) {
		t.Fatal("DOMAIN_SEPARATOR is the proxy's; want the implementation-bound one")
	}
	if !bytes.Equal(sep[:], domainSeparator(t, implDomain)) {
		t.Fatalf("DOMAIN_SEPARATOR = %x, want the hash over the implementation %s", sep, p.impl)
	}
	dom, err := p.tok.Eip712Domain(nil)
	if err != nil || dom.Fields != [1]byte{0x0f} || dom.Name != wMv1Name || dom.Version != "1" ||
		dom.ChainId.Uint64() != w.id || dom.VerifyingContract != p.addr {
		t.Fatalf("eip712Domain = %+v, %v; want the proxy %s", dom, err, p.addr)
	}

	// Permits: over the domain eip712Domain reports, rejected; over the implementation's, accepted.
	deadline := new(big.Int).SetUint64(w.now() + 3600)
	nonce := func() *big.Int { n, _ := p.tok.Nonces(nil, alice); return n }
	bad := signPermit(t, aliceKey, proxyDomain, bob, units(5), nonce(), deadline)
	v, r, s := splitSig(bad)
	w.fails("SignerMismatch")(p.tok.Permit0(w.opts(strangeKey), alice, bob, units(5), deadline, v, r, s))
	w.fails("SignerMismatch")(p.tok.Permit(w.opts(strangeKey), alice, bob, units(5), deadline, bad))
	good := signPermit(t, aliceKey, implDomain, bob, units(5), nonce(), deadline)
	v, r, s = splitSig(good)
	w.ok(p.tok.Permit0(w.opts(strangeKey), alice, bob, units(5), deadline, v, r, s))
	allowance, _ := p.tok.Allowance(nil, alice, bob)
	eq(t, "allowance after the implementation-domain permit(v,r,s)", allowance, units(5))
	good = signPermit(t, aliceKey, implDomain, carol, units(6), nonce(), deadline)
	w.ok(p.tok.Permit(w.opts(strangeKey), alice, carol, units(6), deadline, good))
	allowance, _ = p.tok.Allowance(nil, alice, carol)
	eq(t, "allowance after the implementation-domain permit(bytes)", allowance, units(6))
	eq(t, "nonce", nonce(), big.NewInt(2))

	// Transfers, backed minting and swaps through the proxy.
	w.fundM(swapper, units(100))
	w.fundExt(p.addr, alice, units(50))
	eq(t, "M held by the proxy", w.tokenBalance(w.mAddr, p.addr), units(50))
	eq(t, "M held by the implementation", w.tokenBalance(w.mAddr, p.impl), new(big.Int))
	w.expectDeltas([]delta{{p.addr, alice, -3}, {p.addr, bob, 3}}, func() {
		w.ok(p.tok.Transfer(w.opts(aliceKey), bob, units(3)))
	})
	w.expectDeltas([]delta{{p.addr, alice, -5}, {p.addr, carol, 5}}, func() {
		w.ok(p.tok.TransferFrom(w.opts(bobKey), alice, carol, units(5)))
	})
	w.ok(p.tok.Approve(w.opts(aliceKey), w.facilityAddr, abi.MaxUint256))
	w.expectDeltas([]delta{{p.addr, alice, -10}, {w.usdAddr, bob, 10}, {w.mAddr, p.addr, -10}, {w.mAddr, w.usdAddr, 10}}, func() {
		w.ok(w.facility.Swap(w.opts(aliceKey), p.addr, w.usdAddr, units(10), bob))
	})
	w.ok(w.usd.Approve(w.opts(bobKey), w.facilityAddr, abi.MaxUint256))
	w.expectDeltas([]delta{{w.usdAddr, bob, -4}, {p.addr, bob, 4}}, func() {
		w.ok(w.facility.Swap(w.opts(bobKey), w.usdAddr, p.addr, units(4), bob))
	})
	w.ok(p.tok.Approve(w.opts(swapperKey), w.facilityAddr, abi.MaxUint256))
	w.fundExt(p.addr, swapper, units(7))
	w.expectDeltas([]delta{{p.addr, swapper, -7}, {w.mAddr, carol, 7}}, func() {
		w.ok(w.facility.SwapOutM(w.opts(swapperKey), p.addr, units(7), carol))
	})

	// swapWithPermit: the facility's permit call uses the token's DOMAIN_SEPARATOR too, so only the
	// implementation-domain signature lets the swap pull without a prior allowance.
	w.ok(p.tok.Approve(w.opts(carolKey), w.facilityAddr, new(big.Int)))
	cn := func() *big.Int { n, _ := p.tok.Nonces(nil, carol); return n }
	sig := signPermit(t, carolKey, proxyDomain, w.facilityAddr, units(2), cn(), deadline)
	v, r, s = splitSig(sig)
	w.fails("InsufficientAllowance")(w.facility.SwapWithPermit(w.opts(carolKey), p.addr, w.wmAddr, units(2), carol, deadline, v, r, s))
	sig = signPermit(t, carolKey, implDomain, w.facilityAddr, units(2), cn(), deadline)
	v, r, s = splitSig(sig)
	w.expectDeltas([]delta{{p.addr, carol, -2}, {w.wmAddr, carol, 2}}, func() {
		w.ok(w.facility.SwapWithPermit(w.opts(carolKey), p.addr, w.wmAddr, units(2), carol, deadline, v, r, s))
	})
}
