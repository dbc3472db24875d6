package service_test

import (
	"log/slog"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/service"
	servicedevnet "github.com/m0-orchestration/m0/service/devnet"
)

// A Uniswap pool created while the service runs is quoted once
// ContractFactsTTL has passed, without a restart: the reader forgets the
// factory's "no pool" answer and the engine lists the provider's edges
// again.
func TestNewPoolIsQuotedWithoutRestart(t *testing.T) {
	const ttl = 300 * time.Millisecond
	n := servicedevnet.New(servicedevnet.Config{})
	svc, err := service.New(t.Context(), service.Config{
		Network:          n,
		ContractFactsTTL: ttl,
		Logger:           slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	d := n.Devnet()
	k := d.Contracts(orchestration.Sepolia)
	alice, _ := devnet.AccountByName("alice")
	req := orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: k.USDC.Hex()},
			Destination: orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: k.USDT.Hex()},
		},
		AmountIn: "1000000", Sender: alice.Address.Hex(), MaxNumQuotes: new(int),
	}
	*req.MaxNumQuotes = 10
	// direct reports whether a quote swaps USDC for USDT in one pool.
	direct := func() (bool, error) {
		quotes, err := svc.Engine().Quote(t.Context(), req)
		if err != nil {
			return false, err
		}
		for _, q := range quotes {
			for _, p := range q.Payloads {
				if strings.HasPrefix(p.Annotation, "Swap 1 USDC for at least") && strings.Contains(p.Annotation, " USDT on Uniswap V3") {
					return true, nil
				}
			}
		}
		return false, nil
	}
	if ok, err := direct(); err != nil || ok {
		t.Fatalf("before the pool exists: direct route %v, %v; want only the routes through wM", ok, err)
	}

	// The deployer creates a USDC/USDT pool and funds it.
	c, _ := d.Chain(orchestration.Sepolia)
	deployer, _ := devnet.AccountByName("deployer")
	send := func(what string, tx func(*bind.TransactOpts) (*types.Transaction, error)) {
		t.Helper()
		opts := bind.NewKeyedTransactor(deployer.Key, new(big.Int).SetUint64(c.ChainID))
		opts.Context = t.Context()
		sent, err := tx(opts)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if _, err := c.WaitMined(t.Context(), sent); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	b := c.Client()
	factory, _ := bindings.NewPoolFactory(k.PoolFactory, b)
	usdc, _ := bindings.NewFiatToken(k.USDC, b)
	usdt, _ := bindings.NewTetherToken(k.USDT, b)
	liquidity := big.NewInt(1_000_000_000_000)
	send("create the pool", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return factory.CreatePool(o, k.USDC, k.USDT, big.NewInt(devnet.AMMFee))
	})
	poolAddr, err := factory.GetPool(&bind.CallOpts{Context: t.Context()}, k.USDC, k.USDT, big.NewInt(devnet.AMMFee))
	if err != nil || poolAddr == (common.Address{}) {
		t.Fatalf("getPool: %v, %v", poolAddr, err)
	}
	pool, _ := bindings.NewConstantProductPool(poolAddr, b)
	send("mint USDC", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return usdc.Mint(o, deployer.Address, liquidity)
	})
	send("mint USDT", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return usdt.Mint(o, deployer.Address, liquidity)
	})
	send("approve USDC", func(o *bind.TransactOpts) (*types.Transaction, error) { return usdc.Approve(o, poolAddr, liquidity) })
	send("approve USDT", func(o *bind.TransactOpts) (*types.Transaction, error) { return usdt.Approve(o, poolAddr, liquidity) })
	send("add liquidity", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return pool.AddLiquidity(o, liquidity, liquidity)
	})

	// Within a few TTLs the direct route is quoted. (The wait is bounded
	// generously; nothing here measures how long it takes.)
	deadline := time.Now().Add(20 * time.Second)
	for {
		ok, err := direct()
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the new pool was never quoted")
		}
		time.Sleep(ttl / 3)
	}
}
