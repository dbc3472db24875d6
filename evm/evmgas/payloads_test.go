package evmgas_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
	servicedevnet "github.com/m0-orchestration/m0/service/devnet"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// TestServicePayloadsWithinEstimates quotes routes through the quote
// engine and the service's own providers on a devnet, executes the best
// quote's payloads, and holds every payload to the table: Classify names
// its operation from the catalog's roles and its calldata, and the gas its
// receipt reports is at most that operation's estimate. It ties the
// table, measured on calldata packed by the measurement, to the calldata
// the providers build.
func TestServicePayloadsWithinEstimates(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a devnet")
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	d, err := devnet.Start(context.Background(), devnet.Config{WormholeRoutes: whRoutes, NoRelayer: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)

	var rc evm.Config
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, c := range d.Chains() {
		rc.Chains = append(rc.Chains, evm.ChainConfig{Name: c.Name, ChainID: c.ChainID, Multicall3: d.Contracts(c.Name).Multicall3, Backend: c.Client()})
		clients[c.Name] = c.Client()
	}
	reader, err := evm.NewReader(rc)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := evmruntime.New(evmruntime.Config{Catalog: d.Catalog(), Reader: reader})
	if err != nil {
		t.Fatal(err)
	}
	runtimes := []quote.Runtime{rt}
	exClient, err := executor.New(executor.Config{BaseURL: d.ExecutorURL()})
	if err != nil {
		t.Fatal(err)
	}
	engine := func(factories ...quote.Factory) *quote.Engine {
		providers, err := quote.Build(quote.Deps{Catalog: d.Catalog(), Runtimes: runtimes, Logger: quiet}, factories...)
		if err != nil {
			t.Fatal(err)
		}
		e, err := quote.New(quote.Config{Catalog: d.Catalog(), Runtimes: runtimes, Providers: providers, Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	amms := engine(swapfacility.Factory(swapfacility.Config{}), uniswapv3.Factory(uniswapv3.Config{}),
		portal.Factory(portal.Config{Executors: portal.Executors{Testnet: executor.NewCache(exClient, executor.CacheConfig{})}}))
	orders := engine(limitorder.Factory(limitorder.Config{Solvers: []limitorder.Solver{servicedevnet.Solver(d.Solver())}}))

	alice, _ := devnet.AccountByName("alice")
	var prev orchestration.Chain
	ex := &evm.Executor{Clients: clients, Signer: evm.KeySigner(alice.Key),
		BeforePayload: func(ctx context.Context, i int, p orchestration.Payload) error {
			defer func() { prev = p.Data.Chain() }()
			if i > 0 && p.Data.Chain() != prev {
				_, err := d.Relay(ctx)
				return err
			}
			return nil
		}}
	ref := func(chain orchestration.Chain, symbol string) orchestration.AssetAddress {
		for _, a := range d.Catalog().Assets() {
			if a.Chain == chain && a.Symbol == symbol {
				return orchestration.AssetAddress{Chain: chain, Address: a.Address}
			}
		}
		t.Fatalf("no %s on %s", symbol, chain)
		return orchestration.AssetAddress{}
	}
	seen := map[evmgas.Operation]bool{}
	for _, r := range []struct {
		engine   *quote.Engine
		from, to orchestration.AssetAddress
	}{
		{amms, ref(orchestration.Sepolia, "wM"), ref(orchestration.Sepolia, "mUSD")},
		{amms, ref(orchestration.Sepolia, "USDC"), ref(orchestration.Sepolia, "wM")},
		{amms, ref(orchestration.Sepolia, "wM"), ref(orchestration.BaseSepolia, "wM")},
		{amms, ref(orchestration.BaseSepolia, "M"), ref(orchestration.Sepolia, "M")},
		{amms, ref(orchestration.Sepolia, "M"), ref(orchestration.ArbitrumSepolia, "M")},
		{amms, ref(orchestration.BaseSepolia, "wM"), ref(orchestration.ArbitrumSepolia, "wM")},
		{amms, ref(orchestration.Sepolia, "USDC"), ref(orchestration.BaseSepolia, "mUSD")},
		{orders, ref(orchestration.Sepolia, "wM"), ref(orchestration.BaseSepolia, "USDC")},
		{orders, ref(orchestration.Sepolia, "mUSD"), ref(orchestration.Sepolia, "USDC")},
	} {
		name := fmt.Sprintf("%s %s to %s %s", r.from.Chain, symbolOf(d, r.from), r.to.Chain, symbolOf(d, r.to))
		quotes, err := r.engine.Quote(ctx, orchestration.QuoteRequest{
			Route: orchestration.Route{Source: r.from, Destination: r.to}, AmountIn: "2000000",
			Sender: alice.Address.Hex(), Recipient: fresh(t).Hex(),
		})
		if err != nil || len(quotes) == 0 {
			t.Fatalf("%s: %d quotes, %v", name, len(quotes), err)
		}
		q := quotes[0]
		receipts, err := ex.Execute(ctx, q.Payloads)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, p := range q.Payloads {
			info, _ := d.Catalog().Chain(p.Data.EVM.Chain)
			data, err := hexutil.Decode(p.Data.EVM.Data)
			if err != nil {
				t.Fatal(err)
			}
			op, err := evmgas.Classify(info, common.HexToAddress(p.Data.EVM.To), data)
			if err != nil {
				t.Errorf("%s: payload %d (%s): %v", name, i, p.Annotation, err)
				continue
			}
			seen[op] = true
			est, _ := evmgas.Estimate(op)
			used := receipts[i].GasUsed
			t.Logf("%s: %-36s %7d gas used, estimate %7d", name, op, used, est)
			if used > est {
				t.Errorf("%s: payload %d (%s) is %s and used %d gas, above its estimate %d", name, i, p.Annotation, op, used, est)
			}
		}
	}
	for _, op := range []evmgas.Operation{evmgas.Approve, evmgas.FacilitySwap, evmgas.RouterSwap, evmgas.PortalSend, evmgas.PortalSendWormhole, evmgas.OrderOpen} {
		if !seen[op] {
			t.Errorf("no payload of %s was executed", op)
		}
	}
}

func symbolOf(d *devnet.Devnet, a orchestration.AssetAddress) string {
	info, err := d.Catalog().Resolve(a)
	if err != nil {
		return a.Address
	}
	return info.Symbol
}
