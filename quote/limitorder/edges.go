package limitorder

import (
	"context"
	"fmt"
	"math"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// bookReads are an order's reads on its origin chain (the clock, and
// whether the book accepts the destination), or why it has none.
type bookReads struct {
	order
	clock, dest evm.Call
	reads       []quote.Read
	err         error
}

// hop is an edge's Detail: the solver whose offers the edge carries.
type hop struct {
	solver string
	// tokens are the edge's tokens as an order holds them, decoded once
	// when the edges are listed and shared by its solvers' edges.
	tokens *orderTokens
}

// orderTokens are an order's tokenIn and tokenOut.
type orderTokens struct {
	in  common.Address
	out [32]byte
}

// book is a chain with an OrderBook.
type book struct {
	asset.ChainInfo
	assets []asset.AssetInfo
}

// Edges are, for every solver, every catalog asset of an EVM chain with an
// OrderBook to every asset of a chain its OrderBook accepts as a
// destination (itself included, another token), read in one batch per
// chain. One edge per solver: the engine prices them as parallel legs, so
// each exclusive solver gets its own quote. When some chains cannot be
// read it returns the edges it has together with an error naming them.
func (p *Provider) Edges(ctx context.Context) ([]quote.Edge, error) {
	if len(p.solvers) == 0 {
		return nil, nil
	}
	var books []book
	for _, ch := range p.catalog.Chains() {
		if ch.Runtime != orchestration.RuntimeEVM || ch.Contracts.OrderBook == "" || ch.ChainID > math.MaxUint32 {
			continue // Solana's order book comes with the SVM runtime
		}
		if p.reader == nil || !p.reader.Has(ch.Name) {
			p.logger.Warn("limitorder: no chain reader for a chain with an OrderBook; it has no limit orders", "chain", ch.Name)
			continue
		}
		b := book{ChainInfo: ch}
		for _, a := range p.catalog.Assets() {
			if a.Chain == ch.Name {
				b.assets = append(b.assets, a)
			}
		}
		books = append(books, b)
	}
	edges, errs := quote.PerChain(ctx, books, func(ctx context.Context, src book) ([]quote.Edge, error) {
		return p.originEdges(ctx, src, books)
	})
	names := make([]orchestration.Chain, len(books))
	for i, b := range books {
		names[i] = b.Name
	}
	return quote.JoinChainEdges(ctx, p.logger, p.ID(), names, edges, errs)
}

// originEdges reads which destinations src's OrderBook accepts and returns
// the edges to them.
func (p *Provider) originEdges(ctx context.Context, src book, books []book) ([]quote.Edge, error) {
	orderBook := evm.HexToAddress(src.Contracts.OrderBook)
	calls := make([]evm.Call, len(books))
	for i, dst := range books {
		calls[i] = evm.MustMethodCall(orderBook, p.destOK, false, uint32(dst.ChainID))
	}
	ans, err := p.reader.Read(ctx, src.Name, calls)
	if err != nil {
		return nil, err
	}
	var out []quote.Edge
	for i, dst := range books {
		ok, err := evm.Decode1[bool](p.destOK, ans, calls[i])
		if err != nil {
			return nil, fmt.Errorf("isDestinationSupported(%s): %w", dst.Name, err)
		}
		if !ok {
			continue
		}
		for _, from := range src.assets {
			for _, to := range dst.assets {
				if from.Chain == to.Chain && from.Address == to.Address {
					continue // the OrderBook refuses an order for its own token
				}
				tokens := &orderTokens{in: evm.HexToAddress(from.Address), out: orchestration.MustCanonicalAddress(dst.Runtime, to.Address).Bytes32()}
				for _, s := range p.solvers {
					out = append(out, quote.Edge{From: from, To: to, Spender: src.Contracts.OrderBook,
						Settlement: quote.SettlesLater, Detail: hop{solver: s.Name(), tokens: tokens}})
				}
			}
		}
	}
	return out, nil
}

// order is what a leg needs from the catalog and the chain.
type order struct {
	origin, dest *asset.ChainInfo // the memo's (bookReads): a priced leg copies two pointers, not two address books
	book         common.Address
}

func (p *Provider) orderOf(leg quote.LegRequest) (order, error) {
	origin, ok := p.catalog.Chain(leg.From.Chain)
	if !ok || origin.Runtime != orchestration.RuntimeEVM || origin.Contracts.OrderBook == "" {
		return order{}, fmt.Errorf("limitorder: %s has no EVM OrderBook", leg.From.Chain)
	}
	dest, ok := p.catalog.Chain(leg.To.Chain)
	switch {
	case !ok:
		return order{}, fmt.Errorf("limitorder: %s is not a chain of the catalog", leg.To.Chain)
	case dest.Runtime != orchestration.RuntimeEVM:
		return order{}, fmt.Errorf("limitorder: orders to %s (%s) are not supported yet", dest.Name, dest.Runtime)
	case dest.ChainID > math.MaxUint32:
		return order{}, fmt.Errorf("limitorder: %s's chain id %d does not fit a uint32", dest.Name, dest.ChainID)
	case origin.Contracts.Multicall3 == "":
		return order{}, fmt.Errorf("limitorder: %s has no Multicall3 to read the time from", origin.Name)
	}
	return order{origin: &origin, dest: &dest, book: evm.HexToAddress(origin.Contracts.OrderBook)}, nil
}

func (o order) clockCall() evm.Call {
	return evm.ClockCall(evm.HexToAddress(o.origin.Contracts.Multicall3))
}

func (p *Provider) destCall(o order) evm.Call {
	return evm.MustMethodCall(o.book, p.destOK, false, uint32(o.dest.ChainID))
}

// Reads declares the origin chain's time (for the fill deadline) and
// whether its OrderBook still accepts the destination: neither depends on
// the amount.
func (p *Provider) Reads(leg quote.LegRequest) []quote.Read {
	br := p.bookReads(leg)
	if br.err != nil {
		return nil // QuoteLeg reports the problem
	}
	return br.reads
}

// bookReads are the leg's order book and reads, built once per pair of
// chains.
func (p *Provider) bookReads(leg quote.LegRequest) *bookReads {
	return p.books.Get([2]orchestration.Chain{leg.From.Chain, leg.To.Chain}, func() *bookReads {
		o, err := p.orderOf(leg)
		if err != nil {
			return &bookReads{err: err}
		}
		br := &bookReads{order: o, clock: o.clockCall(), dest: p.destCall(o)}
		br.reads = []quote.Read{br.clock, br.dest}
		return br
	})
}
