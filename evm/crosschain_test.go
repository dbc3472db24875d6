package evm_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

// newFundedKey returns a key holding ether on every devnet chain and wM on
// src, funded by bob through an Executor.
func newFundedKey(t *testing.T, src orchestration.Chain, wM *big.Int) *ecdsa.PrivateKey {
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	addr := crypto.PubkeyToAddress(key.PublicKey)
	var funding []orchestration.Payload
	for _, c := range dn.Chains() {
		p := payload(c.Name, addr, nil, "ether for gas")
		p.Data.EVM.Value = "1000000000000000000"
		funding = append(funding, p)
	}
	k := dn.Contracts(src)
	funding = append(funding, payload(src, k.WrappedM, pack(t, "MToken", "transfer", addr, wM), "wM"))
	e := &evm.Executor{Clients: clients(nil), Signer: evm.KeySigner(account(t, "bob").Key)}
	if _, err := e.Execute(context.Background(), funding); err != nil {
		t.Fatal(err)
	}
	return key
}

// A bridge then a spend on the destination chain: BeforePayload waits for
// the relayed funds.
func TestExecutorWaitsForBridgedFunds(t *testing.T) {
	src, dst := orchestration.Sepolia, orchestration.BaseSepolia
	srcChain, _ := dn.Chain(src)
	dstChain, _ := dn.Chain(dst)
	k := dn.Contracts(src)
	amount := big.NewInt(3_000_000)
	key := newFundedKey(t, src, amount)
	me := crypto.PubkeyToAddress(key.PublicKey)
	bob := account(t, "bob").Address

	portal, _ := bindings.NewPortal(k.Portal, srcChain.Client())
	fee, err := portal.Quote0(nil, uint32(dstChain.ChainID), 0)
	if err != nil {
		t.Fatal(err)
	}
	send := payload(src, k.Portal, pack(t, "Portal", "sendToken0", amount, k.WrappedM, uint32(dstChain.ChainID),
		common.BytesToHash(k.WrappedM.Bytes()), common.BytesToHash(me.Bytes()), common.BytesToHash(me.Bytes()), []byte{}), "bridge wM")
	send.Data.EVM.Value = fee.String()
	dk := dn.Contracts(dst)
	payloads := []orchestration.Payload{
		payload(src, k.WrappedM, evm.ApproveCalldata(k.Portal, amount), "approve wM"),
		send,
		payload(dst, dk.WrappedM, pack(t, "MToken", "transfer", bob, amount), "spend bridged wM"),
	}

	r := newReader(t, evm.Config{})
	waited := 0
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bobBefore := balanceOf(t, dst, dk.WrappedM, bob)
	e := &evm.Executor{Clients: clients(nil), Signer: evm.KeySigner(key),
		BeforePayload: func(ctx context.Context, i int, p orchestration.Payload) error {
			if p.Data.EVM.Chain != dst {
				return nil
			}
			_, err := evm.WaitFor(ctx, func(ctx context.Context) (*big.Int, bool, error) {
				waited++
				a, err := r.Read(ctx, dst, []evm.Call{evm.ERC20BalanceOf(dk.WrappedM, me)})
				if err != nil {
					return nil, false, err
				}
				b, err := evm.DecodeUint256(mustGet(t, a, evm.ERC20BalanceOf(dk.WrappedM, me)))
				return b, err == nil && b.Cmp(amount) >= 0, err
			})
			return err
		}}
	receipts, err := e.Execute(ctx, payloads)
	if err != nil {
		t.Fatal(err)
	}
	if len(receipts) != 3 || waited == 0 {
		t.Fatalf("%d receipts, %d balance polls: want 3 and at least one", len(receipts), waited)
	}
	if got := new(big.Int).Sub(balanceOf(t, dst, dk.WrappedM, bob), bobBefore); got.Cmp(amount) != 0 {
		t.Errorf("bob received %s wM on %s, want %s", got, dst, amount)
	}
}
