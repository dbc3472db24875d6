package promreg_test

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
)

func TestRegister(t *testing.T) {
	reg := prometheus.NewRegistry()
	opts := prometheus.CounterOpts{Name: "things_total", Help: "Things."}
	first, err := promreg.Register(reg, prometheus.NewCounterVec(opts, []string{"chain"}))
	if err != nil {
		t.Fatal(err)
	}
	second, err := promreg.Register(reg, prometheus.NewCounterVec(opts, []string{"chain"}))
	if err != nil || second != first {
		t.Fatalf("second registration = %p, %v; want the first collector %p", second, err, first)
	}
	second.WithLabelValues("a").Inc() // one series, seen through both
	if _, err := promreg.Register(reg, prometheus.NewCounterVec(opts, []string{"other"})); err == nil {
		t.Fatal("the same name with other labels was accepted")
	}
}

func TestChains(t *testing.T) {
	reg := prometheus.NewRegistry()
	chains := []string{"a", "b"}
	build := func() (*promreg.Chains, *prometheus.CounterVec, *prometheus.GaugeVec) {
		c := promreg.ForChains(reg, "ns", "sub", chains)
		counter := c.Counter("events_total", "Events.")
		c.Gauge("depth", "Depth.")
		gauge := c.UnsetGauge("head", "Head.")
		c.Histogram("seconds", "Seconds.", []float64{1})
		return c, counter, gauge
	}
	c, counter, head := build()
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		found bool // a chain's series exists before its first event
	}{
		{"ns_sub_events_total", true},
		{"ns_sub_depth", true},
		{"ns_sub_head", false},
		{"ns_sub_seconds", false},
	} {
		for _, chain := range chains {
			v, found, err := promtest.Sum(reg, tc.name, "chain", chain)
			if err != nil || found != tc.found || v != 0 {
				t.Errorf("%s{chain=%q} = %v, found %v, %v; want 0, found %v", tc.name, chain, v, found, err, tc.found)
			}
		}
	}

	// A second component on the registry shares the vectors.
	again, counter2, head2 := build()
	if err := again.Err(); err != nil || counter2 != counter || head2 != head {
		t.Fatalf("second ForChains: %v, shared counter %v, shared gauge %v; want the first's vectors", err, counter2 == counter, head2 == head)
	}

	// A name taken with other labels is an error, reported by Err.
	if _, err := promreg.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{Name: "ns_sub_taken"}, []string{"other"})); err != nil {
		t.Fatal(err)
	}
	bad := promreg.ForChains(reg, "ns", "sub", chains)
	bad.Counter("taken", "Taken.")
	bad.Gauge("fine", "Fine.")
	if bad.Err() == nil {
		t.Fatal("a name registered with other labels was accepted")
	}
}
