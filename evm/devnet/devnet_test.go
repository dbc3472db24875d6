package devnet_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	gocmp "github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

func start(t testing.TB, cfg devnet.Config) *devnet.Devnet {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	d, err := devnet.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func balance(t *testing.T, c *devnet.Chain, token, holder common.Address) *big.Int {
	t.Helper()
	erc20, _ := bindings.NewMToken(token, c.Client())
	b, err := erc20.BalanceOf(nil, holder)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var million = new(big.Int).Mul(big.NewInt(1_000_000), big.NewInt(1_000_000))

func TestDevnetSeedsCatalogAndBalances(t *testing.T) {
	d := start(t, devnet.Config{HTTP: true})
	alice, _ := devnet.AccountByName("alice")

	if got := len(d.Chains()); got != 3 {
		t.Fatalf("%d chains", got)
	}
	sepolia := d.Contracts(orchestration.Sepolia)
	for _, c := range d.Chains() {
		k := d.Contracts(c.Name)
		if k.SwapFacility != sepolia.SwapFacility || k.OrderBook != sepolia.OrderBook {
			t.Errorf("%s: contract addresses differ from Sepolia's; deployment is not deterministic", c.Name)
		}
		for name, token := range map[string]common.Address{"M": k.MToken, "wM": k.WrappedM, "mUSD": k.MetaMaskUSD, "USDC": k.USDC, "USDT": k.USDT} {
			if got := balance(t, c, token, alice.Address); got.Cmp(million) != 0 {
				t.Errorf("%s: alice holds %s %s, want %s", c.Name, got, name, million)
			}
		}
		// JSON-RPC on loopback reports the real chain id.
		rc, err := ethclient.Dial(c.RPCURL())
		if err != nil {
			t.Fatal(err)
		}
		id, err := rc.ChainID(context.Background())
		rc.Close()
		if err != nil || id.Uint64() != c.ChainID {
			t.Errorf("%s: RPC chain id %v, %v", c.Name, id, err)
		}
	}

	cat := d.Catalog()
	assets, _ := cat.SupportedAssets(context.Background())
	if len(assets) != 18 {
		t.Fatalf("catalog has %d assets, want 6 on each of 3 chains", len(assets))
	}
	usdc, err := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.BaseSepolia, Address: sepolia.USDC.Hex()})
	if err != nil || !usdc.Permit || usdc.PermitDomain.Name != "USD Coin" || usdc.PermitDomain.Version != "2" {
		t.Fatalf("USDC in catalog: %+v, %v", usdc, err)
	}
	usdt, err := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.BaseSepolia, Address: sepolia.USDT.Hex()})
	if err != nil || usdt.Permit {
		t.Fatalf("USDT must not claim permit: %+v, %v", usdt, err)
	}
	wm, _ := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: sepolia.WrappedM.Hex()})
	if !wm.M0Extension || wm.Name != "WrappedM by M^0" {
		t.Fatalf("wM in catalog: %+v", wm)
	}
	base, _ := cat.Chain(orchestration.BaseSepolia)
	if base.ChainID != 84532 || base.Contracts.Portal != sepolia.Portal.Hex() || base.Contracts.Multicall3 == "" {
		t.Fatalf("BaseSepolia in catalog: %+v", base)
	}

	// CatalogConfig, written as JSON and read back, builds the same
	// catalog: another process can serve it.
	b, err := json.Marshal(d.CatalogConfig())
	if err != nil {
		t.Fatal(err)
	}
	var cc asset.Config
	if err := json.Unmarshal(b, &cc); err != nil {
		t.Fatal(err)
	}
	again, err := asset.New(cc)
	if err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(cat.Assets(), again.Assets()); diff != "" {
		t.Errorf("assets from CatalogConfig differ (-Catalog +CatalogConfig):\n%s", diff)
	}
	if diff := gocmp.Diff(cat.Chains(), again.Chains()); diff != "" {
		t.Errorf("chains from CatalogConfig differ (-Catalog +CatalogConfig):\n%s", diff)
	}
	cc.Assets[0].Symbol = "changed"
	if d.CatalogConfig().Assets[0].Symbol == "changed" {
		t.Error("CatalogConfig returns the devnet's own slices")
	}
}

func TestRelayerDeliversPortalTransferWithFee(t *testing.T) {
	d := start(t, devnet.Config{RelayDelay: 50 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	hub, _ := d.Chain(orchestration.Sepolia)
	spoke, _ := d.Chain(orchestration.BaseSepolia)
	k := d.Contracts(orchestration.Sepolia)

	portal, _ := bindings.NewPortal(k.Portal, hub.Client())
	fee, err := portal.Quote0(&bind.CallOpts{Context: ctx}, uint32(spoke.ChainID), 0)
	if err != nil || fee.Sign() <= 0 {
		t.Fatalf("quoted fee %v, %v", fee, err)
	}
	amount := big.NewInt(25_000_000)
	opts := func(v *big.Int) *bind.TransactOpts {
		o, _ := bind.NewKeyedTransactorWithChainID(alice.Key, new(big.Int).SetUint64(hub.ChainID))
		o.Context, o.Value = ctx, v
		return o
	}
	m, _ := bindings.NewMToken(k.MToken, hub.Client())
	tx, err := m.Approve(opts(nil), k.Portal, amount)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hub.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
	bobBefore := balance(t, spoke, k.WrappedM, bob.Address)
	portalEthBefore, _ := hub.Client().BalanceAt(ctx, k.Portal, nil)

	// M on the hub to wM on the spoke: locked here, minted and wrapped there.
	tx, err = portal.SendToken0(opts(fee), amount, k.MToken, uint32(spoke.ChainID),
		common.BytesToHash(k.WrappedM.Bytes()), common.BytesToHash(bob.Address.Bytes()), common.BytesToHash(alice.Address.Bytes()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hub.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
	if got := balance(t, hub, k.MToken, alice.Address); new(big.Int).Sub(million, got).Cmp(amount) != 0 {
		t.Fatalf("alice's M on the hub = %s, want %s less", got, amount)
	}
	portalEthAfter, _ := hub.Client().BalanceAt(ctx, k.Portal, nil)
	if paid := new(big.Int).Sub(portalEthAfter, portalEthBefore); paid.Cmp(fee) < 0 {
		t.Fatalf("portal received %s native, want the quoted fee %s", paid, fee)
	}

	want := new(big.Int).Add(bobBefore, amount)
	for balance(t, spoke, k.WrappedM, bob.Address).Cmp(want) != 0 {
		select {
		case <-ctx.Done():
			t.Fatalf("bob's wM on %s never reached %s", spoke.Name, want)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func TestRelayOnDemand(t *testing.T) {
	d := start(t, devnet.Config{NoRelayer: true, Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	ctx := context.Background()
	alice, _ := devnet.AccountByName("alice")
	spoke, _ := d.Chain(orchestration.ArbitrumSepolia)
	hub, _ := d.Chain(orchestration.Sepolia)
	k := d.Contracts(orchestration.ArbitrumSepolia)

	portal, _ := bindings.NewPortal(k.Portal, spoke.Client())
	fee, _ := portal.Quote0(nil, uint32(hub.ChainID), 0)
	o, _ := bind.NewKeyedTransactorWithChainID(alice.Key, new(big.Int).SetUint64(spoke.ChainID))
	o.Value = fee
	m, _ := bindings.NewMToken(k.MToken, spoke.Client())
	ao, _ := bind.NewKeyedTransactorWithChainID(alice.Key, new(big.Int).SetUint64(spoke.ChainID))
	tx, _ := m.Approve(ao, k.Portal, big.NewInt(7))
	spoke.WaitMined(ctx, tx)
	tx, err := portal.SendToken0(o, big.NewInt(7), k.MToken, uint32(hub.ChainID), common.BytesToHash(k.MToken.Bytes()),
		common.BytesToHash(alice.Address.Bytes()), common.BytesToHash(alice.Address.Bytes()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spoke.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
	before := balance(t, hub, k.MToken, alice.Address)
	time.Sleep(50 * time.Millisecond)
	if got := balance(t, hub, k.MToken, alice.Address); got.Cmp(before) != 0 {
		t.Fatal("a message was delivered with the relayer off")
	}
	n, err := d.Relay(ctx)
	if err != nil || n != 1 {
		t.Fatalf("Relay delivered %d, %v", n, err)
	}
	if got := balance(t, hub, k.MToken, alice.Address); new(big.Int).Sub(got, before).Int64() != 7 {
		t.Fatalf("hub release: %s -> %s", before, got)
	}
}

func TestAMMIsSeeded(t *testing.T) {
	d := start(t, devnet.Config{NoRelayer: true})
	c, _ := d.Chain(orchestration.BaseSepolia)
	k := d.Contracts(orchestration.BaseSepolia)
	// The address book's pools are the factory's, and hold the seeded liquidity.
	factory, _ := bindings.NewPoolFactory(k.PoolFactory, c.Client())
	for name, token := range map[string]common.Address{"USDC/wM": k.USDC, "USDT/wM": k.USDT} {
		got, err := factory.GetPool(nil, token, k.WrappedM, big.NewInt(devnet.AMMFee))
		if err != nil || got != k.Pools[name] {
			t.Fatalf("pool %s: factory says %s (%v), address book says %s", name, got, err, k.Pools[name])
		}
		if bal := balance(t, c, k.WrappedM, got); bal.Sign() <= 0 {
			t.Fatalf("pool %s holds no wM", name)
		}
	}
	q, _ := bindings.NewQuoterV2(k.Quoter, c.Client())
	quote := func(amount int64) *big.Int {
		var out []any
		err := (&bindings.QuoterV2Raw{Contract: q}).Call(nil, &out, "quoteExactInputSingle", bindings.QuoteExactInputSingleParams{
			TokenIn: k.USDC, TokenOut: k.WrappedM, AmountIn: big.NewInt(amount), Fee: big.NewInt(devnet.AMMFee), SqrtPriceLimitX96: new(big.Int)})
		if err != nil {
			t.Fatal(err)
		}
		return out[0].(*big.Int)
	}
	small, large := quote(1_000_000), quote(1_000_000_000_000)
	if small.Sign() <= 0 || small.Cmp(big.NewInt(1_000_000)) >= 0 {
		t.Fatalf("1 USDC quotes %s wM: want positive and below 1 after the fee", small)
	}
	// Price impact: a trade of a fifth of the pool gets a worse rate.
	if new(big.Int).Mul(small, big.NewInt(1_000_000)).Cmp(large) <= 0 {
		t.Fatalf("no price impact: 1 USDC -> %s, 1M USDC -> %s", small, large)
	}
}

func TestStartRejectsBadChains(t *testing.T) {
	for _, chains := range [][]devnet.ChainSpec{
		{{Name: orchestration.Sepolia, ChainID: 1, Hub: true}},
		{{Name: orchestration.Sepolia, ChainID: 1, Hub: true}, {Name: orchestration.Base, ChainID: 1}},
		{{Name: orchestration.Sepolia, ChainID: 1}, {Name: orchestration.Base, ChainID: 2}},
		{{Name: "Narnia", ChainID: 1, Hub: true}, {Name: orchestration.Base, ChainID: 2}},
	} {
		if _, err := devnet.Start(context.Background(), devnet.Config{Chains: chains}); err == nil {
			t.Errorf("%+v accepted", chains)
		}
	}
}

// BenchmarkStart measures what a newcomer waits for: three chains started,
// every contract deployed and wired, balances and pools seeded, the catalog
// built.
//
//	go test ./evm/devnet -run '^$' -bench Start -benchtime 5x
func BenchmarkStart(b *testing.B) {
	for b.Loop() {
		d, err := devnet.Start(context.Background(), devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			b.Fatal(err)
		}
		d.Close()
	}
}

// testWriter sends log lines to t.Log, so a failure shows the relayer's view.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) { w.t.Log(string(p)); return len(p), nil }
