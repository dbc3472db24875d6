package swapfacility_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/swapfacility"
)

var discard = slog.New(slog.DiscardHandler)

func newProvider(t *testing.T, reader evmruntime.ChainReader, cfg swapfacility.Config) *swapfacility.Provider {
	t.Helper()
	p, err := swapfacility.New(quote.Deps{Catalog: devnetenv.Get(t).Catalog, Runtimes: devnetenv.Runtimes(devnetenv.Get(t).Catalog, reader), Logger: discard}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConformance(t *testing.T) {
	env := devnetenv.Get(t)
	alice, bob := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "bob")
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		return quotetest.Harness{
			Provider: newProvider(t, env.Reader, swapfacility.Config{}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "wM"), env.Ref(t, orchestration.Sepolia, "mUSD"), "1500000", alice, bob),
				devnetenv.Request(env.Ref(t, orchestration.ArbitrumSepolia, "mUSD"), env.Ref(t, orchestration.ArbitrumSepolia, "wM"), "2000000", alice, bob),
			},
			Unquotable: []orchestration.QuoteRequest{
				// alice lacks the M_SWAPPER_ROLE.
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "M"), env.Ref(t, orchestration.Sepolia, "wM"), "1000000", alice, bob),
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "wM"), env.Ref(t, orchestration.Sepolia, "M"), "1000000", alice, bob),
				// USDC is no extension; the facility does not bridge.
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "USDC"), env.Ref(t, orchestration.Sepolia, "wM"), "1000000", alice, bob),
				devnetenv.Request(env.Ref(t, orchestration.Sepolia, "wM"), env.Ref(t, orchestration.BaseSepolia, "wM"), "1000000", alice, bob),
			},
			Execute: env.QuotetestExecute(),
		}
	})
}

// edgeNames lists edges as "Chain:From->To" with the spender checked.
func edgeNames(t *testing.T, edges []quote.Edge) []string {
	t.Helper()
	cat := devnetenv.Get(t).Catalog
	var out []string
	for _, e := range edges {
		ch, _ := cat.Chain(e.From.Chain)
		if e.Spender != ch.Contracts.SwapFacility {
			t.Errorf("edge %s %s->%s: spender %s, want the SwapFacility %s", e.From.Chain, e.From.Symbol, e.To.Symbol, e.Spender, ch.Contracts.SwapFacility)
		}
		if e.CrossChain() {
			t.Errorf("edge %s->%s crosses chains", e.From.Chain, e.To.Chain)
		}
		out = append(out, fmt.Sprintf("%s:%s->%s", e.From.Chain, e.From.Symbol, e.To.Symbol))
	}
	slices.Sort(out)
	return out
}

func chainEdges(chain orchestration.Chain, pairs ...string) []string {
	var out []string
	for _, p := range pairs {
		out = append(out, string(chain)+":"+p)
	}
	return out
}

var allSwaps = []string{"M->mUSD", "M->wM", "M->wMv1", "mUSD->M", "mUSD->wM", "mUSD->wMv1", "wM->M", "wM->mUSD", "wM->wMv1",
	"wMv1->M", "wMv1->mUSD", "wMv1->wM"}

func TestEdges(t *testing.T) {
	env := devnetenv.Get(t)
	edges, err := newProvider(t, env.Reader, swapfacility.Config{}).Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := edgeNames(t, edges)
	var want []string
	for _, ch := range []orchestration.Chain{orchestration.Sepolia, orchestration.BaseSepolia, orchestration.ArbitrumSepolia} {
		want = append(want, chainEdges(ch, allSwaps...)...)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}
}

// admin sends one transaction as the devnet's deployer (the contracts'
// admin) on chain and waits for it.
func admin(t *testing.T, chain orchestration.Chain, send func(*bind.TransactOpts, bind.ContractBackend) (*types.Transaction, error)) {
	t.Helper()
	env := devnetenv.Get(t)
	c, _ := env.Devnet.Chain(chain)
	opts, err := bind.NewKeyedTransactorWithChainID(devnetenv.Account(t, "deployer").Key, new(big.Int).SetUint64(c.ChainID))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	opts.Context = ctx
	tx, err := send(opts, c.Client())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
}

func facility(t *testing.T, chain orchestration.Chain, b bind.ContractBackend) *bindings.SwapFacility {
	t.Helper()
	f, err := bindings.NewSwapFacility(devnetenv.Get(t).Devnet.Contracts(chain).SwapFacility, b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// freshReader is a reader with an empty cache, so that admin changes made
// by a test are seen (the shared reader caches the facility's settings).
func freshReader(t *testing.T) *evm.Reader {
	t.Helper()
	r, err := devnetenv.NewReader(devnetenv.Get(t).Devnet, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestEdgesFollowTheFacilitysSettings(t *testing.T) {
	env := devnetenv.Get(t)
	chain := orchestration.ArbitrumSepolia
	wM, mUSD := env.Devnet.Contracts(chain).WrappedM, env.Devnet.Contracts(chain).MetaMaskUSD
	setPermissioned := func(ext common.Address, v bool) {
		admin(t, chain, func(o *bind.TransactOpts, b bind.ContractBackend) (*types.Transaction, error) {
			return facility(t, chain, b).SetPermissionedExtension(o, ext, v)
		})
	}
	setApproved := func(ext common.Address, v bool) {
		admin(t, chain, func(o *bind.TransactOpts, b bind.ContractBackend) (*types.Transaction, error) {
			return facility(t, chain, b).SetAdminApprovedExtension(o, ext, v)
		})
	}
	tests := []struct {
		name         string
		change, undo func()
		want         []string
	}{
		{"mUSD permissioned", func() { setPermissioned(mUSD, true) }, func() { setPermissioned(mUSD, false) },
			// M legs stay (permissioned swappers may use them); extension swaps with mUSD go.
			[]string{"M->mUSD", "M->wM", "M->wMv1", "mUSD->M", "wM->M", "wM->wMv1", "wMv1->M", "wMv1->wM"}},
		{"wM not approved", func() { setApproved(wM, false) }, func() { setApproved(wM, true) },
			[]string{"M->mUSD", "M->wMv1", "mUSD->M", "mUSD->wMv1", "wMv1->M", "wMv1->mUSD"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.change()
			t.Cleanup(tt.undo)
			edges, err := newProvider(t, freshReader(t), swapfacility.Config{}).Edges(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range edgeNames(t, edges) {
				if strings.HasPrefix(e, string(chain)+":") {
					got = append(got, e)
				}
			}
			if want := chainEdges(chain, tt.want...); !slices.Equal(got, want) {
				t.Errorf("%s edges:\n got %v\nwant %v", chain, got, want)
			}
			if n := len(edges) - len(got); n != 2*len(allSwaps) {
				t.Errorf("%d edges on the other chains, want %d", n, 2*len(allSwaps))
			}
		})
	}
}

// failing fails every read of one chain.
type failing struct{ evm.Backend }

var errDown = errors.New("node down")

func (failing) CallContract(context.Context, ethereum.CallMsg, *big.Int) ([]byte, error) {
	return nil, errDown
}
func (failing) BlockNumber(context.Context) (uint64, error) { return 0, errDown }

func readerFailing(t *testing.T, down ...orchestration.Chain) *evm.Reader {
	t.Helper()
	r, err := devnetenv.NewReader(devnetenv.Get(t).Devnet, func(c orchestration.Chain, b evm.Backend) evm.Backend {
		if slices.Contains(down, c) {
			return failing{b}
		}
		return b
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestEdgesSurviveAFailingChain(t *testing.T) {
	edges, err := newProvider(t, readerFailing(t, orchestration.BaseSepolia), swapfacility.Config{}).Edges(context.Background())
	if !errors.Is(err, errDown) || !strings.Contains(err.Error(), string(orchestration.BaseSepolia)) {
		t.Errorf("Edges with BaseSepolia down: err = %v, want one naming BaseSepolia and wrapping the read failure (so the engine asks again)", err)
	}
	want := append(chainEdges(orchestration.Sepolia, allSwaps...), chainEdges(orchestration.ArbitrumSepolia, allSwaps...)...)
	slices.Sort(want)
	if got := edgeNames(t, edges); !slices.Equal(got, want) {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}

	_, err = newProvider(t, readerFailing(t, orchestration.Sepolia, orchestration.BaseSepolia, orchestration.ArbitrumSepolia), swapfacility.Config{}).
		Edges(context.Background())
	if !errors.Is(err, errDown) {
		t.Errorf("Edges with every chain down: err = %v, want one wrapping the read failure", err)
	}
}

func TestEdgesWithoutReader(t *testing.T) {
	edges, err := newProvider(t, nil, swapfacility.Config{}).Edges(context.Background())
	if err != nil || len(edges) != 0 {
		t.Errorf("Edges without a reader = %d edges, %v; want none and no error", len(edges), err)
	}
}

// edge returns the provider's edge from one symbol to another on chain.
func edge(t *testing.T, p *swapfacility.Provider, chain orchestration.Chain, from, to string) quote.Edge {
	t.Helper()
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edges {
		if e.From.Chain == chain && e.From.Symbol == from && e.To.Symbol == to {
			return e
		}
	}
	t.Fatalf("no edge %s %s->%s", chain, from, to)
	return quote.Edge{}
}

func facilityABI(*testing.T) *abi.ABI { return contracts.MustABI("SwapFacility") }

// decode unpacks calldata of method and checks its selector.
func decode(t *testing.T, a *abi.ABI, method string, data []byte) []any {
	t.Helper()
	m := a.Methods[method]
	if len(data) < 4 || !slices.Equal(data[:4], m.ID) {
		t.Fatalf("calldata %x is not %s", data, m.Sig)
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	return args
}

func TestReads(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, swapfacility.Config{})
	e := edge(t, p, orchestration.Sepolia, "wM", "mUSD")
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "alice"))
	for _, amount := range []*big.Int{nil, big.NewInt(1_500_000)} {
		reads := calls(p.Reads(quote.LegRequest{Edge: &e, AmountIn: amount, Funder: alice, Recipient: alice, Refund: alice}))
		if len(reads) != 2 {
			t.Fatalf("amount %v: %d reads, want canSwapViaPath and paused", amount, len(reads))
		}
		for _, r := range reads {
			if r.To.Hex() != e.Spender || r.Immutable {
				t.Errorf("amount %v: read of %s (immutable %v), want chain state of the SwapFacility %s", amount, r.To.Hex(), r.Immutable, e.Spender)
			}
		}
		decode(t, facilityABI(t), "paused", reads[1].Data)
		r := reads[0]
		args := decode(t, facilityABI(t), "canSwapViaPath", r.Data)
		if args[0].(common.Address) != alice.EVM() || args[1].(common.Address).Hex() != e.From.Address || args[2].(common.Address).Hex() != e.To.Address {
			t.Errorf("amount %v: canSwapViaPath%v, want (%s, %s, %s)", amount, args, alice, e.From.Address, e.To.Address)
		}
	}
}

func TestQuoteLeg(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, swapfacility.Config{EstTime: 7 * time.Second})
	a := facilityABI(t)
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "alice"))
	bob := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "bob"))
	e := edge(t, p, orchestration.Sepolia, "wM", "mUSD")
	boolean := func(v bool) evm.Result {
		out, err := a.Methods["canSwapViaPath"].Outputs.Pack(v)
		if err != nil {
			t.Fatal(err)
		}
		return evm.Result{OK: true, Data: out}
	}
	tests := []struct {
		name      string
		answer    *evm.Result // to canSwapViaPath; nil: no answer
		paused    *evm.Result // to paused; nil: false
		wantErr   bool
		wantRoute bool   // the error is ErrNoRoute
		reason    string // in the ErrNoRoute's text
	}{
		{name: "allowed", answer: ptr(boolean(true))},
		{name: "not allowed", answer: ptr(boolean(false)), wantErr: true, wantRoute: true, reason: "M_SWAPPER_ROLE"},
		{name: "paused", answer: ptr(boolean(true)), paused: ptr(boolean(true)), wantErr: true, wantRoute: true, reason: "SwapFacility on Sepolia is paused"},
		{name: "paused unreadable", answer: ptr(boolean(true)), paused: &evm.Result{OK: false}, wantErr: true},
		{name: "reverted", answer: &evm.Result{OK: false}, wantErr: true},
		{name: "malformed", answer: &evm.Result{OK: true, Data: []byte{1, 2, 3}}, wantErr: true},
		{name: "missing", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			leg := quote.LegRequest{Edge: &e, AmountIn: big.NewInt(1_500_000), Funder: alice, Recipient: bob, Refund: alice, SlippageBps: 50}
			reads := calls(p.Reads(leg))
			leg.State = evm.NewAnswers(1)
			if tt.answer != nil {
				evmruntime.Answers(leg.State).Put(reads[0], *tt.answer)
			}
			evmruntime.Answers(leg.State).Put(reads[1], boolean(false))
			if tt.paused != nil {
				evmruntime.Answers(leg.State).Put(reads[1], *tt.paused)
			}
			got, err := p.QuoteLeg(context.Background(), leg)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("QuoteLeg = %+v, want an error", got)
				}
				if errors.Is(err, quote.ErrNoRoute) != tt.wantRoute {
					t.Fatalf("err = %v; ErrNoRoute %v, want %v", err, !tt.wantRoute, tt.wantRoute)
				}
				if tt.wantRoute && !strings.Contains(err.Error(), tt.reason) {
					t.Errorf("err = %v, want the reason to say %q", err, tt.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.AmountOut.Cmp(leg.AmountIn) != 0 || got.MinAmountOut != nil {
				t.Errorf("amountOut %v (min %v), want exactly %v", got.AmountOut, got.MinAmountOut, leg.AmountIn)
			}
			if got.EstTime != 7*time.Second {
				t.Errorf("EstTime %v, want the configured 7s", got.EstTime)
			}
			got.Payloads = quotetest.Built(t, got)
			if len(got.Payloads) != 1 {
				t.Fatalf("%d payloads, want the swap alone", len(got.Payloads))
			}
			pl := got.Payloads[0]
			if want := "Swap 1.5 wM for mUSD through the M0 SwapFacility on Sepolia"; pl.Annotation != want {
				t.Errorf("annotation %q, want %q", pl.Annotation, want)
			}
			tx := pl.Data.EVM
			ch, _ := env.Catalog.Chain(orchestration.Sepolia)
			if tx == nil || tx.Chain != orchestration.Sepolia || tx.ChainID != ch.ChainID || tx.To != e.Spender || tx.Value != "0" {
				t.Fatalf("payload %+v, want a call of the SwapFacility %s on Sepolia (%d) with no value", tx, e.Spender, ch.ChainID)
			}
			args := decode(t, a, "swap", hexutil.MustDecode(tx.Data))
			if args[0].(common.Address).Hex() != e.From.Address || args[1].(common.Address).Hex() != e.To.Address ||
				args[2].(*big.Int).Cmp(leg.AmountIn) != 0 || args[3].(common.Address) != bob.EVM() {
				t.Errorf("swap%v, want (%s, %s, %s, %s)", args, e.From.Address, e.To.Address, leg.AmountIn, bob)
			}
		})
	}
}

func TestDefaultEstTime(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Reader, swapfacility.Config{})
	e := edge(t, p, orchestration.BaseSepolia, "mUSD", "wM")
	bob := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "bob"))
	leg := quote.LegRequest{Edge: &e, AmountIn: big.NewInt(1), Funder: bob, Recipient: bob, Refund: bob}
	var err error
	leg.State, err = env.Reader.Read(context.Background(), e.From.Chain, calls(p.Reads(leg)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.QuoteLeg(context.Background(), leg)
	if err != nil {
		t.Fatal(err)
	}
	if got.EstTime != swapfacility.DefaultEstTime || swapfacility.DefaultEstTime != 15*time.Second {
		t.Errorf("EstTime %v, want the default 15s", got.EstTime)
	}
}

// TestMSwapper quotes and executes M -> wM for an account once it holds the
// M_SWAPPER_ROLE, which it could not before.
func TestMSwapper(t *testing.T) {
	env := devnetenv.Get(t)
	chain := orchestration.BaseSepolia
	carol, bob := devnetenv.Account(t, "carol"), devnetenv.Addr(t, "bob")
	req := devnetenv.Request(env.Ref(t, chain, "M"), env.Ref(t, chain, "wM"), "2500000", carol.Address.Hex(), bob)
	engine := func() *quote.Engine {
		e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard,
			Providers: []quote.Provider{newProvider(t, env.Reader, swapfacility.Config{})}})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	if _, err := engine().Quote(context.Background(), req); !isCode(err, orchestration.NoQuotesAvailable) {
		t.Fatalf("M -> wM without the role: err = %v, want NoQuotesAvailable", err)
	}
	role := crypto.Keccak256Hash([]byte("M_SWAPPER_ROLE"))
	admin(t, chain, func(o *bind.TransactOpts, b bind.ContractBackend) (*types.Transaction, error) {
		return facility(t, chain, b).GrantRole(o, role, carol.Address)
	})
	t.Cleanup(func() {
		admin(t, chain, func(o *bind.TransactOpts, b bind.ContractBackend) (*types.Transaction, error) {
			return facility(t, chain, b).RevokeRole(o, role, carol.Address)
		})
	})
	quotes, err := engine().Quote(context.Background(), req)
	if err != nil {
		t.Fatalf("M -> wM with the role: %v", err)
	}
	q := quotes[0]
	if q.AmountOut != req.AmountIn || q.MinAmountOut != req.AmountIn {
		t.Errorf("amountOut %s (min %s), want exactly %s", q.AmountOut, q.MinAmountOut, req.AmountIn)
	}
	if got := env.Execute(t, carol, q); got.String() != req.AmountIn {
		t.Errorf("bob received %s wM, want %s", got, req.AmountIn)
	}
}

// A paused SwapFacility serves no leg: quoting a swap that would revert is
// worse than no quote. Unpaused, the same request quotes again.
func TestPausedFacilityHasNoRoute(t *testing.T) {
	env := devnetenv.Get(t)
	chain := orchestration.ArbitrumSepolia
	req := devnetenv.Request(env.Ref(t, chain, "wM"), env.Ref(t, chain, "mUSD"), "1000000", devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "bob"))
	quoteNow := func() error {
		e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard,
			Providers: []quote.Provider{newProvider(t, env.Reader, swapfacility.Config{})}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Quote(context.Background(), req)
		return err
	}
	admin(t, chain, func(o *bind.TransactOpts, b bind.ContractBackend) (*types.Transaction, error) {
		return facility(t, chain, b).Pause(o)
	})
	unpaused := false
	unpause := func() {
		if !unpaused {
			unpaused = true
			admin(t, chain, func(o *bind.TransactOpts, b bind.ContractBackend) (*types.Transaction, error) {
				return facility(t, chain, b).Unpause(o)
			})
		}
	}
	t.Cleanup(unpause)
	if err := quoteNow(); !isCode(err, orchestration.NoQuotesAvailable) {
		t.Fatalf("quote while paused: err = %v, want NoQuotesAvailable", err)
	}
	unpause()
	if err := quoteNow(); err != nil {
		t.Fatalf("quote once unpaused: %v", err)
	}
}

func isCode(err error, c orchestration.Code) bool {
	got, _ := orchestration.CodeOf(err)
	return got == c
}

func TestNew(t *testing.T) {
	env := devnetenv.Get(t)
	for _, tt := range []struct {
		name string
		deps quote.Deps
		cfg  swapfacility.Config
	}{
		{"no catalog", quote.Deps{Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}, swapfacility.Config{}},
		{"negative time", quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}, swapfacility.Config{EstTime: -time.Second}},
	} {
		if _, err := swapfacility.New(tt.deps, tt.cfg); err == nil {
			t.Errorf("%s: New succeeded, want an error", tt.name)
		}
		if _, err := swapfacility.Factory(tt.cfg)(tt.deps); err == nil {
			t.Errorf("%s: Factory succeeded, want an error", tt.name)
		}
	}
	ps, err := quote.Build(quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}, swapfacility.Factory(swapfacility.Config{}))
	if err != nil || len(ps) != 1 || ps[0].ID() != orchestration.ProviderMSwapFacility {
		t.Fatalf("Build = %v, %v; want the m-swap-facility provider", ps, err)
	}
}

func ptr[T any](v T) *T { return &v }

// calls are the EVM calls behind a provider's declared reads.
func calls(reads []quote.Read) []evm.Call {
	out := make([]evm.Call, len(reads))
	for i, r := range reads {
		out[i] = r.(evm.Call)
	}
	return out
}
