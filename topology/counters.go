package topology

import (
	"cmp"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// routeKey is a route: a source and a destination asset, canonical.
type routeKey struct {
	src, dst orchestration.AssetAddress
}

func compareRoutes(a, b routeKey) int {
	return cmp.Or(
		cmp.Compare(a.src.Chain, b.src.Chain), cmp.Compare(a.src.Address, b.src.Address),
		cmp.Compare(a.dst.Chain, b.dst.Chain), cmp.Compare(a.dst.Address, b.dst.Address))
}

// counterKey names one counter: a route's own (provider "") or one of its
// providers'.
type counterKey struct {
	route    routeKey
	provider orchestration.ProviderID
}

func compareCounterKeys(a, b counterKey) int {
	return cmp.Or(compareRoutes(a.route, b.route), cmp.Compare(a.provider, b.provider))
}

// counter is a count and the time of its latest increment.
type counter struct {
	n    int64
	last time.Time
}

func (c counter) plus(o counter) counter {
	c.n += o.n
	if o.last.After(c.last) {
		c.last = o.last
	}
	return c
}

// counters are the counts of a stretch of quote traffic: all of it without a
// store, the part not yet written with one.
type counters struct {
	routes     map[counterKey]counter
	senders    *sketch
	recipients *sketch
}

func newCounters(sketchCapacity int) *counters {
	return &counters{
		routes:     make(map[counterKey]counter),
		senders:    newSketch(sketchCapacity),
		recipients: newSketch(sketchCapacity),
	}
}

func (c *counters) add(k counterKey, v counter) { c.routes[k] = c.routes[k].plus(v) }

// merge adds o's counts to c.
func (c *counters) merge(o *counters) {
	for k, v := range o.routes {
		c.add(k, v)
	}
	c.senders.merge(o.senders)
	c.recipients.merge(o.recipients)
}

func (c *counters) empty() bool {
	return len(c.routes) == 0 && c.senders.len() == 0 && c.recipients.len() == 0
}
