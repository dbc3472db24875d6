package evm

import (
	"errors"
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
	counter := func(name, help string) (*prometheus.CounterVec, error) {
		return promreg.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "orchestration", Subsystem: "evm", Name: name, Help: help,
		}, []string{"chain"}))
	}
	gauge := func(name, help string) (*prometheus.GaugeVec, error) {
		return promreg.Register(reg, prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: "orchestration", Subsystem: "evm", Name: name, Help: help,
		}, []string{"chain"}))
	}
	m := &metrics{}
	var errs [15]error
	m.trips, errs[0] = counter("round_trips_total", "JSON-RPC round trips made to EVM nodes on the request path, by chain.")
	m.errors, errs[1] = counter("read_errors_total", "Reads of EVM chains that failed, by chain.")
	m.evictions, errs[2] = counter("state_cache_evictions_total", "Cached state answers dropped to keep the per-chain bound (Config.StateCacheSize), by chain.")
	m.entries, errs[3] = gauge("state_cache_entries", "Cached state answers held, by chain.")
	m.head, errs[4] = gauge("head", "Newest block number the head follower has seen, by chain.")
	m.headSeen, errs[5] = gauge("head_seen_timestamp_seconds", "Unix time the head follower last heard the chain's head; time() minus it is the head's age.")
	m.polls, errs[6] = counter("head_polls_total", "eth_blockNumber calls and newHeads notifications of the head follower, by chain.")
	m.headErrs, errs[7] = counter("head_errors_total", "Failed polls and broken subscriptions of the head follower, by chain.")
	m.fallbacks, errs[8] = counter("head_fallbacks_total", "Reads that asked eth_blockNumber because the followed head was older than Config.HeadMaxAge (a stalled follower), by chain.")
	m.hotSetsN, errs[9] = gauge("hot_sets", "Sets of state calls remembered for the per-block refresh (Config.HotSets), by chain.")
	m.refreshes, errs[10] = counter("hot_refreshes_total", "Per-block refreshes of the hot sets (one aggregate3 each, background, not in round_trips_total), by chain.")
	m.refreshN, errs[11] = counter("hot_refreshed_calls_total", "Calls read again by the per-block refreshes, by chain.")
	m.refreshErrs, errs[12] = counter("hot_refresh_errors_total", "Per-block refreshes that failed (reads then go to the node as without one), by chain.")
	m.refreshTime, errs[13] = promreg.Register(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: "orchestration", Subsystem: "evm", Name: "hot_refresh_seconds",
		Help:    "Duration of the per-block refreshes of the hot sets, by chain.",
		Buckets: prometheus.ExponentialBuckets(0.005, 2, 10),
	}, []string{"chain"}))
	m.hotHits, errs[14] = counter("hot_hits_total", "Reads answered without a round trip from a per-block refresh, by chain.")
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	for _, c := range chains { // export zeros from the start
		for _, v := range []*prometheus.CounterVec{m.trips, m.errors, m.evictions, m.polls, m.headErrs, m.fallbacks, m.refreshes, m.refreshN, m.refreshErrs, m.hotHits} {
			v.WithLabelValues(string(c))
		}
		m.entries.WithLabelValues(string(c))
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
