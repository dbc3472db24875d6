// Package testclock is a settable clock for tests of code that takes a
// time source (a func() time.Time field or option), so that expiry, retry
// and window logic is tested by stepping time rather than sleeping.
package testclock

import (
	"sync"
	"time"
)

// Clock is a time source that moves only when told to. It is safe for
// concurrent use; the zero value reads the zero time.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New returns a Clock reading t.
func New(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}
