package service

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"maps"
	"math/big"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

// chainReader builds the reader of the catalog's EVM chains: the Config's
// Backends, an endpoint of its RPC map, and the Network's own clients for
// any other chain (an RPC entry for a Network's chain takes precedence, so a
// devnet reached over JSON-RPC is read the same way as a real chain, and a
// failing entry is not silently replaced by the Network's client). A chain
// without a client or without Multicall3 in its address book is not read:
// providers needing it find no route there. An endpoint that cannot be
// reached at start-up, or serves another chain id, is logged and dialled
// again on later reads, so one bad endpoint neither stops the chains that
// work nor needs a restart once it answers.
func (s *Service) chainReader(ctx context.Context) (*evm.Reader, error) {
	switch {
	case s.cfg.Heads.PollInterval < 0:
		return nil, &ConfigError{Field: "Heads.PollInterval", Problem: "must not be negative"}
	case s.cfg.Heads.MaxAge < 0:
		return nil, &ConfigError{Field: "Heads.MaxAge", Problem: "must not be negative"}
	case s.cfg.Heads.HotHorizon < 0:
		return nil, &ConfigError{Field: "Heads.HotHorizon", Problem: "must not be negative"}
	case s.cfg.StateCacheSize < 0:
		return nil, &ConfigError{Field: "StateCacheSize", Problem: "must not be negative"}
	}
	cfg := evm.Config{Logger: s.logger, Registerer: s.cfg.Registry, ImmutableTTL: max(s.cfg.contractFactsTTL(), 0), // evm: 0 is until restart
		StateCacheSize: s.cfg.StateCacheSize, FollowHeads: !s.cfg.Heads.Disable, HeadMaxAge: s.cfg.Heads.MaxAge,
		HotSets: s.cfg.Heads.HotSets, HotHorizon: s.cfg.Heads.HotHorizon}
	chainConfig := func(chain orchestration.Chain, info asset.ChainInfo, b evm.Backend) evm.ChainConfig {
		return evm.ChainConfig{Name: chain, ChainID: info.ChainID, Multicall3: common.HexToAddress(info.Contracts.Multicall3),
			Backend: b, BlockTime: s.cfg.Heads.PollInterval}
	}
	seen := map[orchestration.Chain]bool{}
	usable := func(chain orchestration.Chain) (asset.ChainInfo, bool) {
		info, _ := s.catalog.Chain(chain) // validateRPC checked it is enabled
		if info.Runtime != orchestration.RuntimeEVM || info.Contracts.Multicall3 == "" {
			s.logger.Warn("chain client not used: the chain is not EVM or has no multicall3 in the catalog", slog.String("chain", string(chain)))
			return info, false
		}
		// A client the caller names replaces the Network's even when it
		// fails: quotes on that chain then fail visibly rather than read
		// another node.
		seen[chain] = true
		return info, true
	}
	for _, chain := range slices.Sorted(maps.Keys(s.cfg.Backends)) {
		if info, ok := usable(chain); ok {
			cfg.Chains = append(cfg.Chains, chainConfig(chain, info, s.cfg.Backends[chain]))
		}
	}
	for _, chain := range slices.Sorted(maps.Keys(s.cfg.RPC)) {
		if info, _ := s.catalog.Chain(chain); info.Runtime == orchestration.RuntimeSVM {
			continue // read by the Solana runtime (svmRuntime)
		}
		info, ok := usable(chain)
		if !ok {
			continue
		}
		b := &redialBackend{chain: chain, chainID: info.ChainID, url: s.cfg.RPC[chain], opts: evm.DialOptions{HTTPClient: s.cfg.RPCClient}}
		if err := b.dial(ctx); err != nil {
			s.logger.Error("rpc endpoint unusable at start-up; quotes needing this chain fail until it answers",
				slog.String("chain", string(chain)), slog.Any("error", err))
		}
		s.closers = append(s.closers, b.close)
		cfg.Chains = append(cfg.Chains, chainConfig(chain, info, b))
	}
	for _, chain := range slices.Sorted(maps.Keys(s.network.Clients)) {
		if seen[chain] {
			continue
		}
		if info, ok := usable(chain); ok {
			cfg.Chains = append(cfg.Chains, chainConfig(chain, info, s.network.Clients[chain]))
		}
	}
	if len(cfg.Chains) == 0 {
		return nil, nil
	}
	s.backends = map[orchestration.Chain]evm.Backend{}
	for _, c := range cfg.Chains {
		s.backends[c.Name] = c.Backend
	}
	r, err := evm.NewReader(cfg)
	if err != nil {
		return nil, err
	}
	// First: the followers stop before the endpoints they poll are closed.
	s.closers = append([]func(){func() { r.Close() }}, s.closers...)
	return r, nil
}

// runtimes builds the quote runtimes: the EVM one over the chain reader
// (always, for its approvals and payload checks, even when no EVM chain is
// read) and the Solana one when an SVM chain has an endpoint.
func (s *Service) runtimes() ([]quote.Runtime, error) {
	ec := evmruntime.Config{Catalog: s.catalog}
	if s.reader != nil {
		ec.Reader = s.reader // never a nil *evm.Reader in the interface
	}
	evmRT, err := evmruntime.New(ec)
	if err != nil {
		return nil, err
	}
	out := []quote.Runtime{evmRT}
	if sol, err := s.svmRuntime(); err != nil {
		return nil, err
	} else if sol != nil {
		out = append(out, sol)
	}
	return out, nil
}

// svmRuntime builds the Solana runtime over the RPC endpoints of the
// catalog's SVM chains: one svm.Client cluster per endpoint, over
// RPCClient. Nil when no SVM chain has an endpoint; an endpoint that is not
// http(s) (Solana reads are JSON-RPC batches over HTTP) is logged and not
// used, so quotes on that chain fail while the others are served.
func (s *Service) svmRuntime() (*svmruntime.Runtime, error) {
	cc := svm.ClientConfig{HTTPClient: s.cfg.RPCClient, Registerer: s.cfg.Registry}
	for _, chain := range slices.Sorted(maps.Keys(s.cfg.RPC)) {
		if info, _ := s.catalog.Chain(chain); info.Runtime != orchestration.RuntimeSVM {
			continue
		}
		if u, err := url.Parse(s.cfg.RPC[chain]); err != nil || !(u.Scheme == "http" || u.Scheme == "https") {
			s.logger.Error("solana rpc endpoint not used: Solana reads need an http(s) endpoint", slog.String("chain", string(chain)))
			continue
		}
		cc.Clusters = append(cc.Clusters, svm.ClusterConfig{Name: chain, URL: s.cfg.RPC[chain]})
	}
	if len(cc.Clusters) == 0 {
		return nil, nil
	}
	client, err := svm.NewClient(cc)
	if err != nil {
		return nil, err
	}
	// One client for the quotes, the order book and the index: one set of
	// connections and round-trip metrics per cluster.
	s.svmClient = client
	return svmruntime.New(svmruntime.Config{Catalog: s.catalog, Reader: client})
}

// validateRPC checks every endpoint names an enabled chain and is an http(s)
// or ws(s) URL. Errors name the chain, never the URL (it may hold a key).
func validateRPC(rpc map[orchestration.Chain]string, cat *asset.Catalog) error {
	var problems []string
	for _, chain := range slices.Sorted(maps.Keys(rpc)) {
		if _, ok := cat.Chain(chain); !ok {
			problems = append(problems, fmt.Sprintf("chain %q is not enabled in the catalog", chain))
			continue
		}
		u, err := url.Parse(rpc[chain])
		if err != nil || u.Host == "" || !(u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "ws" || u.Scheme == "wss") {
			problems = append(problems, fmt.Sprintf("the endpoint for %s is not an http(s) or ws(s) URL", chain))
		}
	}
	if len(problems) > 0 {
		return &ConfigError{Field: "RPC", Problem: strings.Join(problems, "; ")}
	}
	return nil
}

// BundledProviders are the identifiers of the providers the service runs
// unless BundledConfig.Disable lists them.
var BundledProviders = []orchestration.ProviderID{
	orchestration.ProviderMSwapFacility, orchestration.ProviderMPortal, orchestration.ProviderUniswapV3,
	orchestration.ProviderLimitOrder,
}

// BundledConfig configures the bundled quote providers. The zero value runs
// all of BundledProviders with their defaults.
type BundledConfig struct {
	// Disable lists bundled providers not to run; all of BundledProviders
	// runs none.
	Disable []orchestration.ProviderID
	// EstTime overrides a bundled provider's estimated time per leg (for
	// m-portal: per transfer, delivery included). Absent means the
	// Network's (NetworkChains.EstTime), else the provider's default; on
	// the in-process devnet, m-portal's is the relay delay plus two
	// seconds.
	EstTime map[orchestration.ProviderID]time.Duration
	// UniswapFeeTiers are the pool fee tiers (in millionths) uniswap-v3
	// looks for; empty means 100, 500, 3000 and 10000.
	UniswapFeeTiers []uint32
	// UniswapDeadline is how long a uniswap-v3 swap stays executable after
	// the quote's block; zero means 30 minutes.
	UniswapDeadline time.Duration
	// UniswapStateBlocks is for how many blocks a uniswap-v3 leg trusts
	// the pool's state (uniswapv3.Config.StateBlocks), of the chain's
	// block time in BlockTimes; zero means quote.DefaultStateBlocks.
	UniswapStateBlocks int
	// BlockTimes are chains' block times (uniswapv3.Config.BlockTimes); a
	// chain absent counts quote.DefaultBlockTime.
	BlockTimes map[orchestration.Chain]time.Duration
	// StateHorizon is how long m-swap-facility's and m-portal's legs hold
	// after they are priced (their Configs' StateHorizon); zero means
	// quote.DefaultStateHorizon.
	StateHorizon time.Duration
	// Solvers fill limit-order legs, besides the Network's
	// (NetworkChains.Solvers); limit-order has no edges without any.
	Solvers []limitorder.Solver
	// SolverTimeout bounds each solver's offer; zero means
	// limitorder.DefaultSolverTimeout.
	SolverTimeout time.Duration
	// SolanaComputeUnitLimit and SolanaComputeUnitPrice are the compute
	// budget of m-swap-facility's and limit-order's transactions on Solana
	// (swapfacility.Config and limitorder.Config's fields of those names);
	// zero adds no instruction (limit-order: the runtime's default limit,
	// no priority fee).
	SolanaComputeUnitLimit uint32
	SolanaComputeUnitPrice uint64
	// OrderFillHorizon is how long a limit order stays fillable, from the
	// origin chain's time at the quote; zero means
	// limitorder.DefaultFillHorizon (an hour), and it must be at least a
	// minute. After it, anyone may cancel the order for a refund.
	OrderFillHorizon time.Duration
}

// bundledProviders are the factories of the bundled providers the Config
// leaves enabled.
func (s *Service) bundledProviders() ([]quote.Factory, error) {
	pc := s.cfg.Bundled
	for _, id := range pc.Disable {
		if !slices.Contains(BundledProviders, id) {
			return nil, &ConfigError{Field: "Bundled.Disable", Problem: fmt.Sprintf("%q is not a bundled provider (%s)", orchestration.Clip(string(id)), bundledList())}
		}
	}
	switch {
	case pc.SolverTimeout < 0:
		return nil, &ConfigError{Field: "Bundled.SolverTimeout", Problem: "must not be negative"}
	case pc.OrderFillHorizon < 0 || (pc.OrderFillHorizon > 0 && pc.OrderFillHorizon < time.Minute):
		return nil, &ConfigError{Field: "Bundled.OrderFillHorizon", Problem: "must be zero (an hour) or at least a minute"}
	case pc.UniswapStateBlocks < 0:
		return nil, &ConfigError{Field: "Bundled.UniswapStateBlocks", Problem: "must not be negative"}
	case pc.StateHorizon < 0:
		return nil, &ConfigError{Field: "Bundled.StateHorizon", Problem: "must not be negative"}
	}
	for _, c := range slices.Sorted(maps.Keys(pc.BlockTimes)) {
		if pc.BlockTimes[c] <= 0 {
			return nil, &ConfigError{Field: "Bundled.BlockTimes", Problem: fmt.Sprintf("%s: must be a positive duration", orchestration.Clip(string(c)))}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(pc.EstTime)) {
		if !slices.Contains(BundledProviders, id) {
			return nil, &ConfigError{Field: "Bundled.EstTime", Problem: fmt.Sprintf("%q is not a bundled provider (%s)", orchestration.Clip(string(id)), bundledList())}
		}
		if id == orchestration.ProviderLimitOrder {
			return nil, &ConfigError{Field: "Bundled.EstTime", Problem: "limit-order's time is each solver's estimate of its fill"}
		}
		if pc.EstTime[id] <= 0 {
			return nil, &ConfigError{Field: "Bundled.EstTime", Problem: fmt.Sprintf("%s: must be a positive duration", id)}
		}
	}
	// The Network starts after these checks: its defaults are read when
	// the providers are built.
	est := func(id orchestration.ProviderID) time.Duration { return cmp.Or(pc.EstTime[id], s.network.EstTime[id]) }
	var out []quote.Factory
	for _, id := range BundledProviders {
		if slices.Contains(pc.Disable, id) {
			continue
		}
		var f func() quote.Factory
		switch id {
		case orchestration.ProviderMSwapFacility:
			f = func() quote.Factory {
				return swapfacility.Factory(swapfacility.Config{EstTime: est(id), StateHorizon: pc.StateHorizon,
					SolanaComputeUnitLimit: pc.SolanaComputeUnitLimit, SolanaComputeUnitPrice: pc.SolanaComputeUnitPrice})
			}
		case orchestration.ProviderMPortal:
			f = func() quote.Factory {
				return portal.Factory(portal.Config{EstTime: est(id), Executors: s.executors, StateHorizon: pc.StateHorizon})
			}
		case orchestration.ProviderUniswapV3:
			f = func() quote.Factory {
				return uniswapv3.Factory(uniswapv3.Config{EstTime: est(id), FeeTiers: pc.UniswapFeeTiers, Deadline: pc.UniswapDeadline,
					StateBlocks: pc.UniswapStateBlocks, BlockTimes: pc.BlockTimes})
			}
		case orchestration.ProviderLimitOrder:
			f = func() quote.Factory {
				return limitorder.Factory(limitorder.Config{Solvers: s.solvers(),
					SolverTimeout: pc.SolverTimeout, FillHorizon: pc.OrderFillHorizon, Gate: &s.solverGate,
					SolanaComputeUnitLimit: pc.SolanaComputeUnitLimit, SolanaComputeUnitPrice: pc.SolanaComputeUnitPrice})
			}
		}
		out = append(out, func(d quote.Deps) (quote.Provider, error) { return f()(d) })
	}
	return out, nil
}

func bundledList() string {
	s := make([]string, len(BundledProviders))
	for i, id := range BundledProviders {
		s[i] = string(id)
	}
	return strings.Join(s, ", ")
}

// redialBackend is an RPC endpoint that is dialled again on use until a dial
// succeeds (answering with the chain id expected), so an endpoint down at
// start-up fails only the reads that need it, and only while it is down.
type redialBackend struct {
	chain   orchestration.Chain
	chainID uint64
	url     string
	opts    evm.DialOptions

	mu     sync.Mutex
	client *ethclient.Client
}

func (b *redialBackend) dial(ctx context.Context) error {
	_, err := b.get(ctx)
	return err
}

func (b *redialBackend) get(ctx context.Context) (*ethclient.Client, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.client != nil {
		return b.client, nil
	}
	c, err := evm.Dial(ctx, b.chain, b.chainID, b.url, b.opts)
	if err != nil {
		return nil, err
	}
	b.client = c
	return c, nil
}

func (b *redialBackend) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.client != nil {
		b.client.Close()
	}
}

func (b *redialBackend) CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error) {
	c, err := b.get(ctx)
	if err != nil {
		return nil, err
	}
	return c.CallContract(ctx, msg, block)
}

func (b *redialBackend) CodeAt(ctx context.Context, addr common.Address, block *big.Int) ([]byte, error) {
	c, err := b.get(ctx)
	if err != nil {
		return nil, err
	}
	return c.CodeAt(ctx, addr, block)
}

// SubscribeNewHead subscribes over the endpoint (a ws(s) one; http(s)
// answers rpc.ErrNotificationsUnsupported and the follower polls).
func (b *redialBackend) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	c, err := b.get(ctx)
	if err != nil {
		return nil, err
	}
	return c.SubscribeNewHead(ctx, ch)
}

func (b *redialBackend) BlockNumber(ctx context.Context) (uint64, error) {
	c, err := b.get(ctx)
	if err != nil {
		return 0, err
	}
	return c.BlockNumber(ctx)
}
