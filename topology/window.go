package topology

import (
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// Latency histograms record microseconds from 1 µs to 10 minutes with two
// significant digits.
const (
	latencyMin     = 1
	latencyMax     = int64(10 * time.Minute / time.Microsecond)
	latencySigFigs = 2
)

// window is one provider's outcomes over a sliding window: a ring of slots,
// each covering one bucket of time, reused when its time comes round again.
// Slots hold sparse (packed) histograms, so an idle or steady provider costs
// little. It is not safe for concurrent use.
type window struct {
	bucket time.Duration
	slots  []slot
}

type slot struct {
	epoch               int64 // the bucket number it holds: time / bucket
	ok, noRoute, failed int64
	latency             *hdrhistogram.PackedHistogram
	used                bool
}

func newWindow(length, bucket time.Duration) *window {
	n := max(1, int(length/bucket))
	return &window{bucket: bucket, slots: make([]slot, n)}
}

// record counts one outcome at time at. Outcomes older than the window are
// ignored.
func (w *window) record(at time.Time, status quote.Status, d time.Duration) {
	epoch := at.UnixNano() / int64(w.bucket)
	s := &w.slots[int(epoch%int64(len(w.slots)))]
	switch {
	case !s.used || s.epoch < epoch:
		s.epoch, s.ok, s.noRoute, s.failed, s.used = epoch, 0, 0, 0, true
		if s.latency == nil {
			s.latency = hdrhistogram.NewPacked(latencyMin, latencyMax, latencySigFigs)
		} else {
			s.latency.Reset()
		}
	case s.epoch > epoch:
		return // this slot already holds a later bucket
	}
	switch status {
	case quote.StatusOK:
		s.ok++
	case quote.StatusNoRoute:
		s.noRoute++
	default:
		s.failed++
	}
	if d > 0 {
		s.latency.RecordValue(min(max(d.Microseconds(), latencyMin), latencyMax))
	}
}

// read summarises the slots within the window ending at now.
func (w *window) read(id orchestration.ProviderID, now time.Time) orchestration.TopologyProviderStats {
	st := orchestration.TopologyProviderStats{
		Provider:      id,
		WindowSeconds: int64(w.bucket*time.Duration(len(w.slots))) / int64(time.Second),
	}
	nowEpoch := now.UnixNano() / int64(w.bucket)
	var merged *hdrhistogram.Histogram
	for i := range w.slots {
		s := &w.slots[i]
		if !s.used || s.epoch > nowEpoch || s.epoch <= nowEpoch-int64(len(w.slots)) {
			continue
		}
		st.OK += s.ok
		st.NoRoute += s.noRoute
		st.Failed += s.failed
		if s.latency.TotalCount() > 0 {
			if merged == nil {
				merged = hdrhistogram.New(latencyMin, latencyMax, latencySigFigs)
			}
			s.latency.MergeInto(merged)
		}
	}
	st.Requests = st.OK + st.NoRoute + st.Failed
	if st.Requests > 0 {
		rate := float64(st.OK+st.NoRoute) / float64(st.Requests)
		st.SuccessRate = &rate
	}
	if merged != nil {
		p50 := float64(merged.ValueAtQuantile(50)) / 1000
		p95 := float64(merged.ValueAtQuantile(95)) / 1000
		st.LatencyP50Ms, st.LatencyP95Ms = &p50, &p95
	}
	return st
}
