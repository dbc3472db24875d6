// Package app is the bundled server's configuration file: its format
// (Config, LoadConfig), its error messages (ConfigError) and its
// translation into a service.Config, whose devnet is a service/devnet
// Network. The binary and its tests build the service through service.New,
// the path any embedding program takes, and get it back as a Server, which
// adds the running devnet.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/limitorder/rfq"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/service/devnet"
)

// Options are what the caller of New supplies besides the config file.
type Options struct {
	// FromFile says whether Config came from a config file; it decides the
	// defaults of Config.DevKey and Config.Devnet.
	FromFile bool
	// Getenv reads the environment; nil means os.Getenv.
	Getenv func(string) string
	// Logger receives every log line; nil means slog.Default().
	Logger *slog.Logger
	// AccessLog, when set, receives the access log in the config's
	// log.format, written without slog (service.Config.AccessLog).
	AccessLog io.Writer
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

// Server is the bundled server's service, with the devnet it runs on when
// the file asks for one. Close (the Service's) stops the devnet.
type Server struct {
	*service.Service
	network *devnet.Network
}

// Devnet is the running devnet, or nil when the service runs on the
// configured chains.
func (s *Server) Devnet() *evmdevnet.Devnet {
	if s.network == nil {
		return nil
	}
	return s.network.Devnet()
}

// New translates cfg into a service.Config and builds the service. Its
// configuration errors are *ConfigError naming the file's fields.
func New(ctx context.Context, cfg Config, opts Options) (*Server, error) {
	sc, err := ServiceConfig(cfg, opts)
	if err != nil {
		return nil, err
	}
	s, err := service.New(ctx, sc)
	if err != nil {
		return nil, FileError(err)
	}
	n, _ := sc.Network.(*devnet.Network) // the only Network ServiceConfig sets
	return &Server{Service: s, network: n}, nil
}

// ServiceConfig translates the file's settings into the service's, reading
// the keys' secrets from the environment. The file's defaults apply: the
// devnet and the development key are on without a file and off with one,
// the database is DefaultDSN, and the catalog is the devnet's or the
// built-in one.
func ServiceConfig(cfg Config, opts Options) (service.Config, error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	// The access log is written in the format of the other log lines,
	// whose default is text (the service's is JSON).
	accessLogFormat := cfg.Log.Format
	if accessLogFormat == "" {
		accessLogFormat = "text"
	}
	sc := service.Config{
		RPC:              cfg.RPC,
		RPCClient:        opts.RPCClient,
		Providers:        opts.Providers,
		ProviderTimeout:  time.Duration(cfg.ProviderTimeout),
		LaterLegWait:     time.Duration(cfg.LaterLegWait),
		ContractFactsTTL: time.Duration(cfg.ContractFactsTTL),
		Heads: service.HeadsConfig{Disable: cfg.Heads.Disable, PollInterval: time.Duration(cfg.Heads.PollInterval),
			MaxAge: time.Duration(cfg.Heads.MaxAge), HotSets: cfg.Heads.HotSets, HotHorizon: time.Duration(cfg.Heads.HotHorizon)},
		StateCacheSize:  cfg.StateCacheSize,
		DSN:             cfg.DSN(),
		RedisURL:        cfg.Redis.URL,
		Logger:          opts.Logger,
		AccessLog:       opts.AccessLog,
		AccessLogFormat: accessLogFormat,
		Registry:        opts.Registry,
		Permit:          service.PermitConfig{Disabled: cfg.Permit.Disabled, Horizon: time.Duration(cfg.Permit.Horizon)},
		Transfers:       service.TransfersConfig{Disabled: cfg.Transfers.Disabled, Lookback: cfg.Transfers.Lookback, MaxRange: cfg.Transfers.MaxRange},
		Orders: service.OrdersConfig{Disabled: cfg.Orders.Disabled, Index: cfg.Orders.Index.service(),
			StreamsPerKey: cfg.Orders.StreamsPerKey, StreamRecheck: time.Duration(cfg.Orders.StreamRecheck),
			StreamsPerReplica: cfg.Orders.StreamsPerReplica, StreamLifetime: time.Duration(cfg.Orders.StreamLifetime),
			StreamKeyRecheck: time.Duration(cfg.Orders.StreamKeyRecheck), Webhooks: cfg.Orders.Webhooks.service(),
			SolverSuspension: cfg.Orders.SolverSuspension.service()},
		Bundled: service.BundledConfig{
			Disable:                cfg.Providers.Disable,
			UniswapFeeTiers:        cfg.Providers.UniswapFeeTiers,
			UniswapDeadline:        time.Duration(cfg.Providers.UniswapDeadline),
			UniswapStateBlocks:     cfg.Providers.StateBlocks,
			StateHorizon:           time.Duration(cfg.Providers.StateHorizon),
			SolverTimeout:          time.Duration(cfg.Providers.SolverTimeout),
			OrderFillHorizon:       time.Duration(cfg.Providers.OrderFillHorizon),
			SolanaComputeUnitLimit: cfg.Providers.SolanaComputeUnitLimit,
			SolanaComputeUnitPrice: cfg.Providers.SolanaComputeUnitPrice,
		},
		Executor: service.ExecutorConfig{Disable: cfg.Providers.Executor.Disable, MainnetURL: cfg.Providers.Executor.MainnetURL,
			TestnetURL: cfg.Providers.Executor.TestnetURL, Timeout: time.Duration(cfg.Providers.Executor.Timeout)},
	}
	if cfg.Providers.BlockTimes != nil {
		sc.Bundled.BlockTimes = map[orchestration.Chain]time.Duration{}
		for c, d := range cfg.Providers.BlockTimes {
			sc.Bundled.BlockTimes[c] = time.Duration(d)
		}
	}
	if cfg.Providers.EstTime != nil {
		sc.Bundled.EstTime = map[orchestration.ProviderID]time.Duration{}
		for id, d := range cfg.Providers.EstTime {
			sc.Bundled.EstTime[id] = time.Duration(d)
		}
	}
	if cfg.Addr != "" {
		if _, _, err := net.SplitHostPort(cfg.Addr); err != nil {
			return sc, &ConfigError{Field: "addr", Problem: fmt.Sprintf(`expected host:port like "127.0.0.1:8080" or ":8080", got %q`, orchestration.Clip(cfg.Addr))}
		}
	}
	var err error
	if sc.TrustedProxies, err = ParsePrefixes(cfg.TrustedProxies); err != nil {
		return sc, prefixError("trustedProxies", err)
	}
	if ix := cfg.Orders.Index; ix != nil && ix.Disabled && ix.External {
		return sc, &ConfigError{Field: "orders.index", Problem: "disabled and external cannot both be set: external reads an index another process keeps"}
	}
	if cfg.Redis.URL != "" {
		if _, err := service.ParseRedisURL(cfg.Redis.URL); err != nil {
			return sc, &ConfigError{Field: "redis.url", Problem: err.Error()}
		}
	}

	runDevnet := !opts.FromFile
	if cfg.Devnet != nil {
		runDevnet = cfg.Devnet.Enabled
	}
	switch {
	case runDevnet && cfg.Catalog != nil:
		return sc, &ConfigError{Field: "catalog", Problem: "cannot be set with devnet.enabled: the devnet serves the catalog of what it deployed"}
	case runDevnet:
		dc := devnet.Config{RelayDelay: DefaultRelayDelay, Solver: true, SolverDelay: DefaultSolverDelay} // the solver runs wherever the relayer does
		if cfg.Devnet != nil && cfg.Devnet.RelayDelay != 0 {
			dc.RelayDelay = time.Duration(cfg.Devnet.RelayDelay)
		}
		if cfg.Devnet != nil && cfg.Devnet.SolverDelay != 0 {
			dc.SolverDelay = max(time.Duration(cfg.Devnet.SolverDelay), 0)
		}
		if cfg.Devnet != nil {
			dc.Wormhole = cfg.Devnet.Wormhole
		}
		sc.Network = devnet.New(dc)
		if cfg.Orders.Index == nil && !cfg.Orders.Disabled {
			// The embedded default serves every route: the devnet's chains
			// are indexed in process, into the configured database.
			sc.Orders.Index = &service.IndexConfig{}
		}
	case cfg.Catalog != nil:
		if sc.Catalog, err = asset.New(*cfg.Catalog); err != nil {
			problem := err.Error()
			if ce, ok := errors.AsType[*asset.ConfigError](err); ok {
				problem = strings.Join(ce.Problems, "; ") // without the package's prefix
			}
			return sc, &ConfigError{Field: "catalog", Problem: problem, Err: err}
		}
	}

	if sc.Bundled.Solvers, err = remoteSolvers(cfg.Providers.Solvers, getenv, runDevnet); err != nil {
		return sc, err
	}

	sc.Keys.CacheTTL = time.Duration(cfg.KeyCacheTTL)
	sc.Keys.OutageGrace = time.Duration(cfg.KeyOutageGrace)
	for i, kc := range cfg.Keys {
		if kc.Name == "" || kc.SecretEnv == "" {
			return sc, &ConfigError{Field: fmt.Sprintf("keys[%d]", i), Problem: "name and secretEnv are both required"}
		}
		secret := getenv(kc.SecretEnv)
		if secret == "" {
			return sc, &ConfigError{Field: fmt.Sprintf("keys[%d].secretEnv", i),
				Problem: fmt.Sprintf("environment variable %s (the secret of key %q) is empty; set it to the key's secret (%d to %d characters)", kc.SecretEnv, kc.Name, apikey.MinSecretLen, apikey.MaxSecretLen)}
		}
		ips, err := ParsePrefixes(kc.AllowedIPs)
		if err != nil {
			return sc, prefixError(fmt.Sprintf("keys[%d].allowedIPs", i), err)
		}
		sc.Keys.Ensure = append(sc.Keys.Ensure, apikey.NewKey{Name: kc.Name, Secret: secret, AllowedIPs: ips, AllowedOrigins: kc.AllowedOrigins})
	}
	sc.Keys.DevKey = !opts.FromFile
	if cfg.DevKey != nil {
		sc.Keys.DevKey = *cfg.DevKey
	}
	if sc.Keys.DevKey {
		sc.Keys.DevKeySecret = getenv(DevKeyEnv)
	}
	return sc, nil
}

// remoteSolvers are the configured remote solvers' clients, their secrets
// read with getenv.
func remoteSolvers(list []SolverConfig, getenv func(string) string, runDevnet bool) ([]limitorder.Solver, error) {
	var out []limitorder.Solver
	names := map[string]bool{}
	if runDevnet {
		names[(&evmdevnet.Solver{}).Name()] = true // the devnet's own solver
	}
	for i, sc := range list {
		field := fmt.Sprintf("providers.solvers[%d]", i)
		switch {
		case sc.Name == "" || sc.URL == "" || sc.SecretEnv == "":
			return nil, &ConfigError{Field: field, Problem: "name, url and secretEnv are all required"}
		case names[sc.Name]:
			return nil, &ConfigError{Field: field + ".name", Problem: fmt.Sprintf("solver name %q is taken: each solver needs its own", sc.Name)}
		case sc.Address != "" && !common.IsHexAddress(sc.Address):
			return nil, &ConfigError{Field: field + ".address", Problem: fmt.Sprintf("expected an EVM address (0x and 40 hex digits), got %q", orchestration.Clip(sc.Address))}
		}
		names[sc.Name] = true
		for chain, addr := range sc.Addresses {
			switch {
			case !chain.IsKnown():
				return nil, &ConfigError{Field: field + ".addresses", Problem: fmt.Sprintf("unknown chain %q", orchestration.Clip(string(chain)))}
			case chain.Runtime() == orchestration.RuntimeEVM && !common.IsHexAddress(addr):
				return nil, &ConfigError{Field: field + ".addresses." + string(chain), Problem: fmt.Sprintf("expected an EVM address (0x and 40 hex digits), got %q", orchestration.Clip(addr))}
			case addr == "":
				return nil, &ConfigError{Field: field + ".addresses." + string(chain), Problem: "empty address"}
			}
		}
		secret := getenv(sc.SecretEnv)
		if len(secret) < rfq.MinSecretLen {
			return nil, &ConfigError{Field: field + ".secretEnv",
				Problem: fmt.Sprintf("environment variable %s (the secret shared with solver %q) holds %d bytes; set it to the secret, at least %d bytes", sc.SecretEnv, sc.Name, len(secret), rfq.MinSecretLen)}
		}
		c, err := rfq.New(rfq.Config{Name: sc.Name, URL: sc.URL, Secret: []byte(secret), Addresses: sc.Addresses, EVMAddress: sc.Address,
			ExactOutput: sc.ExactOutput})
		if err != nil {
			problem := err.Error()
			if ce, ok := errors.AsType[*rfq.ConfigError](err); ok {
				problem = ce.Problem
			}
			return nil, &ConfigError{Field: field + ".url", Problem: problem, Err: err}
		}
		out = append(out, c)
	}
	return out, nil
}

// prefixError is ParsePrefixes' error as the error of field, naming the
// entry by its index.
func prefixError(field string, err error) *ConfigError {
	if pe, ok := errors.AsType[*PrefixError](err); ok {
		field = fmt.Sprintf("%s[%d]", field, pe.Index)
	}
	return &ConfigError{Field: field, Problem: err.Error(), Err: err}
}

// fileFields names the service.Config fields in the file's words.
var fileFields = []struct {
	service *regexp.Regexp
	file    string
}{
	{regexp.MustCompile(`^RPC$`), "rpc"},
	{regexp.MustCompile(`^DSN$`), "database.dsn"},
	{regexp.MustCompile(`^RedisURL$`), "redis.url"},
	{regexp.MustCompile(`^Catalog$`), "catalog"},
	{regexp.MustCompile(`^Keys\.Ensure(\[\d+\])$`), "keys$1"},
	{regexp.MustCompile(`^Bundled\.Disable$`), "providers.disable"},
	{regexp.MustCompile(`^Permit\.Horizon$`), "permit.horizon"},
	{regexp.MustCompile(`^Bundled\.EstTime$`), "providers.estTime"},
	{regexp.MustCompile(`^Orders\.Index$`), "orders.index"},
	{regexp.MustCompile(`^Orders\.Webhooks$`), "orders.webhooks"},
	{regexp.MustCompile(`^Orders\.Webhooks\.PollInterval$`), "orders.webhooks.pollInterval"},
	{regexp.MustCompile(`^Orders\.Webhooks\.Timeout$`), "orders.webhooks.timeout"},
	{regexp.MustCompile(`^Orders\.Webhooks\.FirstRetry$`), "orders.webhooks.firstRetry"},
	{regexp.MustCompile(`^Orders\.Webhooks\.MaxRetry$`), "orders.webhooks.maxRetry"},
	{regexp.MustCompile(`^Orders\.Webhooks\.MaxAttempts$`), "orders.webhooks.maxAttempts"},
	{regexp.MustCompile(`^Orders\.Webhooks\.MaxAge$`), "orders.webhooks.maxAge"},
	{regexp.MustCompile(`^Orders\.SolverSuspension$`), "orders.solverSuspension"},
	{regexp.MustCompile(`^Executor\.MainnetURL$`), "providers.executor.mainnetURL"},
	{regexp.MustCompile(`^Executor\.TestnetURL$`), "providers.executor.testnetURL"},
	{regexp.MustCompile(`^Executor\.Timeout$`), "providers.executor.timeout"},
}

// FileError rewords a *service.ConfigError as a *ConfigError naming the
// file's field; other errors are returned as they are.
func FileError(err error) error {
	se, ok := errors.AsType[*service.ConfigError](err)
	if !ok {
		return err
	}
	for _, f := range fileFields {
		if f.service.MatchString(se.Field) {
			return &ConfigError{Field: f.service.ReplaceAllString(se.Field, f.file), Problem: se.Problem, Err: se.Err}
		}
	}
	return &ConfigError{Problem: se.Error(), Err: err}
}

// service is the suspension's service configuration.
func (c SolverSuspensionConfig) service() order.SuspensionConfig {
	return order.SuspensionConfig{MaxExpiredRate: c.MaxExpiredRate, MinOrders: c.MinOrders, Window: time.Duration(c.Window),
		Cooldown: time.Duration(c.Cooldown), Refresh: time.Duration(c.Refresh)}
}

// service is the index's service configuration; nil for none.
func (c *IndexConfig) service() *service.IndexConfig {
	if c == nil || c.Disabled {
		return nil
	}
	return &service.IndexConfig{External: c.External, StartBlock: c.StartBlock, Confirmations: c.Confirmations,
		MaxRange: c.MaxRange, SolanaCommitment: c.SolanaCommitment, LeaseTTL: time.Duration(c.LeaseTTL), PollInterval: time.Duration(c.PollInterval)}
}

func (c WebhooksConfig) service() service.WebhooksConfig {
	return service.WebhooksConfig{Disabled: c.Disabled, NoDispatcher: c.NoDispatcher, PollInterval: time.Duration(c.PollInterval),
		Timeout: time.Duration(c.Timeout), FirstRetry: time.Duration(c.FirstRetry), MaxRetry: time.Duration(c.MaxRetry),
		MaxAttempts: c.MaxAttempts, MaxAge: time.Duration(c.MaxAge)}
}
