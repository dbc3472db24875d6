package evm

import (
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// BaseFeeCall is the read of a chain's base fee: getBasefee() of the
// Multicall3 at mc (block.basefee), chain state read in the same
// aggregate3 batch as a quote's other reads, so a quote learns the gas
// price of the block it read without a round trip of its own (decision
// 90). The head follower's refresh keeps it warm with the rest.
func BaseFeeCall(mc common.Address) Call {
	return MustMethodCall(mc, multicall.Methods["getBasefee"], false)
}

// DecodeBaseFee decodes the answer to c, a BaseFeeCall: the base fee of
// the block the answers were read at, in wei.
func DecodeBaseFee(a *Answers, c Call) (*big.Int, error) {
	fee, err := Decode1[*big.Int](multicall.Methods["getBasefee"], a, c)
	if err != nil {
		return nil, fmt.Errorf("evm: base fee: %w", err)
	}
	return fee, nil
}
