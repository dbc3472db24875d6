package transfer

import (
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// Addresses of the default catalog's Ethereum (asset/default.json) and two
// users.
var (
	portal   = common.HexToAddress("0xD925C84b55E4e44a53749fF5F2a5A13F63D128fd")
	facility = common.HexToAddress("0xB6807116b3B1B321a390594e31ECD6e0076f6278")
	book     = common.HexToAddress("0xe39B012AB3b20E94a9beEa557eB0DE4171D4D3E4")
	router   = common.HexToAddress("0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45")
	mToken   = common.HexToAddress("0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b")
	wM       = common.HexToAddress("0x437cc33344a0B27A429f795ff6B469C72698B291")
	mUSD     = common.HexToAddress("0xacA92E438df0B2401fF60dA7E4337B687a2435DA")
	usdc     = common.HexToAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
	alice    = common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	bob      = common.HexToAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
	pool     = common.HexToAddress("0x00000000000000000000000000000000000000aa")
	msgID    = common.HexToHash("0x" + strings.Repeat("4d", 32))
	orderID  = common.HexToHash("0x" + strings.Repeat("0d", 32))
)

// The events' topics are those the reference facts computed for M0's
// contracts (m0-evm-facts.md §2.2 and the OrderBook's).
func TestTopicsAreTheFacts(t *testing.T) {
	for _, tc := range []struct {
		ev   abi.Event
		want string
	}{{evTokenSent, "0x7980e6d4"}, {evOrderOpened, "0xbf2b2624"}} {
		if got := tc.ev.ID.Hex(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s topic0 %s, want %s…", tc.ev.Name, got, tc.want)
		}
	}
}

// ethereum is the default catalog's Ethereum book.
func ethereum(t *testing.T) Book {
	t.Helper()
	cat := asset.Default()
	info, ok := cat.Chain(orchestration.Ethereum)
	if !ok {
		t.Fatal("no Ethereum in the default catalog")
	}
	return NewBook(cat, info)
}

// eventLog encodes ev emitted by addr with its indexed arguments as topics
// (addresses and hashes) and the others as data, as the contract would.
func eventLog(t *testing.T, addr common.Address, ev abi.Event, indexed []common.Hash, args ...any) *types.Log {
	t.Helper()
	data, err := ev.Inputs.NonIndexed().Pack(args...)
	if err != nil {
		t.Fatalf("%s: %v", ev.Name, err)
	}
	return &types.Log{Address: addr, Topics: append([]common.Hash{ev.ID}, indexed...), Data: data}
}

func word(a common.Address) common.Hash { return common.BytesToHash(a.Bytes()) }

func erc20(topic common.Hash, token, from, to common.Address, amount int64) *types.Log {
	return &types.Log{Address: token, Topics: []common.Hash{topic, word(from), word(to)}, Data: common.BigToHash(big.NewInt(amount)).Bytes()}
}

func TestDecode(t *testing.T) {
	b := ethereum(t)
	n := big.NewInt
	b32 := func(a common.Address) [32]byte { return word(a) }
	for _, tc := range []struct {
		name string
		to   common.Address
		logs []*types.Log
		want []orchestration.TransferStep
	}{
		{"facility swap", facility, []*types.Log{
			erc20(topicTransfer, wM, alice, facility, 1_000_000),
			eventLog(t, facility, evSwapped, []common.Hash{word(wM), word(mUSD), word(bob)}, n(1_000_000)),
		}, []orchestration.TransferStep{{Kind: orchestration.StepSwap, Contract: facility.Hex(), TokenIn: wM.Hex(), AmountIn: "1000000",
			TokenOut: mUSD.Hex(), AmountOut: "1000000", Recipient: bob.Hex()}}},
		{"unwrap to M", facility, []*types.Log{
			eventLog(t, facility, evSwappedOutM, []common.Hash{word(wM), word(bob)}, n(7)),
		}, []orchestration.TransferStep{{Kind: orchestration.StepSwap, Contract: facility.Hex(), TokenIn: wM.Hex(), AmountIn: "7",
			TokenOut: mToken.Hex(), AmountOut: "7", Recipient: bob.Hex()}}},
		{"portal transfer of an extension, its conversion to M inside", portal, []*types.Log{
			erc20(topicTransfer, wM, alice, portal, 2_000_000),
			eventLog(t, facility, evSwappedOutM, []common.Hash{word(wM), word(portal)}, n(2_000_000)),
			eventLog(t, portal, evTokenSent, []common.Hash{word(wM), word(alice), word(bob)},
				uint32(42161), b32(wM), n(2_000_000), n(1_040_000_000_000), portal, [32]byte(msgID)),
		}, []orchestration.TransferStep{{Kind: orchestration.StepBridge, Contract: portal.Hex(), TokenIn: wM.Hex(), AmountIn: "2000000",
			TokenOut: wM.Hex(), AmountOut: "2000000", Recipient: bob.Hex(),
			Bridge: &orchestration.BridgeDelivery{MessageID: msgID.Hex(), DestinationChainID: 42161, Status: orchestration.DeliveryPending}}}},
		{"portal transfer to a Solana recipient", portal, []*types.Log{
			eventLog(t, portal, evTokenSent, []common.Hash{word(mToken), word(alice), msgID},
				uint32(1399811149), [32]byte(orderID), n(5), n(1), portal, [32]byte(msgID)),
		}, []orchestration.TransferStep{{Kind: orchestration.StepBridge, Contract: portal.Hex(), TokenIn: mToken.Hex(), AmountIn: "5",
			TokenOut: orderID.Hex(), AmountOut: "5", Recipient: msgID.Hex(),
			Bridge: &orchestration.BridgeDelivery{MessageID: msgID.Hex(), DestinationChainID: 1399811149, Status: orchestration.DeliveryPending}}}},
		{"order opened, after its approval", book, []*types.Log{
			erc20(topicApproval, wM, alice, book, 3_000_000),
			eventLog(t, book, evOrderOpened, []common.Hash{word(alice), common.BigToHash(n(8453)), {}},
				[32]byte(orderID), alice, wM, n(3_000_000), b32(usdc), n(2_990_000), uint32(1_800_000_000)),
		}, []orchestration.TransferStep{
			{Kind: orchestration.StepApprove, Contract: wM.Hex(), TokenIn: wM.Hex(), AmountIn: "3000000", Spender: book.Hex()},
			{Kind: orchestration.StepLimitOrder, Contract: book.Hex(), TokenIn: wM.Hex(), AmountIn: "3000000", TokenOut: usdc.Hex(), AmountOut: "2990000",
				Order: &orchestration.TransferOrder{OriginChain: orchestration.Ethereum, OrderID: orderID.Hex()}}}},
		{"a fill reported back", book, []*types.Log{
			eventLog(t, book, evOrderFilled, []common.Hash{orderID, word(bob), msgID}, n(3_000_000), n(2_990_000)),
			eventLog(t, portal, evFillReportSent, []common.Hash{common.BigToHash(n(8453)), orderID},
				n(3_000_000), n(2_990_000), b32(alice), b32(wM), n(1), portal, [32]byte(msgID)),
		}, []orchestration.TransferStep{
			{Kind: orchestration.StepLimitOrder, Contract: book.Hex(), AmountOut: "2990000",
				Order: &orchestration.TransferOrder{OriginChain: orchestration.Ethereum, OrderID: orderID.Hex()}},
			{Kind: orchestration.StepBridge, Contract: portal.Hex(),
				Bridge: &orchestration.BridgeDelivery{MessageID: msgID.Hex(), DestinationChainID: 8453, Status: orchestration.DeliveryPending}}}},
		{"wrap M", facility, []*types.Log{
			eventLog(t, facility, evSwappedInM, []common.Hash{word(wM), word(bob)}, n(9)),
		}, []orchestration.TransferStep{{Kind: orchestration.StepSwap, Contract: facility.Hex(), TokenIn: mToken.Hex(), AmountIn: "9",
			TokenOut: wM.Hex(), AmountOut: "9", Recipient: bob.Hex()}}},
		{"a cancel reported back", book, []*types.Log{
			eventLog(t, book, evOrderCancelled, []common.Hash{orderID, msgID}),
			eventLog(t, portal, evCancelReportSent, []common.Hash{common.BigToHash(n(1399811149)), orderID},
				b32(alice), b32(wM), n(3_000_000), n(1), portal, [32]byte(msgID)),
		}, []orchestration.TransferStep{
			{Kind: orchestration.StepLimitOrder, Contract: book.Hex(),
				Order: &orchestration.TransferOrder{OriginChain: orchestration.Ethereum, OrderID: orderID.Hex()}},
			{Kind: orchestration.StepBridge, Contract: portal.Hex(),
				Bridge: &orchestration.BridgeDelivery{MessageID: msgID.Hex(), DestinationChainID: 1399811149, Status: orchestration.DeliveryPending}}}},
		{"malformed: a swap and a fill without their data, a cancel short of a topic", book, []*types.Log{
			{Address: facility, Topics: []common.Hash{evSwapped.ID, word(wM), word(mUSD), word(bob)}},
			{Address: book, Topics: []common.Hash{evOrderFilled.ID, orderID, word(bob), msgID}},
			{Address: book, Topics: []common.Hash{evOrderCancelled.ID, orderID}},
		}, nil},
		{"router swap by the tokens' transfers", router, []*types.Log{
			erc20(topicTransfer, usdc, alice, pool, 5_000_000),
			erc20(topicTransfer, wM, pool, bob, 4_990_000),
		}, []orchestration.TransferStep{{Kind: orchestration.StepSwap, Contract: router.Hex(), TokenIn: usdc.Hex(), AmountIn: "5000000",
			TokenOut: wM.Hex(), AmountOut: "4990000", Recipient: bob.Hex()}}},
		{"an approval to a stranger, another's approval, a malformed event", wM, []*types.Log{
			erc20(topicApproval, wM, alice, bob, 1),
			erc20(topicApproval, wM, bob, portal, 1),
			{Address: portal, Topics: []common.Hash{evTokenSent.ID}, Data: []byte{1}},
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := b.Decode(alice, tc.to, tc.logs); !cmp.Equal(got, tc.want) {
				t.Errorf("steps:\n%s", cmp.Diff(tc.want, got))
			}
		})
	}
}

// The catalog lists no USDC on Ethereum: a call of it is not the service's.
func TestRecognizes(t *testing.T) {
	b := ethereum(t)
	for a, want := range map[common.Address]bool{portal: true, facility: true, book: true, router: true, wM: true, mUSD: true, usdc: false,
		bob: false, {}: false} {
		if got := b.Recognizes(a); got != want {
			t.Errorf("Recognizes(%s) = %v, want %v", a.Hex(), got, want)
		}
	}
}

// TestDeliveryOf: each of the destination Portal's receive events gives
// its message id; a malformed one or another event gives none.
func TestDeliveryOf(t *testing.T) {
	n := big.NewInt
	id := [32]byte(msgID)
	for _, tc := range []struct {
		name string
		log  *types.Log
		ok   bool
	}{
		{"TokenReceived", eventLog(t, portal, receiveEvents[0], []common.Hash{word(wM), word(alice), word(bob)}, uint32(1), n(2), n(1), id), true},
		{"FillReportReceived", eventLog(t, portal, receiveEvents[1], []common.Hash{common.BigToHash(n(8453)), orderID},
			n(3), n(2), [32]byte{}, [32]byte{}, n(1), id), true},
		{"CancelReportReceived", eventLog(t, portal, receiveEvents[2], []common.Hash{common.BigToHash(n(8453)), orderID},
			[32]byte{}, [32]byte{}, n(3), n(1), id), true},
		{"TokenReceived without data", &types.Log{Address: portal, Topics: []common.Hash{receiveEvents[0].ID, word(wM), word(alice), word(bob)}}, false},
		{"TokenReceived short of a topic", &types.Log{Address: portal, Topics: []common.Hash{receiveEvents[0].ID, word(wM)}, Data: make([]byte, 128)}, false},
		{"TokenSent", eventLog(t, portal, evTokenSent, []common.Hash{word(wM), word(alice), word(bob)},
			uint32(42161), [32]byte{}, n(2), n(1), portal, id), false},
	} {
		got, ok := deliveryOf(*tc.log)
		if ok != tc.ok || (ok && got != msgID) {
			t.Errorf("%s: deliveryOf = %s, %v; want %v (message id %s)", tc.name, got.Hex(), ok, tc.ok, msgID.Hex())
		}
	}
}
