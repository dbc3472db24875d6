package portal_test

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

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/swapfacility"
)

var discard = slog.New(slog.DiscardHandler)

const (
	sepolia  = orchestration.Sepolia
	base     = orchestration.BaseSepolia
	arbitrum = orchestration.ArbitrumSepolia
)

func newProvider(t *testing.T, cat *asset.Catalog, reader evmruntime.ChainReader, cfg portal.Config) *portal.Provider {
	t.Helper()
	p, err := portal.New(quote.Deps{Catalog: cat, Runtimes: devnetenv.Runtimes(cat, reader), Logger: discard}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConformance(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		return quotetest.Harness{
			Provider: newProvider(t, env.Catalog, env.Reader, portal.Config{}),
			Catalog:  env.Catalog,
			Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader),
			Quotable: []orchestration.QuoteRequest{
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "wM"), "1500000", alice, carol),
				devnetenv.Request(env.Ref(t, sepolia, "M"), env.Ref(t, base, "wM"), "2000000", alice, carol),
				devnetenv.Request(env.Ref(t, base, "wM"), env.Ref(t, arbitrum, "M"), "3000000", alice, carol), // spoke to spoke
			},
			Unquotable: []orchestration.QuoteRequest{
				// mUSD is not bridged.
				devnetenv.Request(env.Ref(t, sepolia, "mUSD"), env.Ref(t, base, "mUSD"), "1000000", alice, carol),
				devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "mUSD"), "1000000", alice, carol),
				// USDC is neither M nor an extension.
				devnetenv.Request(env.Ref(t, sepolia, "USDC"), env.Ref(t, base, "USDC"), "1000000", alice, carol),
			},
			Execute: env.QuotetestExecute(),
		}
	})
}

// edgeNames lists edges as "From:Symbol->To:Symbol", checking each spender.
func edgeNames(t *testing.T, cat *asset.Catalog, edges []quote.Edge) []string {
	t.Helper()
	var out []string
	for _, e := range edges {
		ch, _ := cat.Chain(e.From.Chain)
		if e.Spender != ch.Contracts.Portal {
			t.Errorf("edge %s %s->%s %s: spender %s, want the source Portal %s", e.From.Chain, e.From.Symbol, e.To.Chain, e.To.Symbol, e.Spender, ch.Contracts.Portal)
		}
		out = append(out, name(e.From.Chain, e.From.Symbol, e.To.Chain, e.To.Symbol))
	}
	slices.Sort(out)
	return out
}

func name(from orchestration.Chain, fromSym string, to orchestration.Chain, toSym string) string {
	return fmt.Sprintf("%s:%s->%s:%s", from, fromSym, to, toSym)
}

// bridged lists the devnet's edges between the given chain pairs: M and wM
// in any pairing, as the devnet's portals support.
func bridged(pairs ...[2]orchestration.Chain) []string {
	var out []string
	for _, p := range pairs {
		for _, a := range []string{"M", "wM"} {
			for _, b := range []string{"M", "wM"} {
				out = append(out, name(p[0], a, p[1], b))
			}
		}
	}
	slices.Sort(out)
	return out
}

var allPairs = [][2]orchestration.Chain{{sepolia, base}, {sepolia, arbitrum}, {base, sepolia}, {base, arbitrum}, {arbitrum, sepolia}, {arbitrum, base}}

func TestEdges(t *testing.T) {
	env := devnetenv.Get(t)
	edges, err := newProvider(t, env.Catalog, env.Reader, portal.Config{}).Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := edgeNames(t, env.Catalog, edges), bridged(allPairs...); !slices.Equal(got, want) {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}
}

// admin sends one transaction as the devnet's deployer (the contracts'
// admin) on chain and waits for it.
func admin(t *testing.T, chain orchestration.Chain, send func(*bind.TransactOpts, *bindings.Portal) (*types.Transaction, error)) {
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
	tx, err := send(opts, portalOn(t, chain))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
}

func portalOn(t *testing.T, chain orchestration.Chain) *bindings.Portal {
	t.Helper()
	env := devnetenv.Get(t)
	c, _ := env.Devnet.Chain(chain)
	p, err := bindings.NewPortal(env.Devnet.Contracts(chain).Portal, c.Client())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newReader(t *testing.T, wrap func(orchestration.Chain, evm.Backend) evm.Backend) *evm.Reader {
	t.Helper()
	r, err := devnetenv.NewReader(devnetenv.Get(t).Devnet, wrap)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestUnsupportedPathIsNotAnEdge(t *testing.T) {
	env := devnetenv.Get(t)
	wM, baseWM := env.Devnet.Contracts(sepolia).WrappedM, env.Devnet.Contracts(base).WrappedM
	baseID := chainID(t, base)
	set := func(v bool) {
		admin(t, sepolia, func(o *bind.TransactOpts, p *bindings.Portal) (*types.Transaction, error) {
			return p.SetSupportedBridgingPath(o, wM, baseID, common.BytesToHash(baseWM.Bytes()), v)
		})
	}
	set(false)
	t.Cleanup(func() { set(true) })

	// A fresh reader: the shared one caches the path as supported.
	reader := newReader(t, nil)
	p := newProvider(t, env.Catalog, reader, portal.Config{})
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := slices.DeleteFunc(bridged(allPairs...), func(s string) bool { return s == name(sepolia, "wM", base, "wM") })
	if got := edgeNames(t, env.Catalog, edges); !slices.Equal(got, want) {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}

	// One leg: over two, wM still reaches BaseSepolia through another chain.
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, reader), Providers: []quote.Provider{p}, MaxLegs: 1, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Quote(context.Background(), devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "wM"), "1000000", devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")))
	if code, _ := orchestration.CodeOf(err); code != orchestration.NoQuotesAvailable {
		t.Errorf("quote over the unsupported path: err = %v, want NoQuotesAvailable", err)
	}
}

// A portal whose sending is paused serves no leg out of its chain (the
// transfer would revert), and one whose receiving is paused serves no leg
// into it (the transfer would wait there); unpaused, the same request
// quotes again.
func TestPausedPortalHasNoRoute(t *testing.T) {
	env := devnetenv.Get(t)
	req := devnetenv.Request(env.Ref(t, sepolia, "wM"), env.Ref(t, base, "wM"), "1000000", devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol"))
	quoteNow := func() error {
		e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard,
			Providers: []quote.Provider{newProvider(t, env.Catalog, env.Reader, portal.Config{})}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Quote(context.Background(), req)
		return err
	}
	for _, tt := range []struct {
		name  string
		chain orchestration.Chain
		set   func(*bindings.Portal, *bind.TransactOpts, bool) (*types.Transaction, error)
	}{
		{"sending paused at the source", sepolia, (*bindings.Portal).SetSendPaused},
		{"receiving paused at the destination", base, (*bindings.Portal).SetReceivePaused},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pause := func(v bool) {
				admin(t, tt.chain, func(o *bind.TransactOpts, p *bindings.Portal) (*types.Transaction, error) {
					return tt.set(p, o, v)
				})
			}
			pause(true)
			paused := true
			t.Cleanup(func() {
				if paused {
					pause(false)
				}
			})
			if err := quoteNow(); codeOf(err) != orchestration.NoQuotesAvailable {
				t.Fatalf("quote while paused: err = %v, want NoQuotesAvailable", err)
			}
			pause(false)
			paused = false
			if err := quoteNow(); err != nil {
				t.Fatalf("quote once unpaused: %v", err)
			}
		})
	}
}

func codeOf(err error) orchestration.Code {
	c, _ := orchestration.CodeOf(err)
	return c
}

// failing fails every read of one chain.
type failing struct{ evm.Backend }

var errDown = errors.New("node down")

func (failing) CallContract(context.Context, ethereum.CallMsg, *big.Int) ([]byte, error) {
	return nil, errDown
}
func (failing) BlockNumber(context.Context) (uint64, error) { return 0, errDown }

func readerFailing(t *testing.T, down ...orchestration.Chain) *evm.Reader {
	return newReader(t, func(c orchestration.Chain, b evm.Backend) evm.Backend {
		if slices.Contains(down, c) {
			return failing{b}
		}
		return b
	})
}

func TestEdgesSurviveAFailingChain(t *testing.T) {
	env := devnetenv.Get(t)
	edges, err := newProvider(t, env.Catalog, readerFailing(t, base), portal.Config{}).Edges(context.Background())
	if !errors.Is(err, errDown) || !strings.Contains(err.Error(), string(base)) {
		t.Errorf("Edges with BaseSepolia down: err = %v, want one naming BaseSepolia and wrapping the read failure (so the engine asks again)", err)
	}
	// Nothing leaves BaseSepolia; its M is unknown as a destination, its
	// extensions are still reached from the chains that could be read.
	want := append(bridged([2]orchestration.Chain{sepolia, arbitrum}, [2]orchestration.Chain{arbitrum, sepolia}),
		name(sepolia, "M", base, "wM"), name(sepolia, "wM", base, "wM"), name(arbitrum, "M", base, "wM"), name(arbitrum, "wM", base, "wM"))
	slices.Sort(want)
	if got := edgeNames(t, env.Catalog, edges); !slices.Equal(got, want) {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}

	_, err = newProvider(t, env.Catalog, readerFailing(t, sepolia, base, arbitrum), portal.Config{}).Edges(context.Background())
	if !errors.Is(err, errDown) {
		t.Errorf("Edges with every chain down: err = %v, want one wrapping the read failure", err)
	}
}

func TestEdgesWithoutReader(t *testing.T) {
	edges, err := newProvider(t, devnetenv.Get(t).Catalog, nil, portal.Config{}).Edges(context.Background())
	if err != nil || len(edges) != 0 {
		t.Errorf("Edges without a reader = %d edges, %v; want none and no error", len(edges), err)
	}
}

// TestChainIDBeyondUint32 gives ArbitrumSepolia a chain id the portal
// cannot name: it is no destination, but still a source.
func TestChainIDBeyondUint32(t *testing.T) {
	env := devnetenv.Get(t)
	var cfg asset.Config
	for _, ch := range env.Catalog.Chains() {
		id := ch.ChainID
		if ch.Name == arbitrum {
			id += 1 << 32
		}
		cfg.Chains = append(cfg.Chains, asset.ChainConfig{Name: ch.Name, Runtime: ch.Runtime, ChainID: id, Testnet: ch.Testnet, Contracts: ch.Contracts})
	}
	for _, a := range env.Catalog.Assets() {
		cfg.Assets = append(cfg.Assets, asset.AssetConfig{Chain: a.Chain, Address: a.Address, Symbol: a.Symbol, Name: a.Name,
			Decimals: a.Decimals, M0Extension: a.M0Extension, Permit: a.Permit, PermitDomain: a.PermitDomain, ApproveZeroFirst: a.ApproveZeroFirst})
	}
	cat, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	edges, err := newProvider(t, cat, env.Reader, portal.Config{}).Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := bridged([2]orchestration.Chain{sepolia, base}, [2]orchestration.Chain{base, sepolia},
		[2]orchestration.Chain{arbitrum, sepolia}, [2]orchestration.Chain{arbitrum, base})
	if got := edgeNames(t, cat, edges); !slices.Equal(got, want) {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}
}

// edge returns the provider's edge between two symbols of two chains.
func edge(t *testing.T, p *portal.Provider, from orchestration.Chain, fromSym string, to orchestration.Chain, toSym string) quote.Edge {
	t.Helper()
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edges {
		if e.From.Chain == from && e.From.Symbol == fromSym && e.To.Chain == to && e.To.Symbol == toSym {
			return e
		}
	}
	t.Fatalf("no edge %s", name(from, fromSym, to, toSym))
	return quote.Edge{}
}

func portalABI(*testing.T) *abi.ABI { return contracts.MustABI("Portal") }

// method finds the overload of name with n arguments.
func method(t *testing.T, name string, n int) abi.Method {
	t.Helper()
	for _, m := range portalABI(t).Methods {
		if m.RawName == name && len(m.Inputs) == n {
			return m
		}
	}
	t.Fatalf("no %s with %d arguments", name, n)
	return abi.Method{}
}

// decode unpacks calldata of m and checks its selector.
func decode(t *testing.T, m abi.Method, data []byte) []any {
	t.Helper()
	if len(data) < 4 || !slices.Equal(data[:4], m.ID) {
		t.Fatalf("calldata %x is not %s", data, m.Sig)
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	return args
}

func chainID(t *testing.T, c orchestration.Chain) uint32 {
	t.Helper()
	ch, _ := devnetenv.Get(t).Catalog.Chain(c)
	return uint32(ch.ChainID)
}

func TestReads(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Catalog, env.Reader, portal.Config{})
	e := edge(t, p, sepolia, "wM", base, "wM")
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "alice"))
	for _, amount := range []*big.Int{nil, big.NewInt(1_500_000)} {
		reads := calls(p.Reads(quote.LegRequest{Edge: &e, AmountIn: amount, Funder: alice, Recipient: alice, Refund: alice}))
		if len(reads) != 2 {
			t.Fatalf("amount %v: %d reads, want the fee quote and sendPaused", amount, len(reads))
		}
		for _, r := range reads {
			if r.To.Hex() != e.Spender || r.Immutable {
				t.Errorf("amount %v: read of %s (immutable %v), want chain state of the Portal %s", amount, r.To.Hex(), r.Immutable, e.Spender)
			}
		}
		decode(t, method(t, "sendPaused", 0), reads[1].Data)
		dst := calls(p.DestinationReads(quote.LegRequest{Edge: &e, AmountIn: amount, Funder: alice, Recipient: alice, Refund: alice}))
		basePortal := env.Devnet.Contracts(base).Portal
		if len(dst) != 1 || dst[0].To != basePortal || dst[0].Immutable {
			t.Fatalf("amount %v: destination reads %+v, want receivePaused() of the BaseSepolia Portal %s", amount, dst, basePortal)
		}
		decode(t, method(t, "receivePaused", 0), dst[0].Data)
		r := reads[0]
		args := decode(t, method(t, "quote", 2), r.Data)
		if args[0].(uint32) != chainID(t, base) || args[1].(uint8) != 0 {
			t.Errorf("amount %v: quote%v, want (%d, 0)", amount, args, chainID(t, base))
		}
	}
}

func TestQuoteLeg(t *testing.T) {
	env := devnetenv.Get(t)
	p := newProvider(t, env.Catalog, env.Reader, portal.Config{})
	notPaused := func(leg quote.LegRequest) *evm.Answers {
		a := evm.NewAnswers(1)
		a.Put(calls(p.Reads(leg))[1], boolResult(t, false))
		return a
	}
	alice, carol := devnetenv.Addr(t, "alice"), devnetenv.Addr(t, "carol")
	fee, err := portalOn(t, sepolia).Quote0(nil, chainID(t, base), 0)
	if err != nil {
		t.Fatal(err)
	}
	destination := func(leg quote.LegRequest) *evm.Answers {
		a, err := env.Reader.Read(context.Background(), leg.To.Chain, calls(p.DestinationReads(leg)))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	receiving := func(r evm.Result) func(leg quote.LegRequest) *evm.Answers {
		return func(leg quote.LegRequest) *evm.Answers {
			a := evm.NewAnswers(1)
			a.Put(calls(p.DestinationReads(leg))[0], r)
			return a
		}
	}
	fromChain := func(leg quote.LegRequest) *evm.Answers {
		a, err := env.Reader.Read(context.Background(), leg.From.Chain, calls(p.Reads(leg)))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	tests := []struct {
		name           string
		fromSym, toSym string
		answer         func(leg quote.LegRequest) *evm.Answers
		dest           func(leg quote.LegRequest) *evm.Answers // nil: read from the devnet
		wantErr        bool
		wantNoRoute    bool // the error is ErrNoRoute
		wantAnnotation string
	}{
		{name: "wM to wM", fromSym: "wM", toSym: "wM",
			answer: func(leg quote.LegRequest) *evm.Answers {
				a, err := env.Reader.Read(context.Background(), leg.From.Chain, calls(p.Reads(leg)))
				if err != nil {
					t.Fatal(err)
				}
				return a
			},
			wantAnnotation: "Bridge 1.5 wM from Sepolia to BaseSepolia through the M Portal (fee 0.0002 ETH)"},
		{name: "M to wM", fromSym: "M", toSym: "wM",
			answer: func(leg quote.LegRequest) *evm.Answers {
				a, err := env.Reader.Read(context.Background(), leg.From.Chain, calls(p.Reads(leg)))
				if err != nil {
					t.Fatal(err)
				}
				return a
			},
			wantAnnotation: "Bridge 1.5 M from Sepolia to BaseSepolia as wM through the M Portal (fee 0.0002 ETH)"},
		{name: "reverted", fromSym: "wM", toSym: "wM", wantErr: true,
			answer: func(leg quote.LegRequest) *evm.Answers {
				a := notPaused(leg)
				a.Put(calls(p.Reads(leg))[0], evm.Result{OK: false})
				return a
			}},
		{name: "malformed", fromSym: "wM", toSym: "wM", wantErr: true,
			answer: func(leg quote.LegRequest) *evm.Answers {
				a := notPaused(leg)
				a.Put(calls(p.Reads(leg))[0], evm.Result{OK: true, Data: []byte{1}})
				return a
			}},
		{name: "sending paused", fromSym: "wM", toSym: "wM", wantErr: true, wantNoRoute: true,
			answer: func(leg quote.LegRequest) *evm.Answers {
				a, err := env.Reader.Read(context.Background(), leg.From.Chain, calls(p.Reads(leg)))
				if err != nil {
					t.Fatal(err)
				}
				a.Put(calls(p.Reads(leg))[1], boolResult(t, true))
				return a
			}},
		{name: "paused unreadable", fromSym: "wM", toSym: "wM", wantErr: true,
			answer: func(leg quote.LegRequest) *evm.Answers {
				a, err := env.Reader.Read(context.Background(), leg.From.Chain, calls(p.Reads(leg)))
				if err != nil {
					t.Fatal(err)
				}
				a.Put(calls(p.Reads(leg))[1], evm.Result{OK: false})
				return a
			}},
		{name: "missing", fromSym: "wM", toSym: "wM", wantErr: true,
			answer: func(quote.LegRequest) *evm.Answers { return evm.NewAnswers(1) }},
		{name: "receiving paused", fromSym: "wM", toSym: "wM", wantErr: true, wantNoRoute: true,
			answer: fromChain, dest: receiving(boolResult(t, true))},
		{name: "receiving unreadable", fromSym: "wM", toSym: "wM", wantErr: true,
			answer: fromChain, dest: receiving(evm.Result{OK: false})},
		{name: "destination not read", fromSym: "wM", toSym: "wM", wantErr: true,
			answer: fromChain, dest: func(quote.LegRequest) *evm.Answers { return nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := edge(t, p, sepolia, tt.fromSym, base, tt.toSym)
			leg := quote.LegRequest{Edge: &e, AmountIn: big.NewInt(1_500_000), Funder: orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, alice), Recipient: orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, carol), Refund: orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, alice), SlippageBps: 50}
			leg.State = tt.answer(leg)
			dest := tt.dest
			if dest == nil {
				dest = destination
			}
			leg.DestinationState = dest(leg)
			got, err := p.QuoteLeg(context.Background(), leg)
			if tt.wantErr {
				if err == nil || errors.Is(err, quote.ErrNoRoute) != tt.wantNoRoute {
					t.Fatalf("QuoteLeg err = %v, want an error with ErrNoRoute %v", err, tt.wantNoRoute)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.AmountOut.Cmp(leg.AmountIn) != 0 || got.MinAmountOut != nil {
				t.Errorf("amountOut %v (min %v), want exactly %v", got.AmountOut, got.MinAmountOut, leg.AmountIn)
			}
			if got.EstTime != portal.DefaultEstTime || portal.DefaultEstTime != 20*time.Minute {
				t.Errorf("EstTime %v, want the default 20m", got.EstTime)
			}
			got.Payloads = quotetest.Built(t, got)
			if len(got.Payloads) != 1 {
				t.Fatalf("%d payloads, want sendToken alone", len(got.Payloads))
			}
			pl := got.Payloads[0]
			if pl.Annotation != tt.wantAnnotation {
				t.Errorf("annotation %q, want %q", pl.Annotation, tt.wantAnnotation)
			}
			tx := pl.Data.EVM
			if tx == nil || tx.Chain != sepolia || uint32(tx.ChainID) != chainID(t, sepolia) || tx.To != e.Spender {
				t.Fatalf("payload %+v, want a call of the Sepolia Portal %s", tx, e.Spender)
			}
			if tx.Value != fee.String() {
				t.Errorf("value %s, want Portal.quote() = %s exactly", tx.Value, fee)
			}
			args := decode(t, method(t, "sendToken", 7), hexutil.MustDecode(tx.Data))
			pad := func(a string) [32]byte { return common.BytesToHash(common.HexToAddress(a).Bytes()) }
			for i, c := range []struct {
				what      string
				got, want any
			}{
				{"amount", args[0].(*big.Int).String(), leg.AmountIn.String()},
				{"sourceToken", args[1].(common.Address).Hex(), e.From.Address},
				{"destinationChainId", args[2], chainID(t, base)},
				{"destinationToken", args[3], pad(e.To.Address)},
				{"recipient", args[4], pad(carol)},
				{"refundAddress", args[5], pad(alice)},
				{"bridgeAdapterArgs", len(args[6].([]byte)), 0},
			} {
				if c.got != c.want {
					t.Errorf("sendToken argument %d (%s) = %v, want %v", i, c.what, c.got, c.want)
				}
			}
		})
	}
}

func TestEstTime(t *testing.T) {
	env := devnetenv.Get(t)
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "alice"))
	tests := []struct {
		name     string
		cfg      portal.Config
		from, to orchestration.Chain
		want     time.Duration
	}{
		{"default", portal.Config{}, sepolia, base, 20 * time.Minute},
		{"configured", portal.Config{EstTime: 5 * time.Minute}, sepolia, base, 5 * time.Minute},
		{"route override", portal.Config{EstTime: 5 * time.Minute, EstTimeByRoute: map[[2]orchestration.Chain]time.Duration{{sepolia, base}: 90 * time.Second}},
			sepolia, base, 90 * time.Second},
		{"override of the other direction", portal.Config{EstTime: 5 * time.Minute, EstTimeByRoute: map[[2]orchestration.Chain]time.Duration{{sepolia, base}: 90 * time.Second}},
			base, sepolia, 5 * time.Minute},
		{"override without EstTime", portal.Config{EstTimeByRoute: map[[2]orchestration.Chain]time.Duration{{arbitrum, base}: time.Minute}},
			sepolia, arbitrum, 20 * time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newProvider(t, env.Catalog, env.Reader, tt.cfg)
			leg := quote.LegRequest{Edge: new(edge(t, p, tt.from, "M", tt.to, "M")), AmountIn: big.NewInt(1), Funder: alice, Recipient: alice, Refund: alice}
			var err error
			if leg.State, err = env.Reader.Read(context.Background(), tt.from, calls(p.Reads(leg))); err != nil {
				t.Fatal(err)
			}
			if leg.DestinationState, err = env.Reader.Read(context.Background(), tt.to, calls(p.DestinationReads(leg))); err != nil {
				t.Fatal(err)
			}
			got, err := p.QuoteLeg(context.Background(), leg)
			if err != nil {
				t.Fatal(err)
			}
			if got.EstTime != tt.want {
				t.Errorf("EstTime %v, want %v", got.EstTime, tt.want)
			}
		})
	}
}

// TestExecute quotes M on Sepolia to wM on BaseSepolia through the engine,
// executes it as alice, relays, and checks what every side got: carol
// exactly amountOut, the Portal exactly the quoted fee.
func TestExecute(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Account(t, "alice"), devnetenv.Addr(t, "carol")
	p := newProvider(t, env.Catalog, env.Reader, portal.Config{})
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Providers: []quote.Provider{p}, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	quotes, err := e.Quote(context.Background(), devnetenv.Request(env.Ref(t, sepolia, "M"), env.Ref(t, base, "wM"), "4200000", alice.Address.Hex(), carol))
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	fee, err := portalOn(t, sepolia).Quote0(nil, chainID(t, base), 0)
	if err != nil {
		t.Fatal(err)
	}
	last := q.Payloads[len(q.Payloads)-1].Data.EVM
	if last.Value != fee.String() {
		t.Fatalf("sendToken value %s, want Portal.quote() = %s", last.Value, fee)
	}
	c, _ := env.Devnet.Chain(sepolia)
	portalAddr := env.Devnet.Contracts(sepolia).Portal
	before, err := c.Client().BalanceAt(context.Background(), portalAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := env.Execute(t, alice, q)
	if got.String() != q.AmountOut || q.AmountOut != "4200000" {
		t.Errorf("carol received %s wM on BaseSepolia, want exactly amountOut %s (= amountIn)", got, q.AmountOut)
	}
	after, err := c.Client().BalanceAt(context.Background(), portalAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if paid := new(big.Int).Sub(after, before); paid.Cmp(fee) != 0 {
		t.Errorf("the Portal collected %s wei, want the quoted fee %s", paid, fee)
	}
}

func TestNew(t *testing.T) {
	env := devnetenv.Get(t)
	deps := quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}
	for _, tt := range []struct {
		name string
		deps quote.Deps
		cfg  portal.Config
	}{
		{"no catalog", quote.Deps{Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader)}, portal.Config{}},
		{"negative time", deps, portal.Config{EstTime: -time.Second}},
		{"zero route time", deps, portal.Config{EstTimeByRoute: map[[2]orchestration.Chain]time.Duration{{sepolia, base}: 0}}},
	} {
		if _, err := portal.New(tt.deps, tt.cfg); err == nil {
			t.Errorf("%s: New succeeded, want an error", tt.name)
		}
		if _, err := portal.Factory(tt.cfg)(tt.deps); err == nil {
			t.Errorf("%s: Factory succeeded, want an error", tt.name)
		}
	}
	ps, err := quote.Build(deps, portal.Factory(portal.Config{}))
	if err != nil || len(ps) != 1 || ps[0].ID() != orchestration.ProviderMPortal {
		t.Fatalf("Build = %v, %v; want the m-portal provider", ps, err)
	}
}

// TestWithSwapFacility routes mUSD on Sepolia to mUSD on BaseSepolia, which
// the portal does not carry, through the SwapFacility on both sides: swap to
// wM, bridge, swap back. The last swap runs on BaseSepolia once the bridge
// delivered to the funder.
func TestWithSwapFacility(t *testing.T) {
	env := devnetenv.Get(t)
	alice, carol := devnetenv.Account(t, "alice"), devnetenv.Addr(t, "carol")
	facility, err := swapfacility.New(quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard}, swapfacility.Config{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := quote.New(quote.Config{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, env.Reader), Logger: discard,
		Providers: []quote.Provider{facility, newProvider(t, env.Catalog, env.Reader, portal.Config{})}})
	if err != nil {
		t.Fatal(err)
	}
	quotes, err := e.Quote(context.Background(), devnetenv.Request(env.Ref(t, sepolia, "mUSD"), env.Ref(t, base, "mUSD"), "1250000", alice.Address.Hex(), carol))
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	// The legs' own payloads, without the approves the engine adds when an
	// allowance is short (which depends on what earlier tests left).
	approve := hexutil.Encode(evm.ApproveCalldata(common.Address{}, new(big.Int))[:4])
	var legs []string
	for _, p := range q.Payloads {
		if !strings.HasPrefix(p.Data.EVM.Data, approve) {
			legs = append(legs, fmt.Sprintf("%s@%s", p.Provider, p.Data.EVM.Chain))
		}
	}
	want := []string{"m-swap-facility@Sepolia", "m-portal@Sepolia", "m-swap-facility@BaseSepolia"}
	if !slices.Equal(legs, want) {
		t.Fatalf("legs %v, want %v", legs, want)
	}
	if q.AmountOut != "1250000" || q.MinAmountOut != q.AmountOut {
		t.Errorf("amountOut %s (min %s), want exactly the 1250000 in", q.AmountOut, q.MinAmountOut)
	}
	if want := int64((20*time.Minute + 2*swapfacility.DefaultEstTime) / time.Second); q.EstFillTime != want {
		t.Errorf("estFillTime %d, want the legs' sum %d", q.EstFillTime, want)
	}
	if got := env.Execute(t, alice, q); got.String() != q.AmountOut {
		t.Errorf("carol received %s mUSD on BaseSepolia, want exactly %s", got, q.AmountOut)
	}
}

// boolResult is the answer of a view returning v.
func boolResult(t *testing.T, v bool) evm.Result {
	t.Helper()
	out, err := method(t, "sendPaused", 0).Outputs.Pack(v)
	if err != nil {
		t.Fatal(err)
	}
	return evm.Result{OK: true, Data: out}
}

// calls are the EVM calls behind a provider's declared reads.
func calls(reads []quote.Read) []evm.Call {
	out := make([]evm.Call, len(reads))
	for i, r := range reads {
		out[i] = r.(evm.Call)
	}
	return out
}
