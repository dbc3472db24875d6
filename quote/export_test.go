package quote

import "time"

// SetClock makes e read the time from now, so that tests can step over
// DefaultEdgesRetry without sleeping. Call it before e is used.
func SetClock(e *Engine, now func() time.Time) { e.now = now }
