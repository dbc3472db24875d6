package evm_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

func pack(t testing.TB, contract, method string, args ...any) []byte {
	t.Helper()
	b, err := contracts.MustABI(contract).Pack(method, args...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func account(t testing.TB, name string) devnet.Account {
	t.Helper()
	a, ok := devnet.AccountByName(name)
	if !ok {
		t.Fatalf("no devnet account %q", name)
	}
	return a
}

func TestReadBatchesCallsInOneRoundTrip(t *testing.T) {
	r := newReader(t, evm.Config{})
	chain := orchestration.BaseSepolia
	k := dn.Contracts(chain)
	c, _ := dn.Chain(chain)
	alice, bob := account(t, "alice"), account(t, "bob")

	decimals := evm.Call{To: k.USDC, Data: pack(t, "MToken", "decimals"), Immutable: true}
	// swap(M, USDC) is not a path: the facility reverts InvalidSwapPath.
	reverts := evm.Call{To: k.SwapFacility, Data: pack(t, "SwapFacility", "swap", k.MToken, k.USDC, big.NewInt(1), alice.Address)}
	calls := []evm.Call{
		evm.ERC20BalanceOf(k.USDC, alice.Address),
		evm.ERC20BalanceOf(k.WrappedM, bob.Address),
		evm.ERC20Allowance(k.USDC, alice.Address, k.SwapFacility),
		reverts,
		decimals,
	}
	ctx, trips := evm.WithTrips(context.Background())
	a, err := r.Read(ctx, chain, calls)
	if err != nil {
		t.Fatal(err)
	}
	if got := trips.Of(chain); got != 1 || trips.Total() != 1 {
		t.Errorf("round trips: %d on %s, %d in all; want 1", got, chain, trips.Total())
	}
	head, err := c.Client().BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a.Block == 0 || a.Block > head {
		t.Errorf("answers read at block %d, head is %d", a.Block, head)
	}

	usdc, _ := bindings.NewMToken(k.USDC, c.Client())
	wm, _ := bindings.NewMToken(k.WrappedM, c.Client())
	opts := &bind.CallOpts{BlockNumber: new(big.Int).SetUint64(a.Block)}
	want := map[int]func() (*big.Int, error){
		0: func() (*big.Int, error) { return usdc.BalanceOf(opts, alice.Address) },
		1: func() (*big.Int, error) { return wm.BalanceOf(opts, bob.Address) },
		2: func() (*big.Int, error) { return usdc.Allowance(opts, alice.Address, k.SwapFacility) },
		4: func() (*big.Int, error) { d, err := usdc.Decimals(opts); return big.NewInt(int64(d)), err },
	}
	for i, get := range want {
		res, ok := a.Get(calls[i])
		if !ok {
			t.Fatalf("call %d: no answer", i)
		}
		got, err := evm.DecodeUint256(res)
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		w, err := get()
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(w) != 0 {
			t.Errorf("call %d: read %s, the binding says %s", i, got, w)
		}
	}
	if res, ok := a.Get(reverts); !ok || res.OK {
		t.Errorf("reverting call: answer %+v, %v; want OK=false", res, ok)
	} else if len(res.Data) < 4 {
		t.Errorf("reverting call: revert data %x, want InvalidSwapPath", res.Data)
	}
	if _, err := evm.DecodeUint256(mustGet(t, a, reverts)); err == nil {
		t.Error("DecodeUint256 of a reverted call succeeded")
	}
}

func mustGet(t testing.TB, a *evm.Answers, c evm.Call) evm.Result {
	t.Helper()
	r, ok := a.Get(c)
	if !ok {
		t.Fatalf("no answer to call to %s", c.To)
	}
	return r
}
