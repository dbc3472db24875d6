// Command orchestrationd serves the orchestration service over REST and
// manages its API keys.
//
//	orchestrationd serve [-config FILE] [-addr HOST:PORT]
//	orchestrationd keys create -name NAME [-rate N/PERIOD] [-allow-ip CIDR,...] [-allow-origin URL,...] [-config FILE]
//	orchestrationd keys list [-config FILE]
//	orchestrationd keys set-rate [-config FILE] ID|NAME N/PERIOD|off
//	orchestrationd keys revoke [-config FILE] ID|NAME
//
// A rate limit N/PERIOD allows N requests per PERIOD, which is s, m, h or a
// duration (100/s, 600/m, 10/30s), with bursts of up to N; "off" is none.
//
// With no config file, serve runs on the embedded default: an in-process
// devnet of simulated chains running the project's contracts (its catalog is
// what the service lists), a SQLite file in the working directory, and a
// development API key printed at start-up (fixed by
// ORCHESTRATION_DEV_API_KEY when set).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/app"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

const usage = `usage:
  orchestrationd serve [-config FILE] [-addr HOST:PORT]
  orchestrationd keys create -name NAME [-rate N/PERIOD] [-allow-ip CIDR,...] [-allow-origin URL,...] [-config FILE]
  orchestrationd keys list [-config FILE]
  orchestrationd keys set-rate [-config FILE] ID|NAME N/PERIOD|off
  orchestrationd keys revoke [-config FILE] ID|NAME

rate limits: N/PERIOD allows N requests per PERIOD (s, m, h or a duration
such as 30s), in bursts of up to N: 100/s, 600/m, 10/30s; off is none.
`

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
	case "keys":
		err = keys(ctx, args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "orchestrationd: unknown command %q\n%s", args[0], usage)
		return 2
	}
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "orchestrationd: %v\n%s", err, usage)
		return 2
	default:
		fmt.Fprintf(stderr, "orchestrationd: %v\n", err)
		return 1
	}
}

type usageError struct{ error }

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
			return nil, fmt.Errorf("config: log.level: %w", err)
		}
	}
	opts := &slog.HandlerOptions{Level: level}
	switch c.Format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("config: log.format must be text or json, not %q", c.Format)
}

func serve(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	configPath := fs.String("config", "", "config file (YAML or JSON); none means the embedded default")
	addr := fs.String("addr", "", "listen address (default "+app.DefaultAddr+", or the config's addr)")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("serve takes no arguments, got %q", fs.Args())}
	}
	cfg, fromFile, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	logger, err := newLogger(cfg.Log, stderr)
	if err != nil {
		return err
	}
	listen := firstNonEmpty(*addr, cfg.Addr, app.DefaultAddr)

	start := time.Now()
	a, err := app.New(ctx, cfg, app.Options{FromFile: fromFile, Getenv: getenv, Logger: logger})
	if err != nil {
		return err
	}
	defer a.Close()

	base := "http://" + listen + "/v1/orchestration"
	fmt.Fprintf(stdout, "orchestrationd: serving %s (ready in %s)\n", base, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "  database: %s\n", describeDSN(cfg.DSN()))
	fmt.Fprintf(stdout, "  catalog:  %d chains, %d assets\n", len(a.Catalog.Chains()), len(a.Catalog.Assets()))
	if a.Devnet != nil {
		printDevnet(stdout, a.Devnet)
	}
	if a.DevKey != "" {
		fmt.Fprintf(stdout, "  development API key (for local use only): %s\n", a.DevKey)
		fmt.Fprintf(stdout, "  try: curl -H 'x-api-key: %s' %s/supported-assets\n", a.DevKey, base)
	}
	return a.Serve(ctx, listen)
}

func keys(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("keys needs a subcommand: create, list, set-rate or revoke")}
	}
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	configPath := fs.String("config", "", "config file whose database to use; none means the embedded default")
	var name, allowIP, allowOrigin, rate *string
	if args[0] == "create" {
		name = fs.String("name", "", "the key's name (required, unique among active keys)")
		rate = fs.String("rate", "off", "rate limit N/PERIOD (100/s, 600/m, 10/30s) or off")
		allowIP = fs.String("allow-ip", "", "comma-separated addresses or CIDR ranges the key may be used from")
		allowOrigin = fs.String("allow-origin", "", "comma-separated browser origins the key may be used from")
	}
	if err := fs.Parse(args[1:]); err != nil {
		return usageError{err}
	}
	// Usage errors first, before the database is opened (or created).
	switch {
	case args[0] == "create" && (*name == "" || fs.NArg() > 0):
		return usageError{errors.New("keys create needs -name and no arguments")}
	case args[0] == "list" && fs.NArg() > 0:
		return usageError{errors.New("keys list takes no arguments")}
	case args[0] == "set-rate" && fs.NArg() != 2:
		return usageError{errors.New("keys set-rate needs a key ID or name and a rate (N/PERIOD or off)")}
	case args[0] == "revoke" && fs.NArg() != 1:
		return usageError{errors.New("keys revoke needs exactly one key ID or name")}
	case args[0] != "create" && args[0] != "list" && args[0] != "set-rate" && args[0] != "revoke":
		return usageError{fmt.Errorf("unknown keys subcommand %q", args[0])}
	}
	cfg, _, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	db, err := storage.Open(ctx, storage.Config{DSN: cfg.DSN()})
	if err != nil {
		return err
	}
	defer db.Close()
	store := apikey.NewStore(db, nil)

	switch args[0] {
	case "create":
		ips, err := app.ParsePrefixes(splitList(*allowIP))
		if err != nil {
			return usageError{fmt.Errorf("-allow-ip: %w", err)}
		}
		limit, err := ratelimit.ParseLimit(*rate)
		if err != nil {
			return usageError{fmt.Errorf("-rate: %w", err)}
		}
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
		limit, err := ratelimit.ParseLimit(fs.Arg(1))
		if err != nil {
			return usageError{err}
		}
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
		return nil
	}
	return usageError{fmt.Errorf("unknown keys subcommand %q", args[0])}
}

// printDevnet tells a newcomer where the devnet is and which keys hold its
// funds.
func printDevnet(w io.Writer, d *devnet.Devnet) {
	fmt.Fprintln(w, "  devnet (simulated chains in this process; state is lost on exit):")
	for _, c := range d.Chains() {
		fmt.Fprintf(w, "    %-16s chain id %-9d RPC %s\n", c.Name, c.ChainID, c.RPCURL())
	}
	fmt.Fprintln(w, "  devnet accounts, each funded on every chain with native currency and 1,000,000 of M, wM, mUSD, USDC and USDT")
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
