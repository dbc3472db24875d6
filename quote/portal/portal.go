package portal

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// DefaultEstTime is the estimated time of a transfer when Config.EstTime is
// zero: the order of magnitude of a mainnet transfer, which waits for the
// source chain's finality before the bridge delivers it (Wormhole's
// "Wormhole Finality" reference, wormhole.com/docs/products/reference/
// consistency-levels, gives Ethereum ~19 min, Arbitrum and Base ~18 min),
// to an EVM chain or to Solana alike (decision 70).
const DefaultEstTime = 20 * time.Minute

// payloadTokenTransfer is the portal's PayloadType.TokenTransfer.
const payloadTokenTransfer uint8 = 0

// Config configures a Provider. The zero value is ready to use.
type Config struct {
	// EstTime is the time a transfer from an EVM chain is estimated to
	// take, delivery included. Zero means DefaultEstTime; it must not be
	// negative.
	EstTime time.Duration
	// EstTimeByRoute overrides EstTime for transfers from the first chain
	// to the second. Nil means no overrides; every value must be positive.
	EstTimeByRoute map[[2]orchestration.Chain]time.Duration
	// Executors quote the Wormhole Executor's relays, which a transfer
	// through the Wormhole adapter pays for (the adapter refuses on-chain
	// quotes). The zero value has none: such routes are not served.
	Executors Executors
	// Solana configures transfers out of Solana (solana.go).
	Solana SolanaConfig
	// StateHorizon is how long a transfer's leg holds (quote.Leg.ValidUntil)
	// after it is priced from the state read at the newest head (the
	// Portal's pauses, its on-chain fee quote, the Wormhole message fee):
	// zero means quote.DefaultStateHorizon (36 s, three blocks of 12 s);
	// it must not be negative. A leg relayed by the Wormhole Executor
	// expires with the Executor's signed quote too, and one out of Solana
	// with its blockhash (quote.SolanaBlockhashValidity).
	StateHorizon time.Duration
	// Now is the clock that judges an Executor quote's expiry and that a
	// leg's validity counts from (nil: time.Now); tests set it.
	Now func() time.Time
}

// Executors are the Wormhole Executor quote caches by network: Mainnet for
// the catalog's chains with Testnet false, Testnet for the others. A nil
// field leaves that network's routes through the Wormhole adapter
// unserved (with a warning in the log).
type Executors struct {
	Mainnet, Testnet *executor.Cache
}

// Provider quotes transfers through the M Portal from the catalog's EVM
// chains to its EVM and SVM chains. It is safe for concurrent use.
type Provider struct {
	catalog   *asset.Catalog
	reader    evmruntime.ChainReader
	logger    *slog.Logger
	estTime   time.Duration
	byRoute   map[[2]orchestration.Chain]time.Duration
	executors Executors
	now       func() time.Time // judges a relay quote's expiry; dates a leg's validity
	horizon   time.Duration    // Config.StateHorizon

	sendToken      abi.Method // the 7-argument overload: default adapter
	quote          abi.Method // quote(uint32, uint8): default adapter
	mToken         abi.Method
	supportedPath  abi.Method // supportedBridgingPath
	sendPaused     abi.Method
	receivePaused  abi.Method
	defaultAdapter abi.Method // defaultBridgeAdapter(uint32)
	gasLimit       abi.Method // payloadGasLimit(uint32, uint8)

	sol *solanaSide // transfers out of Solana: solana.go
}

var (
	_ quote.Provider                = (*Provider)(nil)
	_ quote.LocalPricer             = (*Provider)(nil)
	_ quote.ReadDeclarer            = (*Provider)(nil)
	_ quote.DestinationReadDeclarer = (*Provider)(nil)
)

// New returns a Provider over deps.Catalog, reading EVM chains through the EVM runtime of deps.Runtimes. It
// does no I/O. Without one the provider has no edges.
func New(deps quote.Deps, cfg Config) (*Provider, error) {
	if deps.Catalog == nil {
		return nil, errors.New("portal: Deps.Catalog is required")
	}
	if cfg.EstTime < 0 {
		return nil, fmt.Errorf("portal: Config.EstTime %v is negative", cfg.EstTime)
	}
	if cfg.StateHorizon < 0 {
		return nil, fmt.Errorf("portal: Config.StateHorizon %v is negative", cfg.StateHorizon)
	}
	for route, d := range cfg.EstTimeByRoute {
		if d <= 0 {
			return nil, fmt.Errorf("portal: Config.EstTimeByRoute[%s -> %s] is %v, want a positive duration", route[0], route[1], d)
		}
	}
	parsed := contracts.MustABI("Portal")
	var err error
	p := &Provider{catalog: deps.Catalog, reader: evmruntime.ReaderIn(deps.Runtimes), logger: deps.Logger,
		estTime: cmp.Or(cfg.EstTime, DefaultEstTime), byRoute: maps.Clone(cfg.EstTimeByRoute),
		executors: cfg.Executors, now: cfg.Now, horizon: cmp.Or(cfg.StateHorizon, quote.DefaultStateHorizon)}
	if p.now == nil {
		p.now = time.Now
	}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	if p.sendToken, err = overload(parsed, "sendToken", 7); err != nil {
		return nil, err
	}
	if p.quote, err = overload(parsed, "quote", 2); err != nil {
		return nil, err
	}
	if p.mToken, err = overload(parsed, "mToken", 0); err != nil {
		return nil, err
	}
	if p.supportedPath, err = overload(parsed, "supportedBridgingPath", 3); err != nil {
		return nil, err
	}
	if p.sendPaused, err = overload(parsed, "sendPaused", 0); err != nil {
		return nil, err
	}
	if p.receivePaused, err = overload(parsed, "receivePaused", 0); err != nil {
		return nil, err
	}
	if p.defaultAdapter, err = overload(parsed, "defaultBridgeAdapter", 1); err != nil {
		return nil, err
	}
	if p.gasLimit, err = overload(parsed, "payloadGasLimit", 2); err != nil {
		return nil, err
	}
	if p.sol, err = newSolanaSide(deps, cfg); err != nil {
		return nil, err
	}
	return p, nil
}

// overload finds the overload of name with n inputs: go-ethereum names
// overloads by their order in the ABI, which the compiler chooses.
func overload(a *abi.ABI, name string, n int) (abi.Method, error) {
	for _, m := range a.Methods {
		if m.RawName == name && len(m.Inputs) == n {
			return m, nil
		}
	}
	return abi.Method{}, fmt.Errorf("portal: the Portal ABI has no %s with %d arguments", name, n)
}

// Factory returns a quote.Factory building a Provider with cfg.
func Factory(cfg Config) quote.Factory { return quote.FactoryOf(New, cfg) }

// ID returns orchestration.ProviderMPortal.
func (p *Provider) ID() orchestration.ProviderID { return orchestration.ProviderMPortal }

// PricesLocally reports whether QuoteLeg prices leg without I/O, so the
// engine calls it inline (quote.LocalPricer): always through an adapter
// that quotes on chain (the fee is a declared read), and through the
// Wormhole adapter when the network's Executor cache holds a usable quote
// of the route (or when there is no Executor, and so no route). Otherwise
// the engine gives QuoteLeg a deadline, and it asks the Executor. A leg
// out of Solana likewise (solana.go).
func (p *Provider) PricesLocally(leg quote.LegRequest) bool {
	if d, ok := solanaDetail(leg); ok {
		return p.solanaPricesLocally(d)
	}
	w := wormholeOf(leg)
	if w == nil || w.executor == nil {
		return true
	}
	_, ok := w.executor.Cached(w.request)
	return ok
}

// chain is a chain with a portal, as Edges sees it: an EVM chain (a source
// and a destination) or an SVM chain (a destination).
type chain struct {
	asset.ChainInfo
	portal common.Address // EVM chains only
	// dest reports that the chain id fits the portal's uint32.
	dest bool
	// exts are the catalog's extensions on the chain; m is the portal's M
	// token, nil until read or when the catalog does not list it.
	exts []asset.AssetInfo
	m    *asset.AssetInfo
	// err is the chain's read failure, if any.
	err error
}

// portalChains are the catalog's chains with a Portal: the EVM chains the
// reader serves, and the SVM chains. An SVM chain's bridgeable tokens are
// its extensions only: the Solana Portal mints M to itself and wraps it,
// through ext_swap, into the destination extension for the recipient, so
// a transfer to Solana's M would arrive as some extension (decision 68).
func (p *Provider) portalChains() (evms, svms []*chain) {
	assets := p.catalog.Assets()
	for _, ch := range p.catalog.Chains() {
		if ch.Contracts.Portal == "" {
			continue
		}
		c := &chain{ChainInfo: ch, dest: ch.ChainID <= math.MaxUint32}
		switch ch.Runtime {
		case orchestration.RuntimeEVM:
			if p.reader == nil || !p.reader.Has(ch.Name) {
				p.logger.Warn("portal: no chain reader for a chain with a Portal; it is not bridged", "chain", ch.Name)
				continue
			}
			c.portal = evm.HexToAddress(ch.Contracts.Portal)
			evms = append(evms, c)
		case orchestration.RuntimeSVM:
			svms = append(svms, c)
		default:
			continue
		}
		if !c.dest {
			p.logger.Warn("portal: the chain id does not fit the portal's uint32; the chain is no destination", "chain", ch.Name, "chainId", ch.ChainID)
		}
		for _, a := range assets {
			if a.Chain == ch.Name && a.M0Extension {
				c.exts = append(c.exts, a)
			}
		}
	}
	return evms, svms
}

// Edges reads each EVM portal's M token, then, per EVM source chain, which
// paths between the catalog's M and extensions it supports (to EVM and SVM
// chains) and how it reaches each destination: its default bridge adapter
// and, when that is the Wormhole adapter, what an Executor quote needs.
// When some chains cannot be read it returns the edges it has together
// with an error naming the failed chains, so the engine serves those and
// asks again later. See the package documentation.
func (p *Provider) Edges(ctx context.Context) ([]quote.Edge, error) {
	// Edges out of Solana (solana.go) are listed meanwhile.
	var sol []quote.Edge
	var solErr error
	var g errgroup.Group
	g.Go(func() error { sol, solErr = p.solanaSourceEdges(ctx); return nil })
	evm, evmErr := p.evmEdges(ctx)
	g.Wait()
	return append(evm, sol...), errors.Join(evmErr, solErr)
}

// evmEdges are the edges out of the EVM chains with a Portal.
func (p *Provider) evmEdges(ctx context.Context) ([]quote.Edge, error) {
	evms, svms := p.portalChains()
	if len(evms) == 0 {
		return nil, nil
	}

	// Phase 1: every EVM portal's M token.
	ms, errs := quote.PerChain(ctx, evms, p.readM)
	for i, c := range evms {
		c.m, c.err = ms[i], errs[i]
	}

	// Phases 2 and 3: every EVM source chain's candidate paths and default
	// adapters, then its Wormhole adapters; a chain whose M token could
	// not be read keeps that error.
	dests := append(slices.Clip(evms), svms...)
	edges, errs := quote.PerChain(ctx, evms, func(ctx context.Context, src *chain) ([]quote.Edge, error) {
		if src.err != nil {
			return nil, src.err
		}
		return p.sourceEdges(ctx, src, dests)
	})
	names := make([]orchestration.Chain, len(evms))
	for i, c := range evms {
		names[i] = c.Name
	}
	p.warnNoExecutor(ctx, edges)
	return quote.JoinChainEdges(ctx, p.logger, p.ID(), names, edges, errs)
}

// readM reads the portal's M token and returns its catalog asset, or nil
// when the catalog does not list it.
func (p *Provider) readM(ctx context.Context, c *chain) (*asset.AssetInfo, error) {
	call := evm.MustMethodCall(c.portal, p.mToken, true)
	ans, err := p.reader.Read(ctx, c.Name, []evm.Call{call})
	if err != nil {
		return nil, err
	}
	m, err := evm.Decode1[common.Address](p.mToken, ans, call)
	if err != nil {
		return nil, err
	}
	a, err := p.catalog.Resolve(orchestration.AssetAddress{Chain: c.Name, Address: m.Hex()})
	if err != nil {
		p.logger.Debug("portal: the portal's M token is not in the catalog; only extensions are bridged", "chain", c.Name, "mToken", m.Hex())
		return nil, nil
	}
	return &a, nil
}

// tokens are the chain's bridgeable catalog tokens: M when known, then the
// extensions.
func (c *chain) tokens() []asset.AssetInfo {
	var out []asset.AssetInfo
	if c.m != nil {
		out = append(out, *c.m)
	}
	for _, e := range c.exts {
		if c.m == nil || e.Address != c.m.Address {
			out = append(out, e)
		}
	}
	return out
}

// hop is the Detail of the provider's edges: what Edges learnt about the
// path. Every edge between one pair of chains shares one.
type hop struct {
	// wormhole is set when the source portal's default adapter to the
	// destination is the Wormhole adapter; nil when it quotes on chain.
	wormhole *wormholeRoute
}

// wormholeOf is the leg's Wormhole route, nil for an adapter that quotes
// on chain.
func wormholeOf(leg quote.LegRequest) *wormholeRoute {
	if leg.Edge == nil {
		return nil
	}
	if h, ok := leg.Detail.(*hop); ok {
		return h.wormhole
	}
	return nil
}

// sourceEdges reads, in one batch, which of src's candidate paths to the
// other chains its portal supports, with its default adapter and the
// payload gas limit to each destination; then, in a second batch when
// some destination has a path, what the Wormhole adapters among those
// need (wormholeRoutes).
func (p *Provider) sourceEdges(ctx context.Context, src *chain, dests []*chain) ([]quote.Edge, error) {
	type candidate struct {
		from, to asset.AssetInfo
		call     evm.Call
	}
	type destination struct {
		*chain
		cands             []candidate
		adapter, gasLimit evm.Call
	}
	var ds []*destination
	var calls []evm.Call
	for _, dst := range dests {
		if dst == src || !dst.dest {
			continue
		}
		id := uint32(dst.ChainID)
		d := &destination{chain: dst}
		for _, from := range src.tokens() {
			for _, to := range dst.tokens() {
				to32, err := tokenBytes32(to)
				if err != nil {
					return nil, err
				}
				c := candidate{from, to, evm.MustMethodCall(src.portal, p.supportedPath, true,
					evm.HexToAddress(from.Address), id, to32)}
				d.cands = append(d.cands, c)
				calls = append(calls, c.call)
			}
		}
		if len(d.cands) == 0 {
			continue
		}
		d.adapter = evm.MustMethodCall(src.portal, p.defaultAdapter, true, id)
		d.gasLimit = evm.MustMethodCall(src.portal, p.gasLimit, true, id, payloadTokenTransfer)
		calls = append(calls, d.adapter, d.gasLimit)
		ds = append(ds, d)
	}
	if len(ds) == 0 {
		return nil, nil
	}
	ans, err := p.reader.Read(ctx, src.Name, calls)
	if err != nil {
		return nil, err
	}
	type supported struct {
		*destination
		edges   []quote.Edge
		adapter common.Address
		gas     *big.Int
	}
	var sup []*supported
	for _, d := range ds {
		s := &supported{destination: d}
		for _, c := range d.cands {
			ok, err := evm.Decode1[bool](p.supportedPath, ans, c.call)
			if err != nil {
				return nil, fmt.Errorf("%s to %s %s: %w", c.from.Symbol, c.to.Chain, c.to.Symbol, err)
			}
			if ok {
				s.edges = append(s.edges, quote.Edge{From: c.from, To: c.to, Spender: src.Contracts.Portal})
			}
		}
		if len(s.edges) == 0 {
			continue
		}
		if s.adapter, err = evm.Decode1[common.Address](p.defaultAdapter, ans, d.adapter); err != nil {
			return nil, fmt.Errorf("default adapter to %s: %w", d.Name, err)
		}
		if s.gas, err = evm.Decode1[*big.Int](p.gasLimit, ans, d.gasLimit); err != nil {
			return nil, fmt.Errorf("payload gas limit to %s: %w", d.Name, err)
		}
		if s.adapter == (common.Address{}) {
			p.logger.Warn("portal: the portal has no default bridge adapter to a chain it has paths to; they are not served",
				"chain", src.Name, "destination", d.Name)
			continue
		}
		sup = append(sup, s)
	}
	if len(sup) == 0 {
		return nil, nil
	}
	probes := make([]adapterProbe, len(sup))
	for i, s := range sup {
		probes[i] = adapterProbe{adapter: s.adapter, dest: s.chain.ChainInfo, gasLimit: s.gas}
	}
	routes, err := p.wormholeRoutes(ctx, src, probes)
	if err != nil {
		return nil, err
	}
	var out []quote.Edge
	for i, s := range sup {
		if routes[i].skip {
			continue
		}
		h := &hop{wormhole: routes[i].route}
		for _, e := range s.edges {
			e.Detail = h
			out = append(out, e)
		}
	}
	return out, nil
}

// tokenBytes32 is a token as the portal names a destination token: an
// EVM address left-padded, a Solana mint's 32 bytes.
func tokenBytes32(a asset.AssetInfo) ([32]byte, error) {
	if a.Runtime == orchestration.RuntimeSVM {
		k, err := orchestration.ParseSVMAddress(a.Address)
		if err != nil { // the catalog validates its keys: a bug
			return [32]byte{}, fmt.Errorf("portal: %s %s: %w", a.Chain, a.Symbol, err)
		}
		return [32]byte(k), nil
	}
	return bytes32(a.Address), nil
}

// route is what a leg needs from the catalog.
type route struct {
	src       asset.ChainInfo
	portal    common.Address
	dstPortal common.Address // zero for an SVM destination
	dstSVM    bool
	destID    uint32
}

func (p *Provider) route(leg quote.LegRequest) (route, error) {
	src, ok := p.catalog.Chain(leg.From.Chain)
	if !ok || src.Runtime != orchestration.RuntimeEVM || src.Contracts.Portal == "" {
		return route{}, fmt.Errorf("portal: %s has no EVM Portal", leg.From.Chain)
	}
	dst, ok := p.catalog.Chain(leg.To.Chain)
	switch {
	case !ok || (dst.Runtime != orchestration.RuntimeEVM && dst.Runtime != orchestration.RuntimeSVM):
		return route{}, fmt.Errorf("portal: %s is not an EVM or SVM chain of the catalog", leg.To.Chain)
	case dst.Contracts.Portal == "":
		return route{}, fmt.Errorf("portal: %s has no Portal", leg.To.Chain)
	case dst.Name == src.Name:
		return route{}, fmt.Errorf("portal: %s to itself is no bridge", src.Name)
	case dst.ChainID > math.MaxUint32:
		return route{}, fmt.Errorf("portal: %s's chain id %d does not fit a uint32", dst.Name, dst.ChainID)
	}
	r := route{src: src, portal: evm.HexToAddress(src.Contracts.Portal), destID: uint32(dst.ChainID),
		dstSVM: dst.Runtime == orchestration.RuntimeSVM}
	if !r.dstSVM {
		r.dstPortal = evm.HexToAddress(dst.Contracts.Portal)
	}
	return r, nil
}

func (p *Provider) feeCall(r route) evm.Call {
	return evm.MustMethodCall(r.portal, p.quote, false, r.destID, payloadTokenTransfer)
}

// pausedCall reads sendPaused(): a portal whose sending is paused reverts
// every transfer, so it serves no leg until it is unpaused.
func (p *Provider) pausedCall(r route) evm.Call {
	return evm.MustMethodCall(r.portal, p.sendPaused, false)
}

// receivePausedCall reads the destination portal's receivePaused(): a
// transfer sent while it is paused would wait there until it is unpaused,
// so it serves no leg meanwhile.
func (p *Provider) receivePausedCall(r route) evm.Call {
	return evm.MustMethodCall(r.dstPortal, p.receivePaused, false)
}

// DestinationReads declares receivePaused() on an EVM destination chain.
// An SVM destination has none: its Portal's pause flags are in its global
// account, which this provider does not decode yet.
func (p *Provider) DestinationReads(leg quote.LegRequest) []quote.Read {
	if _, ok := solanaDetail(leg); ok {
		return p.solanaDestinationReads(leg)
	}
	r, err := p.route(leg)
	if err != nil || r.dstSVM {
		return nil
	}
	return []quote.Read{p.receivePausedCall(r)}
}

// Reads declares the native fee and sendPaused(), chain state that does
// not depend on the amount: the fee is the portal's quote(destinationChainId,
// 0) through an adapter that quotes on chain, the core bridge's
// messageFee() through the Wormhole adapter.
func (p *Provider) Reads(leg quote.LegRequest) []quote.Read {
	if d, ok := solanaDetail(leg); ok {
		return p.solanaReads(d)
	}
	r, err := p.route(leg)
	if err != nil {
		return nil // QuoteLeg reports the problem
	}
	if w := wormholeOf(leg); w != nil {
		return []quote.Read{p.messageFeeCall(w), p.pausedCall(r)}
	}
	return []quote.Read{p.feeCall(r), p.pausedCall(r)}
}

// QuoteLeg returns the transfer of leg.AmountIn, exact, paying the fee.
// Through an adapter that quotes on chain it reads nothing itself: the fee
// comes in leg.State. Through the Wormhole adapter it also needs the
// Executor's signed quote of the relay, from the network's cache: held, it
// does no I/O (PricesLocally); otherwise it asks the Executor under ctx.
func (p *Provider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	if d, ok := solanaDetail(leg); ok {
		return p.quoteSolana(ctx, leg, d)
	}
	if err := ctx.Err(); err != nil {
		return quote.Leg{}, err
	}
	r, err := p.route(leg)
	if err != nil {
		return quote.Leg{}, err
	}
	if leg.Recipient.IsZero() || leg.Refund.IsZero() {
		return quote.Leg{}, errors.New("portal: the leg has no recipient or no refund address")
	}
	if r.dstSVM && strings.HasPrefix(leg.Recipient.String(), "0x") {
		return quote.Leg{}, fmt.Errorf("portal: recipient %s on %s is not a Solana address", leg.Recipient, leg.To.Chain)
	}
	if leg.AmountIn == nil || leg.AmountIn.Sign() <= 0 {
		return quote.Leg{}, fmt.Errorf("portal: amount %v is not positive", leg.AmountIn)
	}
	paused, err := evm.Decode1[bool](p.sendPaused, evmruntime.Answers(leg.State), p.pausedCall(r))
	if err != nil {
		return quote.Leg{}, fmt.Errorf("portal: %s sendPaused: %w", leg.From.Chain, err)
	}
	if paused {
		return quote.Leg{}, fmt.Errorf("%w: sending through the M Portal on %s is paused", quote.ErrNoRoute, leg.From.Chain)
	}
	if !r.dstSVM {
		recvPaused, err := evm.Decode1[bool](p.receivePaused, evmruntime.Answers(leg.DestinationState), p.receivePausedCall(r))
		if err != nil {
			return quote.Leg{}, fmt.Errorf("portal: %s receivePaused: %w", leg.To.Chain, err)
		}
		if recvPaused {
			return quote.Leg{}, fmt.Errorf("%w: receiving through the M Portal on %s is paused", quote.ErrNoRoute, leg.To.Chain)
		}
	}
	var (
		fee   *big.Int
		args  = []byte{}
		rl    relay // through the Wormhole adapter; zero through the Portal's own
		valid = p.now().Add(p.horizon)
	)
	if w := wormholeOf(leg); w != nil {
		if rl, err = p.relay(ctx, leg, w); err != nil {
			return quote.Leg{}, err
		}
		fee, args = rl.value, rl.signed
		valid = quote.Earliest(valid, rl.expiry)
	} else {
		if fee, err = evm.Decode1[*big.Int](p.quote, evmruntime.Answers(leg.State), p.feeCall(r)); err != nil {
			return quote.Leg{}, fmt.Errorf("portal: %s fee to %s: %w", leg.From.Chain, leg.To.Chain, err)
		}
	}
	built := leg // what Build keeps: only a leg priced is copied to the heap
	// What the send pays, and its ends, as the closures keep them (each
	// assigned once, so copied into them rather than moved to the heap).
	pay, from, to := payment{fee: fee, relay: rl}, leg.From.Chain, leg.To.Chain
	return quote.Leg{
		AmountOut:  new(big.Int).Set(leg.AmountIn),
		EstTime:    p.estTimeOf(leg.From.Chain, leg.To.Chain),
		ValidUntil: valid,
		// Built for the quotes composed (decision 106).
		BuildFees: func() []orchestration.Fee { return pay.fees(from, to) },
		Build: func() ([]orchestration.Payload, error) {
			to, err := tokenBytes32(built.To)
			if err != nil {
				return nil, err
			}
			data, err := evm.Calldata(p.sendToken, built.AmountIn, evm.HexToAddress(built.From.Address), r.destID,
				to, built.Recipient.Bytes32(), built.Refund.Bytes32(), args)
			if err != nil {
				return nil, fmt.Errorf("portal: %w", err)
			}
			as := ""
			if built.To.Symbol != built.From.Symbol {
				as = " as " + built.To.Symbol
			}
			return []orchestration.Payload{{
				Annotation: fmt.Sprintf("Bridge %s %s from %s to %s%s through the M Portal (%s)",
					orchestration.FormatUnits(built.AmountIn, built.From.Decimals), built.From.Symbol, built.From.Chain, built.To.Chain, as,
					pay.note(from)),
				Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
					Chain: r.src.Name, ChainID: r.src.ChainID, To: r.src.Contracts.Portal,
					Data: hexutil.Encode(data), Value: pay.fee.String(),
				}},
			}}, nil
		},
	}, nil
}

// payment is what a send pays: fee, its value, which through the
// Wormhole adapter (relay.cost set) is the core bridge's message fee and
// the Executor's relay, else the Portal's fee.
type payment struct {
	fee   *big.Int
	relay relay
}

// fees are the payment's native fees on a send from one chain to another.
func (pay payment) fees(from, to orchestration.Chain) []orchestration.Fee {
	if rl := pay.relay; rl.cost != nil {
		return nativeFees(from,
			orchestration.Fee{Kind: orchestration.FeeBridge, Amount: rl.messageFee.String(), Description: "Wormhole core bridge message fee (the payload's value)"},
			orchestration.Fee{Kind: orchestration.FeeRelay, Amount: rl.cost.String(), Description: "Wormhole Executor relay to " + string(to) + " (the payload's value)"})
	}
	return nativeFees(from, orchestration.Fee{Kind: orchestration.FeeBridge, Amount: pay.fee.String(),
		Description: "M Portal fee to " + string(to) + " (the payload's value)"})
}

// note is how a send's annotation names the payment.
func (pay payment) note(from orchestration.Chain) string {
	if rl := pay.relay; rl.cost != nil {
		return fmt.Sprintf("Wormhole message fee %s + Executor relay %s", nativeAmount(rl.messageFee, from), nativeAmount(rl.cost, from))
	}
	return "fee " + nativeAmount(pay.fee, from)
}

// estTimeOf is the leg's estimated time: the route's override, else
// EstTime.
func (p *Provider) estTimeOf(from, to orchestration.Chain) time.Duration {
	if d, ok := p.byRoute[[2]orchestration.Chain{from, to}]; ok {
		return d
	}
	return p.estTime
}

// nativeSymbols are the native currencies of the EVM chains whose currency
// is not ETH; every EVM native currency has 18 decimals.
var nativeSymbols = map[orchestration.Chain]string{
	orchestration.BinanceSmartChain: "BNB",
	orchestration.HyperEVM:          "HYPE",
	orchestration.Mantra:            "OM",
	orchestration.Plasma:            "XPL",
	orchestration.Citrea:            "cBTC",
	orchestration.Moca:              "MOCA",
}

// nativeAmount writes a fee in wei as whole units of chain's native
// currency: "0.0002 ETH".
func nativeAmount(wei *big.Int, chain orchestration.Chain) string {
	sym, ok := nativeSymbols[chain]
	if !ok {
		sym = "ETH"
	}
	return orchestration.FormatUnits(wei, 18) + " " + sym
}

// bytes32 left-pads an EVM address to the portal's bytes32.
func bytes32(addr string) [32]byte {
	return common.BytesToHash(evm.HexToAddress(addr).Bytes())
}

// nativeFees are fs on chain, in its native coin, without those of no
// amount.
func nativeFees(chain orchestration.Chain, fs ...orchestration.Fee) []orchestration.Fee {
	out := fs[:0]
	for _, f := range fs {
		if f.Amount == "" || f.Amount == "0" {
			continue
		}
		f.Chain = chain
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
