package evm

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/m0-orchestration/m0/orchestration"
)

// TxBackend is what the Executor needs from a node; *ethclient.Client
// satisfies it.
type TxBackend interface {
	bind.ContractBackend
	bind.DeployBackend
	ChainID(ctx context.Context) (*big.Int, error)
}

// Signer signs the Executor's transactions as From. Sign may be any
// bind.SignerFn (a keystore, a remote signer); it must return the
// transaction signed for the chain id the transaction carries.
type Signer struct {
	From common.Address
	Sign bind.SignerFn
}

// KeySigner signs with key, with a London signer for the chain id of each
// transaction: one Signer serves every chain.
func KeySigner(key *ecdsa.PrivateKey) Signer {
	from := crypto.PubkeyToAddress(key.PublicKey)
	return Signer{From: from, Sign: func(addr common.Address, tx *types.Transaction) (*types.Transaction, error) {
		if addr != from {
			return nil, bind.ErrNotAuthorized
		}
		return types.SignTx(tx, types.NewLondonSigner(tx.ChainId()), key)
	}}
}

// gasHeadroom is the share of the gas estimate added to a transaction's
// gas limit, in percent: estimates are exact for the state they ran on,
// which the payloads before it may have changed by little.
const gasHeadroom = 20

// Executor executes a quote's EVM payloads in order, as a wallet would:
// estimate, sign, send, wait for the receipt, next. It serves tests,
// examples and scripts; its zero Clients executes nothing.
type Executor struct {
	// Clients are the nodes to send each chain's payloads to.
	Clients map[orchestration.Chain]TxBackend
	// Signer signs every transaction.
	Signer Signer
	// BeforePayload, when set, runs before payload i is estimated and sent
	// (after every payload was checked). A cross-chain route's later
	// payloads spend on the destination chain what a bridge relayer
	// delivers some time after the source chain's payload: wait for it here,
	// for instance with WaitFor and a balance read, and return nil when the
	// funds are there. An error stops Execute before payload i.
	BeforePayload func(ctx context.Context, i int, p orchestration.Payload) error
}

// ExecutionError is the error of Execute: which payload failed and, when it
// was mined and reverted, its receipt.
type ExecutionError struct {
	Index      int
	Annotation string
	Chain      orchestration.Chain
	Receipt    *types.Receipt // set when the transaction was mined and reverted
	Err        error
}

func (e *ExecutionError) Error() string {
	name := fmt.Sprintf("evm: payload %d", e.Index)
	if e.Annotation != "" {
		name += fmt.Sprintf(" (%s)", e.Annotation)
	}
	if e.Chain != "" {
		name += " on " + string(e.Chain)
	}
	return name + ": " + e.Err.Error()
}

func (e *ExecutionError) Unwrap() error { return e.Err }

// ErrReverted is wrapped by the error of a payload whose transaction was
// mined and reverted.
var ErrReverted = errors.New("transaction reverted")

// Execute sends payloads in order and returns their receipts. Before sending
// anything it checks every payload: it must be EVM, its chain must have a
// client, and that client's chain id must be the payload's chainId, so a
// payload built for another network is never signed. Then, for each
// payload: BeforePayload, gas estimate, sign, send, wait for the receipt.
// A reverted transaction stops Execute with an *ExecutionError wrapping
// ErrReverted; the receipts of the payloads mined so far are returned with
// any error.
func (e *Executor) Execute(ctx context.Context, payloads []orchestration.Payload) ([]*types.Receipt, error) {
	txs, err := e.check(ctx, payloads)
	if err != nil {
		return nil, err
	}
	receipts := make([]*types.Receipt, 0, len(payloads))
	for i, p := range payloads {
		fail := func(r *types.Receipt, err error) ([]*types.Receipt, error) {
			return receipts, &ExecutionError{Index: i, Annotation: p.Annotation, Chain: p.Data.EVM.Chain, Receipt: r, Err: err}
		}
		if e.BeforePayload != nil {
			if err := e.BeforePayload(ctx, i, p); err != nil {
				return fail(nil, err)
			}
		}
		r, err := e.send(ctx, e.Clients[p.Data.EVM.Chain], txs[i])
		if err != nil {
			return fail(r, err)
		}
		receipts = append(receipts, r)
	}
	return receipts, nil
}

// unsent is a checked payload.
type unsent struct {
	chainID *big.Int
	to      common.Address
	data    []byte
	value   *big.Int
}

func (e *Executor) check(ctx context.Context, payloads []orchestration.Payload) ([]unsent, error) {
	chainIDs := map[orchestration.Chain]*big.Int{}
	out := make([]unsent, len(payloads))
	for i, p := range payloads {
		fail := func(chain orchestration.Chain, format string, args ...any) error {
			return &ExecutionError{Index: i, Annotation: p.Annotation, Chain: chain, Err: fmt.Errorf(format+"; nothing was sent", args...)}
		}
		ep := p.Data.EVM
		if ep == nil {
			if p.Data.SVM != nil {
				return nil, fail(p.Data.SVM.Chain, "an SVM transaction: this executor signs EVM transactions only")
			}
			return nil, fail("", "no transaction")
		}
		client := e.Clients[ep.Chain]
		if client == nil {
			return nil, fail(ep.Chain, "no client for the chain")
		}
		if !common.IsHexAddress(ep.To) {
			return nil, fail(ep.Chain, "to %q is not an address", ep.To)
		}
		data, err := hexutil.Decode(orZero(ep.Data, "0x"))
		if err != nil {
			return nil, fail(ep.Chain, "data is not 0x-prefixed hex: %v", err)
		}
		value, ok := new(big.Int).SetString(orZero(ep.Value, "0"), 0)
		if !ok || value.Sign() < 0 {
			return nil, fail(ep.Chain, "value %q is not a non-negative integer", ep.Value)
		}
		id, seen := chainIDs[ep.Chain]
		if !seen {
			if id, err = client.ChainID(ctx); err != nil {
				return nil, fail(ep.Chain, "eth_chainId: %w", redact(err))
			}
			chainIDs[ep.Chain] = id
		}
		if !id.IsUint64() || id.Uint64() != ep.ChainID {
			return nil, fail(ep.Chain, "built for chain id %d, but the %s client serves chain id %s", ep.ChainID, ep.Chain, id)
		}
		out[i] = unsent{chainID: id, to: common.HexToAddress(ep.To), data: data, value: value}
	}
	return out, nil
}

func orZero(s, zero string) string {
	if strings.TrimSpace(s) == "" {
		return zero
	}
	return s
}

// send estimates, signs and sends u through b and waits for its receipt.
func (e *Executor) send(ctx context.Context, b TxBackend, u unsent) (*types.Receipt, error) {
	from := e.Signer.From
	gas, err := b.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &u.to, Value: u.value, Data: u.data})
	if err != nil {
		return nil, fmt.Errorf("estimate gas: %w", redact(err))
	}
	gas += gas * gasHeadroom / 100
	nonce, err := b.PendingNonceAt(ctx, from)
	if err != nil {
		return nil, fmt.Errorf("nonce: %w", redact(err))
	}
	head, err := b.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("latest header: %w", redact(err))
	}
	var inner types.TxData
	if head.BaseFee != nil {
		tip, err := b.SuggestGasTipCap(ctx)
		if err != nil {
			return nil, fmt.Errorf("gas tip: %w", redact(err))
		}
		feeCap := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
		inner = &types.DynamicFeeTx{ChainID: u.chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap, Gas: gas, To: &u.to, Value: u.value, Data: u.data}
	} else {
		price, err := b.SuggestGasPrice(ctx)
		if err != nil {
			return nil, fmt.Errorf("gas price: %w", redact(err))
		}
		// EIP-2930 rather than legacy: it carries the chain id.
		inner = &types.AccessListTx{ChainID: u.chainID, Nonce: nonce, GasPrice: price, Gas: gas, To: &u.to, Value: u.value, Data: u.data}
	}
	tx, err := e.Signer.Sign(from, types.NewTx(inner))
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	if tx.ChainId().Cmp(u.chainID) != 0 {
		return nil, fmt.Errorf("the signer signed for chain id %s, want %s; nothing was sent", tx.ChainId(), u.chainID)
	}
	if err := b.SendTransaction(ctx, tx); err != nil {
		return nil, fmt.Errorf("send: %w", redact(err))
	}
	r, err := waitMined(ctx, b, tx.Hash())
	if err != nil {
		return nil, fmt.Errorf("wait for %s: %w", tx.Hash(), err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		return r, fmt.Errorf("%w: %s (gas used %d of %d)", ErrReverted, tx.Hash(), r.GasUsed, gas)
	}
	return r, nil
}

// waitMined polls for the receipt of hash, from every 10ms up to every
// second: a devnet seals at once, a real chain takes seconds. It returns
// once the node's head has reached the receipt's block too: go-ethereum
// indexes a block's receipts before it moves its head there, and nodes
// behind one RPC endpoint lag each other, so a receipt alone does not
// promise that the next payload's gas estimate, or the caller's balance
// read, sees the block.
func waitMined(ctx context.Context, b TxBackend, hash common.Hash) (*types.Receipt, error) {
	r, err := WaitFor(ctx, func(ctx context.Context) (*types.Receipt, bool, error) {
		r, err := b.TransactionReceipt(ctx, hash)
		switch {
		case err == nil:
			return r, true, nil
		case errors.Is(err, ethereum.NotFound):
			return nil, false, nil
		}
		return nil, false, redact(err)
	})
	if err != nil {
		return nil, err
	}
	_, err = WaitFor(ctx, func(ctx context.Context) (struct{}, bool, error) {
		head, err := b.HeaderByNumber(ctx, nil)
		if err != nil {
			return struct{}{}, false, redact(err)
		}
		return struct{}{}, head.Number.Cmp(r.BlockNumber) >= 0, nil
	})
	if err != nil {
		return nil, fmt.Errorf("wait for the head to reach block %s: %w", r.BlockNumber, err)
	}
	return r, nil
}

// WaitFor calls ready until it reports done or fails, or ctx ends: every
// 10ms at first, backing off to every second. It suits
// Executor.BeforePayload: wait until a bridged balance arrives.
func WaitFor[T any](ctx context.Context, ready func(context.Context) (T, bool, error)) (T, error) {
	wait := 10 * time.Millisecond
	for {
		v, done, err := ready(ctx)
		if err != nil || done {
			return v, err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			var zero T
			return zero, ctx.Err()
		case <-t.C:
		}
		wait = min(2*wait, time.Second)
	}
}
