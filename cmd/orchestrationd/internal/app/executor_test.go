package app_test

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
)

// providers.executor is read from the file under its exact names and
// handed to the service as written.
func TestExecutorSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.yaml")
	body := "providers:\n  executor:\n    mainnetURL: https://executor.internal.example\n    testnetURL: http://127.0.0.1:7070\n    timeout: 2s\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := app.LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := app.ServiceConfig(cfg, app.Options{FromFile: true})
	if err != nil {
		t.Fatal(err)
	}
	if ec := sc.Executor; ec.MainnetURL != "https://executor.internal.example" || ec.TestnetURL != "http://127.0.0.1:7070" ||
		ec.Timeout != 2*time.Second || ec.Disable || ec.HTTPClient != nil {
		t.Errorf("service's Executor %+v, want the file's URLs and timeout", ec)
	}

	// A name in another case is refused, not ignored.
	if err := os.WriteFile(path, []byte("providers:\n  executor:\n    testnetUrl: http://127.0.0.1:7070\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = app.LoadConfig(path)
	if ce, ok := errors.AsType[*app.ConfigError](err); !ok || ce.Field != "providers.executor.testnetUrl" || !strings.Contains(ce.Problem, `"testnetURL"`) {
		t.Errorf("testnetUrl: %v; want a ConfigError suggesting testnetURL", err)
	}

	// disable turns it off: the service asks no Executor.
	cfg = app.Config{Providers: app.ProvidersConfig{Executor: app.ExecutorConfig{Disable: true}}, Database: app.DatabaseConfig{DSN: "sqlite::memory:"}}
	srv, err := app.New(t.Context(), cfg, app.Options{FromFile: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if ex := srv.Executors(); ex.Mainnet != nil || ex.Testnet != nil {
		t.Errorf("executor disabled, yet the service has caches %+v", ex)
	}
}

// A bad Executor URL stops the start, naming the file's field and never
// quoting the URL, which may hold a credential.
func TestExecutorURLRefused(t *testing.T) {
	for _, tt := range []struct {
		field string
		ec    app.ExecutorConfig
	}{
		{"providers.executor.mainnetURL", app.ExecutorConfig{MainnetURL: "executor.example/key/hunter2"}},
		{"providers.executor.testnetURL", app.ExecutorConfig{TestnetURL: "wss://u:hunter2@executor.example"}},
		{"providers.executor.timeout", app.ExecutorConfig{Timeout: app.Duration(-time.Second)}},
	} {
		cfg := app.Config{Providers: app.ProvidersConfig{Executor: tt.ec}, Database: app.DatabaseConfig{DSN: "sqlite::memory:"}}
		srv, err := app.New(t.Context(), cfg, app.Options{FromFile: true, Logger: slog.New(slog.DiscardHandler)})
		if err == nil {
			srv.Close()
			t.Fatalf("%s: accepted", tt.field)
		}
		if ce, ok := errors.AsType[*app.ConfigError](err); !ok || ce.Field != tt.field || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%v; want a ConfigError on %s that does not quote the URL", err, tt.field)
		}
	}
}
