package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// twoChains deploys a hub (origin) and a spoke (destination) chain with linked Portals and OrderBooks.
func twoChains(t *testing.T) (hub, spoke *world) {
	hub = deploy(newChain(t, hubChainID), true, 0)
	spoke = deploy(newChain(t, spokeChainID), false, 3) // skewed: its contracts sit at other addresses
	link(hub, spoke)
	return hub, spoke
}

// payloadArgs is the documented Portal payload: abi.encode(uint8, uint32, bytes32, bytes).
var payloadArgs = func() abi.Arguments {
	u8, _ := abi.NewType("uint8", "", nil)
	u32, _ := abi.NewType("uint32", "", nil)
	b32t, _ := abi.NewType("bytes32", "", nil)
	bs, _ := abi.NewType("bytes", "", nil)
	return abi.Arguments{{Type: u8}, {Type: u32}, {Type: b32t}, {Type: bs}}
}()

func TestPortalTransfer(t *testing.T) {
	a, b := twoChains(t)
	a.fundM(alice, units(1000))
	a.ok(a.m.Approve(a.opts(aliceKey), a.portalAddr, abi.MaxUint256))
	fee := a.quote(b, tokenTransfer)
	eq(t, "quote", fee, new(big.Int).Mul(big.NewInt(gasLimitFor[tokenTransfer]), feePerGas))

	t.Run("M to M: lock on the hub, mint on the spoke", func(t *testing.T) {
		a, b := a.in(t), b.in(t)
		portalETH := a.balance(a.portalAddr)
		supplyB, _ := b.m.TotalSupply(nil)
		var r = a.ok(a.portal.SendToken0(a.pay(aliceKey, new(big.Int).Add(fee, big.NewInt(12345))),
			units(100), a.mAddr, uint32(b.id), b32(b.mAddr), b32(bob), b32(alice), nil))
		eq(t, "alice M on A", a.tokenBalance(a.mAddr, alice), units(900))
		eq(t, "M locked in the hub portal", a.tokenBalance(a.mAddr, a.portalAddr), units(100))
		eq(t, "fee kept by the portal (excess refunded)", new(big.Int).Sub(a.balance(a.portalAddr), portalETH), fee)

		sent := event(t, r, a.portalAddr, a.portal.ParseTokenSent)
		if sent.SourceToken != a.mAddr || sent.DestinationChainId != uint32(b.id) || sent.DestinationToken != b32(b.mAddr) ||
			sent.Sender != alice || sent.Recipient != b32(bob) || sent.Amount.Cmp(units(100)) != 0 ||
			sent.Index.Cmp(big.NewInt(1e12)) != 0 || sent.BridgeAdapter != a.portalAddr {
			t.Fatalf("TokenSent = %+v", sent)
		}
		msg := event(t, r, a.portalAddr, a.portal.ParseMessageSent)
		decoded, err := payloadArgs.Unpack(msg.Payload)
		if err != nil || decoded[0].(uint8) != tokenTransfer || decoded[1].(uint32) != uint32(b.id) ||
			decoded[2].([32]byte) != sent.MessageId || msg.MessageId != sent.MessageId {
			t.Fatalf("payload = %v, %v", decoded, err)
		}

		rb := a.relay(b, r)[0]
		eq(t, "bob M on B", b.tokenBalance(b.mAddr, bob), units(100))
		supplyAfter, _ := b.m.TotalSupply(nil)
		eq(t, "M minted on B", new(big.Int).Sub(supplyAfter, supplyB), units(100))
		got := event(t, rb, b.portalAddr, b.portal.ParseTokenReceived)
		if got.SourceChainId != uint32(a.id) || got.DestinationToken != b.mAddr || got.Sender != b32(alice) ||
			got.Recipient != bob || got.MessageId != sent.MessageId {
			t.Fatalf("TokenReceived = %+v", got)
		}

		// The same message again, a message for another chain, and a caller without the relayer role.
		b.fails("MessageAlreadyProcessed")(b.portal.ReceiveMessage(b.opts(relayerKey), uint32(a.id), msg.Payload))
		a.fails("InvalidDestinationChain")(a.portal.ReceiveMessage(a.opts(relayerKey), uint32(a.id), msg.Payload))
		b.fails("AccessControlUnauthorizedAccount")(b.portal.ReceiveMessage(b.opts(strangeKey), uint32(a.id), msg.Payload))
	})

	t.Run("M to an extension: the spoke wraps through the SwapFacility", func(t *testing.T) {
		a, b := a.in(t), b.in(t)
		r := a.ok(a.portal.SendToken0(a.pay(aliceKey, fee), units(30), a.mAddr, uint32(b.id), b32(b.usdAddr), b32(carol), b32(alice), nil))
		a.relay(b, r)
		eq(t, "carol mUSD on B", b.tokenBalance(b.usdAddr, carol), units(30))
		eq(t, "M backing mUSD on B", b.tokenBalance(b.mAddr, b.usdAddr), units(30))
	})

	t.Run("extension back to the hub: unwrap and burn, then release", func(t *testing.T) {
		a, b := a.in(t), b.in(t)
		backFee := b.quote(a, tokenTransfer)
		b.ok(b.usd.Approve(b.opts(carolKey), b.portalAddr, units(10)))
		supplyB, _ := b.m.TotalSupply(nil)
		r := b.ok(b.portal.SendToken0(b.pay(carolKey, backFee), units(10), b.usdAddr, uint32(a.id), b32(a.mAddr), b32(carol), b32(carol), nil))
		eq(t, "carol mUSD on B", b.tokenBalance(b.usdAddr, carol), units(20))
		supplyAfter, _ := b.m.TotalSupply(nil)
		eq(t, "M burned on B", new(big.Int).Sub(supplyB, supplyAfter), units(10))
		a.expectDeltas([]delta{{a.mAddr, carol, 10}, {a.mAddr, a.portalAddr, -10}}, func() { b.relay(a, r) })
	})

	t.Run("a failed wrap delivers M", func(t *testing.T) {
		a, b := a.in(t), b.in(t)
		// USDC is no extension: swapInM fails on B and bob gets M instead.
		a.ok(a.portal.SetSupportedBridgingPath(a.opts(adminKey), a.mAddr, uint32(b.id), b32(b.usdcAddr), true))
		r := a.ok(a.portal.SendToken0(a.pay(aliceKey, fee), units(5), a.mAddr, uint32(b.id), b32(b.usdcAddr), b32(bob), b32(alice), nil))
		before := b.tokenBalance(b.mAddr, bob)
		rb := a.relay(b, r)[0]
		eq(t, "bob M on B", new(big.Int).Sub(b.tokenBalance(b.mAddr, bob), before), units(5))
		wf := event(t, rb, b.portalAddr, b.portal.ParseWrapFailed)
		if wf.DestinationExtension != b.usdcAddr || wf.Recipient != bob {
			t.Fatalf("WrapFailed = %+v", wf)
		}
	})

	t.Run("refusals", func(t *testing.T) {
		a := a.in(t)
		a.fails("InsufficientFee")(a.portal.SendToken0(a.pay(aliceKey, new(big.Int).Sub(fee, common.Big1)), units(1), a.mAddr, uint32(b.id), b32(b.mAddr), b32(bob), b32(alice), nil))
		a.fails("UnsupportedBridgingPath")(a.portal.SendToken0(a.pay(aliceKey, fee), units(1), a.mAddr, uint32(b.id), b32(b.wmAddr), b32(bob), b32(alice), nil))
		a.fails("InvalidDestinationChain")(a.portal.SetSupportedBridgingPath(a.opts(adminKey), a.mAddr, uint32(a.id), b32(a.mAddr), true))
		a.fails("ZeroRecipient")(a.portal.SendToken0(a.pay(aliceKey, fee), units(1), a.mAddr, uint32(b.id), b32(b.mAddr), [32]byte{}, b32(alice), nil))
		a.fails("UnsupportedBridgeAdapter")(a.portal.SendToken(a.pay(aliceKey, fee), units(1), a.mAddr, uint32(b.id), b32(b.mAddr), b32(bob), b32(alice), common.HexToAddress("0x1234"), nil))
		if _, err := a.portal.Quote0(nil, 999, tokenTransfer); err == nil || revertName(err) != "PayloadGasLimitNotSet" {
			t.Fatalf("quote for an unconfigured chain: %v", err)
		}
		a.fails("NotOrderBook")(a.portal.SendFillReport0(a.pay(aliceKey, fee), uint32(b.id), bindings.FillReport{AmountInToRelease: big.NewInt(1), AmountOutFilled: big.NewInt(1)}, b32(alice), nil))
		// The 8-argument form with the Portal's own adapter is the same transfer.
		a.ok(a.portal.SendToken(a.pay(aliceKey, fee), units(1), a.mAddr, uint32(b.id), b32(b.mAddr), b32(bob), b32(alice), a.portalAddr, nil))
	})

	t.Run("paused sending and receiving", func(t *testing.T) {
		a, b := a.in(t), b.in(t)
		a.fails("AccessControlUnauthorizedAccount")(a.portal.SetSendPaused(a.opts(aliceKey), true))
		a.ok(a.portal.SetSendPaused(a.opts(adminKey), true))
		if p, _ := a.portal.SendPaused(nil); !p {
			t.Fatal("sendPaused() = false after pausing")
		}
		a.fails("SendingPaused")(a.portal.SendToken0(a.pay(aliceKey, fee), units(1), a.mAddr, uint32(b.id), b32(b.mAddr), b32(bob), b32(alice), nil))
		a.ok(a.portal.SetSendPaused(a.opts(adminKey), false))
		r := a.ok(a.portal.SendToken0(a.pay(aliceKey, fee), units(1), a.mAddr, uint32(b.id), b32(b.mAddr), b32(bob), b32(alice), nil))

		// A message sent while the destination's receiving is paused waits
		// for it to be unpaused.
		b.ok(b.portal.SetReceivePaused(b.opts(adminKey), true))
		msg := event(t, r, a.portalAddr, a.portal.ParseMessageSent)
		b.fails("ReceivingPaused")(b.portal.ReceiveMessage(b.opts(relayerKey), uint32(a.id), msg.Payload))
		b.ok(b.portal.SetReceivePaused(b.opts(adminKey), false))
		bobBefore := b.tokenBalance(b.mAddr, bob)
		b.ok(b.portal.ReceiveMessage(b.opts(relayerKey), uint32(a.id), msg.Payload))
		eq(t, "bob M on B after unpausing", new(big.Int).Sub(b.tokenBalance(b.mAddr, bob), bobBefore), units(1))
	})
}
