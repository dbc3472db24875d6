package asset_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

func TestResolve(t *testing.T) {
	c := fixture(t)
	tests := []struct {
		name  string
		in    orchestration.AssetAddress
		want  string // canonical address found; "" when an error is expected
		kind  error
		msg   string // the exact caller-facing message, when an error
		chain orchestration.Chain
	}{
		{name: "EVM checksummed", in: aa(orchestration.Ethereum, mToken), want: mToken},
		{name: "EVM lowercase", in: aa(orchestration.Ethereum, strings.ToLower(mToken)), want: mToken},
		{name: "EVM uppercase", in: aa(orchestration.Ethereum, "0x"+strings.ToUpper(mToken[2:])), want: mToken},
		{name: "EVM same address on another chain", in: aa(orchestration.Base, mToken), want: mToken},
		{name: "SVM exact", in: aa(orchestration.Solana, solanaM), want: solanaM},
		{
			name: "EVM mixed case with a wrong checksum, listed asset",
			in:   aa(orchestration.Ethereum, "0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b"),
			kind: asset.ErrMalformedAddress,
			msg:  "address has an invalid EIP-55 checksum (expected " + mToken + ")",
		},
		{
			name: "EVM mixed case with a wrong checksum, unlisted address",
			in:   aa(orchestration.Base, "0x437Cc33344a0B27A429f795ff6B469C72698B291"),
			kind: asset.ErrMalformedAddress,
			msg:  "address has an invalid EIP-55 checksum (expected " + wMToken + ")",
		},
		{
			name: "EVM valid but not listed on that chain",
			in:   aa(orchestration.Base, wMToken),
			kind: asset.ErrUnsupportedAsset,
			msg:  "asset " + wMToken + " is not supported on Base",
		},
		{
			name: "EVM lowercase not listed: message shows the checksummed form",
			in:   aa(orchestration.Base, strings.ToLower(wMToken)),
			kind: asset.ErrUnsupportedAsset,
			msg:  "asset " + wMToken + " is not supported on Base",
		},
		{
			name: "EVM too short",
			in:   aa(orchestration.Base, "0x1234"),
			kind: asset.ErrMalformedAddress,
			msg:  `address must be an EVM address, 0x followed by 40 hex digits, not "0x1234"`,
		},
		{
			name: "EVM 0X prefix",
			in:   aa(orchestration.Base, "0X"+mToken[2:]),
			kind: asset.ErrMalformedAddress,
		},
		{
			name: "EVM non-hex digit",
			in:   aa(orchestration.Base, "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1g"),
			kind: asset.ErrMalformedAddress,
		},
		{
			name: "EVM empty address",
			in:   aa(orchestration.Base, ""),
			kind: asset.ErrMalformedAddress,
			msg:  `address must be an EVM address, 0x followed by 40 hex digits, not ""`,
		},
		{
			name: "base58 on an EVM chain",
			in:   aa(orchestration.Base, solanaM),
			kind: asset.ErrMalformedAddress,
		},
		{
			name: "SVM valid but not listed",
			in:   aa(orchestration.Solana, systemProg),
			kind: asset.ErrUnsupportedAsset,
			msg:  "asset " + systemProg + " is not supported on Solana",
		},
		{
			name: "EVM address on Solana",
			in:   aa(orchestration.Solana, mToken),
			kind: asset.ErrMalformedAddress,
			msg:  `address must be a Solana address, base58 of 32 bytes, not "` + mToken + `"`,
		},
		{
			name: "SVM outside the base58 alphabet",
			in:   aa(orchestration.Solana, "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl"),
			kind: asset.ErrMalformedAddress,
		},
		{
			name: "SVM is case-sensitive",
			in:   aa(orchestration.Solana, strings.ToUpper(solanaM)),
			kind: asset.ErrMalformedAddress, // not base58 of 32 bytes once uppercased
		},
		{
			name: "chain empty",
			in:   aa("", mToken),
			kind: asset.ErrUnknownChain,
			msg:  "chain is required",
		},
		{
			name: "chain not in the enum",
			in:   aa("Foo", mToken),
			kind: asset.ErrUnknownChain,
			msg:  `unknown chain "Foo"`,
		},
		{
			name: "chain in the wrong case",
			in:   aa("base", mToken),
			kind: asset.ErrUnknownChain,
			msg:  `unknown chain "base" (chain names are case-sensitive: did you mean "Base"?)`,
		},
		{
			name: "chain name clipped in the message",
			in:   aa(orchestration.Chain(strings.Repeat("x", 10000)), mToken),
			kind: asset.ErrUnknownChain,
		},
		{
			name: "known chain not enabled",
			in:   aa(orchestration.Arbitrum, mToken),
			kind: asset.ErrChainNotEnabled,
			msg:  "chain Arbitrum is not enabled on this service",
		},
	}
	kinds := []error{asset.ErrUnknownChain, asset.ErrChainNotEnabled, asset.ErrMalformedAddress, asset.ErrUnsupportedAsset}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := c.Resolve(tt.in)
			if tt.want != "" {
				if err != nil {
					t.Fatalf("Resolve: %v", err)
				}
				if got.Address != tt.want || got.Chain != tt.in.Chain {
					t.Fatalf("Resolve = %s %s; want %s %s", got.Chain, got.Address, tt.in.Chain, tt.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Resolve accepted it: %+v", got)
			}
			var re *asset.ResolveError
			if !errors.As(err, &re) {
				t.Fatalf("error %T is not a *ResolveError", err)
			}
			for _, k := range kinds {
				if is := errors.Is(err, k); is != (k == tt.kind) {
					t.Errorf("errors.Is(err, %v) = %v; want kind %v", k, is, tt.kind)
				}
			}
			if err.Error() != re.Message {
				t.Errorf("Error() = %q, Message = %q; they must be the same caller-safe text", err.Error(), re.Message)
			}
			if tt.msg != "" && re.Message != tt.msg {
				t.Errorf("message = %q\n         want %q", re.Message, tt.msg)
			}
			if len(re.Message) > 200 {
				t.Errorf("message is %d bytes; caller input must be clipped", len(re.Message))
			}
			if _, ok := orchestration.CodeOf(err); ok {
				t.Error("Resolve picked an orchestration code; the caller chooses it")
			}
		})
	}
}

func TestResolveReturnsProviderDetails(t *testing.T) {
	c := fixture(t)
	got, err := c.Resolve(aa(orchestration.Ethereum, strings.ToLower(mToken)))
	if err != nil {
		t.Fatal(err)
	}
	want := asset.AssetInfo{
		Asset: orchestration.Asset{
			Chain: orchestration.Ethereum, Runtime: orchestration.RuntimeEVM, Address: mToken,
			Decimals: 6, Symbol: "M", Name: "M by M^0",
		},
		Permit:       true,
		PermitDomain: asset.PermitDomain{Name: "M by M^0", Version: "1"},
	}
	if got != want {
		t.Errorf("Resolve = %+v\nwant      %+v", got, want)
	}
}

// TestResolveIsAllocationFree pins the success path at zero allocations, for
// every address form.
func TestResolveIsAllocationFree(t *testing.T) {
	c := fixture(t)
	for _, in := range []orchestration.AssetAddress{
		aa(orchestration.Ethereum, mToken),
		aa(orchestration.Ethereum, strings.ToLower(mToken)),
		aa(orchestration.Base, "0x"+strings.ToUpper(usdcBase[2:])),
		aa(orchestration.Solana, solanaM),
	} {
		if n := testing.AllocsPerRun(100, func() {
			if _, err := c.Resolve(in); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("Resolve(%s %s) allocates %v times", in.Chain, in.Address, n)
		}
	}
}

func TestChainLookups(t *testing.T) {
	c := fixture(t)
	got, ok := c.Chain(orchestration.Solana)
	if !ok || got.Runtime != orchestration.RuntimeSVM || got.ChainID != 1399811149 || got.Contracts.Portal != solanaPortal {
		t.Errorf("Chain(Solana) = %+v, %v", got, ok)
	}
	if base, ok := c.Chain(orchestration.Base); !ok || base.Runtime != orchestration.RuntimeEVM {
		t.Errorf("Chain(Base) = %+v, %v; the runtime must be inferred", base, ok)
	}
	if _, ok := c.Chain(orchestration.Arbitrum); ok {
		t.Error("Chain(Arbitrum) found a chain the catalog does not enable")
	}
	if got, ok := c.ChainByID(orchestration.RuntimeEVM, 8453); !ok || got.Name != orchestration.Base {
		t.Errorf("ChainByID(evm, 8453) = %+v, %v", got, ok)
	}
	if got, ok := c.ChainByID(orchestration.RuntimeSVM, 1399811149); !ok || got.Name != orchestration.Solana {
		t.Errorf("ChainByID(svm, 1399811149) = %+v, %v", got, ok)
	}
	if _, ok := c.ChainByID(orchestration.RuntimeSVM, 8453); ok {
		t.Error("ChainByID(svm, 8453) matched an EVM chain")
	}
	var names []orchestration.Chain
	for _, ch := range c.Chains() {
		names = append(names, ch.Name)
	}
	if want := []orchestration.Chain{orchestration.Ethereum, orchestration.Base, orchestration.Solana}; !slices.Equal(names, want) {
		t.Errorf("Chains() = %v; want configured order %v", names, want)
	}
	chains := c.Chains()
	chains[0].Contracts.SwapFacility = "mutated"
	if eth, _ := c.Chain(orchestration.Ethereum); eth.Contracts.SwapFacility != swapFacility {
		t.Error("Chains() exposed the catalog's own slice")
	}
}

func aa(chain orchestration.Chain, addr string) orchestration.AssetAddress {
	return orchestration.AssetAddress{Chain: chain, Address: addr}
}

func BenchmarkResolve(b *testing.B) {
	c := asset.Default()
	fx := fixture(b)
	cases := []struct {
		name string
		cat  *asset.Catalog
		in   orchestration.AssetAddress
		ok   bool
	}{
		{"checksummed", c, aa(orchestration.Base, mToken), true},
		{"lowercase", c, aa(orchestration.Base, strings.ToLower(mToken)), true},
		{"svm", fx, aa(orchestration.Solana, solanaM), true},
		{"unsupported", c, aa(orchestration.Base, usdcBase), false},
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.cat.Resolve(bc.in); (err == nil) != bc.ok {
					b.Fatal(err)
				}
			}
		})
	}
}
