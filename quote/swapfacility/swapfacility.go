package swapfacility

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
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
}

// Provider quotes swaps through the SwapFacility of every EVM chain of the
// catalog that has one. It is safe for concurrent use.
type Provider struct {
	catalog *asset.Catalog
	reader  quote.ChainReader
	logger  *slog.Logger
	estTime time.Duration
	abi     *abi.ABI
}

var (
	_ quote.Provider     = (*Provider)(nil)
	_ quote.ReadDeclarer = (*Provider)(nil)
)

// New returns a Provider over deps.Catalog, reading through deps.Reader. It
// does no I/O. A nil Reader is allowed: the provider then has no edges.
func New(deps quote.Deps, cfg Config) (*Provider, error) {
	if deps.Catalog == nil {
		return nil, errors.New("swapfacility: Deps.Catalog is required")
	}
	if cfg.EstTime < 0 {
		return nil, fmt.Errorf("swapfacility: Config.EstTime %v is negative", cfg.EstTime)
	}
	parsed, err := bindings.SwapFacilityMetaData.GetAbi()
	if err != nil {
		return nil, fmt.Errorf("swapfacility: SwapFacility ABI: %w", err)
	}
	for _, m := range []string{"mToken", "isApprovedExtension", "isPermissionedExtension", "canSwapViaPath", "swap"} {
		if _, ok := parsed.Methods[m]; !ok {
			return nil, fmt.Errorf("swapfacility: the SwapFacility ABI has no %s", m)
		}
	}
	p := &Provider{catalog: deps.Catalog, reader: deps.Reader, logger: deps.Logger, estTime: cfg.EstTime, abi: parsed}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	if p.estTime == 0 {
		p.estTime = DefaultEstTime
	}
	return p, nil
}

// Factory returns a quote.Factory building a Provider with cfg.
func Factory(cfg Config) quote.Factory {
	return func(deps quote.Deps) (quote.Provider, error) {
		p, err := New(deps, cfg)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
}

// ID returns orchestration.ProviderMSwapFacility.
func (p *Provider) ID() orchestration.ProviderID { return orchestration.ProviderMSwapFacility }

// Edges reads each SwapFacility's M token and its view of the catalog's
// extensions, one batch per chain and all chains at once, and returns the
// swaps it allows. When some chains cannot be read it returns the other
// chains' edges together with an error naming the failed chains, so the
// engine serves those and asks again later. See the package documentation.
func (p *Provider) Edges(ctx context.Context) ([]quote.Edge, error) {
	var chains []asset.ChainInfo
	for _, ch := range p.catalog.Chains() {
		if ch.Runtime != orchestration.RuntimeEVM || ch.Contracts.SwapFacility == "" {
			continue
		}
		if p.reader == nil || !p.reader.Has(ch.Name) {
			p.logger.Warn("swapfacility: no chain reader for a chain with a SwapFacility; its swaps are not served", "chain", ch.Name)
			continue
		}
		chains = append(chains, ch)
	}
	edges := make([][]quote.Edge, len(chains))
	errs := make([]error, len(chains))
	var g errgroup.Group
	for i, ch := range chains {
		g.Go(func() error {
			edges[i], errs[i] = p.chainEdges(ctx, ch)
			return nil
		})
	}
	_ = g.Wait() // the goroutines report through errs
	var out []quote.Edge
	var failed []error
	for i, ch := range chains {
		if errs[i] != nil {
			p.logger.Warn("swapfacility: reading the SwapFacility failed; the chain's swaps are not served yet", "chain", ch.Name, "err", errs[i])
			failed = append(failed, fmt.Errorf("swapfacility: %s: %w", ch.Name, errs[i]))
			continue
		}
		out = append(out, edges[i]...)
	}
	// The chains read serve now; the error makes the engine ask again for
	// the others.
	return out, errors.Join(failed...)
}

// chainEdges reads one chain's SwapFacility and returns its edges.
func (p *Provider) chainEdges(ctx context.Context, ch asset.ChainInfo) ([]quote.Edge, error) {
	facility := common.HexToAddress(ch.Contracts.SwapFacility)
	var exts []asset.AssetInfo
	for _, a := range p.catalog.Assets() {
		if a.Chain == ch.Name && a.M0Extension {
			exts = append(exts, a)
		}
	}
	mTokenCall := p.call(facility, true, "mToken")
	calls := []evm.Call{mTokenCall}
	for _, ext := range exts {
		addr := common.HexToAddress(ext.Address)
		calls = append(calls, p.call(facility, true, "isApprovedExtension", addr), p.call(facility, true, "isPermissionedExtension", addr))
	}
	ans, err := p.reader.Read(ctx, ch.Name, calls)
	if err != nil {
		return nil, err
	}
	mAddr, err := answer[common.Address](p.abi, ans, mTokenCall, "mToken")
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
		ok, err := answer[bool](p.abi, ans, calls[1+2*i], "isApprovedExtension")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Symbol, err)
		}
		perm, err := answer[bool](p.abi, ans, calls[2+2*i], "isPermissionedExtension")
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
func (p *Provider) Reads(leg quote.LegRequest) []evm.Call {
	c, err := p.canSwapCall(leg)
	if err != nil {
		return nil // QuoteLeg reports the problem
	}
	return []evm.Call{c}
}

func (p *Provider) canSwapCall(leg quote.LegRequest) (evm.Call, error) {
	ch, ok := p.catalog.Chain(leg.From.Chain)
	if !ok || ch.Contracts.SwapFacility == "" {
		return evm.Call{}, fmt.Errorf("swapfacility: %s has no SwapFacility", leg.From.Chain)
	}
	if leg.CrossChain() {
		return evm.Call{}, fmt.Errorf("swapfacility: %s to %s is not on one chain", leg.From.Chain, leg.To.Chain)
	}
	if !common.IsHexAddress(leg.Funder) {
		return evm.Call{}, fmt.Errorf("swapfacility: funder %q is not an EVM address", leg.Funder)
	}
	return p.call(common.HexToAddress(ch.Contracts.SwapFacility), false, "canSwapViaPath",
		common.HexToAddress(leg.Funder), common.HexToAddress(leg.From.Address), common.HexToAddress(leg.To.Address)), nil
}

// QuoteLeg returns the swap of leg.AmountIn, exact, when the facility lets
// the funder swap this path. It reads nothing itself: the answer to
// canSwapViaPath comes in leg.Answers.
func (p *Provider) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	if err := ctx.Err(); err != nil {
		return quote.Leg{}, err
	}
	call, err := p.canSwapCall(leg)
	if err != nil {
		return quote.Leg{}, err
	}
	if !common.IsHexAddress(leg.Recipient) {
		return quote.Leg{}, fmt.Errorf("swapfacility: recipient %q is not an EVM address", leg.Recipient)
	}
	if leg.AmountIn == nil || leg.AmountIn.Sign() <= 0 {
		return quote.Leg{}, fmt.Errorf("swapfacility: amount %v is not positive", leg.AmountIn)
	}
	allowed, err := answer[bool](p.abi, leg.Answers, call, "canSwapViaPath")
	if err != nil {
		return quote.Leg{}, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	if !allowed {
		return quote.Leg{}, fmt.Errorf("%w: %s may not swap %s for %s through the SwapFacility on %s "+
			"(swaps into or out of M need the M_SWAPPER_ROLE, permissioned extensions their own swappers)",
			quote.ErrNoRoute, leg.Funder, leg.From.Symbol, leg.To.Symbol, leg.From.Chain)
	}
	data, err := p.abi.Pack("swap", common.HexToAddress(leg.From.Address), common.HexToAddress(leg.To.Address),
		leg.AmountIn, common.HexToAddress(leg.Recipient))
	if err != nil {
		return quote.Leg{}, fmt.Errorf("swapfacility: packing swap: %w", err)
	}
	ch, _ := p.catalog.Chain(leg.From.Chain) // canSwapCall checked it
	return quote.Leg{
		AmountOut: new(big.Int).Set(leg.AmountIn),
		EstTime:   p.estTime,
		Payloads: []orchestration.Payload{{
			Annotation: fmt.Sprintf("Swap %s %s for %s through the M0 SwapFacility on %s",
				quote.FormatUnits(leg.AmountIn, leg.From.Decimals), leg.From.Symbol, leg.To.Symbol, ch.Name),
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: ch.Name, ChainID: ch.ChainID, To: ch.Contracts.SwapFacility,
				Data: hexutil.Encode(data), Value: "0",
			}},
		}},
	}, nil
}

// call packs a read of the facility. The method names and argument types
// are the ABI's, checked by New, so packing cannot fail.
func (p *Provider) call(to common.Address, immutable bool, method string, args ...any) evm.Call {
	data, err := p.abi.Pack(method, args...)
	if err != nil {
		panic(fmt.Sprintf("swapfacility: packing %s: %v", method, err))
	}
	return evm.Call{To: to, Data: data, Immutable: immutable}
}

// answer decodes the single return value of method from the answer to c.
func answer[T any](a *abi.ABI, ans *evm.Answers, c evm.Call, method string) (T, error) {
	var zero T
	r, ok := ans.Get(c)
	if !ok {
		return zero, fmt.Errorf("no answer to %s", method)
	}
	if !r.OK {
		return zero, fmt.Errorf("%s reverted", method)
	}
	vals, err := a.Unpack(method, r.Data)
	if err != nil {
		return zero, fmt.Errorf("decoding %s: %w", method, err)
	}
	if len(vals) != 1 {
		return zero, fmt.Errorf("decoding %s: %d values, want 1", method, len(vals))
	}
	v, ok := vals[0].(T)
	if !ok {
		return zero, fmt.Errorf("decoding %s: got %T, want %T", method, vals[0], zero)
	}
	return v, nil
}
