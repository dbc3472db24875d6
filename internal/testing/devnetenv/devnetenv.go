// Package devnetenv gives tests one running devnet per test binary with what
// quote providers need around it: the catalog, a chain reader over the
// devnet's clients, asset lookups by symbol, balances, and execution of a
// quote's payloads from a devnet account with the relayer and the solver
// driven by hand.
//
// The devnet runs without a background relayer or solver: Execute delivers
// portal messages (Devnet.Relay) before a payload on another chain and after
// the last payload, and has the solver fill a limit order the quote opened
// (Solver.Fill), so routes complete deterministically. Tests that
// execute payloads must not run in parallel with each other when they use
// the same account (nonces).
package devnetenv

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// Env is the shared devnet and what is built on it.
type Env struct {
	Devnet  *devnet.Devnet
	Catalog *asset.Catalog
	Reader  *evm.Reader
}

var (
	once   sync.Once
	shared *Env
	err    error
	// inMain is set by Main: Get refuses to start a devnet nobody will
	// close.
	inMain bool
)

// Main runs the package's tests and benchmarks, then closes the devnet Get
// started, if any. A devnet's nodes left to the process exit leave their
// go-ethereum-keystore directories in the temp dir, one per chain and run,
// so a package that calls Get has this TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(devnetenv.Main(m)) }
//
// It returns m.Run's exit code, or 1 when the tests passed but the devnet
// did not close.
func Main(m *testing.M) int {
	inMain = true
	code := m.Run()
	if shared != nil {
		if err := shared.Devnet.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "devnetenv: closing the devnet:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	return code
}

// Get returns the test binary's devnet, starting it on first use; Main
// closes it after the last test.
func Get(t testing.TB) *Env {
	t.Helper()
	if !inMain {
		t.Fatal("devnetenv.Get: the package's TestMain must run its tests through devnetenv.Main, which closes the devnet")
	}
	once.Do(func() {
		ctx := context.Background()
		var d *devnet.Devnet
		d, err = devnet.Start(ctx, devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			return
		}
		var r *evm.Reader
		r, err = NewReader(d, nil)
		if err != nil {
			return
		}
		shared = &Env{Devnet: d, Catalog: d.Catalog(), Reader: r}
	})
	if err != nil {
		t.Fatalf("devnet: %v", err)
	}
	return shared
}

// Runtimes are the EVM runtime over reader (nil reads nothing) and cat, as
// quote.Config and quote.Deps take them.
func Runtimes(cat quote.Catalog, reader evmruntime.ChainReader) []quote.Runtime {
	rt, err := evmruntime.New(evmruntime.Config{Catalog: cat, Reader: reader})
	if err != nil {
		panic(err) // only a nil catalog, a mistake of the test
	}
	return []quote.Runtime{rt}
}

// NewReader returns a chain reader over the devnet's clients, one Multicall3
// batch per chain and read.
func NewReader(d *devnet.Devnet, wrap func(orchestration.Chain, evm.Backend) evm.Backend) (*evm.Reader, error) {
	var cfg evm.Config
	for _, c := range d.Chains() {
		var b evm.Backend = c.Client()
		if wrap != nil {
			b = wrap(c.Name, b)
		}
		cfg.Chains = append(cfg.Chains, evm.ChainConfig{
			Name: c.Name, ChainID: c.ChainID, Multicall3: d.Contracts(c.Name).Multicall3, Backend: b,
		})
	}
	cfg.Logger = slog.New(slog.DiscardHandler)
	return evm.NewReader(cfg)
}

// Asset returns the devnet's asset with this symbol on chain.
func (e *Env) Asset(t testing.TB, chain orchestration.Chain, symbol string) asset.AssetInfo {
	t.Helper()
	for _, a := range e.Catalog.Assets() {
		if a.Chain == chain && a.Symbol == symbol {
			return a
		}
	}
	t.Fatalf("devnet has no %s on %s", symbol, chain)
	return asset.AssetInfo{}
}

// Ref is the asset's address on the wire.
func (e *Env) Ref(t testing.TB, chain orchestration.Chain, symbol string) orchestration.AssetAddress {
	t.Helper()
	a := e.Asset(t, chain, symbol)
	return orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
}

// Account returns the named devnet account.
func Account(t testing.TB, name string) devnet.Account {
	t.Helper()
	a, ok := devnet.AccountByName(name)
	if !ok {
		t.Fatalf("no devnet account %q", name)
	}
	return a
}

// AccountAt returns the devnet account with this address.
func AccountAt(t testing.TB, addr string) devnet.Account {
	t.Helper()
	for _, a := range devnet.Accounts() {
		if a.Address == common.HexToAddress(addr) {
			return a
		}
	}
	t.Fatalf("%s is not a devnet account", addr)
	return devnet.Account{}
}

// Balance is owner's balance of the token at ref.
func (e *Env) Balance(t testing.TB, ref orchestration.AssetAddress, owner string) *big.Int {
	t.Helper()
	c, ok := e.Devnet.Chain(ref.Chain)
	if !ok {
		t.Fatalf("devnet has no chain %s", ref.Chain)
	}
	tok, err := bindings.NewMToken(common.HexToAddress(ref.Address), c.Client())
	if err != nil {
		t.Fatal(err)
	}
	b, err := tok.BalanceOf(nil, common.HexToAddress(owner))
	if err != nil {
		t.Fatalf("balanceOf %s on %s: %v", ref.Address, ref.Chain, err)
	}
	return b
}

// Executor returns an executor signing as acct on every devnet chain, which
// delivers pending portal messages before a payload on a chain other than
// the previous payload's.
func (e *Env) Executor(acct devnet.Account) *evm.Executor {
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, c := range e.Devnet.Chains() {
		clients[c.Name] = c.Client()
	}
	var prev orchestration.Chain
	return &evm.Executor{
		Clients: clients,
		Signer:  evm.KeySigner(acct.Key),
		BeforePayload: func(ctx context.Context, i int, p orchestration.Payload) error {
			chain := p.Data.Chain()
			defer func() { prev = chain }()
			if i > 0 && chain != prev {
				if _, err := e.Devnet.Relay(ctx); err != nil {
					return fmt.Errorf("relay before payload %d: %w", i, err)
				}
			}
			return nil
		},
	}
}

// Execute runs q's payloads from acct, delivers what the last one sent
// across chains, lets the devnet's solver fill a limit order the quote
// opened (and relays its fill report), and returns how much of the
// destination token the quote's recipient received.
func (e *Env) Execute(t testing.TB, acct devnet.Account, q orchestration.Quote) *big.Int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	before := e.Balance(t, q.Route.Destination, q.Recipient)
	if _, err := e.Executor(acct).Execute(ctx, q.Payloads); err != nil {
		t.Fatalf("execute: %v", err)
	}
	if _, err := e.Devnet.Relay(ctx); err != nil {
		t.Fatalf("relay: %v", err)
	}
	if opensOrder(q) {
		if _, err := e.Devnet.Solver().Fill(ctx); err != nil {
			t.Fatalf("solver: %v", err)
		}
		if _, err := e.Devnet.Relay(ctx); err != nil {
			t.Fatalf("relay the fill report: %v", err)
		}
	}
	return new(big.Int).Sub(e.Balance(t, q.Route.Destination, q.Recipient), before)
}

// opensOrder reports whether q has a limit-order leg (its payload names
// the solver).
func opensOrder(q orchestration.Quote) bool {
	for _, p := range q.Payloads {
		if p.Solver != nil {
			return true
		}
	}
	return false
}

// QuotetestExecute adapts Execute to quotetest.Harness.Execute: the funder
// (or sender) of the request must be a devnet account.
func (e *Env) QuotetestExecute() func(t *testing.T, req orchestration.QuoteRequest, q orchestration.Quote) *big.Int {
	return func(t *testing.T, req orchestration.QuoteRequest, q orchestration.Quote) *big.Int {
		funder := req.Funder
		if funder == "" {
			funder = req.Sender
		}
		return e.Execute(t, AccountAt(t, funder), q)
	}
}

// Request is a quote request for amount of src to dst, from sender to
// recipient.
func Request(src, dst orchestration.AssetAddress, amount, sender, recipient string) orchestration.QuoteRequest {
	return orchestration.QuoteRequest{Route: orchestration.Route{Source: src, Destination: dst},
		AmountIn: amount, Sender: sender, Recipient: recipient}
}

// Addr is the named devnet account's address.
func Addr(t testing.TB, name string) string { return Account(t, name).Address.Hex() }
