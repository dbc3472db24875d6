package portal

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// wormholeRoute is how a source portal reaches one destination through
// the Wormhole adapter. The adapter's sendMessage publishes the message on
// the core bridge, paying its messageFee(), and pays the rest of the value
// to the Executor with relay instructions of payloadGasLimit(dest, 0) and
// getMsgValue(dest), under the signed quote it is given as adapter
// arguments; so the quote must be for exactly that route.
type wormholeRoute struct {
	src, dst            orchestration.Chain
	adapter, coreBridge common.Address
	// request asks the Executor for the route's relay: from
	// currentWormholeChainId() to getBridgeChainId(dest), with those relay
	// instructions. Read only.
	request executor.Request
	// executor is the source network's quote cache; nil when none is
	// configured, and the route then has no quote.
	executor *executor.Cache
	network  string // "mainnet" or "testnet", for messages
}

// adapterProbe is one destination's default adapter, to find out whether
// it is the Wormhole adapter.
type adapterProbe struct {
	adapter  common.Address
	dest     asset.ChainInfo
	gasLimit *big.Int // payloadGasLimit(dest, 0)
}

// probeResult is what wormholeRoutes learnt of a probe.
type probeResult struct {
	route *wormholeRoute // nil: an adapter that quotes on chain
	skip  bool           // a Wormhole adapter that cannot reach the destination
}

// wormholeRoutes reads, in one batch on src, what each probe's adapter
// would need as the Wormhole adapter: currentWormholeChainId() and
// coreBridge(), and per destination getBridgeChainId, getMsgValue and
// getPeer. An adapter whose currentWormholeChainId() reverts (or answers
// no uint16) is another adapter, which quotes on chain. A Wormhole adapter
// that is not configured for the destination (no bridge chain id, no
// peer, no core bridge) or a portal with no payload gas limit for it would
// revert the transfer: the destination is skipped, with a warning.
func (p *Provider) wormholeRoutes(ctx context.Context, src *chain, probes []adapterProbe) ([]probeResult, error) {
	rs := make([]evm.WormholeAdapterReads, len(probes))
	var calls []evm.Call
	seen := map[evm.CallKey]bool{}
	for i, pr := range probes {
		rs[i] = evm.NewWormholeAdapterReads(pr.adapter, uint32(pr.dest.ChainID))
		for _, c := range rs[i].Calls() {
			if !seen[c.Key()] {
				seen[c.Key()] = true
				calls = append(calls, c)
			}
		}
	}
	ans, err := p.reader.Read(ctx, src.Name, calls)
	if err != nil {
		return nil, err
	}
	network, cache := "mainnet", p.executors.Mainnet
	if src.Testnet {
		network, cache = "testnet", p.executors.Testnet
	}
	out := make([]probeResult, len(probes))
	for i, pr := range probes {
		wa, ok, err := rs[i].Decode(ans)
		if !ok {
			if err != nil { // no answer
				return nil, err
			}
			continue // not the Wormhole adapter
		}
		skip := func(why string, args ...any) {
			out[i].skip = true
			p.logger.Warn("portal: the default adapter to a destination is the Wormhole adapter, which cannot carry a transfer there; its paths are not served",
				append([]any{"chain", src.Name, "destination", pr.dest.Name, "adapter", pr.adapter.Hex(), "reason", why}, args...)...)
		}
		core, bridgeID, msgValue := wa.CoreBridge, wa.BridgeChainID, wa.MsgValue
		switch why := wa.Unusable(); {
		case err != nil:
			skip("a read failed", "error", err)
		case why != "":
			skip(why, "bridgeChainId", bridgeID)
		case pr.gasLimit.Sign() <= 0:
			skip("the portal has no payload gas limit for the destination")
		default:
			w := &wormholeRoute{src: src.Name, dst: pr.dest.Name, adapter: pr.adapter, coreBridge: core,
				request: executor.Request{SrcChain: wa.WormholeChain, DstChain: uint16(bridgeID.Uint64()),
					Relay: executor.RelayInstructions{GasLimit: pr.gasLimit, MsgValue: msgValue}},
				executor: cache, network: network}
			if _, err := w.request.Relay.Bytes(); err != nil {
				skip("the relay instructions do not encode", "error", err)
				continue
			}
			out[i].route = w
		}
	}
	return out, nil
}

// warnNoExecutor logs, once per Edges pass, the routes through the
// Wormhole adapter whose network has no Executor: they are listed, and
// every leg over them is quote.ErrNoRoute.
func (p *Provider) warnNoExecutor(ctx context.Context, edges [][]quote.Edge) {
	var routes []string
	for _, es := range edges {
		for _, e := range es {
			if h, ok := e.Detail.(*hop); ok && h.wormhole != nil && h.wormhole.executor == nil {
				routes = append(routes, fmt.Sprintf("%s->%s (%s)", h.wormhole.src, h.wormhole.dst, h.wormhole.network))
			}
		}
	}
	if len(routes) == 0 {
		return
	}
	slices.Sort(routes)
	routes = slices.Compact(routes)
	p.logger.WarnContext(ctx, "portal: no Wormhole Executor is configured for the network of these routes through the Wormhole adapter; they are not served",
		"routes", routes)
}

// messageFeeCall reads the core bridge's messageFee(), which the adapter
// pays out of the transfer's value: chain state.
func (p *Provider) messageFeeCall(w *wormholeRoute) evm.Call {
	return evm.WormholeMessageFeeCall(w.coreBridge)
}

// relay is what a transfer through the Wormhole adapter pays.
type relay struct {
	messageFee, cost *big.Int // the core bridge's and the Executor's
	value            *big.Int // their sum: sendToken's value
	signed           []byte   // the signed quote: the adapter arguments
	expiry           time.Time
}

// relay prices leg's relay: the message fee from leg.State, the Executor's
// quote from the network's cache (from memory when held, else asked under
// ctx). The Executor's failure is returned as it came (*executor.Error).
func (p *Provider) relay(ctx context.Context, leg quote.LegRequest, w *wormholeRoute) (relay, error) {
	if w.executor == nil {
		return relay{}, fmt.Errorf("%w: %s to %s goes through the Wormhole adapter, and no Wormhole Executor is configured for the %s network",
			quote.ErrNoRoute, leg.From.Chain, leg.To.Chain, w.network)
	}
	fee, err := evm.DecodeWormholeMessageFee(evmruntime.Answers(leg.State), w.coreBridge)
	if err != nil {
		return relay{}, fmt.Errorf("portal: %s Wormhole message fee: %w", leg.From.Chain, err)
	}
	q, ok := w.executor.Cached(w.request)
	if !ok {
		if q, err = w.executor.Get(ctx, w.request); err != nil {
			return relay{}, err
		}
	}
	if err := q.Check(w.request, p.now()); err != nil {
		return relay{}, fmt.Errorf("portal: the Executor's quote for %s to %s: %w", leg.From.Chain, leg.To.Chain, err)
	}
	return relay{messageFee: fee, cost: q.EstimatedCost, value: new(big.Int).Add(fee, q.EstimatedCost), signed: q.Signed.Raw,
		expiry: q.Signed.Expiry}, nil
}
