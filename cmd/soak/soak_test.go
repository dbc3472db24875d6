package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// SoakEnv turns TestShortFormSoak on: it runs for several minutes and
// starts a PostgreSQL cluster and a Redis server of its own.
const SoakEnv = "ORCHESTRATION_SOAK"

// The short form, as CI runs it: two replicas, every fault once, and the
// verdict of decision 102.
func TestShortFormSoak(t *testing.T) {
	if os.Getenv(SoakEnv) == "" || testing.Short() {
		t.Skipf("set %s=1 to run the short soak (several minutes; its own PostgreSQL, Redis, devnet and replicas)", SoakEnv)
	}
	dir, err := os.MkdirTemp("", "m0-soak-test-") // not t.TempDir: the postgres user must reach it
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	cfg := Presets["short"]
	cfg.Dir = dir
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	rep, err := Run(ctx, cfg, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.write(&b)
	t.Log("\n" + b.String())
	if !rep.Pass {
		t.Errorf("the soak's verdict failed:\n%s", strings.Join(rep.Failures, "\n"))
	}
}
