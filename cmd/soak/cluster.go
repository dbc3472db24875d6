package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/ratelimit"
)

// cluster is everything the soak runs: its own PostgreSQL and Redis, the
// devnet (chains, relayer) with its fault switches, the example solver,
// a fault proxy per RPC endpoint and one for the solver, and the serve
// replicas (replicas[0] keeps the order index).
type cluster struct {
	dir      string
	pg       *postgres
	redis    *redis
	devnet   *proc
	control  string                         // the devnet's fault switches
	rpc      map[orchestration.Chain]string // the chains' own endpoints (users send transactions there)
	chainIDs map[orchestration.Chain]uint64
	proxies  map[string]*faultProxy // by chain name, and "solver"
	solver   *proc
	// lazySolver offers exclusive limit orders and never fills them: the
	// orders the load cancels.
	lazySolver *proc
	replicas   []*replica
	apiKey     string
	// budgetKey is a key with a tight rate limit (budgetRate).
	budgetKey string
	// ledger is the load's, for the faults that need an open stream.
	ledger *ledger
	// webhooks is the soak key's webhook receiver.
	webhooks *webhookReceiver
}

// replica is one `orchestrationd serve` on a fixed port, so that it comes
// back at the same address after a restart.
type replica struct {
	index int
	p     *proc
	addr  string // host:port
}

var (
	devnetBanner  = regexp.MustCompile(`stop with Ctrl-C`)
	controlBanner = regexp.MustCompile(`fault switches: (http://\S+)`)
	solverBanner  = regexp.MustCompile(`answering RFQs at (http://\S+/)`)
	serveBanner   = regexp.MustCompile(`serving (http://\S+/v1/orchestration)`)
)

const (
	apiKeyEnv       = "SOAK_API_KEY"
	solverSecretEnv = "SOAK_SOLVER_SECRET"
	solverAccount   = "carol" // the example solver's; alice and bob trade
	lazySecretEnv   = "SOAK_LAZY_SOLVER_SECRET"
	// lazyAccount names the lazy solver's orders: it holds the tokens
	// it offers (the solver checks) and never sends a transaction, so
	// bob's trading is not disturbed.
	lazyAccount = "bob"
	// lazySolverName is its name in the providers, and in its quotes'
	// payloads.
	lazySolverName = "lazy"
	// exampleSolverName is the example solver's.
	exampleSolverName = "example"
)

// buildBinaries builds orchestrationd and examples/solver into dir.
func buildBinaries(ctx context.Context, dir string) (orchestrationd, solver string, err error) {
	orchestrationd, solver = filepath.Join(dir, "orchestrationd"), filepath.Join(dir, "solver")
	for bin, pkg := range map[string]string{orchestrationd: "github.com/m0-orchestration/m0/cmd/orchestrationd", solver: "github.com/m0-orchestration/m0/examples/solver"} {
		if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
			return "", "", fmt.Errorf("go build %s: %w\n%s", pkg, err, out)
		}
	}
	return orchestrationd, solver, nil
}

// startCluster starts everything, in order, for cfg.
func startCluster(ctx context.Context, cfg Config, logf func(string, ...any)) (*cluster, error) {
	c := &cluster{dir: cfg.Dir, proxies: map[string]*faultProxy{}, apiKey: randomHex(16)}
	bin, solverBin := cfg.Orchestrationd, cfg.Solver
	if bin == "" || solverBin == "" {
		logf("building orchestrationd and examples/solver")
		var err error
		if bin, solverBin, err = buildBinaries(ctx, c.dir); err != nil {
			return c, err
		}
	}
	var err error
	logf("starting PostgreSQL (own cluster) and Redis (own server)")
	if c.pg, err = newPostgres(ctx, filepath.Join(c.dir, "pg")); err != nil {
		return c, err
	}
	if err := c.pg.start(ctx); err != nil {
		return c, err
	}
	if c.redis, err = newRedis(c.dir); err != nil {
		return c, err
	}
	if err := c.redis.start(ctx); err != nil {
		return c, err
	}

	logf("starting orchestrationd devnet")
	devnetConfig := filepath.Join(c.dir, "devnet.yaml")
	c.devnet = &proc{name: "devnet", bin: bin, log: filepath.Join(c.dir, "devnet.log"),
		args: []string{"devnet", "-config-out", devnetConfig, "-relay-delay", cfg.RelayDelay.String(), "-control-addr", "127.0.0.1:0"}}
	if err := c.devnet.start(); err != nil {
		return c, err
	}
	if _, err := c.devnet.await(devnetBanner, 5*time.Minute); err != nil {
		return c, err
	}
	m, _ := c.devnet.await(controlBanner, time.Second)
	if m == nil {
		return c, fmt.Errorf("the devnet announced no fault switches (-control-addr)")
	}
	c.control = m[1]
	serveCfg, err := c.readDevnetConfig(devnetConfig)
	if err != nil {
		return c, err
	}

	logf("starting the example solver and the fault proxies")
	solverKey, _ := devnet.AccountByName(solverAccount)
	solverSecret := randomHex(16)
	c.solver = &proc{name: "solver", bin: solverBin, log: filepath.Join(c.dir, "solver.log"),
		args: []string{"-config", devnetConfig, "-listen", "127.0.0.1:0", "-poll", "250ms"},
		env:  []string{"SOLVER_RFQ_SECRET=" + solverSecret, "SOLVER_PRIVATE_KEY=" + solverKey.KeyHex()}}
	if err := c.solver.start(); err != nil {
		return c, err
	}
	if m, err = c.solver.await(solverBanner, 2*time.Minute); err != nil {
		return c, err
	}
	if c.proxies["solver"], err = newFaultProxy("solver", m[1]+"rfq"); err != nil {
		return c, err
	}
	lazyKey, _ := devnet.AccountByName(lazyAccount)
	lazySecret := randomHex(16)
	c.lazySolver = &proc{name: "lazy solver", bin: solverBin, log: filepath.Join(c.dir, "lazy-solver.log"),
		args: []string{"-config", devnetConfig, "-listen", "127.0.0.1:0", "-fill=false", "-exclusive=true", "-spread-bps", "300"},
		env:  []string{"SOLVER_RFQ_SECRET=" + lazySecret, "SOLVER_PRIVATE_KEY=" + lazyKey.KeyHex()}}
	if err := c.lazySolver.start(); err != nil {
		return c, err
	}
	if m, err = c.lazySolver.await(solverBanner, 2*time.Minute); err != nil {
		return c, err
	}
	lazyURL := m[1] + "rfq"
	proxied := map[string]any{}
	for chain, u := range c.rpc {
		p, err := newFaultProxy(string(chain), u)
		if err != nil {
			return c, err
		}
		c.proxies[string(chain)] = p
		proxied[string(chain)] = p.url
	}
	serveCfg["rpc"] = proxied
	serveCfg["database"] = map[string]any{"dsn": c.pg.dsn()}
	serveCfg["redis"] = map[string]any{"url": c.redis.url()}
	serveCfg["keys"] = []any{map[string]any{"name": "soak", "secretEnv": apiKeyEnv}}
	providers, _ := serveCfg["providers"].(map[string]any)
	if providers == nil {
		providers = map[string]any{}
	}
	providers["solvers"] = []any{map[string]any{"name": exampleSolverName, "url": c.proxies["solver"].url,
		"address": solverKey.Address.Hex(), "secretEnv": solverSecretEnv},
		map[string]any{"name": lazySolverName, "url": lazyURL, "address": lazyKey.Address.Hex(), "secretEnv": lazySecretEnv}}
	serveCfg["providers"] = providers

	env := []string{apiKeyEnv + "=" + c.apiKey, solverSecretEnv + "=" + solverSecret, lazySecretEnv + "=" + lazySecret}
	for i := range cfg.Replicas {
		index := map[string]any{"external": true}
		if i == 0 {
			index = map[string]any{}
		}
		serveCfg["orders"] = map[string]any{"index": index}
		path := filepath.Join(c.dir, fmt.Sprintf("serve-%d.yaml", i))
		b, err := yaml.Marshal(serveCfg)
		if err != nil {
			return c, err
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			return c, err
		}
		port, err := freePort()
		if err != nil {
			return c, err
		}
		addr := "127.0.0.1:" + strconv.Itoa(port)
		r := &replica{index: i, addr: addr, p: &proc{name: fmt.Sprintf("replica %d", i), bin: bin,
			log: filepath.Join(c.dir, fmt.Sprintf("serve-%d.log", i)), env: env,
			args: []string{"serve", "-config", path, "-addr", addr}}}
		c.replicas = append(c.replicas, r)
		logf("starting replica %d on %s%s", i, addr, map[bool]string{true: " (indexes orders)"}[i == 0])
		if err := r.start(); err != nil {
			return c, err
		}
		if i == 0 {
			// A rate limit far above the load's rate, so that every request
			// counts in Redis and the Redis fault reaches the limiter's
			// fallback to local counts.
			if out, err := exec.CommandContext(ctx, bin, "keys", "set-rate", "-config", path, "soak", soakRate).CombinedOutput(); err != nil {
				return c, fmt.Errorf("keys set-rate: %w\n%s", err, out)
			}
			out, err := exec.CommandContext(ctx, bin, "keys", "create", "-config", path, "-name", "budget", "-rate", budgetRate.String()).CombinedOutput()
			m := secretLine.FindSubmatch(out)
			if err != nil || m == nil {
				return c, fmt.Errorf("keys create budget: %v\n%s", err, out)
			}
			c.budgetKey = string(m[1])
			if err := c.registerWebhook(ctx, bin, path); err != nil {
				return c, err
			}
		}
	}
	return c, nil
}

// registerWebhook starts the soak key's webhook receiver and registers it
// as an operator does (`keys webhook set`), with no senders: the key
// follows those it is quoted limit orders for (decision 46).
func (c *cluster) registerWebhook(ctx context.Context, bin, config string) error {
	var err error
	if c.webhooks, err = newWebhookReceiver(); err != nil {
		return err
	}
	out, err := exec.CommandContext(ctx, bin, "keys", "webhook", "set", "-config", config, "soak", c.webhooks.url).CombinedOutput()
	m := webhookSecretLine.FindSubmatch(out)
	if err != nil || m == nil {
		return fmt.Errorf("keys webhook set: %v\n%s", err, out)
	}
	c.webhooks.mu.Lock()
	c.webhooks.secret = string(m[1])
	c.webhooks.mu.Unlock()
	return nil
}

var webhookSecretLine = regexp.MustCompile(`signing secret \(shown once[^)]*\): (\S+)`)

// soakRate is the soak key's rate limit.
const soakRate = "100000/m"

// budgetRate is the budget key's: the load sends it ten requests a
// second, so that it is over its budget all the time.
var budgetRate = ratelimit.Limit{Count: 5, Period: 5 * time.Second}

var secretLine = regexp.MustCompile(`secret \(shown once, store it now\): (\S+)`)

// readDevnetConfig reads the serve configuration the devnet wrote, keeping
// the chains' endpoints and ids.
func (c *cluster) readDevnetConfig(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var typed struct {
		RPC     map[orchestration.Chain]string `json:"rpc"`
		Catalog struct {
			Chains []struct {
				Name    orchestration.Chain `json:"name"`
				ChainID uint64              `json:"chainId"`
			} `json:"chains"`
		} `json:"catalog"`
	}
	if err := yaml.Unmarshal(b, &typed); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c.rpc, c.chainIDs = typed.RPC, map[orchestration.Chain]uint64{}
	for _, ch := range typed.Catalog.Chains {
		c.chainIDs[ch.Name] = ch.ChainID
	}
	var generic map[string]any
	if err := yaml.Unmarshal(b, &generic); err != nil {
		return nil, err
	}
	return generic, nil
}

// start runs the replica and waits until it serves.
func (r *replica) start() error {
	if err := r.p.start(); err != nil {
		return err
	}
	_, err := r.p.await(serveBanner, 3*time.Minute)
	return err
}

// root is the replica's root URL (GET /metrics is under it).
func (r *replica) root() string { return "http://" + r.addr }

// close stops everything the cluster started, the replicas first.
func (c *cluster) close(ctx context.Context) {
	for _, r := range c.replicas {
		r.p.signal(syscall.SIGINT)
	}
	for _, p := range c.proxies {
		p.close()
	}
	if c.webhooks != nil {
		c.webhooks.close()
	}
	if c.solver != nil {
		c.solver.signal(syscall.SIGINT)
	}
	if c.lazySolver != nil {
		c.lazySolver.signal(syscall.SIGINT)
	}
	if c.devnet != nil {
		c.devnet.signal(syscall.SIGINT)
	}
	if c.redis != nil {
		c.redis.stop()
	}
	if c.pg != nil {
		c.pg.stop(ctx)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
