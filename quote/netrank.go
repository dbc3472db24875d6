package quote

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/m0-orchestration/m0/orchestration"
)

// Ranking net of costs (Request.RankBy, decision 105). A quote's native
// costs are its native fees (Fee.Native: the payloads' value, listed as
// bridge and relay fees, and gas), chain by chain, each converted at its
// chain's native price (NativePricer) into the token ranked on, counted
// at one US dollar: the output token, or for an exact output the input
// token. A quote whose costs cannot be counted (a chain it pays costs on
// has no usable price, a payload's cost is not known) ranks after every
// quote whose costs could be, among its like by amount, and says why: two
// quotes are never compared on different measures.

// costCounter counts quotes' native costs in one token, pricing each chain
// once.
type costCounter struct {
	r        *run
	states   chainStates
	decimals int
	prices   map[orchestration.Chain]priceOrWhy
}

type priceOrWhy struct {
	price NativePrice
	why   error
}

func (r *run) costCounter(states chainStates, decimals int) *costCounter {
	return &costCounter{r: r, states: states, decimals: decimals, prices: map[orchestration.Chain]priceOrWhy{}}
}

// price is chain's native price in the counter's states, or why there is
// none.
func (cc *costCounter) price(chain orchestration.Chain) (NativePrice, error) {
	if p, ok := cc.prices[chain]; ok {
		return p.price, p.why
	}
	p := cc.lookUp(chain)
	cc.prices[chain] = p
	return p.price, p.why
}

func (cc *costCounter) lookUp(chain orchestration.Chain) priceOrWhy {
	info, ok := cc.r.e.catalog.Chain(chain)
	if !ok {
		return priceOrWhy{why: fmt.Errorf("%s is not in the catalog", chain)}
	}
	np, ok := cc.r.e.runtimes[info.Runtime].(NativePricer)
	if !ok {
		return priceOrWhy{why: fmt.Errorf("no price source is known for the native coin of %s chains such as %s", info.Runtime, chain)}
	}
	p, err := np.NativePrice(info, cc.states.state[chain], cc.r.e.now())
	return priceOrWhy{price: p, why: err}
}

// costs are the native costs of a quote with fees and payloads in the
// counter's token, or why they cannot be counted: a payload without its
// costs, a fee on a chain without a usable price.
func (cc *costCounter) costs(fees []orchestration.Fee, payloads []orchestration.Payload) (*big.Int, error) {
	for _, p := range payloads {
		if why := uncosted(p.Data); why != "" {
			return nil, fmt.Errorf("a payload on %s carries no %s", p.Data.Chain(), why)
		}
	}
	total := new(big.Int)
	for _, f := range fees {
		if !f.Native() {
			continue
		}
		amount, ok := new(big.Int).SetString(f.Amount, 10)
		if !ok {
			return nil, fmt.Errorf("a %s fee on %s has no amount", f.Kind, f.Chain)
		}
		price, err := cc.price(f.Chain)
		if err != nil {
			return nil, err
		}
		total.Add(total, price.InToken(amount, cc.decimals))
	}
	return total, nil
}

// uncosted says what cost d lacks, "" when it carries its costs: an EVM
// payload's gas and gasPrice, a Solana payload's fee.
func uncosted(d orchestration.TransactionPayload) string {
	switch {
	case d.EVM != nil && d.EVM.Gas == "":
		return "gas estimate"
	case d.EVM != nil && d.EVM.GasPrice == "":
		return "gas price"
	case d.SVM != nil && d.SVM.Fee == "":
		return "fee"
	}
	return ""
}

// countCosts counts the costs of n quotes, the i-th by costOf(cc, i), in
// a token of decimals: each one's costs, or why they cannot be counted.
func (r *run) countCosts(states chainStates, decimals, n int, costOf func(cc *costCounter, i int) (*big.Int, error)) ([]*big.Int, []string) {
	cc := r.costCounter(states, decimals)
	costs, whys := make([]*big.Int, n), make([]string, n)
	for i := range n {
		c, err := costOf(cc, i)
		if err != nil {
			whys[i] = "ranked by amount: " + err.Error()
			continue
		}
		costs[i] = c
	}
	return costs, whys
}

// byAmount is the Ranking of quotes ranked by amount for a request that
// named rankBy: why, when it asked for net of costs.
func byAmount(why string) *orchestration.Ranking {
	return &orchestration.Ranking{By: orchestration.RankByAmount, Reason: why}
}

// rankedBest is best, ranked as the request asks: by amount, or net of
// costs (bestNetOfCosts); with a Ranking on each quote when the request
// named rankBy.
func (r *run) rankedBest(p priced, one func(priced, *route) (candidate, error), max int) []candidate {
	switch r.req.RankBy {
	case orchestration.RankByNetOfCosts:
		return r.bestNetOfCosts(p, one, max)
	case orchestration.RankByAmount:
		best := r.best(p, one, max)
		for i := range best {
			best[i].setRanking(byAmount(""))
		}
		return best
	}
	return r.best(p, one, max)
}

// bestNetOfCosts is best ranking by amountOut net of costs (decision
// 105). A route's costs are known once it is composed (its approvals,
// its payloads' gas), so every fully priced route is composed, not only
// the best groups as best does: the price of asking.
func (r *run) bestNetOfCosts(p priced, one func(priced, *route) (candidate, error), max int) []candidate {
	cands := r.best(p, one, len(p.routes)) // costs are known once composed: every route is
	costs, whys := r.countCosts(p.states, r.req.Destination.Decimals, len(cands), func(cc *costCounter, i int) (*big.Int, error) {
		if cands[i].permit.Recipes != nil {
			return nil, errPermitGas
		}
		return cc.costs(cands[i].quote.Fees, cands[i].quote.Payloads)
	})
	for i := range cands {
		if costs[i] == nil {
			cands[i].uncounted = true
			cands[i].setRanking(byAmount(whys[i]))
			continue
		}
		cands[i].net = new(big.Int).Sub(cands[i].amountOut, costs[i])
		cands[i].setRanking(&orchestration.Ranking{By: orchestration.RankByNetOfCosts, Costs: costs[i].String(), NetAmountOut: cands[i].net.String()})
	}
	return rank(cands, max)
}

// errPermitGas is why permit quotes are ranked by amount: their recipes
// become transactions, with a gas estimate, only when built.
var errPermitGas = errors.New("a permit quote's gas is not known before POST /permit/build encodes its recipes")

// rankedIn is what c ranks on, least first: amountIn, or amountIn plus
// costs when counted.
func (c backCandidate) rankedIn() *big.Int {
	if c.net != nil {
		return c.net
	}
	return c.in
}

// netOfCostsIn prepares exact-output candidates for ranking as the
// request asks: with RankByNetOfCosts, each one's amountIn plus its costs
// in the input token (rankedIn), or, when they cannot be counted, why
// not; with a Ranking on each quote when the request named rankBy.
func (r *run) netOfCostsIn(states chainStates, cands []backCandidate) {
	switch r.req.RankBy {
	case "":
		return
	case orchestration.RankByAmount:
		for i := range cands {
			cands[i].quote.Ranking = byAmount("")
		}
		return
	}
	costs, whys := r.countCosts(states, r.req.Source.Decimals, len(cands), func(cc *costCounter, i int) (*big.Int, error) {
		return cc.costs(cands[i].quote.Fees, cands[i].quote.Payloads)
	})
	for i := range cands {
		if costs[i] == nil {
			cands[i].uncounted = true
			cands[i].quote.Ranking = byAmount(whys[i])
			continue
		}
		cands[i].net = new(big.Int).Add(cands[i].in, costs[i])
		cands[i].quote.Ranking = &orchestration.Ranking{By: orchestration.RankByNetOfCosts, Costs: costs[i].String(), NetAmountIn: cands[i].net.String()}
	}
}
