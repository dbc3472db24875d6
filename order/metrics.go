package order

import (
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
	c := promreg.ForChains(reg, "orchestration", "order_index", chains)
	m := indexMetrics{
		head:         c.Gauge("head_block", "The newest block the chain's node reported, by chain."),
		indexedBlock: c.Gauge("indexed_block", "The newest block whose OrderBook events are indexed, by chain."),
		lag:          c.Gauge("lag_blocks", "Blocks between the head and the newest block indexed, by chain (confirmations included)."),
		leader:       c.Gauge("leader", "1 while this replica holds the chain's lease and indexes it, else 0."),
		events:       c.Counter("events_total", "OrderBook events indexed, by chain."),
		reorgs:       c.Counter("reorgs_total", "Re-orgs found and undone, by chain."),
		failures:     c.Counter("failures_total", "Indexing steps that failed (node or database errors), by chain."),
		halted:       c.Gauge("stopped", "1 once this replica stopped indexing the chain on a log that does not decode, else 0."),
		forks:        c.Counter("fork_retries_total", "Ranges not written, to be read again, because a log or header was not on the chain of the range's end (nodes on different forks), by chain."),
		badLogs:      c.Counter("undecodable_logs_total", "OrderBook logs that did not decode, each stopping the chain's index, by chain."),
	}
	if err := c.Err(); err != nil {
		return nil, err
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
