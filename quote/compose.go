package quote

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
)

// checkLeg enforces the Leg contract and the rule that nothing a caller
// signs goes anywhere the deployment does not know: every EVM payload is on
// the leg's source chain with the catalog's chain id, and calls a token of
// the catalog or a contract of the chain's address book.
func (r *run) checkLeg(prov int, lr LegRequest, l Leg) error {
	switch {
	case l.AmountOut == nil || l.AmountOut.Sign() <= 0:
		return errors.New("amountOut must be greater than zero")
	case l.AmountOut.BitLen() > 256:
		return errors.New("amountOut must be below 2^256")
	case l.MinAmountOut != nil && (l.MinAmountOut.Sign() <= 0 || l.MinAmountOut.Cmp(l.AmountOut) > 0):
		return errors.New("minAmountOut must be greater than zero and at most amountOut")
	case l.EstTime < 0:
		return errors.New("estTime must not be negative")
	case len(l.Payloads) == 0:
		return errors.New("no payloads")
	}
	id := r.e.ids[prov]
	for i, p := range l.Payloads {
		if p.Provider != "" && p.Provider != id {
			return fmt.Errorf("payload %d claims provider %q", i, p.Provider)
		}
		if err := r.checkPayload(lr, p.Data); err != nil {
			return fmt.Errorf("payload %d: %w", i, err)
		}
	}
	return nil
}

func (r *run) checkPayload(lr LegRequest, d orchestration.TransactionPayload) error {
	if (d.EVM == nil) == (d.SVM == nil) {
		return errors.New("must have exactly one of EVM and SVM data")
	}
	if d.Chain() != lr.From.Chain {
		return fmt.Errorf("is on %s, not on the leg's source chain %s", d.Chain(), lr.From.Chain)
	}
	if d.SVM != nil {
		return nil
	}
	p := d.EVM
	chain, ok := r.e.catalog.Chain(p.Chain)
	if !ok || chain.Runtime != orchestration.RuntimeEVM {
		return fmt.Errorf("chain %s is not an EVM chain of the catalog", p.Chain)
	}
	if p.ChainID != chain.ChainID {
		return fmt.Errorf("chainId %d is not %s's %d", p.ChainID, p.Chain, chain.ChainID)
	}
	if _, err := orchestration.ParseAmountBits(p.Value, 256); err != nil && p.Value != "0" {
		return fmt.Errorf("value %q: %v", orchestration.Clip(p.Value), err)
	}
	if _, err := hexutil.Decode(p.Data); err != nil {
		return fmt.Errorf("data is not 0x-prefixed hex: %v", err)
	}
	if !knownTarget(r.e.catalog, chain, p.To) {
		return fmt.Errorf("calls %s, which is neither a catalog token nor a known contract on %s", orchestration.Clip(p.To), p.Chain)
	}
	return nil
}

// knownTarget reports whether to is a token of the catalog on chain or a
// contract of its address book.
func knownTarget(cat Catalog, chain asset.ChainInfo, to string) bool {
	if info, err := cat.Resolve(orchestration.AssetAddress{Chain: chain.Name, Address: to}); err == nil && info.Address == to {
		return true
	}
	return contractName(chain.Contracts, to) != ""
}

// contractName names a contract of the address book, or "".
func contractName(c asset.Contracts, addr string) string {
	if addr == "" {
		return ""
	}
	for _, n := range []struct{ addr, name string }{
		{c.SwapFacility, "the M0 SwapFacility"},
		{c.Portal, "the M Portal"},
		{c.OrderBook, "the OrderBook"},
		{c.SwapRouter, "the Uniswap V3 router"},
		{c.Quoter, "the Uniswap V3 quoter"},
		{c.Multicall3, "Multicall3"},
	} {
		if strings.EqualFold(n.addr, addr) {
			return n.name
		}
	}
	return ""
}

// compose turns every fully priced route into a quote: the approvals the
// funder lacks, then each leg's payloads, in execution order.
func (r *run) compose() []candidate {
	var out []candidate
	for _, rt := range r.routes {
		if rt.err != nil || len(rt.priced) != len(rt.hops) {
			continue
		}
		q, err := r.composeRoute(rt)
		if err != nil {
			// Only an approve the catalog cannot describe gets here; the
			// route is dropped and logged like a failed leg.
			last := rt.priced[len(rt.priced)-1]
			rt.err = err
			r.calls = append(r.calls, &legCall{prov: last.prov, req: last.req, err: err})
			continue
		}
		out = append(out, q)
	}
	return out
}

// candidate is a composed quote with what ranking needs.
type candidate struct {
	quote     orchestration.Quote
	amountOut *big.Int
	order     int // route order: breaks the remaining ties
}

func (r *run) composeRoute(rt *route) (candidate, error) {
	var payloads []orchestration.Payload
	var total time.Duration
	// What each approval left, so two legs pulling the same token through
	// the same spender are counted against one allowance.
	left := map[string]*big.Int{}
	for _, pl := range rt.priced {
		id := r.e.ids[pl.prov]
		if pl.req.Spender != "" {
			approvals, err := r.approvals(id, pl.req, left)
			if err != nil {
				return candidate{}, err
			}
			payloads = append(payloads, approvals...)
		}
		for _, p := range pl.leg.Payloads {
			if p.Provider == "" {
				p.Provider = id
			}
			payloads = append(payloads, p)
		}
		total += pl.leg.EstTime
	}
	last := rt.priced[len(rt.priced)-1].leg
	q := orchestration.Quote{
		Route:        r.req.Route(),
		Recipient:    r.req.Recipient,
		AmountIn:     r.req.AmountIn.String(),
		AmountOut:    last.AmountOut.String(),
		MinAmountOut: last.floor().String(),
		EstFillTime:  seconds(total),
		Payloads:     payloads,
	}
	if c, ok := r.balanceCall(); ok {
		if bal, ok := r.uint256(r.req.Source.Chain, c); ok && bal.Cmp(r.req.AmountIn) < 0 {
			q.Issues = &orchestration.QuoteIssues{Balance: &orchestration.BalanceIssue{
				Token: r.req.Source.Address, Actual: bal.String(), Expected: r.req.AmountIn.String(),
			}}
		}
	}
	return candidate{quote: q, amountOut: last.AmountOut, order: rt.index}, nil
}

// approvals returns the approve payloads a leg needs: none when the funder's
// allowance for the spender covers the amount, else an approve of exactly
// the amount, preceded by an approve of zero for tokens that refuse to
// change a non-zero allowance. An allowance that could not be read counts as
// zero, so the approve is there.
func (r *run) approvals(id orchestration.ProviderID, lr LegRequest, left map[string]*big.Int) ([]orchestration.Payload, error) {
	if lr.From.Runtime != orchestration.RuntimeEVM {
		return nil, nil
	}
	key := string(lr.From.Chain) + "/" + lr.From.Address + "/" + lr.Spender
	have, ok := left[key]
	if !ok {
		have = new(big.Int)
		if c, ok := r.allowanceCall(lr); ok {
			if v, ok := r.uint256(lr.From.Chain, c); ok {
				have = v
			}
		}
	}
	if have.Cmp(lr.AmountIn) >= 0 {
		left[key] = new(big.Int).Sub(have, lr.AmountIn)
		return nil, nil
	}
	chain, ok := r.e.catalog.Chain(lr.From.Chain)
	if !ok {
		return nil, fmt.Errorf("chain %s is not in the catalog", lr.From.Chain)
	}
	spenderName := contractName(chain.Contracts, lr.Spender)
	if spenderName == "" {
		return nil, fmt.Errorf("spender %s is not a known contract on %s", lr.Spender, lr.From.Chain)
	}
	approve := func(amount *big.Int, what string) orchestration.Payload {
		return orchestration.Payload{
			Provider:   id,
			Annotation: what,
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: chain.Name, ChainID: chain.ChainID, To: lr.From.Address,
				Data:  hexutil.Encode(evm.ApproveCalldata(common.HexToAddress(lr.Spender), amount)),
				Value: "0",
			}},
		}
	}
	var out []orchestration.Payload
	if lr.From.ApproveZeroFirst && have.Sign() > 0 {
		out = append(out, approve(new(big.Int), fmt.Sprintf("Reset the %s allowance of %s on %s to zero (%s requires it before a new approval)",
			lr.From.Symbol, spenderName, chain.Name, lr.From.Symbol)))
	}
	out = append(out, approve(lr.AmountIn, fmt.Sprintf("Approve %s %s for %s on %s",
		FormatUnits(lr.AmountIn, lr.From.Decimals), lr.From.Symbol, spenderName, chain.Name)))
	left[key] = new(big.Int)
	return out, nil
}

// FormatUnits writes an amount in a token's smallest unit in whole tokens,
// without trailing zeros: 1500000 with 6 decimals is "1.5".
func FormatUnits(v *big.Int, decimals int) string {
	s := v.String()
	if decimals <= 0 {
		return s
	}
	if len(s) <= decimals {
		s = strings.Repeat("0", decimals-len(s)+1) + s
	}
	whole, frac := s[:len(s)-decimals], strings.TrimRight(s[len(s)-decimals:], "0")
	if frac == "" {
		return whole
	}
	return whole + "." + frac
}

// seconds is d in whole seconds, rounded up.
func seconds(d time.Duration) int64 {
	s := int64(d / time.Second)
	if d%time.Second != 0 {
		s++
	}
	return s
}
