package limitorder

import (
	"context"
	"fmt"
	"math"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

// bookReads are an order's reads on its origin chain (the clock, and
// whether the book accepts the destination), or why it has none. On an
// SVM origin the reads are accounts: the Clock sysvar, the order book's
// global and, for another chain, its destination account; the mint and
// the sender's nonce account are the leg's own (Reads).
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
	in    common.Address   // on an EVM origin
	inSVM solana.PublicKey // on an SVM origin: the mint
	out   [32]byte
}

// book is a chain with an order book: an EVM OrderBook, or Solana's
// order_book program (program).
type book struct {
	asset.ChainInfo
	assets  []asset.AssetInfo
	program solana.PublicKey
}

// Edges are, for every solver, every catalog asset of a chain with an
// order book to every asset of a chain its order book accepts as a
// destination (itself included, another token), read in one batch per
// chain: EVM OrderBooks through the EVM runtime, Solana's order_book
// through the SVM runtime. A chain that cannot be read is no origin, yet
// stays a destination (its order book is not read for an order to it).
// One edge per solver: the engine prices them as parallel legs, so each
// exclusive solver gets its own quote. When some chains cannot be read it
// returns the edges it has together with an error naming them.
func (p *Provider) Edges(ctx context.Context) ([]quote.Edge, error) {
	if len(p.solvers) == 0 {
		return nil, nil
	}
	var books, origins []book
	for _, ch := range p.catalog.Chains() {
		if ch.Contracts.OrderBook == "" || ch.ChainID > math.MaxUint32 {
			continue
		}
		b := book{ChainInfo: ch}
		readable := false
		switch ch.Runtime {
		case orchestration.RuntimeEVM:
			readable = p.reader != nil && p.reader.Has(ch.Name)
		case orchestration.RuntimeSVM:
			id, err := solana.PublicKeyFromBase58(ch.Contracts.OrderBook)
			if err != nil {
				p.logger.Warn("limitorder: the order book's address is no Solana key; the chain has no limit orders", "chain", ch.Name, "err", err)
				continue
			}
			b.program = id
			readable = p.svm != nil && p.svm.Has(ch.Name)
		default:
			continue
		}
		for _, a := range p.catalog.Assets() {
			if a.Chain == ch.Name {
				b.assets = append(b.assets, a)
			}
		}
		books = append(books, b)
		if readable {
			origins = append(origins, b)
		} else {
			p.logger.Warn("limitorder: no chain reader for a chain with an order book; no limit order starts there", "chain", ch.Name)
		}
	}
	edges, errs := quote.PerChain(ctx, origins, func(ctx context.Context, src book) ([]quote.Edge, error) {
		if src.Runtime == orchestration.RuntimeSVM {
			return p.svmOriginEdges(ctx, src, books)
		}
		return p.originEdges(ctx, src, books)
	})
	names := make([]orchestration.Chain, len(origins))
	for i, b := range origins {
		names[i] = b.Name
	}
	return quote.JoinChainEdges(ctx, p.logger, p.ID(), names, edges, errs)
}

// svmOriginEdges reads src's order_book (its global: paused or not; the
// destination account of every other chain with an order book) and
// returns the edges to the destinations it accepts, src itself included
// (an order that stays on the cluster needs no destination account).
func (p *Provider) svmOriginEdges(ctx context.Context, src book, books []book) ([]quote.Edge, error) {
	reads := []quote.Read{svmruntime.AccountRead{Key: svm.Global(src.program)}}
	for _, dst := range books {
		if dst.Name != src.Name {
			reads = append(reads, svmruntime.AccountRead{Key: svm.OrderBookDestination(src.program, uint32(dst.ChainID))})
		}
	}
	qs, err := p.svm.ReadState(ctx, src.Name, reads, nil)
	if err != nil {
		return nil, err
	}
	st := svmruntime.StateOf(qs)
	g, err := orderBookGlobal(st, src.program)
	if err != nil {
		return nil, err
	}
	if g.Paused {
		p.logger.Info("limitorder: the order book is paused; no limit order starts there", "chain", src.Name)
		return nil, nil
	}
	var out []quote.Edge
	for _, dst := range books {
		if dst.Name != src.Name {
			ok, err := destinationSupported(st, src.program, uint32(dst.ChainID))
			if err != nil {
				return nil, fmt.Errorf("destination %s: %w", dst.Name, err)
			}
			if !ok {
				continue
			}
		}
		out = p.appendEdges(out, src, dst)
	}
	return out, nil
}

// orderBookGlobal is the order book's global account in st.
func orderBookGlobal(st *svmruntime.State, program solana.PublicKey) (*svm.OrderBookGlobal, error) {
	key := svm.Global(program)
	a, ok := st.Account(key)
	switch {
	case !ok:
		return nil, fmt.Errorf("the order book's global %s was not read", key)
	case a == nil:
		return nil, fmt.Errorf("the order book has no global account %s", key)
	case !a.Owner.Equals(program):
		return nil, fmt.Errorf("the order book's global %s is owned by %s", key, a.Owner)
	}
	return svm.DecodeOrderBookGlobal(a.Data)
}

// destinationSupported reads the order book's destination account of
// chain in st: a missing account is an unsupported destination.
func destinationSupported(st *svmruntime.State, program solana.PublicKey, chain uint32) (bool, error) {
	key := svm.OrderBookDestination(program, chain)
	a, ok := st.Account(key)
	switch {
	case !ok:
		return false, fmt.Errorf("the destination account %s was not read", key)
	case a == nil:
		return false, nil
	case !a.Owner.Equals(program):
		return false, fmt.Errorf("the destination account %s is owned by %s", key, a.Owner)
	}
	return svm.DecodeOrderDestination(a.Data)
}

// appendEdges appends the edges from src's assets to dst's, one per
// solver.
func (p *Provider) appendEdges(out []quote.Edge, src, dst book) []quote.Edge {
	for _, from := range src.assets {
		for _, to := range dst.assets {
			if from.Chain == to.Chain && from.Address == to.Address {
				continue // the order book refuses an order for its own token
			}
			out32, err := orchestration.AddressBytes32(dst.Runtime, to.Address)
			if err != nil {
				continue // the catalog checked its addresses
			}
			tokens := &orderTokens{out: out32}
			spender := src.Contracts.OrderBook
			if src.Runtime == orchestration.RuntimeSVM {
				spender = "" // the funder signs open_order: no allowance
				if tokens.inSVM, err = solana.PublicKeyFromBase58(from.Address); err != nil {
					continue
				}
			} else {
				tokens.in = evm.HexToAddress(from.Address)
			}
			for _, s := range p.solvers {
				out = append(out, quote.Edge{From: from, To: to, Spender: spender,
					Settlement: quote.SettlesLater, Detail: hop{solver: s.Name(), tokens: tokens}})
			}
		}
	}
	return out
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
		out = p.appendEdges(out, src, dst)
	}
	return out, nil
}

// order is what a leg needs from the catalog and the chain.
type order struct {
	origin, dest *asset.ChainInfo // the memo's (bookReads): a priced leg copies two pointers, not two address books
	book         common.Address   // an EVM origin's OrderBook
	program      solana.PublicKey // an SVM origin's order_book
}

func (p *Provider) orderOf(leg quote.LegRequest) (order, error) {
	origin, ok := p.catalog.Chain(leg.From.Chain)
	if !ok || origin.Contracts.OrderBook == "" || (origin.Runtime != orchestration.RuntimeEVM && origin.Runtime != orchestration.RuntimeSVM) {
		return order{}, fmt.Errorf("limitorder: %s has no order book", leg.From.Chain)
	}
	dest, ok := p.catalog.Chain(leg.To.Chain)
	switch {
	case !ok:
		return order{}, fmt.Errorf("limitorder: %s is not a chain of the catalog", leg.To.Chain)
	case dest.Contracts.OrderBook == "" || (dest.Runtime != orchestration.RuntimeEVM && dest.Runtime != orchestration.RuntimeSVM):
		return order{}, fmt.Errorf("limitorder: %s (%s) has no order book to fill an order on", dest.Name, dest.Runtime)
	case dest.ChainID > math.MaxUint32 || origin.ChainID > math.MaxUint32:
		return order{}, fmt.Errorf("limitorder: %s's or %s's chain id does not fit a uint32", origin.Name, dest.Name)
	case origin.Runtime == orchestration.RuntimeEVM && origin.Contracts.Multicall3 == "":
		return order{}, fmt.Errorf("limitorder: %s has no Multicall3 to read the time from", origin.Name)
	}
	o := order{origin: &origin, dest: &dest}
	if origin.Runtime == orchestration.RuntimeSVM {
		id, err := solana.PublicKeyFromBase58(origin.Contracts.OrderBook)
		if err != nil {
			return order{}, fmt.Errorf("limitorder: %s's order book: %w", origin.Name, err)
		}
		o.program = id
	} else {
		o.book = evm.HexToAddress(origin.Contracts.OrderBook)
	}
	return o, nil
}

// svm reports whether the order starts on an SVM chain.
func (o order) svm() bool { return !o.program.IsZero() }

func (o order) clockCall() evm.Call {
	return evm.ClockCall(evm.HexToAddress(o.origin.Contracts.Multicall3))
}

func (p *Provider) destCall(o order) evm.Call {
	return evm.MustMethodCall(o.book, p.destOK, false, uint32(o.dest.ChainID))
}

// Reads declares the origin chain's time (for the fill deadline) and
// whether its order book still accepts the destination: neither depends on
// the amount. On an SVM origin also the order book's global (paused), the
// input mint (its token program) and the funder's nonce account (in the
// order's id).
func (p *Provider) Reads(leg quote.LegRequest) []quote.Read {
	br := p.bookReads(leg)
	if br.err != nil {
		return nil // QuoteLeg reports the problem
	}
	if !br.svm() {
		return br.reads
	}
	h, ok := leg.Detail.(hop)
	if !ok || h.tokens == nil || leg.Funder.IsZero() {
		return br.reads
	}
	return append(append(make([]quote.Read, 0, len(br.reads)+2), br.reads...),
		svmruntime.MintRead{Mint: h.tokens.inSVM}, svmruntime.AccountRead{Key: svm.OrderNonce(br.program, leg.Funder.SVM())})
}

// bookReads are the leg's order book and reads, built once per pair of
// chains.
func (p *Provider) bookReads(leg quote.LegRequest) *bookReads {
	return p.books.Get([2]orchestration.Chain{leg.From.Chain, leg.To.Chain}, func() *bookReads {
		o, err := p.orderOf(leg)
		if err != nil {
			return &bookReads{err: err}
		}
		if o.svm() {
			br := &bookReads{order: o, reads: []quote.Read{svmruntime.AccountRead{Key: svm.SysvarClock}, svmruntime.AccountRead{Key: svm.Global(o.program)}}}
			if o.dest.Name != o.origin.Name {
				br.reads = append(br.reads, svmruntime.AccountRead{Key: svm.OrderBookDestination(o.program, uint32(o.dest.ChainID))})
			}
			return br
		}
		br := &bookReads{order: o, clock: o.clockCall(), dest: p.destCall(o)}
		br.reads = []quote.Read{br.clock, br.dest}
		return br
	})
}
