package app_test

import (
	"errors"
	"testing"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/orchestration"
)

// The order index is on wherever the in-process devnet runs, unless the
// file turns it off; a file on real chains keeps none unless it asks.
func TestIndexDefaultsOnWithTheDevnet(t *testing.T) {
	on := true
	rpc := map[orchestration.Chain]string{orchestration.Ethereum: "http://127.0.0.1:9"}
	for _, tt := range []struct {
		name     string
		cfg      app.Config
		fromFile bool
		indexed  bool
	}{
		{"embedded default", app.Config{}, false, true},
		{"file enabling the devnet", app.Config{Devnet: &app.DevnetConfig{Enabled: on}}, true, true},
		{"devnet with the index disabled", app.Config{Orders: app.OrdersConfig{Index: &app.IndexConfig{Disabled: true}}}, false, false},
		{"devnet with the order routes disabled", app.Config{Orders: app.OrdersConfig{Disabled: true}}, false, false},
		{"file on real chains", app.Config{RPC: rpc}, true, false},
		{"file on real chains asking for the index", app.Config{RPC: rpc, Orders: app.OrdersConfig{Index: &app.IndexConfig{}}}, true, true},
	} {
		sc, err := app.ServiceConfig(tt.cfg, app.Options{FromFile: tt.fromFile})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := sc.Orders.Index != nil; got != tt.indexed {
			t.Errorf("%s: indexed %v, want %v", tt.name, got, tt.indexed)
		}
	}
	_, err := app.ServiceConfig(app.Config{Orders: app.OrdersConfig{Index: &app.IndexConfig{Disabled: true, External: true}}}, app.Options{})
	if ce, ok := errors.AsType[*app.ConfigError](err); !ok || ce.Field != "orders.index" {
		t.Errorf("disabled with external: %v; want a ConfigError naming orders.index", err)
	}
}
