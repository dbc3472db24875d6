// Command orchestrationd serves the orchestration service over REST and
// manages its API keys.
//
//	orchestrationd serve [-config FILE] [-addr HOST:PORT]
//	orchestrationd devnet [-config-out FILE] [-relay-delay D] [-solver-spread-bps N]
//	orchestrationd keys create -name NAME [-rate N/PERIOD] [-allow-ip CIDR,...] [-allow-origin URL,...] [-config FILE]
//	orchestrationd keys list [-config FILE]
//	orchestrationd keys set-rate [-config FILE] ID|NAME N/PERIOD|off
//	orchestrationd keys revoke [-config FILE] ID|NAME
//	orchestrationd keys webhook set [-config FILE] [-sender ADDR,...] ID|NAME URL
//	orchestrationd keys webhook show|remove|test [-config FILE] ID|NAME
//
// A key's webhook is POSTed every status change of its orders: those of the
// senders it was quoted limit orders for, and of the senders given with
// -sender (see package webhook). set prints the signing secret once.
//
// A rate limit N/PERIOD allows N requests per PERIOD, which is s, m, h or a
// duration (100/s, 600/m, 10/30s), with bursts of up to N; "off" is none.
//
// With no config file, serve runs on the embedded default: an in-process
// devnet of simulated chains running the project's contracts (its catalog is
// what the service lists), a SQLite file in the working directory, and a
// development API key printed at start-up (fixed by
// ORCHESTRATION_DEV_API_KEY when set).
//
// devnet runs the devnet alone, like a local node: simulated chains with
// the project's contracts, their JSON-RPC endpoints, funded accounts and the
// relayer. It writes a serve configuration (the catalog with every contract
// address, and the rpc endpoints) that any number of serve processes use to
// reach the chains over JSON-RPC, until it is stopped with SIGINT or
// SIGTERM.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// The synopsis of each command; usage is all of them.
const (
	serveSynopsis   = "orchestrationd serve [-config FILE] [-addr HOST:PORT]"
	devnetSynopsis  = "orchestrationd devnet [-config-out FILE] [-relay-delay D] [-solver-spread-bps N] [-solver-delay D] [-wormhole [-executor-addr HOST:PORT]] [-control-addr HOST:PORT]"
	indexSynopsis   = "orchestrationd index [-config FILE]"
	createSynopsis  = "orchestrationd keys create -name NAME [-rate N/PERIOD] [-allow-ip CIDR,...] [-allow-origin URL,...] [-config FILE]"
	listSynopsis    = "orchestrationd keys list [-config FILE]"
	setRateSynopsis = "orchestrationd keys set-rate [-config FILE] ID|NAME N/PERIOD|off"
	revokeSynopsis  = "orchestrationd keys revoke [-config FILE] ID|NAME"
	webhookSynopsis = "orchestrationd keys webhook set [-config FILE] [-sender ADDR,...] ID|NAME URL\n  orchestrationd keys webhook show|remove|test [-config FILE] ID|NAME"

	rateHelp = "\nrate limits: N/PERIOD allows N requests per PERIOD (s, m, h or a duration\nsuch as 30s), in bursts of up to N: 100/s, 600/m, 10/30s; off is none.\n"

	usage = "usage:\n  " + serveSynopsis + "\n  " + devnetSynopsis + "\n  " + indexSynopsis + "\n  " + createSynopsis + "\n  " + listSynopsis + "\n  " + setRateSynopsis +
		"\n  " + revokeSynopsis + "\n  " + webhookSynopsis + "\n" + rateHelp
)

// run is main without the process: it returns the exit code (0 ok, 1
// failure, 2 usage).
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "serve":
		err = serve(ctx, args[1:], stdout, stderr, getenv)
	case "devnet":
		err = runDevnet(ctx, args[1:], stdout, stderr)
	case "index":
		err = index(ctx, args[1:], stdout, stderr, getenv)
	case "keys":
		err = keys(ctx, args[1:], stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "orchestrationd: unknown command %q\n%s", args[0], usage)
		return 2
	}
	var ue usageError
	var help helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		fmt.Fprint(stdout, help.usage)
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "orchestrationd: %v\n%s", ue.error, cmp.Or(ue.usage, usage))
		return 2
	default:
		fmt.Fprintf(stderr, "orchestrationd: %v\n", err)
		return 1
	}
}

// usageError is a command line mistake: exit 2 with the error and usage
// (the subcommand's, when set).
type usageError struct {
	error
	usage string
}

// helpRequest is -h or -help: the usage on stdout, exit 0.
type helpRequest struct{ usage string }

func (helpRequest) Error() string { return "help requested" }

// newFlagSet returns a flag set that prints nothing itself: parseFlags
// reports its errors once, with the subcommand's usage.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args into fs. -h is a helpRequest; any other mistake is
// a usageError; both carry the synopsis and fs's flags.
func parseFlags(fs *flag.FlagSet, synopsis string, args []string) error {
	err := fs.Parse(args)
	if err == nil {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n", synopsis)
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	if errors.Is(err, flag.ErrHelp) {
		return helpRequest{b.String()}
	}
	return usageError{err, b.String()}
}

// loadConfig reads -config, or returns the embedded default.
func loadConfig(path string) (app.Config, bool, error) {
	if path == "" {
		return app.Config{}, false, nil
	}
	c, err := app.LoadConfig(path)
	return c, true, err
}

func newLogger(c app.LogConfig, w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if c.Level != "" {
		if err := level.UnmarshalText([]byte(c.Level)); err != nil {
			return nil, &app.ConfigError{Field: "log.level", Problem: fmt.Sprintf("expected debug, info, warn or error, got %q", c.Level)}
		}
	}
	opts := &slog.HandlerOptions{Level: level}
	switch c.Format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, &app.ConfigError{Field: "log.format", Problem: fmt.Sprintf("expected text or json, got %q", c.Format)}
}

// inFile names the config file in a configuration error that does not name
// one yet.
func inFile(err error, path string) error {
	if ce, ok := errors.AsType[*app.ConfigError](err); ok && ce.File == "" && path != "" {
		ce.File = path
	}
	return err
}

func serve(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := newFlagSet("serve")
	configPath := fs.String("config", "", "config file (YAML or JSON); none means the embedded default")
	addr := fs.String("addr", "", "listen address (default "+app.DefaultAddr+", or the config's addr)")
	if err := parseFlags(fs, serveSynopsis, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("serve takes no arguments, got %q", fs.Args()), ""}
	}
	cfg, fromFile, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	// One lock for stderr: the access log writes whole batches of lines,
	// which must not interleave with other log lines.
	logOut := &lockedWriter{w: stderr}
	logger, err := newLogger(cfg.Log, logOut)
	if err != nil {
		return inFile(err, *configPath)
	}
	var accessLog io.Writer
	if logger.Enabled(ctx, slog.LevelInfo) {
		accessLog = logOut // the same lines, encoded without slog
	}
	listen := firstNonEmpty(*addr, cfg.Addr, app.DefaultAddr)

	// Bind first: a taken port fails before any start-up work, and nothing
	// is announced for a server that is not there.
	start := time.Now()
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", listen, err)
	}
	a, err := app.New(ctx, cfg, app.Options{FromFile: fromFile, Getenv: getenv, Logger: logger, AccessLog: accessLog})
	if err != nil {
		ln.Close()
		return inFile(err, *configPath)
	}
	defer a.Close()

	base := "http://" + ln.Addr().String() + "/v1/orchestration"
	fmt.Fprintf(stdout, "orchestrationd: serving %s (ready in %s)\n", base, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "  database: %s\n", describeDSN(cfg.DSN()))
	fmt.Fprintf(stdout, "  catalog:  %d chains, %d assets\n", len(a.Catalog().Chains()), len(a.Catalog().Assets()))
	if d := a.Devnet(); d != nil {
		printDevnet(stdout, d)
	}
	if a.DevKey() != "" {
		fmt.Fprintf(stdout, "  development API key (for local use only): %s\n", a.DevKey())
		fmt.Fprintf(stdout, "  try: curl -H 'x-api-key: %s' %s/supported-assets\n", a.DevKey(), base)
	}
	return httpserver.Serve(ctx, ln, a.Handler(), a.HTTPConfig())
}

// index runs the order indexer alone, without serving HTTP, into the
// config's database: with several replicas on one PostgreSQL, they set
// orders.index.external and one or more of these keep the index (each
// chain is indexed by one at a time). Its settings are the config's
// orders.index (none means the defaults).
func index(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := newFlagSet("index")
	configPath := fs.String("config", "", "config file (YAML or JSON); none means the embedded default")
	if err := parseFlags(fs, indexSynopsis, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("index takes no arguments, got %q", fs.Args()), ""}
	}
	cfg, fromFile, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	if cfg.Orders.Index == nil {
		cfg.Orders.Index = &app.IndexConfig{}
	}
	if cfg.Orders.Index.Disabled {
		return usageError{errors.New("the config's orders.index.disabled says to keep no index: index would have nothing to do"), ""}
	}
	if cfg.Orders.Index.External {
		return usageError{errors.New("the config's orders.index.external says another process keeps the index: index is that process, so it must not be set here"), ""}
	}
	logger, err := newLogger(cfg.Log, &lockedWriter{w: stderr})
	if err != nil {
		return inFile(err, *configPath)
	}
	a, err := app.New(ctx, cfg, app.Options{FromFile: fromFile, Getenv: getenv, Logger: logger})
	if err != nil {
		return inFile(err, *configPath)
	}
	defer a.Close()
	fmt.Fprintf(stdout, "orchestrationd: indexing orders into %s (progress in the log; stop with Ctrl-C)\n", describeDSN(cfg.DSN()))
	<-ctx.Done()
	return nil
}

func keys(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("keys needs a subcommand: create, list, set-rate, revoke or webhook"), ""}
	}
	if args[0] == "webhook" {
		return keysWebhook(ctx, args[1:], stdout)
	}
	synopsis := map[string]string{"create": createSynopsis, "list": listSynopsis, "set-rate": setRateSynopsis, "revoke": revokeSynopsis}[args[0]]
	if synopsis == "" {
		return usageError{fmt.Errorf("unknown keys subcommand %q: want create, list, set-rate, revoke or webhook", orchestration.Clip(args[0])), ""}
	}
	// Everything the command line can get wrong is checked before the
	// database is opened (or created).
	fs := newFlagSet("keys " + args[0])
	configPath := fs.String("config", "", "config file whose database to use; none means the embedded default")
	var name, allowIP, allowOrigin, rate *string
	if args[0] == "create" {
		name = fs.String("name", "", "the key's name (required, unique among active keys)")
		rate = fs.String("rate", "off", "rate limit N/PERIOD (100/s, 600/m, 10/30s) or off")
		allowIP = fs.String("allow-ip", "", "comma-separated addresses or CIDR ranges the key may be used from")
		allowOrigin = fs.String("allow-origin", "", "comma-separated browser origins the key may be used from")
	}
	if err := parseFlags(fs, synopsis, args[1:]); err != nil {
		return err
	}
	var ips []netip.Prefix
	var limit ratelimit.Limit
	switch args[0] {
	case "create":
		if *name == "" || fs.NArg() > 0 {
			return usageError{errors.New("keys create needs -name and no arguments"), ""}
		}
		var err error
		if ips, err = app.ParsePrefixes(splitList(*allowIP)); err != nil {
			return usageError{fmt.Errorf("-allow-ip: %w", err), ""}
		}
		if limit, err = ratelimit.ParseLimit(*rate); err != nil {
			return usageError{fmt.Errorf("-rate: %w", err), ""}
		}
	case "list":
		if fs.NArg() > 0 {
			return usageError{errors.New("keys list takes no arguments"), ""}
		}
	case "set-rate":
		if fs.NArg() != 2 {
			return usageError{errors.New("keys set-rate needs a key ID or name and a rate (N/PERIOD or off)"), ""}
		}
		var err error
		if limit, err = ratelimit.ParseLimit(fs.Arg(1)); err != nil {
			return usageError{err, ""}
		}
	case "revoke":
		if fs.NArg() != 1 {
			return usageError{errors.New("keys revoke needs exactly one key ID or name"), ""}
		}
	}
	db, err := openConfiguredDB(ctx, *configPath)
	if err != nil {
		return err
	}
	defer db.Close()
	store := apikey.NewStore(db, nil)

	switch args[0] {
	case "create":
		nk := apikey.NewKey{Name: *name, AllowedIPs: ips, AllowedOrigins: splitList(*allowOrigin), RateLimit: limit}
		secret, k, err := store.Create(ctx, nk)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "created key %s (%s)\n", k.Name, k.ID)
		if !k.RateLimit.IsOff() {
			fmt.Fprintf(stdout, "rate limit: %s\n", k.RateLimit)
		}
		fmt.Fprintf(stdout, "secret (shown once, store it now): %s\n", secret)
		return nil
	case "list":
		list, err := store.List(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME\tPREFIX\tCREATED\tREVOKED\tRATE\tALLOWED IPS\tALLOWED ORIGINS")
		for _, k := range list {
			revoked := "-"
			if k.RevokedAt != nil {
				revoked = k.RevokedAt.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, k.Prefix, k.CreatedAt.UTC().Format(time.RFC3339),
				revoked, k.RateLimit, orAny(prefixes(k.AllowedIPs)), orAny(k.AllowedOrigins))
		}
		return tw.Flush()
	case "set-rate":
		if err := store.SetRateLimit(ctx, fs.Arg(0), limit); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "rate limit of %s: %s (servers apply it within their key cache TTL)\n", fs.Arg(0), limit)
		return nil
	case "revoke":
		if err := store.Revoke(ctx, fs.Arg(0)); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "revoked %s (replicas sharing the database stop accepting it within their key cache TTL)\n", fs.Arg(0))
	}
	return nil
}

// printDevnet tells a newcomer where the devnet is and which keys hold its
// funds.
func printDevnet(w io.Writer, d *devnet.Devnet) {
	fmt.Fprintln(w, "  devnet (simulated chains in this process; state is lost on exit):")
	for _, c := range d.Chains() {
		fmt.Fprintf(w, "    %-16s chain id %-9d RPC %s\n", c.Name, c.ChainID, c.RPCURL())
	}
	fmt.Fprintln(w, "  devnet accounts, each funded on every chain with native currency and 1,000,000 of M, wM, mUSD, wMv1, USDC and USDT")
	fmt.Fprintln(w, "  (DEVNET ONLY: these private keys are public; never send real funds to these addresses):")
	for _, acc := range devnet.Accounts() {
		fmt.Fprintf(w, "    %-8s %s  key %s\n", acc.Name, acc.Address.Hex(), acc.KeyHex())
	}
}

// describeDSN names the database for humans without its password.
func describeDSN(dsn string) string {
	if strings.HasPrefix(dsn, "sqlite:") {
		return dsn
	}
	if u, err := url.Parse(dsn); err == nil {
		return u.Redacted()
	}
	return "(unparsable DSN)"
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func prefixes(ps []netip.Prefix) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

func orAny(xs []string) string {
	if len(xs) == 0 {
		return "any"
	}
	return strings.Join(xs, ",")
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// lockedWriter serialises writes to one stream from several writers.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// openConfiguredDB opens the database of the config file at path (the
// embedded default's when path is empty), for the subcommands that manage
// what it stores (keys, webhooks).
func openConfiguredDB(ctx context.Context, path string) (*storage.DB, error) {
	cfg, _, err := loadConfig(path)
	if err != nil {
		return nil, err
	}
	return storage.Open(ctx, storage.Config{DSN: cfg.DSN()})
}
