package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// DefaultDevnetConfigOut is where `orchestrationd devnet` writes the serve
// configuration unless -config-out says otherwise.
const DefaultDevnetConfigOut = "orchestrationd.devnet.yaml"

// devnetFile is the serve configuration the devnet command writes: the
// devnet's catalog and JSON-RPC endpoints, with the in-process devnet off.
// Its fields are a subset of app.Config's, under the same names, so
// app.LoadConfig reads it.
type devnetFile struct {
	Devnet    app.DevnetConfig               `json:"devnet"`
	Catalog   asset.Config                   `json:"catalog"`
	RPC       map[orchestration.Chain]string `json:"rpc"`
	Providers app.ProvidersConfig            `json:"providers"`
}

const devnetFileHeader = `# Written by orchestrationd devnet: the catalog and JSON-RPC endpoints of a
# running devnet, for any number of ` + "`orchestrationd serve -config FILE`" + `
# processes. It is valid while that devnet runs (its ports change with every
# start). Add database, redis and keys settings as in any config file; give
# replicas one PostgreSQL database and one Redis to share keys, rate limits
# and topology counters.
`

// runDevnet runs the devnet alone, like a local node, until ctx ends.
func runDevnet(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("devnet")
	out := fs.String("config-out", DefaultDevnetConfigOut, "where to write the serve configuration (catalog and rpc endpoints)")
	delay := fs.Duration("relay-delay", app.DefaultRelayDelay, "how long the relayer waits before delivering a portal message (bridge latency)")
	spread := fs.Int("solver-spread-bps", devnet.DefaultSolverSpreadBps, "the devnet solver's spread in basis points: it fills the orders open to any solver that deliver at least amountIn less this spread")
	solverDelay := fs.Duration("solver-delay", 0, "how long the devnet solver waits after it sees an order before filling it (0: at once), so a status stream or a webhook sees the order open first")
	wormhole := fs.Bool("wormhole", false, "route every transfer and report between the chains through the Wormhole bridge adapter, paid with signed quotes from an Executor quote API stand-in that listens on -executor-addr (off: the Portal relays everything itself, as before)")
	controlAddr := fs.String("control-addr", "", "where to serve the fault switches (POST /relayer/pause|resume, /blocks/pause|resume), for soak runs; empty serves none")
	executorAddr := fs.String("executor-addr", "127.0.0.1:0", "where the Executor quote API stand-in listens with -wormhole (host:port; port 0 picks a free one)")
	if err := parseFlags(fs, devnetSynopsis, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("devnet takes no arguments, got %q", fs.Args()), ""}
	}
	if *spread <= 0 || *spread >= 10_000 {
		return usageError{fmt.Errorf("-solver-spread-bps must be in [1, 10000), got %d", *spread), ""}
	}
	if *delay < 0 {
		return usageError{fmt.Errorf("-relay-delay must not be negative, got %s", *delay), ""}
	}
	if *solverDelay < 0 {
		return usageError{fmt.Errorf("-solver-delay must not be negative, got %s", *solverDelay), ""}
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))

	start := time.Now()
	d, err := devnet.Start(ctx, devnet.Config{HTTP: true, RelayDelay: *delay, Solver: true, SolverSpreadBps: *spread,
		SolverDelay: *solverDelay, Logger: logger, Wormhole: *wormhole, ExecutorAddr: *executorAddr})
	if err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	closed := false
	defer func() {
		if !closed {
			d.Close()
		}
	}()
	if err := writeDevnetConfig(*out, d, *delay); err != nil {
		return err
	}

	fmt.Fprintf(stdout, "orchestrationd: devnet running (ready in %s)\n", time.Since(start).Round(time.Millisecond))
	printDevnet(stdout, d)
	if u := d.ExecutorURL(); u != "" {
		fmt.Fprintf(stdout, "  Wormhole: every route goes through the Wormhole adapter; Executor quote API stand-in: %s\n", u)
		logger.Info("Executor quote API stand-in listening", "url", u)
	}
	if *controlAddr != "" {
		u, err := serveDevnetControl(ctx, *controlAddr, d)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "  fault switches: %s (POST /relayer/pause, /relayer/resume, /blocks/pause, /blocks/resume)\n", u)
	}
	fmt.Fprintf(stdout, "  serve configuration (catalog and RPC endpoints): %s\n", *out)
	fmt.Fprintf(stdout, "  try: orchestrationd keys create -config %s -name dev && orchestrationd serve -config %s\n", *out, *out)
	fmt.Fprintln(stdout, "  stop with Ctrl-C")

	<-ctx.Done()
	logger.Info("shutting down the devnet")
	closed = true
	if err := d.Close(); err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	logger.Info("devnet stopped")
	return nil
}

// writeDevnetConfig writes the serve configuration of d to path.
func writeDevnetConfig(path string, d *devnet.Devnet, relayDelay time.Duration) error {
	f := devnetFile{
		Catalog: d.CatalogConfig(),
		RPC:     map[orchestration.Chain]string{},
		// m-portal's estimate on this devnet: its relay delay, plus the
		// time to mine the two transactions.
		Providers: app.ProvidersConfig{EstTime: map[orchestration.ProviderID]app.Duration{
			orchestration.ProviderMPortal: app.Duration(relayDelay + 2*time.Second)},
			// Empty without -wormhole: the devnet's portals then quote on
			// chain and no route asks an Executor.
			Executor: app.ExecutorConfig{TestnetURL: d.ExecutorURL()}},
	}
	for _, c := range d.Chains() {
		f.RPC[c.Name] = c.RPCURL()
	}
	b, err := yaml.Marshal(f)
	if err != nil {
		return fmt.Errorf("devnet: serve configuration: %w", err)
	}
	if err := os.WriteFile(path, append([]byte(devnetFileHeader), b...), 0o644); err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	return nil
}
