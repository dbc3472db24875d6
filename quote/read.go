package quote

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// read runs one read phase: each chain's reads, deduplicated, in one batch
// of the chain's runtime, chains concurrently. A chain read in an earlier
// phase is read at that phase's point. A chain that fails keeps its error:
// legs that need it fail, others go on.
func (r *run) read(ctx context.Context, reads map[orchestration.Chain][]Read) {
	type result struct {
		chain orchestration.Chain
		state State
		err   error
	}
	var jobs []orchestration.Chain
	for chain, rs := range reads {
		if len(rs) == 0 || r.readErr[chain] != nil {
			continue
		}
		jobs = append(jobs, chain)
	}
	if len(jobs) == 0 {
		return
	}
	results := make([]result, len(jobs))
	one := func(i int, chain orchestration.Chain) {
		results[i] = result{chain: chain}
		rtm := r.e.runtimeOf(chain) // not r.runtimeOf: chains are read concurrently
		if rtm == nil || !rtm.Has(chain) {
			results[i].err = fmt.Errorf("no chain reader is configured for %s", chain)
			return
		}
		results[i].state, results[i].err = r.readChain(ctx, rtm, chain, dedupe(reads[chain]))
	}
	if len(jobs) == 1 {
		one(0, jobs[0]) // a same-chain quote: no goroutine
	} else {
		var wg sync.WaitGroup
		for i, chain := range jobs {
			wg.Go(func() { one(i, chain) })
		}
		wg.Wait()
	}
	for _, res := range results {
		if res.err != nil {
			r.readErr[res.chain] = res.err
			r.e.log().LogAttrs(ctx, slog.LevelWarn, "quote chain read failed",
				slog.String("chain", string(res.chain)), slog.Any("error", res.err),
				slog.String("requestId", orchestration.RequestIDFromContext(ctx)))
			continue
		}
		r.state[res.chain] = res.state
	}
}

// readChain reads one chain's batch under the provider timeout. Runtimes
// are the router's own readers, which honour their context, so the read
// runs on the calling goroutine (a panic is the chain's error) and gets a
// deadline of its own only when ctx's is later.
func (r *run) readChain(ctx context.Context, rtm Runtime, chain orchestration.Chain, batch []Read) (State, error) {
	prev := r.state[chain]
	if cr, ok := rtm.(CachedStateReader); ok {
		if s, ok := cachedState(cr, chain, batch, prev); ok {
			return s, nil // at hand: no deadline, no context
		}
	}
	if d, ok := ctx.Deadline(); !ok || time.Until(d) > r.e.timeout {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.e.timeout)
		defer cancel()
	}
	return callLocal(ctx, func(ctx context.Context) (State, error) {
		return rtm.ReadState(ctx, chain, batch, prev)
	})
}

// cachedState asks cr for the state at hand; a panic is a no.
func cachedState(cr CachedStateReader, chain orchestration.Chain, batch []Read, prev State) (s State, ok bool) {
	defer func() {
		if recover() != nil {
			s, ok = nil, false
		}
	}()
	return cr.CachedState(chain, batch, prev)
}

// dedupe returns reads without repeats (routes share reads), in order.
func dedupe(reads []Read) []Read {
	seen := seenPool.Get().(map[string]struct{})
	defer func() {
		clear(seen)
		seenPool.Put(seen)
	}()
	out := make([]Read, 0, len(reads))
	for _, rd := range reads {
		k := rd.ReadKey()
		if _, dup := seen[k]; !dup {
			seen[k] = struct{}{}
			out = append(out, rd)
		}
	}
	return out
}

// seenPool holds dedupe's sets, which every read phase needs.
var seenPool = sync.Pool{New: func() any { return make(map[string]struct{}) }}
