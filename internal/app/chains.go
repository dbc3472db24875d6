package app

import (
	"context"
	"log/slog"
	"sort"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// chainReader builds the reader of the catalog's EVM chains: the devnet's
// own clients, and an endpoint of the config's rpc map for any other chain
// (an rpc entry for a devnet chain takes precedence, so a devnet reached
// over JSON-RPC is read the same way as a real chain, and a failing entry
// is not silently replaced by the devnet's client). A chain without a
// client or without Multicall3 in its address book is not read: providers
// needing it find no route there. An endpoint that cannot be reached at
// start-up, or serves another chain id, is logged and left out, so one bad
// endpoint does not stop the chains that work.
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
		client, err := evm.Dial(ctx, chain, info.ChainID, a.Config.RPC[chain], evm.DialOptions{HTTPClient: opts.RPCClient})
		if err != nil {
			a.logger.Error("rpc endpoint unusable; quotes needing this chain will fail", slog.String("chain", name), slog.Any("error", err))
			continue
		}
		a.closers = append(a.closers, client.Close)
		cfg.Chains = append(cfg.Chains, evm.ChainConfig{Name: chain, ChainID: info.ChainID,
			Multicall3: common.HexToAddress(info.Contracts.Multicall3), Backend: client})
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

// builtinProviders are the providers the bundled server runs.
func (a *App) builtinProviders() []quote.Factory {
	return nil
}
