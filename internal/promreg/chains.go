package promreg

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus"
)

// chainLabel is the one label of a Chains vector.
const chainLabel = "chain"

// Chains registers the vectors of one component that are labelled by
// chain, each through Register (so components sharing a registry share
// them), and creates the chains' series of its counters and gauges at zero:
// a chain's series is exported before its first event, so a rate over it
// starts from zero rather than from the first event. A failed registration
// is kept, not returned: build every vector, then check Err once; the
// vectors are usable only when it is nil.
type Chains struct {
	reg                  prometheus.Registerer
	namespace, subsystem string
	chains               []string
	errs                 []error
}

// ForChains returns a Chains registering on reg the vectors
// namespace_subsystem_name, with chains' series.
func ForChains[C ~string](reg prometheus.Registerer, namespace, subsystem string, chains []C) *Chains {
	c := &Chains{reg: reg, namespace: namespace, subsystem: subsystem, chains: make([]string, len(chains))}
	for i, ch := range chains {
		c.chains[i] = string(ch)
	}
	return c
}

// Counter registers the counter vector name, each chain's series at zero.
func (c *Chains) Counter(name, help string) *prometheus.CounterVec {
	v := register(c, prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: c.namespace, Subsystem: c.subsystem, Name: name, Help: help}, []string{chainLabel}))
	for _, ch := range c.chains {
		v.WithLabelValues(ch)
	}
	return v
}

// Gauge registers the gauge vector name, each chain's series at zero.
func (c *Chains) Gauge(name, help string) *prometheus.GaugeVec {
	v := c.UnsetGauge(name, help)
	for _, ch := range c.chains {
		v.WithLabelValues(ch)
	}
	return v
}

// UnsetGauge registers the gauge vector name without the chains' series: a
// chain's appears when it is first set. It is for readings whose zero would
// be false (a head block, the time a head was seen).
func (c *Chains) UnsetGauge(name, help string) *prometheus.GaugeVec {
	return register(c, prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: c.namespace, Subsystem: c.subsystem, Name: name, Help: help}, []string{chainLabel}))
}

// Histogram registers the histogram vector name with buckets; a chain's
// series appears with its first observation.
func (c *Chains) Histogram(name, help string, buckets []float64) *prometheus.HistogramVec {
	return register(c, prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: c.namespace, Subsystem: c.subsystem, Name: name, Help: help, Buckets: buckets}, []string{chainLabel}))
}

// Err is every registration that failed, joined, or nil.
func (c *Chains) Err() error { return errors.Join(c.errs...) }

func register[V prometheus.Collector](c *Chains, v V) V {
	got, err := Register(c.reg, v)
	if err != nil {
		c.errs = append(c.errs, err)
		return v // unregistered, so that building the rest goes on; Err reports it
	}
	return got
}
