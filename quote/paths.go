package quote

import (
	"sync"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// assetKey identifies an asset in the edge graph: catalog addresses are
// canonical, so chain and address text are enough.
type assetKey struct {
	chain orchestration.Chain
	addr  string
}

func keyOf(a asset.AssetInfo) assetKey { return assetKey{a.Chain, a.Address} }

// hop is one edge of one provider, by index into the engine's tables.
type hop struct {
	prov int // index into the providers
	edge int // index into that provider's edges
}

// graph is the edges of the providers a request may use, by source asset.
type graph struct {
	out map[assetKey][]hop
}

// newGraph indexes the edges of the selected providers. edges[i] are the
// edges of provider i; a nil entry (a provider not selected, or whose edges
// are unknown) contributes nothing.
func newGraph(edges [][]Edge) graph {
	g := graph{out: map[assetKey][]hop{}}
	for p, es := range edges {
		for i, e := range es {
			k := keyOf(e.From)
			g.out[k] = append(g.out[k], hop{prov: p, edge: i})
		}
	}
	return g
}

// paths returns the routes from src to dst of at most maxLegs legs that
// visit no asset twice and never return to a chain they have left (a bridge
// out and back costs two fees and gains nothing), shortest first (breadth first, so within one length
// in provider and edge order), at most limit of them. Intermediate assets
// are on chains of runtime rt, the source's, where the funder receives them
// and signs the next leg; when the destination's runtime dstRT differs, a
// route may also cross to it early and continue there, its later legs
// signed by the recipient, the one party the request names on that runtime
// (decision 79). Once crossed, a route never holds an asset on rt again:
// the funder could not sign for it, and nothing may go to a party the
// request did not name. A leg that settles later (SettlesLater) comes only
// last, after at most maxLegsBeforeLater legs.
func (g graph) paths(edges [][]Edge, src, dst assetKey, rt, dstRT orchestration.ChainRuntime, maxLegs, limit int) [][]hop {
	var found [][]hop
	frontier := [][]hop{nil}
	for depth := 0; depth < maxLegs && len(frontier) > 0 && len(found) < limit; depth++ {
		var next [][]hop
		for _, path := range frontier {
			at := src
			if len(path) > 0 {
				last := path[len(path)-1]
				at = keyOf(edges[last.prov][last.edge].To)
			}
			for _, h := range g.out[at] {
				to := keyOf(edges[h.prov][h.edge].To)
				if to == src || visits(edges, path, to) || returns(edges, src, path, to.chain) {
					continue
				}
				if len(path) > maxLegsBeforeLater && edges[h.prov][h.edge].Settlement == SettlesLater {
					continue
				}
				p := make([]hop, len(path)+1)
				copy(p, path)
				p[len(path)] = h
				if to == dst {
					found = append(found, p)
					if len(found) == limit {
						return found
					}
					continue
				}
				if !holdable(edges, path, edges[h.prov][h.edge].To.Runtime, rt, dstRT) {
					continue // no party of the request can hold it and sign there
				}
				if edges[h.prov][h.edge].Settlement == SettlesLater {
					continue // nothing can be signed against output not arrived
				}
				next = append(next, p)
			}
		}
		frontier = next
	}
	return found
}

// holdable reports whether a route along path may hold an intermediate
// asset on runtime to: on the source's runtime rt (the funder's) until the
// route has crossed to the destination's, dstRT (the recipient's), and on
// dstRT when it differs from rt; never back on rt once crossed.
func holdable(edges [][]Edge, path []hop, to, rt, dstRT orchestration.ChainRuntime) bool {
	switch {
	case to == rt:
		return !crossed(edges, path, rt)
	case to == dstRT:
		return true
	default:
		return false
	}
}

// crossed reports whether path has left runtime rt.
func crossed(edges [][]Edge, path []hop, rt orchestration.ChainRuntime) bool {
	for _, h := range path {
		if edges[h.prov][h.edge].To.Runtime != rt {
			return true
		}
	}
	return false
}

// maxLegsBeforeLater bounds the legs a route takes before a leg that
// settles later (decision 45): each is a pricing stage the solver's answer
// cannot overlap, its amount unknown until that leg is priced, and two
// (a swap after a swap, each quoted by amount) cost the origin chain a
// second round trip, doubling a cold quote for a route paying two venues'
// fees before the solver's spread.
const maxLegsBeforeLater = 1

// visits reports whether path already arrives at k.
func visits(edges [][]Edge, path []hop, k assetKey) bool {
	for _, h := range path {
		if keyOf(edges[h.prov][h.edge].To) == k {
			return true
		}
	}
	return false
}

// returns reports whether arriving on chain would bring path back to a chain
// it has left.
func returns(edges [][]Edge, src assetKey, path []hop, chain orchestration.Chain) bool {
	at := src.chain
	left := map[orchestration.Chain]bool{}
	for _, h := range path {
		next := edges[h.prov][h.edge].To.Chain
		if next != at {
			left[at] = true
			at = next
		}
	}
	return chain != at && left[chain]
}

// pathCache remembers the paths found for a request shape (source,
// destination, and their runtimes) over one listing of the providers' edges: a
// listing is immutable once made (a new listing is a new slice), so paths
// found over it stay right until any provider's listing changes. Enumerating
// them is the costliest in-process step of a warm quote. The paths returned
// are shared: callers must not modify them.
type pathCache struct {
	mu      sync.Mutex
	entries map[pathShape]pathEntry
}

type pathShape struct {
	src, dst  assetKey
	rt, dstRT orchestration.ChainRuntime
}

type pathEntry struct {
	listing []listingID
	paths   [][]hop
}

// listingID identifies one provider's edge listing (nil when not selected).
type listingID struct {
	first *Edge
	n     int
}

// maxPathEntries bounds the cache: a catalog of N assets has N² request
// shapes, and an entry is a few slices.
const maxPathEntries = 4096

func listingOf(edges [][]Edge) []listingID {
	ids := make([]listingID, len(edges))
	for i, es := range edges {
		if len(es) > 0 {
			ids[i] = listingID{&es[0], len(es)}
		}
	}
	return ids
}

func sameListing(a []listingID, edges [][]Edge) bool {
	if len(a) != len(edges) {
		return false
	}
	for i, es := range edges {
		var id listingID
		if len(es) > 0 {
			id = listingID{&es[0], len(es)}
		}
		if a[i] != id {
			return false
		}
	}
	return true
}

// get is newGraph(edges).paths(...), from the cache when the same shape was
// asked over the same listings.
func (c *pathCache) get(edges [][]Edge, src, dst assetKey, rt, dstRT orchestration.ChainRuntime, maxLegs, limit int) [][]hop {
	shape := pathShape{src, dst, rt, dstRT}
	c.mu.Lock()
	e, ok := c.entries[shape]
	c.mu.Unlock()
	if ok && sameListing(e.listing, edges) {
		return e.paths
	}
	paths := newGraph(edges).paths(edges, src, dst, rt, dstRT, maxLegs, limit)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= maxPathEntries {
		c.entries = map[pathShape]pathEntry{}
	}
	c.entries[shape] = pathEntry{listing: listingOf(edges), paths: paths}
	return paths
}
