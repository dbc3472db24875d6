package app

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// chainReader builds the reader of the catalog's EVM chains: the devnet's
// own clients, and an endpoint of the config's rpc map for any other chain
// (an rpc entry for a devnet chain takes precedence, so a devnet reached
// over JSON-RPC is read the same way as a real chain, and a failing entry
// is not silently replaced by the devnet's client). A chain without a
// client or without Multicall3 in its address book is not read: providers
// needing it find no route there. An endpoint that cannot be reached at
// start-up, or serves another chain id, is logged and dialled again on
// later reads, so one bad endpoint neither stops the chains that work nor
// needs a restart once it answers.
func (a *App) chainReader(ctx context.Context, opts Options) (*evm.Reader, error) {
	cfg := evm.Config{Logger: a.logger, Registerer: opts.Registry}
	var names []string
	for chain := range a.Config.RPC {
		names = append(names, string(chain))
	}
	sort.Strings(names)
	seen := map[orchestration.Chain]bool{}
	for _, name := range names {
		chain := orchestration.Chain(name)
		info, _ := a.Catalog.Chain(chain) // validateRPC checked it is enabled
		if info.Runtime != orchestration.RuntimeEVM || info.Contracts.Multicall3 == "" {
			a.logger.Warn("rpc endpoint not used: the chain is not EVM or has no multicall3 in the catalog", slog.String("chain", name))
			continue
		}
		// An endpoint the operator names replaces the devnet's client even
		// when it fails: quotes on that chain then fail visibly rather
		// than read another node.
		seen[chain] = true
		b := &redialBackend{chain: chain, chainID: info.ChainID, url: a.Config.RPC[chain], opts: evm.DialOptions{HTTPClient: opts.RPCClient}}
		if err := b.dial(ctx); err != nil {
			a.logger.Error("rpc endpoint unusable at start-up; quotes needing this chain fail until it answers",
				slog.String("chain", name), slog.Any("error", err))
		}
		a.closers = append(a.closers, b.close)
		cfg.Chains = append(cfg.Chains, evm.ChainConfig{Name: chain, ChainID: info.ChainID,
			Multicall3: common.HexToAddress(info.Contracts.Multicall3), Backend: b})
	}
	if a.Devnet != nil {
		for _, c := range a.Devnet.Chains() {
			if seen[c.Name] {
				continue
			}
			cfg.Chains = append(cfg.Chains, evm.ChainConfig{Name: c.Name, ChainID: c.ChainID,
				Multicall3: a.Devnet.Contracts(c.Name).Multicall3, Backend: c.Client()})
		}
	}
	if len(cfg.Chains) == 0 {
		return nil, nil
	}
	return evm.NewReader(cfg)
}

// BundledProviders are the identifiers of the providers the bundled server
// runs unless the config disables them.
var BundledProviders = []orchestration.ProviderID{
	orchestration.ProviderMSwapFacility, orchestration.ProviderMPortal, orchestration.ProviderUniswapV3,
}

// builtinProviders are the factories of the bundled providers the config
// leaves enabled.
func (a *App) builtinProviders() ([]quote.Factory, error) {
	pc := a.Config.Providers
	for _, id := range pc.Disable {
		if !slices.Contains(BundledProviders, id) {
			return nil, fmt.Errorf("config: providers.disable: %q is not a bundled provider (%s)", orchestration.Clip(string(id)), bundledList())
		}
	}
	for id, d := range pc.EstTime {
		if !slices.Contains(BundledProviders, id) {
			return nil, fmt.Errorf("config: providers.estTime: %q is not a bundled provider (%s)", orchestration.Clip(string(id)), bundledList())
		}
		if d <= 0 {
			return nil, fmt.Errorf("config: providers.estTime.%s: must be a positive duration", id)
		}
	}
	est := func(id orchestration.ProviderID) time.Duration { return time.Duration(pc.EstTime[id]) }
	portalEst := est(orchestration.ProviderMPortal)
	if portalEst == 0 && a.Devnet != nil {
		portalEst = a.relayDelay + 2*time.Second
	}
	var out []quote.Factory
	for _, id := range BundledProviders {
		if slices.Contains(pc.Disable, id) {
			continue
		}
		switch id {
		case orchestration.ProviderMSwapFacility:
			out = append(out, swapfacility.Factory(swapfacility.Config{EstTime: est(id)}))
		case orchestration.ProviderMPortal:
			out = append(out, portal.Factory(portal.Config{EstTime: portalEst}))
		case orchestration.ProviderUniswapV3:
			out = append(out, uniswapv3.Factory(uniswapv3.Config{EstTime: est(id),
				FeeTiers: pc.UniswapFeeTiers, Deadline: time.Duration(pc.UniswapDeadline)}))
		}
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

func (b *redialBackend) BlockNumber(ctx context.Context) (uint64, error) {
	c, err := b.get(ctx)
	if err != nil {
		return 0, err
	}
	return c.BlockNumber(ctx)
}
