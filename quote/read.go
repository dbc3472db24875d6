package quote

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

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
	var wg sync.WaitGroup
	for i, chain := range jobs {
		wg.Go(func() {
			results[i] = result{chain: chain}
			rtm := r.e.runtimeOf(chain)
			if rtm == nil || !rtm.Has(chain) {
				results[i].err = fmt.Errorf("no chain reader is configured for %s", chain)
				return
			}
			batch, prev := dedupe(reads[chain]), r.state[chain]
			results[i].state, results[i].err = callBounded(ctx, r.e.timeout, func(ctx context.Context) (State, error) {
				return rtm.ReadState(ctx, chain, batch, prev)
			})
		})
	}
	wg.Wait()
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

func dedupe(reads []Read) []Read {
	seen := make(map[string]bool, len(reads))
	out := reads[:0:0]
	for _, rd := range reads {
		if k := rd.ReadKey(); !seen[k] {
			seen[k] = true
			out = append(out, rd)
		}
	}
	return out
}
