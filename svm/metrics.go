package svm

import (
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
)

// metrics are the Client's Prometheus counters; a nil *metrics counts
// nothing.
type metrics struct {
	trips  *prometheus.CounterVec
	errors *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer, chains []orchestration.Chain) (*metrics, error) {
	if reg == nil {
		return nil, nil
	}
	c := promreg.ForChains(reg, "orchestration", "svm", chains)
	m := &metrics{
		trips:  c.Counter("round_trips_total", "JSON-RPC round trips made to Solana RPC nodes (one per JSON-RPC batch), by chain."),
		errors: c.Counter("read_errors_total", "Reads of Solana clusters that failed, by chain."),
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
