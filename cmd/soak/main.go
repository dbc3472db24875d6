// Command soak runs the whole service as an operator deploys it and
// breaks it on purpose, then reports what each outage cost (issue 31).
//
//	go run ./cmd/soak                 # the short form: 2 replicas, every fault once, a few minutes
//	go run ./cmd/soak -form long      # the long form: 3 replicas, every fault, 30 minutes or more
//
// It starts a PostgreSQL cluster and a Redis server of its own on free
// ports (never the shared ones), `orchestrationd devnet` with its fault
// switches, the example remote solver, a fault proxy in front of each
// chain's JSON-RPC endpoint and the solver, and N `orchestrationd serve`
// replicas on that one database and Redis, the first of them keeping the
// order index. A closed-loop load of the real mix runs through a
// round-robin balancer with failover while the faults run on a schedule;
// then it checks every order opened was listed exactly once, completed
// (or, given to a solver that never fills, cancelled and refunded),
// streamed to its end and told to the key's webhook, and prints the
// report (-json writes it too).
// It exits 1 when the verdict fails (see verdict in report.go).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Config is one soak run. Presets gives the short and long forms.
type Config struct {
	// Dir holds the run's databases, configurations and logs; empty means
	// a new temporary directory.
	Dir string
	// Orchestrationd and Solver are prebuilt binaries; empty builds them.
	Orchestrationd, Solver string
	// Replicas is how many serve replicas run; the first indexes orders.
	Replicas int
	// Warmup runs the load before the first fault.
	Warmup time.Duration
	// Window is how long each fault lasts; BlockStall the block stall's.
	Window, BlockStall time.Duration
	// Gap is the load between one fault's end and the next one.
	Gap time.Duration
	// Duration is the least time the faults run: rounds of every fault
	// repeat until it is reached (at least one round).
	Duration time.Duration
	// Grace is how long after a fault is mended its documented answers
	// are still expected (a key cache entry, a retry in flight).
	Grace time.Duration
	// Think is each client's pause between iterations (the load is
	// closed-loop: one request at a time per client).
	Think time.Duration
	// TradeEvery is the least time between two orders of one trader.
	TradeEvery time.Duration
	// SampleEvery is how often each replica's /metrics is read.
	SampleEvery time.Duration
	// Drain bounds the wait, after the load, for every order to complete
	// and every stream to end.
	Drain time.Duration
	// HeapBound is the most heap (go_memstats_heap_alloc_bytes) a replica
	// may hold at any sample.
	HeapBound float64
	// RelayDelay is the devnet's bridge latency.
	RelayDelay time.Duration
}

// Presets are the documented forms of a run.
var Presets = map[string]Config{
	"short": {Replicas: 2, Warmup: 20 * time.Second, Window: 15 * time.Second, BlockStall: 30 * time.Second, Gap: 15 * time.Second,
		Grace: 10 * time.Second, Think: 300 * time.Millisecond, TradeEvery: 8 * time.Second, SampleEvery: 5 * time.Second, Drain: 3 * time.Minute,
		HeapBound: 256 << 20, RelayDelay: time.Second},
	"long": {Replicas: 3, Warmup: time.Minute, Window: time.Minute, BlockStall: 3 * time.Minute, Gap: time.Minute, Duration: 30 * time.Minute,
		Grace: 10 * time.Second, Think: 300 * time.Millisecond, TradeEvery: 8 * time.Second, SampleEvery: 30 * time.Second, Drain: 5 * time.Minute,
		HeapBound: 256 << 20, RelayDelay: time.Second},
}

func main() {
	form := flag.String("form", "short", "short (CI: 2 replicas, every fault once) or long (3 replicas, 30 minutes or more)")
	replicas := flag.Int("replicas", 0, "serve replicas (0: the form's)")
	duration := flag.Duration("duration", -1, "least time the faults run, in rounds of every fault (-1: the form's)")
	dir := flag.String("dir", "", "work directory for databases, configurations and logs (empty: a new temporary one, kept)")
	jsonOut := flag.String("json", "", "also write the report as JSON to this file")
	bin := flag.String("orchestrationd", "", "prebuilt orchestrationd binary (empty: go build)")
	solver := flag.String("solver", "", "prebuilt examples/solver binary (empty: go build)")
	window := flag.Duration("window", 0, "each fault's window (0: the form's); the block stall lasts twice as long")
	gap := flag.Duration("gap", 0, "load between faults (0: the form's)")
	heapBound := flag.Int("heap-bound-mib", 0, "most heap a replica may hold at any sample, MiB (0: the form's)")
	flag.Parse()
	cfg, ok := Presets[*form]
	if !ok {
		fmt.Fprintf(os.Stderr, "soak: -form must be short or long, got %q\n", *form)
		os.Exit(2)
	}
	if *replicas > 0 {
		cfg.Replicas = *replicas
	}
	if *duration >= 0 {
		cfg.Duration = *duration
	}
	if *window > 0 {
		cfg.Window, cfg.BlockStall = *window, 2**window
	}
	if *gap > 0 {
		cfg.Gap = *gap
	}
	if *heapBound > 0 {
		cfg.HeapBound = float64(*heapBound) * (1 << 20)
	}
	cfg.Dir, cfg.Orchestrationd, cfg.Solver = *dir, *bin, *solver

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logf := func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, "soak %s: %s\n", time.Now().UTC().Format("15:04:05"), fmt.Sprintf(format, args...))
	}
	rep, err := Run(ctx, cfg, logf)
	if rep != nil {
		rep.write(os.Stdout)
		if *jsonOut != "" {
			b, _ := json.MarshalIndent(rep, "", "  ")
			if werr := os.WriteFile(*jsonOut, b, 0o644); werr != nil {
				logf("writing %s: %v", *jsonOut, werr)
			}
		}
	}
	if err != nil {
		logf("%v", err)
		os.Exit(1)
	}
	if !rep.Pass {
		os.Exit(1)
	}
}
