package quote

import (
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
// are on chains of runtime rt, the source's: the funder receives them and
// signs the next leg. A leg that settles later (SettlesLater) comes only
// last.
func (g graph) paths(edges [][]Edge, src, dst assetKey, rt orchestration.ChainRuntime, maxLegs, limit int) [][]hop {
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
				if edges[h.prov][h.edge].To.Runtime != rt {
					continue // the funder cannot hold it or sign there
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
