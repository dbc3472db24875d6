package ratelimit

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultRetryInterval is how long a Fallback judges requests locally after
// its shared limiter failed, before trying it again, unless configured
// otherwise.
const DefaultRetryInterval = time.Second

// FallbackConfig configures a Fallback. The zero value means the defaults.
type FallbackConfig struct {
	// Name names the shared limiter in logs and in Check's error, such as
	// "redis"; empty means "shared limiter". It must not hold credentials.
	Name string
	// Logger receives one Warn when an outage starts and one Info when it
	// ends; nil means slog.Default().
	Logger *slog.Logger
	// RetryInterval is how long after a failure requests skip the shared
	// limiter; then one request tries it again. Zero means
	// DefaultRetryInterval.
	RetryInterval time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Pinger is implemented by shared limiters that can tell whether they are
// reachable without counting a request, such as redislimit.Limiter.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Fallback is a Limiter that asks a shared limiter and, while that fails,
// a local one, so that an outage of the shared store never fails a request.
// After a failure it stops asking the shared limiter for RetryInterval, so
// requests do not each wait for a dead server; then one request probes it,
// as does every Check. Safe for concurrent use.
type Fallback struct {
	shared, local Limiter
	name          string
	log           *slog.Logger
	retry         time.Duration
	now           func() time.Time

	down atomic.Bool // fast path: false while the shared limiter answers

	mu      sync.Mutex
	since   time.Time // start of the current outage
	lastErr error
	retryAt time.Time
	probing bool
}

var _ Limiter = (*Fallback)(nil)

// NewFallback returns a Fallback over shared, using local during outages.
func NewFallback(shared, local Limiter, cfg FallbackConfig) *Fallback {
	f := &Fallback{shared: shared, local: local, name: cfg.Name, log: cfg.Logger, retry: cfg.RetryInterval, now: cfg.Now}
	if f.name == "" {
		f.name = "shared limiter"
	}
	if f.log == nil {
		f.log = slog.Default()
	}
	if f.retry <= 0 {
		f.retry = DefaultRetryInterval
	}
	if f.now == nil {
		f.now = time.Now
	}
	return f
}

// Allow asks the shared limiter unless it is in an outage, and the local
// limiter when it is or when it fails now. It returns an error only for an
// invalid limit.
func (f *Fallback) Allow(ctx context.Context, key string, limit Limit) (Decision, error) {
	if limit.IsOff() {
		return Decision{Allowed: true}, nil
	}
	if err := limit.Validate(); err != nil {
		return Decision{}, err
	}
	if !f.useShared() {
		return f.local.Allow(ctx, key, limit)
	}
	d, err := f.shared.Allow(ctx, key, limit)
	switch {
	case err == nil:
		f.up()
		return d, nil
	case ctx.Err() != nil:
		// The caller gave up; that says nothing about the shared limiter.
		f.endProbe()
	default:
		f.fail(err)
	}
	return f.local.Allow(ctx, key, limit)
}

// Check reports whether the shared limiter is in use: nil, or an error
// saying since when it is not. A shared limiter that is a Pinger is pinged,
// so Check also notices an outage, and its end, without traffic. Use it as
// a readiness check: a replica in an outage serves, but with local limits.
func (f *Fallback) Check(ctx context.Context) error {
	if p, ok := f.shared.(Pinger); ok {
		if err := p.Ping(ctx); err != nil {
			if ctx.Err() == nil {
				f.fail(err)
			}
			return fmt.Errorf("ratelimit: %s unreachable, limiting locally: %w", f.name, err)
		}
		f.up()
		return nil
	}
	if !f.down.Load() {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return fmt.Errorf("ratelimit: %s failing since %s, limiting locally: %w",
		f.name, f.since.UTC().Format(time.RFC3339), f.lastErr)
}

// useShared says whether this request asks the shared limiter: always while
// it works, and during an outage only the one request that probes it once
// RetryInterval has passed.
func (f *Fallback) useShared() bool {
	if !f.down.Load() {
		return true
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.down.Load() {
		return true
	}
	if f.probing || f.now().Before(f.retryAt) {
		return false
	}
	f.probing = true
	return true
}

func (f *Fallback) endProbe() {
	if !f.down.Load() {
		return
	}
	f.mu.Lock()
	f.probing = false
	f.mu.Unlock()
}

// fail records a failure of the shared limiter, logging the start of an
// outage.
func (f *Fallback) fail(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.now()
	f.lastErr = err
	f.retryAt = now.Add(f.retry)
	f.probing = false
	if f.down.Load() {
		return
	}
	f.since = now
	f.down.Store(true)
	f.log.Warn("rate limiter unreachable; limiting locally until it recovers",
		slog.String("limiter", f.name), slog.String("error", err.Error()))
}

// up records that the shared limiter answered, logging the end of an
// outage.
func (f *Fallback) up() {
	if !f.down.Load() {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.down.Load() {
		return
	}
	f.down.Store(false)
	f.probing = false
	f.log.Info("rate limiter recovered; limits are shared again",
		slog.String("limiter", f.name), slog.Duration("outage", f.now().Sub(f.since)))
}
