package webhook

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
)

// metrics are the Dispatcher's Prometheus metrics; a nil *metrics
// records nothing.
type metrics struct {
	delivered, failed, deadLettered prometheus.Counter
	pending, dead                   prometheus.Gauge
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	if reg == nil {
		return nil, nil
	}
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Namespace: "orchestration", Subsystem: "webhook", Name: name, Help: help})
	}
	gauge := func(name, help string) prometheus.Gauge {
		return prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "orchestration", Subsystem: "webhook", Name: name, Help: help})
	}
	m := &metrics{
		delivered:    counter("delivered_total", "Webhook events delivered (the receiver answered 2xx)."),
		failed:       counter("failed_attempts_total", "Webhook delivery attempts that failed (an error or a status other than 2xx)."),
		deadLettered: counter("dead_lettered_total", "Webhook events given up after too many attempts or too long."),
		pending:      gauge("pending", "Webhook events in the outbox waiting to be delivered, at this dispatcher's last look."),
		dead:         gauge("dead", "Webhook events in the outbox given up, at this dispatcher's last look."),
	}
	var err error
	for _, c := range []*prometheus.Counter{&m.delivered, &m.failed, &m.deadLettered} {
		if *c, err = promreg.Register(reg, *c); err != nil {
			return nil, err
		}
	}
	for _, g := range []*prometheus.Gauge{&m.pending, &m.dead} {
		if *g, err = promreg.Register(reg, *g); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// outcome is what became of one delivery attempt.
type outcome int

const (
	delivered outcome = iota
	failed
	deadLettered
)

func (m *metrics) count(o outcome) {
	if m == nil {
		return
	}
	switch o {
	case delivered:
		m.delivered.Inc()
	case failed:
		m.failed.Inc()
	case deadLettered:
		m.failed.Inc()
		m.deadLettered.Inc()
	}
}

// followMetrics are a Follower's; a nil *followMetrics records nothing.
type followMetrics struct {
	dropped prometheus.Counter
	held    prometheus.Gauge
}

func newFollowMetrics(reg prometheus.Registerer) (*followMetrics, error) {
	if reg == nil {
		return nil, nil
	}
	m := &followMetrics{
		dropped: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "orchestration", Subsystem: "webhook", Name: "follows_dropped_total",
			Help: "Quoted senders dropped before the store recorded them (too many waiting or held through a store failure): their keys' webhooks do not hear of their orders."}),
		held: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "orchestration", Subsystem: "webhook", Name: "follows_held",
			Help: "Quoted senders held, while the store fails, to be recorded when it answers."}),
	}
	var err error
	if m.dropped, err = promreg.Register(reg, m.dropped); err != nil {
		return nil, err
	}
	if m.held, err = promreg.Register(reg, m.held); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *followMetrics) drop() {
	if m != nil {
		m.dropped.Inc()
	}
}

func (m *followMetrics) setHeld(n int) {
	if m != nil {
		m.held.Set(float64(n))
	}
}
