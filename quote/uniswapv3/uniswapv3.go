package uniswapv3

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// Defaults of Config's zero values.
const (
	DefaultDeadline = 30 * time.Minute
	DefaultEstTime  = 15 * time.Second
)

// DefaultFeeTiers are Uniswap V3's standard fee tiers, in hundredths of a
// basis point (500 is 0.05%).
var DefaultFeeTiers = []uint32{100, 500, 3000, 10000}

// maxFee bounds a fee tier: V3 fees are millionths of the input, below 100%.
const maxFee = 1_000_000

// Config tunes the provider. Its zero value serves V3's standard fee tiers
// with a 30-minute deadline.
type Config struct {
	// FeeTiers are the pool fee tiers looked up for every pair of tokens, in
	// hundredths of a basis point (V3's uint24 fee: 500 is 0.05%). Empty
	// means DefaultFeeTiers. Each must be below 1,000,000 and appear once.
	FeeTiers []uint32
	// Deadline is how long after the block the quote was read at a swap
	// payload may still be mined; later, the router reverts it. Zero means
	// DefaultDeadline; otherwise at least one second.
	Deadline time.Duration
	// EstTime is the leg's estimated duration: one transaction on the
	// chain. Zero means DefaultEstTime; it must not be negative.
	EstTime time.Duration
	// StateBlocks is for how many blocks after the block it was read at a
	// quote trusts the pool's price: a leg is valid (quote.Leg.ValidUntil)
	// that many block times after the block's timestamp, read with the
	// quote, and never past the swap's deadline. Zero means
	// quote.DefaultStateBlocks (3); it must not be negative.
	StateBlocks int
	// BlockTime is a chain's block time for StateBlocks, when BlockTimes
	// names none; zero means quote.DefaultBlockTime (12 s). Negative
	// values are refused.
	BlockTime time.Duration
	// BlockTimes are block times by chain, overriding BlockTime.
	BlockTimes map[orchestration.Chain]time.Duration
	// Now is the clock a leg's validity is judged by (nil: time.Now);
	// tests set it.
	Now func() time.Time
}

// Pool is the Detail of the provider's edges: the pool that serves the hop.
type Pool struct {
	// Fee is the pool's fee tier in hundredths of a basis point.
	Fee uint32
	// Address is the pool's address, EIP-55.
	Address string
}

// Provider quotes same-chain swaps through Uniswap V3. It is safe for
// concurrent use.
type Provider struct {
	catalog  *asset.Catalog
	reader   evmruntime.ChainReader
	logger   *slog.Logger
	fees     []uint32
	deadline time.Duration
	estTime  time.Duration
	// A leg's validity: StateBlocks, the block times, the clock.
	stateBlocks int
	blockTime   time.Duration
	blockTimes  map[orchestration.Chain]time.Duration
	now         func() time.Time

	// quoterABI and routerABI name the custom errors of a quote's revert.
	quoterABI, routerABI *abi.ABI
	// The methods the provider calls: the QuoterV2's factory() and
	// quoteExactInputSingle, the pool factory's getPool, Multicall3's
	// getCurrentBlockTimestamp, and SwapRouter02's exactInputSingle inside
	// its multicall(uint256 deadline, bytes[] data).
	factory, quoteExactInputSingle, getPool, exactInputSingle, multicallDeadline abi.Method

	// The reads legs declare: the clock by chain, and the clock with the
	// quote by pool, direction and amount (an input, or an exact output).
	clockReads quote.Memo[orchestration.Chain, []quote.Read]
	quoteReads quote.Memo[quoteKey, *legReads]
}

var (
	_ quote.Provider       = (*Provider)(nil)
	_ quote.LocalPricer    = (*Provider)(nil)
	_ quote.ReadDeclarer   = (*Provider)(nil)
	_ quote.PermitProvider = (*Provider)(nil)
)

// New returns the provider over deps's catalog and chain reader. It does no
// I/O. Without an EVM runtime in deps.Runtimes it serves no chain.
func New(deps quote.Deps, cfg Config) (*Provider, error) {
	if deps.Catalog == nil {
		return nil, errors.New("uniswapv3: a catalog is required")
	}
	p := &Provider{
		catalog: deps.Catalog, reader: evmruntime.ReaderIn(deps.Runtimes), logger: deps.Logger,
		fees: cfg.FeeTiers, deadline: cfg.Deadline, estTime: cfg.EstTime,
		stateBlocks: cmp.Or(cfg.StateBlocks, quote.DefaultStateBlocks), blockTime: cmp.Or(cfg.BlockTime, quote.DefaultBlockTime),
		blockTimes: maps.Clone(cfg.BlockTimes), now: cfg.Now,
	}
	if p.now == nil {
		p.now = time.Now
	}
	if cfg.StateBlocks < 0 || cfg.BlockTime < 0 {
		return nil, fmt.Errorf("uniswapv3: negative state blocks (%d) or block time (%v)", cfg.StateBlocks, cfg.BlockTime)
	}
	for c, bt := range cfg.BlockTimes {
		if bt <= 0 {
			return nil, fmt.Errorf("uniswapv3: block time %v of %s is not positive", bt, c)
		}
	}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	if len(p.fees) == 0 {
		p.fees = DefaultFeeTiers
	}
	p.fees = slices.Clone(p.fees)
	for i, f := range p.fees {
		if f == 0 || f >= maxFee {
			return nil, fmt.Errorf("uniswapv3: fee tier %d is not between 1 and %d", f, maxFee-1)
		}
		if slices.Contains(p.fees[:i], f) {
			return nil, fmt.Errorf("uniswapv3: fee tier %d is listed twice", f)
		}
	}
	switch {
	case p.deadline == 0:
		p.deadline = DefaultDeadline
	case p.deadline < time.Second:
		return nil, fmt.Errorf("uniswapv3: deadline %v is shorter than a second", cfg.Deadline)
	}
	switch {
	case p.estTime == 0:
		p.estTime = DefaultEstTime
	case p.estTime < 0:
		return nil, fmt.Errorf("uniswapv3: estimated time %v is negative", cfg.EstTime)
	}
	quoter, router, factory := contracts.MustABI("QuoterV2"), contracts.MustABI("SwapRouter02"), contracts.MustABI("PoolFactory")
	p.quoterABI, p.routerABI = quoter, router
	for _, m := range []struct {
		abi      *abi.ABI
		contract string
		sig      string
		dst      *abi.Method
	}{
		{quoter, "QuoterV2", "factory()", &p.factory},
		{quoter, "QuoterV2", "quoteExactInputSingle((address,address,uint256,uint24,uint160))", &p.quoteExactInputSingle},
		{factory, "PoolFactory", "getPool(address,address,uint24)", &p.getPool},
		{router, "SwapRouter02", "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))", &p.exactInputSingle},
		{router, "SwapRouter02", "multicall(uint256,bytes[])", &p.multicallDeadline},
	} {
		for _, am := range m.abi.Methods {
			if am.Sig == m.sig {
				*m.dst = am
			}
		}
		if m.dst.Sig == "" {
			return nil, fmt.Errorf("uniswapv3: the %s ABI has no %s", m.contract, m.sig)
		}
	}
	return p, nil
}

// Factory returns a quote.Factory that builds the provider with cfg.
func Factory(cfg Config) quote.Factory { return quote.FactoryOf(New, cfg) }

// ID is orchestration.ProviderUniswapV3.
func (p *Provider) ID() orchestration.ProviderID { return orchestration.ProviderUniswapV3 }

// PricesLocally reports true: QuoteLeg prices every leg from its declared
// reads alone, so the engine calls it inline (quote.LocalPricer).
func (p *Provider) PricesLocally(quote.LegRequest) bool { return true }

// served is a chain the provider serves, with its tokens.
type served struct {
	chain  asset.ChainInfo
	tokens []asset.AssetInfo
}

// servedChains lists the catalog's chains with a quoter, a router and
// Multicall3 that the reader serves.
func (p *Provider) servedChains() []served {
	if p.reader == nil {
		return nil
	}
	var out []served
	assets := p.catalog.Assets()
	for _, c := range p.catalog.Chains() {
		k := c.Contracts
		if c.Runtime != orchestration.RuntimeEVM || k.Quoter == "" || k.SwapRouter == "" || k.Multicall3 == "" || !p.reader.Has(c.Name) {
			continue
		}
		s := served{chain: c}
		for _, a := range assets {
			if a.Chain == c.Name {
				s.tokens = append(s.tokens, a)
			}
		}
		if len(s.tokens) >= 2 {
			out = append(out, s)
		}
	}
	return out
}

// Edges lists two edges (one per direction) for every pool of a configured
// fee tier between two catalog tokens of a served chain. Chains are read
// concurrently; a chain whose reads fail is logged and left out, and its
// error is returned with the other chains' edges, so the engine serves
// those and asks again later (quote.Provider.Edges).
func (p *Provider) Edges(ctx context.Context) ([]quote.Edge, error) {
	chains := p.servedChains()
	edges, errs := quote.PerChain(ctx, chains, p.chainEdges)
	names := make([]orchestration.Chain, len(chains))
	for i, s := range chains {
		names[i] = s.chain.Name
	}
	return quote.JoinChainEdges(ctx, p.logger, p.ID(), names, edges, errs)
}

// chainEdges reads one chain's factory, then its pools, in two Reads.
func (p *Provider) chainEdges(ctx context.Context, s served) ([]quote.Edge, error) {
	quoter := evm.HexToAddress(s.chain.Contracts.Quoter)
	fc := evm.MustMethodCall(quoter, p.factory, true)
	a, err := p.reader.Read(ctx, s.chain.Name, []evm.Call{fc})
	if err != nil {
		return nil, fmt.Errorf("reading the QuoterV2's factory: %w", err)
	}
	factory, err := evm.Decode1[common.Address](p.factory, a, fc)
	if err != nil {
		return nil, fmt.Errorf("QuoterV2 %s: %w", quoter, err)
	}
	if factory == (common.Address{}) {
		return nil, fmt.Errorf("QuoterV2 %s has no factory", quoter)
	}

	type probe struct {
		a, b asset.AssetInfo
		fee  uint32
		call evm.Call
	}
	var probes []probe
	var calls []evm.Call
	for i, x := range s.tokens {
		for _, y := range s.tokens[i+1:] {
			for _, fee := range p.fees {
				c := evm.MustMethodCall(factory, p.getPool, true, evm.HexToAddress(x.Address), evm.HexToAddress(y.Address), fee24(fee))
				probes = append(probes, probe{a: x, b: y, fee: fee, call: c})
				calls = append(calls, c)
			}
		}
	}
	if a, err = p.reader.Read(ctx, s.chain.Name, calls); err != nil {
		return nil, fmt.Errorf("reading pools of factory %s: %w", factory, err)
	}
	spender := s.chain.Contracts.SwapRouter
	var out []quote.Edge
	for _, pr := range probes {
		pool, err := evm.Decode1[common.Address](p.getPool, a, pr.call)
		if err != nil {
			return nil, fmt.Errorf("factory %s getPool(%s, %s, %d): %w", factory, pr.a.Symbol, pr.b.Symbol, pr.fee, err)
		}
		if pool == (common.Address{}) {
			continue
		}
		d := Pool{Fee: pr.fee, Address: pool.Hex()}
		out = append(out,
			quote.Edge{From: pr.a, To: pr.b, Spender: spender, Detail: d},
			quote.Edge{From: pr.b, To: pr.a, Spender: spender, Detail: d})
	}
	return out, nil
}
