package order

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

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

// CancelOrder builds the transaction that cancels the order req names. It
// runs on the order's destination chain (the origin for a same-chain
// order), through that chain's Book; a cross-chain cancel sends a cancel
// report to the origin, so its value is the fee for one, read on chain,
// plus Config.CancelFeeMarginBps of it: the bridge takes the fee of the
// block the cancel is mined in and refunds the rest to the caller
// (decision 37). Reads: the order and the clock on the origin, then the
// destination's status, the fee and the clock on the destination, one
// round trip per chain (one in all for a same-chain order).
//
// Errors: BadOrderRequest for a chain that is not a chain of the catalog
// with an OrderBook, a malformed id, or a malformed or zero caller;
// OrderNotFound when the origin has no such order; OrderNotCancellable
// when the order is COMPLETED or CANCELLED on either chain (a cancel or a
// completing fill in flight) or the caller may not cancel yet (the message
// says from when); NotImplemented when a chain has no Book or client here,
// or lacks what a cancel needs; CancelOrderError naming the chain when a
// read fails.
func (s *Service) CancelOrder(ctx context.Context, req orchestration.CancelOrderRequest) (*orchestration.TransactionPayload, error) {
	bad, fail := orchestration.EndpointCancelOrder.Bad, orchestration.EndpointCancelOrder.Fail
	origin, id, err := s.originOf(bad, req.Order)
	if err != nil {
		return nil, err
	}
	// The zero account could cancel after the deadline as anyone may, but
	// no one signs for it (decision 19): refused before any read.
	if err := orchestration.RefuseZeroAccount(bad, "caller", req.Caller); err != nil {
		return nil, err
	}
	originBook, err := s.bookOf(origin)
	if err != nil {
		return nil, err
	}
	// The origin: the order and, in case it is a same-chain order, the
	// clock.
	o, err := s.read(ctx, fail, originBook, origin, id, Need{Clock: true})
	if err != nil {
		return nil, err
	}
	if !o.Found {
		return nil, orchestration.Errorf(orchestration.OrderNotFound, "no order %s on %s", req.Order.OrderID, origin.Name)
	}
	if o.Status.Terminal() {
		return nil, orchestration.Errorf(orchestration.OrderNotCancellable, "order %s is %s", req.Order.OrderID, o.Status)
	}
	t := o.Terms

	dest, err := s.cancelDestination(origin, t.DestChainID)
	if err != nil {
		return nil, err
	}
	destBook, err := s.bookOf(dest)
	if err != nil {
		return nil, err
	}
	// caller: an account of the destination's runtime, which signs the
	// cancel there. Omitted, it is the order's sender, when the sender is
	// an account of that runtime too; a sender of another runtime (an
	// order from an EVM chain to Solana) cannot sign there (decision 80).
	caller := t.Sender
	if req.Caller != "" {
		if caller, err = destBook.ParseAccount(req.Caller); err != nil {
			return nil, orchestration.Errorf(bad, "caller %s (an account of %s, the order's destination)", err, dest.Name)
		}
	} else if origin.Runtime != dest.Runtime {
		return nil, orchestration.Errorf(bad,
			"caller is required: the order's sender is an account of %s (%s), which cannot sign the cancel on %s (%s); name the account of %s that signs it",
			origin.Name, origin.Runtime, dest.Name, dest.Runtime, dest.Runtime)
	}

	now, fee, view := o.Now, new(big.Int), o
	sameChain := dest.Name == origin.Name
	if !sameChain {
		d, err := s.read(ctx, fail, destBook, dest, id, Need{Clock: true, CancelReportTo: origin.ChainID})
		if err != nil {
			return nil, err
		}
		switch d.Status {
		case orchestration.OrderCancelled:
			return nil, orchestration.Errorf(orchestration.OrderNotCancellable, "order %s is already cancelled on %s; the cancel report to %s is in flight", req.Order.OrderID, dest.Name, origin.Name)
		case orchestration.OrderCompleted:
			return nil, orchestration.Errorf(orchestration.OrderNotCancellable, "order %s is COMPLETED on %s; the fill report to %s is in flight", req.Order.OrderID, dest.Name, origin.Name)
		}
		now, fee, view = d.Now, d.CancelFee, d
	}

	// Who may cancel when (the order books alike): before the fill
	// deadline only the recipient, and for a same-chain order the sender
	// too; after it (the chain's time > fillDeadline) anyone. Never before
	// createdAt.
	if now <= t.FillDeadline && caller != t.Recipient && !(sameChain && caller == t.Sender) {
		who := "the recipient"
		if sameChain {
			who = "the recipient or the sender"
		}
		return nil, orchestration.Errorf(orchestration.OrderNotCancellable,
			"%s may not cancel order %s yet: before its fill deadline only %s may; anyone may from %s",
			destBook.Account(caller), req.Order.OrderID, who, when(t.FillDeadline+1))
	}
	if now < t.CreatedAt {
		// The destination's clock is behind the origin's: the order book
		// refuses an order created after its block.
		return nil, orchestration.Errorf(orchestration.OrderNotCancellable,
			"order %s was created after %s's latest block; it may be cancelled there from %s", req.Order.OrderID, dest.Name, when(t.CreatedAt))
	}
	p, err := destBook.CancelPayload(ctx, dest, Cancel{ID: id, Terms: t, Caller: caller, Value: withMargin(fee, s.cfg.CancelFeeMarginBps), Dest: view})
	if err != nil {
		var oe *orchestration.Error
		if errors.As(err, &oe) {
			return nil, err
		}
		return nil, orchestration.Wrap(fail, err, "encoding the cancel failed")
	}
	return p, nil
}

// cancelDestination is the chain a cancel of an order from origin to
// destID runs on.
func (s *Service) cancelDestination(origin asset.ChainInfo, destID uint64) (asset.ChainInfo, error) {
	if destID == origin.ChainID {
		return origin, nil
	}
	dest, ok := s.chainByID(destID)
	if !ok {
		return dest, orchestration.Errorf(orchestration.NotImplemented, "the order's destination chain id %d is not a chain this service serves", destID)
	}
	if dest.Contracts.OrderBook == "" {
		return dest, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s is not configured on this server (no OrderBook there)", dest.Name)
	}
	if _, ok := s.cfg.Books[dest.Runtime]; !ok {
		return dest, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s is not configured on this server (no order book for its runtime, %s)", dest.Name, dest.Runtime)
	}
	return dest, nil
}

// when is a Unix time in seconds as RFC 3339 UTC and as the number.
func when(unix uint64) string {
	return fmt.Sprintf("%s (Unix %d)", time.Unix(int64(unix), 0).UTC().Format(time.RFC3339), unix)
}
