package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder/rfq"
)

// remoteSolverRun is a devnet (`orchestrationd devnet`, in this process),
// examples/solver as its own process on carol's key, and serve with it as
// its only solver.
type remoteSolverRun struct {
	cfg    app.Config
	solver *exampleSolver
	serve  *serveProc
}

// startRemoteSolverRun starts the three: the example with solverSecret and
// flags, serve sharing serveSecret with it and adjusted by adjust.
func startRemoteSolverRun(t *testing.T, solverSecret, serveSecret string, adjust func(*app.Config), flags ...string) *remoteSolverRun {
	t.Helper()
	d := startDevnetCmd(t)
	carol, _ := devnet.AccountByName("carol")
	solver := startExampleSolver(t, d.config, carol, solverSecret, flags...)
	cfg, err := app.LoadConfig(d.config)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Providers.Solvers = []app.SolverConfig{{Name: "example", URL: solver.url, Address: carol.Address.Hex(), SecretEnv: "EXAMPLE_SOLVER_SECRET"}}
	if adjust != nil {
		adjust(&cfg)
	}
	return &remoteSolverRun{cfg: cfg, solver: solver, serve: startServeWith(t, cfg, map[string]string{"EXAMPLE_SOLVER_SECRET": serveSecret})}
}

// asset is symbol's address on chain in the devnet's catalog.
func (r *remoteSolverRun) asset(t *testing.T, chain orchestration.Chain, symbol string) orchestration.AssetAddress {
	t.Helper()
	for _, a := range r.cfg.Catalog.Assets {
		if a.Chain == chain && a.Symbol == symbol {
			return orchestration.AssetAddress{Chain: chain, Address: a.Address}
		}
	}
	t.Fatalf("no %s on %s in the devnet's catalog", symbol, chain)
	return orchestration.AssetAddress{}
}

// limitOrderQuote asks for limit-order quotes only, 3 wM on Sepolia to
// USDC on BaseSepolia, from alice to bob. Without an offer the answer is
// NoQuotesAvailable: the error is the caller's to judge.
func (r *remoteSolverRun) limitOrderQuote(ctx context.Context, t *testing.T) ([]orchestration.Quote, error) {
	t.Helper()
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	return r.serve.client.Quote(ctx, orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: r.asset(t, orchestration.Sepolia, "wM"), Destination: r.asset(t, orchestration.BaseSepolia, "USDC")},
		AmountIn: "3000000", Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
	})
}

// namingSolver returns the quotes whose payloads name solver.
func namingSolver(quotes []orchestration.Quote, solver string) []orchestration.Quote {
	var out []orchestration.Quote
	for _, q := range quotes {
		for _, p := range q.Payloads {
			if p.Solver != nil && p.Solver.Name == solver {
				out = append(out, q)
				break
			}
		}
	}
	return out
}

// solverStat is the row of name and address in GET /solvers/stats, or
// nil.
func solverStat(stats *orchestration.SolverStats, name, address string) *orchestration.SolverStat {
	for i, s := range stats.Solvers {
		if s.Name == name && strings.EqualFold(s.Address, address) {
			return &stats.Solvers[i]
		}
	}
	return nil
}

// waitForLog polls log until it matches re, failing with the log after a
// minute.
func waitForLog(ctx context.Context, t *testing.T, what string, log interface{ String() string }, re *regexp.Regexp) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	line, err := evm.WaitFor(ctx, func(context.Context) (string, bool, error) {
		m := re.FindString(log.String())
		return m, m != "", nil
	})
	if err != nil {
		t.Fatalf("%s has no line matching %s (%v):\n%s", what, re, err, log.String())
	}
	return line
}

// A remote solver that wins orders and never fills them is suspended,
// end to end: examples/solver -fill=false runs as its own process and is
// serve's only solver, with a one-minute fill horizon and suspension at
// half its orders expired from the first. Alice executes its exclusive
// order; nobody fills it; once the fill deadline passes, GET
// /solvers/stats shows the example suspended with one order won and
// expired unfilled, a new quote has no offer from it and it is not asked
// (its log shows no request after the suspension), the suspension is
// counted in /metrics and serve logs it. It waits a little over a minute
// of real time for the deadline.
func TestRemoteSolverThatNeverFillsIsSuspended(t *testing.T) {
	if testing.Short() {
		t.Skip("waits over a minute for an order's fill deadline on a devnet")
	}
	t.Parallel() // its own devnet, solver process and serve
	const secret = "remote-solver-suspension-e2e-secret"
	e2e := startRemoteSolverRun(t, secret, secret, func(cfg *app.Config) {
		cfg.Providers.OrderFillHorizon = app.Duration(time.Minute)
		cfg.Orders.SolverSuspension = app.SolverSuspensionConfig{MaxExpiredRate: 0.5, MinOrders: 1,
			Refresh: app.Duration(time.Second), Cooldown: app.Duration(time.Hour)}
	}, "-fill=false")
	carol, _ := devnet.AccountByName("carol")
	alice, _ := devnet.AccountByName("alice")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	quotes, err := e2e.limitOrderQuote(ctx, t)
	if err != nil || len(namingSolver(quotes, "example")) == 0 {
		t.Fatalf("limit-order quote: %+v %v: want one naming the example solver", quotes, err)
	}
	orderID := executeQuote(ctx, t, e2e.cfg, alice, namingSolver(quotes, "example")[0])

	// The order is open and nobody fills it: it expires a minute after the
	// quote, and the next refresh (every second) suspends the example.
	// The counts in the stats are read at most every 30 s, so they may
	// trail the suspension: wait for both.
	var last *orchestration.SolverStats
	waitCtx, waitCancel := context.WithTimeout(ctx, 3*time.Minute)
	defer waitCancel()
	stat, err := evm.WaitFor(waitCtx, func(ctx context.Context) (*orchestration.SolverStat, bool, error) {
		stats, err := e2e.serve.client.SolverStats(ctx)
		if err != nil {
			return nil, false, err
		}
		last = stats
		s := solverStat(stats, "example", carol.Address.Hex())
		return s, s != nil && s.Suspended && s.ExpiredUnfilled > 0, nil
	})
	if err != nil {
		t.Fatalf("the example solver was not suspended with its order expired (%v); GET /solvers/stats last answered %+v", err, last)
	}
	requestsBefore := e2e.solver.requestsReceived()
	if requestsBefore == 0 {
		t.Errorf("the example solver's log shows no RFQ request received before its suspension:\n%s", e2e.solver.log.String())
	}
	if stat.Won != 1 || stat.ExpiredUnfilled != 1 || stat.Filled != 0 || stat.SuspendedUntil == nil {
		t.Errorf("the suspended example's stats %+v: want won 1, expiredUnfilled 1, filled 0 and suspendedUntil", *stat)
	}
	if o, err := e2e.serve.client.Order(ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: orderID}); err != nil || o.Status == orchestration.OrderCompleted || len(o.Fills) != 0 {
		t.Errorf("order %s: %+v %v: want it open or expired, unfilled", orderID, o, err)
	}

	// Suspended, it is not asked: no offer, and no request reaches it.
	quotes, err = e2e.limitOrderQuote(ctx, t)
	if code, _ := orchestration.CodeOf(err); err != nil && code != orchestration.NoQuotesAvailable {
		t.Fatalf("the quote after the suspension failed: %v, want quotes or NoQuotesAvailable", err)
	}
	if named := namingSolver(quotes, "example"); len(named) != 0 {
		t.Errorf("the quote after the suspension has %d routes naming the suspended example solver: %+v", len(named), named)
	}
	// A marker request of the test's own, logged after any request serve
	// sent before it: the example's log up to it is complete.
	sendMarker(ctx, t, e2e.solver.url, "after-suspension-marker")
	waitForLog(ctx, t, "the example solver's log", e2e.solver.log, regexp.MustCompile(`requestId=after-suspension-marker`))
	if after := e2e.solver.requestsReceived() - 1; after != requestsBefore {
		t.Errorf("the example solver received %d RFQ requests after its suspension, want none:\n%s", after-requestsBefore, e2e.solver.log.String())
	}

	metrics := getText(ctx, t, e2e.serve.root+"/metrics")
	if want := `orchestration_solver_suspensions_total{solver="example"} 1`; !strings.Contains(metrics, want) {
		t.Errorf("/metrics lacks %s:\n%s", want, grepLines(metrics, "orchestration_solver_"))
	}
	if want := `orchestration_solver_suspended{solver="example"} 1`; !strings.Contains(metrics, want) {
		t.Errorf("/metrics lacks %s:\n%s", want, grepLines(metrics, "orchestration_solver_"))
	}
	if line := regexp.MustCompile(`(?m)^.*level=WARN.*solver suspended.*solver=example.*$`).FindString(e2e.serve.log.String()); line == "" {
		t.Errorf("serve's log has no WARN line suspending solver example:\n%s", e2e.serve.log.String())
	} else if !strings.Contains(line, "won=1") || !strings.Contains(line, "expiredUnfilled=1") {
		t.Errorf("serve's suspension line %q: want won=1 expiredUnfilled=1", line)
	}
}

// A remote solver configured with another secret than its own is refused
// both ways: serve signs with its secret, the example refuses the
// signature with 401 Unauthorized (and logs it), serve logs that answer
// naming the solver, and the quote has no offer from it.
func TestRemoteSolverWithAWrongSecretIsRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds examples/solver and runs a devnet")
	}
	t.Parallel() // its own devnet, solver process and serve
	e2e := startRemoteSolverRun(t, "the-example-solver-own-secret", "a-different-secret-in-serve", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	quotes, err := e2e.limitOrderQuote(ctx, t)
	if code, _ := orchestration.CodeOf(err); err != nil && code != orchestration.NoQuotesAvailable {
		t.Fatalf("the quote failed: %v, want quotes or NoQuotesAvailable", err)
	}
	if named := namingSolver(quotes, "example"); len(named) != 0 {
		t.Errorf("the quote has %d routes naming the example solver, whose secret differs: %+v", len(named), named)
	}
	waitForLog(ctx, t, "serve's log", e2e.serve.log, regexp.MustCompile(`solver made no offer.*solver example: rfq: 401 Unauthorized`))
	waitForLog(ctx, t, "the example solver's log", e2e.solver.log, regexp.MustCompile(`RFQ request refused.*status=401.*Unauthorized.*signature does not match`))
}

// executeQuote executes q's payloads as acct and returns the id of the
// order its last payload opened.
func executeQuote(ctx context.Context, t *testing.T, cfg app.Config, acct devnet.Account, q orchestration.Quote) string {
	t.Helper()
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, cc := range cfg.Catalog.Chains {
		ec, err := evm.Dial(ctx, cc.Name, cc.ChainID, cfg.RPC[cc.Name], evm.DialOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(ec.Close)
		clients[cc.Name] = ec
	}
	receipts, err := (&evm.Executor{Clients: clients, Signer: evm.KeySigner(acct.Key)}).Execute(ctx, q.Payloads)
	if err != nil {
		t.Fatalf("executing the quote: %v", err)
	}
	filterer, _ := bindings.NewOrderBookFilterer(common.Address{}, nil) // parses logs only
	for _, l := range receipts[len(receipts)-1].Logs {
		if ev, err := filterer.ParseOrderOpened(*l); err == nil {
			return hexutil.Encode(ev.OrderId[:])
		}
	}
	t.Fatal("the last payload opened no order")
	return ""
}

// sendMarker posts an unsigned request with request id id to url: the
// solver logs it received, then refuses it.
func sendMarker(ctx context.Context, t *testing.T, url, id string) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(rfq.HeaderRequestID, id)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the unsigned marker request: %s, want 401", resp.Status)
	}
}

// getText GETs url and returns its body.
func getText(ctx context.Context, t *testing.T, url string) string {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s %v", url, resp.Status, err)
	}
	return string(b)
}

// grepLines returns the lines of s containing sub.
func grepLines(s, sub string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		if strings.Contains(line, sub) {
			fmt.Fprint(&b, line)
		}
	}
	return b.String()
}
