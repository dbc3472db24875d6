package limitorder

import (
	"cmp"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

const (
	// DefaultFillHorizon is how long an order stays fillable when
	// Config.FillHorizon is zero: its fillDeadline is the origin chain's
	// time at the quote plus this. After it the order can no longer be
	// filled, and anyone may cancel it to refund the sender.
	DefaultFillHorizon = time.Hour
	// DefaultSolverTimeout bounds each solver's answer when
	// Config.SolverTimeout is zero.
	DefaultSolverTimeout = time.Second
	// DefaultEstFillTime is a leg's estimated time when the solver gives
	// none.
	DefaultEstFillTime = time.Minute
)

// Config configures a Provider. The zero value has no solvers, so no
// edges: a deployment without market makers offers no limit orders.
type Config struct {
	// Solvers are asked for offers on every leg, concurrently; their
	// names must be unique and non-empty.
	Solvers []Solver
	// SolverTimeout bounds each solver's answer; a solver that has not
	// answered by then is left out of the leg (and logged), never delaying
	// the other solvers or providers. Zero means DefaultSolverTimeout.
	SolverTimeout time.Duration
	// FillHorizon is how long an order stays fillable; zero means
	// DefaultFillHorizon.
	FillHorizon time.Duration
	// Gate, when set, is asked before each leg's solvers are: a solver it
	// does not admit (one suspended for the orders it left unfilled, see
	// order.SolverPolicy) is not asked and makes no offer on the leg. Nil
	// asks every solver.
	Gate Gate
	// SolanaComputeUnitLimit and SolanaComputeUnitPrice frame the
	// open_order transactions of orders from Solana (svm.TxConfig); zero
	// leaves the runtime's default limit and adds no priority fee.
	SolanaComputeUnitLimit uint32
	SolanaComputeUnitPrice uint64
	// Now is the clock that judges an offer's expiry and dates the
	// estimated life of a Solana order's blockhash (nil: time.Now); tests
	// set it.
	Now func() time.Time
}

// Gate admits the solvers a Provider asks for offers. Admit is called for
// each solver of each leg collected, so it must be cheap (no I/O) and safe
// for concurrent use.
type Gate interface {
	// Admit reports whether the solver of this Name may be asked now.
	Admit(solver string) bool
}

// GateFunc is a func as a Gate.
type GateFunc func(solver string) bool

// Admit calls f.
func (f GateFunc) Admit(solver string) bool { return f(solver) }

// Provider quotes legs as order book limit orders filled by solvers, on and
// between the catalog's chains with an order book: EVM OrderBooks and
// Solana's order_book, each read through its runtime (an SVM chain is an
// origin only when the Deps' runtimes include svmruntime's). It is safe
// for concurrent use.
type Provider struct {
	catalog *asset.Catalog
	reader  evmruntime.ChainReader
	svm     *svmruntime.Runtime // nil: no order starts on an SVM chain
	budget  svm.TxConfig        // its compute budget fields
	logger  *slog.Logger
	solvers []Solver
	timeout time.Duration
	horizon time.Duration
	gate    Gate
	now     func() time.Time // Config.Now

	openOrder abi.Method
	destOK    abi.Method // isDestinationSupported

	mu          sync.Mutex
	collections map[collectionKey]*collectionEntry
	// recent is the entry found or made last: a request asks for one
	// leg's collection several times (declaring it, then for each of its
	// solvers' parallel edges), and the next request often for the same.
	recent atomic.Pointer[collectionEntry]
	// The exact-output asks (InputFor) made, kept as collections are.
	inputs map[inputAskKey]*pendingInput

	books quote.Memo[[2]orchestration.Chain, *bookReads] // by origin and destination
}

var (
	_ quote.Provider       = (*Provider)(nil)
	_ quote.Prefetcher     = (*Provider)(nil)
	_ quote.ReadDeclarer   = (*Provider)(nil)
	_ quote.LocalPricer    = (*Provider)(nil)
	_ quote.PermitProvider = (*Provider)(nil)
)

// New returns a Provider over deps.Catalog. It does no I/O.
func New(deps quote.Deps, cfg Config) (*Provider, error) {
	if deps.Catalog == nil {
		return nil, errors.New("limitorder: Deps.Catalog is required")
	}
	switch {
	case cfg.SolverTimeout < 0:
		return nil, fmt.Errorf("limitorder: Config.SolverTimeout %v is negative", cfg.SolverTimeout)
	case cfg.FillHorizon < 0:
		return nil, fmt.Errorf("limitorder: Config.FillHorizon %v is negative", cfg.FillHorizon)
	case cfg.FillHorizon > 0 && cfg.FillHorizon < time.Minute:
		// An order must outlive its own journey: opening, then a fill on
		// the destination chain.
		return nil, fmt.Errorf("limitorder: Config.FillHorizon %v is shorter than a minute", cfg.FillHorizon)
	}
	seen := map[string]bool{}
	for i, s := range cfg.Solvers {
		if s == nil || s.Name() == "" {
			return nil, fmt.Errorf("limitorder: Config.Solvers[%d] is nil or has no name", i)
		}
		if seen[s.Name()] {
			return nil, fmt.Errorf("limitorder: two solvers are named %q", s.Name())
		}
		seen[s.Name()] = true
	}
	parsed := contracts.MustABI("OrderBook")
	p := &Provider{catalog: deps.Catalog, reader: evmruntime.ReaderIn(deps.Runtimes), logger: deps.Logger,
		solvers:   append([]Solver(nil), cfg.Solvers...),
		timeout:   cmp.Or(cfg.SolverTimeout, DefaultSolverTimeout),
		horizon:   cmp.Or(cfg.FillHorizon, DefaultFillHorizon),
		now:       cfg.Now,
		gate:      cfg.Gate,
		svm:       svmruntime.In(deps.Runtimes),
		budget:    svm.TxConfig{ComputeUnitLimit: cfg.SolanaComputeUnitLimit, ComputeUnitPrice: cfg.SolanaComputeUnitPrice},
		openOrder: parsed.Methods["openOrder"], destOK: parsed.Methods["isDestinationSupported"],
		collections: map[collectionKey]*collectionEntry{}, inputs: map[inputAskKey]*pendingInput{}}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	if p.now == nil {
		p.now = time.Now
	}
	return p, nil
}

// Factory returns a quote.Factory building a Provider with cfg.
func Factory(cfg Config) quote.Factory { return quote.FactoryOf(New, cfg) }

// ID returns orchestration.ProviderLimitOrder.
func (p *Provider) ID() orchestration.ProviderID { return orchestration.ProviderLimitOrder }
