package evm_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/bench"
	"github.com/m0-orchestration/m0/orchestration"
)

// BenchmarkRead reads what a quote reads on one chain (balances,
// allowances, decimals) from the devnet over HTTP JSON-RPC, with 50ms added
// to every round trip as a distant node would:
//
//	go test ./evm -run '^$' -bench BenchmarkRead
//
// round-trips/op is the HTTP requests per read, the figure that matters;
// ns/op follows from it.
func BenchmarkRead(b *testing.B) {
	chain := orchestration.BaseSepolia
	c, _ := dn.Chain(chain)
	k := dn.Contracts(chain)
	alice, bob := account(b, "alice"), account(b, "bob")
	state := []evm.Call{
		evm.ERC20BalanceOf(k.USDC, alice.Address),
		evm.ERC20BalanceOf(k.WrappedM, alice.Address),
		evm.ERC20Allowance(k.USDC, alice.Address, k.SwapFacility),
		evm.ERC20BalanceOf(k.MetaMaskUSD, bob.Address),
	}
	immutable := []evm.Call{
		{To: k.USDC, Data: pack(b, "MToken", "decimals"), Immutable: true},
		{To: k.WrappedM, Data: pack(b, "MToken", "decimals"), Immutable: true},
	}
	all := append(append([]evm.Call{}, state...), immutable...)

	dial := func(b *testing.B) (evm.Backend, *bench.LatencyTransport) {
		lt := &bench.LatencyTransport{Delay: 50 * time.Millisecond}
		client, err := evm.Dial(context.Background(), chain, c.ChainID, c.RPCURL(), evm.DialOptions{HTTPClient: &http.Client{Transport: lt}})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(client.Close)
		return client, lt
	}
	reader := func(b *testing.B, backend evm.Backend) *evm.Reader {
		return newReader(b, evm.Config{Chains: []evm.ChainConfig{{Name: chain, ChainID: c.ChainID, Multicall3: k.Multicall3, Backend: backend}}})
	}
	// measure runs read b.N times and reports HTTP round trips per read.
	measure := func(b *testing.B, lt *bench.LatencyTransport, read func() error) {
		b.Helper()
		start := lt.Count()
		b.ResetTimer()
		for b.Loop() {
			if err := read(); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		b.ReportMetric(float64(lt.Count()-start)/float64(b.N), "round-trips/op")
	}
	ctx := context.Background()

	b.Run("per-call-eth_call", func(b *testing.B) { // the baseline without this package
		backend, lt := dial(b)
		measure(b, lt, func() error {
			for _, call := range all {
				if _, err := backend.CallContract(ctx, ethereum.CallMsg{To: &call.To, Data: call.Data}, nil); err != nil {
					return err
				}
			}
			return nil
		})
	})
	b.Run("cold", func(b *testing.B) { // a new Reader each time: nothing cached
		backend, lt := dial(b)
		measure(b, lt, func() error {
			_, err := reader(b, backend).Read(ctx, chain, all)
			return err
		})
	})
	b.Run("warm-same-block", func(b *testing.B) { // state cached for the head block
		backend, lt := dial(b)
		r := reader(b, backend)
		if _, err := r.Read(ctx, chain, all); err != nil {
			b.Fatal(err)
		}
		measure(b, lt, func() error {
			_, err := r.Read(ctx, chain, all)
			return err
		})
	})
	b.Run("warm-immutable", func(b *testing.B) {
		backend, lt := dial(b)
		r := reader(b, backend)
		if _, err := r.Read(ctx, chain, immutable); err != nil {
			b.Fatal(err)
		}
		measure(b, lt, func() error {
			_, err := r.Read(ctx, chain, immutable)
			return err
		})
	})
	b.Run("ReadAt-cached-block", func(b *testing.B) { // a quote's later phase
		backend, lt := dial(b)
		r := reader(b, backend)
		a, err := r.Read(ctx, chain, all)
		if err != nil {
			b.Fatal(err)
		}
		measure(b, lt, func() error {
			_, err := r.ReadAt(ctx, chain, all, a.Block)
			return err
		})
	})
}
