package contracts_test

import (
	"crypto/ecdsa"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

func TestSwapFacility(t *testing.T) {
	w := deploy(newChain(t, hubChainID), true, 0)
	w.fundM(swapper, units(1000))
	w.fundM(alice, units(100))
	w.fundExt(w.usdAddr, swapper, units(100))
	w.fundExt(w.usdAddr, alice, units(100))
	for _, k := range []*ecdsa.PrivateKey{swapperKey, aliceKey} {
		w.ok(w.m.Approve(w.opts(k), w.facilityAddr, abi.MaxUint256))
		w.ok(w.usd.Approve(w.opts(k), w.facilityAddr, abi.MaxUint256))
		w.ok(w.wm.Approve(w.opts(k), w.facilityAddr, abi.MaxUint256))
	}
	f := w.facility
	m, usd, wm := w.mAddr, w.usdAddr, w.wmAddr

	t.Run("paths", func(t *testing.T) {
		type tx = func() (*types.Transaction, error)
		cases := []struct {
			name   string
			run    tx
			want   string // the revert; "" for success
			deltas []delta
		}{
			{"M to extension with the role", func() (*types.Transaction, error) { return f.Swap(w.opts(swapperKey), m, usd, units(10), bob) }, "",
				[]delta{{m, swapper, -10}, {usd, bob, 10}, {m, usd, 10}}},
			{"extension to M with the role", func() (*types.Transaction, error) { return f.Swap(w.opts(swapperKey), usd, m, units(5), bob) }, "",
				[]delta{{usd, swapper, -5}, {m, bob, 5}, {m, usd, -5}}},
			{"extension to extension without a role", func() (*types.Transaction, error) { return f.Swap(w.opts(aliceKey), usd, wm, units(20), carol) }, "",
				[]delta{{usd, alice, -20}, {wm, carol, 20}, {m, usd, -20}, {m, wm, 20}}},
			{"swapInM with the role", func() (*types.Transaction, error) { return f.SwapInM(w.opts(swapperKey), wm, units(3), alice) }, "",
				[]delta{{m, swapper, -3}, {wm, alice, 3}}},
			{"swapOutM with the role", func() (*types.Transaction, error) { return f.SwapOutM(w.opts(swapperKey), usd, units(2), alice) }, "",
				[]delta{{usd, swapper, -2}, {m, alice, 2}}},
			{"M to extension without the role", func() (*types.Transaction, error) { return f.Swap(w.opts(aliceKey), m, usd, units(1), alice) }, "NotApprovedSwapper", nil},
			{"extension to M without the role", func() (*types.Transaction, error) { return f.Swap(w.opts(aliceKey), usd, m, units(1), alice) }, "NotApprovedSwapper", nil},
			{"swapInM without the role", func() (*types.Transaction, error) { return f.SwapInM(w.opts(aliceKey), usd, units(1), alice) }, "NotApprovedSwapper", nil},
			{"swapOutM without the role", func() (*types.Transaction, error) { return f.SwapOutM(w.opts(aliceKey), usd, units(1), alice) }, "NotApprovedSwapper", nil},
			{"not an extension", func() (*types.Transaction, error) { return f.Swap(w.opts(aliceKey), w.usdcAddr, usd, units(1), alice) }, "InvalidSwapPath", nil},
			{"swapInM to a token that is not an extension", func() (*types.Transaction, error) { return f.SwapInM(w.opts(swapperKey), w.usdcAddr, units(1), alice) }, "NotApprovedExtension", nil},
			{"more than the balance", func() (*types.Transaction, error) { return f.Swap(w.opts(aliceKey), usd, wm, units(1000), alice) }, "InsufficientBalance", nil},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				w := w.in(t)
				if c.want != "" {
					w.fails(c.want)(c.run())
					return
				}
				w.expectDeltas(c.deltas, func() { w.ok(c.run()) })
			})
		}
	})

	t.Run("events", func(t *testing.T) {
		w := w.in(t)
		r := w.ok(f.Swap(w.opts(aliceKey), usd, wm, units(1), bob))
		ev := event(t, r, w.facilityAddr, f.ParseSwapped)
		if ev.ExtensionIn != usd || ev.ExtensionOut != wm || ev.Recipient != bob || ev.Amount.Cmp(units(1)) != 0 {
			t.Fatalf("Swapped = %+v", ev)
		}
		r = w.ok(f.SwapInM(w.opts(swapperKey), usd, units(2), bob))
		in := event(t, r, w.facilityAddr, f.ParseSwappedInM)
		if in.ExtensionOut != usd || in.Recipient != bob || in.Amount.Cmp(units(2)) != 0 {
			t.Fatalf("SwappedInM = %+v", in)
		}
		r = w.ok(f.SwapOutM(w.opts(swapperKey), usd, units(2), bob))
		out := event(t, r, w.facilityAddr, f.ParseSwappedOutM)
		if out.ExtensionIn != usd || out.Recipient != bob || out.Amount.Cmp(units(2)) != 0 {
			t.Fatalf("SwappedOutM = %+v", out)
		}
	})

	t.Run("only the SwapFacility wraps", func(t *testing.T) {
		w := w.in(t)
		w.fails("NotSwapFacility")(w.usd.Wrap(w.opts(aliceKey), alice, units(1)))
		w.fails("NotSwapFacility")(w.usd.Unwrap(w.opts(aliceKey), alice, units(1)))
	})

	t.Run("swapWithPermit", func(t *testing.T) {
		w := w.in(t)
		// bob holds mUSD and has given the facility no allowance.
		w.fundExt(usd, bob, units(50))
		domain := permitDomain("MetaMask USD", "1", w.id, usd)
		deadline := new(big.Int).SetUint64(w.now() + 600)
		nonce, _ := w.usd.Nonces(nil, bob)
		sig := signPermit(t, bobKey, domain, w.facilityAddr, units(10), nonce, deadline)
		v, r, s := splitSig(sig)
		w.expectDeltas([]delta{{usd, bob, -10}, {wm, carol, 10}}, func() {
			w.ok(f.SwapWithPermit(w.opts(bobKey), usd, wm, units(10), carol, deadline, v, r, s))
		})
		sig = signPermit(t, bobKey, domain, w.facilityAddr, units(7), new(big.Int).Add(nonce, common.Big1), deadline)
		w.expectDeltas([]delta{{usd, bob, -7}, {wm, carol, 7}}, func() {
			w.ok(f.SwapWithPermit0(w.opts(bobKey), usd, wm, units(7), carol, deadline, sig))
		})
		// A failed permit is ignored: with no allowance the pull fails, with one the swap goes ahead.
		w.fails("InsufficientAllowance")(f.SwapWithPermit0(w.opts(bobKey), usd, wm, units(1), carol, deadline, sig))
		w.expectDeltas([]delta{{usd, alice, -1}, {wm, carol, 1}}, func() {
			w.ok(f.SwapWithPermit0(w.opts(aliceKey), usd, wm, units(1), carol, deadline, sig))
		})
	})

	t.Run("permissioned extension", func(t *testing.T) {
		w := w.in(t)
		w.ok(f.SetPermissionedExtension(w.opts(adminKey), wm, true))
		defer func() { w.ok(f.SetPermissionedExtension(w.opts(adminKey), wm, false)) }()
		w.fails("PermissionedExtension")(f.Swap(w.opts(aliceKey), usd, wm, units(1), alice))
		w.fails("NotApprovedPermissionedSwapper")(f.SwapInM(w.opts(swapperKey), wm, units(1), alice))
		w.ok(f.SetPermissionedMSwapper(w.opts(adminKey), wm, alice, true))
		w.expectDeltas([]delta{{m, alice, -4}, {wm, alice, 4}}, func() {
			w.ok(f.SwapInM(w.opts(aliceKey), wm, units(4), alice))
		})
		ok, err := f.CanSwapViaPath(nil, alice, m, wm)
		if err != nil || !ok {
			t.Fatalf("canSwapViaPath(permissioned swapper) = %v, %v", ok, err)
		}
	})

	t.Run("canSwapViaPath", func(t *testing.T) {
		cases := []struct {
			who, tokenIn, tokenOut common.Address
			want                   bool
		}{
			{swapper, m, usd, true},
			{swapper, usd, m, true},
			{alice, m, usd, false},
			{alice, usd, m, false},
			{alice, usd, wm, true},
			{alice, w.usdcAddr, usd, false},
			{swapper, m, w.usdcAddr, false},
		}
		for _, c := range cases {
			got, err := f.CanSwapViaPath(nil, c.who, c.tokenIn, c.tokenOut)
			if err != nil || got != c.want {
				t.Errorf("canSwapViaPath(%s, %s, %s) = %v, %v; want %v", c.who, c.tokenIn, c.tokenOut, got, err, c.want)
			}
		}
	})

	t.Run("pause", func(t *testing.T) {
		w := w.in(t)
		w.ok(f.Pause(w.opts(adminKey)))
		w.fails("EnforcedPause")(f.Swap(w.opts(aliceKey), usd, wm, units(1), alice))
		w.fails("AccessControlUnauthorizedAccount")(f.Unpause(w.opts(aliceKey)))
		w.ok(f.Unpause(w.opts(adminKey)))
	})
}
