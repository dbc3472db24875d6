package evm_test

import (
	"context"
	"fmt"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/orchestration"
)

// A quote reads a balance and a token's decimals on a chain: one round trip
// the first time; the decimals alone need none afterwards.
func ExampleReader_Read() {
	chain := orchestration.Sepolia
	c, _ := dn.Chain(chain)
	k := dn.Contracts(chain)
	r, err := evm.NewReader(evm.Config{Chains: []evm.ChainConfig{
		{Name: chain, ChainID: c.ChainID, Multicall3: k.Multicall3, Backend: c.Client()},
	}})
	if err != nil {
		panic(err)
	}
	decimalsData, _ := contracts.MustABI("MToken").Pack("decimals")
	decimals := evm.Call{To: k.USDC, Data: decimalsData, Immutable: true}
	balance := evm.ERC20BalanceOf(k.USDC, k.SwapFacility) // the facility holds no USDC

	ctx, trips := evm.WithTrips(context.Background())
	a, err := r.Read(ctx, chain, []evm.Call{balance, decimals})
	if err != nil {
		panic(err)
	}
	d, _ := a.Get(decimals)
	b, _ := a.Get(balance)
	n, _ := evm.DecodeUint256(b)
	fmt.Printf("balance %s, decimals %d, round trips %d\n", n, d.Data[31], trips.Total())

	ctx, trips = evm.WithTrips(context.Background())
	if _, err := r.Read(ctx, chain, []evm.Call{decimals}); err != nil {
		panic(err)
	}
	fmt.Println("decimals again, round trips", trips.Total())
	// Output:
	// balance 0, decimals 6, round trips 1
	// decimals again, round trips 0
}
