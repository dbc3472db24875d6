package portal

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// Defaults of SolanaConfig's zero fields.
const (
	// DefaultSolanaRelayGasLimit and DefaultSolanaRelayMsgValue are the
	// relay instructions asked of the Executor for a send from Solana to
	// an EVM chain: M0's own route (ntt-sdk-route, src/executor.ts, as
	// the Solana facts §4 record it) overrides solana-portal's defaults
	// (600,000 and 5,000,000) with these for Solana → EVM (decision 75).
	DefaultSolanaRelayGasLimit = 450_000
	DefaultSolanaRelayMsgValue = 4_500_000
	// DefaultSolanaComputeUnitLimit caps a send's compute units: send_token
	// unwraps through ext_swap and m_ext, burns M and posts a Wormhole
	// message through the shim, then the Executor's request transfers its
	// cost, well over the 200,000 a transaction gets by default per
	// instruction when several CPIs nest (decision 75: not measured
	// against the real programs).
	DefaultSolanaComputeUnitLimit = 400_000
	// DefaultSolanaEstTime is the estimated time of a transfer out of
	// Solana: Wormhole's guardians sign a Solana message once its slot is
	// finalized (some 32 slots, about 13 s), the Executor relays the
	// signed message to the EVM chain within its next blocks; two minutes
	// leaves room for a busy relayer (decision 76: an estimate, not
	// measured).
	DefaultSolanaEstTime = 2 * time.Minute
)

// SolanaConfig configures transfers out of Solana. The zero value is
// ready to use.
type SolanaConfig struct {
	// Relay are the relay instructions asked of the Executor for a
	// Solana → EVM transfer; nil fields take DefaultSolanaRelayGasLimit
	// and DefaultSolanaRelayMsgValue.
	Relay executor.RelayInstructions
	// ComputeUnitLimit caps the transaction's compute units (zero:
	// DefaultSolanaComputeUnitLimit); ComputeUnitPrice is its priority
	// fee in micro-lamports per unit (zero: none).
	ComputeUnitLimit uint32
	ComputeUnitPrice uint64
	// EstTime is a transfer's estimated time (zero:
	// DefaultSolanaEstTime); Config.EstTimeByRoute overrides it per
	// route. It must not be negative.
	EstTime time.Duration
}

// solanaSide is the Provider's part that serves transfers out of Solana.
type solanaSide struct {
	rt        *svmruntime.Runtime // nil: no Solana chain is read
	executors Executors
	relay     executor.RelayInstructions
	budget    svm.TxConfig
	estTime   time.Duration
}

func newSolanaSide(deps quote.Deps, cfg Config) (*solanaSide, error) {
	s := &solanaSide{rt: svmruntime.In(deps.Runtimes), executors: cfg.Executors, relay: cfg.Solana.Relay,
		budget: svm.TxConfig{ComputeUnitLimit: cfg.Solana.ComputeUnitLimit, ComputeUnitPrice: cfg.Solana.ComputeUnitPrice}}
	if s.relay.GasLimit == nil {
		s.relay.GasLimit = big.NewInt(DefaultSolanaRelayGasLimit)
	}
	if s.relay.MsgValue == nil {
		s.relay.MsgValue = big.NewInt(DefaultSolanaRelayMsgValue)
	}
	if _, err := s.relay.Bytes(); err != nil {
		return nil, fmt.Errorf("portal: Config.Solana.Relay: %w", err)
	}
	if cfg.Solana.EstTime < 0 {
		return nil, fmt.Errorf("portal: Config.Solana.EstTime %v is negative", cfg.Solana.EstTime)
	}
	s.estTime = cmp.Or(cfg.Solana.EstTime, DefaultSolanaEstTime)
	if s.budget.ComputeUnitLimit == 0 {
		s.budget.ComputeUnitLimit = DefaultSolanaComputeUnitLimit
	}
	return s, nil
}

// solanaEdge is the Detail of an edge out of Solana: what was read when
// the edges were listed, which QuoteLeg checks again against the leg's
// state.
type solanaEdge struct {
	dep svm.PortalDeployment
	ext svm.Extension
	// dest is the destination's M0 chain id, token the destination token
	// as the path has it.
	dest  uint32
	token [32]byte
	// src and dst are the Wormhole chain ids of the two sides (the
	// adapter's own and its peer's): the Executor quote's route.
	src, dst uint16
	// table is the adapter's receive lookup table.
	table   solana.PublicKey
	testnet bool
}

// solanaDetail is the Detail of leg's edge when it leaves Solana.
func solanaDetail(leg quote.LegRequest) (solanaEdge, bool) {
	if leg.Edge == nil {
		return solanaEdge{}, false
	}
	d, ok := leg.Detail.(solanaEdge)
	return d, ok
}

// solanaSourceEdges lists the edges out of every Solana chain with a
// Portal, chains in parallel, with an error naming the chains that failed.
func (p *Provider) solanaSourceEdges(ctx context.Context) ([]quote.Edge, error) {
	var chains []asset.ChainInfo
	for _, ch := range p.catalog.Chains() {
		if ch.Runtime != orchestration.RuntimeSVM || ch.Contracts.Portal == "" {
			continue
		}
		if _, ok := svm.PortalDeploymentOf(ch); !ok {
			p.logger.Warn("portal: no Portal v2 deployment is known for the chain's id and Portal; it is not bridged", "chain", ch.Name)
			continue
		}
		if p.sol.rt == nil || !p.sol.rt.Has(ch.Name) {
			p.logger.Warn("portal: no Solana runtime reads a chain with a Portal; it is not bridged", "chain", ch.Name)
			continue
		}
		if p.executorCache(solanaEdge{testnet: ch.Testnet}) == nil {
			// Every send out of Solana goes through the Wormhole
			// adapter, whose relays the Executor prices: without one
			// for the network no route could be served, so none is
			// listed (and the cluster is not read).
			p.logger.Warn("portal: no Wormhole Executor is configured for the chain's network; transfers out of it are not served", "chain", ch.Name)
			continue
		}
		chains = append(chains, ch)
	}
	if len(chains) == 0 {
		return nil, nil
	}
	per, errs := quote.PerChain(ctx, chains, p.solanaEdges)
	names := make([]orchestration.Chain, len(chains))
	for i, c := range chains {
		names[i] = c.Name
	}
	return quote.JoinChainEdges(ctx, p.logger, p.ID(), names, per, errs)
}

// solanaDestinations are the EVM chains with a Portal on src's network
// (testnet or not) whose id fits the Portal's u32.
func (p *Provider) solanaDestinations(src asset.ChainInfo) []asset.ChainInfo {
	var out []asset.ChainInfo
	for _, ch := range p.catalog.Chains() {
		if ch.Runtime == orchestration.RuntimeEVM && ch.Contracts.Portal != "" && ch.Testnet == src.Testnet && ch.ChainID <= math.MaxUint32 {
			out = append(out, ch)
		}
	}
	return out
}

// solanaEdges reads, in one round trip, src's Portal global, ext_swap's
// whitelist, the Wormhole adapter's global and the Portal's chain paths to
// each destination, and returns an edge for every path whose extension is
// whitelisted and in the catalog, whose destination token is in the
// catalog, and whose destination has a Wormhole peer.
func (p *Provider) solanaEdges(ctx context.Context, src asset.ChainInfo) ([]quote.Edge, error) {
	dep, _ := svm.PortalDeploymentOf(src)
	dests := p.solanaDestinations(src)
	keys := []solana.PublicKey{dep.PortalGlobal(), svm.Global(dep.ExtSwap), dep.WormholeGlobal()}
	for _, d := range dests {
		keys = append(keys, svm.ChainPaths(dep.Portal, uint32(d.ChainID)))
	}
	reads := make([]quote.Read, len(keys))
	for i, k := range keys {
		reads[i] = svmruntime.AccountRead{Key: k}
	}
	st, err := p.sol.rt.ReadState(ctx, src.Name, reads, nil)
	if err != nil {
		return nil, err
	}
	s := svmruntime.StateOf(st)
	var swap *svm.SwapGlobal
	var wh *svm.WormholeGlobal
	if a, err := account(s, svm.Global(dep.ExtSwap), dep.ExtSwap, "ext_swap's SwapGlobal"); err != nil {
		return nil, err
	} else if a != nil {
		if swap, err = svm.DecodeSwapGlobal(a.Data); err != nil {
			return nil, err
		}
	}
	if a, err := account(s, dep.WormholeGlobal(), dep.WormholeAdapter, "the Wormhole adapter's global"); err != nil {
		return nil, err
	} else if a != nil {
		if wh, err = svm.DecodeWormholeGlobal(a.Data); err != nil {
			return nil, err
		}
	}
	switch {
	case swap == nil || wh == nil:
		p.logger.Warn("portal: ext_swap's or the Wormhole adapter's global account is missing; the chain is not bridged", "chain", src.Name)
		return nil, nil
	case wh.ReceiveLUT.IsZero():
		p.logger.Warn("portal: the Wormhole adapter has no receive lookup table, without which a send does not fit a transaction; the chain is not bridged", "chain", src.Name)
		return nil, nil
	case wh.ChainID == 0 || wh.ChainID > math.MaxUint16:
		return nil, fmt.Errorf("the Wormhole adapter's chain id %d is no Wormhole chain id", wh.ChainID)
	}
	var out []quote.Edge
	for _, dst := range dests {
		dest := uint32(dst.ChainID)
		a, err := account(s, svm.ChainPaths(dep.Portal, dest), dep.Portal, "the chain paths")
		if err != nil {
			return nil, err
		}
		peer, hasPeer := wh.Peer(dest)
		if a == nil || !hasPeer || peer.AdapterChainID == 0 || peer.AdapterChainID > math.MaxUint16 {
			continue // no path, or no way through Wormhole
		}
		paths, err := svm.DecodeChainBridgePaths(a.Data)
		if err != nil {
			return nil, fmt.Errorf("chain paths to %s: %w", dst.Name, err)
		}
		for _, path := range paths.Paths {
			ext, ok := swap.Extension(path.SourceMint)
			if !ok {
				continue // send_token refuses an extension ext_swap does not list
			}
			from, err := p.catalog.Resolve(orchestration.AssetAddress{Chain: src.Name, Address: path.SourceMint.String()})
			if err != nil {
				continue
			}
			token, ok := evmAddress(path.DestinationToken)
			if !ok {
				continue
			}
			to, err := p.catalog.Resolve(orchestration.AssetAddress{Chain: dst.Name, Address: token})
			if err != nil {
				continue
			}
			out = append(out, quote.Edge{From: from, To: to, Detail: solanaEdge{dep: dep, ext: ext, dest: dest,
				token: path.DestinationToken, src: uint16(wh.ChainID), dst: uint16(peer.AdapterChainID),
				table: wh.ReceiveLUT, testnet: src.Testnet}})
		}
	}
	return out, nil
}

// solanaEstTime is the estimated time of a transfer out of Solana: the
// route's own when configured, else the Solana default.
func (p *Provider) solanaEstTime(from, to orchestration.Chain) time.Duration {
	if d, ok := p.byRoute[[2]orchestration.Chain{from, to}]; ok {
		return d
	}
	return p.sol.estTime
}

// evmAddress is the 0x address a 32-byte destination token left-pads.
func evmAddress(b [32]byte) (string, bool) {
	for _, x := range b[:12] {
		if x != 0 {
			return "", false
		}
	}
	return evm.HexToAddress(fmt.Sprintf("0x%x", b[12:])).Hex(), true
}

// account is key in s, owned by owner: nil when it does not exist.
func account(s *svmruntime.State, key, owner solana.PublicKey, what string) (*svm.Account, error) {
	a, ok := s.Account(key)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s (%s) was not read", what, key)
	case a == nil:
		return nil, nil
	case !a.Owner.Equals(owner):
		return nil, fmt.Errorf("%s (%s) is owned by %s, not %s", what, key, a.Owner, owner)
	}
	return a, nil
}

// solanaReads are a send's reads, none depending on the amount: the
// Portal's global (pause flags, M mint), ext_swap's whitelist, the chain
// paths, the adapter's global (pause, peers, table), the emitter's
// Sequence, the core bridge's config (its message fee) and the lookup
// table, all in the Solana batch.
func (p *Provider) solanaReads(d solanaEdge) []quote.Read {
	keys := d.dep.SendStateKeys(d.dest, d.table)
	reads := make([]quote.Read, len(keys))
	for i, k := range keys {
		reads[i] = svmruntime.AccountRead{Key: k}
	}
	return reads
}

// solanaDestinationReads is receivePaused() on the destination's Portal.
func (p *Provider) solanaDestinationReads(leg quote.LegRequest) []quote.Read {
	dst, ok := p.catalog.Chain(leg.To.Chain)
	if !ok || dst.Contracts.Portal == "" {
		return nil
	}
	return []quote.Read{p.receivePausedCall(route{dstPortal: evm.HexToAddress(dst.Contracts.Portal)})}
}

// executorCache is the Executor quote cache of d's network, nil if none.
func (p *Provider) executorCache(d solanaEdge) *executor.Cache {
	if d.testnet {
		return p.sol.executors.Testnet
	}
	return p.sol.executors.Mainnet
}

// relayRequest is the Executor quote request of d's route.
func (p *Provider) relayRequest(d solanaEdge) executor.Request {
	return executor.Request{SrcChain: d.src, DstChain: d.dst, Relay: p.sol.relay}
}

// cachedQuoter is a cache that tells, without I/O, whether it holds a
// usable quote ((*executor.Cache).Cached, where the client has it).
type cachedQuoter interface {
	Cached(req executor.Request) (executor.Quote, bool)
}

// solanaPricesLocally: a send is priced from its reads alone when the
// Executor's quote is in memory (or there is no Executor, which fails at
// once); otherwise QuoteLeg may wait for the Executor.
func (p *Provider) solanaPricesLocally(d solanaEdge) bool {
	c := p.executorCache(d)
	if c == nil {
		return true
	}
	cq, ok := any(c).(cachedQuoter)
	if !ok {
		return false
	}
	_, ok = cq.Cached(p.relayRequest(d))
	return ok
}

// sendState decodes the leg's reads into the send's state.
func sendState(st *svmruntime.State, d solanaEdge) (svm.SendState, *svm.WormholeBridgeConfig, error) {
	var s svm.SendState
	dep := d.dep
	decode := func(key, owner solana.PublicKey, what string, dec func([]byte) error) error {
		a, err := account(st, key, owner, what)
		if err != nil {
			return err
		}
		if a == nil {
			return fmt.Errorf("%w: %s (%s) does not exist", quote.ErrNoRoute, what, key)
		}
		if err := dec(a.Data); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	}
	var bridge *svm.WormholeBridgeConfig
	steps := []struct {
		key, owner solana.PublicKey
		what       string
		dec        func([]byte) error
	}{
		{dep.PortalGlobal(), dep.Portal, "the Portal's global", func(b []byte) (err error) { s.Portal, err = svm.DecodePortalGlobal(b); return }},
		{svm.Global(dep.ExtSwap), dep.ExtSwap, "ext_swap's SwapGlobal", func(b []byte) (err error) { s.Swap, err = svm.DecodeSwapGlobal(b); return }},
		{svm.ChainPaths(dep.Portal, d.dest), dep.Portal, "the Portal's chain paths", func(b []byte) (err error) { s.Paths, err = svm.DecodeChainBridgePaths(b); return }},
		{dep.WormholeGlobal(), dep.WormholeAdapter, "the Wormhole adapter's global", func(b []byte) (err error) { s.Wormhole, err = svm.DecodeWormholeGlobal(b); return }},
		{dep.WormholeSequence(), dep.CoreBridge, "the emitter's Sequence", func(b []byte) (err error) { s.Sequence, err = svm.ReadWormholeSequence(b); return }},
		{dep.BridgeConfig, dep.CoreBridge, "the Wormhole bridge config", func(b []byte) (err error) { bridge, err = svm.DecodeWormholeBridgeConfig(b); return }},
		{d.table, solana.AddressLookupTableProgramID, "the adapter's lookup table", func(b []byte) (err error) {
			s.Table, err = svm.DecodeLookupTable(d.table, b, st.At())
			return
		}},
	}
	for _, step := range steps {
		if err := decode(step.key, step.owner, step.what, step.dec); err != nil {
			return s, nil, err
		}
	}
	return s, bridge, nil
}

// quoteSolana prices a send of leg.AmountIn out of Solana: exact (the
// Portal delivers the amount sent), the Executor's quote from the cache of
// the chain's network, the transaction built for a route returned.
func (p *Provider) quoteSolana(ctx context.Context, leg quote.LegRequest, d solanaEdge) (quote.Leg, error) {
	if err := ctx.Err(); err != nil {
		return quote.Leg{}, err
	}
	switch {
	case leg.Funder.IsZero() || leg.Recipient.IsZero():
		return quote.Leg{}, errors.New("portal: the leg has no funder or no recipient")
	case leg.AmountIn == nil || leg.AmountIn.Sign() <= 0:
		return quote.Leg{}, fmt.Errorf("portal: amount %v is not positive", leg.AmountIn)
	case !leg.AmountIn.IsUint64():
		return quote.Leg{}, fmt.Errorf("%w: %s %s is more than a Solana token amount (u64) holds", quote.ErrNoRoute, leg.AmountIn, leg.From.Symbol)
	}
	cache := p.executorCache(d)
	if cache == nil { // Edges lists no such leg; a stale edge may still come
		return quote.Leg{}, fmt.Errorf("%w: no Wormhole Executor is configured for %s's network, and the Wormhole adapter's relays need one", quote.ErrNoRoute, leg.From.Chain)
	}
	recipient := leg.Recipient.Bytes32()
	if _, ok := evmAddress(recipient); !ok {
		return quote.Leg{}, fmt.Errorf("portal: the recipient %s on %s is no EVM address", leg.Recipient, leg.To.Chain)
	}
	st := svmruntime.StateOf(leg.State)
	state, bridge, err := sendState(st, d)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("portal: %s: %w", leg.From.Chain, err)
	}
	if err := state.Check(d.dep, d.ext, d.dest, d.token); err != nil {
		if errors.Is(err, svm.ErrPortalRefuses) {
			return quote.Leg{}, fmt.Errorf("%w: %s to %s: %v", quote.ErrNoRoute, leg.From.Chain, leg.To.Chain, err)
		}
		return quote.Leg{}, fmt.Errorf("portal: %s: %w", leg.From.Chain, err)
	}
	if peer, _ := state.Wormhole.Peer(d.dest); peer.AdapterChainID != uint32(d.dst) || !state.Wormhole.ReceiveLUT.Equals(d.table) {
		return quote.Leg{}, fmt.Errorf("%w: the Wormhole adapter on %s changed its peer or table since the routes were listed", quote.ErrNoRoute, leg.From.Chain)
	}
	dstReads := p.solanaDestinationReads(leg)
	if len(dstReads) == 0 {
		return quote.Leg{}, fmt.Errorf("portal: %s has no EVM Portal", leg.To.Chain)
	}
	recvPaused, err := evm.Decode1[bool](p.receivePaused, evmruntime.Answers(leg.DestinationState), dstReads[0].(evm.Call))
	if err != nil {
		return quote.Leg{}, fmt.Errorf("portal: %s receivePaused: %w", leg.To.Chain, err)
	}
	if recvPaused {
		return quote.Leg{}, fmt.Errorf("%w: receiving through the M Portal on %s is paused", quote.ErrNoRoute, leg.To.Chain)
	}
	req := p.relayRequest(d)
	q, err := cache.Get(ctx, req)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("portal: the Wormhole Executor's quote for %s to %s: %w", leg.From.Chain, leg.To.Chain, err)
	}
	if err := q.Check(req, p.now()); err != nil {
		return quote.Leg{}, fmt.Errorf("portal: the Executor's quote for %s to %s: %w", leg.From.Chain, leg.To.Chain, err)
	}
	if !q.EstimatedCost.IsUint64() {
		return quote.Leg{}, fmt.Errorf("portal: the Executor's estimated cost %v is no lamport amount", q.EstimatedCost)
	}
	relayBytes, err := req.Relay.Bytes()
	if err != nil {
		return quote.Leg{}, fmt.Errorf("portal: %w", err)
	}
	hash, _ := st.Blockhash()
	params := svm.SendAndRelayParams{
		Funder: leg.Funder.SVM(), Extension: d.ext, Amount: leg.AmountIn.Uint64(),
		DestinationChainID: d.dest, DestinationToken: d.token, Recipient: recipient, State: state,
		Relay:  svm.Relay{SignedQuote: slices.Clone(q.Signed.Raw), EstimatedCost: q.EstimatedCost.Uint64(), DstChain: req.DstChain, Instructions: relayBytes},
		Budget: svm.TxConfig{RecentBlockhash: hash, ComputeUnitLimit: p.sol.budget.ComputeUnitLimit, ComputeUnitPrice: p.sol.budget.ComputeUnitPrice},
	}
	// Built now, not in Build, so a send that does not fit fails the leg
	// rather than the route's composition; Build only frames it.
	tx, err := d.dep.SendAndRelay(params)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("portal: %s: %w", leg.From.Chain, err)
	}
	chain, table, fee := leg.From.Chain, state.Table, bridge.Fee
	relayCost, dest := q.EstimatedCost, leg.To.Chain
	now := p.now()
	return quote.Leg{
		AmountOut: new(big.Int).Set(leg.AmountIn),
		EstTime:   p.solanaEstTime(leg.From.Chain, leg.To.Chain),
		// The state read, the blockhash and the Executor's signed quote.
		ValidUntil: quote.Earliest(now.Add(p.horizon), now.Add(quote.SolanaBlockhashValidity), q.Signed.Expiry),
		// Built for the quotes composed (decision 106).
		BuildFees: func() []orchestration.Fee {
			return nativeFees(chain,
				orchestration.Fee{Kind: orchestration.FeeBridge, Amount: strconv.FormatUint(fee, 10), Description: "Wormhole core bridge message fee, in lamports"},
				orchestration.Fee{Kind: orchestration.FeeRelay, Amount: relayCost.String(), Description: "Wormhole Executor relay to " + string(dest) + ", in lamports"})
		},
		Build: func() ([]orchestration.Payload, error) {
			pl, err := svm.Payload(chain, tx)
			if err != nil {
				return nil, fmt.Errorf("portal: %w", err)
			}
			payload := orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &pl}}
			said, err := svm.DescribeWithTable(p.catalog, payload, table)
			if err != nil {
				return nil, fmt.Errorf("portal: %s: the built transaction could not be described from its bytes: %w", chain, err)
			}
			if fee > 0 {
				said += fmt.Sprintf("; the Wormhole core bridge takes a message fee of %s SOL", orchestration.FormatUnits(new(big.Int).SetUint64(fee), 9))
			}
			payload.Annotation = said
			return []orchestration.Payload{payload}, nil
		},
	}, nil
}
