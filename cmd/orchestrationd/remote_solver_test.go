package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// exampleSolver is examples/solver running as its own process.
type exampleSolver struct {
	// url is where it answers RFQs.
	url string
	// log is its stderr: a line per request received and per refusal.
	log *testio.Buffer
}

// requestsReceived counts the RFQ requests its log shows received.
func (s *exampleSolver) requestsReceived() int {
	return strings.Count(s.log.String(), `msg="RFQ request received"`)
}

// startExampleSolver builds examples/solver and runs it as its own process
// on the devnet whose serve configuration is devnetConfig, as account acct
// with secret, with extra flags.
func startExampleSolver(t *testing.T, devnetConfig string, acct devnet.Account, secret string, flags ...string) *exampleSolver {
	t.Helper()
	bin := buildBinary(t, t.TempDir(), "solver", "github.com/m0-orchestration/m0/examples/solver")
	p := startChild(t, "the example solver", "", bin, append([]string{"-config", devnetConfig, "-listen", "127.0.0.1:0", "-poll", "100ms"}, flags...),
		[]string{"SOLVER_RFQ_SECRET=" + secret, "SOLVER_PRIVATE_KEY=" + acct.KeyHex()})
	banner := regexp.MustCompile(`answering RFQs at (http://\S+/)`)
	var m []string
	p.awaitStdout(t, "the example solver", func(out string) bool { m = banner.FindStringSubmatch(out); return m != nil })
	return &exampleSolver{url: m[1] + "rfq", log: p.stderr}
}

// serveProc is `orchestrationd serve` running in this process.
type serveProc struct {
	// client calls the API with serve's one key.
	client *client.Client
	// root is the server's root URL (GET /metrics is under it).
	root string
	// log is its stderr.
	log *testio.Buffer
}

// startServeWith runs `orchestrationd serve` in this process with cfg (a
// devnet's configuration, adjusted), its own database, an order index and
// one API key, reading the environment from env.
func startServeWith(t *testing.T, cfg app.Config, env map[string]string) *serveProc {
	t.Helper()
	const apiKey = "remote-solver-e2e-api-key-0123"
	cfg.Database.DSN = "sqlite:" + filepath.Join(t.TempDir(), "serve.db")
	cfg.Keys = []app.KeyConfig{{Name: "e2e", SecretEnv: "E2E_API_KEY"}}
	cfg.Orders.Index = &app.IndexConfig{} // fills and fill reports in the detail
	b, err := yaml.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "serve.yaml")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout testio.Buffer
	stderr := &testio.Buffer{}
	exit := make(chan int, 1)
	getenv := func(k string) string {
		if k == "E2E_API_KEY" {
			return apiKey
		}
		return env[k]
	}
	go func() {
		exit <- run(ctx, []string{"serve", "-config", path, "-addr", "127.0.0.1:0"}, &stdout, stderr, getenv)
	}()
	t.Cleanup(func() {
		cancel()
		<-exit
		if t.Failed() {
			t.Logf("serve's log:\n%s", stderr.String())
		}
	})
	banner := regexp.MustCompile(`serving ((http://127\.0\.0\.1:\d+)/v1/orchestration)`)
	for {
		if m := banner.FindStringSubmatch(stdout.String()); m != nil {
			c, err := client.New(m[1], client.Config{APIKey: apiKey})
			if err != nil {
				t.Fatal(err)
			}
			return &serveProc{client: c, root: m[2], log: stderr}
		}
		select {
		case code := <-exit:
			t.Fatalf("serve exited %d before announcing:\n%s\n%s", code, stdout.String(), stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// A remote solver over the RFQ protocol, end to end: examples/solver runs
// as its own process on `orchestrationd devnet`, and `orchestrationd
// serve`, configured with it in providers.solvers, quotes its exclusive
// limit-order offer (the only solver serve knows; the devnet's own solver
// fills only orders open to any solver or naming it). Alice executes the
// quote; the example sees the order through eth_getLogs and fills it on
// BaseSepolia through JSON-RPC; the devnet's relayer carries the report to
// Sepolia; the order detail shows it COMPLETED, filled by the example's
// account, and everything locked released.
func TestRemoteSolverFillsItsOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("builds examples/solver and executes transactions on a devnet")
	}
	const secret = "remote-solver-e2e-shared-secret"
	d := startDevnetCmd(t)
	carol, _ := devnet.AccountByName("carol")
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	solverURL := startExampleSolver(t, d.config, carol, secret).url

	cfg, err := app.LoadConfig(d.config)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Providers.Solvers = []app.SolverConfig{{Name: "example", URL: solverURL, Address: carol.Address.Hex(), SecretEnv: "EXAMPLE_SOLVER_SECRET"}}
	c := startServeWith(t, cfg, map[string]string{"EXAMPLE_SOLVER_SECRET": secret}).client

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ref := func(chain orchestration.Chain, symbol string) orchestration.AssetAddress {
		for _, a := range cfg.Catalog.Assets {
			if a.Chain == chain && a.Symbol == symbol {
				return orchestration.AssetAddress{Chain: chain, Address: a.Address}
			}
		}
		t.Fatalf("no %s on %s in the devnet's catalog", symbol, chain)
		return orchestration.AssetAddress{}
	}
	const amountIn = "3000000"
	quotes, err := c.Quote(ctx, orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: ref(orchestration.Sepolia, "wM"), Destination: ref(orchestration.BaseSepolia, "USDC")},
		AmountIn: amountIn, Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
	})
	if err != nil || len(quotes) == 0 {
		t.Fatalf("limit-order quote: %v %v", quotes, err)
	}
	q := quotes[0]
	last := q.Payloads[len(q.Payloads)-1]
	if last.Solver == nil || last.Solver.Name != "example" || !strings.EqualFold(last.Solver.Address, carol.Address.Hex()) || !last.Solver.Exclusive {
		t.Fatalf("order payload's solver %+v: want the example solver, exclusive, at carol's address %s", last.Solver, carol.Address.Hex())
	}
	if q.AmountOut != "2998500" { // 3 USDC less the example's 5 bps
		t.Errorf("amountOut %s, want the example's price 2998500", q.AmountOut)
	}

	orderID := executeQuote(ctx, t, cfg, alice, q)

	o, err := evm.WaitFor(ctx, func(ctx context.Context) (*orchestration.Order, bool, error) {
		o, err := c.Order(ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: orderID})
		if err != nil {
			return nil, false, err
		}
		// COMPLETED on BaseSepolia comes first; the released amount shows
		// the report has reached Sepolia.
		return o, o.Status == orchestration.OrderCompleted && o.AmountInReleased == amountIn, nil
	})
	if err != nil {
		t.Fatalf("the example solver's fill never completed the order: %v", err)
	}
	if !strings.EqualFold(o.DesignatedSolver, carol.Address.Hex()) || o.AmountOutFilled != q.AmountOut || len(o.Fills) != 1 ||
		!strings.EqualFold(o.Fills[0].Solver, carol.Address.Hex()) {
		t.Errorf("completed order %+v (fills %+v): want designated to and filled once by carol, %s out", o, o.Fills, q.AmountOut)
	}
}
