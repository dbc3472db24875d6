package devnet

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/evm"
	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/service"
)

// Config configures the devnet; the zero value is the devnet with
// DefaultRelayDelay.
type Config struct {
	// RelayDelay stands in for bridge latency: how long a portal message
	// waits before the relayer delivers it. Zero means DefaultRelayDelay.
	RelayDelay time.Duration
	// Solver runs the devnet solver's fill loop (evmdevnet.Config.Solver):
	// it fills the orders open to any solver that its price covers.
	Solver bool
	// SolverSpreadBps is the solver's spread; zero means
	// evmdevnet.DefaultSolverSpreadBps.
	SolverSpreadBps int
	// SolverDelay is how long the solver waits after it sees an order
	// before filling it (evmdevnet.Config.SolverDelay); zero means none.
	SolverDelay time.Duration
	// Wormhole sends every transfer through the Wormhole adapter, whose
	// relays are paid with quotes from the devnet's Executor stand-in
	// (evmdevnet.Config.Wormhole); the service's m-portal then asks that
	// stand-in, not Wormhole's public API. False keeps the portal's own
	// adapter, which quotes on chain.
	Wormhole bool
}

// DefaultRelayDelay is the devnet's default bridge latency: long enough to
// watch a transfer in flight, short enough not to wait for.
const DefaultRelayDelay = 2 * time.Second

// ErrStarted is Start's error on a Network already started: one Network
// serves one Service.
var ErrStarted = errors.New("devnet: network already started; give each service.New its own Network")

// Network is the in-process devnet as a service.Network. Set it as
// service.Config.Network; Devnet then returns the running devnet.
type Network struct {
	cfg Config

	mu sync.Mutex
	d  *evmdevnet.Devnet
}

// New returns the devnet, to be started by service.New.
func New(cfg Config) *Network { return &Network{cfg: cfg} }

// Start starts the devnet and returns its catalog, a client per chain,
// m-portal's estimated time (the relay delay plus two seconds for the
// delivery), its solver (which fills only with Config.Solver) and the
// devnet's Close.
func (n *Network) Start(ctx context.Context, logger *slog.Logger) (service.NetworkChains, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.d != nil {
		return service.NetworkChains{}, ErrStarted
	}
	delay := cmp.Or(n.cfg.RelayDelay, DefaultRelayDelay)
	d, err := evmdevnet.Start(ctx, evmdevnet.Config{HTTP: true, RelayDelay: delay,
		Solver: n.cfg.Solver, SolverSpreadBps: n.cfg.SolverSpreadBps, SolverDelay: n.cfg.SolverDelay, Logger: logger,
		Wormhole: n.cfg.Wormhole})
	if err != nil {
		return service.NetworkChains{}, fmt.Errorf("devnet: %w", err)
	}
	n.d = d
	clients := map[orchestration.Chain]evm.Backend{}
	for _, c := range d.Chains() {
		clients[c.Name] = c.Client()
	}
	return service.NetworkChains{
		Catalog: d.Catalog(),
		Clients: clients,
		EstTime: map[orchestration.ProviderID]time.Duration{orchestration.ProviderMPortal: delay + 2*time.Second},
		Solvers: []limitorder.Solver{Solver(d.Solver())},
		// Empty unless Wormhole: then m-portal's quotes come from the
		// devnet's own Executor stand-in, whatever the network.
		ExecutorURL: d.ExecutorURL(),
		Close:       d.Close,
		// Its chains start from genesis at every start: an index of an
		// earlier run describes chains that are gone.
		Fresh: true,
	}, nil
}

// Devnet is the running devnet: its chains, contracts and relayer. It is
// nil until service.New has started the Network.
func (n *Network) Devnet() *evmdevnet.Devnet {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.d
}
