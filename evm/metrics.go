package evm

import (
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
)

// metrics are the Reader's Prometheus collectors; a nil *metrics counts
// nothing.
type metrics struct {
	trips     *prometheus.CounterVec
	errors    *prometheus.CounterVec
	evictions *prometheus.CounterVec
	entries   *prometheus.GaugeVec
	head      *prometheus.GaugeVec
	headSeen  *prometheus.GaugeVec
	polls     *prometheus.CounterVec
	headErrs  *prometheus.CounterVec
	fallbacks *prometheus.CounterVec

	hotSetsN    *prometheus.GaugeVec
	refreshes   *prometheus.CounterVec
	refreshN    *prometheus.CounterVec
	refreshErrs *prometheus.CounterVec
	refreshTime *prometheus.HistogramVec
	hotHits     *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer, chains []orchestration.Chain) (*metrics, error) {
	if reg == nil {
		return nil, nil
	}
	c := promreg.ForChains(reg, "orchestration", "evm", chains)
	m := &metrics{
		trips:     c.Counter("round_trips_total", "JSON-RPC round trips made to EVM nodes on the request path, by chain."),
		errors:    c.Counter("read_errors_total", "Reads of EVM chains that failed, by chain."),
		evictions: c.Counter("state_cache_evictions_total", "Cached state answers dropped to keep the per-chain bound (Config.StateCacheSize), by chain."),
		entries:   c.Gauge("state_cache_entries", "Cached state answers held, by chain."),
		// No zero series: a head of 0, seen at 1970, would be a false reading.
		head:      c.UnsetGauge("head", "Newest block number the head follower has seen, by chain."),
		headSeen:  c.UnsetGauge("head_seen_timestamp_seconds", "Unix time the head follower last heard the chain's head; time() minus it is the head's age."),
		polls:     c.Counter("head_polls_total", "eth_blockNumber calls and newHeads notifications of the head follower, by chain."),
		headErrs:  c.Counter("head_errors_total", "Failed polls and broken subscriptions of the head follower, by chain."),
		fallbacks: c.Counter("head_fallbacks_total", "Reads that asked eth_blockNumber because the followed head was older than Config.HeadMaxAge (a stalled follower), by chain."),

		hotSetsN:    c.UnsetGauge("hot_sets", "Sets of state calls remembered for the per-block refresh (Config.HotSets), by chain."),
		refreshes:   c.Counter("hot_refreshes_total", "Per-block refreshes of the hot sets (one aggregate3 each, background, not in round_trips_total), by chain."),
		refreshN:    c.Counter("hot_refreshed_calls_total", "Calls read again by the per-block refreshes, by chain."),
		refreshErrs: c.Counter("hot_refresh_errors_total", "Per-block refreshes that failed (reads then go to the node as without one), by chain."),
		refreshTime: c.Histogram("hot_refresh_seconds", "Duration of the per-block refreshes of the hot sets, by chain.", prometheus.ExponentialBuckets(0.005, 2, 10)),
		hotHits:     c.Counter("hot_hits_total", "Reads answered without a round trip from a per-block refresh, by chain."),
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *metrics) trip(chain orchestration.Chain) {
	if m != nil {
		m.trips.WithLabelValues(string(chain)).Inc()
	}
}

func (m *metrics) readError(chain orchestration.Chain) {
	if m != nil {
		m.errors.WithLabelValues(string(chain)).Inc()
	}
}

func (m *metrics) evicted(chain orchestration.Chain) {
	if m != nil {
		m.evictions.WithLabelValues(string(chain)).Inc()
	}
}

func (m *metrics) cacheEntries(chain orchestration.Chain, n int) {
	if m != nil {
		m.entries.WithLabelValues(string(chain)).Set(float64(n))
	}
}

func (m *metrics) headSeenAt(chain orchestration.Chain, head uint64, at time.Time) {
	if m != nil {
		m.head.WithLabelValues(string(chain)).Set(float64(head))
		m.headSeen.WithLabelValues(string(chain)).Set(float64(at.UnixNano()) / 1e9)
	}
}

func (m *metrics) poll(chain orchestration.Chain) {
	if m != nil {
		m.polls.WithLabelValues(string(chain)).Inc()
	}
}

func (m *metrics) headError(chain orchestration.Chain) {
	if m != nil {
		m.headErrs.WithLabelValues(string(chain)).Inc()
	}
}

func (m *metrics) fallback(chain orchestration.Chain) {
	if m != nil {
		m.fallbacks.WithLabelValues(string(chain)).Inc()
	}
}

func (m *metrics) hotSets(chain orchestration.Chain, n int) {
	if m != nil {
		m.hotSetsN.WithLabelValues(string(chain)).Set(float64(n))
	}
}

func (m *metrics) refreshed(chain orchestration.Chain, calls int, took time.Duration) {
	if m != nil {
		m.refreshes.WithLabelValues(string(chain)).Inc()
		m.refreshN.WithLabelValues(string(chain)).Add(float64(calls))
		m.refreshTime.WithLabelValues(string(chain)).Observe(took.Seconds())
	}
}

func (m *metrics) refreshError(chain orchestration.Chain) {
	if m != nil {
		m.refreshErrs.WithLabelValues(string(chain)).Inc()
	}
}

func (m *metrics) hotHit(chain orchestration.Chain) {
	if m != nil {
		m.hotHits.WithLabelValues(string(chain)).Inc()
	}
}
