package evmruntime

import (
	"math/big"
	"strconv"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

var _ quote.PayloadCoster = (*Runtime)(nil)

// DefaultPriorityTip is the priority fee, in wei, added to the base fee
// read with a quote to give its payloads' gasPrice when Config.PriorityTip
// is zero: 1 gwei, what wallets commonly offer on an uncongested chain
// (decision 90). It is an estimate for display, not a price the payload
// binds: a wallet sets its own fees when it signs.
const DefaultPriorityTip = 1_000_000_000

// baseFeeReads are the reads that give a chain's gas price: its
// Multicall3's getBasefee(), none when the catalog names no Multicall3.
func (r *Runtime) baseFeeReads(chain orchestration.Chain) []quote.Read {
	return r.baseFees.Get(chain, func() []quote.Read {
		c, ok := r.baseFeeCall(chain)
		if !ok {
			return nil
		}
		return []quote.Read{c}
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
