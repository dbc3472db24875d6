package portal_test

import (
	"context"
	"errors"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// The devnet of these tests sends Sepolia → BaseSepolia through the
// Wormhole adapter stand-in, paid with quotes of the devnet's Executor
// API stand-in, and every other route through the Portal itself. It is
// started once, on first use, and closed by TestMain.
var (
	whOnce   sync.Once
	whShared *devnetenv.Env
	whErr    error
)

func wormholeDevnet(t *testing.T) *devnetenv.Env {
	t.Helper()
	whOnce.Do(func() {
		var d *devnet.Devnet
		d, whErr = devnet.Start(context.Background(), devnet.Config{NoRelayer: true, Logger: discard,
			WormholeRoutes: []devnet.Route{{From: sepolia, To: base}}})
		if whErr != nil {
			return
		}
		reader, err := devnetenv.NewReader(d, nil)
		if err != nil {
			d.Close()
			whErr = err
			return
		}
		whShared = &devnetenv.Env{Devnet: d, Catalog: d.Catalog(), Reader: reader}
	})
	if whErr != nil {
		t.Fatalf("Wormhole devnet: %v", whErr)
	}
	return whShared
}

// closeWormholeDevnet closes the Wormhole devnet if a test started it.
func closeWormholeDevnet() error {
	if whShared == nil {
		return nil
	}
	return whShared.Devnet.Close()
}

// whProvider is the m-portal provider over env with a fresh testnet
// Executor cache over the devnet's Executor API (the devnet's chains are
// testnets).
func whProvider(t *testing.T, env *devnetenv.Env, cat *asset.Catalog) *portal.Provider {
	t.Helper()
	client, err := executor.New(executor.Config{BaseURL: env.Devnet.ExecutorURL()})
	if err != nil {
		t.Fatal(err)
	}
	if cat == nil {
		cat = env.Catalog
	}
	p, err := portal.New(quote.Deps{Catalog: cat, Runtimes: devnetenv.Runtimes(cat, env.Reader), Logger: discard},
		portal.Config{Executors: portal.Executors{Testnet: executor.NewCache(client, executor.CacheConfig{})}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// whEngine is an engine over p alone; maxLegs 0 is the engine's default.
func whEngine(t *testing.T, env *devnetenv.Env, cat *asset.Catalog, p quote.Provider, maxLegs int) *quote.Engine {
	t.Helper()
	if cat == nil {
		cat = env.Catalog
	}
	e, err := quote.New(quote.Config{Catalog: cat, Runtimes: devnetenv.Runtimes(cat, env.Reader), Providers: []quote.Provider{p}, Logger: discard, MaxLegs: maxLegs})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func nativeBalance(t *testing.T, env *devnetenv.Env, chain orchestration.Chain, a common.Address) *big.Int {
	t.Helper()
	c, _ := env.Devnet.Chain(chain)
	b, err := c.Client().BalanceAt(context.Background(), a, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDevnetWormholeExecuted quotes wM on Sepolia to M on BaseSepolia
// through the engine (the devnet routes it through the Wormhole adapter),
// executes it as alice and has the devnet relay the VAA: carol receives
// exactly amountOut, the core bridge collects its message fee and the
// quote's payee the Executor's cost, as the payload's value says.
func TestDevnetWormholeExecuted(t *testing.T) {
	env := wormholeDevnet(t)
	alice, carol := devnetenv.Account(t, "alice"), devnetenv.Addr(t, "carol")
	k := env.Devnet.Contracts(sepolia)
	c, _ := env.Devnet.Chain(sepolia)
	if a, err := bindings.NewPortal(k.Portal, c.Client()); err != nil {
		t.Fatal(err)
	} else if got, _ := a.DefaultBridgeAdapter(nil, chainID(t, base)); got != k.WormholeAdapter {
		t.Fatalf("the devnet's default adapter Sepolia → BaseSepolia is %s, want the Wormhole adapter %s", got, k.WormholeAdapter)
	}
	p := whProvider(t, env, nil)
	e := whEngine(t, env, nil, p, 0)
	quotes, err := e.Quote(context.Background(), devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "M"), "3300000", alice.Address.Hex(), carol))
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	send := q.Payloads[len(q.Payloads)-1].Data.EVM
	core, _ := bindings.NewWormholeCore(k.WormholeCore, c.Client())
	fee, err := core.MessageFee(nil)
	if err != nil {
		t.Fatal(err)
	}
	value, _ := new(big.Int).SetString(send.Value, 10)
	cost := new(big.Int).Sub(value, fee)
	if cost.Sign() <= 0 {
		t.Fatalf("value %s, want the message fee %s plus a positive Executor cost", value, fee)
	}
	payee32 := env.Devnet.Executor().Payee()
	payee := common.BytesToAddress(payee32[12:])
	coreBefore, payeeBefore := nativeBalance(t, env, sepolia, k.WormholeCore), nativeBalance(t, env, sepolia, payee)

	got := env.Execute(t, alice, q)
	if got.String() != q.AmountOut || q.AmountOut != "3300000" {
		t.Errorf("carol received %s M on BaseSepolia, want exactly amountOut %s (= amountIn)", got, q.AmountOut)
	}
	if d := new(big.Int).Sub(nativeBalance(t, env, sepolia, k.WormholeCore), coreBefore); d.Cmp(fee) != 0 {
		t.Errorf("the core bridge collected %s wei, want its message fee %s", d, fee)
	}
	if d := new(big.Int).Sub(nativeBalance(t, env, sepolia, payee), payeeBefore); d.Cmp(cost) != 0 {
		t.Errorf("the Executor's payee received %s wei, want the quoted cost %s", d, cost)
	}
}

// TestDevnetWarmQuoteNoExecutorCall counts the requests the devnet's
// Executor API stand-in serves: the first quote of a route asks once, the
// next ones none.
func TestDevnetWarmQuoteNoExecutorCall(t *testing.T) {
	env := wormholeDevnet(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	e := whEngine(t, env, nil, whProvider(t, env, nil), 0)
	srv := env.Devnet.Executor()
	before := srv.Requests()
	for i, amount := range []string{"1000000", "2000000", "1000000", "7500000"} {
		if _, err := e.Quote(context.Background(), devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "wM"), amount, alice, carol)); err != nil {
			t.Fatal(err)
		}
		if n := srv.Requests() - before; n != 1 {
			t.Fatalf("after %d quotes of one route the Executor served %d requests, want 1", i+1, n)
		}
	}
}

// TestDevnetExecutorDown: with the Executor API down (503, Retry-After),
// the one-leg route Sepolia → BaseSepolia (Wormhole) fails with the
// Executor's error; Sepolia → ArbitrumSepolia (the Portal's own relay) is
// quoted, and so is Sepolia → BaseSepolia over two legs through
// ArbitrumSepolia, which needs no Executor.
func TestDevnetExecutorDown(t *testing.T) {
	env := wormholeDevnet(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	srv := env.Devnet.Executor()
	srv.SetDown(20 * time.Second)
	defer srv.SetUp()
	p := whProvider(t, env, nil) // a cold cache
	toBase := devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "wM"), "1000000", alice, carol)
	_, err := whEngine(t, env, nil, p, 1).Quote(context.Background(), toBase)
	var ee *executor.Error
	if !errors.As(err, &ee) || ee.Status != 503 || ee.RetryAfter != 20*time.Second || codeOf(err) != orchestration.QuoteError {
		t.Errorf("Sepolia → BaseSepolia in one leg with the Executor down: %v, want a QuoteError carrying its 503 and Retry-After 20s", err)
	}
	e := whEngine(t, env, nil, p, 0)
	if _, err := e.Quote(context.Background(), devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, arbitrum, "wM"), "1000000", alice, carol)); err != nil {
		t.Errorf("Sepolia → ArbitrumSepolia (no Wormhole) with the Executor down: %v", err)
	}
	quotes, err := e.Quote(context.Background(), toBase)
	if err != nil {
		t.Fatalf("Sepolia → BaseSepolia in up to the default legs with the Executor down: %v", err)
	}
	for _, q := range quotes {
		var chains []orchestration.Chain
		for _, pl := range q.Payloads {
			if len(chains) == 0 || chains[len(chains)-1] != pl.Data.EVM.Chain {
				chains = append(chains, pl.Data.EVM.Chain)
			}
		}
		if len(chains) != 2 || chains[1] != arbitrum {
			t.Errorf("a quote's transactions run on %v, want Sepolia then ArbitrumSepolia (around the Wormhole route)", chains)
		}
	}
}

// TestDevnetToSolana quotes wM on Sepolia to wM on SolanaDevnet (the
// devnet's catalog with SolanaDevnet added, its Sepolia Portal and adapter
// configured for it as M0 configures theirs), executes the EVM side as
// alice and decodes the message the core bridge published: the base58
// recipient, the mint, the amount. No Solana runs here: the message is not
// delivered.
func TestDevnetToSolana(t *testing.T) {
	env := wormholeDevnet(t)
	var (
		peer = solana.MustPublicKeyFromBase58("mzp1q2j5Hr1QuLC3KFBCAUz5aUckT6qyuZKZ3WJnMmY") // M0's Wormhole adapter program
		mint = solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp") // wM
	)
	k := env.Devnet.Contracts(sepolia)
	if err := env.Devnet.ConfigureSolana(context.Background(), sepolia, devnet.SolanaDestination{
		Peer: peer, Tokens: map[common.Address][32]byte{k.WrappedM: mint}, MsgValue: 5_000_000, ComputeUnits: 400_000,
	}); err != nil {
		t.Fatal(err)
	}
	cat := withSolanaDevnet(t, env.Catalog)
	alice := devnetenv.Account(t, "alice")
	e := whEngine(t, env, cat, whProvider(t, env, cat), 0)
	quotes, err := e.Quote(context.Background(), devnetenv.Request(env.Ref(t, sepolia, "wM"),
		orchestration.AssetAddress{Chain: orchestration.SolanaDevnet, Address: mint.String()}, "4200000", alice.Address.Hex(), bobSol.String()))
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	receipts, err := env.Executor(alice).Execute(context.Background(), q.Payloads)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := devnet.FindPublishedTransfer(receipts[len(receipts)-1], k.WormholeCore)
	if err != nil {
		t.Fatal(err)
	}
	m, tr := pub.Message, pub.Transfer
	if m.DestinationChainID != devnet.SolanaDevnetChainID || solana.PublicKeyFromBytes(tr.Recipient[:]) != bobSol ||
		solana.PublicKeyFromBytes(tr.DestinationToken[:]) != mint || tr.Amount.String() != "4200000" {
		t.Errorf("message to %d: %s of %s for %s; want 4200000 of the wM mint %s for %s on %d", m.DestinationChainID, tr.Amount,
			solana.PublicKeyFromBytes(tr.DestinationToken[:]), solana.PublicKeyFromBytes(tr.Recipient[:]), mint, bobSol, devnet.SolanaDevnetChainID)
	}
}

// withSolanaDevnet is cat with the default catalog's SolanaDevnet chain
// (its Portal program) and its wM.
func withSolanaDevnet(t *testing.T, cat *asset.Catalog) *asset.Catalog {
	t.Helper()
	var cfg asset.Config
	for _, ch := range cat.Chains() {
		cfg.Chains = append(cfg.Chains, asset.ChainConfig{Name: ch.Name, Runtime: ch.Runtime, ChainID: ch.ChainID, Testnet: ch.Testnet, Contracts: ch.Contracts})
	}
	for _, a := range cat.Assets() {
		cfg.Assets = append(cfg.Assets, asset.AssetConfig{Chain: a.Chain, Address: a.Address, Symbol: a.Symbol, Name: a.Name,
			Decimals: a.Decimals, M0Extension: a.M0Extension, Permit: a.Permit, PermitDomain: a.PermitDomain, ApproveZeroFirst: a.ApproveZeroFirst})
	}
	def := asset.DefaultConfig()
	for _, ch := range def.Chains {
		if ch.Name == orchestration.SolanaDevnet {
			cfg.Chains = append(cfg.Chains, ch)
		}
	}
	for _, a := range def.Assets {
		if a.Chain == orchestration.SolanaDevnet {
			cfg.Assets = append(cfg.Assets, a)
		}
	}
	out, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
