// Package promtest reads metrics back from a Prometheus registry in tests:
// one way to ask "what does this counter or gauge say now".
package promtest

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// Sum is the sum of the counter and gauge values of the series of the
// metric name whose labels include every pair in labels (name, value,
// name, value, ...); with no labels, every series of name is summed. found
// reports whether any series matched, since a vector has no series until
// one is set.
func Sum(g prometheus.Gatherer, name string, labels ...string) (sum float64, found bool, err error) {
	mfs, err := g.Gather()
	if err != nil {
		return 0, false, err
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			have := map[string]string{}
			for _, l := range m.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			if matches(have, labels) {
				sum += m.GetCounter().GetValue() + m.GetGauge().GetValue()
				found = true
			}
		}
	}
	return sum, found, nil
}

// Chain is the value of the series of name labelled chain, and fails the
// test when there is none.
func Chain(t testing.TB, g prometheus.Gatherer, name, chain string) float64 {
	t.Helper()
	v, found, err := Sum(g, name, "chain", chain)
	if err != nil {
		t.Fatalf("gathering %s: %v", name, err)
	}
	if !found {
		t.Fatalf("no metric %s{chain=%q}", name, chain)
	}
	return v
}

// matches reports whether pairs (name, value, ...) are all in have.
func matches(have map[string]string, pairs []string) bool {
	for i := 0; i+1 < len(pairs); i += 2 {
		if v, ok := have[pairs[i]]; !ok || v != pairs[i+1] {
			return false
		}
	}
	return true
}
