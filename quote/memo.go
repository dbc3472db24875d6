package quote

import "sync"

// memoLimit bounds a Memo; it starts over when full, which keeps the hot
// entries cheap to rebuild and the memory of rare ones bounded.
const memoLimit = 4096

// Memo remembers values built from a comparable key, for what a provider
// builds the same way on every request: the reads it declares for a leg
// (keyed by the parts of the LegRequest they depend on), so that declaring
// them costs a map lookup instead of address parsing, ABI packing and an
// allocation per read. It holds at most 4096 entries and starts over when
// full. The zero value is ready; it is safe for concurrent use. Values are
// shared between callers, who must not modify them.
type Memo[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

// Get returns the value for k, building it with build the first time.
func (m *Memo[K, V]) Get(k K, build func() V) V {
	return m.getIf(k, func() (V, bool) { return build(), true })
}

// getIf is Get for a build whose value is kept only when keep is true.
func (m *Memo[K, V]) getIf(k K, build func() (v V, keep bool)) V {
	m.mu.RLock()
	v, ok := m.m[k]
	m.mu.RUnlock()
	if ok {
		return v
	}
	v, keep := build()
	if !keep {
		return v
	}
	m.mu.Lock()
	if m.m == nil || len(m.m) >= memoLimit {
		m.m = make(map[K]V)
	}
	m.m[k] = v
	m.mu.Unlock()
	return v
}

// reset forgets every entry.
func (m *Memo[K, V]) reset() {
	m.mu.Lock()
	m.m = nil
	m.mu.Unlock()
}
