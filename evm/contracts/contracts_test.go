package contracts_test

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/permit"
)

// TestABIMatchesMainnet checks the selectors and event topics that the reference facts computed
// from the real contracts' signatures.
func TestABIMatchesMainnet(t *testing.T) {
	type row struct {
		contract string
		sig      string // canonical signature
		want     string // hex prefix of the selector (methods) or topic0 (events)
	}
	methods := []row{
		{"SwapFacility", "swap(address,address,uint256,address)", "6e81221c"},
		{"SwapFacility", "swapWithPermit(address,address,uint256,address,uint256,uint8,bytes32,bytes32)", "14217eed"},
		{"SwapFacility", "swapWithPermit(address,address,uint256,address,uint256,bytes)", "5d77e1ca"},
		{"SwapFacility", "swapInM(address,uint256,address)", "e274ffb8"},
		{"SwapFacility", "swapOutM(address,uint256,address)", "9e5e91f4"},
		{"SwapFacility", "canSwapViaPath(address,address,address)", "d8e21132"},
		{"SwapFacility", "msgSender()", "d737d0c7"},
		{"SwapFacility", "isApprovedExtension(address)", "ff189d1c"},
		{"SwapFacility", "isPermissionedExtension(address)", "135597c3"},
		{"SwapFacility", "isMSwapper(address)", "de3d4254"},
		{"MExtension", "wrap(address,uint256)", "bf376c7a"},
		{"MExtension", "unwrap(address,uint256)", "39f47693"},
		{"MToken", "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)", "d505accf"},
		{"MToken", "permit(address,address,uint256,uint256,bytes)", "9fd5a6cf"},
		{"MToken", "nonces(address)", "7ecebe00"},
		{"MToken", "DOMAIN_SEPARATOR()", "3644e515"},
		{"MToken", "eip712Domain()", "84b0196e"},
		{"MToken", "PERMIT_TYPEHASH()", "30adf81f"},
		{"FiatToken", "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)", "d505accf"},
		{"Portal", "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,bytes)", "bb28df4a"},
		{"Portal", "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,address,bytes)", "2847563e"},
		{"Portal", "quote(uint32,uint8)", "b1117102"},
		{"Portal", "quote(uint32,uint8,address)", "0e4608d3"},
		{"Portal", "payloadGasLimit(uint32,uint8)", "306dd7ba"},
		{"Portal", "defaultBridgeAdapter(uint32)", "132d9da7"},
		{"OrderBook", "openOrder((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address))", "3c48b0a2"},
		{"OrderBook", "openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address),uint256,uint8,bytes32,bytes32)", "ddd892e1"},
		{"OrderBook", "openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address),uint256,bytes)", "9f469042"},
		{"OrderBook", "cancelOrder(bytes32,(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32))", "1bb864ad"},
		{"OrderBook", "cancelOrder(bytes32,(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32),bytes)", "7b3e6be3"},
		{"OrderBook", "cancelOrder(bytes32,(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32),address,bytes)", "274cd021"},
		{"OrderBook", "fillOrder(bytes32,(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32),(uint128,bytes32,bytes32))", "30b00889"},
		{"OrderBook", "getOrder(bytes32)", "5778472a"},
		{"OrderBook", "getOrderData(bytes32)", "fb4d3144"},
		{"OrderBook", "getFilledAmounts(bytes32)", "bf3e6eaf"},
		{"OrderBook", "getSenderNonce(address)", "856c8247"},
		{"OrderBook", "isDestinationSupported(uint32)", "e7bba292"},
		{"SwapRouter02", "multicall(bytes[])", "ac9650d8"},
		{"SwapRouter02", "multicall(uint256,bytes[])", "5ae401dc"},
		{"SwapRouter02", "multicall(bytes32,bytes[])", "1f0464d1"},
		{"SwapRouter02", "selfPermit(address,uint256,uint256,uint8,bytes32,bytes32)", "f3995c67"},
		{"SwapRouter02", "selfPermitIfNecessary(address,uint256,uint256,uint8,bytes32,bytes32)", "c2e3140a"},
		{"SwapRouter02", "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))", "04e45aaf"},
		{"QuoterV2", "quoteExactInputSingle((address,address,uint256,uint24,uint160))", "c6a5026a"},
		{"Multicall3", "aggregate3((address,bool,bytes)[])", "82ad56cb"},
		{"Multicall3", "tryAggregate(bool,(address,bytes)[])", "bce38bd7"},
		{"Portal", "supportedBridgeAdapter(uint32,address)", "719cfd94"},
		// Chainlink's AggregatorV3Interface, the price feed of a chain's native coin (decision 105).
		{"PriceFeed", "latestRoundData()", "feaf968c"},
		{"PriceFeed", "getRoundData(uint80)", "9a6fc8f5"},
		{"PriceFeed", "decimals()", "313ce567"},
		{"PriceFeed", "description()", "7284e416"},
		{"PriceFeed", "version()", "54fd4d50"},
		{"Portal", "receiveMessage(uint32,bytes)", "fb9a98d6"},
		// Wormhole core bridge (IWormhole), Executor (example-messaging-executor IExecutor) and M0's
		// WormholeBridgeAdapter / IBridgeAdapter: docs/decisions.md, decision 63.
		{"WormholeCore", "messageFee()", "1a90a219"},
		{"WormholeCore", "chainId()", "9a8a0592"},
		{"WormholeCore", "nextSequence(address)", "4cf842b5"},
		{"WormholeCore", "publishMessage(uint32,bytes,uint8)", "b19a437e"},
		{"WormholeCore", "parseAndVerifyVM(bytes)", "c0fd8bde"},
		{"Executor", "requestExecution(uint16,bytes32,address,bytes,bytes,bytes)", "c513d437"},
		{"WormholeBridgeAdapter", "quote(uint32,uint256,bytes)", "4d2627b4"},
		{"WormholeBridgeAdapter", "getPeer(uint32)", "2fd3b758"},
		{"WormholeBridgeAdapter", "getBridgeChainId(uint32)", "aa483757"},
		{"WormholeBridgeAdapter", "getChainId(uint256)", "01f6b5a2"},
		{"WormholeBridgeAdapter", "sendMessage(uint32,uint256,bytes32,bytes,bytes)", "ea808de1"},
		{"WormholeBridgeAdapter", "portal()", "6425666b"},
		{"WormholeBridgeAdapter", "coreBridge()", "33d86c4c"},
		{"WormholeBridgeAdapter", "executor()", "c34c08e5"},
		{"WormholeBridgeAdapter", "consistencyLevel()", "e8dfd508"},
		{"WormholeBridgeAdapter", "currentWormholeChainId()", "1242d778"},
		{"WormholeBridgeAdapter", "getMsgValue(uint32)", "4737c05c"},
		{"WormholeBridgeAdapter", "getSenderPeer(uint32)", "0241541b"},
		{"WormholeBridgeAdapter", "setPeer(uint32,bytes32)", "3400288b"},
		{"WormholeBridgeAdapter", "setBridgeChainId(uint32,uint256)", "06888371"},
		{"WormholeBridgeAdapter", "setMsgValue(uint32,uint128)", "8ecabc84"},
		{"WormholeBridgeAdapter", "executeVAAv1(bytes)", "53c6f0dc"},
		{"WormholeBridgeAdapter", "messageConsumed(bytes32)", "530c1e40"},
	}
	events := []row{
		{"SwapFacility", "Swapped(address,address,uint256,address)", "7621e0d8"},
		{"SwapFacility", "SwappedInM(address,uint256,address)", "ea5845e6"},
		{"SwapFacility", "SwappedOutM(address,uint256,address)", "20715489"},
		{"OrderBook", "OrderOpened(bytes32,address,address,address,uint128,uint32,bytes32,uint128,bytes32,uint32)", "bf2b2624"},
		{"Portal", "TokenSent(address,uint32,bytes32,address,bytes32,uint256,uint128,address,bytes32)", "7980e6d4"},
		{"WormholeCore", "LogMessagePublished(address,uint64,uint32,bytes,uint8)", "6eb224fb"},
		{"Executor", "RequestForExecution(address,uint256,uint16,bytes32,address,bytes,bytes,bytes)", "d870d87e"},
		// Custom errors callers decode.
		{"WormholeBridgeAdapter", "OnChainQuoteNotSupported()", "b27cb657"},
		{"WormholeBridgeAdapter", "InsufficientFee()", "025dbdd4"},
		{"Executor", "QuoteExpired(uint64)", "1f99570c"},
		{"Executor", "QuoteSrcChainMismatch(uint16,uint16)", "513755b8"},
		{"Executor", "QuoteDstChainMismatch(uint16,uint16)", "cfb80e9f"},
	}
	// id is the selector or topic0 of the method or event with signature sig in md's ABI.
	id := func(contract, sig string) ([]byte, bool) {
		a := contracts.MustABI(contract)
		for _, m := range a.Methods {
			if m.Sig == sig {
				return m.ID, true
			}
		}
		for _, e := range a.Events {
			if e.Sig == sig {
				return e.ID[:], true
			}
		}
		for _, e := range a.Errors {
			if e.Sig == sig {
				return e.ID[:], true
			}
		}
		return nil, false
	}
	for _, r := range append(methods, events...) {
		if got, found := id(r.contract, r.sig); !found {
			t.Errorf("%s: missing", r.sig)
		} else if hex.EncodeToString(got[:4]) != r.want {
			t.Errorf("%s: selector or topic0 %x, want %s", r.sig, got[:4], r.want)
		}
	}
}

// permitToken is the view of a permit-capable token a permit test needs.
type permitToken interface {
	Permit(opts *bind.TransactOpts, owner, spender common.Address, value, deadline *big.Int, signature []byte) (*types.Transaction, error)
	Permit0(opts *bind.TransactOpts, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (*types.Transaction, error)
	Nonces(opts *bind.CallOpts, owner common.Address) (*big.Int, error)
	Allowance(opts *bind.CallOpts, owner, spender common.Address) (*big.Int, error)
	DOMAINSEPARATOR(opts *bind.CallOpts) ([32]byte, error)
}

// eip5267Token is a permit token that also reports its domain (the M0 tokens; FiatToken v2.2 does not).
type eip5267Token interface {
	Eip712Domain(opts *bind.CallOpts) (struct {
		Fields            [1]byte
		Name              string
		Version           string
		ChainId           *big.Int
		VerifyingContract common.Address
		Salt              [32]byte
		Extensions        []*big.Int
	}, error)
}

func TestPermit(t *testing.T) {
	w := deploy(newChain(t, hubChainID), true, 0)
	tokens := []struct {
		name, version string
		addr          common.Address
		tok           permitToken
	}{
		{"M by M^0", "1", w.mAddr, w.m},
		{"MetaMask USD", "1", w.usdAddr, w.usd},
		{"USD Coin", "2", w.usdcAddr, w.usdc},
	}
	for _, tk := range tokens {
		t.Run(tk.name, func(t *testing.T) {
			w := w.in(t)
			if rep, ok := tk.tok.(eip5267Token); ok {
				dom, err := rep.Eip712Domain(nil)
				if err != nil {
					t.Fatal(err)
				}
				if dom.Fields != [1]byte{0x0f} || dom.Name != tk.name || dom.Version != tk.version ||
					dom.ChainId.Uint64() != w.id || dom.VerifyingContract != tk.addr {
					t.Fatalf("eip712Domain = %+v", dom)
				}
			} else if v, err := w.usdc.Version(nil); tk.addr != w.usdcAddr || err != nil || v != tk.version {
				t.Fatalf("%s reports no eip712Domain; version() = %q, %v", tk.name, v, err)
			}
			domain := permitDomain(tk.name, tk.version, w.id, tk.addr)
			wantSep, err := permit.DomainSeparator(domain)
			if err != nil {
				t.Fatal(err)
			}
			if sep, _ := tk.tok.DOMAINSEPARATOR(nil); !bytes.Equal(sep[:], wantSep[:]) {
				t.Fatalf("DOMAIN_SEPARATOR = %x, want %x", sep, wantSep)
			}

			deadline := new(big.Int).SetUint64(w.now() + 3600)
			value := units(7)
			nonce := func() *big.Int { n, _ := tk.tok.Nonces(nil, alice); return n }

			// (v,r,s) overload.
			sig := signPermit(t, aliceKey, domain, bob, value, nonce(), deadline)
			v, r, s := splitSig(sig)
			w.ok(tk.tok.Permit0(w.opts(strangeKey), alice, bob, value, deadline, v, r, s))
			allowance, _ := tk.tok.Allowance(nil, alice, bob)
			eq(t, "allowance after permit(v,r,s)", allowance, value)
			eq(t, "nonce", nonce(), big.NewInt(1))
			// The same signature again: the nonce moved on, so the signer no longer matches.
			w.fails("SignerMismatch")(tk.tok.Permit0(w.opts(strangeKey), alice, bob, value, deadline, v, r, s))

			// bytes overload.
			value2 := units(9)
			sig = signPermit(t, aliceKey, domain, carol, value2, nonce(), deadline)
			w.ok(tk.tok.Permit(w.opts(strangeKey), alice, carol, value2, deadline, sig))
			allowance, _ = tk.tok.Allowance(nil, alice, carol)
			eq(t, "allowance after permit(bytes)", allowance, value2)
			w.fails("SignerMismatch")(tk.tok.Permit(w.opts(strangeKey), alice, carol, value2, deadline, sig))

			otherChain := permitDomain(tk.name, tk.version, spokeChainID, tk.addr)
			otherContract := permitDomain(tk.name, tk.version, w.id, w.wmAddr)
			otherVersion := permitDomain(tk.name, "3", w.id, tk.addr)
			past := new(big.Int).SetUint64(w.now() - 10)
			bad := []struct {
				name     string
				sig      []byte
				deadline *big.Int
				want     string
			}{
				{"signed by someone else", signPermit(t, bobKey, domain, bob, value, nonce(), deadline), deadline, "SignerMismatch"},
				{"other chain id", signPermit(t, aliceKey, otherChain, bob, value, nonce(), deadline), deadline, "SignerMismatch"},
				{"other verifying contract", signPermit(t, aliceKey, otherContract, bob, value, nonce(), deadline), deadline, "SignerMismatch"},
				{"other version", signPermit(t, aliceKey, otherVersion, bob, value, nonce(), deadline), deadline, "SignerMismatch"},
				{"expired", signPermit(t, aliceKey, domain, bob, value, nonce(), past), past, "SignatureExpired"},
				{"future nonce", signPermit(t, aliceKey, domain, bob, value, new(big.Int).Add(nonce(), common.Big1), deadline), deadline, "SignerMismatch"},
				{"bad v", append(append([]byte{}, sig[:64]...), 29), deadline, "InvalidSignatureV"},
			}
			for _, b := range bad {
				t.Run(b.name, func(t *testing.T) {
					w := w.in(t)
					v, r, s := splitSig(b.sig)
					w.fails(b.want)(tk.tok.Permit0(w.opts(strangeKey), alice, bob, value, b.deadline, v, r, s))
					w.fails(b.want)(tk.tok.Permit(w.opts(strangeKey), alice, bob, value, b.deadline, b.sig))
				})
			}
			w.fails("InvalidSignatureLength")(tk.tok.Permit(w.opts(strangeKey), alice, bob, value, deadline, sig[:64]))
		})
	}
}

// TestTetherQuirks pins the mainnet USDT behaviours the stand-in keeps.
func TestTetherQuirks(t *testing.T) {
	w := deploy(newChain(t, hubChainID), true, 0)
	w.ok(w.usdt.Mint(w.opts(adminKey), alice, units(10)))
	w.fails("")(w.usdt.Mint(w.opts(aliceKey), alice, units(10)))

	// transfer returns no data, which SafeTransfer-style callers must accept.
	usdt := contracts.MustABI("TetherToken")
	if out := usdt.Methods["transfer"].Outputs; len(out) != 0 {
		t.Fatalf("transfer outputs = %v, want none", out)
	}
	w.ok(w.usdt.Transfer(w.opts(aliceKey), bob, units(1)))
	eq(t, "bob's USDT", w.tokenBalance(w.usdtAddr, bob), units(1))

	// A non-zero allowance must go to zero before it can be set to another non-zero value.
	w.ok(w.usdt.Approve(w.opts(aliceKey), bob, units(5)))
	w.fails("")(w.usdt.Approve(w.opts(aliceKey), bob, units(6)))
	w.ok(w.usdt.Approve(w.opts(aliceKey), bob, new(big.Int)))
	w.ok(w.usdt.Approve(w.opts(aliceKey), bob, units(6)))
	if _, ok := usdt.Methods["permit"]; ok {
		t.Fatal("the USDT stand-in has a permit")
	}
}
