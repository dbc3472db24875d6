package promreg_test

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
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
