package app

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/strictjson"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/service/devnet"
	"sigs.k8s.io/yaml"
)

// DefaultAddr is where the server listens when neither the flag nor the
// config file says otherwise: loopback only, so a development server is not
// reachable from the network by accident.
const DefaultAddr = "127.0.0.1:8080"

// DefaultDSN is the embedded default database: a SQLite file in the working
// directory.
const DefaultDSN = "sqlite:orchestrationd.db"

// DevKeyEnv names the environment variable that fixes the development key.
const DevKeyEnv = "ORCHESTRATION_DEV_API_KEY"

// Config is the bundled server's configuration file, in YAML or JSON (one
// set of json tags serves both). Every field is optional; the zero value is
// the embedded default. See testdata/orchestrationd.example.yaml.
type Config struct {
	// Addr is the listen address; empty means DefaultAddr.
	Addr string `json:"addr,omitempty"`
	// Database selects the SQL store; an empty DSN means DefaultDSN.
	Database DatabaseConfig `json:"database,omitempty"`
	// Redis, when it has a URL, holds the API keys' rate-limit counters so
	// that replicas share one budget per key; without it each replica
	// limits on its own, in memory.
	Redis RedisConfig `json:"redis,omitempty"`
	// Catalog lists the enabled chains and assets; nil means the devnet's
	// catalog when the devnet runs, else the built-in catalog of M0
	// deployments (asset.Default).
	Catalog *asset.Config `json:"catalog,omitempty"`
	// Devnet runs the in-process devnet (simulated Sepolia, BaseSepolia and
	// ArbitrumSepolia with the project's contracts) and serves its catalog.
	// Nil means on without a config file and off with one.
	Devnet *DevnetConfig `json:"devnet,omitempty"`
	// RPC maps a chain to its JSON-RPC endpoint, for the providers that read
	// chain state (an http(s) endpoint for Solana and SolanaDevnet). Endpoints often embed credentials: they are never logged.
	RPC map[orchestration.Chain]string `json:"rpc,omitempty"`
	// TrustedProxies are addresses or CIDR ranges of reverse proxies whose
	// X-Forwarded-For header is believed.
	TrustedProxies []string `json:"trustedProxies,omitempty"`
	// Keys are API keys ensured at start-up, with secrets read from the
	// environment so the file holds none.
	Keys []KeyConfig `json:"keys,omitempty"`
	// DevKey prints a development key at start-up (the one in
	// ORCHESTRATION_DEV_API_KEY, or a fresh one). Nil means true without a
	// config file and false with one.
	DevKey *bool `json:"devKey,omitempty"`
	// KeyCacheTTL is how long an authenticated key is remembered; a key
	// revoked on another replica stops working at most this long after.
	// Zero means apikey.DefaultCacheTTL (5s); "-1s" disables the cache.
	KeyCacheTTL Duration `json:"keyCacheTTL,omitempty"`
	// KeyOutageGrace is how long after its last verification a key is
	// still accepted while the key store (the database) does not answer
	// (decision 99); a key never verified in that time gets 503
	// KeyStoreUnavailable. Zero means apikey.DefaultOutageGrace (5m);
	// "-1s" accepts no key unverified.
	KeyOutageGrace Duration `json:"keyOutageGrace,omitempty"`
	// ProviderTimeout bounds each quote provider's call; zero means the
	// engine's default.
	ProviderTimeout Duration `json:"providerTimeout,omitempty"`
	// LaterLegWait is how long a solver's limit-order offer may outlast
	// the other providers' legs before the quote goes without it; zero
	// means 50ms, negative waits for every solver (up to solverTimeout),
	// in every stage of the request (otherwise solvers are waited for
	// once: a route into an order through a swap is left out when the
	// order asked directly had an offer).
	LaterLegWait Duration `json:"laterLegWait,omitempty"`
	// ContractFactsTTL is how long facts read once from the contracts
	// (decimals, pools, bridging paths) and the providers' routes serve
	// before they are read again, so a pool created while the server runs
	// is quoted without a restart; zero means 10m, negative until restart.
	ContractFactsTTL Duration `json:"contractFactsTTL,omitempty"`
	// Heads configures how each EVM chain's head is followed, so that a
	// repeat quote asks no node whether a new block came.
	Heads HeadsConfig `json:"heads,omitzero"`
	// StateCacheSize bounds the chain state answers kept per chain; zero
	// means 16384.
	StateCacheSize int `json:"stateCacheSize,omitempty"`
	// Providers configures the bundled quote providers.
	Providers ProvidersConfig `json:"providers,omitzero"`
	// Permit configures the EIP-2612 permit flow.
	Permit PermitConfig `json:"permit,omitzero"`
	// Orders configures the order routes.
	Orders OrdersConfig `json:"orders,omitzero"`
	// Transfers configures GET /transfers/{chain}/{txHash}.
	Transfers TransfersConfig `json:"transfers,omitzero"`
	// Log configures the server's structured logs.
	Log LogConfig `json:"log,omitempty"`
}

// HeadsConfig configures the head followers (service.HeadsConfig). The zero
// value follows every EVM chain: newHeads over a ws(s) endpoint, else
// eth_blockNumber every 2s, a head trusted for three polling intervals.
type HeadsConfig struct {
	// Disable follows nothing: every quote on cached state asks
	// eth_blockNumber.
	Disable bool `json:"disable,omitempty"`
	// PollInterval is how often eth_blockNumber is polled where heads
	// cannot be pushed; zero means 2s.
	PollInterval Duration `json:"pollInterval,omitempty"`
	// MaxAge is how long a followed head is trusted; past it a quote asks
	// the node. Zero means three polling intervals.
	MaxAge Duration `json:"maxAge,omitempty"`
	// HotSets bounds the recent quotes' reads refreshed per chain at every
	// new head (one Multicall3 call per chain), so that a repeat quote
	// costs no round trip; zero means 256, negative refreshes nothing.
	HotSets int `json:"hotSets,omitempty"`
	// HotHorizon is how long after its last quote a read is still
	// refreshed; zero means 1m.
	HotHorizon Duration `json:"hotHorizon,omitempty"`
}

// DevnetConfig configures the in-process devnet.
type DevnetConfig struct {
	Enabled bool `json:"enabled"`
	// RelayDelay stands in for bridge latency: how long a portal message
	// waits before the relayer delivers it. Zero means DefaultRelayDelay.
	RelayDelay Duration `json:"relayDelay,omitempty"`
	// SolverDelay is how long the devnet solver waits after it sees an
	// order before filling it, so that the order is seen open first. Zero
	// means DefaultSolverDelay, negative none.
	SolverDelay Duration `json:"solverDelay,omitempty"`
	// Wormhole sends every portal transfer through the devnet's Wormhole
	// adapter, paid with quotes from its Executor stand-in, which
	// m-portal then asks. False keeps the portal's own adapter.
	Wormhole bool `json:"wormhole,omitempty"`
}

// DefaultRelayDelay is the devnet's default bridge latency.
const DefaultRelayDelay = devnet.DefaultRelayDelay

// DefaultSolverDelay is how long the devnet solver waits before filling an
// order by default: long enough to watch the order open, short enough not
// to wait for.
const DefaultSolverDelay = 2 * time.Second

// DatabaseConfig selects the SQL store.
type DatabaseConfig struct {
	// DSN is sqlite:PATH, sqlite::memory: or a postgres:// URL. Use
	// PostgreSQL when several replicas share keys.
	DSN string `json:"dsn,omitempty"`
}

// RedisConfig locates the Redis that replicas share rate limits through.
type RedisConfig struct {
	// URL is redis://[user:password@]host:port[/db], or rediss:// for TLS;
	// query parameters set client options (dial_timeout, read_timeout,
	// pool_size, ...). It is never logged: it may hold a password. Empty
	// means no Redis.
	URL string `json:"url,omitempty"`
}

// KeyConfig is an API key ensured at start-up.
type KeyConfig struct {
	Name string `json:"name"`
	// SecretEnv names the environment variable holding the key's secret.
	SecretEnv      string   `json:"secretEnv"`
	AllowedIPs     []string `json:"allowedIPs,omitempty"`
	AllowedOrigins []string `json:"allowedOrigins,omitempty"`
}

// ProvidersConfig configures the bundled quote providers: m-swap-facility,
// m-portal, uniswap-v3 and limit-order (whose solvers are the devnet's and
// those of Solvers). The zero value runs all four with their defaults.
type ProvidersConfig struct {
	// Disable lists bundled providers not to run.
	Disable []orchestration.ProviderID `json:"disable,omitempty"`
	// EstTime overrides a bundled provider's estimated time per leg (for
	// m-portal: per transfer, delivery included). Zero or absent means the
	// provider's default; on the devnet, m-portal's default is the relay
	// delay plus two seconds.
	EstTime map[orchestration.ProviderID]Duration `json:"estTime,omitempty"`
	// UniswapFeeTiers are the pool fee tiers (in millionths) uniswap-v3
	// looks for; empty means 100, 500, 3000 and 10000.
	UniswapFeeTiers []uint32 `json:"uniswapFeeTiers,omitempty"`
	// UniswapDeadline is how long a uniswap-v3 swap stays executable after
	// the quote's block; zero means 30 minutes.
	UniswapDeadline Duration `json:"uniswapDeadline,omitempty"`
	// StateBlocks is for how many blocks a uniswap-v3 quote trusts the
	// pool's state read at a block: a quote expires (expiresAt) that many
	// block times after the block's timestamp, never past its deadline;
	// zero means 3.
	StateBlocks int `json:"stateBlocks,omitempty"`
	// BlockTimes are the chains' block times for StateBlocks, by chain;
	// a chain absent counts 12 s (Ethereum's, the slowest).
	BlockTimes map[orchestration.Chain]Duration `json:"blockTimes,omitempty"`
	// StateHorizon is how long m-swap-facility's and m-portal's legs hold
	// after they are priced from the newest head (expiresAt; a relayed
	// transfer's also bounded by the Executor's signed quote, a Solana
	// transaction's by its blockhash, some 60 s); zero means 36 s.
	StateHorizon Duration `json:"stateHorizon,omitempty"`
	// SolverTimeout bounds each solver's limit-order offer; zero means one
	// second.
	SolverTimeout Duration `json:"solverTimeout,omitempty"`
	// Solvers are remote solvers asked for limit-order offers over the
	// request-for-quote protocol (openapi/solver-rfq.json).
	Solvers []SolverConfig `json:"solvers,omitempty"`
	// OrderFillHorizon is how long a limit order stays fillable from the
	// quote; zero means an hour; at least a minute otherwise.
	OrderFillHorizon Duration `json:"orderFillHorizon,omitempty"`
	// SolanaComputeUnitLimit and SolanaComputeUnitPrice (micro-lamports
	// per unit, a priority fee) start m-swap-facility's Solana
	// transactions with compute budget instructions; zero adds none.
	SolanaComputeUnitLimit uint32 `json:"solanaComputeUnitLimit,omitempty"`
	SolanaComputeUnitPrice uint64 `json:"solanaComputeUnitPrice,omitempty"`
	// Executor locates the Wormhole Executor's quote API, whose signed
	// quotes pay the relays of m-portal's transfers through the Wormhole
	// adapter. The zero value asks Wormhole's public API.
	Executor ExecutorConfig `json:"executor,omitzero"`
}

// ExecutorConfig locates the Wormhole Executor's quote API
// (service.ExecutorConfig). A network's Executor is asked only when the
// catalog has a chain of that network with a portal.
type ExecutorConfig struct {
	// MainnetURL is the API's base URL for the catalog's mainnet chains;
	// empty means Wormhole's public one, https://executor.labsapis.com.
	// TestnetURL is the same for testnets (testnet: true in the catalog);
	// empty means https://executor-testnet.labsapis.com. An http(s) URL;
	// a credential in it is never logged.
	MainnetURL string `json:"mainnetURL,omitempty"`
	TestnetURL string `json:"testnetURL,omitempty"`
	// Disable asks no Executor, for a server without access to it:
	// m-portal then quotes no transfer through the Wormhole adapter.
	Disable bool `json:"disable,omitempty"`
	// Timeout bounds each request to it; zero means 5s.
	Timeout Duration `json:"timeout,omitempty"`
}

// SolverConfig is a remote solver (package quote/limitorder/rfq).
type SolverConfig struct {
	// Name identifies the solver in offers, payloads and logs; unique.
	Name string `json:"name"`
	// URL is where its requests are POSTed: http(s), with a host.
	URL string `json:"url"`
	// Address is the solver's address on every EVM chain that Addresses
	// does not list: what an exclusive order names. Empty means the
	// address its offers name.
	Address string `json:"address,omitempty"`
	// Addresses are its addresses by chain, in each chain's form.
	Addresses map[orchestration.Chain]string `json:"addresses,omitempty"`
	// SecretEnv names the environment variable holding the secret shared
	// with the solver (at least 16 bytes), which signs the requests and
	// the solver's answers.
	SecretEnv string `json:"secretEnv"`
	// ExactOutput says the solver answers exact-output asks (the RFQ
	// request's amountOut, decision 93); false asks it only for offers on
	// inputs, from which an exact-output leg is priced by sampling.
	ExactOutput bool `json:"exactOutput,omitempty"`
}

// PermitConfig configures the permit flow (POST /permit/quote and
// /permit/build). The zero value serves it.
type PermitConfig struct {
	// Disabled turns the permit routes off (501 NotImplemented).
	Disabled bool `json:"disabled,omitempty"`
	// Horizon is how long quoted permits stay valid; zero means 30
	// minutes.
	Horizon Duration `json:"horizon,omitempty"`
}

// TransfersConfig configures the transfer status route (GET
// /transfers/{chain}/{txHash}, decision 84). The zero value serves it.
type TransfersConfig struct {
	// Disabled turns the route off (501 NotImplemented).
	Disabled bool `json:"disabled,omitempty"`
	// Lookback is how many blocks below a destination's head a portal
	// message's delivery is looked for; zero means 50000.
	Lookback uint64 `json:"lookback,omitempty"`
	// MaxRange is the widest eth_getLogs asked (the lookback is read in
	// windows of it, in one batch); zero means 10000.
	MaxRange uint64 `json:"maxRange,omitempty"`
}

// OrdersConfig configures the order routes: GET
// /orders/{originChain}/{orderId} read from the OrderBooks through the
// chain endpoints of rpc. The zero value serves it.
type OrdersConfig struct {
	// Disabled turns the order routes off (501 NotImplemented).
	Disabled bool `json:"disabled,omitempty"`
	// Index keeps the order index in the database (GET /orders, the
	// fields of order detail only the index knows, and the status
	// streams). Absent means the defaults when the in-process devnet runs
	// (the embedded default indexes its chains), else none: GET /orders
	// and the streams answer 501. index: {disabled: true} keeps none.
	Index *IndexConfig `json:"index,omitempty"`
	// StreamsPerKey bounds the order status streams (GET
	// /orders/{originChain}/{orderId}/events, served with an index) one
	// API key may have open on each replica; 0 means 16.
	StreamsPerKey int `json:"streamsPerKey,omitempty"`
	// StreamsPerReplica bounds the status streams open on each replica,
	// whatever their keys; 0 means 1000.
	StreamsPerReplica int `json:"streamsPerReplica,omitempty"`
	// StreamLifetime is how long a status stream lasts before the server
	// ends it (the client resumes with Last-Event-ID); 0 means 30m.
	StreamLifetime Duration `json:"streamLifetime,omitempty"`
	// StreamKeyRecheck is how often a status stream checks that its API
	// key is still valid, ending once it was revoked; 0 means 15s.
	StreamKeyRecheck Duration `json:"streamKeyRecheck,omitempty"`
	// StreamRecheck is how often a status stream reads the index again
	// without a notice of the change (one lost); 0 means 15s.
	StreamRecheck Duration `json:"streamRecheck,omitempty"`
	// Webhooks configures the API keys' webhooks of order status changes
	// (orchestrationd keys webhook). The zero value serves them wherever
	// there is an index: events recorded by the indexer, delivered by a
	// dispatcher in every serve and index process.
	Webhooks WebhooksConfig `json:"webhooks,omitzero"`
	// SolverSuspension leaves a solver whose orders expire unfilled out of
	// limit-order quotes for a while; it needs the index. Absent: off.
	SolverSuspension SolverSuspensionConfig `json:"solverSuspension,omitzero"`
}

// SolverSuspensionConfig says when a limit-order solver is suspended (not
// asked for offers): once, over the orders it won opened within window,
// it has won minOrders and expiredUnfilled / won reaches maxExpiredRate.
// It stays out for cooldown, then is judged on the orders opened since.
type SolverSuspensionConfig struct {
	// MaxExpiredRate is the rate, in (0, 1], that suspends; 0 (absent)
	// turns suspension off.
	MaxExpiredRate float64 `json:"maxExpiredRate,omitempty"`
	// MinOrders a solver must have won in window to be judged; 0 means 10.
	MinOrders int `json:"minOrders,omitempty"`
	// Window is how far back, by opening time, orders are judged, and the
	// records of GET /solvers/stats and the metrics go (with suspension
	// off too); 0 means 24h.
	Window Duration `json:"window,omitempty"`
	// Cooldown is how long a suspension lasts; 0 means 1h.
	Cooldown Duration `json:"cooldown,omitempty"`
	// Refresh is how often the records are read and judged; 0 means 30s.
	Refresh Duration `json:"refresh,omitempty"`
}

// WebhooksConfig configures the webhooks' events and their delivery.
type WebhooksConfig struct {
	// Disabled records and delivers no webhook events.
	Disabled bool `json:"disabled,omitempty"`
	// NoDispatcher leaves delivery to the other processes sharing the
	// database; this one only records events.
	NoDispatcher bool `json:"noDispatcher,omitempty"`
	// PollInterval: the wait between looks at an outbox with nothing due;
	// 0 means 1s.
	PollInterval Duration `json:"pollInterval,omitempty"`
	// Timeout bounds each delivery; 0 means 10s.
	Timeout Duration `json:"timeout,omitempty"`
	// FirstRetry is the wait after a first failed delivery, doubling
	// (with jitter) up to MaxRetry; 0 means 5s and 1h.
	FirstRetry Duration `json:"firstRetry,omitempty"`
	MaxRetry   Duration `json:"maxRetry,omitempty"`
	// MaxAttempts and MaxAge bound an event's tries before it is given up
	// (dead-lettered); 0 means 15 and 24h.
	MaxAttempts int      `json:"maxAttempts,omitempty"`
	MaxAge      Duration `json:"maxAge,omitempty"`
}

// IndexConfig configures the order index.
type IndexConfig struct {
	// Disabled keeps no index, the devnet's default one included: GET
	// /orders and the status streams answer 501. It cannot be set with
	// external.
	Disabled bool `json:"disabled,omitempty"`
	// External: another process (orchestrationd index) keeps the index in
	// the shared database; this one only reads it.
	External bool `json:"external,omitempty"`
	// StartBlock is where each chain is first read from (a slot on
	// Solana); absent: genesis.
	StartBlock map[orchestration.Chain]uint64 `json:"startBlock,omitempty"`
	// Confirmations is how far behind the head each EVM chain is indexed
	// (Solana clusters take solanaCommitment instead).
	Confirmations map[orchestration.Chain]uint64 `json:"confirmations,omitempty"`
	// MaxRange is the most blocks one eth_getLogs asks each chain for;
	// absent or 0: 2000. A node refusing a range gets smaller ones anyway;
	// this spares the refusals on a node known to cap ranges. On a Solana
	// cluster: the signatures one read lists (at most and by default 1000).
	MaxRange map[orchestration.Chain]uint64 `json:"maxRange,omitempty"`
	// SolanaCommitment is the commitment Solana clusters are indexed at:
	// confirmed (empty) or finalized.
	SolanaCommitment string `json:"solanaCommitment,omitempty"`
	// LeaseTTL: a replica that died holds its chains this long; the
	// longer of order.DefaultLeaseTTL (6s) and three poll intervals.
	LeaseTTL Duration `json:"leaseTTL,omitempty"`
	// PollInterval: the wait between looks at a caught-up chain; 2s.
	PollInterval Duration `json:"pollInterval,omitempty"`
}

// LogConfig configures logging.
type LogConfig struct {
	// Level is debug, info, warn or error; empty means info.
	Level string `json:"level,omitempty"`
	// Format is text or json; empty means text.
	Format string `json:"format,omitempty"`
}

// Duration is a time.Duration written as Go duration text ("5s", "1m30s").
type Duration time.Duration

// UnmarshalJSON reads Go duration text. Its error is an
// *json.UnmarshalTypeError quoting what was written, so that encoding/json
// adds the field's path and LoadConfig can say what is expected.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return &json.UnmarshalTypeError{Value: orchestration.Clip(string(b)), Type: durationType}
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return &json.UnmarshalTypeError{Value: orchestration.Clip(string(b)), Type: durationType}
	}
	*d = Duration(v)
	return nil
}

var durationType = reflect.TypeFor[Duration]()

// MarshalJSON writes Go duration text.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// ConfigError is a mistake in the configuration, worded for the person who
// wrote the file: which file, which field, and what is expected there.
type ConfigError struct {
	// File is the configuration file; empty means the embedded default
	// (or a Config built in code), written "config".
	File string
	// Field is the setting as written in the file ("keyCacheTTL",
	// "keys[0].secretEnv"); empty when the problem is not one field's.
	Field string
	// Problem says what is wrong and what is expected.
	Problem string
	// Err is the underlying cause, if any.
	Err error
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString(cmp.Or(e.File, "config"))
	b.WriteString(": ")
	if e.Field != "" {
		fmt.Fprintf(&b, "field %q: ", e.Field)
	}
	b.WriteString(e.Problem)
	return b.String()
}

func (e *ConfigError) Unwrap() error { return e.Err }

// LoadConfig reads a YAML or JSON config file strictly: unknown fields and
// duplicate keys are errors, so a misspelt setting is not silently ignored.
// Its errors are *ConfigError naming path, the field and what is expected.
func LoadConfig(path string) (Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	if strings.EqualFold(filepath.Ext(path), ".json") {
		// YAML would take a trailing comma or a missing value; a .json
		// file is held to JSON.
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			msg := strings.TrimPrefix(err.Error(), "json: ")
			if se, ok := errors.AsType[*json.SyntaxError](err); ok {
				line := 1 + bytes.Count(b[:min(int(se.Offset), len(b))], []byte("\n"))
				msg = fmt.Sprintf("line %d: %s", line, se.Error())
			}
			return Config{}, &ConfigError{File: path, Problem: "not valid JSON: " + msg, Err: err}
		}
	}
	j, err := yaml.YAMLToJSONStrict(b)
	if err != nil {
		msg := err.Error()
		msg = strings.TrimPrefix(msg, "error converting YAML to JSON: ")
		msg = strings.TrimPrefix(msg, "yaml: ")
		msg = strings.ReplaceAll(strings.TrimPrefix(msg, "unmarshal errors:\n  "), "\n  ", "; ")
		return Config{}, &ConfigError{File: path, Problem: "not valid YAML or JSON: " + msg, Err: err}
	}
	// Names first, exactly: encoding/json would take "Addr" for "addr",
	// and name an unknown setting without saying where it is.
	if err := strictjson.CheckKeys(j, reflect.TypeFor[Config](), true); err != nil {
		if ke, ok := errors.AsType[*strictjson.KeyError](err); ok {
			return Config{}, settingError(path, ke)
		}
	}
	var c Config
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		ce := describeDecodeError(err, j)
		ce.File = path
		return Config{}, ce
	}
	return c, nil
}

// describeDecodeError words a decoding error of the config file, whose
// JSON form is j.
func describeDecodeError(err error, j []byte) *ConfigError {
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		return &ConfigError{Field: strictjson.FieldPath(j, te), Problem: fmt.Sprintf("expected %s, got %s", expected(te.Type), got(te.Value)), Err: err}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if strings.HasPrefix(msg, "unknown field ") { // strictjson.CheckKeys missed it
		return &ConfigError{Problem: msg + " (the example configuration lists every setting)", Err: err}
	}
	return &ConfigError{Problem: msg, Err: err}
}

// settingError words a key strictjson refused.
func settingError(file string, ke *strictjson.KeyError) *ConfigError {
	problem := "unknown setting (the example configuration lists every setting)"
	switch ke.Problem {
	case strictjson.OtherCase:
		problem = fmt.Sprintf("unknown setting; names are case-sensitive: did you mean %q?", ke.Field)
	case strictjson.Duplicate:
		problem = "set twice"
	}
	return &ConfigError{File: file, Field: orchestration.Clip(ke.KeyPath()), Problem: problem, Err: ke}
}

// expected names what a field of type t holds, in the words of the file.
func expected(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == durationType:
		return `a duration like "5s" or "1m30s"`
	case t.Kind() == reflect.String:
		return "text"
	case t.Kind() == reflect.Bool:
		return "true or false"
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64:
		return "a whole number"
	case t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64:
		return "a whole number, 0 or more"
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return "a number"
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		return "a list"
	case t.Kind() == reflect.Struct || t.Kind() == reflect.Map:
		return "a block of settings (indented name: value lines)"
	}
	return "another kind of value"
}

// got words encoding/json's description of the value found; a Duration
// quotes the value itself.
func got(v string) string {
	switch v {
	case "string":
		return "text"
	case "number":
		return "a number"
	case "bool":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "a block of settings"
	}
	if n, ok := strings.CutPrefix(v, "number "); ok {
		return n // a number that does not fit: "-5"
	}
	return v
}

// DSN is the configured database, or DefaultDSN.
func (c Config) DSN() string {
	if c.Database.DSN != "" {
		return c.Database.DSN
	}
	return DefaultDSN
}

// ParsePrefixes parses addresses and CIDR ranges (IPv4 or IPv6; a bare
// address is a single-address range), as allowlists and trusted proxies are
// written in config files and on the command line. The error, a
// *PrefixError, quotes the entry and says what is expected.
func ParsePrefixes(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for i, s := range list {
		p, err := apikey.ParseAllowedIP(s)
		if err != nil {
			return nil, &PrefixError{Index: i, Entry: s}
		}
		out = append(out, p)
	}
	return out, nil
}

// PrefixError is an entry of a list ParsePrefixes could not read.
type PrefixError struct {
	Index int // in the list, from 0
	Entry string
}

func (e *PrefixError) Error() string {
	return fmt.Sprintf("expected an IP address or CIDR range like 10.0.0.0/8 or 2001:db8::/32, got %q", orchestration.Clip(e.Entry))
}
