package order

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"

	"github.com/m0-orchestration/m0/orchestration"
)

// indexMetrics are the Indexer's Prometheus metrics; a nil *indexMetrics
// records nothing.
type indexMetrics struct {
	head, indexedBlock, lag, leader, halted  *prometheus.GaugeVec
	events, reorgs, failures, forks, badLogs *prometheus.CounterVec
}

func newIndexMetrics(reg prometheus.Registerer, chains []orchestration.Chain) (*indexMetrics, error) {
	if reg == nil {
		return nil, nil
	}
	gauge := func(name, help string) (*prometheus.GaugeVec, error) {
		return promreg.Register(reg, prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: "orchestration", Subsystem: "order_index", Name: name, Help: help}, []string{"chain"}))
	}
	counter := func(name, help string) (*prometheus.CounterVec, error) {
		return promreg.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "orchestration", Subsystem: "order_index", Name: name, Help: help}, []string{"chain"}))
	}
	var m indexMetrics
	var errs [10]error
	m.head, errs[0] = gauge("head_block", "The newest block the chain's node reported, by chain.")
	m.indexedBlock, errs[1] = gauge("indexed_block", "The newest block whose OrderBook events are indexed, by chain.")
	m.lag, errs[2] = gauge("lag_blocks", "Blocks between the head and the newest block indexed, by chain (confirmations included).")
	m.leader, errs[3] = gauge("leader", "1 while this replica holds the chain's lease and indexes it, else 0.")
	m.events, errs[4] = counter("events_total", "OrderBook events indexed, by chain.")
	m.reorgs, errs[5] = counter("reorgs_total", "Re-orgs found and undone, by chain.")
	m.failures, errs[6] = counter("failures_total", "Indexing steps that failed (node or database errors), by chain.")
	m.halted, errs[7] = gauge("stopped", "1 once this replica stopped indexing the chain on a log that does not decode, else 0.")
	m.forks, errs[8] = counter("fork_retries_total", "Ranges not written, to be read again, because a log or header was not on the chain of the range's end (nodes on different forks), by chain.")
	m.badLogs, errs[9] = counter("undecodable_logs_total", "OrderBook logs that did not decode, each stopping the chain's index, by chain.")
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	for _, c := range chains { // export zeros from the start
		for _, g := range []*prometheus.GaugeVec{m.head, m.indexedBlock, m.lag, m.leader, m.halted} {
			g.WithLabelValues(string(c))
		}
		for _, v := range []*prometheus.CounterVec{m.events, m.reorgs, m.failures, m.forks, m.badLogs} {
			v.WithLabelValues(string(c))
		}
	}
	return &m, nil
}

func (m *indexMetrics) setHead(c orchestration.Chain, n uint64) {
	if m != nil {
		m.head.WithLabelValues(string(c)).Set(float64(n))
	}
}

// setIndexed records next - 1 as the newest block indexed.
func (m *indexMetrics) setIndexed(c orchestration.Chain, next, head uint64) {
	if m != nil && next > 0 {
		m.indexedBlock.WithLabelValues(string(c)).Set(float64(next - 1))
		m.lag.WithLabelValues(string(c)).Set(float64(head - min(head, next-1)))
	}
}

func (m *indexMetrics) setLeader(c orchestration.Chain, on bool) {
	if m != nil {
		v := 0.0
		if on {
			v = 1
		}
		m.leader.WithLabelValues(string(c)).Set(v)
	}
}

func (m *indexMetrics) indexed(c orchestration.Chain, events int) {
	if m != nil {
		m.events.WithLabelValues(string(c)).Add(float64(events))
	}
}

func (m *indexMetrics) reorged(c orchestration.Chain) {
	if m != nil {
		m.reorgs.WithLabelValues(string(c)).Inc()
	}
}

func (m *indexMetrics) failed(c orchestration.Chain) {
	if m != nil {
		m.failures.WithLabelValues(string(c)).Inc()
	}
}

func (m *indexMetrics) forkRetried(c orchestration.Chain) {
	if m != nil {
		m.forks.WithLabelValues(string(c)).Inc()
	}
}

// stopped records a log that does not decode and the chain's index
// stopping on it.
func (m *indexMetrics) stopped(c orchestration.Chain) {
	if m != nil {
		m.badLogs.WithLabelValues(string(c)).Inc()
		m.halted.WithLabelValues(string(c)).Set(1)
	}
}
