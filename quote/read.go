package quote

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// chainStates is what the read phases gave, by chain: the state read so
// far, and the error that failed the chain. read returns it; pricing and
// composing read it.
type chainStates struct {
	state map[orchestration.Chain]State
	err   map[orchestration.Chain]error
}

// phase is one read phase's work: the reads by chain, and the legs of known
// amount whose Prefetchers are told when a read goes to a node.
type phase struct {
	reads map[orchestration.Chain][]Read
	legs  []*legCall
}

// reader is the read stage's scratch, kept from request to request (runs).
type reader struct {
	jobs    []orchestration.Chain // the phase's chains to read
	results []readResult          // and what each gave
	// The maps read hands on, empty at a request's first phase.
	states     chainStates
	prefetched atomic.Bool // the phase's Prefetchers were told
}

func newReader() *reader {
	return &reader{states: chainStates{state: map[orchestration.Chain]State{}, err: map[orchestration.Chain]error{}}}
}

// reset empties rd for the next request, keeping its arrays and maps.
func (rd *reader) reset() {
	clear(rd.states.state)
	clear(rd.states.err)
	clearToCap(rd.jobs)
	clear(rd.results)
	rd.jobs, rd.results = rd.jobs[:0], rd.results[:0]
	rd.prefetched.Store(false)
}

// from is earlier, or the reader's maps before the first phase: empty,
// or what seed put there.
func (rd *reader) from(earlier chainStates) chainStates {
	if earlier.state == nil {
		return rd.states
	}
	return earlier
}

// seed starts the request's states with s's (copied: the run's maps are
// its own): its first phase reads those chains at s's points, and not
// the chains s failed.
func (rd *reader) seed(s chainStates) {
	maps.Copy(rd.states.state, s.state)
	maps.Copy(rd.states.err, s.err)
}

// read runs one read phase: each chain's reads, deduplicated, in one batch
// of the chain's runtime, chains concurrently, and returns states (what the
// earlier phases gave; the zero value before the first) with the phase's
// answers added. A chain read in an earlier phase is read at that phase's
// point. A chain that fails keeps its error: legs that need it fail,
// others go on. Each chain's list of reads is deduplicated in place.
func (r *run) read(ctx context.Context, ph phase, earlier chainStates) chainStates {
	rd := r.reader
	states := rd.from(earlier) // assigned once, so the goroutines copy it: not moved to the heap
	rd.prefetched.Store(false)
	jobs := rd.jobs[:0]
	for chain, rs := range ph.reads {
		if len(rs) == 0 || states.err[chain] != nil {
			continue
		}
		jobs = append(jobs, chain)
	}
	rd.jobs = jobs
	if len(jobs) == 0 {
		return states
	}
	rd.results = resized(rd.results, len(jobs))
	if len(jobs) == 1 {
		r.readOne(ctx, ph, states, 0) // a same-chain quote: no goroutine
	} else {
		var wg sync.WaitGroup
		for i := range jobs {
			wg.Go(func() { r.readOne(ctx, ph, states, i) })
		}
		wg.Wait()
	}
	for i, res := range rd.results {
		chain := jobs[i]
		if res.err != nil {
			states.err[chain] = res.err
			r.e.log().LogAttrs(ctx, slog.LevelWarn, "quote chain read failed",
				slog.String("chain", string(chain)), slog.Any("error", res.err),
				slog.String("requestId", orchestration.RequestIDFromContext(ctx)))
			continue
		}
		states.state[chain] = res.state
	}
	clear(rd.results)
	return states
}

// readResult is what reading one chain of a phase gave.
type readResult struct {
	state State
	err   error
}

// readOne reads the phase's chain r.reader.jobs[i] into
// r.reader.results[i]. The read phase's goroutines run it, one chain each.
func (r *run) readOne(ctx context.Context, ph phase, states chainStates, i int) {
	rd := r.reader
	chain := rd.jobs[i]
	rtm := r.e.runtimeOf(chain) // not r.runtimeOf: chains are read concurrently
	if rtm == nil || !rtm.Has(chain) {
		rd.results[i] = readResult{err: fmt.Errorf("no chain reader is configured for %s", chain)}
		return
	}
	batch := dedupe(ph.reads[chain])
	st, err := r.readChain(ctx, rtm, chain, batch, states.state[chain], ph.legs)
	rd.results[i] = readResult{state: st, err: err}
}

// readChain reads one chain's batch, at prev's point when an earlier phase
// read the chain, under the provider timeout. Runtimes are the router's
// own readers, which honour their context, so the read runs on the calling
// goroutine (a panic is the chain's error) and gets a deadline of its own
// only when ctx's is later.
func (r *run) readChain(ctx context.Context, rtm Runtime, chain orchestration.Chain, batch []Read, prev State, legs []*legCall) (State, error) {
	if cr, ok := rtm.(CachedStateReader); ok {
		if s, ok := cachedState(cr, chain, batch, prev); ok {
			return s, nil // at hand: no deadline, no context
		}
	}
	r.prefetch(legs) // the node is asked: let the legs' other waits overlap it
	// The runtime's own copy: the batch is the run's, reused once this
	// phase is over, and a runtime may keep what it was asked.
	batch = slices.Clone(batch)
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

// dedupe removes repeats from reads (routes share reads), in place,
// keeping the first of each in order.
func dedupe(reads []Read) []Read {
	seen := seenPool.Get().(map[string]struct{})
	defer func() {
		clear(seen)
		seenPool.Put(seen)
	}()
	out := reads[:0]
	for _, rd := range reads {
		k := rd.ReadKey()
		if _, dup := seen[k]; !dup {
			seen[k] = struct{}{}
			out = append(out, rd)
		}
	}
	clear(reads[len(out):])
	return out
}

// seenPool holds dedupe's sets, which every read phase needs.
var seenPool = sync.Pool{New: func() any { return make(map[string]struct{}) }}

// prefetch calls, once per read phase, the Prefetchers among the phase's
// legs of known amount: their input, or an exact-output leg's output. The
// phase's chains may be read concurrently: the first to go to a node does
// it.
func (r *run) prefetch(legs []*legCall) {
	if !r.reader.prefetched.CompareAndSwap(false, true) {
		return
	}
	for _, c := range legs {
		if pf := r.e.prefetch[c.prov]; pf != nil && (c.req.AmountIn != nil || c.req.AmountOut != nil) {
			prefetchLeg(pf, c.req)
		}
	}
}

// prefetchLeg calls pf.Prefetch(leg); a panic is ignored (pricing the leg
// will meet the same fault and report it).
func prefetchLeg(pf Prefetcher, leg LegRequest) {
	defer func() { _ = recover() }()
	pf.Prefetch(leg)
}
