package quote

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"
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
	grace := time.NewTimer(timeout + min(timeout/2, time.Second))
	defer grace.Stop()
	var zero T
	select {
	case r := <-ch:
		return r.v, r.err
	case <-ctx.Done():
		return zero, ctx.Err()
	case <-grace.C:
		return zero, errIgnoredDeadline
	}
}
