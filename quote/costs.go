package quote

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// PayloadCoster is a Runtime that says what its payloads cost in gas
// (issue 30, item 2; decision 90): on EVM chains each payload's gas
// estimate and the chain's gas price, on Solana its compute unit limit and
// fee. The Engine asks it for every payload of a quote it composes, the
// approvals it adds too, after composing.
type PayloadCoster interface {
	// CostPayload returns d with its costs set from s, the chain's state
	// the quote read, and what they come to in the chain's native coin
	// (wei or lamports). It does no I/O: what it needs is in s, read with
	// the quote's other reads (Runtime.Reads). When it cannot tell it
	// returns d as it is, or with what it knows, and a nil cost. It must
	// not modify d's pointed-to payload: that may be a provider's,
	// shared; it sets its fields on a copy.
	CostPayload(chain asset.ChainInfo, s State, d orchestration.TransactionPayload) (orchestration.TransactionPayload, *big.Int)
}

// NativePricer is a Runtime that prices its chains' native coin in US
// dollars from the state a quote read (decision 105): on EVM chains the
// price feed the catalog names (asset.ChainInfo.NativePrice), read among
// the leg's reads (Runtime.Reads), so that ranking by amount net of costs
// costs no round trip.
type NativePricer interface {
	// NativePrice returns the price of chain's native coin in s, read at
	// now. It does no I/O. An error says, in words fit for the caller,
	// why there is none: no source named, an answer not read, a stale or
	// non-positive answer.
	NativePrice(chain asset.ChainInfo, s State, now time.Time) (NativePrice, error)
}

// NativePrice is a chain's native coin priced in US dollars.
type NativePrice struct {
	// USD is the price of one whole coin, in US dollars times
	// 10^USDDecimals; above zero.
	USD         *big.Int
	USDDecimals int
	// CoinDecimals are the coin's: its base unit (wei, lamport) is
	// 10^-CoinDecimals of a coin.
	CoinDecimals int
}

// InToken converts amount, in the coin's base unit, to the smallest unit
// of a token of the given decimals worth one US dollar (a stablecoin
// counted at par, decision 105), rounding up: a cost is never
// understated.
func (p NativePrice) InToken(amount *big.Int, decimals int) *big.Int {
	num := new(big.Int).Mul(amount, p.USD)
	num.Mul(num, pow10(decimals))
	den := pow10(p.USDDecimals + p.CoinDecimals)
	q, m := num.QuoRem(num, den, new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// pow10 is 10^n.
func pow10(n int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// AtPar converts amount from a token of fromDecimals to one of toDecimals
// one for one in value, rounding down: the rule by which a spread between
// tokens of equal worth (the M family's, stablecoins a solver swaps) is
// counted as a fee.
func AtPar(amount *big.Int, fromDecimals, toDecimals int) *big.Int {
	out := new(big.Int).Set(amount)
	switch {
	case toDecimals > fromDecimals:
		out.Mul(out, pow10(toDecimals-fromDecimals))
	case toDecimals < fromDecimals:
		out.Quo(out, pow10(fromDecimals-toDecimals))
	}
	return out
}

// costPayloads sets the costs of the payloads of a quote (PayloadCoster)
// in place, replacing each costed payload's data with the runtime's copy,
// and appends to fees one gas fee per chain whose payloads it could cost:
// the sum of their native costs.
func (r *run) costPayloads(p priced, payloads []orchestration.Payload, fees []orchestration.Fee) []orchestration.Fee {
	type chainGas struct {
		chain orchestration.Chain
		sum   *big.Int
	}
	var gas []chainGas
	for i := range payloads {
		d := payloads[i].Data
		name := d.Chain()
		chain, ok := r.e.catalog.Chain(name)
		if !ok {
			continue
		}
		pc, ok := r.e.runtimes[chain.Runtime].(PayloadCoster)
		if !ok {
			continue
		}
		d, cost := pc.CostPayload(chain, p.states.state[name], d)
		payloads[i].Data = d
		if cost == nil {
			continue
		}
		j := 0
		for j < len(gas) && gas[j].chain != name {
			j++
		}
		if j == len(gas) {
			gas = append(gas, chainGas{chain: name, sum: new(big.Int)})
		}
		gas[j].sum.Add(gas[j].sum, cost)
	}
	for _, g := range gas {
		fees = append(fees, orchestration.Fee{Kind: orchestration.FeeGas, Chain: g.chain, Amount: g.sum.String(),
			Description: "gas of the quote's transactions on " + string(g.chain) + " at the quoted gas price"})
	}
	return fees
}

// legFees appends c's fees to fees, filling in each fee's chain (the leg's
// source chain) and provider when the provider left them empty.
func (r *run) legFees(fees []orchestration.Fee, c *legCall) ([]orchestration.Fee, error) {
	own, err := c.legFees()
	if err != nil {
		return fees, err
	}
	for _, f := range own {
		if f.Chain == "" {
			f.Chain = c.req.From.Chain
		}
		if f.Provider == "" {
			f.Provider = r.e.ids[c.prov]
		}
		fees = append(fees, f)
	}
	return fees, nil
}

// legFees returns c's fees: Leg.Fees, or what Leg.BuildFees built the
// first time a route composed c (decision 106). A panic in BuildFees is
// the composition's failure, as one in Build is.
func (c *legCall) legFees() ([]orchestration.Fee, error) {
	if c.leg.Fees != nil || c.leg.BuildFees == nil {
		return c.leg.Fees, nil
	}
	if b := &c.builtFees; !b.done {
		b.done = true
		b.fees, b.err = callLocal(context.Background(), func(context.Context) ([]orchestration.Fee, error) {
			return c.leg.BuildFees(), nil
		})
		if b.err != nil {
			b.err = fmt.Errorf("building fees: %w", b.err)
		}
	}
	return c.builtFees.fees, c.builtFees.err
}
