package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/internal/app"
)

// runCmd runs the command line in dir and returns its exit code and output.
func runCmd(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
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
	tests := []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage:"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"keys"}, 2, "create, list, set-rate or revoke"},
		{[]string{"keys", "set-rate", "partner"}, 2, "a key ID or name and a rate"},
		{[]string{"keys", "create"}, 2, "needs -name"},
		{[]string{"keys", "revoke"}, 2, "exactly one key"},
		{[]string{"serve", "extra"}, 2, "no arguments"},
		{[]string{"serve", "-bogus"}, 2, "flag provided but not defined"},
		{[]string{"help"}, 0, ""},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, nil, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d containing %q", tt.args, code, stderr, tt.code, tt.want)
		}
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
	tests := []struct {
		name, body, want string
	}{
		{"unknown field", "adress: 1.2.3.4:80\n", "unknown field"},
		{"bad log level", "log:\n  level: loud\n", "log.level"},
		{"rpc for a disabled chain", "database:\n  dsn: \"sqlite::memory:\"\nrpc:\n  Fluent: https://x.example\n", `chain "Fluent" is not enabled`},
		{"rpc not a URL", "database:\n  dsn: \"sqlite::memory:\"\nrpc:\n  Ethereum: localhost\n", "endpoint for Ethereum"},
		{"key secret env missing", "database:\n  dsn: \"sqlite::memory:\"\nkeys:\n  - name: a\n    secretEnv: NOPE\n", "NOPE is empty"},
		{"bad proxy", "trustedProxies: [nope]\n", "trustedProxies"},
		{"bad redis url", "redis:\n  url: http://127.0.0.1:6379\n", "redis.url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, nil, "serve", "-config", writeConfig(t, tt.body))
			if code != 1 || !strings.Contains(stderr, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit 1 containing %q", code, stderr, tt.want)
			}
		})
	}
}

func TestExampleConfigLoads(t *testing.T) {
	cfg, err := app.LoadConfig("testdata/orchestrationd.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:8080" || len(cfg.Keys) != 2 || cfg.Catalog == nil || len(cfg.Catalog.Assets) != 3 || cfg.Redis.URL == "" {
		t.Fatalf("example config decoded as %+v", cfg)
	}
}
