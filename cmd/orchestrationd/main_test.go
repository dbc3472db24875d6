package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/internal/testing/testio"
)

// runCmd runs the command line in dir and returns its exit code and output.
// Its streams are safe for concurrent writes, as a command's background
// work (an edge listing, a flush) logs from its own goroutines.
func runCmd(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut testio.Buffer
	code := run(context.Background(), args, &out, &errOut, func(k string) string { return env[k] })
	return code, out.String(), errOut.String()
}

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "orchestrationd.yaml")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestUsage(t *testing.T) {
	t.Chdir(t.TempDir()) // nothing here may create ./orchestrationd.db; checked below
	tests := []struct {
		args         []string
		code         int
		stdout, want string // want is in stderr
	}{
		{nil, 2, "", "usage:"},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{[]string{"keys"}, 2, "", "create, list, set-rate, revoke or webhook"},
		{[]string{"keys", "webhook"}, 2, "", "set, show, remove or test"},
		{[]string{"keys", "webhook", "set", "partner"}, 2, "", "a key ID or name and a URL"},
		{[]string{"keys", "webhook", "set", "partner", "ftp://x"}, 2, "", "must be http or https"},
		{[]string{"keys", "webhook", "set", "-sender", "0x12", "partner", "https://x.example"}, 2, "", "-sender \"0x12\""},
		{[]string{"keys", "webhook", "show"}, 2, "", "exactly one key"},
		{[]string{"keys", "create"}, 2, "", "needs -name"},
		{[]string{"keys", "revoke"}, 2, "", "exactly one key"},
		{[]string{"keys", "set-rate", "partner"}, 2, "", "a key ID or name and a rate"},
		{[]string{"keys", "set-rate", "partner", "fast"}, 2, "", "fast"},
		{[]string{"keys", "create", "-name", "x", "-rate", "often"}, 2, "", "-rate:"},
		{[]string{"keys", "list", "extra"}, 2, "", "takes no arguments"},
		{[]string{"keys", "frobnicate"}, 2, "", `unknown keys subcommand "frobnicate"`},
		{[]string{"keys", "create", "-name", "x", "-allow-ip", "nope"}, 2, "", `-allow-ip: expected an IP address or CIDR range like 10.0.0.0/8 or 2001:db8::/32, got "nope"`},
		{[]string{"serve", "extra"}, 2, "", "no arguments"},
		{[]string{"devnet", "-solver-delay", "-1s"}, 2, "", "-solver-delay must not be negative, got -1s"},
		{[]string{"serve", "-bogus"}, 2, "", "flag provided but not defined: -bogus\nusage: orchestrationd serve"},
		{[]string{"serve", "-h"}, 0, "usage: orchestrationd serve [-config FILE] [-addr HOST:PORT]\n  -addr", ""},
		{[]string{"serve", "-help"}, 0, "usage: orchestrationd serve", ""},
		{[]string{"keys", "create", "-h"}, 0, "usage: orchestrationd keys create -name NAME", ""},
		{[]string{"help"}, 0, "usage:", ""},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCmd(t, nil, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) || !strings.Contains(stdout, tt.stdout) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q", tt.args, code, stdout, stderr, tt.code, tt.stdout, tt.want)
		}
		// Usage is printed once, on one stream.
		if n := strings.Count(stdout+stderr, "usage:"); n > 1 || (tt.code == 0 && stderr != "") {
			t.Errorf("%q: usage printed %d times; stdout %q, stderr %q", tt.args, n, stdout, stderr)
		}
	}
	// No command line mistake opens, or creates, the database.
	if _, err := os.Stat(app.DefaultDSN[len("sqlite:"):]); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a usage error created the default database: %v", err)
	}
}

func TestKeysLifecycle(t *testing.T) {
	cfg := writeConfig(t, "database:\n  dsn: sqlite:"+filepath.Join(t.TempDir(), "keys.db")+"\n")

	code, out, stderr := runCmd(t, nil, "keys", "create", "-config", cfg, "-name", "partner", "-allow-ip", "10.0.0.0/8, 2001:db8::1", "-allow-origin", "https://app.example.com")
	if code != 0 {
		t.Fatalf("create: exit %d: %s", code, stderr)
	}
	secret := regexp.MustCompile(`secret \(shown once, store it now\): (\S+)`).FindStringSubmatch(out)
	if secret == nil {
		t.Fatalf("create printed no secret:\n%s", out)
	}

	code, out, _ = runCmd(t, nil, "keys", "list", "-config", cfg)
	if code != 0 || !strings.Contains(out, "partner") || !strings.Contains(out, "10.0.0.0/8,2001:db8::1/128") || !strings.Contains(out, "https://app.example.com") {
		t.Fatalf("list: exit %d\n%s", code, out)
	}
	if strings.Contains(out, secret[1]) {
		t.Fatal("list printed the secret")
	}

	if code, _, stderr := runCmd(t, nil, "keys", "create", "-config", cfg, "-name", "partner"); code != 1 || !strings.Contains(stderr, "already has this name") {
		t.Fatalf("duplicate name: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCmd(t, nil, "keys", "create", "-config", cfg, "-name", "x", "-allow-ip", "not-an-ip"); code != 2 || !strings.Contains(stderr, "-allow-ip") {
		t.Fatalf("bad ip: exit %d, %s", code, stderr)
	}

	if code, _, stderr := runCmd(t, nil, "keys", "revoke", "-config", cfg, "partner"); code != 0 {
		t.Fatalf("revoke: exit %d: %s", code, stderr)
	}
	// Columns: ID NAME PREFIX CREATED REVOKED ...; the revoked key stays
	// listed, with its revocation time.
	code, out, _ = runCmd(t, nil, "keys", "list", "-config", cfg)
	row := regexp.MustCompile(`(?m)^\S+\s+partner\s+\S+\s+\S+\s+(\S+)`).FindStringSubmatch(out)
	if code != 0 || row == nil || !regexp.MustCompile(`^\d{4}-\d\d-\d\dT`).MatchString(row[1]) {
		t.Fatalf("list after revoke shows no revocation time for partner:\n%s", out)
	}
	if code, _, stderr := runCmd(t, nil, "keys", "revoke", "-config", cfg, "partner"); code != 1 || !strings.Contains(stderr, "no such key") {
		t.Fatalf("revoking an unknown name: exit %d, %s", code, stderr)
	}
}

// TestKeysRate: a key's rate limit is set at creation, shown by list, and
// changed or removed by set-rate.
func TestKeysRate(t *testing.T) {
	cfg := writeConfig(t, "database:\n  dsn: sqlite:"+filepath.Join(t.TempDir(), "keys.db")+"\n")
	// Columns: ID NAME PREFIX CREATED REVOKED RATE ...
	rateOf := func(name string) string {
		t.Helper()
		code, out, stderr := runCmd(t, nil, "keys", "list", "-config", cfg)
		row := regexp.MustCompile(`(?m)^\S+\s+` + name + `\s+\S+\s+\S+\s+\S+\s+(\S+)`).FindStringSubmatch(out)
		if code != 0 || row == nil {
			t.Fatalf("list: exit %d, no row for %s:\n%s%s", code, name, out, stderr)
		}
		return row[1]
	}

	code, out, stderr := runCmd(t, nil, "keys", "create", "-config", cfg, "-name", "partner", "-rate", "600/m")
	if code != 0 || !strings.Contains(out, "rate limit: 600/m") {
		t.Fatalf("create -rate: exit %d\n%s%s", code, out, stderr)
	}
	if code, _, stderr := runCmd(t, nil, "keys", "create", "-config", cfg, "-name", "open"); code != 0 {
		t.Fatalf("create: exit %d: %s", code, stderr)
	}
	if got := rateOf("partner"); got != "600/m" {
		t.Errorf("partner's rate = %s, want 600/m", got)
	}
	if got := rateOf("open"); got != "off" {
		t.Errorf("a key created without -rate has rate %s, want off", got)
	}

	for _, tt := range []struct{ arg, want string }{{"10/30s", "10/30s"}, {"5/1s", "5/s"}, {"off", "off"}} {
		if code, out, stderr := runCmd(t, nil, "keys", "set-rate", "-config", cfg, "partner", tt.arg); code != 0 || !strings.Contains(out, tt.want) {
			t.Fatalf("set-rate %s: exit %d\n%s%s", tt.arg, code, out, stderr)
		}
		if got := rateOf("partner"); got != tt.want {
			t.Errorf("after set-rate %s: %s, want %s", tt.arg, got, tt.want)
		}
	}

	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"create", "-name", "x", "-rate", "100"}, 2, "-rate"},
		{[]string{"create", "-name", "x", "-rate", "1/fortnight"}, 2, "-rate"},
		{[]string{"set-rate", "partner", "fast"}, 2, "N/PERIOD"},
		{[]string{"set-rate", "nobody", "1/s"}, 1, "no such key"},
	} {
		args := append([]string{"keys", tt.args[0], "-config", cfg}, tt.args[1:]...)
		if code, _, stderr := runCmd(t, nil, args...); code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, %s; want exit %d containing %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
}

func TestServeRejectsBadConfig(t *testing.T) {
	mem := "database:\n  dsn: \"sqlite::memory:\"\n"
	tests := []struct {
		name, body, want string // want follows "<file>: "
	}{
		{"unknown field", "adress: 1.2.3.4:80\n", `field "adress": unknown setting (the example configuration lists every setting)`},
		{"name in another case", "devnet:\n  Enabled: true\n", `field "devnet.Enabled": unknown setting; names are case-sensitive: did you mean "enabled"?`},
		{"unknown field in a list entry", "keys:\n  - name: a\n    secretEnv: X\n  - nmae: b\n", `field "keys[1].nmae": unknown setting`},
		{"wrong type in a list entry", "keys:\n  - name: a\n    secretEnv: X\n  - name: 5\n", `field "keys[1].name": expected text, got a number`},
		{"unknown field deep in the catalog", "catalog:\n  chains:\n    - name: x\n      colour: blue\n", `field "catalog.chains[0].colour": unknown setting`},
		{"number for a duration", "keyCacheTTL: 12\n", `field "keyCacheTTL": expected a duration like "5s" or "1m30s", got 12`},
		{"bad duration text", "devnet:\n  relayDelay: 5 s\n", `field "devnet.relayDelay": expected a duration like "5s" or "1m30s", got "5 s"`},
		{"text for a block", "database: sqlite:x.db\n", `field "database": expected a block of settings (indented name: value lines), got text`},
		{"list for text", "addr: [a, b]\n", `field "addr": expected text, got a list`},
		{"duplicate key", "addr: a\naddr: b\n", `not valid YAML or JSON: line 2: key "addr" already set in map`},
		{"not YAML", "a: b\n c: d: e\n", "not valid YAML or JSON: line 2"},
		{"bad log level", "log:\n  level: loud\n", `field "log.level": expected debug, info, warn or error, got "loud"`},
		{"bad log format", "log:\n  format: xml\n", `field "log.format": expected text or json, got "xml"`},
		{"rpc for a disabled chain", mem + "rpc:\n  Fluent: https://x.example\n", `field "rpc": chain "Fluent" is not enabled in the catalog`},
		{"rpc not a URL", mem + "rpc:\n  Ethereum: localhost\n", `field "rpc": the endpoint for Ethereum is not an http(s) or ws(s) URL`},
		{"key secret env missing", mem + "keys:\n  - name: a\n    secretEnv: NOPE\n", `field "keys[0].secretEnv": environment variable NOPE (the secret of key "a") is empty`},
		{"key without name", mem + "keys:\n  - secretEnv: NOPE\n", `field "keys[0]": name and secretEnv are both required`},
		{"bad proxy", "trustedProxies: [10.0.0.0/8, nope]\n", `field "trustedProxies[1]": expected an IP address or CIDR range like 10.0.0.0/8 or 2001:db8::/32, got "nope"`},
		{"bad allowed IP", mem + "keys:\n  - name: a\n    secretEnv: SECRET\n    allowedIPs: [nope]\n", `field "keys[0].allowedIPs[0]": expected an IP address`},
		{"bad address", "addr: not an addr\n", `field "addr": expected host:port like "127.0.0.1:8080" or ":8080", got "not an addr"`},
		{"unsupported database", "database:\n  dsn: mysql://x\n", `field "database.dsn": unsupported DSN: want sqlite:PATH`},
		{"catalog problem without a package prefix", "devnet:\n  enabled: false\ncatalog:\n  chains:\n    - name: Base\n", `field "catalog": chains[0] (Base): chainId is required`},
		{"negative where 0 or more", "providers:\n  uniswapFeeTiers: [100, -5]\n", `field "providers.uniswapFeeTiers[1]": expected a whole number, 0 or more, got -5`},
		{"catalog with devnet", "devnet:\n  enabled: true\ncatalog:\n  chains: []\n", `field "catalog": cannot be set with devnet.enabled`},
		{"negative maxRange", "orders:\n  index:\n    maxRange:\n      Ethereum: -1\n", `field "orders.index.maxRange": expected a whole number, 0 or more, got -1`},
		{"bad redis url", "redis:\n  url: http://127.0.0.1:6379\n", `field "redis.url": redis: invalid URL scheme: http; expected redis://`},
		{"solver secret env missing", mem + "providers:\n  solvers:\n    - name: acme\n      url: https://s.example/rfq\n      secretEnv: NOPE\n", `field "providers.solvers[0].secretEnv": environment variable NOPE (the secret shared with solver "acme") holds 0 bytes; set it to the secret, at least 16 bytes`},
		{"solver secret too short", mem + "providers:\n  solvers:\n    - name: acme\n      url: https://s.example/rfq\n      secretEnv: SHORT\n", `field "providers.solvers[0].secretEnv": environment variable SHORT (the secret shared with solver "acme") holds 5 bytes`},
		{"solver url not http", mem + "providers:\n  solvers:\n    - name: acme\n      url: s.example/rfq\n      secretEnv: SECRET\n", `field "providers.solvers[0].url": expected an http(s) URL with a host and no credentials, like https://solver.example/rfq, got "s.example/rfq"`},
		{"solver without url", mem + "providers:\n  solvers:\n    - name: acme\n      secretEnv: SECRET\n", `field "providers.solvers[0]": name, url and secretEnv are all required`},
		{"solver bad address", mem + "providers:\n  solvers:\n    - name: acme\n      url: https://s.example\n      secretEnv: SECRET\n      address: \"0x12\"\n", `field "providers.solvers[0].address": expected an EVM address`},
		{"solver bad chain address", mem + "providers:\n  solvers:\n    - name: acme\n      url: https://s.example\n      secretEnv: SECRET\n      addresses:\n        Sepolia: nope\n", `field "providers.solvers[0].addresses.Sepolia": expected an EVM address`},
		{"solver names taken", mem + "providers:\n  solvers:\n    - name: acme\n      url: https://s.example\n      secretEnv: SECRET\n    - name: acme\n      url: https://t.example\n      secretEnv: SECRET\n", `field "providers.solvers[1].name": solver name "acme" is taken`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, tt.body)
			code, _, stderr := runCmd(t, map[string]string{"SECRET": "a-secret-long-enough", "SHORT": "short"}, "serve", "-config", path, "-addr", "127.0.0.1:0")
			if want := "orchestrationd: " + path + ": " + tt.want; code != 1 || !strings.HasPrefix(stderr, want) {
				t.Fatalf("exit %d, stderr %q; want exit 1 starting with %q", code, stderr, want)
			}
		})
	}
}

// orders.index.maxRange names chains the service reads, as startBlock and
// confirmations do; the service checks them once its chains are known, so
// the warnings of its start come first on stderr.
func TestIndexMaxRangeNamesReadChains(t *testing.T) {
	body := "database:\n  dsn: \"sqlite::memory:\"\nrpc:\n  Ethereum: http://127.0.0.1:9\norders:\n  index:\n    maxRange:\n      %s: 100\n"
	path := writeConfig(t, fmt.Sprintf(body, "Base"))
	code, _, stderr := runCmd(t, nil, "serve", "-config", path, "-addr", "127.0.0.1:0")
	if want := path + `: field "orders.index": Base is not a chain this service reads`; code != 1 || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, stderr %q; want exit 1 with %q", code, stderr, want)
	}
}

func TestExampleConfigLoads(t *testing.T) {
	cfg, err := app.LoadConfig("testdata/orchestrationd.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:8080" || len(cfg.Keys) != 2 || cfg.Catalog == nil || len(cfg.Catalog.Assets) != 3 ||
		cfg.Devnet == nil || cfg.Devnet.Enabled || time.Duration(cfg.Devnet.RelayDelay) != 2*time.Second || cfg.Redis.URL == "" ||
		time.Duration(cfg.ContractFactsTTL) != 10*time.Minute || time.Duration(cfg.Heads.MaxAge) != 6*time.Second ||
		cfg.Heads.HotSets != 256 || time.Duration(cfg.Heads.HotHorizon) != time.Minute ||
		cfg.StateCacheSize != 16384 || cfg.Orders.Index == nil || cfg.Orders.Index.MaxRange["Ethereum"] != 500 ||
		cfg.Orders.StreamsPerKey != 16 || cfg.Orders.StreamsPerReplica != 1000 || time.Duration(cfg.Orders.StreamLifetime) != 30*time.Minute ||
		time.Duration(cfg.Orders.StreamKeyRecheck) != 15*time.Second || cfg.Orders.Webhooks.MaxAttempts != 15 ||
		time.Duration(cfg.Orders.Webhooks.MaxAge) != 24*time.Hour || time.Duration(cfg.Orders.Webhooks.FirstRetry) != 5*time.Second ||
		len(cfg.Providers.Solvers) != 1 || cfg.Providers.Solvers[0].SecretEnv != "ACME_RFQ_SECRET" || cfg.Providers.Solvers[0].Addresses["Solana"] == "" ||
		cfg.Orders.SolverSuspension.MaxExpiredRate != 0.5 || time.Duration(cfg.Orders.SolverSuspension.Cooldown) != time.Hour ||
		time.Duration(cfg.KeyOutageGrace) != 5*time.Minute {
		t.Fatalf("example config decoded as %+v", cfg)
	}
}

// A taken port fails the start before anything is announced.
func TestServeAnnouncesNothingWhenThePortIsTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := writeConfig(t, "database:\n  dsn: sqlite:"+filepath.Join(t.TempDir(), "o.db")+"\ndevKey: true\n")
	code, stdout, stderr := runCmd(t, nil, "serve", "-config", cfg, "-addr", ln.Addr().String())
	if code != 1 || stdout != "" || !strings.Contains(stderr, "cannot listen on "+ln.Addr().String()) {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1, nothing announced, the address named", code, stdout, stderr)
	}
}

// serve binds, announces, serves, warns about a key store nobody can use,
// logs its shutdown, exits 0, and leaves a database only its owner can read.
func TestServeLifecycle(t *testing.T) {
	for _, tt := range []struct {
		name   string
		devKey bool
	}{{"no keys", false}, {"dev key", true}} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "o.db")
			cfg := writeConfig(t, fmt.Sprintf("database:\n  dsn: sqlite:%s\ndevKey: %v\n", db, tt.devKey))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var stdout, stderr testio.Buffer
			exit := make(chan int, 1)
			go func() {
				exit <- run(ctx, []string{"serve", "-config", cfg, "-addr", "127.0.0.1:0"}, &stdout, &stderr, func(string) string { return "" })
			}()

			// The banner names the bound port; the server answers as soon as
			// it is printed.
			banner := regexp.MustCompile(`serving (http://127\.0\.0\.1:\d+)/v1/orchestration`)
			var base string
			for base == "" {
				select {
				case code := <-exit:
					t.Fatalf("serve exited %d before announcing:\n%s\n%s", code, stdout.String(), stderr.String())
				case <-time.After(10 * time.Millisecond):
				}
				if m := banner.FindStringSubmatch(stdout.String()); m != nil {
					base = m[1]
				}
			}
			resp, err := http.Get(base + "/healthz")
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("GET /healthz right after the banner: %v %v", resp, err)
			}
			resp.Body.Close()

			warned := strings.Contains(stderr.String(), "every API request will be refused with 401 Unauthorized")
			if warned == tt.devKey {
				t.Errorf("devKey %v: warning about no usable key printed = %v:\n%s", tt.devKey, warned, stderr.String())
			}

			cancel()
			if code := <-exit; code != 0 {
				t.Fatalf("exit %d after shutdown:\n%s", code, stderr.String())
			}
			logs := stderr.String()
			if !strings.Contains(logs, `msg="shutting down: no new connections; waiting for in-flight requests"`) || !strings.Contains(logs, `msg="shut down"`) {
				t.Errorf("shutdown start and end not logged:\n%s", logs)
			}
			// The access log is in the default text format too, written
			// by the time serve returns.
			access := regexp.MustCompile(`(?m)^time=\S+ level=INFO msg="http request" method=GET route=\S+ path=/healthz status=200 latency=\S+ bytes=\d+ request_id=[0-9a-f]+ client_ip=127\.0\.0\.1$`)
			if !access.MatchString(logs) {
				t.Errorf("no text access line for GET /healthz:\n%s", logs)
			}
			for _, f := range []string{db, db + "-wal", db + "-shm"} {
				st, err := os.Stat(f)
				if errors.Is(err, fs.ErrNotExist) && f != db {
					continue
				}
				if err != nil || st.Mode().Perm() != 0o600 {
					t.Errorf("%s: mode %v (%v), want -rw-------", filepath.Base(f), st.Mode().Perm(), err)
				}
			}
		})
	}
}

// A .json configuration is held to JSON: YAML would take its trailing
// comma or missing value without a word.
func TestJSONConfigIsStrictJSON(t *testing.T) {
	for _, tt := range []struct{ body, want string }{
		{"{\"addr\": \"127.0.0.1:0\",}", `not valid JSON: line 1: invalid character '}' looking for beginning of object key string`},
		{"{\n  \"addr\": \n}", `not valid JSON: line 3: invalid character '}' looking for beginning of value`},
	} {
		path := filepath.Join(t.TempDir(), "orchestrationd.json")
		if err := os.WriteFile(path, []byte(tt.body), 0o600); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCmd(t, nil, "serve", "-config", path)
		if want := "orchestrationd: " + path + ": " + tt.want; code != 1 || !strings.HasPrefix(stderr, want) {
			t.Errorf("%q: exit %d, %q; want exit 1 starting with %q", tt.body, code, stderr, want)
		}
	}
	path := filepath.Join(t.TempDir(), "orchestrationd.json")
	if err := os.WriteFile(path, []byte(`{"addr":"127.0.0.1:9","devKey":true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if cfg, err := app.LoadConfig(path); err != nil || cfg.Addr != "127.0.0.1:9" {
		t.Errorf("valid JSON config: %+v, %v", cfg, err)
	}
}

// orchestrationd index runs the indexer alone until stopped, and refuses a
// config that says another process keeps the index.
func TestIndexCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "o.db")
	external := writeConfig(t, fmt.Sprintf("database:\n  dsn: sqlite:%s\norders:\n  index:\n    external: true\n", db))
	var stdout, stderr testio.Buffer
	if code := run(context.Background(), []string{"index", "-config", external}, &stdout, &stderr, func(string) string { return "" }); code != 2 ||
		!strings.Contains(stderr.String(), "external") {
		t.Fatalf("index with external set: exit %d, %s; want 2 naming external", code, stderr.String())
	}

	// Without chains there is nothing to index: an error saying so.
	stdout, stderr = testio.Buffer{}, testio.Buffer{}
	none := writeConfig(t, fmt.Sprintf("database:\n  dsn: sqlite:%s\n", db))
	if code := run(context.Background(), []string{"index", "-config", none}, &stdout, &stderr, func(string) string { return "" }); code != 1 ||
		!strings.Contains(stderr.String(), "no chain with an OrderBook") {
		t.Fatalf("index without chains: exit %d, %s; want 1 saying there is no chain to index", code, stderr.String())
	}

	cfg := writeConfig(t, fmt.Sprintf("database:\n  dsn: sqlite:%s\ndevnet:\n  enabled: true\norders:\n  index:\n    pollInterval: 50ms\n", db))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout, stderr = testio.Buffer{}, testio.Buffer{}
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, []string{"index", "-config", cfg}, &stdout, &stderr, func(string) string { return "" })
	}()
	for !strings.Contains(stdout.String(), "indexing orders into") {
		select {
		case code := <-exit:
			t.Fatalf("index exited %d before announcing:\n%s\n%s", code, stdout.String(), stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	if code := <-exit; code != 0 {
		t.Fatalf("exit %d after the stop:\n%s", code, stderr.String())
	}
}
