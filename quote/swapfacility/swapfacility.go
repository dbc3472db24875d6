package swapfacility

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

// DefaultEstTime is the estimated time of a leg when Config.EstTime is zero:
// about one block and its confirmation on Ethereum (12-second slots), the
// slowest chain M0 serves.
const DefaultEstTime = 15 * time.Second

// Config configures a Provider. The zero value is ready to use.
type Config struct {
	// EstTime is the time a swap is estimated to take. Zero means
	// DefaultEstTime; it must not be negative.
	EstTime time.Duration
	// SolanaEstTime is the time a Solana ext_swap transaction is estimated
	// to take. Zero means DefaultSolanaEstTime; it must not be negative.
	SolanaEstTime time.Duration
	// SolanaComputeUnitLimit, when non-zero, starts each Solana ext_swap
	// transaction with SetComputeUnitLimit; zero adds none (the runtime's
	// default of 200,000 units per instruction, which no source says
	// ext_swap exceeds).
	SolanaComputeUnitLimit uint32
	// SolanaComputeUnitPrice, in micro-lamports per compute unit, when
	// non-zero adds SetComputeUnitPrice (a priority fee the funder pays);
	// zero adds none.
	SolanaComputeUnitPrice uint64
	// StateHorizon is how long a leg holds (quote.Leg.ValidUntil) after it
	// is priced from the state read at the newest head: the facility's
	// pause and whitelists on EVM chains, ext_swap's whitelist and the
	// indices its rates follow on Solana, where the transaction's
	// blockhash bounds it too (quote.SolanaBlockhashValidity). Zero means
	// quote.DefaultStateHorizon (36 s, three blocks of 12 s); it must not
	// be negative.
	StateHorizon time.Duration
	// Now is the clock a leg's validity counts from (nil: time.Now);
	// tests set it.
	Now func() time.Time
}

// Provider quotes swaps through the SwapFacility of every EVM chain of the
// catalog that has one. It is safe for concurrent use.
type Provider struct {
	catalog *asset.Catalog
	reader  evmruntime.ChainReader
	logger  *slog.Logger
	estTime time.Duration
	horizon time.Duration    // Config.StateHorizon
	now     func() time.Time // Config.Now

	// The Solana side: the SVM runtime (reads SwapGlobal in Edges), the
	// ext_swap builder of each SVM chain that has one.
	svm        quote.StateReader
	extSwaps   map[orchestration.Chain]*svm.ExtSwap
	solEstTime time.Duration
	solBudget  svm.TxConfig // its compute budget fields

	// The SwapFacility's methods the provider calls.
	mToken, isApproved, isPermissioned, canSwap, paused, swap abi.Method

	reads quote.Memo[pathKey, *pathReads] // EVM legs' reads, by path and funder
}

// pathKey is what an EVM leg's reads depend on.
type pathKey struct {
	chain            orchestration.Chain
	funder, from, to string
}

// pathReads are an EVM leg's reads (canSwapViaPath and paused) and what
// its payload and its no-route answer need, which its key determines; or
// why the leg has none.
type pathReads struct {
	canSwap, paused evm.Call
	reads           []quote.Read
	err             error

	chain          orchestration.Chain
	chainID        uint64
	facility       string
	from, to       string // the tokens' addresses
	fromSym, toSym string
	fromDecimals   int
	notSwapper     error // the answer when canSwapViaPath says no
}

var (
	_ quote.Provider       = (*Provider)(nil)
	_ quote.LocalPricer    = (*Provider)(nil)
	_ quote.ReadDeclarer   = (*Provider)(nil)
	_ quote.PermitProvider = (*Provider)(nil)
)

// New returns a Provider over deps.Catalog, reading EVM chains through the EVM runtime of deps.Runtimes. It
// does no I/O. Without one the provider has no edges.
func New(deps quote.Deps, cfg Config) (*Provider, error) {
	if deps.Catalog == nil {
		return nil, errors.New("swapfacility: Deps.Catalog is required")
	}
	if cfg.EstTime < 0 {
		return nil, fmt.Errorf("swapfacility: Config.EstTime %v is negative", cfg.EstTime)
	}
	if cfg.SolanaEstTime < 0 {
		return nil, fmt.Errorf("swapfacility: Config.SolanaEstTime %v is negative", cfg.SolanaEstTime)
	}
	if cfg.StateHorizon < 0 {
		return nil, fmt.Errorf("swapfacility: Config.StateHorizon %v is negative", cfg.StateHorizon)
	}
	parsed := contracts.MustABI("SwapFacility")
	var err error
	p := &Provider{catalog: deps.Catalog, reader: evmruntime.ReaderIn(deps.Runtimes), logger: deps.Logger, estTime: cfg.EstTime,
		solEstTime: cfg.SolanaEstTime, horizon: cmp.Or(cfg.StateHorizon, quote.DefaultStateHorizon), now: cfg.Now,
		solBudget: svm.TxConfig{ComputeUnitLimit: cfg.SolanaComputeUnitLimit, ComputeUnitPrice: cfg.SolanaComputeUnitPrice}}
	if rt := svmruntime.In(deps.Runtimes); rt != nil {
		p.svm = rt
	}
	if p.extSwaps, err = svmChains(deps.Catalog); err != nil {
		return nil, err
	}
	if p.solEstTime == 0 {
		p.solEstTime = DefaultSolanaEstTime
	}
	for _, m := range []struct {
		name string
		dst  *abi.Method
	}{
		{"mToken", &p.mToken}, {"isApprovedExtension", &p.isApproved}, {"isPermissionedExtension", &p.isPermissioned},
		{"canSwapViaPath", &p.canSwap}, {"paused", &p.paused}, {"swap", &p.swap},
	} {
		var ok bool
		if *m.dst, ok = parsed.Methods[m.name]; !ok {
			return nil, fmt.Errorf("swapfacility: the SwapFacility ABI has no %s", m.name)
		}
	}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	if p.now == nil {
		p.now = time.Now
	}
	if p.estTime == 0 {
		p.estTime = DefaultEstTime
	}
	return p, nil
}

// Factory returns a quote.Factory building a Provider with cfg.
func Factory(cfg Config) quote.Factory { return quote.FactoryOf(New, cfg) }

// ID returns orchestration.ProviderMSwapFacility.
func (p *Provider) ID() orchestration.ProviderID { return orchestration.ProviderMSwapFacility }

// PricesLocally reports true: QuoteLeg prices every leg from its declared
// reads alone, so the engine calls it inline (quote.LocalPricer).
func (p *Provider) PricesLocally(quote.LegRequest) bool { return true }

// Edges reads each SwapFacility's M token and its view of the catalog's
// extensions, one batch per chain and all chains at once, and returns the
// swaps it allows. When some chains cannot be read it returns the other
// chains' edges together with an error naming the failed chains, so the
// engine serves those and asks again later. See the package documentation.
func (p *Provider) Edges(ctx context.Context) ([]quote.Edge, error) {
	var chains []asset.ChainInfo
	for _, ch := range p.catalog.Chains() {
		if p.extSwaps[ch.Name] != nil {
			if p.svm == nil || !p.svm.Has(ch.Name) {
				p.logger.Warn("swapfacility: no Solana reader for a chain with ext_swap; its swaps are not served", "chain", ch.Name)
				continue
			}
			chains = append(chains, ch)
			continue
		}
		if ch.Runtime != orchestration.RuntimeEVM || ch.Contracts.SwapFacility == "" {
			continue
		}
		if p.reader == nil || !p.reader.Has(ch.Name) {
			p.logger.Warn("swapfacility: no chain reader for a chain with a SwapFacility; its swaps are not served", "chain", ch.Name)
			continue
		}
		chains = append(chains, ch)
	}
	edges, errs := quote.PerChain(ctx, chains, func(ctx context.Context, ch asset.ChainInfo) ([]quote.Edge, error) {
		if p.extSwaps[ch.Name] != nil {
			return p.solanaEdges(ctx, ch)
		}
		return p.chainEdges(ctx, ch)
	})
	names := make([]orchestration.Chain, len(chains))
	for i, ch := range chains {
		names[i] = ch.Name
	}
	return quote.JoinChainEdges(ctx, p.logger, p.ID(), names, edges, errs)
}

// chainEdges reads one chain's SwapFacility and returns its edges.
func (p *Provider) chainEdges(ctx context.Context, ch asset.ChainInfo) ([]quote.Edge, error) {
	facility := evm.HexToAddress(ch.Contracts.SwapFacility)
	var exts []asset.AssetInfo
	for _, a := range p.catalog.Assets() {
		if a.Chain == ch.Name && a.M0Extension {
			exts = append(exts, a)
		}
	}
	mTokenCall := evm.MustMethodCall(facility, p.mToken, true)
	calls := []evm.Call{mTokenCall}
	for _, ext := range exts {
		addr := evm.HexToAddress(ext.Address)
		calls = append(calls, evm.MustMethodCall(facility, p.isApproved, true, addr), evm.MustMethodCall(facility, p.isPermissioned, true, addr))
	}
	ans, err := p.reader.Read(ctx, ch.Name, calls)
	if err != nil {
		return nil, err
	}
	mAddr, err := evm.Decode1[common.Address](p.mToken, ans, mTokenCall)
	if err != nil {
		return nil, err
	}
	m, err := p.catalog.Resolve(orchestration.AssetAddress{Chain: ch.Name, Address: mAddr.Hex()})
	hasM := err == nil
	if !hasM {
		p.logger.Debug("swapfacility: the facility's M token is not in the catalog; only extension swaps are served", "chain", ch.Name, "mToken", mAddr.Hex())
	}

	type ext struct {
		asset.AssetInfo
		permissioned bool
	}
	var approved []ext
	for i, e := range exts {
		if hasM && e.Address == m.Address {
			continue
		}
		ok, err := evm.Decode1[bool](p.isApproved, ans, calls[1+2*i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Symbol, err)
		}
		perm, err := evm.Decode1[bool](p.isPermissioned, ans, calls[2+2*i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Symbol, err)
		}
		if ok {
			approved = append(approved, ext{e, perm})
		}
	}

	spender := ch.Contracts.SwapFacility
	var out []quote.Edge
	for _, a := range approved {
		if hasM {
			out = append(out, quote.Edge{From: m, To: a.AssetInfo, Spender: spender}, quote.Edge{From: a.AssetInfo, To: m, Spender: spender})
		}
		if a.permissioned {
			continue
		}
		for _, b := range approved {
			if b.Address != a.Address && !b.permissioned {
				out = append(out, quote.Edge{From: a.AssetInfo, To: b.AssetInfo, Spender: spender})
			}
		}
	}
	return out, nil
}

// Reads declares canSwapViaPath(funder, tokenIn, tokenOut): chain state that
// does not depend on the amount.
func (p *Provider) Reads(leg quote.LegRequest) []quote.Read {
	if p.extSwaps[leg.From.Chain] != nil {
		return p.solanaReads(leg)
	}
	return p.pathReads(leg).reads // none on error: QuoteLeg reports the problem
}

// pathReads are the leg's reads, built once per path and funder.
func (p *Provider) pathReads(leg quote.LegRequest) *pathReads {
	k := pathKey{chain: leg.From.Chain, funder: leg.Funder.String(), from: leg.From.Address, to: leg.To.Address}
	return p.reads.Get(k, func() *pathReads {
		c, err := p.canSwapCall(leg)
		if err != nil {
			return &pathReads{err: err}
		}
		ch, _ := p.catalog.Chain(leg.From.Chain) // canSwapCall checked it
		paused := p.pausedCall(c.To)
		return &pathReads{canSwap: c, paused: paused, reads: []quote.Read{c, paused},
			chain: ch.Name, chainID: ch.ChainID, facility: ch.Contracts.SwapFacility,
			from: leg.From.Address, to: leg.To.Address, fromSym: leg.From.Symbol, toSym: leg.To.Symbol,
			fromDecimals: leg.From.Decimals,
			notSwapper:   &notSwapperError{funder: leg.Funder.String(), from: leg.From.Symbol, to: leg.To.Symbol, chain: leg.From.Chain}}
	})
}

// pausedCall reads whether the facility is paused: a paused facility
// reverts every swap, so it serves no leg until unpaused.
func (p *Provider) pausedCall(facility common.Address) evm.Call {
	return evm.MustMethodCall(facility, p.paused, false)
}

func (p *Provider) canSwapCall(leg quote.LegRequest) (evm.Call, error) {
	ch, ok := p.catalog.Chain(leg.From.Chain)
	if !ok || ch.Contracts.SwapFacility == "" {
		return evm.Call{}, fmt.Errorf("swapfacility: %s has no SwapFacility", leg.From.Chain)
	}
	if leg.CrossChain() {
		return evm.Call{}, fmt.Errorf("swapfacility: %s to %s is not on one chain", leg.From.Chain, leg.To.Chain)
	}
	if leg.Funder.IsZero() {
		return evm.Call{}, errors.New("swapfacility: the leg has no funder")
	}
	return evm.MustMethodCall(evm.HexToAddress(ch.Contracts.SwapFacility), p.canSwap, false,
		leg.Funder.EVM(), evm.HexToAddress(leg.From.Address), evm.HexToAddress(leg.To.Address)), nil
}

// check checks that the facility lets the funder swap this path now: it
// reads nothing itself, the answers to canSwapViaPath and paused come in
// leg.State. It returns the path's reads.
func (p *Provider) check(ctx context.Context, leg quote.LegRequest) (*pathReads, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pr := p.pathReads(leg)
	if pr.err != nil {
		return nil, pr.err
	}
	if leg.Recipient.IsZero() {
		return nil, errors.New("swapfacility: the leg has no recipient")
	}
	if leg.AmountIn == nil || leg.AmountIn.Sign() <= 0 {
		return nil, fmt.Errorf("swapfacility: amount %v is not positive", leg.AmountIn)
	}
	paused, err := evm.Decode1[bool](p.paused, evmruntime.Answers(leg.State), pr.paused)
	if err != nil {
		return nil, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	if paused {
		return nil, fmt.Errorf("%w: the SwapFacility on %s is paused", quote.ErrNoRoute, leg.From.Chain)
	}
	allowed, err := evm.Decode1[bool](p.canSwap, evmruntime.Answers(leg.State), pr.canSwap)
	if err != nil {
		return nil, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	if !allowed {
		return nil, pr.notSwapper
	}
	return pr, nil
}

// notSwapperError is the no-route answer for a funder the facility does
// not let swap a path: a common answer (every path through M for most
// funders), so it is built once per path and funder (pathReads) and
// formatted only when read.
type notSwapperError struct {
	funder, from, to string
	chain            orchestration.Chain
}

func (e *notSwapperError) Error() string {
	return fmt.Sprintf("%v: %s may not swap %s for %s through the SwapFacility on %s "+
		"(swaps into or out of M need the M_SWAPPER_ROLE, permissioned extensions their own swappers)",
		quote.ErrNoRoute, e.funder, e.from, e.to, e.chain)
}

func (e *notSwapperError) Unwrap() error { return quote.ErrNoRoute }

// annotation says what the swap of amount along pr does.
func annotation(pr *pathReads, amount *big.Int) string {
	return "Swap " + orchestration.FormatUnits(amount, pr.fromDecimals) + " " + pr.fromSym + " for " + pr.toSym +
		" through the M0 SwapFacility on " + string(pr.chain)
}

// swapLeg is what a priced EVM swap keeps to build its payload: its path's
// reads, which hold the rest, rather than copies of the leg and the chain
// (most legs priced are never built). Small enough for Build's closure to
// hold it, so that a leg priced costs one allocation.
type swapLeg struct {
	p         *Provider
	pr        *pathReads
	recipient string
	amount    *big.Int
}

func (sl swapLeg) build() ([]orchestration.Payload, error) {
	pr := sl.pr
	if sl.amount.Sign() < 0 || sl.amount.BitLen() > 256 {
		return nil, fmt.Errorf("swapfacility: amount %v is not a uint256", sl.amount)
	}
	// swap(address,address,uint256,address): one-word arguments, packed
	// without the ABI's reflection.
	var buf [4 + 4*32]byte
	data := evm.AppendWords(append(buf[:0], sl.p.swap.ID...),
		evm.AddressWord(evm.HexToAddress(pr.from)), evm.AddressWord(evm.HexToAddress(pr.to)),
		evm.UintWord(sl.amount), evm.AddressWord(evm.HexToAddress(sl.recipient)))
	return []orchestration.Payload{{
		Annotation: annotation(pr, sl.amount),
		Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: pr.chain, ChainID: pr.chainID, To: pr.facility,
			Data: evm.HexData(data), Value: "0",
		}},
	}}, nil
}

// QuoteLeg returns the swap of leg.AmountIn, exact, when the facility lets
// the funder swap this path.
func (p *Provider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	if p.extSwaps[leg.From.Chain] != nil {
		return p.quoteSolana(ctx, leg)
	}
	pr, err := p.check(ctx, leg)
	if err != nil {
		return quote.Leg{}, err
	}
	sl := swapLeg{p: p, pr: pr, recipient: leg.Recipient.String(), amount: leg.AmountIn}
	return quote.Leg{
		AmountOut:  leg.AmountIn, // exact; amounts are never modified once set
		EstTime:    p.estTime,
		ValidUntil: p.now().Add(p.horizon),
		Build:      func() ([]orchestration.Payload, error) { return sl.build() },
	}, nil
}

// PermitLeg returns the swap as swapWithPermit (operation swap), exact,
// under the same conditions as QuoteLeg.
func (p *Provider) PermitLeg(ctx context.Context, leg quote.LegRequest, deadline uint64) (quote.PermitLeg, error) {
	pr, err := p.check(ctx, leg)
	if err != nil {
		return quote.PermitLeg{}, err
	}
	return quote.PermitLeg{
		AmountOut: new(big.Int).Set(leg.AmountIn), EstTime: p.estTime, ValidUntil: p.now().Add(p.horizon),
		Annotation: annotation(pr, leg.AmountIn) + ", with a permit",
		Operation: orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{
			Method: "swap", ExtensionIn: leg.From.Address, ExtensionOut: leg.To.Address,
			Amount: leg.AmountIn.String(), Recipient: leg.Recipient.String(), Deadline: fmt.Sprint(deadline),
		}},
		FunctionSignature: eip2612.SwapWithPermitSignature,
		Value:             "0",
	}, nil
}
