package evm_test

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

func payload(chain orchestration.Chain, to common.Address, data []byte, annotation string) orchestration.Payload {
	c, _ := dn.Chain(chain)
	return orchestration.Payload{
		Provider:   orchestration.ProviderMSwapFacility,
		Annotation: annotation,
		Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: chain, ChainID: c.ChainID, To: to.Hex(), Data: hexutil.Encode(data), Value: "0",
		}},
	}
}

// clients are the devnet's in-process clients, with wrap applied when set.
func clients(wrap func(evm.TxBackend) evm.TxBackend) map[orchestration.Chain]evm.TxBackend {
	out := map[orchestration.Chain]evm.TxBackend{}
	for _, c := range dn.Chains() {
		var b evm.TxBackend = c.Client()
		if wrap != nil {
			b = wrap(b)
		}
		out[c.Name] = b
	}
	return out
}

func balanceOf(t testing.TB, chain orchestration.Chain, token, owner common.Address) *big.Int {
	t.Helper()
	c, _ := dn.Chain(chain)
	erc20, _ := bindings.NewMToken(token, c.Client())
	b, err := erc20.BalanceOf(nil, owner)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// swapPayloads are approve(SwapFacility, amount) and swap(wM -> mUSD) for
// owner on chain.
func swapPayloads(t testing.TB, chain orchestration.Chain, owner common.Address, amount *big.Int) []orchestration.Payload {
	k := dn.Contracts(chain)
	return []orchestration.Payload{
		payload(chain, k.WrappedM, evm.ApproveCalldata(k.SwapFacility, amount), "approve wM"),
		payload(chain, k.SwapFacility, pack(t, "SwapFacility", "swap", k.WrappedM, k.MetaMaskUSD, amount, owner), "swap wM to mUSD"),
	}
}

func TestExecutorRunsApproveAndSwap(t *testing.T) {
	chain := orchestration.Sepolia
	k := dn.Contracts(chain)
	bob := account(t, "bob")
	amount := big.NewInt(5_000_000)
	wmBefore, musdBefore := balanceOf(t, chain, k.WrappedM, bob.Address), balanceOf(t, chain, k.MetaMaskUSD, bob.Address)

	var hooked []int
	e := &evm.Executor{Clients: clients(nil), Signer: evm.KeySigner(bob.Key),
		BeforePayload: func(_ context.Context, i int, _ orchestration.Payload) error { hooked = append(hooked, i); return nil }}
	receipts, err := e.Execute(context.Background(), swapPayloads(t, chain, bob.Address, amount))
	if err != nil {
		t.Fatal(err)
	}
	if len(receipts) != 2 || receipts[0].Status != types.ReceiptStatusSuccessful || receipts[1].BlockNumber.Cmp(receipts[0].BlockNumber) < 0 {
		t.Fatalf("receipts %+v: want two successful ones in order", receipts)
	}
	if len(hooked) != 2 || hooked[0] != 0 || hooked[1] != 1 {
		t.Errorf("BeforePayload saw %v, want [0 1]", hooked)
	}
	wm, musd := balanceOf(t, chain, k.WrappedM, bob.Address), balanceOf(t, chain, k.MetaMaskUSD, bob.Address)
	if new(big.Int).Sub(wmBefore, wm).Cmp(amount) != 0 || new(big.Int).Sub(musd, musdBefore).Cmp(amount) != 0 {
		t.Errorf("wM %s -> %s, mUSD %s -> %s: want %s moved", wmBefore, wm, musdBefore, musd, amount)
	}
}

func TestExecutorRefusesBeforeSending(t *testing.T) {
	chain := orchestration.Sepolia
	k := dn.Contracts(chain)
	bob := account(t, "bob")
	c, _ := dn.Chain(chain)
	good := swapPayloads(t, chain, bob.Address, big.NewInt(1))

	wrongID := payload(orchestration.BaseSepolia, k.WrappedM, nil, "on the wrong network")
	wrongID.Data.EVM.ChainID = 8453 // Base mainnet
	svm := orchestration.Payload{Annotation: "solana leg", Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.SolanaDevnet}}}
	noClient := payload(chain, k.WrappedM, nil, "no client")
	noClient.Data.EVM.Chain = orchestration.Base
	badValue := payload(chain, k.WrappedM, nil, "bad value")
	badValue.Data.EVM.Value = "-1"

	tests := []struct {
		name  string
		bad   orchestration.Payload
		wants []string
	}{
		{"chain id differs from the client's", wrongID, []string{"payload 2 (on the wrong network)", "8453", "84532"}},
		{"svm", svm, []string{"payload 2 (solana leg)", "SVM"}},
		{"no client", noClient, []string{"no client", "Base"}},
		{"bad value", badValue, []string{"value"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nonce, err := c.Client().PendingNonceAt(context.Background(), bob.Address)
			if err != nil {
				t.Fatal(err)
			}
			e := &evm.Executor{Clients: clients(nil), Signer: evm.KeySigner(bob.Key)}
			receipts, err := e.Execute(context.Background(), append(good[:2:2], tt.bad))
			var ee *evm.ExecutionError
			if !errors.As(err, &ee) || ee.Index != 2 || len(receipts) != 0 {
				t.Fatalf("error %v, %d receipts: want an ExecutionError for payload 2 and none sent", err, len(receipts))
			}
			for _, w := range append(tt.wants, "nothing was sent") {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if after, _ := c.Client().PendingNonceAt(context.Background(), bob.Address); after != nonce {
				t.Errorf("nonce %d -> %d: a transaction was sent", nonce, after)
			}
		})
	}
}

// lowGas under-estimates gas so that transactions run out of it when mined.
type lowGas struct{ evm.TxBackend }

func (lowGas) EstimateGas(context.Context, ethereum.CallMsg) (uint64, error) { return 25_000, nil }

func TestExecutorReportsRevertedPayloads(t *testing.T) {
	chain := orchestration.Sepolia
	k := dn.Contracts(chain)
	bob := account(t, "bob")

	t.Run("mined and reverted", func(t *testing.T) {
		e := &evm.Executor{Clients: clients(func(b evm.TxBackend) evm.TxBackend { return lowGas{b} }), Signer: evm.KeySigner(bob.Key)}
		receipts, err := e.Execute(context.Background(), swapPayloads(t, chain, bob.Address, big.NewInt(1))[:1])
		var ee *evm.ExecutionError
		if !errors.Is(err, evm.ErrReverted) || !errors.As(err, &ee) || ee.Receipt == nil || ee.Receipt.Status != types.ReceiptStatusFailed {
			t.Fatalf("error %v: want ErrReverted with the failed receipt", err)
		}
		if !strings.Contains(err.Error(), "payload 0 (approve wM) on Sepolia") || len(receipts) != 0 {
			t.Errorf("error %q, %d receipts: want it to name payload 0 and no receipts", err, len(receipts))
		}
	})

	t.Run("would revert", func(t *testing.T) {
		// swap(M, USDC) is no path: the estimate reverts InvalidSwapPath.
		bad := payload(chain, k.SwapFacility, pack(t, "SwapFacility", "swap", k.MToken, k.USDC, big.NewInt(1), bob.Address), "swap M to USDC")
		e := &evm.Executor{Clients: clients(nil), Signer: evm.KeySigner(bob.Key)}
		receipts, err := e.Execute(context.Background(), append(swapPayloads(t, chain, bob.Address, big.NewInt(1))[:1], bad))
		if err == nil || !strings.Contains(err.Error(), "payload 1 (swap M to USDC)") || len(receipts) != 1 {
			t.Errorf("error %v, %d receipts: want payload 1 named and the first receipt", err, len(receipts))
		}
	})

	t.Run("hook stops", func(t *testing.T) {
		stop := errors.New("funds never arrived")
		e := &evm.Executor{Clients: clients(nil), Signer: evm.KeySigner(bob.Key),
			BeforePayload: func(_ context.Context, i int, _ orchestration.Payload) error {
				if i == 1 {
					return stop
				}
				return nil
			}}
		receipts, err := e.Execute(context.Background(), swapPayloads(t, chain, bob.Address, big.NewInt(1)))
		if !errors.Is(err, stop) || len(receipts) != 1 {
			t.Errorf("error %v, %d receipts: want the hook's error after one receipt", err, len(receipts))
		}
	})
}
