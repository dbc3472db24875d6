package order

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

// cancelReportPayload is the Portal's CANCEL_REPORT payload type
// (Portal.sol), the fee of which a cross-chain cancel pays.
const cancelReportPayload uint8 = 6

const (
	// DefaultCancelFeeMarginBps is Config.CancelFeeMarginBps's default:
	// a cross-chain cancel's value is the bridge fee read at build time
	// plus a fifth, which a fee rising between build and inclusion (a gas
	// oracle update) seldom outruns. The Portal refunds the excess to the
	// caller in the same transaction (decision 37), so the margin costs
	// the caller nothing but having it in balance.
	DefaultCancelFeeMarginBps = 2000
	// maxCancelFeeMarginBps bounds Config.CancelFeeMarginBps: twice the
	// fee is margin enough, and more asks the caller to hold a sum out of
	// proportion to what is paid.
	maxCancelFeeMarginBps = 10_000
)

// withMargin is fee plus bps basis points of it, rounded up (nothing for a
// negative bps).
func withMargin(fee *big.Int, bps int) *big.Int {
	if bps <= 0 || fee.Sign() <= 0 {
		return fee
	}
	m := new(big.Int).Mul(fee, big.NewInt(int64(bps)))
	m.Add(m, big.NewInt(9_999)) // rounds the quotient up
	m.Quo(m, big.NewInt(10_000))
	return m.Add(m, fee)
}

var (
	getOrderDataMethod = method(orderBookABI, "getOrderData(bytes32)")
	cancelOrderMethod  = method(orderBookABI, "cancelOrder(bytes32,(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32))")
	quoteMethod        = method(mustPortalABI(), "quote(uint32,uint8)")
)

func mustPortalABI() *abi.ABI {
	a, err := bindings.PortalMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return a
}

// method finds an overload by its signature, not by the name abigen gave it.
func method(a *abi.ABI, sig string) abi.Method {
	for _, m := range a.Methods {
		if m.Sig == sig {
			return m
		}
	}
	panic("order: no method " + sig)
}

// CancelOrder builds the transaction that cancels the order req names. It
// runs on the order's destination chain (the origin for a same-chain order)
// and calls cancelOrder(orderId, orderData) on that chain's OrderBook, the
// catalog's; a cross-chain cancel sends a CancelReport, so its value is
// the Portal's fee for one, quoted on chain, with a margin. Reads: getOrder and getOrderData on
// the origin, then the destination's status, the fee quote and the clock
// on the destination, one batch per chain (one in all for a same-chain
// order). The value is the fee quoted plus Config.CancelFeeMarginBps of it:
// the Portal takes the fee of the block the cancel is mined in and refunds
// the rest to the caller (decision 37).
//
// Errors: BadOrderRequest for a chain that is not an EVM chain of the
// catalog with an OrderBook, a malformed id, or a malformed or zero caller;
// OrderNotFound when the origin has no such order; OrderNotCancellable
// when the order is COMPLETED or CANCELLED on either chain (a cancel or a
// completing fill in flight) or the caller may not cancel yet (the message
// says from when); NotImplemented when a chain has no client here or the
// destination is not an EVM chain this service can build for;
// CancelOrderError naming the chain when a read fails.
func (s *Service) CancelOrder(ctx context.Context, req orchestration.CancelOrderRequest) (*orchestration.TransactionPayload, error) {
	bad := orchestration.EndpointCancelOrder.Bad
	origin, id, err := s.originOf(bad, req.Order)
	if err != nil {
		return nil, err
	}
	// The zero account could cancel after the deadline as anyone may, but
	// no one signs for it (decision 19): refused before any read.
	if err := orchestration.RefuseZeroAccount(bad, "caller", req.Caller); err != nil {
		return nil, err
	}
	if !s.has(origin) {
		return nil, notConfigured(origin)
	}
	if origin.Contracts.Multicall3 == "" {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders created on %s is not configured on this server (no Multicall3 for the chain clock)", origin.Name)
	}

	// The origin: the order, its data and, in case it is a same-chain
	// order, the clock.
	book := common.HexToAddress(origin.Contracts.OrderBook)
	getOrder := evm.MustMethodCall(book, getOrderMethod, false, id)
	getData := evm.MustMethodCall(book, getOrderDataMethod, false, id)
	clock := evm.ClockCall(common.HexToAddress(origin.Contracts.Multicall3))
	a, err := s.batch(ctx, origin, getOrder, getData, clock)
	if err != nil {
		return nil, err
	}
	var o bindings.Order
	var data bindings.OrderData
	if err := decodeTuple(getOrderMethod, a, getOrder, &o); err != nil {
		return nil, readFailed(origin, err)
	}
	if o.Status == statusDoesNotExist {
		return nil, orchestration.Errorf(orchestration.OrderNotFound, "no order %s on %s", req.Order.OrderID, origin.Name)
	}
	if st := wireStatus(o.Status); st.Terminal() {
		return nil, orchestration.Errorf(orchestration.OrderNotCancellable, "order %s is %s", req.Order.OrderID, st)
	}
	if err := decodeTuple(getOrderDataMethod, a, getData, &data); err != nil {
		return nil, readFailed(origin, err)
	}

	dest, err := s.cancelDestination(origin, uint64(o.DestChainId))
	if err != nil {
		return nil, err
	}
	// caller: the order's sender unless named; an EVM address here.
	caller := o.Sender
	if req.Caller != "" {
		if caller, err = orchestration.ParseEVMAddress(req.Caller); err != nil {
			return nil, orchestration.Errorf(bad, "caller %s (the destination %s is an EVM chain)", err, dest.Name)
		}
	}

	now, fee := uint64(0), new(big.Int)
	sameChain := dest.Name == origin.Name
	if sameChain {
		if now, err = evm.DecodeClock(a, common.HexToAddress(origin.Contracts.Multicall3)); err != nil {
			return nil, readFailed(origin, err)
		}
	} else {
		destBook := common.HexToAddress(dest.Contracts.OrderBook)
		getDest := evm.MustMethodCall(destBook, getOrderMethod, false, id)
		quote := evm.MustMethodCall(common.HexToAddress(dest.Contracts.Portal), quoteMethod, false, uint32(origin.ChainID), cancelReportPayload)
		mc := common.HexToAddress(dest.Contracts.Multicall3)
		b, err := s.batch(ctx, dest, getDest, quote, evm.ClockCall(mc))
		if err != nil {
			return nil, err
		}
		var d bindings.Order
		if err := decodeTuple(getOrderMethod, b, getDest, &d); err != nil {
			return nil, readFailed(dest, err)
		}
		switch d.Status {
		case statusCancelled:
			return nil, orchestration.Errorf(orchestration.OrderNotCancellable, "order %s is already cancelled on %s; the cancel report to %s is in flight", req.Order.OrderID, dest.Name, origin.Name)
		case statusCompleted:
			return nil, orchestration.Errorf(orchestration.OrderNotCancellable, "order %s is COMPLETED on %s; the fill report to %s is in flight", req.Order.OrderID, dest.Name, origin.Name)
		}
		if fee, err = evm.Decode1[*big.Int](quoteMethod, b, quote); err != nil {
			return nil, orchestration.Wrap(orchestration.EndpointCancelOrder.Fail, err,
				fmt.Sprintf("quoting the cancel report's bridge fee from %s to %s failed; a retry may succeed", dest.Name, origin.Name))
		}
		if now, err = evm.DecodeClock(b, mc); err != nil {
			return nil, readFailed(dest, err)
		}
	}

	// Who may cancel when (OrderBook._cancelOrder): before the fill deadline
	// only the recipient, and for a same-chain order the sender too; after
	// it (block.timestamp > fillDeadline) anyone. Never before createdAt.
	recipient := common.BytesToAddress(data.Recipient[12:])
	sender := common.BytesToAddress(data.Sender[12:])
	if now <= data.FillDeadline && caller != recipient && !(sameChain && caller == sender) {
		who := "the recipient"
		if sameChain {
			who = "the recipient or the sender"
		}
		return nil, orchestration.Errorf(orchestration.OrderNotCancellable,
			"%s may not cancel order %s yet: before its fill deadline only %s may; anyone may from %s",
			caller.Hex(), req.Order.OrderID, who, when(data.FillDeadline+1))
	}

	if now < data.CreatedAt {
		// The destination's clock is behind the origin's: the OrderBook
		// refuses an order created after its block.
		return nil, orchestration.Errorf(orchestration.OrderNotCancellable,
			"order %s was created after %s's latest block; it may be cancelled there from %s", req.Order.OrderID, dest.Name, when(data.CreatedAt))
	}
	calldata, err := evm.Calldata(cancelOrderMethod, id, data)
	if err != nil {
		return nil, orchestration.Wrap(orchestration.EndpointCancelOrder.Fail, err, "encoding the cancel failed")
	}
	return &orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain:   dest.Name,
		ChainID: dest.ChainID,
		To:      common.HexToAddress(dest.Contracts.OrderBook).Hex(),
		Data:    hexutil.Encode(calldata),
		Value:   withMargin(fee, s.cfg.CancelFeeMarginBps).String(),
	}}, nil
}

// cancelDestination is the chain a cancel of an order from origin to
// destID runs on, with what building one there needs.
func (s *Service) cancelDestination(origin asset.ChainInfo, destID uint64) (asset.ChainInfo, error) {
	if destID == origin.ChainID {
		return origin, nil
	}
	dest, ok := s.cfg.Catalog.ChainByID(orchestration.RuntimeEVM, destID)
	if !ok {
		if svm, ok := s.cfg.Catalog.ChainByID(orchestration.RuntimeSVM, destID); ok {
			return dest, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s (a Solana chain) is not implemented yet", svm.Name)
		}
		return dest, orchestration.Errorf(orchestration.NotImplemented, "the order's destination chain id %d is not a chain this service serves", destID)
	}
	for _, c := range []struct{ addr, what string }{
		{dest.Contracts.OrderBook, "OrderBook"}, {dest.Contracts.Portal, "Portal"}, {dest.Contracts.Multicall3, "Multicall3"},
	} {
		if c.addr == "" {
			return dest, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s is not configured on this server (no %s there)", dest.Name, c.what)
		}
	}
	if !s.has(dest) {
		return dest, notConfigured(dest)
	}
	return dest, nil
}

func (s *Service) has(c asset.ChainInfo) bool { return s.cfg.Reader != nil && s.cfg.Reader.Has(c.Name) }

func notConfigured(c asset.ChainInfo) error {
	// Retrying cannot help: the server has no endpoint for the chain.
	return orchestration.Errorf(orchestration.NotImplemented, "reading orders on %s is not configured on this server (no chain endpoint)", c.Name)
}

func readFailed(c asset.ChainInfo, err error) error {
	return orchestration.Wrap(orchestration.EndpointCancelOrder.Fail, err,
		fmt.Sprintf("reading the order on %s failed; a retry may succeed", c.Name))
}

// batch reads calls on c in one round trip.
func (s *Service) batch(ctx context.Context, c asset.ChainInfo, calls ...evm.Call) (*evm.Answers, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ReadTimeout)
	defer cancel()
	a, err := s.cfg.Reader.Read(ctx, c.Name, calls)
	if err != nil {
		return nil, readFailed(c, err)
	}
	return a, nil
}

// when is a Unix time in seconds as RFC 3339 UTC and as the number.
func when(unix uint64) string {
	return fmt.Sprintf("%s (Unix %d)", time.Unix(int64(unix), 0).UTC().Format(time.RFC3339), unix)
}
