package orchestration

import (
	"encoding/json"
	"errors"
	"fmt"
)

// EVMPayload is an unsigned EVM transaction: send Data to To with Value on
// the chain ChainID.
type EVMPayload struct {
	Chain   Chain  `json:"chain"`
	ChainID uint64 `json:"chainId"`
	To      string `json:"to"`
	// Data is the calldata as 0x-prefixed hex.
	Data string `json:"data"`
	// Value is the native-currency amount in the smallest unit.
	Value string `json:"value"`
	// Gas is the gas the call is expected to use at most, a decimal
	// string: the measured figure of its operation (evm/evmgas), not an
	// eth_estimateGas. Empty when the call is not one the table knows. An
	// additive field.
	Gas string `json:"gas,omitempty"`
	// GasPrice is the chain's gas price in wei when the quote was read, a
	// decimal string: the base fee of the block the quote read plus a
	// priority tip (decision 90). Empty when the base fee was not read. An
	// additive field.
	GasPrice string `json:"gasPrice,omitempty"`
}

// SVMPayload is an unsigned Solana transaction.
type SVMPayload struct {
	Chain Chain `json:"chain"`
	// Transaction is the base64 of the serialized transaction with its
	// signature slots zero-filled.
	Transaction string `json:"transaction"`
	// ComputeUnitLimit is the transaction's compute unit limit: the one
	// it sets (SetComputeUnitLimit), or, when it sets none, Solana's
	// default of 200,000 per instruction (at most 1,400,000). 0 when not
	// computed. An additive field.
	ComputeUnitLimit uint32 `json:"computeUnitLimit,omitempty"`
	// Fee is what the transaction costs in lamports, a decimal string: the
	// signature fee (5000 per signature) plus the priority fee its compute
	// budget sets (limit × price in micro-lamports / 10^6, rounded up).
	// Empty when not computed. An additive field.
	Fee string `json:"fee,omitempty"`
}

// TransactionPayload is either an EVM or an SVM transaction; exactly one of
// the two fields is set. On the wire it is one object discriminated by
// "type": "evm" or "svm".
type TransactionPayload struct {
	EVM *EVMPayload
	SVM *SVMPayload
}

// Chain is the chain the transaction must be broadcast on.
func (p TransactionPayload) Chain() Chain {
	switch {
	case p.EVM != nil:
		return p.EVM.Chain
	case p.SVM != nil:
		return p.SVM.Chain
	}
	return ""
}

// MarshalJSON writes the payload with its "type" discriminator first.
func (p TransactionPayload) MarshalJSON() ([]byte, error) {
	switch {
	case p.EVM != nil && p.SVM != nil:
		return nil, errors.New("orchestration: TransactionPayload has both EVM and SVM set")
	case p.EVM != nil:
		return json.Marshal(struct {
			Type string `json:"type"`
			*EVMPayload
		}{"evm", p.EVM})
	case p.SVM != nil:
		return json.Marshal(struct {
			Type string `json:"type"`
			*SVMPayload
		}{"svm", p.SVM})
	}
	return nil, errors.New("orchestration: TransactionPayload has neither EVM nor SVM set")
}

// UnmarshalJSON reads either variant, chosen by "type".
func (p *TransactionPayload) UnmarshalJSON(b []byte) error {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	*p = TransactionPayload{}
	switch head.Type {
	case "evm":
		p.EVM = new(EVMPayload)
		return json.Unmarshal(b, p.EVM)
	case "svm":
		p.SVM = new(SVMPayload)
		return json.Unmarshal(b, p.SVM)
	}
	return fmt.Errorf("orchestration: unknown transaction payload type %q", head.Type)
}
