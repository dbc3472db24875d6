package devnet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/wormhole/executor/standin"
	"golang.org/x/sync/errgroup"
)

// ChainSpec names one devnet chain. Hub is the chain whose Portal locks M
// (as Ethereum's does); the others burn and mint it.
type ChainSpec struct {
	Name    orchestration.Chain
	ChainID uint64
	Hub     bool
	// NoNativePrice leaves the chain's price feed (Contracts.PriceFeed,
	// deployed on every chain) out of the catalog, so that the chain's
	// native coin has no price source (decision 105).
	NoNativePrice bool
}

// DefaultChains are the testnets the devnet stands for, with their real
// chain ids; Sepolia is the hub. ArbitrumSepolia's catalog names no price
// source for its native coin, so a default devnet has chains with and
// without one.
func DefaultChains() []ChainSpec {
	return []ChainSpec{
		{Name: orchestration.Sepolia, ChainID: 11155111, Hub: true},
		{Name: orchestration.BaseSepolia, ChainID: 84532},
		{Name: orchestration.ArbitrumSepolia, ChainID: 421614, NoNativePrice: true},
	}
}

// Config configures Start. The zero value is the default devnet: three
// chains, no HTTP, immediate relaying, logs to slog.Default().
type Config struct {
	// Chains to run; nil means DefaultChains. At least two, exactly one hub.
	Chains []ChainSpec
	// HTTP serves each chain's JSON-RPC on 127.0.0.1 at a free port.
	HTTP bool
	// RelayDelay is how long a portal message waits after it is sealed
	// before the relayer delivers it, standing in for bridge latency. Zero
	// delivers at the relayer's next poll.
	RelayDelay time.Duration
	// NoRelayer leaves message delivery to the caller (Relay), for tests
	// that check the in-between state.
	NoRelayer bool
	// Solver starts the devnet solver's fill loop (see Solver): it fills
	// every order open to any solver or naming the "solver" account that
	// its price covers. Off by default, so that tests filling orders
	// themselves are not raced. Devnet.Solver quotes either way.
	Solver bool
	// SolverSpreadBps is the solver's spread in basis points, below 10000;
	// zero means DefaultSolverSpreadBps.
	SolverSpreadBps int
	// SolverDelay is how long the fill loop waits after it sees an order
	// before filling it, as a solver weighing an order would, so that the
	// order is seen open first; zero fills at the solver's next poll.
	// Solver.Fill does not wait. It adds to the solver's EstFillTime.
	SolverDelay time.Duration
	// Logger receives relayer and solver logs; nil means slog.Default().
	Logger *slog.Logger

	// Wormhole makes the Wormhole bridge adapter the default adapter of
	// every route between two devnet chains (those with a Wormhole chain
	// id, see WormholeChainID), instead of the Portal itself, and starts
	// the Executor quote API stand-in (ExecutorURL). A send on such a
	// route, token transfers and order reports alike, then needs a signed
	// quote from that API as its adapter arguments and the core bridge's
	// message fee plus the quote's estimated cost as its value, and the
	// relayer delivers it as the Executor's relayer would. Off by default:
	// the Portal relays everything itself.
	Wormhole bool
	// WormholeRoutes, when not empty, limits Wormhole to these routes
	// (From's Portal sends to To through the adapter) and turns it on.
	WormholeRoutes []Route
	// ExecutorAddr is where the Executor stand-in listens when Wormhole is
	// on (host:port); empty means a free loopback port.
	ExecutorAddr string
}

// Route is one direction between two devnet chains.
type Route struct{ From, To orchestration.Chain }

// Devnet is a set of running devnet chains with the project's contracts
// deployed, seeded and wired to each other.
type Devnet struct {
	chains    []*Chain
	specs     []ChainSpec
	contracts map[orchestration.Chain]*Contracts
	catalog   *asset.Catalog
	catCfg    asset.Config
	relayer   *relayer
	solver    *Solver
	executor  *standin.Server

	stop context.CancelFunc
	wg   sync.WaitGroup
}

// Start starts the chains, deploys and seeds every contract, builds the
// catalog and starts the relayer. Close releases everything.
func Start(ctx context.Context, cfg Config) (_ *Devnet, err error) {
	specs := cfg.Chains
	if specs == nil {
		specs = DefaultChains()
	}
	if err := checkSpecs(specs); err != nil {
		return nil, err
	}
	spread := cfg.SolverSpreadBps
	if spread == 0 {
		spread = DefaultSolverSpreadBps
	}
	if spread < 0 || spread >= 10_000 {
		return nil, fmt.Errorf("devnet: solver spread must be in [0, 10000) bps, got %d", spread)
	}
	if cfg.SolverDelay < 0 {
		return nil, fmt.Errorf("devnet: solver delay must not be negative, got %s", cfg.SolverDelay)
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	d := &Devnet{specs: specs, chains: make([]*Chain, len(specs)), contracts: map[orchestration.Chain]*Contracts{}}
	defer func() {
		if err != nil {
			d.Close()
		}
	}()

	accounts := Accounts()
	alloc := types.GenesisAlloc{}
	for _, a := range accounts {
		alloc[a.Address] = types.Account{Balance: new(big.Int).Mul(big.NewInt(10_000), big.NewInt(1e18))}
	}
	var users []common.Address
	for _, a := range accounts[2:] { // everyone but the deployer and the relayer
		users = append(users, a.Address)
	}

	routed, err := wormholeRoutes(cfg, specs)
	if err != nil {
		return nil, err
	}
	if len(routed) > 0 {
		var payee [32]byte
		copy(payee[12:], ExecutorPayee.Bytes())
		addr := cfg.ExecutorAddr
		if addr == "" {
			addr = "127.0.0.1:0"
		}
		if d.executor, err = standin.Listen(standin.Config{Payee: payee}, addr); err != nil {
			return nil, fmt.Errorf("devnet: executor stand-in: %w", err)
		}
	}

	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	for i, s := range specs {
		g.Go(func() error {
			c, err := startChain(chainOptions{Name: s.Name, ChainID: s.ChainID, Alloc: alloc, HTTP: cfg.HTTP})
			if err != nil {
				return err
			}
			d.chains[i] = c
			var peers []uint64
			wh := wormholeWiring{peers: map[uint64]uint16{}, routed: map[uint64]bool{}}
			wh.self, _ = WormholeChainID(s.ChainID)
			for _, o := range specs {
				if o.ChainID != s.ChainID {
					peers = append(peers, o.ChainID)
					wh.peers[o.ChainID], _ = WormholeChainID(o.ChainID)
					wh.routed[o.ChainID] = routed[Route{s.Name, o.Name}]
				}
			}
			k, err := deployChain(gctx, c, s.Hub, users, peers, wh)
			if err != nil {
				return fmt.Errorf("devnet %s: deploy: %w", s.Name, err)
			}
			mu.Lock()
			d.contracts[s.Name] = k
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if d.catCfg, err = d.buildCatalog(ctx); err != nil {
		return nil, err
	}
	if d.catalog, err = asset.New(d.CatalogConfig()); err != nil {
		return nil, fmt.Errorf("devnet: catalog: %w", err)
	}
	if err := d.SyncClocks(); err != nil {
		return nil, err
	}

	d.relayer = newRelayer(d, accounts[1], cfg.RelayDelay, logger)
	d.solver = newSolver(d, accounts[2], spread, cfg.SolverDelay, logger)
	rctx, cancel := context.WithCancel(context.Background())
	d.stop = cancel
	if cfg.Solver {
		d.wg.Go(func() { d.solver.run(rctx) })
	}
	if !cfg.NoRelayer {
		for _, c := range d.chains {
			d.wg.Add(1)
			go func() {
				defer d.wg.Done()
				d.relayer.watch(rctx, c)
			}()
		}
	}
	return d, nil
}

// wormholeRoutes is the set of routes cfg sends through the Wormhole
// adapter.
func wormholeRoutes(cfg Config, specs []ChainSpec) (map[Route]bool, error) {
	routed := map[Route]bool{}
	whID := map[orchestration.Chain]uint16{}
	for _, s := range specs {
		whID[s.Name], _ = WormholeChainID(s.ChainID)
	}
	if len(cfg.WormholeRoutes) > 0 {
		for _, r := range cfg.WormholeRoutes {
			if whID[r.From] == 0 || whID[r.To] == 0 || r.From == r.To {
				return nil, fmt.Errorf("devnet: Wormhole route %s → %s: both ends must be distinct devnet chains with a Wormhole chain id", r.From, r.To)
			}
			routed[r] = true
		}
		return routed, nil
	}
	if cfg.Wormhole {
		for _, a := range specs {
			for _, b := range specs {
				if a.Name != b.Name && whID[a.Name] != 0 && whID[b.Name] != 0 {
					routed[Route{a.Name, b.Name}] = true
				}
			}
		}
	}
	return routed, nil
}

func checkSpecs(specs []ChainSpec) error {
	if len(specs) < 2 {
		return errors.New("devnet: at least two chains are needed")
	}
	hubs := 0
	seen := map[uint64]bool{}
	for _, s := range specs {
		if !s.Name.IsKnown() {
			return fmt.Errorf("devnet: unknown chain %q", s.Name)
		}
		if seen[s.ChainID] || s.ChainID == 0 {
			return fmt.Errorf("devnet: chain id %d is zero or repeated", s.ChainID)
		}
		seen[s.ChainID] = true
		if s.Hub {
			hubs++
		}
	}
	if hubs != 1 {
		return fmt.Errorf("devnet: exactly one hub chain is needed, got %d", hubs)
	}
	return nil
}

// Chains returns the running chains in configuration order.
func (d *Devnet) Chains() []*Chain { return d.chains }

// Chain returns the named chain.
func (d *Devnet) Chain(name orchestration.Chain) (*Chain, bool) {
	for _, c := range d.chains {
		if c != nil && c.Name == name {
			return c, true
		}
	}
	return nil, false
}

// ChainByID returns the chain with this chain id.
func (d *Devnet) ChainByID(id uint64) (*Chain, bool) {
	for _, c := range d.chains {
		if c != nil && c.ChainID == id {
			return c, true
		}
	}
	return nil, false
}

// Contracts returns the address book of the named chain.
func (d *Devnet) Contracts(name orchestration.Chain) *Contracts { return d.contracts[name] }

// Catalog is the asset catalog of what the devnet deployed: its chains with
// their contracts, and M, wM, mUSD, USDC, USDT and wMv1 on each, with
// permit support and EIP-712 domains read from the tokens themselves
// (eip712Domain, or for USDC name and version).
func (d *Devnet) Catalog() *asset.Catalog { return d.catalog }

// Relay delivers every portal message sent so far that has not been
// delivered yet, regardless of RelayDelay, and returns how many it
// delivered. Tests use it with NoRelayer.
func (d *Devnet) Relay(ctx context.Context) (int, error) {
	n := 0
	for _, c := range d.chains {
		k, err := d.relayer.deliverPending(ctx, c, true)
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// SyncClocks moves every chain's clock up to the latest one's. Chains that
// seal many blocks run ahead of wall time, and cross-chain order rules
// compare timestamps across chains.
func (d *Devnet) SyncClocks() error {
	var latest time.Time
	for _, c := range d.chains {
		if t := c.Now(); t.After(latest) {
			latest = t
		}
	}
	for _, c := range d.chains {
		if gap := latest.Sub(c.Now()); gap >= time.Second {
			if err := c.AdvanceTime(gap); err != nil {
				return fmt.Errorf("devnet %s: sync clock: %w", c.Name, err)
			}
		}
	}
	return nil
}

// ExecutorURL is the base URL of the Executor quote API stand-in (for
// executor.Config.BaseURL), or "" when no route goes through Wormhole.
func (d *Devnet) ExecutorURL() string {
	if d.executor == nil {
		return ""
	}
	return d.executor.URL()
}

// Executor is the Executor quote API stand-in (to count its requests or set
// it down), or nil when no route goes through Wormhole.
func (d *Devnet) Executor() *standin.Server { return d.executor }

// PauseRelayer stalls (true) or resumes (false) the relayer's deliveries:
// while stalled, portal messages and order reports wait on their source
// chain, as behind a bridge relayer that stopped; resumed, it delivers
// everything due. Relay still delivers while paused.
func (d *Devnet) PauseRelayer(paused bool) { d.relayer.paused.Store(paused) }

// PauseSealing stops (true) or resumes (false) block production on every
// chain (Chain.PauseSealing).
func (d *Devnet) PauseSealing(paused bool) {
	for _, c := range d.chains {
		c.PauseSealing(paused)
	}
}

// Close stops the relayer, the solver, the Executor stand-in and the chains.
func (d *Devnet) Close() error {
	if d.stop != nil {
		d.stop()
	}
	d.wg.Wait()
	if d.executor != nil {
		d.executor.Close()
	}
	var errs []error
	for _, c := range d.chains {
		if c != nil {
			errs = append(errs, c.Close())
		}
	}
	return errors.Join(errs...)
}

// CatalogConfig is the configuration Catalog is built from: every chain with
// its chain id and contract addresses (Multicall3 included), and every
// asset with its decimals, permit domain and flags. Written to a file (it
// carries JSON tags), it lets another process serve the devnet's catalog
// while reading the chains over JSON-RPC. The result is the caller's.
func (d *Devnet) CatalogConfig() asset.Config {
	return asset.Config{Chains: slices.Clone(d.catCfg.Chains), Assets: slices.Clone(d.catCfg.Assets)}
}

// buildCatalog reads the deployed tokens' metadata into a catalog config.
func (d *Devnet) buildCatalog(ctx context.Context) (asset.Config, error) {
	var cfg asset.Config
	for _, s := range d.specs {
		c, _ := d.Chain(s.Name)
		k := d.contracts[s.Name]
		cc := asset.ChainConfig{
			Name: s.Name, ChainID: s.ChainID, Testnet: true, Source: "devnet",
			Contracts: asset.Contracts{
				SwapFacility: k.SwapFacility.Hex(), Portal: k.Portal.Hex(), OrderBook: k.OrderBook.Hex(),
				SwapRouter: k.SwapRouter.Hex(), Quoter: k.Quoter.Hex(), Multicall3: k.Multicall3.Hex(),
			},
		}
		if !s.NoNativePrice {
			cc.NativePrice = &asset.PriceSource{Feed: k.PriceFeed.Hex()}
		}
		cfg.Chains = append(cfg.Chains, cc)
		const (
			noPermit = iota
			eip5267  // the domain from eip712Domain()
			version  // the domain from name() and version(), as FiatToken v2.2 has no eip712Domain()
		)
		tokens := []struct {
			addr      common.Address
			symbol    string
			extension bool
			permit    int
			zeroFirst bool // approve must reset to zero first (the USDT stand-in)
		}{
			{k.MToken, "M", false, eip5267, false},
			{k.WrappedM, "wM", true, eip5267, false},
			{k.MetaMaskUSD, "mUSD", true, eip5267, false},
			{k.USDC, "USDC", false, version, false},
			{k.USDT, "USDT", false, noPermit, true},
			// eip712Domain reports the proxy; DOMAIN_SEPARATOR is bound to
			// the implementation. The catalog records what the token
			// reports; the permit flow must check the separator.
			{k.WrappedMv1, "wMv1", true, eip5267, false},
		}
		for _, t := range tokens {
			erc20, _ := bindings.NewMToken(t.addr, c.client) // name, decimals and eip712Domain share one ABI
			opts := &bind.CallOpts{Context: ctx}
			name, err := erc20.Name(opts)
			if err != nil {
				return asset.Config{}, fmt.Errorf("devnet %s: %s name: %w", s.Name, t.symbol, err)
			}
			decimals, err := erc20.Decimals(opts)
			if err != nil {
				return asset.Config{}, fmt.Errorf("devnet %s: %s decimals: %w", s.Name, t.symbol, err)
			}
			ac := asset.AssetConfig{Chain: s.Name, Address: t.addr.Hex(), Symbol: t.symbol, Name: name,
				Decimals: int(decimals), M0Extension: t.extension, Permit: t.permit != noPermit, ApproveZeroFirst: t.zeroFirst, Source: "devnet"}
			switch t.permit {
			case eip5267:
				dom, err := erc20.Eip712Domain(opts)
				if err != nil {
					return asset.Config{}, fmt.Errorf("devnet %s: %s eip712Domain: %w", s.Name, t.symbol, err)
				}
				ac.PermitDomain = asset.PermitDomain{Name: dom.Name, Version: dom.Version}
			case version:
				fiat, _ := bindings.NewFiatToken(t.addr, c.client)
				v, err := fiat.Version(opts)
				if err != nil {
					return asset.Config{}, fmt.Errorf("devnet %s: %s version: %w", s.Name, t.symbol, err)
				}
				ac.PermitDomain = asset.PermitDomain{Name: name, Version: v}
			}
			cfg.Assets = append(cfg.Assets, ac)
		}
	}
	return cfg, nil
}
