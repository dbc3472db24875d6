package permit_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

func evmPayload(to common.Address, data []byte, value string) orchestration.Payload {
	return orchestration.Payload{Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Sepolia, ChainID: sepoliaID, To: to.Hex(), Data: hexutil.Encode(data), Value: value,
	}}}
}

func TestDescribe(t *testing.T) {
	cat := catalog(t)
	facilityABI, routerABI := contracts.MustABI("SwapFacility"), contracts.MustABI("SwapRouter02")
	portalABI, bookABI := contracts.MustABI("Portal"), contracts.MustABI("OrderBook")
	encoded := func(r orchestration.PermitRecipe) orchestration.Payload {
		p, err := permit.Encode(r, sign(t, r, ownerKey))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	dl := big.NewInt(deadline)
	swapParams := bindings.ExactInputSingleParams{
		TokenIn: usdc, TokenOut: wM, Fee: big.NewInt(500), Recipient: recipient,
		AmountIn: big.NewInt(1_500_000), AmountOutMinimum: big.NewInt(1_490_000), SqrtPriceLimitX96: new(big.Int),
	}
	exactIn := mustPack(t, routerABI, "exactInputSingle", swapParams)
	order := bindings.OrderParams{
		DestChainId: sepoliaID, FillDeadline: 1_800_000_000, TokenIn: usdc, TokenOut: common.BytesToHash(wM.Bytes()),
		AmountIn: units(100), AmountOut: big.NewInt(99_500_000), Recipient: common.BytesToHash(recipient.Bytes()), Sender: owner,
	}
	const to = "0x000…bC12"

	for _, tc := range []struct {
		name string
		p    orchestration.Payload
		want string
	}{
		{"approve", evmPayload(mToken, evm.ApproveCalldata(facility, units(1)), "0"),
			"approve 1 M for the M0 SwapFacility on Sepolia"},
		{"approve an unknown spender", evmPayload(usdc, evm.ApproveCalldata(recipient, big.NewInt(1_250_000)), "0"),
			"approve 1.25 USDC for " + to + " (not a known contract) on Sepolia"},
		{"swap", evmPayload(facility, mustPack(t, facilityABI, "swap", wM, mUSD, units(10), recipient), "0"),
			"swap 10 wM for 10 mUSD to " + to + " via the M0 SwapFacility on Sepolia"},
		{"swapInM", evmPayload(facility, mustPack(t, facilityABI, "swapInM", mUSD, big.NewInt(1), recipient), "0"),
			"swap 0.000001 M for 0.000001 mUSD to " + to + " via the M0 SwapFacility on Sepolia"},
		{"swapOutM", evmPayload(facility, mustPack(t, facilityABI, "swapOutM", wM, units(2), recipient), "0"),
			"swap 2 wM for 2 M to " + to + " via the M0 SwapFacility on Sepolia"},
		{"swapWithPermit", encoded(swapRecipe()),
			"swap 10 wM for 10 mUSD to " + to + " via the M0 SwapFacility on Sepolia, with a permit valid until 2030-03-17T17:46:40Z"},
		{"swapWithPermit v r s", evmPayload(facility, mustPack(t, facilityABI, "swapWithPermit", wM, mUSD, units(10), recipient, dl,
			uint8(27), [32]byte{1}, [32]byte{2}), "0"),
			"swap 10 wM for 10 mUSD to " + to + " via the M0 SwapFacility on Sepolia, with a permit valid until 2030-03-17T17:46:40Z"},
		{"ammSwap", encoded(ammRecipe()),
			"swap 1.5 USDC for at least 1.49 wM to " + to + " via the Uniswap V3 router on Sepolia, by 2030-03-17T17:46:40Z, with a permit valid until 2030-03-17T17:46:40Z"},
		{"uniswap without permit", evmPayload(router, mustPack(t, routerABI, "multicall0", dl, [][]byte{exactIn}), "0"),
			"swap 1.5 USDC for at least 1.49 wM to " + to + " via the Uniswap V3 router on Sepolia, by 2030-03-17T17:46:40Z"},
		{"uniswap plain multicall, recipient msg.sender", evmPayload(router, mustPack(t, routerABI, "multicall1", [][]byte{func() []byte {
			p := swapParams
			p.Recipient = common.BytesToAddress([]byte{1})
			return mustPack(t, routerABI, "exactInputSingle", p)
		}()}), "0"),
			"swap 1.5 USDC for at least 1.49 wM to the sender via the Uniswap V3 router on Sepolia"},
		{"uniswap permit of another amount", evmPayload(router, mustPack(t, routerABI, "multicall0", dl, [][]byte{
			mustPack(t, routerABI, "selfPermit", usdc, units(2), dl, uint8(27), [32]byte{1}, [32]byte{2}), exactIn}), "0"),
			"swap 1.5 USDC for at least 1.49 wM to " + to + " via the Uniswap V3 router on Sepolia, by 2030-03-17T17:46:40Z, with a permit for 2 USDC valid until 2030-03-17T17:46:40Z"},
		{"bridge", evmPayload(portal, mustPack(t, portalABI, "sendToken0", units(5), mToken, uint32(baseSepoliaID),
			common.BytesToHash(baseWM.Bytes()), common.BytesToHash(recipient.Bytes()), common.BytesToHash(owner.Bytes()), []byte{}), "200000000000000"),
			"bridge 5 M from Sepolia to BaseSepolia as wM to " + to + " via the M Portal (fee 0.0002 in native currency)"},
		{"bridge with an adapter", evmPayload(portal, mustPack(t, portalABI, "sendToken", units(5), mToken, uint32(baseSepoliaID),
			common.BytesToHash(mToken.Bytes()), common.BytesToHash(recipient.Bytes()), common.BytesToHash(owner.Bytes()), book, []byte{}), "1"),
			"bridge 5 M from Sepolia to BaseSepolia to " + to + " via the M Portal (fee 0.000000000000000001 in native currency, bridge adapter 0xe39…D3E4)"},
		{"limit order", encoded(orderRecipe()),
			"open a limit order selling 100 USDC for 99.5 wM on BaseSepolia to " + to + " via the OrderBook on Sepolia, fill by 2027-01-15T08:00:00Z, owned by " +
				owner.Hex()[:5] + "…" + owner.Hex()[38:] + ", exclusive to solver 0x555…5555, with a permit valid until 2030-03-17T17:46:40Z"},
		{"same-chain order", evmPayload(book, mustPack(t, bookABI, "openOrder", order), "0"),
			"open a limit order selling 100 USDC for 99.5 wM to " + to + " via the OrderBook on Sepolia, fill by 2027-01-15T08:00:00Z, owned by " +
				owner.Hex()[:5] + "…" + owner.Hex()[38:]},
		{"value attached", evmPayload(facility, mustPack(t, facilityABI, "swap", wM, mUSD, units(10), recipient), "1000000000000000000"),
			"swap 10 wM for 10 mUSD to " + to + " via the M0 SwapFacility on Sepolia, sending 1 in native currency"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := permit.Describe(cat, tc.p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Describe =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}

	svm := orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana}}}
	wrongChain := evmPayload(mToken, evm.ApproveCalldata(facility, units(1)), "0")
	wrongChain.Data.EVM.ChainID = 1
	otherChain := evmPayload(mToken, evm.ApproveCalldata(facility, units(1)), "0")
	otherChain.Data.EVM.Chain = orchestration.Ethereum
	badHex := evmPayload(mToken, nil, "0")
	badHex.Data.EVM.Data = "0xzz"
	badValue := evmPayload(mToken, evm.ApproveCalldata(facility, units(1)), "-1")
	for _, tc := range []struct {
		name string
		p    orchestration.Payload
	}{
		{"svm", svm},
		{"chain id", wrongChain},
		{"chain not in the catalog", otherChain},
		{"unknown target", evmPayload(recipient, evm.ApproveCalldata(facility, units(1)), "0")},
		{"no selector", evmPayload(mToken, []byte{1, 2}, "0")},
		{"bad hex", badHex},
		{"bad value", badValue},
		{"token transfer", evmPayload(mToken, mustPack(t, contracts.MustABI("MToken"), "transfer", recipient, units(1)), "0")},
		{"admin call", evmPayload(facility, mustPack(t, facilityABI, "pause"), "0")},
		{"unknown selector", evmPayload(facility, []byte{0xde, 0xad, 0xbe, 0xef}, "0")},
		{"truncated arguments", evmPayload(facility, mustPack(t, facilityABI, "swap", wM, mUSD, units(10), recipient)[:40], "0")},
		{"unknown token", evmPayload(facility, mustPack(t, facilityABI, "swap", wM, recipient, units(10), recipient), "0")},
		{"multicall of three", evmPayload(router, mustPack(t, routerABI, "multicall0", dl, [][]byte{exactIn, exactIn, exactIn}), "0")},
		{"multicall of nothing", evmPayload(router, mustPack(t, routerABI, "multicall0", dl, [][]byte{}), "0")},
		{"multicall of two swaps", evmPayload(router, mustPack(t, routerABI, "multicall0", dl, [][]byte{exactIn, exactIn}), "0")},
		{"bridge to an unknown chain", evmPayload(portal, mustPack(t, portalABI, "sendToken0", units(5), mToken, uint32(1),
			common.BytesToHash(mToken.Bytes()), common.BytesToHash(recipient.Bytes()), common.BytesToHash(owner.Bytes()), []byte{}), "1")},
		{"order to a non-address", evmPayload(book, mustPack(t, bookABI, "openOrder", func() bindings.OrderParams {
			o := order
			o.Recipient = [32]byte{1}
			return o
		}()), "0")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := permit.Describe(cat, tc.p)
			if !errors.Is(err, permit.ErrUndescribed) {
				t.Fatalf("Describe = %q, %v; want ErrUndescribed", s, err)
			}
		})
	}
}
