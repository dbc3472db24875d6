package quote_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// The test catalog: the real asset.Catalog, built from values, over
// Ethereum, Arbitrum and Solana.
var (
	mAddr       = common.HexToAddress("0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b").Hex() // M, on Ethereum and Arbitrum
	wMAddr      = common.HexToAddress("0x437cc33344a0B27A429f795ff6B469C72698B291").Hex() // wM, on Ethereum and Arbitrum
	usdcEthAddr = common.HexToAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48").Hex()
	usdtEthAddr = common.HexToAddress("0xdac17f958d2ee523a2206206994597c13d831ec7").Hex() // approve-zero-first
	usdcArbAddr = common.HexToAddress("0xaf88d065e77c8cc2239327c5edb3a432268e5831").Hex()
	mSolMint    = "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo"

	facility  = common.HexToAddress("0xB6807116b3B1B321a390594e31ECD6e0076f6278").Hex() // SwapFacility on Ethereum
	portalEth = common.HexToAddress("0x00000000000000000000000000000000000a0001").Hex()
	routerEth = common.HexToAddress("0x00000000000000000000000000000000000a0002").Hex()
	quoterEth = common.HexToAddress("0x00000000000000000000000000000000000a0003").Hex()
	portalArb = common.HexToAddress("0x00000000000000000000000000000000000b0001").Hex()
	routerArb = common.HexToAddress("0x00000000000000000000000000000000000b0002").Hex()
	quoterArb = common.HexToAddress("0x00000000000000000000000000000000000b0003").Hex()

	sender   = common.HexToAddress("0x1111111111111111111111111111111111111111").Hex()
	other    = common.HexToAddress("0x2222222222222222222222222222222222222222").Hex()
	stranger = common.HexToAddress("0x00000000000000000000000000000000deadbeef").Hex()
	solKey   = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
)

var testCatalog = func() *asset.Catalog {
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{
			{Name: orchestration.Ethereum, ChainID: 1, Contracts: asset.Contracts{
				SwapFacility: facility, Portal: portalEth, SwapRouter: routerEth, Quoter: quoterEth}},
			{Name: orchestration.Arbitrum, ChainID: 42161, Contracts: asset.Contracts{
				Portal: portalArb, SwapRouter: routerArb, Quoter: quoterArb}},
			{Name: orchestration.Solana, ChainID: 1399811149},
		},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Ethereum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Ethereum, Address: wMAddr, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true, Permit: true},
			{Chain: orchestration.Ethereum, Address: usdcEthAddr, Symbol: "USDC", Name: "USD Coin", Decimals: 6},
			{Chain: orchestration.Ethereum, Address: usdtEthAddr, Symbol: "USDT", Name: "Tether USD", Decimals: 6, ApproveZeroFirst: true},
			{Chain: orchestration.Arbitrum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Arbitrum, Address: wMAddr, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true},
			{Chain: orchestration.Arbitrum, Address: usdcArbAddr, Symbol: "USDC", Name: "USD Coin", Decimals: 6},
			{Chain: orchestration.Solana, Address: mSolMint, Symbol: "M", Name: "M by M^0", Decimals: 6},
		},
	})
	if err != nil {
		panic(err)
	}
	return cat
}()

func resolve(chain orchestration.Chain, addr string) asset.AssetInfo {
	a, err := testCatalog.Resolve(orchestration.AssetAddress{Chain: chain, Address: addr})
	if err != nil {
		panic(err)
	}
	return a
}

var (
	mEth    = resolve(orchestration.Ethereum, mAddr)
	wMEth   = resolve(orchestration.Ethereum, wMAddr)
	usdcEth = resolve(orchestration.Ethereum, usdcEthAddr)
	usdtEth = resolve(orchestration.Ethereum, usdtEthAddr)
	mArb    = resolve(orchestration.Arbitrum, mAddr)
	wMArb   = resolve(orchestration.Arbitrum, wMAddr)
	usdcArb = resolve(orchestration.Arbitrum, usdcArbAddr)
	mSol    = resolve(orchestration.Solana, mSolMint)
)

func addr(a asset.AssetInfo) orchestration.AssetAddress {
	return orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
}

func chainID(c orchestration.Chain) uint64 {
	info, ok := testCatalog.Chain(c)
	if !ok {
		panic("no chain " + c)
	}
	return info.ChainID
}

// label names an asset in test output: "wM@Ethereum".
func label(a asset.AssetInfo) string { return a.Symbol + "@" + string(a.Chain) }

// newEngine builds an engine over the test catalog (unless cfg names
// another) that logs into the returned recorder, and checks at the end of
// the test that no goroutine of the engine or its providers is left.
func newEngine(t testing.TB, cfg quote.Config) (*quote.Engine, *recorder) {
	t.Helper()
	checkNoLeaks(t)
	if cfg.Catalog == nil {
		cfg.Catalog = testCatalog
	}
	if !slices.ContainsFunc(cfg.Runtimes, func(r quote.Runtime) bool { return r.Serves() == orchestration.RuntimeEVM }) {
		// The EVM runtime without a reader: approvals and payload checks.
		cfg.Runtimes = append(cfg.Runtimes, evmRuntimes(cfg.Catalog, nil)...)
	}
	rec := new(recorder)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(rec)
	}
	e, err := quote.New(cfg)
	if err != nil {
		t.Fatalf("quote.New: %v", err)
	}
	return e, rec
}

// evmRuntimes is the EVM runtime over reader and cat (nil: testCatalog).
func evmRuntimes(cat quote.Catalog, reader evmruntime.ChainReader) []quote.Runtime {
	if cat == nil {
		cat = testCatalog
	}
	rt, err := evmruntime.New(evmruntime.Config{Catalog: cat, Reader: reader})
	if err != nil {
		panic(err)
	}
	return []quote.Runtime{rt}
}

// request is a valid request of 1 M on Ethereum for dst.
func request(dst asset.AssetInfo) orchestration.QuoteRequest {
	r := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: addr(mEth), Destination: addr(dst)},
		AmountIn: "1000000",
		Sender:   sender,
	}
	if dst.Runtime == orchestration.RuntimeSVM {
		r.Recipient = solKey
	}
	return r
}

func ptr[T any](v T) *T { return &v }

func edge(from, to asset.AssetInfo) quote.Edge { return quote.Edge{From: from, To: to} }

// rate prices a leg at num/den, exact, in est, with one payload calling
// the leg's From token; the payload is annotated with the leg's ends, so
// that tests can read a quote's route from its payloads.
func rate(num, den int64, est time.Duration) memprovider.LegFunc {
	return legFunc(legSpec{num: num, den: den, est: est})
}

// legSpec describes a LegFunc made by legFunc.
type legSpec struct {
	num, den int64
	est      time.Duration
	slippage bool
	payloads int // 0 means 1
	// edit, if set, changes the priced leg before it is returned.
	edit func(*quote.Leg)
}

func legFunc(s legSpec) memprovider.LegFunc {
	return func(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
		f := memprovider.Rate(memprovider.Pricing{Num: s.num, Den: s.den, Slippage: s.slippage, EstTime: s.est, ChainID: chainID(leg.From.Chain)})
		l, err := f(ctx, leg)
		if err != nil {
			return l, err
		}
		p := l.Payloads[0]
		p.Annotation = label(leg.From) + ">" + label(leg.To)
		l.Payloads = nil
		for range max(s.payloads, 1) {
			l.Payloads = append(l.Payloads, p)
		}
		if s.edit != nil {
			s.edit(&l)
		}
		return l, nil
	}
}

// recording wraps f to keep every LegRequest it is given.
type recording struct {
	mu   sync.Mutex
	reqs []quote.LegRequest
}

func (r *recording) wrap(f memprovider.LegFunc) memprovider.LegFunc {
	return func(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
		r.mu.Lock()
		r.reqs = append(r.reqs, leg)
		r.mu.Unlock()
		return f(ctx, leg)
	}
}

func (r *recording) requests() []quote.LegRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]quote.LegRequest(nil), r.reqs...)
}

// routeOf describes a quote by its payloads' annotations and providers,
// consecutive duplicates folded: "m-portal M@Ethereum>M@Arbitrum | ...".
func routeOf(q orchestration.Quote) string {
	var parts []string
	for _, p := range q.Payloads {
		s := string(p.Provider) + " " + p.Annotation
		if len(parts) == 0 || parts[len(parts)-1] != s {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " | ")
}

func routesOf(quotes []orchestration.Quote) []string {
	var s []string
	for _, q := range quotes {
		s = append(s, routeOf(q))
	}
	return s
}

// hopText is what routeOf shows for one leg of provider id.
func hopText(id orchestration.ProviderID, from, to asset.AssetInfo) string {
	return string(id) + " " + label(from) + ">" + label(to)
}

// wantError checks that err is an *orchestration.Error with the code and
// message.
func wantError(t *testing.T, err error, code orchestration.Code, msg string) *orchestration.Error {
	t.Helper()
	var oe *orchestration.Error
	if !errors.As(err, &oe) {
		t.Fatalf("error %v (%T), want *orchestration.Error %s", err, err, code)
	}
	type codeMsg struct {
		Code    orchestration.Code
		Message string
	}
	if diff := cmp.Diff(codeMsg{code, msg}, codeMsg{oe.Code, oe.Message}); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
	return oe
}

// recorder is an slog.Handler that keeps every record.
type recorder struct {
	mu      sync.Mutex
	records []logRecord
}

type logRecord struct {
	Level   slog.Level
	Message string
	Attrs   map[string]slog.Value
}

func (r *recorder) Enabled(context.Context, slog.Level) bool { return true }
func (r *recorder) WithAttrs([]slog.Attr) slog.Handler       { return r }
func (r *recorder) WithGroup(string) slog.Handler            { return r }

func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	lr := logRecord{Level: rec.Level, Message: rec.Message, Attrs: map[string]slog.Value{}}
	rec.Attrs(func(a slog.Attr) bool {
		lr.Attrs[a.Key] = a.Value
		return true
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, lr)
	return nil
}

// find returns the records with the given level and message.
func (r *recorder) find(level slog.Level, msg string) []logRecord {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []logRecord
	for _, lr := range r.records {
		if lr.Level == level && lr.Message == msg {
			out = append(out, lr)
		}
	}
	return out
}

// attrs returns a record's attributes as strings, without duration and
// stack, which vary.
func (lr logRecord) attrs() map[string]string {
	m := map[string]string{}
	for k, v := range lr.Attrs {
		if k != "duration" && k != "stack" {
			m[k] = v.String()
		}
	}
	return m
}

// checkNoLeaks fails the test if, once it has finished (and after a grace
// period for goroutines on their way out), a goroutine is still running code
// of package quote or memprovider. Tests that use it must not run in
// parallel with one another.
func checkNoLeaks(t testing.TB) {
	t.Cleanup(func() {
		deadline := time.Now().Add(2 * time.Second)
		for {
			leaked := engineGoroutines()
			if len(leaked) == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Errorf("%d goroutines leaked:\n\n%s", len(leaked), strings.Join(leaked, "\n\n"))
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}

func engineGoroutines() []string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	var leaked []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "m0-orchestration/m0/quote.") ||
			strings.Contains(g, "m0-orchestration/m0/quote/memprovider.") ||
			strings.Contains(g, "golang.org/x/sync/singleflight.") {
			leaked = append(leaked, g)
		}
	}
	return leaked
}

// fakeReader is an evmruntime.ChainReader over fixed answers. Calls it has no
// answer for revert. It records every Read and ReadAt.
type fakeReader struct {
	block uint64 // of every Read; 100 when zero
	// atBlock, if set, is the Block ReadAt reports instead of the block
	// asked (an immutable answer cached from an older read).
	atBlock func(asked uint64) uint64
	fail    map[orchestration.Chain]error
	// compute answers calls missing from values (an AMM's quote).
	compute func(chain orchestration.Chain, c evm.Call) (evm.Result, bool)

	mu     sync.Mutex
	values map[orchestration.Chain]map[evm.CallKey]evm.Result
	log    []readLog
}

type readLog struct {
	Chain orchestration.Chain
	At    bool   // ReadAt
	Block uint64 // ReadAt's block
	Calls []evm.Call
}

func word(v *big.Int) []byte { return common.LeftPadBytes(v.Bytes(), 32) }

// set makes c answer v on chain.
func (f *fakeReader) set(chain orchestration.Chain, c evm.Call, v int64) *fakeReader {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.values == nil {
		f.values = map[orchestration.Chain]map[evm.CallKey]evm.Result{}
	}
	if f.values[chain] == nil {
		f.values[chain] = map[evm.CallKey]evm.Result{}
	}
	f.values[chain][c.Key()] = evm.Result{OK: true, Data: word(big.NewInt(v))}
	return f
}

func (f *fakeReader) allowance(token asset.AssetInfo, owner, spender string, v int64) *fakeReader {
	return f.set(token.Chain, evm.ERC20Allowance(common.HexToAddress(token.Address), common.HexToAddress(owner), common.HexToAddress(spender)), v)
}

func (f *fakeReader) balance(token asset.AssetInfo, owner string, v int64) *fakeReader {
	return f.set(token.Chain, evm.ERC20BalanceOf(common.HexToAddress(token.Address), common.HexToAddress(owner)), v)
}

func (f *fakeReader) Has(chain orchestration.Chain) bool {
	info, ok := testCatalog.Chain(chain)
	return ok && info.Runtime == orchestration.RuntimeEVM
}

func (f *fakeReader) Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	return f.read(ctx, chain, calls, false, 0)
}

func (f *fakeReader) ReadAt(ctx context.Context, chain orchestration.Chain, calls []evm.Call, block uint64) (*evm.Answers, error) {
	return f.read(ctx, chain, calls, true, block)
}

func (f *fakeReader) read(_ context.Context, chain orchestration.Chain, calls []evm.Call, at bool, block uint64) (*evm.Answers, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.log = append(f.log, readLog{Chain: chain, At: at, Block: block, Calls: append([]evm.Call(nil), calls...)})
	if err := f.fail[chain]; err != nil {
		return nil, err
	}
	if !at {
		block = cmpOr(f.block, 100)
	} else if f.atBlock != nil {
		block = f.atBlock(block)
	}
	a := evm.NewAnswers(block)
	for _, c := range calls {
		r, ok := f.values[chain][c.Key()]
		if !ok && f.compute != nil {
			r, _ = f.compute(chain, c)
		}
		a.Put(c, r) // a missing answer reverts: OK is false
	}
	return a, nil
}

// cmpOr is the standard cmp.Or, which go-cmp's cmp hides in this file.
func cmpOr(v, def uint64) uint64 {
	if v == 0 {
		return def
	}
	return v
}

// reads returns the reads made so far.
func (f *fakeReader) reads() []readLog {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]readLog(nil), f.log...)
}

// amm is a provider that declares its reads, like an AMM: a pool read that
// does not depend on the amount and, when amountDependent, a quote read of
// the amount. Its legs are priced from the answers only: the pool must be
// read, and the quote read's answer is the leg's amountOut (the fake
// reader computes it as 998/1000 of the amount). Exact legs (not
// amountDependent) price 1:1.
type amm struct {
	*memprovider.Provider
	amountDependent bool
	readsPanic      any // Reads panics with it when set
}

var _ quote.ReadDeclarer = (*amm)(nil)

var (
	selPool  = []byte{0xaa, 0, 0, 1}
	selQuote = []byte{0xaa, 0, 0, 2}
)

func quoterOf(chain orchestration.Chain) common.Address {
	info, _ := testCatalog.Chain(chain)
	return common.HexToAddress(info.Contracts.Quoter)
}

func poolCall(leg quote.LegRequest) evm.Call {
	data := slices.Concat(selPool, common.HexToAddress(leg.From.Address).Bytes(), common.HexToAddress(leg.To.Address).Bytes())
	return evm.Call{To: quoterOf(leg.From.Chain), Data: data}
}

func quoteCall(leg quote.LegRequest, amount *big.Int) evm.Call {
	data := slices.Concat(selQuote, common.HexToAddress(leg.From.Address).Bytes(), common.HexToAddress(leg.To.Address).Bytes(), word(amount))
	return evm.Call{To: quoterOf(leg.From.Chain), Data: data}
}

// ammCompute answers quote reads: 998/1000 of the amount; and pool reads: 1.
func ammCompute(_ orchestration.Chain, c evm.Call) (evm.Result, bool) {
	switch {
	case len(c.Data) >= 4 && string(c.Data[:4]) == string(selPool):
		return evm.Result{OK: true, Data: word(big.NewInt(1))}, true
	case len(c.Data) == 4+20+20+32 && string(c.Data[:4]) == string(selQuote):
		in := new(big.Int).SetBytes(c.Data[44:])
		out := in.Mul(in, big.NewInt(998))
		return evm.Result{OK: true, Data: word(out.Quo(out, big.NewInt(1000)))}, true
	}
	return evm.Result{}, false
}

func newAMM(id orchestration.ProviderID, amountDependent bool) *amm {
	return &amm{Provider: memprovider.New(id), amountDependent: amountDependent}
}

// edge registers an AMM edge (Spender: the chain's router).
func (a *amm) edge(from, to asset.AssetInfo) *amm {
	a.Provider.Edge(quote.Edge{From: from, To: to}, a.price)
	return a
}

func (a *amm) Reads(leg quote.LegRequest) []quote.Read {
	if a.readsPanic != nil {
		panic(a.readsPanic)
	}
	calls := []quote.Read{poolCall(leg)}
	if a.amountDependent && leg.AmountIn != nil {
		calls = append(calls, quoteCall(leg, leg.AmountIn))
	}
	return calls
}

func (a *amm) price(_ context.Context, leg quote.LegRequest) (quote.Leg, error) {
	if r, ok := evmruntime.Answers(leg.State).Get(poolCall(leg)); !ok || !r.OK {
		return quote.Leg{}, fmt.Errorf("pool of %s not read", label(leg.From))
	}
	out := new(big.Int).Set(leg.AmountIn)
	if a.amountDependent {
		r, ok := evmruntime.Answers(leg.State).Get(quoteCall(leg, leg.AmountIn))
		if !ok {
			return quote.Leg{}, fmt.Errorf("quote of %s %s not read", leg.AmountIn, label(leg.From))
		}
		v, err := evm.DecodeUint256(r)
		if err != nil {
			return quote.Leg{}, err
		}
		out = v
	}
	p := memprovider.Payload(leg.From, chainID(leg.From.Chain), "")
	p.Annotation = label(leg.From) + ">" + label(leg.To)
	return quote.Leg{AmountOut: out, EstTime: 12 * time.Second, Payloads: []orchestration.Payload{p}}, nil
}

// providerFunc is a Provider made of functions, for behaviour memprovider
// does not inject (such as ignoring the context).
type providerFunc struct {
	id    orchestration.ProviderID
	edges func(context.Context) ([]quote.Edge, error)
	leg   func(context.Context, quote.LegRequest) (quote.Leg, error)
}

func (p providerFunc) ID() orchestration.ProviderID { return p.id }
func (p providerFunc) Edges(ctx context.Context) ([]quote.Edge, error) {
	return p.edges(ctx)
}
func (p providerFunc) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	return p.leg(ctx, leg)
}

// onlyTheGoodRoute quotes M to wM on Ethereum with bad, a swap-facility
// provider whose leg is wrong, beside a good Uniswap leg: only the good
// route is answered, and one warning names bad's failure, starting with
// want.
func onlyTheGoodRoute(t *testing.T, bad quote.Provider, want string) {
	t.Helper()
	good := memprovider.New(orchestration.ProviderUniswapV3).Edge(edge(mEth, wMEth), rate(1, 2, 0))
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, good}})
	req := request(wMEth)
	req.MaxNumQuotes = ptr(10)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(orchestration.ProviderUniswapV3, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || warns[0].Attrs["provider"].String() != "m-swap-facility" ||
		!strings.HasPrefix(warns[0].Attrs["error"].String(), want) {
		t.Errorf("warnings %+v, want one for m-swap-facility starting %q", warns, want)
	}
}
