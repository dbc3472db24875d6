package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/webhook"
)

// hookDelivery is one POST a hookReceiver got.
type hookDelivery struct {
	header   string // webhook.HeaderEventID
	event    webhook.Event
	verified error // webhook.Verify's answer
	answered int   // the status the receiver answered
}

// hookReceiver is a webhook receiver that verifies every delivery with
// the secret it is given and answers 500 until accept is called.
type hookReceiver struct {
	*httptest.Server
	mu        sync.Mutex
	secret    string
	accepting bool
	got       []hookDelivery
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		d := hookDelivery{header: req.Header.Get(webhook.HeaderEventID),
			verified: webhook.Verify(r.secret, req.Header.Get(webhook.HeaderSignature), body, time.Now(), 0),
			answered: http.StatusInternalServerError}
		if err := json.Unmarshal(body, &d.event); err != nil {
			d.verified = errors.Join(d.verified, err)
		}
		if r.accepting {
			d.answered = http.StatusOK
		}
		r.got = append(r.got, d)
		w.WriteHeader(d.answered)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *hookReceiver) setSecret(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.secret = s
}

func (r *hookReceiver) accept() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.accepting = true
}

// of is the deliveries of order id so far, in arrival order.
func (r *hookReceiver) of(id string) []hookDelivery {
	r.mu.Lock()
	defer r.mu.Unlock()
	var mine []hookDelivery
	for _, d := range r.got {
		if d.event.Order != nil && d.event.Order.OrderID == id {
			mine = append(mine, d)
		}
	}
	return mine
}

// waitFor polls the deliveries of order id until done accepts them or
// ctx ends.
func (r *hookReceiver) waitFor(ctx context.Context, id string, done func([]hookDelivery) bool) ([]hookDelivery, error) {
	return evm.WaitFor(ctx, func(context.Context) ([]hookDelivery, bool, error) {
		mine := r.of(id)
		return mine, done(mine), nil
	})
}

// serveBinary is the built binary running `orchestrationd serve`.
type serveBinary struct {
	url    string
	cmd    *exec.Cmd
	exited chan error
	stderr *testio.Buffer
}

// startServeBinary runs bin serve -config config with env added to the
// environment, and returns once it announces its URL.
func startServeBinary(t *testing.T, bin, config string, env ...string) *serveBinary {
	t.Helper()
	p := &serveBinary{cmd: exec.Command(bin, "serve", "-config", config, "-addr", "127.0.0.1:0"), exited: make(chan error, 1), stderr: &testio.Buffer{}}
	var stdout testio.Buffer
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = &stdout, p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() {
		p.cmd.Process.Signal(os.Interrupt) // already gone after kill: harmless
		<-p.exited
		p.exited <- nil // for a later kill or cleanup
		if t.Failed() {
			t.Logf("serve (pid %d) log:\n%s", p.cmd.Process.Pid, p.stderr.String())
		}
	})
	banner := regexp.MustCompile(`serving (http://127\.0\.0\.1:\d+/v1/orchestration)`)
	for {
		if m := banner.FindStringSubmatch(stdout.String()); m != nil {
			p.url = m[1]
			return p
		}
		select {
		case err := <-p.exited:
			p.exited <- err
			t.Fatalf("serve exited (%v) before announcing:\n%s\n%s", err, stdout.String(), p.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// stop sends the process sig and waits for it to exit: SIGKILL ends it
// with no shutdown and no last write; SIGINT shuts it down, and it must
// exit 0.
func (p *serveBinary) stop(t *testing.T, sig os.Signal) {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err := <-p.exited
	p.exited <- err
	if sig == os.Interrupt && err != nil {
		t.Errorf("serve after SIGINT: %v, want exit 0", err)
	}
}

// The must-show: a webhook event still being retried when its
// serve process ends is delivered by the next serve over the same
// database, under the same event id. One `orchestrationd devnet` (chains
// outside serve, so they outlive it) and examples/solver as serve's
// remote solver; serve #1, the built binary, indexes into a SQLite file
// (and, with ORCHESTRATION_TEST_POSTGRES_DSN, a PostgreSQL schema);
// `keys webhook set -sender alice` registers a receiver that answers 500;
// alice executes a limit order quoted with the key, which the example
// solver fills. Once the receiver has refused the order's order.created
// twice, serve #1 is killed (SIGKILL) or stopped (SIGINT), the receiver
// turns to 200 and serve #2 starts on the same configuration: it delivers
// that order.created, signed, with the id of the refused attempts, then
// the order's later events, order.completed among them (one order's
// events go out in order, so they waited behind order.created).
func TestWebhookDeliveredAfterServerRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and executes transactions on a devnet")
	}
	bin := buildBinary(t, t.TempDir(), "orchestrationd", ".")
	d := startDevnetCmd(t)
	// A serve on an external devnet quotes limit orders only for the
	// solvers it is configured with: the example solver, which fills
	// what it offered on its own, serve running or not.
	carol, _ := devnet.AccountByName("carol")
	const solverSecret = "webhook-restart-e2e-solver-secret"
	solver := app.SolverConfig{Name: "example", URL: startExampleSolver(t, d.config, carol, solverSecret).url,
		Address: carol.Address.Hex(), SecretEnv: "EXAMPLE_SOLVER_SECRET"}
	env := []string{"EXAMPLE_SOLVER_SECRET=" + solverSecret}
	for _, tt := range []struct {
		name string
		dsn  func(t *testing.T) string
		stop os.Signal
	}{
		{"SQLite/killed", sqliteFile, os.Kill},
		{"SQLite/stopped", sqliteFile, os.Interrupt},
		{"PostgreSQL/killed", postgresSchema, os.Kill},
		{"PostgreSQL/stopped", postgresSchema, os.Interrupt},
	} {
		t.Run(tt.name, func(t *testing.T) {
			webhookAcrossRestart(t, bin, d, solver, env, tt.dsn(t), tt.stop)
		})
	}
}

func sqliteFile(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "serve.db") }

// postgresSchema skips t without ORCHESTRATION_TEST_POSTGRES_DSN.
func postgresSchema(t *testing.T) string { return storagetest.Postgres(t).DSN }

func webhookAcrossRestart(t *testing.T, bin string, d *devnetCmd, solver app.SolverConfig, env []string, dsn string, stop os.Signal) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	const apiKey = "webhook-restart-e2e-api-key-01"
	env = append(slices.Clip(env), "E2E_API_KEY="+apiKey)
	cfg, err := app.LoadConfig(d.config)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Database.DSN = dsn
	cfg.Providers.Solvers = []app.SolverConfig{solver}
	cfg.Keys = []app.KeyConfig{{Name: "partner", SecretEnv: "E2E_API_KEY"}}
	cfg.Orders.Index = &app.IndexConfig{PollInterval: app.Duration(200 * time.Millisecond)}
	cfg.Orders.Webhooks = app.WebhooksConfig{PollInterval: app.Duration(100 * time.Millisecond), Timeout: app.Duration(2 * time.Second),
		FirstRetry: app.Duration(time.Second), MaxRetry: app.Duration(2 * time.Second)}
	b, err := yaml.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(t.TempDir(), "serve.yaml")
	if err := os.WriteFile(config, b, 0o600); err != nil {
		t.Fatal(err)
	}
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	rcv := newHookReceiver(t)

	first := startServeBinary(t, bin, config, env...)
	// As an operator registers it: keys webhook set, beside the running
	// serve, on the key serve created from the configuration.
	code, out, stderr := runCmd(t, nil, "keys", "webhook", "set", "-config", config, "-sender", alice.Address.Hex(), "partner", rcv.URL+"/hook")
	secret := regexp.MustCompile(`secret \(shown once.*\): (whsec_[0-9a-f]{64})\n`).FindStringSubmatch(out)
	if code != 0 || secret == nil {
		t.Fatalf("keys webhook set: exit %d %q %s", code, out, stderr)
	}
	rcv.setSecret(secret[1])

	c, err := client.New(first.url, client.Config{APIKey: apiKey})
	if err != nil {
		t.Fatal(err)
	}
	ref := func(chain orchestration.Chain, symbol string) orchestration.AssetAddress {
		for _, a := range cfg.Catalog.Assets {
			if a.Chain == chain && a.Symbol == symbol {
				return orchestration.AssetAddress{Chain: chain, Address: a.Address}
			}
		}
		t.Fatalf("no %s on %s in the devnet's catalog", symbol, chain)
		return orchestration.AssetAddress{}
	}
	// serve answers once it announces, but lists its routes' edges in the
	// background: until then no provider serves the route.
	quotes, err := evm.WaitFor(ctx, func(ctx context.Context) ([]orchestration.Quote, bool, error) {
		qs, err := c.Quote(ctx, orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: ref(orchestration.Sepolia, "wM"), Destination: ref(orchestration.BaseSepolia, "USDC")},
			AmountIn: "3000000", Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(),
			Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
		})
		var oe *orchestration.Error
		if errors.As(err, &oe) && oe.Code == orchestration.NoQuotesAvailable {
			return nil, false, nil
		}
		return qs, true, err
	})
	if err != nil || len(quotes) == 0 {
		t.Fatalf("limit-order quote: %v %v", quotes, err)
	}
	orderID := executeQuote(ctx, t, cfg, alice, quotes[0])

	// Two refused attempts: the event is mid-retry, its first backoff
	// behind it.
	refused, err := rcv.waitFor(ctx, orderID, func(ds []hookDelivery) bool { return len(ds) >= 2 })
	if err != nil {
		t.Fatalf("the receiver was tried %d times for order %s, want 2 refusals before the restart: %v", len(refused), orderID, err)
	}
	first.stop(t, stop)
	rcv.accept()
	refused = rcv.of(orderID) // an attempt may have landed before the stop
	createdID := refused[0].header
	for i, d := range refused {
		// One order's events go out in order: nothing after order.created
		// is tried while it is refused.
		if d.event.Type != webhook.TypeOrderCreated || d.header != createdID || d.event.ID != createdID || d.verified != nil {
			t.Errorf("refused attempt %d: %s id %s (body %s), verified %v; want order.created, each attempt with id %s, signed",
				i, d.event.Type, d.header, d.event.ID, d.verified, createdID)
		}
	}

	startServeBinary(t, bin, config, env...)
	after := func(ds []hookDelivery) []hookDelivery { return ds[len(refused):] }
	all, err := rcv.waitFor(ctx, orderID, func(ds []hookDelivery) bool {
		return slices.ContainsFunc(after(ds), func(d hookDelivery) bool { return d.event.Type == webhook.TypeOrderCompleted })
	})
	if err != nil {
		t.Fatalf("after the restart the receiver got %+v for order %s, want its order.created then order.completed: %v", after(rcv.of(orderID)), orderID, err)
	}
	var types []string
	completedID := ""
	for i, d := range after(all) {
		types = append(types, d.event.Type)
		if d.verified != nil || d.header != d.event.ID || d.answered != http.StatusOK {
			t.Errorf("delivery %d after the restart: %+v; want signed, its id in header and body, accepted", i, d)
		}
		switch d.event.Type {
		case webhook.TypeOrderCreated:
			if d.header != createdID {
				t.Errorf("order.created delivered after the restart as %s; the refused attempts carried %s", d.header, createdID)
			}
		case webhook.TypeOrderCompleted:
			if completedID == "" {
				completedID = d.header
			}
			if d.header != completedID || d.header == createdID || d.event.Order.Status != orchestration.OrderCompleted {
				t.Errorf("order.completed delivered as %s (%s); want one id of its own, status COMPLETED", d.header, d.event.Order.Status)
			}
		}
	}
	if len(types) == 0 || types[0] != webhook.TypeOrderCreated {
		t.Errorf("events of order %s after the restart %v; want order.created first", orderID, types)
	}
	t.Logf("order %s: %d refused attempts of %s before the stop; after the restart %v", orderID, len(refused), createdID, types)
}
