package bench

import (
	"net/http"
	"sync/atomic"
	"time"
)

// LatencyTransport is an http.RoundTripper for tests and benchmarks: it
// waits Delay before every round trip, as a distant node would, and counts
// the round trips. Use it as the Transport of evm.DialOptions.HTTPClient.
type LatencyTransport struct {
	// Base carries the requests; nil means http.DefaultTransport.
	Base http.RoundTripper
	// Delay is added to every round trip.
	Delay time.Duration

	n atomic.Int64
}

// RoundTrip waits Delay (or until the request's context ends), then sends
// req through Base.
func (t *LatencyTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	t.n.Add(1)
	if t.Delay > 0 {
		timer := time.NewTimer(t.Delay)
		select {
		case <-timer.C:
		case <-req.Context().Done():
			timer.Stop()
			return nil, req.Context().Err()
		}
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(req)
}

// Count is the number of round trips started so far.
func (t *LatencyTransport) Count() int64 { return t.n.Load() }
