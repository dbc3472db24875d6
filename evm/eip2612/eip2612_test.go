package eip2612_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/eip2612"
)

var (
	usdc  = common.HexToAddress("0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238")
	proxy = common.HexToAddress("0x6b3c0b0Cd3690114506604486A6D01608483bD74")
	usdcD = eip2612.Domain{Name: "USD Coin", Version: "2", ChainID: 11155111, VerifyingContract: usdc}
)

// A domain is vouched for only when it hashes to the token's
// DOMAIN_SEPARATOR(): a token behind a proxy whose separator is bound to
// its implementation (Wrapped M v1) is refused with ErrNoDomain.
func TestVerify(t *testing.T) {
	wm := eip2612.Domain{Name: "WrappedM v1 by M^0", Version: "1", ChainID: 11155111, VerifyingContract: proxy}
	boundElsewhere := eip2612.Domain{Name: wm.Name, Version: "1", ChainID: 11155111, VerifyingContract: common.HexToAddress("0x1234")}.Separator()
	reported := func(edit func(*eip2612.ReportedDomain)) eip2612.ReportedDomain {
		r := eip2612.ReportedDomain{Fields: 0x0f, Name: wm.Name, Version: "1", ChainID: big.NewInt(11155111), VerifyingContract: proxy}
		if edit != nil {
			edit(&r)
		}
		return r
	}
	for _, tc := range []struct {
		name   string
		verify func() (eip2612.Domain, error)
		want   eip2612.Domain // zero: ErrNoDomain
	}{
		{"reported and bound", func() (eip2612.Domain, error) { return reported(nil).Verify(proxy, 11155111, wm.Separator()) }, wm},
		{"reported, bound elsewhere", func() (eip2612.Domain, error) { return reported(nil).Verify(proxy, 11155111, boundElsewhere) }, eip2612.Domain{}},
		{"reported with a salt", func() (eip2612.Domain, error) {
			return reported(func(r *eip2612.ReportedDomain) { r.Fields = 0x1f }).Verify(proxy, 11155111, wm.Separator())
		}, eip2612.Domain{}},
		{"reported on another chain", func() (eip2612.Domain, error) {
			return reported(func(r *eip2612.ReportedDomain) { r.ChainID = big.NewInt(1) }).Verify(proxy, 11155111, wm.Separator())
		}, eip2612.Domain{}},
		{"reported for another contract", func() (eip2612.Domain, error) {
			return reported(func(r *eip2612.ReportedDomain) { r.VerifyingContract = usdc }).Verify(proxy, 11155111, wm.Separator())
		}, eip2612.Domain{}},
		{"named and bound", func() (eip2612.Domain, error) {
			return eip2612.VerifyNamed("USD Coin", "2", usdc, 11155111, usdcD.Separator())
		}, usdcD},
		{"named, another version", func() (eip2612.Domain, error) {
			return eip2612.VerifyNamed("USD Coin", "1", usdc, 11155111, usdcD.Separator())
		}, eip2612.Domain{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.verify()
			if tc.want == (eip2612.Domain{}) {
				if !errors.Is(err, eip2612.ErrNoDomain) {
					t.Fatalf("got %+v, %v; want ErrNoDomain", got, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// UnpackReportedDomain reads eip712Domain()'s return data as the view's
// ABI encodes it.
func TestUnpackReportedDomain(t *testing.T) {
	v := eip2612.TokenViews().EIP712Domain
	data, err := v.Outputs.Pack([1]byte{0x0f}, "USD Coin", "2", big.NewInt(11155111), usdc, [32]byte{}, []*big.Int{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := eip2612.UnpackReportedDomain(data)
	if err != nil || got.Fields != 0x0f || got.Name != "USD Coin" || got.Version != "2" || got.ChainID.Uint64() != 11155111 || got.VerifyingContract != usdc {
		t.Fatalf("UnpackReportedDomain = %+v, %v", got, err)
	}
	if _, err := eip2612.UnpackReportedDomain(data[:40]); err == nil {
		t.Error("truncated return data decoded")
	}
}

// The views are the standard ones, by selector.
func TestTokenViews(t *testing.T) {
	v := eip2612.TokenViews()
	for _, tc := range []struct {
		m    abi.Method
		want string
	}{{v.EIP712Domain, "84b0196e"}, {v.Name, "06fdde03"}, {v.Version, "54fd4d50"}, {v.DomainSeparator, "3644e515"}, {v.Nonces, "7ecebe00"}} {
		if got := common.Bytes2Hex(tc.m.ID); got != tc.want {
			t.Errorf("%s selector %s, want %s", tc.m.Sig, got, tc.want)
		}
	}
}
