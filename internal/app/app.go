// Package app assembles the bundled server from its configuration: the SQL
// store, the API keys, the asset catalog, the quote engine and the HTTP
// handler. The binary and the end-to-end tests both build the service here,
// so the tests exercise exactly what operators run.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/topology"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/redis/go-redis/v9"
)

// Options are what the caller of New supplies besides the config file.
type Options struct {
	// FromFile says whether Config came from a config file; it decides the
	// default of Config.DevKey.
	FromFile bool
	// Getenv reads the environment; nil means os.Getenv.
	Getenv func(string) string
	// Logger receives every log line; nil means slog.Default().
	Logger *slog.Logger
	// Registry receives the metrics; nil means a new private one.
	Registry *prometheus.Registry
	// Providers are extra quote providers, for programs and tests that bring
	// their own, built after the catalog and chain reader exist.
	Providers []quote.Factory
	// RPCClient carries the JSON-RPC requests to the config's rpc
	// endpoints; nil means the default. Benchmarks wrap its transport to
	// count and slow round trips.
	RPCClient *http.Client
}

// App is the assembled service.
type App struct {
	Config  Config
	DB      *storage.DB
	Keys    *apikey.Store
	Catalog *asset.Catalog
	// Devnet is the running devnet, when the config enables it.
	Devnet *devnet.Devnet
	Quotes *quote.Engine
	// Topology counts the engine's quote traffic for GET /topology/*.
	Topology *topology.Service
	// Reader reads the catalog's EVM chains for the quote providers; nil
	// when no chain has an endpoint.
	Reader  *evm.Reader
	Handler http.Handler
	// HTTP is the transport configuration Handler was built with; serve
	// Handler with it (httpserver.Serve), for its timeouts and logger.
	HTTP httpserver.Config
	// DevKey is the development key's secret when one was created or
	// ensured at start-up, for printing.
	DevKey string

	logger     *slog.Logger
	closers    []func()
	relayDelay time.Duration // the devnet's, when it runs
}

// New opens the store, ensures the configured keys, builds the catalog and
// the engine, and returns the service ready to serve. Close releases it.
func New(ctx context.Context, cfg Config, opts Options) (_ *App, err error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.Default()
	}
	if opts.Registry == nil {
		// One registry for the chain reader's metrics and the server's, so
		// GET /metrics shows both.
		opts.Registry = prometheus.NewRegistry()
		opts.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	a := &App{Config: cfg, logger: logger}
	defer func() {
		if err != nil {
			a.Close()
		}
	}()

	// Checks that need neither the catalog nor the database come first, so
	// a typo costs no devnet start-up.
	proxies, err := ParsePrefixes(cfg.TrustedProxies)
	if err != nil {
		return nil, &ConfigError{Field: "trustedProxies", Problem: err.Error()}
	}
	var redisOpts *redis.Options
	if cfg.Redis.URL != "" {
		if redisOpts, err = cfg.Redis.redisOptions(); err != nil {
			return nil, err
		}
	}

	runDevnet := !opts.FromFile
	if cfg.Devnet != nil {
		runDevnet = cfg.Devnet.Enabled
	}
	switch {
	case runDevnet && cfg.Catalog != nil:
		return nil, &ConfigError{Field: "catalog", Problem: "cannot be set with devnet.enabled: the devnet serves the catalog of what it deployed"}
	case runDevnet:
		delay := DefaultRelayDelay
		if cfg.Devnet != nil && cfg.Devnet.RelayDelay != 0 {
			delay = time.Duration(cfg.Devnet.RelayDelay)
		}
		a.relayDelay = delay
		if a.Devnet, err = devnet.Start(ctx, devnet.Config{HTTP: true, RelayDelay: delay, Logger: logger}); err != nil {
			return nil, fmt.Errorf("devnet: %w", err)
		}
		a.Catalog = a.Devnet.Catalog()
	case cfg.Catalog != nil:
		if a.Catalog, err = asset.New(*cfg.Catalog); err != nil {
			return nil, &ConfigError{Field: "catalog", Problem: err.Error(), Err: err}
		}
	default:
		a.Catalog = asset.Default()
	}
	if err := cfg.validateRPC(a.Catalog); err != nil {
		return nil, err
	}
	if a.DB, err = storage.Open(ctx, storage.Config{DSN: cfg.DSN()}); err != nil {
		return nil, err
	}
	a.Keys = apikey.NewStore(a.DB, nil)
	if err := a.ensureKeys(ctx, getenv); err != nil {
		return nil, err
	}
	devKey := !opts.FromFile
	if cfg.DevKey != nil {
		devKey = *cfg.DevKey
	}
	if devKey {
		if a.DevKey, err = a.ensureDevKey(ctx, getenv(DevKeyEnv)); err != nil {
			return nil, err
		}
	} else if err := a.warnIfNoKeys(ctx); err != nil {
		return nil, err
	}

	if a.Reader, err = a.chainReader(ctx, opts); err != nil {
		return nil, err
	}
	deps := quote.Deps{Catalog: a.Catalog, Logger: logger}
	if a.Reader != nil {
		deps.Reader = a.Reader
	}
	bundled, err := a.builtinProviders()
	if err != nil {
		return nil, err
	}
	providers, err := quote.Build(deps, append(bundled, opts.Providers...)...)
	if err != nil {
		return nil, fmt.Errorf("quote providers: %w", err)
	}
	// The topology observes the engine, so it comes first; it is seeded
	// from the engine's edges in the background, not to wait for a slow
	// chain.
	if a.Topology, err = topology.New(topology.Config{Catalog: a.Catalog, DB: a.DB, Logger: logger, Registerer: opts.Registry}); err != nil {
		return nil, err
	}
	if a.Quotes, err = quote.New(quote.Config{
		Catalog:         a.Catalog,
		Reader:          deps.Reader,
		Providers:       providers,
		ProviderTimeout: time.Duration(cfg.ProviderTimeout),
		Logger:          logger,
		Observer:        a.Topology,
	}); err != nil {
		return nil, err
	}
	a.Topology.StartSeed(a.Quotes)

	ttl := time.Duration(cfg.KeyCacheTTL)
	if ttl == 0 {
		ttl = apikey.DefaultCacheTTL
	}
	limiter, limiterReady := a.rateLimiter(ctx, redisOpts)
	// The access log is written off the request path; Close writes the
	// lines still queued.
	accessLog := httpserver.NewAccessLog(logger.Handler(), httpserver.AccessLogConfig{})
	a.closers = append(a.closers, func() { accessLog.Close() })
	a.HTTP = httpserver.Config{
		Keys:           apikey.NewCache(a.Keys, ttl, nil),
		RateLimiter:    limiter,
		TrustedProxies: proxies,
		Logger:         logger,
		AccessLog:      accessLog,
		Registry:       opts.Registry,
		Ready:          append([]httpserver.ReadyCheck{{Name: "database", Check: a.DB.Ping}}, limiterReady...),
	}
	if a.Handler, err = httpserver.New(httpserver.Services{
		Assets:   a.Catalog,
		Quoter:   a.Quotes,
		Topology: a.Topology,
	}, a.HTTP); err != nil {
		return nil, err
	}
	return a, nil
}

// ensureKeys creates the config file's keys whose secrets are not stored yet.
func (a *App) ensureKeys(ctx context.Context, getenv func(string) string) error {
	for i, kc := range a.Config.Keys {
		if kc.Name == "" || kc.SecretEnv == "" {
			return &ConfigError{Field: fmt.Sprintf("keys[%d]", i), Problem: "name and secretEnv are both required"}
		}
		secret := getenv(kc.SecretEnv)
		if secret == "" {
			return &ConfigError{Field: fmt.Sprintf("keys[%d].secretEnv", i),
				Problem: fmt.Sprintf("environment variable %s (the secret of key %q) is empty; set it to the key's secret (%d to %d characters)", kc.SecretEnv, kc.Name, apikey.MinSecretLen, apikey.MaxSecretLen)}
		}
		ips, err := ParsePrefixes(kc.AllowedIPs)
		if err != nil {
			return &ConfigError{Field: fmt.Sprintf("keys[%d].allowedIPs", i), Problem: err.Error()}
		}
		nk := apikey.NewKey{Name: kc.Name, Secret: secret, AllowedIPs: ips, AllowedOrigins: kc.AllowedOrigins}
		k, created, err := a.Keys.EnsureKey(ctx, nk)
		if err != nil {
			return &ConfigError{Field: fmt.Sprintf("keys[%d]", i), Problem: fmt.Sprintf("key %q: %v", kc.Name, err), Err: err}
		}
		switch {
		case k.RevokedAt != nil:
			a.logger.Warn("configured API key is revoked; its secret stays unusable", "key", k.Name)
		case created:
			a.logger.Info("created configured API key", "key", k.Name, "id", k.ID)
		}
	}
	return nil
}

// warnIfNoKeys warns when no active key exists and no development key is
// made: every API request would then be refused.
func (a *App) warnIfNoKeys(ctx context.Context) error {
	keys, err := a.Keys.List(ctx)
	if err != nil {
		return fmt.Errorf("listing API keys: %w", err)
	}
	for _, k := range keys {
		if k.RevokedAt == nil {
			return nil
		}
	}
	a.logger.Warn("no active API key and no development key: every API request will be refused with 401 Unauthorized; " +
		"create a key with `orchestrationd keys create -name NAME`, list one under keys in the config file, or set devKey: true")
	return nil
}

// devKeyName names the development key; there is at most one active.
const devKeyName = "dev"

// ensureDevKey makes the development key: the given secret when set (kept
// across restarts), otherwise a fresh one replacing the previous run's.
func (a *App) ensureDevKey(ctx context.Context, secret string) (string, error) {
	if secret == "" {
		if err := a.Keys.Revoke(ctx, devKeyName); err != nil && !errors.Is(err, apikey.ErrNotFound) {
			return "", fmt.Errorf("development key: %w", err)
		}
		s, _, err := a.Keys.Create(ctx, apikey.NewKey{Name: devKeyName})
		if err != nil {
			return "", fmt.Errorf("development key: %w", err)
		}
		return s, nil
	}
	k, _, err := a.Keys.EnsureKey(ctx, apikey.NewKey{Name: devKeyName, Secret: secret})
	if errors.Is(err, apikey.ErrNameTaken) {
		// The previous run made a random dev key; this one replaces it.
		if err = a.Keys.Revoke(ctx, devKeyName); err == nil {
			k, _, err = a.Keys.EnsureKey(ctx, apikey.NewKey{Name: devKeyName, Secret: secret})
		}
	}
	if err != nil {
		return "", fmt.Errorf("development key from %s: %w", DevKeyEnv, err)
	}
	if k.RevokedAt != nil {
		return "", fmt.Errorf("development key from %s was revoked; choose another secret", DevKeyEnv)
	}
	return secret, nil
}

// Close releases the store and stops the devnet. It is safe on a partly
// built App.
func (a *App) Close() error {
	var errs []error
	if a.Topology != nil {
		// First: its last flush needs the database, its seed the providers.
		errs = append(errs, a.Topology.Close())
	}
	for _, c := range a.closers {
		c()
	}
	if a.DB != nil {
		errs = append(errs, a.DB.Close())
	}
	if a.Devnet != nil {
		errs = append(errs, a.Devnet.Close())
	}
	return errors.Join(errs...)
}
