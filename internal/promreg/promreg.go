// Package promreg registers Prometheus collectors that several instances of
// one component (readers, indexers, servers, restarts in one process) share
// in one registry: the second registration of a name gets the collector
// already registered.
package promreg

import (
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
)

// Register registers c with reg and returns it, or returns the collector of
// the same type already registered under its name. Any other failure (a
// name registered with another type or other labels) is an error.
func Register[C prometheus.Collector](reg prometheus.Registerer, c C) (C, error) {
	err := reg.Register(c)
	if err == nil {
		return c, nil
	}
	if already, ok := errors.AsType[prometheus.AlreadyRegisteredError](err); ok {
		if existing, ok := already.ExistingCollector.(C); ok {
			return existing, nil
		}
	}
	var zero C
	return zero, fmt.Errorf("registering metrics: %w", err)
}
