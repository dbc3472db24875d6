package evmorders

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// reportReads are the reads of the destination's Portal that price a
// cancel report to the origin: its on-chain quote (which the Wormhole
// adapter refuses), its default adapter to the origin and the payload gas
// limit of a cancel report there (both Immutable, as quote/portal reads
// them for a transfer).
type reportReads struct {
	portal                   common.Address
	quote, adapter, gasLimit evm.Call
}

func newReportReads(portal common.Address, origin uint32) reportReads {
	return reportReads{portal: portal,
		quote:    evm.MustMethodCall(portal, quoteMethod, false, origin, cancelReportPayload),
		adapter:  evm.MustMethodCall(portal, defaultAdapterMethod, true, origin),
		gasLimit: evm.MustMethodCall(portal, gasLimitMethod, true, origin, cancelReportPayload),
	}
}

// wormholeCancel is View.Runtime of a cancel whose report the
// destination's Portal sends through its Wormhole adapter.
type wormholeCancel struct {
	signed []byte   // the Executor's signed quote: the adapter's arguments
	value  *big.Int // the core bridge's message fee + the Executor's cost
}

// wormholeOf is what Read gathered for a cancel through the Wormhole
// adapter, if it did.
func wormholeOf(v *order.View) (*wormholeCancel, bool) {
	if v == nil {
		return nil, false
	}
	w, ok := v.Runtime.(*wormholeCancel)
	return w, ok && w != nil
}

// cancelFee sets v.CancelFee, the fee of a cancel report from c to chain
// origin, from a (the first batch) and, when the Portal's default adapter
// to origin is another contract, what that adapter needs. The Portal as
// its own adapter, or an adapter that is not the Wormhole adapter, quotes
// on chain (the Portal's quote). The Wormhole adapter refuses on-chain
// quotes: a cancel through it pays the core bridge's messageFee() and the
// Wormhole Executor's estimated cost of relaying the report with the
// relay instructions the adapter will send (payloadGasLimit(origin,
// CANCEL_REPORT), getMsgValue(origin)), under the Executor's signed quote
// (decisions 67 and 94). The Executor is not asked for an order that is
// cancelled or completed on c, which the Service refuses without a fee.
func (b *Book) cancelFee(ctx context.Context, c asset.ChainInfo, origin uint64, r reportReads, a *evm.Answers, v *order.View) error {
	fail := orchestration.EndpointCancelOrder.Fail
	failed := func(err error, format string, args ...any) *orchestration.Error {
		return orchestration.Wrap(fail, err, fmt.Sprintf(format, args...))
	}
	adapter, err := evm.Decode1[common.Address](defaultAdapterMethod, a, r.adapter)
	if err != nil {
		return failed(err, "reading the default bridge adapter of %s's Portal to chain %d failed; a retry may succeed", c.Name, origin)
	}
	onChain := func() error {
		fee, err := evm.Decode1[*big.Int](quoteMethod, a, r.quote)
		if err != nil {
			return failed(err, "quoting the cancel report's bridge fee from %s to chain %d failed; a retry may succeed", c.Name, origin)
		}
		v.CancelFee = fee
		return nil
	}
	if adapter == r.portal || adapter == (common.Address{}) {
		return onChain()
	}
	if v.Status.Terminal() {
		return nil
	}
	reads := evm.NewWormholeAdapterReads(adapter, uint32(origin))
	ans, err := b.reader.Read(ctx, c.Name, reads.Calls())
	if err != nil {
		return failed(err, "reading %s's bridge adapter %s failed; a retry may succeed", c.Name, adapter.Hex())
	}
	w, ok, err := reads.Decode(ans)
	if !ok {
		if err != nil {
			return failed(err, "reading %s's bridge adapter %s failed; a retry may succeed", c.Name, adapter.Hex())
		}
		return onChain() // not the Wormhole adapter
	}
	if err != nil {
		return failed(err, "reading the Wormhole adapter %s on %s failed; a retry may succeed", adapter.Hex(), c.Name)
	}
	gas, err := evm.Decode1[*big.Int](gasLimitMethod, a, r.gasLimit)
	if err != nil {
		return failed(err, "reading the payload gas limit of a cancel report from %s to chain %d failed; a retry may succeed", c.Name, origin)
	}
	if why := w.Unusable(); why != "" {
		return orchestration.Errorf(fail, "%s's Portal sends cancel reports to chain %d through its Wormhole adapter %s, which cannot carry one there (%s): the cancel would revert",
			c.Name, origin, adapter.Hex(), why)
	}
	if gas.Sign() <= 0 {
		return orchestration.Errorf(fail, "%s's Portal has no payload gas limit for a cancel report to chain %d: the cancel would revert", c.Name, origin)
	}
	network, exec := "mainnet", b.cfg.Executors.Mainnet
	if c.Testnet {
		network, exec = "testnet", b.cfg.Executors.Testnet
	}
	if exec == nil {
		return orchestration.Errorf(orchestration.NotImplemented,
			"cancelling orders on %s from chain %d is not configured on this server: the cancel report goes through the Wormhole adapter, and no Wormhole Executor is configured for the %s network",
			c.Name, origin, network)
	}
	req := executor.Request{SrcChain: w.WormholeChain, DstChain: uint16(w.BridgeChainID.Uint64()),
		Relay: executor.RelayInstructions{GasLimit: gas, MsgValue: w.MsgValue}}
	if _, err := req.Relay.Bytes(); err != nil {
		return failed(err, "the relay instructions of a cancel report from %s to chain %d do not encode", c.Name, origin)
	}
	// The message fee (chain state) and the Executor's quote depend on
	// the adapter's reads alone, not on each other: asked together, the
	// cancel waits for the slower of the two, not their sum.
	var (
		msgFee *big.Int
		q      executor.Quote
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		feeAns, err := b.reader.Read(gctx, c.Name, []evm.Call{evm.WormholeMessageFeeCall(w.CoreBridge)})
		if err == nil {
			msgFee, err = evm.DecodeWormholeMessageFee(feeAns, w.CoreBridge)
		}
		if err != nil {
			return failed(err, "reading the Wormhole message fee on %s failed; a retry may succeed", c.Name)
		}
		return nil
	})
	g.Go(func() error {
		var err error
		if q, err = exec.Get(gctx, req); err != nil {
			e := failed(err, "the Wormhole Executor's quote of relaying the cancel report from %s to chain %d failed; a retry may succeed", c.Name, origin)
			if ee, ok := errors.AsType[*executor.Error](err); ok {
				e.RetryAfter = ee.RetryAfter
			}
			return e
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		return err
	}
	if err := q.Check(req, b.cfg.Now()); err != nil {
		return orchestration.Errorf(fail, "the Wormhole Executor's quote of relaying the cancel report from %s to chain %d cannot be used (%v); a retry may succeed",
			c.Name, origin, err)
	}
	value := new(big.Int).Add(msgFee, q.EstimatedCost)
	v.CancelFee, v.Runtime = value, &wormholeCancel{signed: q.Signed.Raw, value: value}
	return nil
}
