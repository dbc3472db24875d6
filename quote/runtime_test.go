package quote_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// counting wraps an amm and counts its Reads and QuoteLeg calls per leg and
// amount ("M@Ethereum>USDC@Ethereum nil", "... 998000").
type counting struct {
	*amm
	mu    sync.Mutex
	reads map[string]int
	legs  map[string]int
}

func newCounting(a *amm) *counting {
	c := &counting{amm: a, reads: map[string]int{}, legs: map[string]int{}}
	return c
}

func legAt(leg quote.LegRequest) string {
	amount := "nil"
	if leg.AmountIn != nil {
		amount = leg.AmountIn.String()
	}
	return label(leg.From) + ">" + label(leg.To) + " " + amount + " to " + leg.Recipient.String()[:6]
}

func (c *counting) Reads(leg quote.LegRequest) []quote.Read {
	c.mu.Lock()
	c.reads[legAt(leg)]++
	c.mu.Unlock()
	return c.amm.Reads(leg)
}

func (c *counting) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	c.mu.Lock()
	c.legs[legAt(leg)]++
	c.mu.Unlock()
	return c.amm.QuoteLeg(ctx, leg)
}

// Each leg request is built once per leg and amount: the provider's Reads
// is called once for a later leg before its amount is known and once with
// its amount, and QuoteLeg once per leg and amount, however many routes
// share the leg.
func TestReadsDeclaredOncePerLegAndAmount(t *testing.T) {
	p := newCounting(newAMM(uniID, true).edge(mEth, usdcEth).edge(mEth, usdtEth).edge(mEth, wMEth).
		edge(usdcEth, usdtEth).edge(usdtEth, usdcEth).edge(usdcEth, wMEth).edge(usdtEth, wMEth))
	reader := &fakeReader{compute: ammCompute}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}, Runtimes: evmRuntimes(nil, reader)})
	req := request(wMEth)
	req.MaxNumQuotes = ptr(20)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) != 5 {
		t.Fatalf("%d quotes, want the 5 routes of up to 3 legs", len(quotes))
	}
	for k, n := range p.reads {
		if n != 1 {
			t.Errorf("Reads(%s) called %d times, want once", k, n)
		}
	}
	for k, n := range p.legs {
		if n != 1 {
			t.Errorf("QuoteLeg(%s) called %d times, want once", k, n)
		}
	}
	// Every first leg is declared with its amount only; USDC>USDT, a middle
	// leg only, without an amount and then at each amount it is reached
	// with.
	for _, want := range []string{
		"M@Ethereum>USDC@Ethereum 1000000 to " + sender[:6],
		"USDC@Ethereum>USDT@Ethereum nil to " + sender[:6],
		"USDC@Ethereum>USDT@Ethereum 998000 to " + sender[:6],
		"USDC@Ethereum>wM@Ethereum nil to " + sender[:6],
		"USDC@Ethereum>wM@Ethereum 998000 to " + sender[:6],
		"USDC@Ethereum>wM@Ethereum 996004 to " + sender[:6],
	} {
		if p.reads[want] != 1 {
			t.Errorf("Reads(%s) called %d times, want once; calls: %v", want, p.reads[want], p.reads)
		}
	}
	if n := p.reads["M@Ethereum>USDC@Ethereum nil to "+sender[:6]]; n != 0 {
		t.Errorf("a first leg declared without its amount %d times", n)
	}
}

// A leg that settles later (an order a solver fills) comes only last: no
// route signs a leg against output that has not arrived.
func TestSettlesLaterOnlyLast(t *testing.T) {
	ex := rate(1, 1, time.Second)
	later := func(from, to asset.AssetInfo) quote.Edge {
		e := edge(from, to)
		e.Settlement = quote.SettlesLater
		return e
	}
	orders := memprovider.New(acme).Edge(later(mEth, wMEth), rate(1, 1, time.Minute)).Edge(later(mEth, wMArb), rate(1, 1, time.Minute))
	bridge := memprovider.New(portalID).Edge(edge(wMEth, wMArb), ex).Edge(edge(mEth, mArb), ex)
	swap := memprovider.New(sfID).Edge(edge(mArb, wMArb), ex)
	quotes, got := allRoutesToWMArb(t, quote.Config{Providers: []quote.Provider{orders, bridge, swap}})
	want := []string{
		hopText(acme, mEth, wMArb),
		legs(hopText(portalID, mEth, mArb), hopText(sfID, mArb, wMArb)),
	}
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("routes (-want +got); M>wM by order, then the bridge, must not be one:\n%s", diff)
	}
	for _, q := range quotes {
		if routeOf(q) == hopText(acme, mEth, wMArb) && (q.MinAmountOut != "1000000" || q.EstFillTime != 60) {
			t.Errorf("order route: minAmountOut %s, estFillTime %d; want what the solver must deliver (1000000) in the fill time (60)",
				q.MinAmountOut, q.EstFillTime)
		}
	}
}

// allRoutesToWMArb quotes request(wMArb), up to 20 quotes, on an engine of
// cfg, and returns the quotes and their routes, sorted.
func allRoutesToWMArb(t *testing.T, cfg quote.Config) ([]orchestration.Quote, []string) {
	t.Helper()
	e, _ := newEngine(t, cfg)
	req := request(wMArb)
	req.MaxNumQuotes = ptr(20)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	routes := routesOf(quotes)
	slices.Sort(routes)
	return quotes, routes
}

// laterToWMArb is an edge from from to wM on Arbitrum that settles later
// (an order).
func laterToWMArb(from asset.AssetInfo) quote.Edge {
	e := edge(from, wMArb)
	e.Settlement = quote.SettlesLater
	return e
}

// A leg that settles later follows at most one other leg (decision 45): a
// second before it would be another pricing stage, and on a chain quoted
// by amount another round trip, before the solver could be asked.
func TestSettlesLaterAfterOneLegAtMost(t *testing.T) {
	ex := rate(1, 1, time.Second)
	orders := memprovider.New(acme).Edge(laterToWMArb(mEth), ex).Edge(laterToWMArb(wMEth), ex).Edge(laterToWMArb(usdcEth), ex)
	swap := memprovider.New(sfID).Edge(edge(mEth, wMEth), ex).Edge(edge(wMEth, usdcEth), ex)
	// Waiting for every leg: the request asks the solvers in every stage
	// (decision 57 leaves the second out otherwise).
	_, got := allRoutesToWMArb(t, quote.Config{Providers: []quote.Provider{orders, swap}, LaterLegWait: -1})
	want := []string{
		hopText(acme, mEth, wMArb),
		legs(hopText(sfID, mEth, wMEth), hopText(acme, wMEth, wMArb)),
	}
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("routes (-want +got); M>wM>USDC, then the order, must not be one:\n%s", diff)
	}
}

// A request waits for solvers once (decision 57): once an order asked
// directly has an offer, a route into an order through another leg is left
// out without asking the solvers again; when the direct order has none, it
// is asked.
func TestRequestWaitsForSolversOnce(t *testing.T) {
	ex := rate(1, 1, time.Second)
	noOffer := func(context.Context, quote.LegRequest) (quote.Leg, error) { return quote.Leg{}, quote.ErrNoRoute }
	orderAfterSwap := legs(hopText(sfID, mEth, wMEth), hopText(acme, wMEth, wMArb))
	for _, tc := range []struct {
		name      string
		direct    memprovider.LegFunc
		want      []string
		wantCalls int64 // the order provider's QuoteLeg calls
	}{
		{"direct offer", ex, []string{hopText(acme, mEth, wMArb)}, 1},
		{"no direct offer", noOffer, []string{orderAfterSwap}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			orders := memprovider.New(acme).Edge(laterToWMArb(mEth), tc.direct).Edge(laterToWMArb(wMEth), ex)
			swap := memprovider.New(sfID).Edge(edge(mEth, wMEth), ex)
			_, got := allRoutesToWMArb(t, quote.Config{Providers: []quote.Provider{orders, swap}})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("routes (-want +got):\n%s", diff)
			}
			if n := orders.Calls(); n != tc.wantCalls {
				t.Errorf("the order provider was asked %d times, want %d", n, tc.wantCalls)
			}
		})
	}
}

// A leg that settles later and outlasts the other legs priced with it by
// LaterLegWait is left out: the other providers' quotes are not held. When
// it is the only leg, it is waited for.
func TestLaterLegWait(t *testing.T) {
	later := edge(mEth, wMEth)
	later.Settlement = quote.SettlesLater
	seen := make(chan error, 1)
	stalled := memprovider.New(acme).Edge(later, func(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
		<-ctx.Done() // a solver that never answers
		seen <- ctx.Err()
		return quote.Leg{}, ctx.Err()
	})
	swap := memprovider.New(sfID).Edge(edge(mEth, wMEth), rate(1, 1, time.Second))
	// Without the cut the stalled leg would run to the minute-long provider
	// timeout and see DeadlineExceeded.
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{stalled, swap}, ProviderTimeout: time.Minute, LaterLegWait: 10 * time.Millisecond})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if got := routesOf(quotes); len(got) != 1 || got[0] != hopText(sfID, mEth, wMEth) {
		t.Errorf("routes %v, want the swap alone", got)
	}
	if err := <-seen; !errors.Is(err, context.Canceled) {
		t.Errorf("the stalled leg's context ended with %v, want it cancelled once the swap was priced", err)
	}
	rec.mu.Lock()
	for _, r := range rec.records {
		if r.Level >= slog.LevelWarn {
			t.Errorf("a leg left out for time was logged as a failure: %s %v", r.Message, r.Attrs)
		}
	}
	rec.mu.Unlock()

	// Alone, a slower later leg is waited for.
	slow := memprovider.New(acme).Edge(later, func(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
		select {
		case <-time.After(30 * time.Millisecond):
			return rate(1, 1, time.Minute)(ctx, leg)
		case <-ctx.Done():
			return quote.Leg{}, ctx.Err()
		}
	})
	e, _ = newEngine(t, quote.Config{Providers: []quote.Provider{slow}, LaterLegWait: time.Millisecond})
	quotes, err = e.Quote(context.Background(), request(wMEth))
	if err != nil || len(quotes) != 1 {
		t.Fatalf("the only leg, settling later: %v, %v; want its quote", quotes, err)
	}
}

// The router core knows no runtime: a runtime of its own for Solana (slots,
// accounts, a funding step that creates a token account) reads, funds and
// checks Solana legs through the same stages as the EVM runtime.
func TestAnotherRuntime(t *testing.T) {
	wMSolMint := "mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{{Name: orchestration.Solana, ChainID: 1399811149}},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Solana, Address: mSolMint, Symbol: "M", Name: "M by M^0", Decimals: 6},
			{Chain: orchestration.Solana, Address: wMSolMint, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true},
			{Chain: orchestration.Solana, Address: "BenGEUFUo4GPsCwbjuYTckcKPGcq8J9PHqgxMwYHHpE3", Symbol: "USDC", Name: "USD Coin", Decimals: 6},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	res := func(addr string) asset.AssetInfo {
		a, err := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: addr})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	m, wm, usdc := res(mSolMint), res(wMSolMint), res("BenGEUFUo4GPsCwbjuYTckcKPGcq8J9PHqgxMwYHHpE3")

	rt := &slotRuntime{slot: 9000, balance: 400_000}
	// A pool prices from an amount-dependent account read; a swap program
	// is exact and reads its config account.
	pool := &accountProvider{id: uniID, priced: true}
	ext := &accountProvider{id: sfID}
	e, _ := newEngine(t, quote.Config{
		Catalog:   cat,
		Providers: []quote.Provider{pool.edge(m, usdc).edge(m, wm), ext.edge(usdc, wm)},
		Runtimes:  []quote.Runtime{rt},
	})
	req := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: addr(m), Destination: addr(wm)},
		AmountIn: "1000000", Sender: solKey, MaxNumQuotes: ptr(5),
	}
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	// One read per phase: the first at the newest slot with every
	// declared read, the funding reads and the balance; none after, as
	// the exact second leg's reads were amount-independent.
	want := []slotRead{{Slot: 0, Keys: []string{
		"balance " + solKey + " M",
		"config M>USDC", "config M>wM", "config USDC>wM",
		"pool M>USDC 1000000", "pool M>wM 1000000",
		"token account " + solKey + " M",
		"token account " + solKey + " USDC",
	}}}
	if diff := cmp.Diff(want, rt.log); diff != "" {
		t.Errorf("runtime reads (-want +got):\n%s", diff)
	}
	if len(quotes) != 2 {
		t.Fatalf("%d quotes, want the direct pool and pool then swap", len(quotes))
	}
	for _, q := range quotes {
		first := q.Payloads[0]
		if first.Annotation != "create token account for M" || first.Data.SVM == nil || first.Provider != uniID {
			t.Errorf("quote %s: first payload %+v, want the runtime's funding step, attributed to the leg's provider", routeOf(q), first)
		}
		if q.Issues == nil || q.Issues.Balance == nil || q.Issues.Balance.Actual != "400000" {
			t.Errorf("quote %s: issues %+v, want the runtime's balance of 400000", routeOf(q), q.Issues)
		}
	}
	// A later leg whose price depends on its amount reads in a second
	// phase at the first phase's slot.
	rt.log = nil
	pool2 := &accountProvider{id: uniID, priced: true}
	e2, _ := newEngine(t, quote.Config{
		Catalog:   cat,
		Providers: []quote.Provider{pool2.edge(m, usdc).edge(usdc, wm)},
		Runtimes:  []quote.Runtime{rt},
	})
	if _, err := e2.Quote(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if len(rt.log) != 2 || rt.log[1].Slot != 9000 || !slices.Equal(rt.log[1].Keys, []string{"pool USDC>wM 999000"}) {
		t.Errorf("reads %+v, want a second phase at slot 9000 with the later leg's pool read", rt.log)
	}
}

// account is a Solana read in slotRuntime: an account named by text.
type account string

func (a account) ReadKey() string { return string(a) }

// slotState is slotRuntime's State.
type slotState struct {
	slot uint64
	keys map[string]bool
}

func (s *slotState) At() uint64             { return s.slot }
func (s *slotState) HasKey(key string) bool { return s.keys[key] }

type slotRead struct {
	Slot uint64 // 0: the newest
	Keys []string
}

// slotRuntime is a Runtime over a pretend Solana cluster at one slot.
type slotRuntime struct {
	slot    uint64
	balance int64
	log     []slotRead
}

func (r *slotRuntime) Serves() orchestration.ChainRuntime { return orchestration.RuntimeSVM }
func (r *slotRuntime) Has(chain orchestration.Chain) bool { return chain == orchestration.Solana }

func (r *slotRuntime) ReadState(_ context.Context, _ orchestration.Chain, reads []quote.Read, prev quote.State) (quote.State, error) {
	s := &slotState{slot: r.slot, keys: map[string]bool{}}
	var at uint64
	if p, ok := prev.(*slotState); ok {
		at = p.slot
		for k := range p.keys {
			s.keys[k] = true
		}
	}
	var keys []string
	for _, rd := range reads {
		keys = append(keys, rd.ReadKey())
		s.keys[rd.ReadKey()] = true
	}
	slices.Sort(keys)
	r.log = append(r.log, slotRead{Slot: at, Keys: keys})
	return s, nil
}

func (r *slotRuntime) Reads(leg quote.LegRequest) []quote.Read {
	return []quote.Read{account("token account " + leg.Funder.String() + " " + leg.From.Symbol)}
}

func (r *slotRuntime) BalanceRead(token asset.AssetInfo, holder string) quote.Read {
	return account("balance " + holder + " " + token.Symbol)
}

func (r *slotRuntime) Balance(s quote.State, rd quote.Read) (*big.Int, bool) {
	if !s.HasKey(rd.ReadKey()) {
		return nil, false
	}
	return big.NewInt(r.balance), true
}

func (r *slotRuntime) Steps(leg quote.LegRequest, s quote.State, _ *quote.Ledger) ([]orchestration.Payload, error) {
	if leg.From.Symbol != "M" {
		return nil, nil
	}
	return []orchestration.Payload{{Annotation: "create token account for M",
		Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: leg.From.Chain, Transaction: "AA=="}}}}, nil
}

func (r *slotRuntime) CheckPayload(chain asset.ChainInfo, p orchestration.TransactionPayload) error {
	if p.SVM == nil || p.SVM.Transaction == "" {
		return fmt.Errorf("not a Solana transaction")
	}
	return nil
}

// accountProvider serves Solana legs from account reads: a config account
// per edge and, when priced, a pool account per amount whose answer is
// 999/1000 of it.
type accountProvider struct {
	id     orchestration.ProviderID
	priced bool
	edges  []quote.Edge
}

func (p *accountProvider) edge(from, to asset.AssetInfo) *accountProvider {
	p.edges = append(p.edges, edge(from, to))
	return p
}

func (p *accountProvider) ID() orchestration.ProviderID                { return p.id }
func (p *accountProvider) Edges(context.Context) ([]quote.Edge, error) { return p.edges, nil }

func (p *accountProvider) Reads(leg quote.LegRequest) []quote.Read {
	name := leg.From.Symbol + ">" + leg.To.Symbol
	reads := []quote.Read{account("config " + name)}
	if p.priced && leg.AmountIn != nil {
		reads = append(reads, account("pool "+name+" "+leg.AmountIn.String()))
	}
	return reads
}

func (p *accountProvider) QuoteLeg(_ context.Context, leg quote.LegRequest) (quote.Leg, error) {
	for _, rd := range p.Reads(leg) {
		if leg.State == nil || !leg.State.HasKey(rd.ReadKey()) {
			return quote.Leg{}, fmt.Errorf("%s not read", rd.ReadKey())
		}
	}
	out := new(big.Int).Set(leg.AmountIn)
	if p.priced {
		out.Mul(out, big.NewInt(999)).Quo(out, big.NewInt(1000))
	}
	return quote.Leg{AmountOut: out, EstTime: time.Second, Payloads: []orchestration.Payload{{
		Annotation: leg.From.Symbol + ">" + leg.To.Symbol,
		Data:       orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: leg.From.Chain, Transaction: "AQ=="}},
	}}}, nil
}

var _ quote.Runtime = (*slotRuntime)(nil)
