package quote

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// errIgnoredDeadline marks a provider call that did not return after its
// deadline plus the grace period, and was abandoned.
var errIgnoredDeadline = fmt.Errorf("provider ignored its deadline and was abandoned: %w", context.DeadlineExceeded)

// panicError is a provider call that panicked; the stack goes to the log.
type panicError struct {
	value any
	stack []byte
}

func (p *panicError) Error() string { return fmt.Sprintf("provider panicked: %v", p.value) }

// callBounded runs fn under its own deadline of timeout. A panic in fn
// becomes a *panicError. If fn ignores its cancelled context, callBounded
// stops waiting half a timeout (at most a second) after the deadline and
// returns errIgnoredDeadline; fn's goroutine ends whenever fn returns, and
// its late answer is dropped (the channel is buffered, so it never blocks).
// If the caller's ctx ends first, callBounded returns ctx's error at once.
func callBounded[T any](ctx context.Context, timeout time.Duration, fn func(context.Context) (T, error)) (T, error) {
	return startBounded(ctx, timeout, fn)()
}

// startBounded starts fn as callBounded runs it and returns the wait for
// its answer, under callBounded's rules: the caller can start several
// calls and price something else before it waits.
func startBounded[T any](ctx context.Context, timeout time.Duration, fn func(context.Context) (T, error)) (wait func() (T, error)) {
	type result struct {
		v   T
		err error
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	ch := make(chan result, 1)
	go func() {
		defer cancel()
		var r result
		defer func() {
			if p := recover(); p != nil {
				r = result{err: &panicError{value: p, stack: debug.Stack()}}
			}
			ch <- r
		}()
		r.v, r.err = fn(cctx)
	}()
	return func() (T, error) {
		var zero T
		select {
		case r := <-ch:
			return r.v, r.err
		case <-ctx.Done():
			return zero, ctx.Err()
		case <-cctx.Done():
			// fn returned (its answer is in ch) or the deadline passed:
			// only now is a grace timer worth its allocation, most legs
			// never get here.
		}
		grace := time.NewTimer(min(timeout/2, time.Second))
		defer grace.Stop()
		select {
		case r := <-ch:
			return r.v, r.err
		case <-ctx.Done():
			return zero, ctx.Err()
		case <-grace.C:
			return zero, errIgnoredDeadline
		}
	}
}

// callLocal runs fn on the caller's goroutine, a panic becoming a
// *panicError: the call of a LocalPricer, which needs no deadline of its
// own.
func callLocal[T any](ctx context.Context, fn func(context.Context) (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			var zero T
			v, err = zero, &panicError{value: p, stack: debug.Stack()}
		}
	}()
	return fn(ctx)
}

// PerChain runs fn for each of chains concurrently, under ctx, and returns
// when all have: results[i] and errs[i] are chains[i]'s. It is the one
// fan-out providers use to read chains, in Edges; a panic in fn is
// chains[i]'s error, not the process's.
func PerChain[C, T any](ctx context.Context, chains []C, fn func(context.Context, C) (T, error)) (results []T, errs []error) {
	results, errs = make([]T, len(chains)), make([]error, len(chains))
	var wg sync.WaitGroup
	for i, c := range chains {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					errs[i] = &panicError{value: p, stack: debug.Stack()}
				}
			}()
			results[i], errs[i] = fn(ctx, c)
		})
	}
	wg.Wait()
	return results, errs
}

// JoinChainEdges is what Provider.Edges returns for edges listed chain by
// chain (with PerChain): the edges of every chain read, and an error
// joining the others' failures, each named by provider and chain and logged
// at Warn, so that the Engine serves the chains read and asks again later
// for the rest.
func JoinChainEdges(ctx context.Context, log *slog.Logger, provider orchestration.ProviderID, chains []orchestration.Chain, edges [][]Edge, errs []error) ([]Edge, error) {
	var out []Edge
	var failed []error
	for i, chain := range chains {
		if err := errs[i]; err != nil {
			err = fmt.Errorf("%s: %s: %w", provider, chain, err)
			failed = append(failed, err)
			log.LogAttrs(ctx, slog.LevelWarn, "quote provider could not list a chain's edges; it is asked again later",
				slog.String("provider", string(provider)), slog.String("chain", string(chain)), slog.Any("error", errs[i]))
			continue
		}
		out = append(out, edges[i]...)
	}
	return out, errors.Join(failed...)
}
