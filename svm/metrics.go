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
	trips, err := promreg.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "orchestration", Subsystem: "svm", Name: "round_trips_total",
		Help: "JSON-RPC round trips made to Solana RPC nodes (one per JSON-RPC batch), by chain.",
	}, []string{"chain"}))
	if err != nil {
		return nil, err
	}
	errs, err := promreg.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "orchestration", Subsystem: "svm", Name: "read_errors_total",
		Help: "Reads of Solana clusters that failed, by chain.",
	}, []string{"chain"}))
	if err != nil {
		return nil, err
	}
	for _, c := range chains { // export zeros from the start
		trips.WithLabelValues(string(c))
		errs.WithLabelValues(string(c))
	}
	return &metrics{trips: trips, errors: errs}, nil
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
