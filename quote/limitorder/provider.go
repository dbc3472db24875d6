package limitorder

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/quote"
)

const (
	// DefaultFillHorizon is how long an order stays fillable when
	// Config.FillHorizon is zero: its fillDeadline is the origin chain's
	// time at the quote plus this. After it the order can no longer be
	// filled, and anyone may cancel it to refund the sender.
	DefaultFillHorizon = time.Hour
	// DefaultSolverTimeout bounds each solver's answer when
	// Config.SolverTimeout is zero.
	DefaultSolverTimeout = time.Second
	// DefaultEstFillTime is a leg's estimated time when the solver gives
	// none.
	DefaultEstFillTime = time.Minute
)

// Config configures a Provider. The zero value has no solvers, so no
// edges: a deployment without market makers offers no limit orders.
type Config struct {
	// Solvers are asked for offers on every leg, concurrently; their
	// names must be unique and non-empty.
	Solvers []Solver
	// SolverTimeout bounds each solver's answer; a solver that has not
	// answered by then is left out of the leg (and logged), never delaying
	// the other solvers or providers. Zero means DefaultSolverTimeout.
	SolverTimeout time.Duration
	// FillHorizon is how long an order stays fillable; zero means
	// DefaultFillHorizon.
	FillHorizon time.Duration
}

// Provider quotes legs as OrderBook limit orders filled by solvers, on and
// between the catalog's EVM chains. It is safe for concurrent use.
type Provider struct {
	catalog *asset.Catalog
	reader  evmruntime.ChainReader
	logger  *slog.Logger
	solvers []Solver
	timeout time.Duration
	horizon time.Duration

	openOrder abi.Method
	destOK    abi.Method // isDestinationSupported

	mu          sync.Mutex
	collections map[collectionKey]*collectionEntry
	// recent is the entry found or made last: a request asks for one
	// leg's collection several times (declaring it, then for each of its
	// solvers' parallel edges), and the next request often for the same.
	recent atomic.Pointer[collectionEntry]

	books quote.Memo[[2]orchestration.Chain, *bookReads] // by origin and destination
}

// bookReads are an order's reads on its origin chain (the clock, and
// whether the book accepts the destination), or why it has none.
type bookReads struct {
	order
	clock, dest evm.Call
	reads       []quote.Read
	err         error
}

// collectionKey identifies one collection of offers.
type collectionKey struct {
	fromChain, toChain orchestration.Chain
	from, to           string
	amount             [32]byte
	recipient          string
}

var (
	_ quote.Provider       = (*Provider)(nil)
	_ quote.Prefetcher     = (*Provider)(nil)
	_ quote.ReadDeclarer   = (*Provider)(nil)
	_ quote.LocalPricer    = (*Provider)(nil)
	_ quote.PermitProvider = (*Provider)(nil)
)

// New returns a Provider over deps.Catalog. It does no I/O.
func New(deps quote.Deps, cfg Config) (*Provider, error) {
	if deps.Catalog == nil {
		return nil, errors.New("limitorder: Deps.Catalog is required")
	}
	switch {
	case cfg.SolverTimeout < 0:
		return nil, fmt.Errorf("limitorder: Config.SolverTimeout %v is negative", cfg.SolverTimeout)
	case cfg.FillHorizon < 0:
		return nil, fmt.Errorf("limitorder: Config.FillHorizon %v is negative", cfg.FillHorizon)
	case cfg.FillHorizon > 0 && cfg.FillHorizon < time.Minute:
		// An order must outlive its own journey: opening, then a fill on
		// the destination chain.
		return nil, fmt.Errorf("limitorder: Config.FillHorizon %v is shorter than a minute", cfg.FillHorizon)
	}
	seen := map[string]bool{}
	for i, s := range cfg.Solvers {
		if s == nil || s.Name() == "" {
			return nil, fmt.Errorf("limitorder: Config.Solvers[%d] is nil or has no name", i)
		}
		if seen[s.Name()] {
			return nil, fmt.Errorf("limitorder: two solvers are named %q", s.Name())
		}
		seen[s.Name()] = true
	}
	parsed, err := bindings.OrderBookMetaData.GetAbi()
	if err != nil {
		return nil, fmt.Errorf("limitorder: OrderBook ABI: %w", err)
	}
	p := &Provider{catalog: deps.Catalog, reader: evmruntime.ReaderIn(deps.Runtimes), logger: deps.Logger,
		solvers:   append([]Solver(nil), cfg.Solvers...),
		timeout:   cmp.Or(cfg.SolverTimeout, DefaultSolverTimeout),
		horizon:   cmp.Or(cfg.FillHorizon, DefaultFillHorizon),
		openOrder: parsed.Methods["openOrder"], destOK: parsed.Methods["isDestinationSupported"],
		collections: map[collectionKey]*collectionEntry{}}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	return p, nil
}

// Factory returns a quote.Factory building a Provider with cfg.
func Factory(cfg Config) quote.Factory { return quote.FactoryOf(New, cfg) }

// ID returns orchestration.ProviderLimitOrder.
func (p *Provider) ID() orchestration.ProviderID { return orchestration.ProviderLimitOrder }

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
				tokens := &orderTokens{in: evm.HexToAddress(from.Address), out: mustBytes32(dst.Runtime, to.Address)}
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

// Prefetch starts asking the solvers for leg's offers, in the background,
// unless a collection for it is fresh: the engine calls it when it goes to
// a chain's node for the leg's state, so that the solvers' answers overlap
// that round trip rather than follow it.
func (p *Provider) Prefetch(leg quote.LegRequest) {
	if leg.AmountIn != nil && leg.AmountIn.Sign() > 0 && leg.AmountIn.BitLen() <= 128 {
		p.collection(context.Background(), leg)
	}
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

// priced is a leg priced as an order.
type priced struct {
	order
	offer  Offer
	tokens *orderTokens // params' TokenIn and TokenOut
	params bindings.OrderParams
}

// price collects the solvers' offers for leg, takes the one of the edge's
// solver, and builds the order's parameters.
func (p *Provider) price(ctx context.Context, leg quote.LegRequest) (priced, error) {
	if err := ctx.Err(); err != nil {
		return priced{}, err
	}
	h, ok := leg.Detail.(hop)
	if !ok || h.tokens == nil {
		return priced{}, fmt.Errorf("limitorder: edge detail %T is not this provider's", leg.Detail)
	}
	br := p.bookReads(leg)
	if br.err != nil {
		return priced{}, br.err
	}
	o := br.order
	switch {
	case leg.AmountIn == nil || leg.AmountIn.Sign() <= 0:
		return priced{}, fmt.Errorf("limitorder: amount %v is not positive", leg.AmountIn)
	case leg.AmountIn.BitLen() > 128:
		return priced{}, fmt.Errorf("%w: %s exceeds what an order holds (uint128)", quote.ErrNoRoute, leg.AmountIn)
	}
	recipient, err := canonicalBytes32(o.dest.Runtime, leg.Recipient)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: recipient: %w", err)
	}
	sender, err := canonicalEVM(leg.Sender)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: sender: %w", err)
	}
	supported, err := evm.Decode1[bool](p.destOK, evmruntime.Answers(leg.State), br.dest)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: %s isDestinationSupported(%s): %w", o.origin.Name, o.dest.Name, err)
	}
	if !supported {
		return priced{}, fmt.Errorf("%w: the OrderBook on %s no longer accepts orders to %s", quote.ErrNoRoute, o.origin.Name, o.dest.Name)
	}
	now, err := evm.DecodeClockOf(evmruntime.Answers(leg.State), br.clock)
	if err != nil {
		return priced{}, fmt.Errorf("limitorder: %s block timestamp: %w", o.origin.Name, err)
	}
	deadline := now + uint64(p.horizon/time.Second)
	if deadline > math.MaxUint32 {
		return priced{}, fmt.Errorf("limitorder: fill deadline %d does not fit the OrderBook's uint32", deadline)
	}

	offer, err := p.offerOf(ctx, leg, h.solver)
	if err != nil {
		return priced{}, err
	}
	if offer.AmountOut.BitLen() > 128 {
		return priced{}, fmt.Errorf("%w: solver %s offers %s, beyond what an order holds (uint128)", quote.ErrNoRoute, h.solver, offer.AmountOut)
	}
	var solver [32]byte
	if offer.Exclusive {
		if solver, err = orchestration.AddressBytes32(o.dest.Runtime, offer.Address); err != nil {
			return priced{}, fmt.Errorf("limitorder: solver %s's address: %w", h.solver, err)
		}
		if solver == recipient {
			// The OrderBook refuses it (a solver paying itself).
			return priced{}, fmt.Errorf("%w: the recipient is solver %s itself", quote.ErrNoRoute, h.solver)
		}
	}
	return priced{order: o, offer: offer, tokens: h.tokens, params: bindings.OrderParams{
		DestChainId: uint32(o.dest.ChainID), FillDeadline: uint32(deadline),
		TokenIn: h.tokens.in, TokenOut: h.tokens.out,
		AmountIn: leg.AmountIn, AmountOut: offer.AmountOut, // read only: packed, never changed
		Recipient: recipient, Solver: solver, Sender: sender,
	}}, nil
}

// canonicalEVM decodes an EVM address the engine has validated (a leg's
// addresses are in canonical form): its checksum is not hashed again on
// every leg, only its form checked.
func canonicalEVM(s string) (common.Address, error) {
	if len(s) != 42 || s[:2] != "0x" {
		return common.Address{}, fmt.Errorf("must be an EVM address, 0x followed by 40 hex digits, not %q", orchestration.Clip(s))
	}
	a, ok := orchestration.DecodeHexAddress(s[2:])
	if !ok {
		return common.Address{}, fmt.Errorf("must be an EVM address, 0x followed by 40 hex digits, not %q", orchestration.Clip(s))
	}
	return a, nil
}

// canonicalBytes32 is orchestration.AddressBytes32 for an address the
// engine or the catalog has validated (see canonicalEVM).
func canonicalBytes32(rt orchestration.ChainRuntime, s string) ([32]byte, error) {
	if rt != orchestration.RuntimeEVM {
		return orchestration.AddressBytes32(rt, s)
	}
	var b [32]byte
	a, err := canonicalEVM(s)
	copy(b[12:], a[:])
	return b, err
}

// mustBytes32 encodes a catalog address, which the catalog has validated.
func mustBytes32(rt orchestration.ChainRuntime, addr string) [32]byte {
	b, err := canonicalBytes32(rt, addr)
	if err != nil {
		panic(fmt.Sprintf("limitorder: catalog address %q: %v", addr, err))
	}
	return b
}

// offerOf returns solver's offer for leg, or ErrNoRoute when it made none or
// its open offer is beaten by another solver's (open offers are collapsed
// into the best). The solvers are asked once for all the parallel edges of
// one leg, and for the same leg asked again while their answers are fresh
// (SolverTimeout): one collection runs, detached from any one request,
// until every solver has answered or timed out. A request waits for it
// until quote.Hurry says the other legs are priced, then takes the offers
// that have come.
func (p *Provider) offerOf(ctx context.Context, leg quote.LegRequest, solver string) (Offer, error) {
	c := p.collection(ctx, leg)
	select {
	case <-c.Done(): // the usual case, of a leg priced locally: nothing to wait for
	default:
		select {
		case <-c.Done():
		case <-quote.Hurry(ctx):
		case <-ctx.Done():
			return Offer{}, ctx.Err()
		}
	}
	if o, ok := c.offerBy(solver); ok {
		return o, nil
	}
	return Offer{}, fmt.Errorf("%w: no offer from solver %s in time, or one that beats the others", quote.ErrNoRoute, solver)
}

// PricesLocally reports whether the offers for leg are all in (a
// collection started for the same order moments ago, by this request's
// Prefetch or an earlier request's): pricing it then waits for nothing, and
// the engine calls QuoteLeg inline (quote.LocalPricer).
func (p *Provider) PricesLocally(leg quote.LegRequest) bool {
	if leg.AmountIn == nil || leg.AmountIn.Sign() <= 0 || leg.AmountIn.BitLen() > 128 {
		return true // refused at once
	}
	e := p.fresh(collectionKeyOf(leg), time.Now())
	if e == nil {
		return false
	}
	select {
	case <-e.c.Done():
		return true
	default:
		return false
	}
}

// collectionKeyOf is leg's collection's key; leg.AmountIn fits 128 bits.
func collectionKeyOf(leg quote.LegRequest) collectionKey {
	k := collectionKey{fromChain: leg.From.Chain, toChain: leg.To.Chain, from: leg.From.Address, to: leg.To.Address,
		recipient: leg.Recipient}
	leg.AmountIn.FillBytes(k.amount[:])
	return k
}

// fresh is the entry of key's collection if it is fresh at now, else nil.
func (p *Provider) fresh(key collectionKey, now time.Time) *collectionEntry {
	// recent may hold an older entry of key than the map (two lookups can
	// store theirs out of order): when it has expired, ask the map.
	if e := p.recent.Load(); e != nil && e.key == key && now.Before(e.expires) {
		return e
	}
	p.mu.Lock()
	e, ok := p.collections[key]
	p.mu.Unlock()
	if !ok || !now.Before(e.expires) {
		return nil
	}
	p.recent.Store(e)
	return e
}

// collection returns the collection of offers for leg, starting one when
// none is fresh.
func (p *Provider) collection(ctx context.Context, leg quote.LegRequest) *Collection {
	key := collectionKeyOf(leg) // callers checked the amount fits 128 bits
	now := time.Now()
	if e := p.fresh(key, now); e != nil {
		return e.c
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.collections[key]; ok && now.Before(e.expires) {
		return e.c
	}
	if len(p.collections) >= collectionsCap {
		for k, e := range p.collections {
			if !now.Before(e.expires) {
				delete(p.collections, k)
			}
		}
	}
	req := OfferRequest{From: leg.From, To: leg.To, AmountIn: leg.AmountIn, Recipient: leg.Recipient}
	c := StartCollect(context.WithoutCancel(ctx), p.solvers, req, p.timeout)
	// Fresh for as long as a solver may take, so the parallel edges of the
	// leg, and a request repeating it, share it.
	e := &collectionEntry{key: key, c: c, expires: now.Add(p.timeout + grace(p.timeout))}
	if len(p.collections) < collectionsCap {
		p.collections[key] = e
	}
	p.recent.Store(e)
	p.logFailures(c, req.From, req.To)
	return c
}

// logFailures logs, once c is done, each solver that made no offer. (Not
// inlined in collection, whose leg it would move to the heap on every
// call.)
func (p *Provider) logFailures(c *Collection, from, to asset.AssetInfo) {
	go func() {
		<-c.Done()
		_, errs := c.Offers()
		for _, err := range errs {
			p.logger.Warn("limitorder: solver made no offer", "from", from.Chain, "fromToken", from.Symbol,
				"to", to.Chain, "toToken", to.Symbol, "err", err)
		}
	}()
}

// collectionsCap bounds the collections kept; past it, a leg's collection
// is not shared.
const collectionsCap = 4096

type collectionEntry struct {
	key     collectionKey
	c       *Collection
	expires time.Time
}

// QuoteLeg prices leg at the edge's solver's offer and returns openOrder:
// the funder's tokens are locked in the origin's OrderBook until the solver
// delivers amountOut to the recipient on the destination chain, or the
// fill deadline passes and the sender cancels for a refund.
func (p *Provider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	pr, err := p.price(ctx, leg)
	if err != nil {
		return quote.Leg{}, err
	}
	return quote.Leg{
		AmountOut: pr.offer.AmountOut, // the solver's, shared: amounts are never modified once set
		EstTime:   estTime(pr.offer),
		Build:     p.builder(leg.Edge, leg.AmountIn, &pr),
	}, nil
}

// builder is Leg.Build for the order pr of the leg over edge at amount:
// its closure keeps the edge (the engine's, shared: the annotation's
// names) and the order's parameters, not a copy of the leg, each part
// captured by value (at most 128 bytes each), so that a leg priced costs
// the closure's one allocation, of some 230 bytes.
func (p *Provider) builder(edge *quote.Edge, amount *big.Int, pr *priced) func() ([]orchestration.Payload, error) {
	o, offer, tokens := pr.order, pr.offer, pr.tokens
	type head struct {
		destChainID, fillDeadline uint32
		sender                    common.Address
	}
	h := head{pr.params.DestChainId, pr.params.FillDeadline, pr.params.Sender}
	recipient, solver := pr.params.Recipient, pr.params.Solver
	return func() ([]orchestration.Payload, error) {
		pb := priced{order: o, offer: offer, tokens: tokens, params: bindings.OrderParams{
			DestChainId: h.destChainID, FillDeadline: h.fillDeadline, TokenIn: tokens.in, TokenOut: tokens.out,
			AmountIn: amount, AmountOut: offer.AmountOut, Recipient: recipient, Solver: solver, Sender: h.sender,
		}}
		data, err := evm.Calldata(p.openOrder, pb.params)
		if err != nil {
			return nil, fmt.Errorf("limitorder: %w", err)
		}
		return []orchestration.Payload{{
			Annotation: annotation(namesOf(quote.LegRequest{Edge: edge, AmountIn: amount}), pb),
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: pb.origin.Name, ChainID: pb.origin.ChainID, To: pb.origin.Contracts.OrderBook,
				Data: hexutil.Encode(data), Value: "0",
			}},
			Solver: payloadSolver(pb.offer),
		}}, nil
	}
}

// PermitLeg prices leg as QuoteLeg does and returns it as
// openOrderWithPermit (operation limitOrder).
func (p *Provider) PermitLeg(ctx context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	pr, err := p.price(ctx, leg)
	if err != nil {
		return quote.PermitLeg{}, err
	}
	hex32 := func(b [32]byte) string { return hexutil.Encode(b[:]) }
	return quote.PermitLeg{
		AmountOut: new(big.Int).Set(pr.offer.AmountOut), EstTime: estTime(pr.offer),
		Annotation: annotation(namesOf(leg), pr) + ", with a permit",
		Operation: orchestration.PermitOperation{LimitOrder: &orchestration.LimitOrderPermitOp{
			DestChainID: uint64(pr.params.DestChainId), FillDeadline: int64(pr.params.FillDeadline),
			TokenIn: pr.params.TokenIn.Hex(), TokenOut: hex32(pr.params.TokenOut),
			AmountIn: pr.params.AmountIn.String(), AmountOut: pr.params.AmountOut.String(),
			Recipient: hex32(pr.params.Recipient), Solver: hex32(pr.params.Solver), Sender: pr.params.Sender.Hex(),
			Deadline: fmt.Sprint(deadline),
		}},
		FunctionSignature: permit.LimitOrderSignature,
		Value:             "0",
		Solver:            payloadSolver(pr.offer),
	}, nil
}

func estTime(o Offer) time.Duration {
	if o.EstFillTime > 0 {
		return o.EstFillTime
	}
	return DefaultEstFillTime
}

// payloadSolver is the solver of a payload or recipe: the configured
// solver that made the offer (Collect attributes every offer to it), by
// name and address.
func payloadSolver(o Offer) *orchestration.PayloadSolver {
	fee := o.FeeBps
	return &orchestration.PayloadSolver{Address: o.Address, Name: o.Solver, Exclusive: o.Exclusive, FeeBps: &fee}
}

func annotation(leg legNames, pr priced) string {
	fill := "any solver"
	if pr.offer.Exclusive {
		fill = "solver " + pr.offer.Solver
	}
	where := ""
	if leg.toChain != leg.fromChain {
		where = " on " + string(leg.toChain)
	}
	// Built in one buffer rather than Sprintf'd: every leg of every candidate
	// route carries one, and only the chosen route's is served.
	in, out := quote.FormatUnits(leg.amount, leg.fromDec), quote.FormatUnits(pr.offer.AmountOut, leg.toDec)
	var b strings.Builder
	b.Grow(96 + len(in) + len(out) + len(where) + len(fill) + len(pr.offer.Solver) + len(leg.fromSym) + len(leg.toSym) + len(leg.fromChain))
	for _, part := range [...]string{"Limit order: ", in, " ", leg.fromSym, " on ", string(leg.fromChain),
		" for ", out, " ", leg.toSym, where, ", filled by ", fill, " (offer of ", pr.offer.Solver, ") before "} {
		b.WriteString(part)
	}
	var ts [len(time.RFC3339) + 8]byte
	b.Write(time.Unix(int64(pr.params.FillDeadline), 0).UTC().AppendFormat(ts[:0], time.RFC3339))
	return b.String()
}

// legNames are what an order's annotation says of its leg.
type legNames struct {
	amount             *big.Int
	fromDec, toDec     int
	fromSym, toSym     string
	fromChain, toChain orchestration.Chain
}

func namesOf(leg quote.LegRequest) legNames {
	return legNames{amount: leg.AmountIn, fromDec: leg.From.Decimals, toDec: leg.To.Decimals,
		fromSym: leg.From.Symbol, toSym: leg.To.Symbol, fromChain: leg.From.Chain, toChain: leg.To.Chain}
}
