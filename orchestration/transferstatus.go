package orchestration

import (
	"context"
	"strings"

	"github.com/gagliardetto/solana-go"
)

// TransferState is what became of a source transaction (GET
// /transfers/{chain}/{txHash}, decision 84). It follows the peers' status
// APIs (LI.FI's PENDING | DONE | FAILED): a client polls while PENDING.
type TransferState string

const (
	// TransferPending: the transaction is not mined yet, or it is and a
	// portal message it sent is not delivered on its destination yet.
	TransferPending TransferState = "PENDING"
	// TransferDone: the transaction succeeded and every message it sent is
	// delivered.
	TransferDone TransferState = "DONE"
	// TransferFailed: the transaction reverted.
	TransferFailed TransferState = "FAILED"
)

// TransferStepKind is what one part of a source transaction did.
type TransferStepKind string

const (
	StepSwap       TransferStepKind = "swap"       // the SwapFacility or a Uniswap router converted a token
	StepBridge     TransferStepKind = "bridge"     // the Portal sent a message to another chain
	StepLimitOrder TransferStepKind = "limitOrder" // the OrderBook opened, filled or cancelled an order
	StepApprove    TransferStepKind = "approve"    // a catalog token granted a catalog contract an allowance
)

// DeliveryState is where a portal message stands on its destination.
type DeliveryState string

const (
	DeliveryPending   DeliveryState = "PENDING"   // not seen on the destination within the lookback
	DeliveryDelivered DeliveryState = "DELIVERED" // the destination Portal received it
)

// TransferStatus answers GET /transfers/{chain}/{txHash}: what a source
// transaction the service could have built (a payload of a quote, permit
// build or cancel) did, read from its receipt, and, for a portal message,
// whether the destination received it.
type TransferStatus struct {
	Chain   Chain         `json:"chain"`
	ChainID uint64        `json:"chainId"`
	TxHash  string        `json:"txHash"`
	Status  TransferState `json:"status"`
	// From and To are the transaction's sender and the contract it called.
	From string `json:"from"`
	To   string `json:"to"`
	// BlockNumber is 0 while the transaction is not mined.
	BlockNumber uint64 `json:"blockNumber,omitempty"`
	// BlockTimestamp is the block's time in Unix seconds, when the node
	// tells it (with the receipt's logs); absent otherwise.
	BlockTimestamp int64 `json:"blockTimestamp,omitempty"`
	// Steps are what the transaction did, in log order; empty while it is
	// pending or when it reverted.
	Steps []TransferStep `json:"steps"`
}

// TransferStep is one part of a source transaction. Amounts are base-unit
// decimal strings, as everywhere in the API; tokens are addresses.
type TransferStep struct {
	Kind     TransferStepKind `json:"kind"`
	Contract string           `json:"contract"`
	// TokenIn, AmountIn: what the step took (for approve: the token and the
	// allowance granted). TokenOut, AmountOut: what it gave out, when seen
	// on this chain.
	TokenIn   string `json:"tokenIn,omitempty"`
	AmountIn  string `json:"amountIn,omitempty"`
	TokenOut  string `json:"tokenOut,omitempty"`
	AmountOut string `json:"amountOut,omitempty"`
	// Spender is the allowance's spender (approve only).
	Spender string `json:"spender,omitempty"`
	// Recipient is who receives the step's output (on the destination for
	// a bridge), when the log names it.
	Recipient string `json:"recipient,omitempty"`
	// Bridge is set for kind bridge.
	Bridge *BridgeDelivery `json:"bridge,omitempty"`
	// Order is set for kind limitOrder.
	Order *TransferOrder `json:"order,omitempty"`
}

// BridgeDelivery is a portal message and its delivery.
type BridgeDelivery struct {
	MessageID string `json:"messageId"`
	// DestinationChain is empty when the destination chain id is not in
	// the catalog (then the delivery is not looked for: PENDING).
	DestinationChain   Chain         `json:"destinationChain,omitempty"`
	DestinationChainID uint64        `json:"destinationChainId"`
	Status             DeliveryState `json:"status"`
	// The destination transaction, its block and time, once DELIVERED.
	DestinationTxHash      string `json:"destinationTxHash,omitempty"`
	DestinationBlockNumber uint64 `json:"destinationBlockNumber,omitempty"`
	DeliveredAt            int64  `json:"deliveredAt,omitempty"`
}

// TransferOrder is the limit order a transaction opened, filled or
// cancelled, with its status as GET /orders/{originChain}/{orderId} reads
// it (empty when the service has no order service).
type TransferOrder struct {
	OriginChain Chain       `json:"originChain"`
	OrderID     string      `json:"orderId"`
	Status      OrderStatus `json:"status,omitempty"`
}

// TransferTracker answers the status of a transfer by its source
// transaction. Errors: BadTransferRequest (a malformed hash, an unknown or
// disabled chain), TransferNotFound (no such transaction on the chain),
// TransferNotRecognized (a transaction that calls none of the catalog's
// contracts and tokens, so none this service builds), NotImplemented (a
// chain whose runtime the tracker does not read), TransferStatusError.
type TransferTracker interface {
	Transfer(ctx context.Context, chain Chain, txHash string) (*TransferStatus, error)
}

// CheckTransferRef checks a source transaction's id in the form of
// chain's runtime: a Solana signature (base58 of 64 bytes) on an SVM
// chain, an EVM transaction hash (CheckTxHash) otherwise. The error is a
// BadTransferRequest.
func CheckTransferRef(chain Chain, txHash string) error {
	if chain.Runtime() == RuntimeSVM {
		if _, err := solana.SignatureFromBase58(txHash); err != nil {
			return Errorf(BadTransferRequest, "txHash on %s must be a base58 transaction signature (64 bytes)", chain)
		}
		return nil
	}
	return CheckTxHash(txHash)
}

// CheckTxHash checks an EVM transaction hash's wire format: 0x and 64 hex
// digits, either case. The error is a BadTransferRequest.
func CheckTxHash(s string) error {
	h, ok := strings.CutPrefix(s, "0x")
	if !ok || len(h) != 64 || strings.IndexFunc(h, func(r rune) bool {
		return !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F')
	}) >= 0 {
		return Errorf(BadTransferRequest, "txHash must be 0x and 64 hex digits")
	}
	return nil
}
