package evmgas_test

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
)

// A chain whose address book names every role, at addresses no other role
// shares.
var (
	facility   = common.HexToAddress("0x00000000000000000000000000000000000000f1")
	router     = common.HexToAddress("0x00000000000000000000000000000000000000f2")
	portalAddr = common.HexToAddress("0x00000000000000000000000000000000000000f3")
	book       = common.HexToAddress("0x00000000000000000000000000000000000000f4")
	token      = common.HexToAddress("0x00000000000000000000000000000000000000f5")
	sepolia    = asset.ChainInfo{Name: orchestration.Sepolia, Runtime: orchestration.RuntimeEVM, ChainID: 11155111,
		Contracts: asset.Contracts{SwapFacility: facility.Hex(), SwapRouter: router.Hex(), Portal: portalAddr.Hex(), OrderBook: book.Hex()}}
)

func TestClassify(t *testing.T) {
	t.Parallel()
	one := big.NewInt(1)
	sig := make([]byte, 65)
	params := bindings.OrderParams{DestChainId: 84532, FillDeadline: 1, TokenIn: token, AmountIn: one, AmountOut: one}
	exact := pack(t, "SwapRouter02", eip2612.ExactInputSingleSignature, bindings.ExactInputSingleParams{
		TokenIn: token, TokenOut: token, Fee: big.NewInt(500), Recipient: token, AmountIn: one, AmountOutMinimum: one, SqrtPriceLimitX96: new(big.Int)})
	selfPermit := pack(t, "SwapRouter02", eip2612.SelfPermitSignature, token, one, one, uint8(27), [32]byte{}, [32]byte{})
	send := func(args []byte) []byte {
		return pack(t, "Portal", "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,bytes)", one, token, uint32(84532), [32]byte{}, [32]byte{}, [32]byte{}, args)
	}
	tests := []struct {
		name string
		to   common.Address
		data []byte
		want evmgas.Operation
	}{
		{"approve, as evm.ApproveCalldata encodes it", token, evm.ApproveCalldata(facility, one), evmgas.Approve},
		{"facility swap", facility, pack(t, "SwapFacility", "swap(address,address,uint256,address)", token, token, one, token), evmgas.FacilitySwap},
		{"facility swapWithPermit (bytes signature)", facility, pack(t, "SwapFacility", eip2612.SwapWithPermitSignature, token, token, one, token, one, sig), evmgas.FacilitySwapWithPermit},
		{"facility swapInM", facility, pack(t, "SwapFacility", "swapInM(address,uint256,address)", token, one, token), evmgas.FacilitySwapInM},
		{"facility swapOutM", facility, pack(t, "SwapFacility", "swapOutM(address,uint256,address)", token, one, token), evmgas.FacilitySwapOutM},
		{"router multicall [exactInputSingle]", router, pack(t, "SwapRouter02", eip2612.AMMSwapSignature, one, [][]byte{exact}), evmgas.RouterSwap},
		{"router multicall [selfPermit, exactInputSingle]", router, pack(t, "SwapRouter02", eip2612.AMMSwapSignature, one, [][]byte{selfPermit, exact}), evmgas.RouterSwapWithPermit},
		{"portal sendToken, no adapter arguments", portalAddr, send([]byte{}), evmgas.PortalSend},
		{"portal sendToken with a signed quote", portalAddr, send(make([]byte, 165)), evmgas.PortalSendWormhole},
		{"openOrder", book, pack(t, "OrderBook", "openOrder((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address))", params), evmgas.OrderOpen},
		{"openOrderWithPermit (bytes signature)", book, pack(t, "OrderBook", eip2612.LimitOrderSignature, params, one, sig), evmgas.OrderOpenWithPermit},
		{"cancelOrder of an order from this chain, as evmorders builds it", book, cancelData(t, sepolia.ChainID), evmgas.OrderCancel},
		{"cancelOrder of an order from another chain, as evmorders builds it", book, cancelData(t, 84532), evmgas.OrderCancelCrossChain},
		{"cancelOrder of an order from another chain with a signed quote (Wormhole)", book, cancelWithArgs(t, 84532, make([]byte, 165)), evmgas.OrderCancelCrossChainWormhole},
		{"cancelOrder of an order from Solana with a signed quote", book, cancelWithArgs(t, 1399811149, make([]byte, 165)), evmgas.OrderCancelCrossChainWormhole},
		{"cancelOrder of an order from another chain, empty adapter arguments", book, cancelWithArgs(t, 84532, []byte{}), evmgas.OrderCancelCrossChain},
		{"cancelOrder of an order from this chain, with adapter arguments (no report)", book, cancelWithArgs(t, sepolia.ChainID, make([]byte, 165)), evmgas.OrderCancel},
	}
	for _, tt := range tests {
		got, err := evmgas.Classify(sepolia, tt.to, tt.data)
		if err != nil || got != tt.want {
			t.Errorf("%s: Classify = %q, %v; want %q", tt.name, got, err, tt.want)
		}
		if _, ok := evmgas.Estimate(tt.want); !ok {
			t.Errorf("%s: no estimate of %s", tt.name, tt.want)
		}
	}
}

// cancelData is the calldata evmorders.Book.CancelPayload builds for an
// order from origin cancelled on Sepolia.
func cancelData(t *testing.T, origin uint64) []byte {
	t.Helper()
	one := big.NewInt(1)
	p, err := evmorders.New(nil).CancelPayload(context.Background(), sepolia, order.Cancel{
		ID:    order.ID{1},
		Terms: order.Terms{Version: 1, OriginChainID: origin, DestChainID: sepolia.ChainID, AmountIn: one, AmountOut: one, FillDeadline: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	if common.HexToAddress(p.EVM.To) != book {
		t.Fatalf("cancel sent to %s, want the OrderBook %s", p.EVM.To, book)
	}
	data, err := hexutil.Decode(p.EVM.Data)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// cancelWithArgs is cancelOrder(orderId, orderData, bridgeAdapterArgs)
// of an order from origin cancelled on Sepolia: the orderData of
// cancelData, re-packed with args, as evmorders builds a cancel whose
// report goes through the Wormhole adapter (decision 94).
func cancelWithArgs(t *testing.T, origin uint64, args []byte) []byte {
	t.Helper()
	const orderData = "(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32)"
	var in []any
	for _, m := range contracts.MustABI("OrderBook").Methods {
		if m.Sig == "cancelOrder(bytes32,"+orderData+")" {
			var err error
			if in, err = m.Inputs.Unpack(cancelData(t, origin)[4:]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(in) != 2 {
		t.Fatalf("no two-argument cancelOrder unpacked: %v", in)
	}
	return pack(t, "OrderBook", "cancelOrder(bytes32,"+orderData+",bytes)", in[0], in[1], args)
}

func TestClassifyRefuses(t *testing.T) {
	t.Parallel()
	one := big.NewInt(1)
	exact := pack(t, "SwapRouter02", eip2612.ExactInputSingleSignature, bindings.ExactInputSingleParams{
		TokenIn: token, TokenOut: token, Fee: big.NewInt(500), Recipient: token, AmountIn: one, AmountOutMinimum: one, SqrtPriceLimitX96: new(big.Int)})
	swap := pack(t, "SwapFacility", "swap(address,address,uint256,address)", token, token, one, token)
	tests := []struct {
		name string
		to   common.Address
		data []byte
	}{
		{"no selector", token, []byte{0x09, 0x5e, 0xa7}},
		{"approve sent to the facility (no token's role)", facility, evm.ApproveCalldata(facility, one)},
		{"a facility call sent to a token", token, swap},
		{"a swap to the router", router, swap},
		{"an unknown selector to the Portal", portalAddr, []byte{1, 2, 3, 4}},
		{"approve with extra bytes", token, append(evm.ApproveCalldata(facility, one), 0)},
		{"router multicall of two swaps", router, pack(t, "SwapRouter02", eip2612.AMMSwapSignature, one, [][]byte{exact, exact})},
		{"router multicall with no calls", router, pack(t, "SwapRouter02", eip2612.AMMSwapSignature, one, [][]byte{})},
		{"sendToken cut short", portalAddr, pack(t, "Portal", "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,bytes)", one, token, uint32(1), [32]byte{}, [32]byte{}, [32]byte{}, []byte{})[:100]},
		{"cancelOrder cut short", book, cancelData(t, 1)[:4+5*32]},
		{"cancelOrder with adapter arguments cut short", book, cancelWithArgs(t, 1, make([]byte, 165))[:4+15*32]},
	}
	for _, tt := range tests {
		if got, err := evmgas.Classify(sepolia, tt.to, tt.data); !errors.Is(err, evmgas.ErrUnknownCall) {
			t.Errorf("%s: Classify = %q, %v; want ErrUnknownCall", tt.name, got, err)
		}
	}
	solana := asset.ChainInfo{Name: orchestration.Solana, Runtime: orchestration.RuntimeSVM, ChainID: 1399811149}
	if got, err := evmgas.Classify(solana, token, evm.ApproveCalldata(facility, one)); !errors.Is(err, evmgas.ErrUnknownCall) {
		t.Errorf("an approve on Solana: Classify = %q, %v; want ErrUnknownCall", got, err)
	}
}

// TestTable: every operation has an estimate, made from measured.json by
// the stated policy, with its cases' most as its gas.
func TestTable(t *testing.T) {
	t.Parallel()
	tab := evmgas.Measurements()
	if len(tab.Operations) != len(evmgas.Operations()) {
		t.Errorf("measured.json holds %d operations, want %d", len(tab.Operations), len(evmgas.Operations()))
	}
	for _, op := range evmgas.Operations() {
		m := tab.Operations[op]
		est, ok := evmgas.Estimate(op)
		switch {
		case !ok || m.Gas == 0 || len(m.Cases) == 0:
			t.Errorf("%s: estimate %d, %v from %+v", op, est, ok, m)
		case m.Gas != evmgas.MaxOf(m.Cases):
			t.Errorf("%s: gas %d is not the most of its cases %v", op, m.Gas, m.Cases)
		case est < m.Gas+m.Gas*evmgas.MarginPercent/100 || est%evmgas.RoundTo != 0 || est >= m.Gas+m.Gas*evmgas.MarginPercent/100+evmgas.RoundTo+1:
			t.Errorf("%s: estimate %d of %d gas is not %d%% more rounded up to %d", op, est, m.Gas, evmgas.MarginPercent, evmgas.RoundTo)
		}
	}
	if _, ok := evmgas.Estimate("erc20.transfer"); ok {
		t.Error("Estimate of an operation the table does not hold: ok")
	}
	for _, tt := range []struct{ gas, want uint64 }{{1000, 2000}, {10_000, 11_000}, {10_001, 12_000}, {133_866, 148_000}, {0, 0}} {
		if got := evmgas.EstimateOf(tt.gas); got != tt.want {
			t.Errorf("EstimateOf(%d) = %d, want %d", tt.gas, got, tt.want)
		}
	}
}
