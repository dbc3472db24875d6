package topology

import (
	"cmp"
	"container/heap"
	"slices"

	"github.com/m0-orchestration/m0/orchestration"
)

// sketch finds the most frequent keys of a stream in bounded memory with the
// space-saving algorithm (Metwally, Agrawal, El Abbadi, 2005): it holds at
// most capacity counters; a new key, when all are taken, replaces the key
// with the smallest count and inherits that count. Counts never
// underestimate, and overestimate by at most total/capacity. It is not safe
// for concurrent use.
type sketch struct {
	capacity int
	byKey    map[string]*sketchEntry
	heap     sketchHeap // min-heap on count
}

type sketchEntry struct {
	key   string
	count int64
	index int // in heap
}

func newSketch(capacity int) *sketch {
	return &sketch{capacity: capacity, byKey: make(map[string]*sketchEntry)}
}

// add counts n more occurrences of key.
func (s *sketch) add(key string, n int64) {
	if key == "" || n <= 0 {
		return
	}
	if e, ok := s.byKey[key]; ok {
		e.count += n
		heap.Fix(&s.heap, e.index)
		return
	}
	if len(s.heap) < s.capacity {
		e := &sketchEntry{key: key, count: n}
		heap.Push(&s.heap, e)
		s.byKey[key] = e
		return
	}
	min := s.heap[0]
	delete(s.byKey, min.key)
	min.key = key
	min.count += n
	s.byKey[key] = min
	heap.Fix(&s.heap, 0)
}

// merge adds every counter of o.
func (s *sketch) merge(o *sketch) {
	for _, e := range o.heap {
		s.add(e.key, e.count)
	}
}

// len is the number of keys held.
func (s *sketch) len() int { return len(s.heap) }

// all returns every counter, most frequent first (ties by key).
func (s *sketch) all() []orchestration.AddressFrequency {
	out := make([]orchestration.AddressFrequency, 0, len(s.heap))
	for _, e := range s.heap {
		out = append(out, orchestration.AddressFrequency{Address: e.key, Count: e.count})
	}
	sortFrequencies(out)
	return out
}

// sortFrequencies orders by count, highest first, then by address.
func sortFrequencies(fs []orchestration.AddressFrequency) {
	slices.SortFunc(fs, func(a, b orchestration.AddressFrequency) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Address, b.Address))
	})
}

type sketchHeap []*sketchEntry

func (h sketchHeap) Len() int           { return len(h) }
func (h sketchHeap) Less(i, j int) bool { return h[i].count < h[j].count }
func (h sketchHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *sketchHeap) Push(x any) {
	e := x.(*sketchEntry)
	e.index = len(*h)
	*h = append(*h, e)
}
func (h *sketchHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}
