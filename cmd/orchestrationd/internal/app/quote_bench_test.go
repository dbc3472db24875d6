package app_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/bench"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
	servicedevnet "github.com/m0-orchestration/m0/service/devnet"
	"github.com/prometheus/client_golang/prometheus"
)

// rpcLatency is the delay added to every JSON-RPC round trip in the
// round-trip benchmarks: a remote node tens of milliseconds away.
const rpcLatency = 50 * time.Millisecond

// slowChains dials the devnet's chains over HTTP JSON-RPC with rpcLatency
// added to every round trip; the clients close with the benchmark.
func slowChains(b *testing.B, d *devnet.Devnet) []evm.ChainConfig {
	slow := &http.Client{Transport: &bench.LatencyTransport{Delay: rpcLatency}}
	var chains []evm.ChainConfig
	for _, c := range d.Chains() {
		client, err := evm.Dial(context.Background(), c.Name, c.ChainID, c.RPCURL(), evm.DialOptions{HTTPClient: slow})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(client.Close)
		chains = append(chains, evm.ChainConfig{Name: c.Name, ChainID: c.ChainID, Multicall3: d.Contracts(c.Name).Multicall3, Backend: client})
	}
	return chains
}

// BenchmarkQuoteThreeLeg quotes USDC on Sepolia to mUSD on BaseSepolia
// (Uniswap, M Portal, SwapFacility) through the devnet's HTTP JSON-RPC with
// rpcLatency added to every round trip, and reports the round trips per
// chain and in all. "cold" is a fresh reader and engine per quote whose
// provider edges were listed at start-up (as the server does), so no chain
// state is cached; "repeat" asks again in the same block; "repeat-followed"
// does so with the heads followed.
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench QuoteThreeLeg -benchtime 20x
func BenchmarkQuoteThreeLeg(b *testing.B) {
	ctx := context.Background()
	d, err := devnet.Start(ctx, devnet.Config{HTTP: true, NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	chains := slowChains(b, d)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	src, dst := catalogRef(b, d, orchestration.Sepolia, "USDC"), catalogRef(b, d, orchestration.BaseSepolia, "mUSD")
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: src, Destination: dst},
		AmountIn: "5000000", Sender: alice.Address.Hex(), Recipient: bob.Address.Hex()}

	newEngine := func(b *testing.B, follow ...bool) *quote.Engine {
		reader := benchReader(b, chains, len(follow) > 0 && follow[0])
		providers, err := quote.Build(quote.Deps{Catalog: d.Catalog(), Runtimes: devnetenv.Runtimes(d.Catalog(), reader), Logger: slog.New(slog.DiscardHandler)},
			swapfacility.Factory(swapfacility.Config{}), portal.Factory(portal.Config{}), uniswapv3.Factory(uniswapv3.Config{}))
		if err != nil {
			b.Fatal(err)
		}
		e, err := quote.New(quote.Config{Catalog: d.Catalog(), Runtimes: devnetenv.Runtimes(d.Catalog(), reader), Providers: providers, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := e.Edges(ctx); err != nil { // start-up work, not the quote's
			b.Fatal(err)
		}
		return e
	}
	measure := func(b *testing.B, e *quote.Engine) map[orchestration.Chain]int {
		qctx, trips := evm.WithTrips(ctx)
		quotes, err := e.Quote(qctx, req)
		if err != nil {
			b.Fatal(err)
		}
		if got := providersOf(quotes[0]); got != "uniswap-v3,m-portal,m-swap-facility" {
			b.Fatalf("best route %s, not the three-leg route", got)
		}
		return trips.Chains()
	}
	report := func(b *testing.B, worst map[orchestration.Chain]int) {
		total, most := 0, 0
		for chain, n := range worst {
			total += n
			most = max(most, n)
			b.ReportMetric(float64(n), "trips/"+string(chain))
		}
		b.ReportMetric(float64(most), "trips/chain-max")
		b.ReportMetric(float64(total), "trips/total")
	}
	worstOf := func(worst, got map[orchestration.Chain]int) {
		for c, n := range got {
			worst[c] = max(worst[c], n)
		}
	}

	b.Run("cold", func(b *testing.B) {
		worst := map[orchestration.Chain]int{}
		for b.Loop() {
			b.StopTimer()
			e := newEngine(b)
			b.StartTimer()
			worstOf(worst, measure(b, e))
		}
		report(b, worst)
	})
	// A permit quote of USDC on Sepolia to mUSD there (Uniswap, then the
	// SwapFacility, both in permit form): the permit reads (domain, nonce,
	// clock) ride in the same batch.
	b.Run("permit-cold", func(b *testing.B) {
		usdc, musd := catalogRef(b, d, orchestration.Sepolia, "USDC"), catalogRef(b, d, orchestration.Sepolia, "mUSD")
		pr := orchestration.QuoteRequest{Route: orchestration.Route{Source: usdc, Destination: musd},
			AmountIn: "5000000", Sender: alice.Address.Hex(), Recipient: bob.Address.Hex()}
		worst := map[orchestration.Chain]int{}
		for b.Loop() {
			b.StopTimer()
			e := newEngine(b)
			req, err := quote.ValidateRequest(d.Catalog(), pr, e.Rules())
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			qctx, trips := evm.WithTrips(ctx)
			got, err := e.PermitQuoteRequest(qctx, req, quote.PermitOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if n := len(got.Quotes[0].Recipes); n != 2 {
				b.Fatalf("%d recipes, want the two-leg route", n)
			}
			worstOf(worst, trips.Chains())
		}
		report(b, worst)
	})
	b.Run("repeat", func(b *testing.B) {
		e := newEngine(b)
		measure(b, e)
		worst := map[orchestration.Chain]int{}
		for b.Loop() {
			worstOf(worst, measure(b, e))
		}
		report(b, worst)
	})
	// "repeat-followed" is "repeat" with the heads followed (polled, over
	// HTTP): a quote whose state is cached for the followed head asks
	// nothing on the request path.
	b.Run("repeat-followed", func(b *testing.B) {
		e := newEngine(b, true)
		measure(b, e)
		worst := map[orchestration.Chain]int{}
		for b.Loop() {
			worstOf(worst, measure(b, e))
		}
		report(b, worst)
	})
}

// warmQuoteApp is the bundled server on its in-process devnet and the
// request QuoteHTTP and QuoteEngine repeat: a same-chain quote, wM to mUSD
// on Sepolia, over 13 candidate routes (swap facility, Uniswap v3 and
// limit-order legs).
func warmQuoteApp(b *testing.B) (*app.Server, orchestration.QuoteRequest) {
	a, err := app.New(context.Background(), app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:   &app.DevnetConfig{Enabled: true},
	}, app.Options{
		Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Close() })
	alice, _ := devnet.AccountByName("alice")
	var wm, musd string
	for _, as := range a.Catalog().Assets() {
		if as.Chain == orchestration.Sepolia && as.Symbol == "wM" {
			wm = as.Address
		}
		if as.Chain == orchestration.Sepolia && as.Symbol == "mUSD" {
			musd = as.Address
		}
	}
	return a, orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: wm},
			Destination: orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: musd},
		},
		AmountIn: "1000000", Sender: alice.Address.Hex(),
	}
}

// BenchmarkQuoteHTTP is a warm POST /quote through the bundled server's
// whole handler chain (key check, logs, metrics, engine, in-process devnet
// reads), for a same-chain quote (warmQuoteApp).
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench QuoteHTTP -benchmem
func BenchmarkQuoteHTTP(b *testing.B) {
	a, qr := warmQuoteApp(b)
	benchQuoteHTTP(b, a, qr)
}

// benchQuoteHTTP posts qr to a's /quote once (edges and immutable reads),
// then in b's loop.
func benchQuoteHTTP(b *testing.B, a *app.Server, qr orchestration.QuoteRequest) {
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	body, _ := json.Marshal(qr)
	postQuote(b, srv, body, nil)
	b.ReportAllocs()
	for b.Loop() {
		postQuote(b, srv, body, nil)
	}
}

// BenchmarkQuoteHTTPExactOut is QuoteHTTP's request asking for its amount
// as an exact output (amountOut): the same candidate routes, priced
// backwards (decision 92).
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench 'QuoteHTTP' -benchmem
func BenchmarkQuoteHTTPExactOut(b *testing.B) {
	a, qr := warmQuoteApp(b)
	qr.AmountIn, qr.AmountOut = "", qr.AmountIn
	benchQuoteHTTP(b, a, qr)
}

// BenchmarkQuoteHTTPFloor is QuoteHTTP's exchange with nothing behind it:
// the same request through the same client to a handler that reads the
// body and writes the headers and bytes the server answered it with. It is
// what net/http and the loopback cost of a warm quote, a cost QuoteHTTP's
// figure includes at any commit, so a ratio of two QuoteHTTP figures
// shrinks on a machine where it is high.
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench 'QuoteHTTP(Floor)?$' -benchmem
func BenchmarkQuoteHTTPFloor(b *testing.B) {
	a, qr := warmQuoteApp(b)
	body, _ := json.Marshal(qr)
	server := httptest.NewServer(a.Handler())
	var answered, canned quoteResponse
	postQuote(b, server, body, &answered)
	server.Close()
	floor := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		h := w.Header()
		for k, v := range answered.header {
			h[k] = v
		}
		w.WriteHeader(http.StatusOK)
		w.Write(answered.body)
	}))
	defer floor.Close()
	postQuote(b, floor, body, &canned)
	if !slices.Equal(canned.body, answered.body) || !maps.EqualFunc(canned.header, answered.header, slices.Equal) {
		b.Fatalf("the floor answers %d bytes and the headers %v; the server %d and %v",
			len(canned.body), canned.header, len(answered.body), answered.header)
	}
	b.ReportAllocs()
	for b.Loop() {
		postQuote(b, floor, body, nil)
	}
}

// quoteResponse is what postQuote read: the headers but Date (which
// net/http writes itself) and the body.
type quoteResponse struct {
	header http.Header
	body   []byte
}

// postQuote posts body to srv's /quote with the development key, fails
// unless the answer is a 200, and keeps the answer in keep unless it is
// nil (the benchmarks' loops discard it, as they always have, so that their
// figures compare with earlier commits').
func postQuote(b *testing.B, srv *httptest.Server, body []byte, keep *quoteResponse) {
	req, _ := http.NewRequest("POST", srv.URL+base+"/quote", strings.NewReader(string(body)))
	req.Header.Set("x-api-key", devSecret)
	req.Header.Set("Content-Type", "application/json")
	res, err := srv.Client().Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		msg, _ := io.ReadAll(res.Body)
		b.Fatalf("status %d: %s", res.StatusCode, msg)
	}
	if keep == nil {
		io.Copy(io.Discard, res.Body)
		return
	}
	keep.header = res.Header.Clone()
	keep.header.Del("Date")
	if keep.body, err = io.ReadAll(res.Body); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkQuoteEngine is QuoteHTTP's quote asked of the engine directly:
// what the engine costs of a warm quote, HTTP and JSON left out.
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench QuoteEngine -benchmem
func BenchmarkQuoteEngine(b *testing.B) {
	a, qr := warmQuoteApp(b)
	e := a.Engine()
	ctx := context.Background()
	if _, err := e.Quote(ctx, qr); err != nil { // edges and immutable reads
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Quote(ctx, qr); err != nil {
			b.Fatal(err)
		}
	}
}

// sleepingSolver answers nothing until released, ignoring its context: a
// solver stuck past any timeout.
type sleepingSolver struct{ release <-chan struct{} }

func (sleepingSolver) Name() string { return "sleeper" }
func (s sleepingSolver) Offer(context.Context, limitorder.OfferRequest) (limitorder.Offer, error) {
	<-s.release
	return limitorder.Offer{}, limitorder.ErrNoOffer
}

// delayedSolver is the devnet's solver answering after delay: a solver
// over the network, whose answer time is known.
type delayedSolver struct {
	limitorder.Solver
	delay time.Duration
}

func (s delayedSolver) Offer(ctx context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
	time.Sleep(s.delay)
	return s.Solver.Offer(ctx, req)
}

// BenchmarkQuoteSlowSolver quotes USDC on Sepolia to mUSD on BaseSepolia
// cold (a fresh reader and engine per quote whose edges were listed at
// start-up, rpcLatency per round trip) with all four bundled providers:
// "devnet-solver" with the devnet's solver alone, "sleeping-solver" with a
// second solver that never answers (cut at the 1 s solver timeout), and
// "no-limit-order" without the provider. A sleeping solver costs at most
// LaterLegWait (50 ms) over devnet-solver; "30ms-solver" is the devnet's
// solver answering in 30 ms, asked once per request (decision 57), so
// within the round trip cold and in about 30 ms warm. The "-followed" rows are warm: one engine
// whose reader follows the heads, asked again in the same block (as
// QuoteThreeLeg/repeat-followed), so the chain costs no round trip and what
// is left is the solvers' time and the engine's; the solvers are asked
// anew each time (their offers expire between quotes, not timed).
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench QuoteSlowSolver -benchtime 10x
func BenchmarkQuoteSlowSolver(b *testing.B) {
	ctx := context.Background()
	d, err := devnet.Start(ctx, devnet.Config{HTTP: true, NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	chains := slowChains(b, d)
	release := make(chan struct{})
	defer close(release)
	alice, _ := devnet.AccountByName("alice")
	src, dst := catalogRef(b, d, orchestration.Sepolia, "USDC"), catalogRef(b, d, orchestration.BaseSepolia, "mUSD")
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: src, Destination: dst}, AmountIn: "5000000", Sender: alice.Address.Hex()}
	devnetSolver := servicedevnet.Solver(d.Solver())
	slowSolver := delayedSolver{devnetSolver, 30 * time.Millisecond}
	// Offers are fresh for the solver timeout and half as long again: the
	// warm rows' shorter timeout lets them wait the offers out.
	const warmSolverTimeout = 200 * time.Millisecond
	// newEngine is an engine over a fresh reader (following the heads when
	// asked) whose edges are listed: start-up work, not the quote's.
	newEngine := func(b *testing.B, solvers []limitorder.Solver, follow bool) *quote.Engine {
		reader := benchReader(b, chains, follow)
		factories := []quote.Factory{swapfacility.Factory(swapfacility.Config{}), portal.Factory(portal.Config{}), uniswapv3.Factory(uniswapv3.Config{})}
		var timeout time.Duration // the default, 1 s
		if follow {
			timeout = warmSolverTimeout
		}
		if solvers != nil {
			factories = append(factories, limitorder.Factory(limitorder.Config{Solvers: solvers, SolverTimeout: timeout}))
		}
		providers, err := quote.Build(quote.Deps{Catalog: d.Catalog(), Runtimes: devnetenv.Runtimes(d.Catalog(), reader), Logger: slog.New(slog.DiscardHandler)}, factories...)
		if err != nil {
			b.Fatal(err)
		}
		e, err := quote.New(quote.Config{Catalog: d.Catalog(), Runtimes: devnetenv.Runtimes(d.Catalog(), reader), Providers: providers, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { e.Close() })
		if _, err := e.Edges(ctx); err != nil {
			b.Fatal(err)
		}
		return e
	}
	for _, tc := range []struct {
		name    string
		solvers []limitorder.Solver // nil: no limit-order provider
		best    string
		follow  bool // warm: one engine following the heads
	}{
		{"no-limit-order", nil, "uniswap-v3,m-portal,m-swap-facility", false},
		{"devnet-solver", []limitorder.Solver{devnetSolver}, "limit-order", false},
		{"sleeping-solver", []limitorder.Solver{devnetSolver, sleepingSolver{release}}, "limit-order", false},
		{"30ms-solver", []limitorder.Solver{slowSolver}, "limit-order", false},
		{"no-limit-order-followed", nil, "uniswap-v3,m-portal,m-swap-facility", true},
		{"devnet-solver-followed", []limitorder.Solver{devnetSolver}, "limit-order", true},
		{"30ms-solver-followed", []limitorder.Solver{slowSolver}, "limit-order", true},
	} {
		b.Run(tc.name, func(b *testing.B) {
			most := 0
			defer func() { b.ReportMetric(float64(most), "trips/chain-max") }()
			measure := func(e *quote.Engine) {
				qctx, trips := evm.WithTrips(ctx)
				quotes, err := e.Quote(qctx, req)
				if err != nil {
					b.Fatal(err)
				}
				for _, n := range trips.Chains() {
					most = max(most, n)
				}
				if got := providersOf(quotes[0]); got != tc.best {
					b.Fatalf("best route %s, want %s", got, tc.best)
				}
			}
			var warm *quote.Engine
			if tc.follow {
				warm = newEngine(b, tc.solvers, true)
				measure(warm) // the legs become hot
				most = 0
			}
			for b.Loop() {
				b.StopTimer()
				e := warm
				if e == nil {
					e = newEngine(b, tc.solvers, false)
				} else if tc.solvers != nil {
					time.Sleep(warmSolverTimeout * 3 / 2) // the last offers expire
				}
				b.StartTimer()
				measure(e)
			}
		})
	}
}

// catalogRef is the devnet catalog's symbol on chain.
func catalogRef(b testing.TB, d *devnet.Devnet, chain orchestration.Chain, symbol string) orchestration.AssetAddress {
	b.Helper()
	for _, a := range d.Catalog().Assets() {
		if a.Chain == chain && a.Symbol == symbol {
			return orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
		}
	}
	b.Fatalf("no %s on %s in the devnet catalog", symbol, chain)
	return orchestration.AssetAddress{}
}

// BenchmarkQuoteHot is a warm three-leg quote (USDC on Sepolia to mUSD on
// BaseSepolia) over HTTP through the bundled server, whose chains are the
// devnet's over JSON-RPC with rpcLatency per round trip, heads polled every
// 100ms. Before each quote every chain mines a block and the follower
// refreshes the hot legs for it (not timed): the quote then costs no round
// trip on the request path (trips/op, from
// orchestration_evm_round_trips_total) and p50-ms is its median latency.
// The followers' own cost per block is BenchmarkRefreshPerBlock in evm.
//
//	go test ./cmd/orchestrationd/internal/app -run '^$' -bench QuoteHot -benchtime 30x
func BenchmarkQuoteHot(b *testing.B) {
	ctx := context.Background()
	d, err := devnet.Start(ctx, devnet.Config{HTTP: true, NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	lt := &bench.LatencyTransport{Delay: rpcLatency}
	rpc := map[orchestration.Chain]string{}
	for _, c := range d.Chains() {
		rpc[c.Name] = c.RPCURL()
	}
	catalog := d.CatalogConfig()
	devKey := true
	reg := prometheus.NewRegistry()
	a, err := app.New(ctx, app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Catalog:  &catalog, RPC: rpc, DevKey: &devKey,
		Heads: app.HeadsConfig{PollInterval: app.Duration(100 * time.Millisecond)},
	}, app.Options{
		FromFile: true, RPCClient: &http.Client{Transport: lt}, Registry: reg,
		Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	alice, _ := devnet.AccountByName("alice")
	body, _ := json.Marshal(orchestration.QuoteRequest{Route: orchestration.Route{
		Source: catalogRef(b, d, orchestration.Sepolia, "USDC"), Destination: catalogRef(b, d, orchestration.BaseSepolia, "mUSD")},
		AmountIn: "5000000", Sender: alice.Address.Hex()})
	post := func() {
		var got quoteResponse
		postQuote(b, srv, body, &got)
		if !strings.Contains(string(got.body), `"provider":"uniswap-v3"`) {
			b.Fatalf("no uniswap-v3 leg: %s", got.body)
		}
	}
	metric := func(name string) float64 { // summed over chains
		v, _, err := promtest.Sum(reg, name)
		if err != nil {
			b.Fatal(err)
		}
		return v
	}
	refreshes := func(chain orchestration.Chain) float64 {
		v, _, _ := promtest.Sum(reg, "orchestration_evm_hot_refreshes_total", "chain", string(chain))
		return v
	}
	quoted := []orchestration.Chain{orchestration.Sepolia, orchestration.BaseSepolia}
	post() // cold: edges, immutables, and the legs become hot
	var took []time.Duration
	trips := 0.0
	for b.Loop() {
		b.StopTimer()
		before := map[orchestration.Chain]float64{}
		for _, c := range quoted {
			before[c] = refreshes(c)
			ch, _ := d.Chain(c)
			if err := ch.AdvanceTime(time.Second); err != nil {
				b.Fatal(err)
			}
		}
		for _, c := range quoted {
			for refreshes(c) <= before[c] {
				time.Sleep(time.Millisecond)
			}
		}
		t0 := metric("orchestration_evm_round_trips_total")
		b.StartTimer()
		start := time.Now()
		post()
		took = append(took, time.Since(start))
		b.StopTimer()
		trips += metric("orchestration_evm_round_trips_total") - t0
		b.StartTimer()
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(trips/float64(len(took)), "trips/op")
}

// benchReader is a reader of chains, closed with b, following their heads
// when follow is set; it returns once each follower has its first head, so
// that the followers' first polls (background work) are not a quote's.
func benchReader(b *testing.B, chains []evm.ChainConfig, follow bool) *evm.Reader {
	b.Helper()
	reader, err := evm.NewReader(evm.Config{Chains: chains, Logger: slog.New(slog.DiscardHandler), FollowHeads: follow})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { reader.Close() })
	for _, c := range chains {
		for follow {
			if _, _, ok := reader.Head(c.Name); ok {
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	return reader
}
