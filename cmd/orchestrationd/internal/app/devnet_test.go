package app_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"testing"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/orchestration"
)

// Without a config file the service runs on the devnet and lists what the
// devnet deployed.
func TestDefaultIsDevnet(t *testing.T) {
	a, err := app.New(context.Background(), app.Config{Database: app.DatabaseConfig{DSN: "sqlite::memory:"}}, app.Options{
		Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.Devnet() == nil || a.DevKey() != devSecret {
		t.Fatalf("devnet %v, dev key %q", a.Devnet(), a.DevKey())
	}
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	e := &env{t: t, url: srv.URL}
	got := e.do(call{method: "GET", path: base + "/supported-assets", key: devSecret})
	var assets []orchestration.Asset
	if err := json.Unmarshal(got.body, &assets); err != nil || got.status != 200 {
		t.Fatalf("%d %s", got.status, got.body)
	}
	chains := map[orchestration.Chain]int{}
	wm := a.Devnet().Contracts(orchestration.BaseSepolia).WrappedM.Hex()
	found := false
	for _, as := range assets {
		chains[as.Chain]++
		if as.Chain == orchestration.BaseSepolia && as.Address == wm && as.Symbol == "wM" && as.M0Extension {
			found = true
		}
	}
	if len(chains) != 3 || chains[orchestration.Sepolia] != 6 || !found {
		t.Fatalf("devnet assets by chain %v; wM on BaseSepolia found: %v", chains, found)
	}
}

func TestDevnetAndCatalogExcludeEachOther(t *testing.T) {
	cat := asset.DefaultConfig()
	_, err := app.New(context.Background(), app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:   &app.DevnetConfig{Enabled: true},
		Catalog:  &cat,
	}, app.Options{FromFile: true, Logger: slog.New(slog.DiscardHandler)})
	if err == nil {
		t.Fatal("catalog and devnet together accepted")
	}
}
