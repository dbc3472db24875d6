package service

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/permit/permitflow"
	"github.com/m0-orchestration/m0/permit/permitflow/permitsql"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/topology"
	"github.com/m0-orchestration/m0/transfer"
	"github.com/m0-orchestration/m0/webhook"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/redis/go-redis/v9"
)

// Config is everything New assembles the service from. The zero value is a
// service on the built-in catalog of M0 deployments (asset.Default) with no
// chain endpoints, the bundled providers, an in-memory SQLite store and no
// API keys.
type Config struct {
	// Catalog lists the chains and assets served. Nil means the Network's
	// catalog when Network is set, otherwise asset.Default(). It cannot be
	// set together with Network.
	Catalog *asset.Catalog
	// Network, when not nil, is started by New and stopped by Close, and
	// New serves its catalog and reads its chains through its clients:
	// package service/devnet's in-process devnet is one. Nil means none,
	// and a program that sets none links no simulated chain.
	Network Network
	// Contracts are contracts of the embedder's own providers, by chain and
	// by a name of its choosing, added to the catalog whether it comes from
	// Catalog or Network (asset.Contracts.Others): the quote engine's
	// payload guard lets a provider's payload call only catalog tokens and
	// catalog contracts. A chain not in the catalog is a ConfigError. Nil
	// means none.
	Contracts map[orchestration.Chain]map[string]string

	// RPC maps a chain of the catalog to its JSON-RPC endpoint (http(s) or
	// ws(s); http(s) only for Solana clusters, read by the Solana runtime
	// in JSON-RPC batches), for the providers that read chain state. An endpoint often
	// embeds a credential: it is never logged nor put in an error. An
	// endpoint down at start-up is logged and dialled again when used.
	RPC map[orchestration.Chain]string
	// RPCClient carries the JSON-RPC requests of RPC's http(s) endpoints;
	// nil means the default client.
	RPCClient *http.Client
	// Backends are ready chain clients (an *ethclient.Client, a simulated
	// backend), for chains the program already reads. A chain in both
	// Backends and RPC is an error. Backends stay the caller's to close.
	Backends map[orchestration.Chain]evm.Backend
	// Heads configures how the chain reader follows each EVM chain's head,
	// so that a quote on state already read asks no node whether a new
	// block came; the zero value follows every chain.
	Heads HeadsConfig
	// StateCacheSize bounds the chain state answers kept per chain
	// (evm.Config.StateCacheSize); zero means 16384. A chain whose blocks
	// do not advance otherwise keeps one answer per amount ever quoted.
	StateCacheSize int

	// Bundled configures the project's providers (m-swap-facility,
	// m-portal, uniswap-v3); the zero value runs all three with their
	// defaults.
	Bundled BundledConfig
	// Executor configures the Wormhole Executor's quote API, which prices
	// the relays of m-portal's transfers through the Wormhole adapter; the
	// zero value asks Wormhole's public API for the catalog's mainnet and
	// testnet chains.
	Executor ExecutorConfig
	// Providers are the embedding program's own quote providers, with
	// their own provider ids, built after the catalog and chain reader
	// exist and ranked alongside the bundled ones.
	Providers []quote.Factory
	// Permit configures the EIP-2612 permit flow (POST /permit/quote and
	// /permit/build) on the quote engine; the zero value serves it with its
	// defaults.
	Permit PermitConfig
	// Orders configures the order service (GET /orders/{originChain}/{orderId}
	// read from the OrderBooks, and POST /orders/{originChain}/{orderId}/cancel);
	// the zero value serves it without an order index, so GET /orders and
	// the status streams answer 501 NotImplemented: set Orders.Index for
	// them.
	Orders OrdersConfig
	// Transfers configures GET /transfers/{chain}/{txHash}; the zero value
	// serves it.
	Transfers TransfersConfig
	// ProviderTimeout bounds each provider's call; zero means the engine's
	// default.
	ProviderTimeout time.Duration
	// LaterLegWait is how long a solver's offer may outlast the other
	// legs priced with it before it is left out of the request
	// (quote.Config.LaterLegWait); zero means quote.DefaultLaterLegWait,
	// negative waits for every solver, in every stage of the request (a
	// request otherwise waits for solvers once: decision 57).
	LaterLegWait time.Duration
	// ContractFactsTTL is how long facts read once from the contracts
	// (decimals, pools, bridging paths: evm.Config.ImmutableTTL) and the
	// providers' edges (quote.Config.EdgesRefresh) serve before they are
	// read again, so that a pool or path created while the service runs is
	// quoted without a restart. Zero means DefaultContractFactsTTL;
	// negative keeps them until restart.
	ContractFactsTTL time.Duration

	// DB is an open store, which stays the caller's to close. Nil means
	// New opens DSN.
	DB *storage.DB
	// DSN is the store New opens when DB is nil: sqlite:PATH,
	// sqlite::memory: or a postgres:// URL (replicas sharing keys and
	// topology counters need PostgreSQL). Empty means sqlite::memory:, a
	// store that lives as long as the Service.
	DSN string
	// Keys configures the API keys.
	Keys KeysConfig

	// RedisURL, when set, is the Redis replicas share the API keys'
	// rate-limit counters through, so all replicas together enforce one
	// budget per key: redis://[user:password@]host:port[/db] or rediss://.
	// It is never logged. Empty means each replica limits on its own, in
	// memory.
	RedisURL string
	// RedisPrefix starts every Redis key of the rate limits; replicas
	// sharing a budget must share it. Empty means the redislimit package's
	// default.
	RedisPrefix string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For header
	// is believed.
	TrustedProxies []netip.Prefix

	// Topology configures the traffic counters behind GET /topology/*;
	// its Catalog, DB, Logger and Registerer are set by New. The zero
	// value is topology's defaults.
	Topology topology.Config

	// Logger receives every log line, the access log included unless
	// AccessLog is set; nil means slog.Default().
	Logger *slog.Logger
	// AccessLog, when set, receives the access log in AccessLogFormat, in
	// the shape of slog's handler for that format, encoded without slog and
	// written in batches off the request path: several times cheaper per
	// request than through Logger. Writes of whole batches must not
	// interleave with other writers mid-line (use one lock for a shared
	// stream). Nil sends access lines through Logger.
	AccessLog io.Writer
	// AccessLogFormat is the format of AccessLog's lines: "json" (or empty)
	// for slog.NewJSONHandler's, "text" for slog.NewTextHandler's.
	AccessLogFormat string
	// Registry receives the metrics served on GET /metrics; nil means a
	// new one with the Go and process collectors.
	Registry *prometheus.Registry
}

// PermitConfig configures the permit flow.
type PermitConfig struct {
	// Disabled leaves the permit routes unserved: they answer 501
	// NotImplemented after checking the request's wire format.
	Disabled bool
	// Horizon is how long quoted permits stay valid, from the chain's time
	// at the quote; zero means quote.DefaultPermitHorizon, negative is a
	// ConfigError.
	Horizon time.Duration
}

// OrdersConfig configures the order service.
type OrdersConfig struct {
	// Disabled leaves the order routes unserved: they answer 501
	// NotImplemented after checking the chain and the order id.
	Disabled bool
	// Index, when set, keeps the order index in the service's database:
	// GET /orders lists from it and order detail gains the fields only it
	// knows. Nil means no index: GET /orders answers 501.
	Index *IndexConfig
	// StreamsPerKey bounds the order status streams (GET
	// /orders/{originChain}/{orderId}/events, served with an Index) one
	// API key may have open on each replica; zero means
	// httpserver.DefaultStreamsPerKey, negative is a ConfigError.
	StreamsPerKey int
	// StreamsPerReplica bounds the status streams open on each replica,
	// whatever their keys; zero means httpserver.DefaultStreamsPerServer,
	// negative is a ConfigError.
	StreamsPerReplica int
	// StreamLifetime is how long a status stream lasts before the server
	// ends it (the client resumes with Last-Event-ID); zero means
	// httpserver.DefaultStreamLifetime, negative is a ConfigError.
	StreamLifetime time.Duration
	// StreamKeyRecheck is how often a status stream authenticates its API
	// key again, ending when it was revoked; zero means
	// httpserver.DefaultStreamKeyRecheck, negative is a ConfigError. A key
	// revoked on another replica is seen here once Keys.CacheTTL passes.
	StreamKeyRecheck time.Duration
	// StreamRecheck is how often a status stream reads the index again
	// without a notice of its feed (a notice lost); zero means
	// order.DefaultRecheck, negative is a ConfigError.
	StreamRecheck time.Duration
	// Webhooks configures the keys' webhooks of order status changes,
	// served with an Index.
	Webhooks WebhooksConfig
	// SolverSuspension leaves out of limit-order quotes, for a cooldown, a
	// solver whose won orders expire unfilled at its rate (decision 55);
	// it needs Index. The zero value suspends no one. Its Window is also
	// how far back GET /solvers/stats and the solvers' metrics go
	// (order.Config.SolverRecordsWindow).
	SolverSuspension order.SuspensionConfig
}

// WebhooksConfig configures the webhooks (package webhook). The zero
// value serves them whenever there is an Index: the indexer (when this
// process keeps the index) writes their events to the outbox, a
// dispatcher delivers them (on every replica: they share the outbox), and
// quotes of limit orders make the key's webhook follow the sender.
type WebhooksConfig struct {
	// Disabled records, follows and delivers nothing.
	Disabled bool
	// NoDispatcher records events and follows senders, but leaves their
	// delivery to other processes sharing the database.
	NoDispatcher bool
	// PollInterval, Timeout, FirstRetry, MaxRetry, MaxAttempts and MaxAge
	// are webhook.DispatcherConfig's; zero means its defaults (1s, 10s,
	// 5s doubling up to 1h, 15 attempts, 24h), negative is a ConfigError.
	PollInterval, Timeout, FirstRetry, MaxRetry time.Duration
	MaxAttempts                                 int
	MaxAge                                      time.Duration
}

// IndexConfig configures the order index (package order's Indexer).
type IndexConfig struct {
	// External says another process (orchestrationd index, on the same
	// PostgreSQL) keeps the index; this one only reads it. False runs the
	// indexer here, over every chain with an OrderBook and a client that
	// reads logs.
	External bool
	// StartBlock is where a chain the index has never read starts (its
	// OrderBook's deployment block, or its order_book's first slot on
	// Solana); absent means genesis.
	StartBlock map[orchestration.Chain]uint64
	// Confirmations is how far behind the head each chain is indexed;
	// absent means up to the head (re-orgs are undone as found).
	Confirmations map[orchestration.Chain]uint64
	// MaxRange is the most blocks one eth_getLogs asks each chain for;
	// absent or zero means evmorders.DefaultMaxRange. On a Solana cluster
	// it is the most signatures one read lists and whose transactions it
	// reads (at most svm.MaxSignaturesPerCall, the default).
	MaxRange map[orchestration.Chain]uint64
	// SolanaCommitment is the commitment Solana clusters are indexed at:
	// "confirmed" (empty) or "finalized". Their StartBlock is a slot, and
	// they take no Confirmations (the commitment is their depth).
	SolanaCommitment string
	// LeaseTTL and PollInterval are order.IndexerConfig's; zero means its
	// defaults.
	LeaseTTL, PollInterval time.Duration
}

// Network is a set of chains that runs as long as the Service: New starts
// it, once its cheap checks have passed, and Close stops it. Its
// implementations live in packages of their own (service/devnet's
// in-process devnet) so that only the programs using one link what it runs
// on.
type Network interface {
	// Start starts the chains; logger is the Service's. The Network is
	// started at most once.
	Start(ctx context.Context, logger *slog.Logger) (NetworkChains, error)
}

// NetworkChains is what a started Network serves.
type NetworkChains struct {
	// Catalog lists the chains and what is deployed on them; it must not
	// be nil.
	Catalog *asset.Catalog
	// Clients read the chains. Config.RPC and Config.Backends take
	// precedence on a chain they name, so a Network reached over JSON-RPC
	// is read the same way as a real chain, and a failing entry is not
	// silently replaced by the Network's client.
	Clients map[orchestration.Chain]evm.Backend
	// EstTime are the bundled providers' estimated times per leg, each
	// positive, where Config.Bundled.EstTime sets none (a bridge whose
	// latency the Network decides).
	EstTime map[orchestration.ProviderID]time.Duration
	// Solvers are the Network's market makers, quoting limit-order legs
	// (the devnet's solver); Config.Bundled.Solvers adds to them.
	Solvers []limitorder.Solver
	// Close stops the chains; Service.Close calls it last. Nil means
	// nothing to stop.
	Close func() error
	// ExecutorURL, when set, is the base URL of a Wormhole Executor the
	// Network runs (a stand-in signing with a key of its own), asked for
	// the relays of its chains of either network unless
	// Config.Executor names a URL for that network. Empty means none.
	ExecutorURL string
	// Fresh says the chains start from genesis at every Start (an
	// in-process devnet): an order index the database kept of them from an
	// earlier start describes chains that are gone, and the indexer drops
	// it before indexing them again.
	Fresh bool
}

// DefaultContractFactsTTL is Config.ContractFactsTTL's default.
const DefaultContractFactsTTL = 10 * time.Minute

// contractFactsTTL is ContractFactsTTL with its default applied; negative
// means until restart.
func (c Config) contractFactsTTL() time.Duration {
	return cmp.Or(c.ContractFactsTTL, DefaultContractFactsTTL)
}

// HeadsConfig configures the head followers of the chain reader (see
// evm.Config.FollowHeads). The zero value follows every EVM chain: by
// newHeads over a ws(s) endpoint, else by polling eth_blockNumber every 2 s
// (the catalog has no block times to go by), trusting a head for three
// polling intervals.
type HeadsConfig struct {
	// Disable follows nothing: every quote whose reads are all cached asks
	// eth_blockNumber, a round trip per chain.
	Disable bool
	// PollInterval is how often eth_blockNumber is polled on a chain that
	// cannot push heads; zero means evm.DefaultPollInterval.
	PollInterval time.Duration
	// MaxAge is how long a followed head is trusted after the follower
	// last heard the chain; past it a quote asks the node (a stalled
	// follower costs a round trip, never a stale price). Zero means three
	// polling intervals.
	MaxAge time.Duration
	// HotSets bounds the sets of state reads (the legs of recent quotes)
	// remembered per chain and read again, in one Multicall3 call per
	// chain, whenever the follower sees a new head, so that a repeat quote
	// costs no round trip at the new block (evm.Config.HotSets). Zero means
	// 256; negative refreshes nothing.
	HotSets int
	// HotHorizon is how long after its last quote a leg is still refreshed;
	// zero means one minute.
	HotHorizon time.Duration
}

// KeysConfig configures the API keys.
type KeysConfig struct {
	// Ensure are keys created at start-up unless a key of the name with the
	// secret exists (a revoked one stays revoked).
	Ensure []apikey.NewKey
	// DevKey makes a development key named "dev": DevKeySecret when set
	// (kept across restarts), otherwise a fresh one replacing the previous
	// run's. Service.DevKey returns its secret.
	DevKey       bool
	DevKeySecret string
	// CacheTTL is how long an authenticated key is remembered; a key
	// revoked on another replica stops working at most this long after.
	// Zero means apikey.DefaultCacheTTL; negative disables the cache.
	CacheTTL time.Duration
	// OutageGrace is how long after its last verification a key is still
	// accepted while the database does not answer (apikey.CacheOptions,
	// decision 99): a key revoked just before the outage keeps working
	// that long. Zero means apikey.DefaultOutageGrace; negative accepts no
	// key unverified. With the cache disabled, nothing is.
	OutageGrace time.Duration
}

// ConfigError is a mistake in a Config, found before or while assembling.
type ConfigError struct {
	// Field is the Config field at fault, as written in Go ("RPC",
	// "RedisURL", "Keys.Ensure[0]", "Bundled.Disable").
	Field string
	// Problem says what is wrong and what is expected.
	Problem string
	// Err is the underlying cause, if any.
	Err error
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("service: Config.%s: %s", e.Field, e.Problem)
}

func (e *ConfigError) Unwrap() error { return e.Err }

// Service is the assembled orchestration service. Its parts are ready to
// use until Close.
type Service struct {
	cfg     Config
	logger  *slog.Logger
	db      *storage.DB
	ownDB   bool
	keys    *apikey.Store
	catalog *asset.Catalog
	network NetworkChains // zero without Config.Network
	engine  *quote.Engine
	permits *permitflow.Builder // nil when disabled
	orders  *order.Service      // nil when disabled
	// transfers serves the transfer status; nil when disabled.
	transfers *transfer.Tracker
	// solverPolicy serves GET /solvers/stats and, through solverGate,
	// suspends solvers; nil when orders is.
	solverPolicy *order.SolverPolicy
	solverGate   solverGate
	topology     *topology.Service
	executors    portal.Executors  // nil fields when not asked (Executors)
	webhooks     *webhook.SQLStore // nil without an index, or disabled
	reader       *evm.Reader
	svmClient    *svm.Client // nil when no Solana chain has an endpoint
	// backends are the reader's chain clients, for the order indexer.
	backends map[orchestration.Chain]evm.Backend
	handler  http.Handler
	http     httpserver.Config
	devKey   string

	closers []func()
}

// New builds the service: it starts the Network if any, opens the store,
// ensures the keys, builds the chain reader, the Wormhole Executor's quote
// caches, providers, engine, topology and rate limiter, and returns the service with its HTTP handler. Close
// releases what New opened.
func New(ctx context.Context, cfg Config) (_ *Service, err error) {
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	if cfg.Registry == nil {
		// One registry for the chain reader's metrics and the server's, so
		// GET /metrics shows both.
		cfg.Registry = prometheus.NewRegistry()
		cfg.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	s := &Service{cfg: cfg, logger: logger}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()

	redisOpts, bundled, err := s.checkConfig()
	if err != nil {
		return nil, err
	}
	if err = s.openCatalog(ctx); err != nil {
		return nil, err
	}
	if err = s.openStore(ctx); err != nil {
		return nil, err
	}
	deps, err := s.openChains(ctx)
	if err != nil {
		return nil, err
	}
	if err = s.openExecutors(); err != nil {
		return nil, err
	}
	if err = s.buildEngine(deps, bundled); err != nil {
		return nil, err
	}
	if err = s.buildPermits(deps); err != nil {
		return nil, err
	}
	if err = s.buildOrders(); err != nil {
		return nil, err
	}
	if err = s.buildTransfers(); err != nil {
		return nil, err
	}
	if err = s.buildHTTP(ctx, redisOpts); err != nil {
		return nil, err
	}
	return s, nil
}

// checkConfig makes the checks that need neither the catalog nor the
// database, first, so a typo costs no Network start-up. It returns the
// Redis options of Config.RedisURL and the bundled providers.
func (s *Service) checkConfig() (*redis.Options, []quote.Factory, error) {
	cfg := s.cfg
	var redisOpts *redis.Options
	if cfg.RedisURL != "" {
		var err error
		if redisOpts, err = ParseRedisURL(cfg.RedisURL); err != nil {
			return nil, nil, &ConfigError{Field: "RedisURL", Problem: err.Error()}
		}
	}
	bundled, err := s.bundledProviders()
	if err != nil {
		return nil, nil, err
	}
	switch cfg.AccessLogFormat {
	case "", "json", "text":
	default:
		return nil, nil, &ConfigError{Field: "AccessLogFormat", Problem: fmt.Sprintf("expected json or text, got %q", orchestration.Clip(cfg.AccessLogFormat))}
	}
	if cfg.Orders.StreamRecheck < 0 {
		return nil, nil, &ConfigError{Field: "Orders.StreamRecheck", Problem: "must not be negative"}
	}
	for field, v := range map[string]int64{"Orders.StreamsPerKey": int64(cfg.Orders.StreamsPerKey),
		"Orders.StreamsPerReplica": int64(cfg.Orders.StreamsPerReplica), "Orders.StreamLifetime": int64(cfg.Orders.StreamLifetime),
		"Orders.StreamKeyRecheck": int64(cfg.Orders.StreamKeyRecheck)} {
		if v < 0 {
			return nil, nil, &ConfigError{Field: field, Problem: "must not be negative"}
		}
	}
	if err := cfg.Orders.SolverSuspension.Check(); err != nil {
		return nil, nil, &ConfigError{Field: "Orders.SolverSuspension", Problem: err.Error(), Err: err}
	}
	if cfg.Orders.SolverSuspension.MaxExpiredRate > 0 && (cfg.Orders.Index == nil || cfg.Orders.Disabled) {
		return nil, nil, &ConfigError{Field: "Orders.SolverSuspension", Problem: "needs the order index (Orders.Index): the suspensions are judged on its records"}
	}
	if cfg.Permit.Horizon < 0 {
		return nil, nil, &ConfigError{Field: "Permit.Horizon", Problem: "must not be negative"}
	}
	if err := cfg.Orders.Webhooks.check(); err != nil {
		return nil, nil, err
	}
	if err := cfg.Executor.check(); err != nil {
		return nil, nil, err
	}
	for chain := range cfg.Backends {
		if _, ok := cfg.RPC[chain]; ok {
			return nil, nil, &ConfigError{Field: "Backends", Problem: fmt.Sprintf("chain %s also has an RPC endpoint; give it one or the other", chain)}
		}
	}
	return redisOpts, bundled, nil
}

// openCatalog starts the Network, if any, and sets the catalog served: the
// Network's, Config.Catalog or asset.Default, with Config.Contracts, checked
// against the chains' endpoints and backends.
func (s *Service) openCatalog(ctx context.Context) error {
	cfg := s.cfg
	var err error
	switch {
	case cfg.Network != nil && cfg.Catalog != nil:
		return &ConfigError{Field: "Catalog", Problem: "cannot be set with Network: the network serves the catalog of what it runs"}
	case cfg.Network != nil:
		if s.network, err = cfg.Network.Start(ctx, s.logger); err != nil {
			return err
		}
		if s.network.Catalog == nil {
			return &ConfigError{Field: "Network", Problem: "started without a catalog"}
		}
		for id, d := range s.network.EstTime {
			if d <= 0 {
				return &ConfigError{Field: "Network", Problem: fmt.Sprintf("started with a non-positive estimated time for %s", orchestration.Clip(string(id)))}
			}
		}
		s.catalog = s.network.Catalog
	case cfg.Catalog != nil:
		s.catalog = cfg.Catalog
	default:
		s.catalog = asset.Default()
	}
	if s.catalog, err = s.catalog.WithContracts(cfg.Contracts); err != nil {
		problem := err.Error()
		if ce, ok := errors.AsType[*asset.ConfigError](err); ok {
			problem = strings.Join(ce.Problems, "; ")
		}
		return &ConfigError{Field: "Contracts", Problem: problem, Err: err}
	}
	if err := validateRPC(cfg.RPC, s.catalog); err != nil {
		return err
	}
	for chain := range cfg.Backends {
		if _, ok := s.catalog.Chain(chain); !ok {
			return &ConfigError{Field: "Backends", Problem: fmt.Sprintf("chain %q is not enabled in the catalog", chain)}
		}
	}
	return nil
}

// openStore opens the database (Config.DB, or one of Config.DSN) and the
// API key store on it, and ensures the keys: the bootstrap keys, the
// development key when asked for, or a warning when there are none.
func (s *Service) openStore(ctx context.Context) error {
	cfg := s.cfg
	var err error
	if s.db = cfg.DB; s.db == nil {
		dsn := cfg.DSN
		if dsn == "" {
			dsn = "sqlite::memory:"
		}
		if s.db, err = storage.Open(ctx, storage.Config{DSN: dsn}); err != nil {
			if errors.Is(err, storage.ErrBadDSN) {
				return &ConfigError{Field: "DSN", Problem: strings.TrimPrefix(err.Error(), "storage: "), Err: err}
			}
			return err
		}
		s.ownDB = true
	}
	s.keys = apikey.NewStore(s.db, nil)
	if err := s.ensureKeys(ctx); err != nil {
		return err
	}
	if cfg.Keys.DevKey {
		if s.devKey, err = s.ensureDevKey(ctx, cfg.Keys.DevKeySecret); err != nil {
			return err
		}
	} else if err := s.warnIfNoKeys(ctx); err != nil {
		return err
	}
	return nil
}

// openChains builds the chain reader and the chain runtimes: the
// providers' dependencies. The runtimes come before the providers, which
// read the chains in Edges (ext_swap's whitelist on Solana).
func (s *Service) openChains(ctx context.Context) (quote.Deps, error) {
	var err error
	if s.reader, err = s.chainReader(ctx); err != nil {
		return quote.Deps{}, err
	}
	runtimes, err := s.runtimes()
	if err != nil {
		return quote.Deps{}, err
	}
	return quote.Deps{Catalog: s.catalog, Logger: s.logger, Runtimes: runtimes}, nil
}

// buildEngine builds the providers (bundled, then Config.Providers), the
// topology and the quote engine over deps.
func (s *Service) buildEngine(deps quote.Deps, bundled []quote.Factory) error {
	cfg := s.cfg
	providers, err := quote.Build(deps, append(bundled, cfg.Providers...)...)
	if err != nil {
		return fmt.Errorf("quote providers: %w", err)
	}
	// The topology observes the engine, so it comes first; it is seeded
	// from the engine's edges in the background, not to wait for a slow
	// chain.
	tc := cfg.Topology
	tc.Catalog, tc.DB, tc.Logger, tc.Registerer = s.catalog, s.db, s.logger, cfg.Registry
	if s.topology, err = topology.New(tc); err != nil {
		return err
	}
	if s.engine, err = quote.New(quote.Config{
		Catalog:         s.catalog,
		Runtimes:        deps.Runtimes,
		Providers:       providers,
		ProviderTimeout: cfg.ProviderTimeout,
		LaterLegWait:    cfg.LaterLegWait,
		EdgesRefresh:    cfg.contractFactsTTL(),
		Logger:          s.logger,
		Observer:        s.topology,
	}); err != nil {
		return err
	}
	s.topology.StartSeed(s.engine)
	return nil
}

// buildPermits builds the permit builder over the engine, unless
// Config.Permit disables it.
func (s *Service) buildPermits(deps quote.Deps) error {
	if s.cfg.Permit.Disabled {
		return nil
	}
	var err error
	s.permits, err = permitflow.New(permitflow.Config{
		Engine: s.engine, Catalog: s.catalog, Reader: evmruntime.ReaderIn(deps.Runtimes), Horizon: s.cfg.Permit.Horizon,
		// Every replica on this database builds what any of them issued.
		Ledger: permitsql.New(s.db),
	})
	return err
}

// buildOrders builds the order service, with its status feed and indexer
// when Config.Orders.Index asks for them, unless Config.Orders disables it.
func (s *Service) buildOrders() error {
	cfg := s.cfg
	if cfg.Orders.Disabled {
		return nil
	}
	books, err := s.orderBooks()
	if err != nil {
		return err
	}
	oc := order.Config{Catalog: s.catalog, Recheck: cfg.Orders.StreamRecheck, Books: books, Accounts: orderAccounts,
		SolverRecordsWindow: cfg.Orders.SolverSuspension.Window}
	if cfg.Orders.Index != nil {
		if oc.Feed, err = s.statusFeed(); err != nil {
			return err
		}
		if err = s.buildWebhooks(); err != nil {
			return err
		}
		if oc.Index, err = s.startIndex(*cfg.Orders.Index, oc.Feed); err != nil {
			return err
		}
	}
	oc.Logger = s.logger
	if s.orders, err = order.New(oc); err != nil {
		return err
	}
	if s.cfg.Registry != nil {
		if err := s.orders.RegisterSolverMetrics(s.cfg.Registry); err != nil {
			return err
		}
	}
	// After the indexer's closer, before the database closes: the
	// streams' shared subscription may hold one of its connections.
	s.closers = append(s.closers, s.orders.Close)
	s.solverPolicy, err = s.startSolverPolicy()
	return err
}

// buildHTTP builds the HTTP layer: the key cache and rate limiter, the
// access log, and the handler over the services built.
func (s *Service) buildHTTP(ctx context.Context, redisOpts *redis.Options) error {
	cfg := s.cfg
	ttl := cfg.Keys.CacheTTL
	if ttl == 0 {
		ttl = apikey.DefaultCacheTTL
	}
	limiter, limiterReady := s.rateLimiter(ctx, redisOpts)
	accessLog := s.accessLog()
	s.http = httpserver.Config{
		Keys:             apikey.NewCache(s.keys, ttl, &apikey.CacheOptions{OutageGrace: cfg.Keys.OutageGrace, Logger: s.logger}),
		RateLimiter:      limiter,
		TrustedProxies:   cfg.TrustedProxies,
		Logger:           s.logger,
		AccessLog:        accessLog,
		Registry:         cfg.Registry,
		StreamsPerKey:    cfg.Orders.StreamsPerKey,
		StreamsPerServer: cfg.Orders.StreamsPerReplica,
		StreamLifetime:   cfg.Orders.StreamLifetime,
		StreamKeyRecheck: cfg.Orders.StreamKeyRecheck,
		Ready:            append([]httpserver.ReadyCheck{{Name: DatabaseReadyCheck, Check: s.db.Ping}}, limiterReady...),
	}
	services := httpserver.Services{Assets: s.catalog, Quoter: s.engine, Topology: s.topology}
	if s.permits != nil {
		services.PermitBuilder = s.permits
	}
	if s.webhooks != nil {
		// A key quoted a limit order follows its sender (decision 46).
		follow, err := webhook.NewFollower(s.webhooks, webhook.FollowerConfig{Logger: s.logger, Registerer: s.cfg.Registry})
		if err != nil {
			return err
		}
		s.closers = append(s.closers, follow.Close) // before the database closes
		services.Quoter = follow.Quotes(services.Quoter)
		if services.PermitBuilder != nil {
			services.PermitBuilder = follow.PermitQuotes(services.PermitBuilder)
		}
	}
	if s.orders != nil {
		services.OrderService = s.orders
		services.OrderWatcher = s.orders
		services.Solvers = s.solverPolicy
	}
	if s.transfers != nil {
		services.Transfers = s.transfers
	}
	var err error
	s.handler, err = httpserver.New(services, s.http)
	return err
}

// accessLog is the access log of Config.AccessLog and AccessLogFormat, or
// of the Logger. It is written off the request path; Close writes the
// lines still queued.
func (s *Service) accessLog() *httpserver.AccessLog {
	var accessLog *httpserver.AccessLog
	if s.cfg.AccessLog != nil {
		buf := bufio.NewWriterSize(s.cfg.AccessLog, 64<<10)
		alc := httpserver.AccessLogConfig{Flush: buf.Flush}
		if s.cfg.AccessLogFormat == "text" {
			accessLog = httpserver.NewTextAccessLog(buf, alc)
		} else {
			accessLog = httpserver.NewJSONAccessLog(buf, alc)
		}
	} else {
		accessLog = httpserver.NewAccessLog(s.logger.Handler(), httpserver.AccessLogConfig{})
	}
	s.closers = append(s.closers, func() { accessLog.Close() })
	return accessLog
}

// DatabaseReadyCheck names the readiness check that fails while the store
// does not answer.
const DatabaseReadyCheck = "database"

// Handler serves the REST API under /v1/orchestration, and /healthz,
// /readyz, /metrics and the OpenAPI document. Mount it under a prefix with
// http.StripPrefix.
func (s *Service) Handler() http.Handler { return s.handler }

// HTTPConfig is the transport configuration Handler was built with; serve
// Handler with it (httpserver.Serve) for its timeouts and logger.
func (s *Service) HTTPConfig() httpserver.Config { return s.http }

// Catalog is the catalog served.
func (s *Service) Catalog() *asset.Catalog { return s.catalog }

// Permits runs the permit flow behind POST /permit/quote and
// /permit/build; nil when Config.Permit.Disabled.
func (s *Service) Permits() *permitflow.Builder { return s.permits }

// Orders serves GET /orders/{originChain}/{orderId}; nil when
// Config.Orders.Disabled.
func (s *Service) Orders() *order.Service { return s.orders }

// Engine is the quote engine behind POST /quote.
func (s *Service) Engine() *quote.Engine { return s.engine }

// Topology counts the engine's quote traffic for GET /topology/*.
func (s *Service) Topology() *topology.Service { return s.topology }

// Reader reads the catalog's EVM chains for the providers; nil when no
// chain has a client.
func (s *Service) Reader() *evm.Reader { return s.reader }

// Keys is the API key store.
func (s *Service) Keys() *apikey.Store { return s.keys }

// DB is the store, the Config's or the one New opened.
func (s *Service) DB() *storage.DB { return s.db }

// DevKey is the development key's secret when Config.Keys.DevKey made
// one, else empty.
func (s *Service) DevKey() string { return s.devKey }

// ReadyChecks are the checks GET /readyz runs: the database, and Redis when
// rate limits are shared through it.
func (s *Service) ReadyChecks() []httpserver.ReadyCheck { return s.http.Ready }

// ensureKeys creates the configured keys whose secrets are not stored yet.
func (s *Service) ensureKeys(ctx context.Context) error {
	for i, nk := range s.cfg.Keys.Ensure {
		k, created, err := s.keys.EnsureKey(ctx, nk)
		if err != nil {
			// apikey's words without its package prefix ("apikey: invalid key: ").
			problem := strings.TrimPrefix(strings.TrimPrefix(err.Error(), apikey.ErrInvalid.Error()), ": ")
			return &ConfigError{Field: fmt.Sprintf("Keys.Ensure[%d]", i), Problem: fmt.Sprintf("key %q: %s", nk.Name, problem), Err: err}
		}
		switch {
		case k.RevokedAt != nil:
			s.logger.Warn("configured API key is revoked; its secret stays unusable", "key", k.Name)
		case created:
			s.logger.Info("created configured API key", "key", k.Name, "id", k.ID)
		}
	}
	return nil
}

// warnIfNoKeys warns when no active key exists and no development key is
// made: every API request would then be refused.
func (s *Service) warnIfNoKeys(ctx context.Context) error {
	keys, err := s.keys.List(ctx)
	if err != nil {
		return fmt.Errorf("listing API keys: %w", err)
	}
	for _, k := range keys {
		if k.RevokedAt == nil {
			return nil
		}
	}
	s.logger.Warn("no active API key and no development key: every API request will be refused with 401 Unauthorized; " +
		"create a key with `orchestrationd keys create -name NAME`, list one under keys in the config file, or set devKey: true")
	return nil
}

// devKeyName names the development key; there is at most one active.
const devKeyName = "dev"

// ensureDevKey makes the development key: the given secret when set (kept
// across restarts), otherwise a fresh one replacing the previous run's.
func (s *Service) ensureDevKey(ctx context.Context, secret string) (string, error) {
	if secret == "" {
		if err := s.keys.Revoke(ctx, devKeyName); err != nil && !errors.Is(err, apikey.ErrNotFound) {
			return "", fmt.Errorf("development key: %w", err)
		}
		sec, _, err := s.keys.Create(ctx, apikey.NewKey{Name: devKeyName})
		if err != nil {
			return "", fmt.Errorf("development key: %w", err)
		}
		return sec, nil
	}
	k, _, err := s.keys.EnsureKey(ctx, apikey.NewKey{Name: devKeyName, Secret: secret})
	if errors.Is(err, apikey.ErrNameTaken) {
		// The previous run made a random dev key; this one replaces it.
		if err = s.keys.Revoke(ctx, devKeyName); err == nil {
			k, _, err = s.keys.EnsureKey(ctx, apikey.NewKey{Name: devKeyName, Secret: secret})
		}
	}
	if err != nil {
		return "", fmt.Errorf("development key: %w", err)
	}
	if k.RevokedAt != nil {
		return "", errors.New("development key: the secret given was revoked; choose another")
	}
	return secret, nil
}

// Close writes the last topology counters and access log lines, ends the
// quote engine's edge listings, stops the Wormhole Executor caches' refresh
// (ending its requests in flight), the order indexer and the order status
// streams' feed subscription, releases the store New opened and stops the
// Network. It is safe on a partly built Service.
func (s *Service) Close() error {
	var errs []error
	if s.topology != nil {
		// First: its last flush needs the database, its seed the providers.
		errs = append(errs, s.topology.Close())
	}
	if s.engine != nil {
		// After the topology, whose seed lists the engine's edges: no
		// listing outlives the service.
		errs = append(errs, s.engine.Close())
	}
	for _, c := range s.closers {
		c()
	}
	if s.db != nil && s.ownDB {
		errs = append(errs, s.db.Close())
	}
	if s.network.Close != nil {
		errs = append(errs, s.network.Close())
	}
	return errors.Join(errs...)
}
