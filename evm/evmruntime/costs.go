package evmruntime

import (
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

var (
	_ quote.PayloadCoster = (*Runtime)(nil)
	_ quote.NativePricer  = (*Runtime)(nil)
)

// nativeDecimals are the decimals of an EVM chain's native coin: a wei is
// 10^-18 of an ether, and so on every EVM chain the catalog knows.
const nativeDecimals = 18

// DefaultPriorityTip is the priority fee, in wei, added to the base fee
// read with a quote to give its payloads' gasPrice when Config.PriorityTip
// is zero: 1 gwei, what wallets commonly offer on an uncongested chain
// (decision 90). It is an estimate for display, not a price the payload
// binds: a wallet sets its own fees when it signs.
const DefaultPriorityTip = 1_000_000_000

// costReads are the reads that price a quote's costs on chain: its
// Multicall3's getBasefee() (the gas price), none when the catalog names
// no Multicall3; and the price feed of its native coin when the catalog
// names one (decision 105), whether or not the request ranks by costs, so
// that a warm cache holds it either way.
func (r *Runtime) costReads(chain orchestration.Chain) []quote.Read {
	return r.costs.Get(chain, func() []quote.Read {
		var reads []quote.Read
		if c, ok := r.baseFeeCall(chain); ok {
			reads = append(reads, c)
		}
		if info, ok := r.cat.Chain(chain); ok && info.NativePrice != nil {
			for _, c := range evm.PriceFeedCalls(evm.HexToAddress(info.NativePrice.Feed)) {
				reads = append(reads, c)
			}
		}
		return reads
	})
}

// baseFeeCall is chain's BaseFeeCall, if it has a Multicall3.
func (r *Runtime) baseFeeCall(chain orchestration.Chain) (evm.Call, bool) {
	info, ok := r.cat.Chain(chain)
	if !ok || info.Contracts.Multicall3 == "" || !common.IsHexAddress(info.Contracts.Multicall3) {
		return evm.Call{}, false
	}
	return evm.BaseFeeCall(evm.HexToAddress(info.Contracts.Multicall3)), true
}

// GasPrice is the gas price, in wei, the payloads of a quote that read s on
// chain carry: the base fee of the block s was read at plus the priority
// tip. ok is false when s holds no base fee.
func (r *Runtime) GasPrice(chain orchestration.Chain, s quote.State) (*big.Int, bool) {
	c, ok := r.baseFeeCall(chain)
	if !ok {
		return nil, false
	}
	fee, err := evm.DecodeBaseFee(Answers(s), c)
	if err != nil {
		return nil, false
	}
	return fee.Add(fee, new(big.Int).SetUint64(r.tip)), true
}

// CostPayload sets an EVM payload's gas (evmgas: the operation's measured
// figure, from its target's role in the catalog and its calldata) and
// gasPrice (GasPrice), and returns gas × gasPrice. A call the table does
// not know keeps no gas and costs nothing known; without a base fee in s
// the payload carries its gas alone.
func (r *Runtime) CostPayload(chain asset.ChainInfo, s quote.State, d orchestration.TransactionPayload) (orchestration.TransactionPayload, *big.Int) {
	p := d.EVM
	if p == nil {
		return d, nil
	}
	gas, ok := evmgas.PayloadGas(chain, p.To, p.Data)
	if !ok {
		return d, nil
	}
	cp := *p
	cp.Gas = strconv.FormatUint(gas, 10)
	price, ok := r.GasPrice(chain.Name, s)
	if !ok {
		return orchestration.TransactionPayload{EVM: &cp}, nil
	}
	cp.GasPrice = price.String()
	return orchestration.TransactionPayload{EVM: &cp}, price.Mul(price, new(big.Int).SetUint64(gas))
}

// NativePrice is the price of chain's native coin by the feed the catalog
// names (asset.ChainInfo.NativePrice), as read in s (costReads): none when
// the catalog names no feed, the feed was not read or reverted, its answer
// is not above zero, or it was updated longer ago than the source's
// MaxAge before now (decision 105).
func (r *Runtime) NativePrice(chain asset.ChainInfo, s quote.State, now time.Time) (quote.NativePrice, error) {
	src := chain.NativePrice
	if src == nil {
		return quote.NativePrice{}, fmt.Errorf("the catalog names no price source for %s's native coin", chain.Name)
	}
	fa, err := evm.DecodePriceFeed(Answers(s), evm.PriceFeedCalls(evm.HexToAddress(src.Feed)))
	if err != nil {
		return quote.NativePrice{}, fmt.Errorf("%s's native price feed %s could not be read (%v)", chain.Name, src.Feed, err)
	}
	if fa.Answer.Sign() <= 0 {
		return quote.NativePrice{}, fmt.Errorf("%s's native price feed %s answered %s, which is no price", chain.Name, src.Feed, fa.Answer)
	}
	if age := now.Sub(time.Unix(int64(fa.UpdatedAt), 0)); age > src.MaxAge() {
		return quote.NativePrice{}, fmt.Errorf("%s's native price feed %s was last updated %s ago, longer than the %s allowed",
			chain.Name, src.Feed, age.Truncate(time.Second), src.MaxAge())
	}
	return quote.NativePrice{USD: fa.Answer, USDDecimals: int(fa.Decimals), CoinDecimals: nativeDecimals}, nil
}
