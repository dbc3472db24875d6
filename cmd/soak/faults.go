package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"syscall"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// fault is one outage of the schedule. inject breaks something, waits
// for the window, and mends it, returning once it is mended (a restarted
// process serving again).
type fault struct {
	name string
	// what is broken, for the report.
	what string
	// dependent lists the routes that need what the fault breaks: during
	// the fault's window (and its grace after), a 5xx on them with the
	// route's own failure code is the outage's documented answer.
	dependent []orchestration.Endpoint
	// stores are the codes naming a store the fault stops (decisions 99
	// and 100): a 5xx with one of them is documented on any route, since
	// any route may meet a key first seen during the outage.
	stores []orchestration.Code
	inject func(ctx context.Context, c *cluster, window time.Duration) error
}

// Route groups for the faults' documented answers.
var (
	chainRoutes = []orchestration.Endpoint{orchestration.EndpointQuote, orchestration.EndpointPermitQuote, orchestration.EndpointPermitBuild,
		orchestration.EndpointOrder, orchestration.EndpointCancelOrder, orchestration.EndpointOrderEvents, orchestration.EndpointTransfer}
	// databaseRoutes read or write the database: the permit ledger, the
	// order index, topology; an order's detail, cancel and events read the
	// chains and only their indexed fields from it (decision 100).
	databaseRoutes = []orchestration.Endpoint{orchestration.EndpointPermitQuote, orchestration.EndpointPermitBuild,
		orchestration.EndpointOrders, orchestration.EndpointOrder, orchestration.EndpointCancelOrder,
		orchestration.EndpointOrderEvents, orchestration.EndpointSolverStats, orchestration.EndpointTopologyRoutes, orchestration.EndpointTopologyStats}
)

// faults is the schedule, in order: every fault once per round.
var faults = []fault{
	{name: "rpc-slow-then-down", what: "Sepolia's JSON-RPC endpoint: 2s slower for half the window, then dropping every connection, then back",
		dependent: chainRoutes,
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			p := c.proxies[string(orchestration.Sepolia)]
			defer p.set(proxyPass, 0)
			p.set(proxyPass, 2*time.Second)
			sleep(ctx, window/2)
			p.set(proxyDown, 0)
			sleep(ctx, window/2)
			return nil
		}},
	{name: "relayer-stalled", what: "the devnet's relayer delivers nothing (portal messages and fill reports wait)",
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			return c.switchFor(ctx, "relayer", window)
		}},
	{name: "postgres-restart", what: "PostgreSQL stopped (fast shutdown) for the window, then started",
		dependent: databaseRoutes,
		stores:    []orchestration.Code{orchestration.KeyStoreUnavailable, orchestration.OrderIndexUnavailable, orchestration.TopologyUnavailable},
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			if err := c.pg.stop(ctx); err != nil {
				return err
			}
			sleep(ctx, window)
			return c.pg.start(context.WithoutCancel(ctx))
		}},
	{name: "redis-stop", what: "Redis stopped for the window, then started (empty: it saves nothing)",
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			c.redis.stop()
			sleep(ctx, window)
			return c.redis.start(context.WithoutCancel(ctx))
		}},
	{name: "indexer-killed", what: "the indexing replica killed (SIGKILL), restarted after a third of the window",
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			r := c.replicas[0]
			r.p.signal(syscall.SIGKILL)
			sleep(ctx, window/3)
			return r.start()
		}},
	{name: "replica-restart", what: "the replica holding an open order status stream shut down (SIGINT) and started again, the solver stopped (SIGSTOP) meanwhile so the order stays open",
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			r, err := c.replicaMidStream(ctx, window)
			if err != nil {
				return err
			}
			defer c.solver.signal(syscall.SIGCONT)
			r.p.signal(syscall.SIGINT)
			return r.start()
		}},
	{name: "solver-silent", what: "the example solver's RFQ endpoint stops answering (requests hang) for the window; the lazy solver still quotes",
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			p := c.proxies["solver"]
			defer p.set(proxyPass, 0)
			p.set(proxyHang, 0)
			sleep(ctx, window)
			return nil
		}},
	{name: "blocks-stalled", what: "no chain produces a block for the window (transactions wait in the pools)",
		inject: func(ctx context.Context, c *cluster, window time.Duration) error {
			return c.switchFor(ctx, "blocks", window)
		}},
}

// replicaMidStream waits (up to window) for a status stream open on a
// replica, on an order not yet filled, and stops the solver (SIGSTOP) so
// that it stays open; it returns that replica. The caller resumes the
// solver (SIGCONT).
func (c *cluster) replicaMidStream(ctx context.Context, window time.Duration) (*replica, error) {
	deadline := time.Now().Add(window)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if _, addr, ok := c.ledger.openStream(); ok {
			c.solver.signal(syscall.SIGSTOP)
			if _, addr2, still := c.ledger.openStream(); still && addr2 == addr {
				for _, r := range c.replicas {
					if r.addr == addr {
						return r, nil
					}
				}
			}
			c.solver.signal(syscall.SIGCONT) // filled meanwhile: try again
		}
		sleep(ctx, 20*time.Millisecond)
	}
	return nil, fmt.Errorf("no status stream was open within %s", window)
}

// switchFor pauses one of the devnet's fault switches for window.
func (c *cluster) switchFor(ctx context.Context, name string, window time.Duration) error {
	post := func(action string) error {
		req, _ := http.NewRequestWithContext(context.WithoutCancel(ctx), http.MethodPost, c.control+"/"+name+"/"+action, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent {
			return fmt.Errorf("devnet %s/%s: HTTP %d", name, action, resp.StatusCode)
		}
		return nil
	}
	if err := post("pause"); err != nil {
		return err
	}
	sleep(ctx, window)
	return post("resume")
}

// faultRun is one fault as it happened.
type faultRun struct {
	Fault   string                        `json:"fault"`
	What    string                        `json:"what"`
	Start   time.Time                     `json:"start"`
	Mended  time.Time                     `json:"mended"`
	Err     string                        `json:"error,omitempty"`
	allowed map[string]orchestration.Code // route -> its own failure code
	stores  []orchestration.Code          // on any route: the stopped store's codes
}

// covers says whether t falls in the fault's window or within grace
// after its mending.
func (r *faultRun) covers(t time.Time, grace time.Duration) bool {
	return !t.Before(r.Start) && !t.After(r.Mended.Add(grace))
}

// documented says whether a 5xx answer c, seen at time t, is this fault's
// documented answer: on a route that needs what it broke, with the
// route's own failure code, within its window and grace.
func (r *faultRun) documented(c call, grace time.Duration) bool {
	if !r.covers(c.At, grace) {
		return false
	}
	if slices.Contains(r.stores, orchestration.Code(c.Code)) {
		return true
	}
	code, ok := r.allowed[c.Route]
	return ok && string(code) == c.Code
}

func newFaultRun(f fault) *faultRun {
	r := &faultRun{Fault: f.name, What: f.what, allowed: map[string]orchestration.Code{}, stores: f.stores}
	for _, ep := range f.dependent {
		r.allowed[ep.Method+" "+ep.Path] = ep.Fail
	}
	return r
}
