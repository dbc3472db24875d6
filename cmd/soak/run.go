package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// Run starts the cluster, runs the load and the fault schedule, checks
// what was lost and returns the report. An error is a run that could not
// be made (a process that would not start); a failed verdict is in the
// report.
func Run(ctx context.Context, cfg Config, logf func(string, ...any)) (*report, error) {
	if cfg.Dir == "" {
		dir, err := os.MkdirTemp("", "m0-soak-")
		if err != nil {
			return nil, err
		}
		cfg.Dir = dir
	} else if err := os.MkdirAll(cfg.Dir, 0o755); err != nil { // -dir names one to make, or one kept from before
		return nil, err
	}
	if err := os.Chmod(cfg.Dir, 0o755); err != nil { // the postgres user reads its cluster's path
		return nil, err
	}
	logf("work directory %s", cfg.Dir)
	c, err := startCluster(ctx, cfg, logf)
	defer c.close(context.Background())
	if err != nil {
		return nil, err
	}

	rec := &recorder{}
	lb := newBalancer(replicaAddrs(c), rec)
	api, err := client.New("http://replicas/v1/orchestration", client.Config{APIKey: c.apiKey, HTTPClient: &http.Client{Transport: lb}})
	if err != nil {
		return nil, err
	}
	stranger, err := client.New("http://replicas/v1/orchestration", client.Config{APIKey: "soak-unknown-" + randomHex(16), HTTPClient: &http.Client{Transport: lb}})
	if err != nil {
		return nil, err
	}
	budget, err := client.New("http://replicas/v1/orchestration", client.Config{APIKey: c.budgetKey, HTTPClient: &http.Client{Transport: lb}})
	if err != nil {
		return nil, err
	}
	ld := &load{api: api, stranger: stranger, budget: budget, assets: map[string]orchestration.AssetAddress{}, chains: map[orchestration.Chain]evm.TxBackend{},
		think: cfg.Think, tradeEvery: cfg.TradeEvery, ledger: &ledger{orders: map[string]*openedOrder{}}}
	assets, err := api.SupportedAssets(ctx)
	if err != nil {
		return nil, fmt.Errorf("the replicas' asset list: %w", err)
	}
	for _, a := range assets {
		ld.assets[string(a.Chain)+"/"+a.Symbol] = orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
	}
	for chain, u := range c.rpc {
		ec, err := evm.Dial(ctx, chain, c.chainIDs[chain], u, evm.DialOptions{})
		if err != nil {
			return nil, err
		}
		defer ec.Close()
		ld.chains[chain] = ec
	}

	c.ledger = ld.ledger
	smp := &sampler{}
	sampleCtx, stopSampling := context.WithCancel(ctx)
	sampled := make(chan struct{})
	go func() { smp.run(sampleCtx, c, cfg.SampleEvery); close(sampled) }()

	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	ld.streamCtx = streamCtx
	loadCtx, stopLoad := context.WithCancel(ctx)
	loaded := make(chan struct{})
	start := time.Now()
	logf("load running: %d traders, browse, quote and permit clients", len(traders))
	go func() { ld.run(loadCtx); close(loaded) }()

	sleep(ctx, cfg.Warmup)
	var runs []*faultRun
	for round := 1; ctx.Err() == nil; round++ {
		for _, f := range faults {
			if ctx.Err() != nil {
				break
			}
			window := cfg.Window
			if f.name == "blocks-stalled" {
				window = cfg.BlockStall
			}
			fr := newFaultRun(f)
			fr.Start = time.Now()
			logf("round %d: fault %s for %s", round, f.name, window)
			if err := f.inject(ctx, c, window); err != nil {
				fr.Err = err.Error()
				logf("fault %s: %v", f.name, err)
			}
			fr.Mended = time.Now()
			runs = append(runs, fr)
			sleep(ctx, cfg.Gap)
		}
		if time.Since(start) >= cfg.Duration {
			break
		}
	}
	stopLoad()
	<-loaded
	loadEnd := time.Now()
	logf("load stopped after %s; waiting up to %s for every order to complete and every stream to end", loadEnd.Sub(start).Round(time.Second), cfg.Drain)
	drained := make(chan struct{})
	go func() { ld.streams.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(cfg.Drain):
		stopStreams()
		<-drained
	}
	orders := verifyOrders(context.WithoutCancel(ctx), api, ld.ledger, cfg.Drain)
	// The dispatchers poll the outbox every second and retry a failed
	// delivery after 5s: a minute settles what the index has written.
	hooks := verifyWebhooks(c.webhooks, ld.ledger.all(), webhookSettle)
	deliveries, _ := c.webhooks.snapshot()
	stopSampling()
	<-sampled
	rep := buildReport(cfg, start, loadEnd, rec.snapshot(), lb.failovers.Load(), runs, smp.all(), ld.ledger.all(), orders, hooks, deliveries)
	return rep, ctx.Err()
}

// webhookSettle bounds the wait, once every order is listed completed,
// for their webhook events.
const webhookSettle = time.Minute

func replicaAddrs(c *cluster) []string {
	var out []string
	for _, r := range c.replicas {
		out = append(out, r.addr)
	}
	return out
}
