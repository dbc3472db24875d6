package quote

import "time"

// SetClock makes e read the time from now, so that tests can step over
// DefaultEdgesRetry without sleeping. Call it before e is used.
func SetClock(e *Engine, now func() time.Time) { e.now = now }

// AwaitEdges waits until the listing of provider id's edges under way, if
// any, has recorded its answer: it joins the shared call.
func AwaitEdges(e *Engine, id string) {
	<-e.group.DoChan(id, func() (any, error) { return nil, nil })
}
