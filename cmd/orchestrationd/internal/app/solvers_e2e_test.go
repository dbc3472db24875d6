package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/orchestration"
)

// GET /solvers/stats on the devnet lists the devnet's solver by its name
// and configured address, not suspended, and /metrics carries the
// suspension series of each configured solver at zero.
func TestSolverStatsOverHTTP(t *testing.T) {
	s := startDevnetServer(t).validated(t)
	got := s.do(call{method: "GET", path: base + "/solvers/stats", key: devSecret})
	if got.status != 200 {
		t.Fatalf("GET /solvers/stats: %d %s", got.status, got.body)
	}
	var stats orchestration.SolverStats
	if err := json.Unmarshal(got.body, &stats); err != nil {
		t.Fatal(err)
	}
	solver := s.app.Devnet().Solver()
	var found *orchestration.SolverStat
	for i, st := range stats.Solvers {
		if st.Name == solver.Name() {
			found = &stats.Solvers[i]
		}
	}
	if found == nil || found.Address != solver.Address().Hex() || found.Suspended || found.Filled > found.Won {
		t.Fatalf("the devnet solver %s (%s) in %s: %+v; want its record under its name, not suspended", solver.Name(), solver.Address().Hex(), got.body, found)
	}
	m := s.do(call{method: "GET", path: "/metrics"})
	for _, series := range []string{
		`orchestration_solver_suspensions_total{solver="` + solver.Name() + `"} 0`,
		`orchestration_solver_suspended{solver="` + solver.Name() + `"} 0`,
	} {
		if !strings.Contains(string(m.body), series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
}

// Without the order index the records are a 501 NotImplemented saying so;
// suspension asked for without it is a configuration error naming the
// setting.
func TestSolverStatsNeedTheIndex(t *testing.T) {
	e := start(t)
	got := e.do(call{method: "GET", path: base + "/solvers/stats", key: e.good})
	if msg := e.wantError("GET /solvers/stats without an index", got, 501, orchestration.NotImplemented); !strings.Contains(msg, "order index") {
		t.Errorf("message %q does not say the order index is missing", msg)
	}

	_, err := app.New(context.Background(), app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:   &app.DevnetConfig{Enabled: false},
		Orders:   app.OrdersConfig{SolverSuspension: app.SolverSuspensionConfig{MaxExpiredRate: 0.5}},
	}, app.Options{Getenv: func(string) string { return "" }, Logger: slog.New(slog.DiscardHandler)})
	if ce, ok := errors.AsType[*app.ConfigError](err); !ok || ce.Field != "orders.solverSuspension" || !strings.Contains(ce.Problem, "index") {
		t.Errorf("suspension without an index: %v, want a ConfigError on orders.solverSuspension saying it needs the index", err)
	}
}
