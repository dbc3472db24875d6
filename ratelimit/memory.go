package ratelimit

import (
	"context"
	"sync"
	"time"
)

// DefaultSweepInterval is how often a Memory limiter drops idle keys unless
// configured otherwise.
const DefaultSweepInterval = time.Minute

// MemoryConfig configures a Memory limiter. The zero value means the
// defaults.
type MemoryConfig struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// SweepInterval is how often Allow drops the keys that have their whole
	// burst again (idle for their period); zero means DefaultSweepInterval.
	SweepInterval time.Duration
}

// Memory is a Limiter keeping its state in the process, so a limit is per
// replica. It holds one entry per key and limit used within the last period
// of that limit (plus up to one SweepInterval), and nothing else: it needs no
// background goroutine and no Close. Safe for concurrent use.
type Memory struct {
	now   func() time.Time
	base  time.Time // times are offsets from base, monotonic with time.Now
	sweep time.Duration

	mu        sync.Mutex
	tat       map[memKey]time.Duration // theoretical arrival time, per key and limit
	nextSweep time.Duration
}

type memKey struct {
	key   string
	limit Limit
}

var _ Limiter = (*Memory)(nil)

// NewMemory returns an empty Memory limiter.
func NewMemory(cfg MemoryConfig) *Memory {
	m := &Memory{now: cfg.Now, sweep: cfg.SweepInterval, tat: map[memKey]time.Duration{}}
	if m.now == nil {
		m.now = time.Now
	}
	if m.sweep <= 0 {
		m.sweep = DefaultSweepInterval
	}
	m.base = m.now()
	m.nextSweep = m.sweep
	return m
}

// Allow applies GCRA: a request is allowed when the key's theoretical
// arrival time, advanced by one interval, is at most Count intervals ahead
// of now.
func (m *Memory) Allow(_ context.Context, key string, limit Limit) (Decision, error) {
	if limit.IsOff() {
		return Decision{Allowed: true}, nil
	}
	if err := limit.Validate(); err != nil {
		return Decision{}, err
	}
	interval := limit.Interval()
	k := memKey{key, limit}

	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now().Sub(m.base)
	if now >= m.nextSweep {
		m.sweepLocked(now)
	}
	tat := max(m.tat[k], now)
	next := tat + interval
	if allowAt := next - time.Duration(limit.Count)*interval; now < allowAt {
		return Decision{RetryAfter: allowAt - now}, nil
	}
	m.tat[k] = next
	return Decision{Allowed: true}, nil
}

// sweepLocked forgets the keys whose theoretical arrival time has passed:
// they have their whole burst again, exactly as a key never seen.
func (m *Memory) sweepLocked(now time.Duration) {
	for k, tat := range m.tat {
		if tat <= now {
			delete(m.tat, k)
		}
	}
	m.nextSweep = now + m.sweep
}

// Len returns the number of keys the limiter remembers.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.tat)
}
