package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
)

// devnetServer is the bundled server on its default devnet, with a short
// relay delay, shared by the route-class tests (they run one after the
// other: they send transactions from the same accounts).
type devnetServer struct {
	*env
	app  *app.Server
	http *httptest.Server
}

// TestMain closes the shared devnet server after the last test: its
// devnet's nodes would otherwise leave their keystore directories behind.
func TestMain(m *testing.M) {
	code := m.Run()
	if devnetSrv != nil {
		devnetSrv.http.Close()
		if err := devnetSrv.app.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the shared devnet server:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	if psDevnet != nil {
		if err := psDevnet.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the cross-runtime devnet:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}

var (
	devnetOnce sync.Once
	devnetSrv  *devnetServer
	devnetErr  error
	// devnetLog keeps the shared server's warnings and errors (the relayer's
	// among them), printed when an execution fails.
	devnetLog testio.Buffer
)

func startDevnetServer(t *testing.T) *devnetServer {
	t.Helper()
	devnetOnce.Do(func() {
		a, err := app.New(context.Background(), app.Config{
			Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
			Devnet:   &app.DevnetConfig{Enabled: true, RelayDelay: app.Duration(100 * time.Millisecond)},
			// The order index, in process, looking at the chains often; a
			// status stream learns of a change by its feed's notice alone
			// (no recheck within a test's time).
			Orders: app.OrdersConfig{Index: &app.IndexConfig{PollInterval: app.Duration(50 * time.Millisecond)},
				StreamRecheck: app.Duration(time.Hour)},
		}, app.Options{
			Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
			Logger: slog.New(slog.NewTextHandler(&devnetLog, &slog.HandlerOptions{Level: slog.LevelWarn})),
		})
		if err != nil {
			devnetErr = err
			return
		}
		srv := httptest.NewServer(a.Handler())
		devnetSrv = &devnetServer{env: &env{url: srv.URL, app: a, good: devSecret}, app: a, http: srv}
	})
	if devnetErr != nil {
		t.Fatal(devnetErr)
	}
	devnetSrv.env.t = t
	return devnetSrv
}

func (s *devnetServer) ref(t *testing.T, chain orchestration.Chain, symbol string) orchestration.AssetAddress {
	t.Helper()
	for _, a := range s.app.Catalog().Assets() {
		if a.Chain == chain && a.Symbol == symbol {
			return orchestration.AssetAddress{Chain: chain, Address: a.Address}
		}
	}
	t.Fatalf("no %s on %s", symbol, chain)
	return orchestration.AssetAddress{}
}

// quote posts a quote request over HTTP and decodes the answer.
func (s *devnetServer) quote(t *testing.T, req orchestration.QuoteRequest) ([]orchestration.Quote, answer) {
	t.Helper()
	body, _ := json.Marshal(req)
	got := s.do(call{method: "POST", path: base + "/quote", key: devSecret, body: string(body)})
	if got.status != 200 {
		return nil, got
	}
	var quotes []orchestration.Quote
	if err := json.Unmarshal(got.body, &quotes); err != nil {
		t.Fatalf("decode quotes: %v: %s", err, got.body)
	}
	return quotes, got
}

func (s *devnetServer) balance(t *testing.T, ref orchestration.AssetAddress, owner common.Address) *big.Int {
	t.Helper()
	c, _ := s.app.Devnet().Chain(ref.Chain)
	tok, _ := bindings.NewMToken(common.HexToAddress(ref.Address), c.Client())
	b, err := tok.BalanceOf(&bind.CallOpts{}, owner)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// execute runs the quote's payloads exactly as returned, from acct, as a
// wallet would: a payload on a chain other than the previous one waits for
// the bridge to deliver the funder's tokens there (the background relayer).
// It then waits until the recipient's balance has grown by at least
// minAmountOut and returns the growth.
func (s *devnetServer) execute(t *testing.T, acct devnet.Account, q orchestration.Quote) *big.Int {
	t.Helper()
	got, _ := s.executeReceipts(t, acct, q)
	return got
}

// executeReceipts is execute, returning the payloads' receipts too.
func (s *devnetServer) executeReceipts(t *testing.T, acct devnet.Account, q orchestration.Quote) (*big.Int, []*types.Receipt) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	recipient := common.HexToAddress(q.Recipient)
	before := s.balance(t, q.Route.Destination, recipient)
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, c := range s.app.Devnet().Chains() {
		clients[c.Name] = c.Client()
	}
	waitFrom := map[int]*big.Int{}
	for i, p := range q.Payloads {
		if i > 0 && p.Data.Chain() != q.Payloads[i-1].Data.Chain() {
			// The first payload on the new chain calls the bridged token
			// (an approve) or spends it; wait for the token to arrive.
			waitFrom[i] = s.balance(t, orchestration.AssetAddress{Chain: p.Data.Chain(), Address: p.Data.EVM.To}, acct.Address)
		}
	}
	ex := &evm.Executor{Clients: clients, Signer: evm.KeySigner(acct.Key),
		BeforePayload: func(ctx context.Context, i int, p orchestration.Payload) error {
			from, ok := waitFrom[i]
			if !ok {
				return nil
			}
			_, err := evm.WaitFor(ctx, func(ctx context.Context) (struct{}, bool, error) {
				now := s.balance(t, orchestration.AssetAddress{Chain: p.Data.Chain(), Address: p.Data.EVM.To}, acct.Address)
				return struct{}{}, now.Cmp(from) > 0, nil
			})
			return err
		}}
	receipts, err := ex.Execute(ctx, q.Payloads)
	if err != nil {
		t.Fatalf("execute: %v\nserver warnings and errors:\n%s", err, devnetLog.String())
	}
	min, _ := new(big.Int).SetString(q.MinAmountOut, 10)
	got, err := evm.WaitFor(ctx, func(ctx context.Context) (*big.Int, bool, error) {
		d := new(big.Int).Sub(s.balance(t, q.Route.Destination, recipient), before)
		return d, d.Cmp(min) >= 0, nil
	})
	if err != nil {
		t.Fatalf("the recipient never received minAmountOut %s: %v\nserver warnings and errors:\n%s", q.MinAmountOut, err, devnetLog.String())
	}
	// The service prices on the newest head it has seen (its followers'):
	// wait until it has seen the payloads' blocks, so that what a test asks
	// next is answered on the state they left.
	for i, r := range receipts {
		chain := q.Payloads[i].Data.Chain()
		if _, err := evm.WaitFor(ctx, func(context.Context) (struct{}, bool, error) {
			head, _, ok := s.app.Reader().Head(chain)
			return struct{}{}, !ok || head >= r.BlockNumber.Uint64(), nil
		}); err != nil {
			t.Fatalf("the service never saw %s's block %d: %v", chain, r.BlockNumber, err)
		}
	}
	return got, receipts
}

func providersOf(q orchestration.Quote) string {
	var ids []string
	for _, p := range q.Payloads {
		if len(ids) == 0 || ids[len(ids)-1] != string(p.Provider) {
			ids = append(ids, string(p.Provider))
		}
	}
	return strings.Join(ids, ",")
}

// routeClass is a class of route checked by executing its best quote.
type routeClass struct {
	name      string
	from, to  orchestration.AssetAddress
	amount    string
	providers string // the legs' providers, in order
	// exact: the recipient receives exactly amountOut, which then
	// equals minAmountOut. True when every leg but the first is exact:
	// later legs move the previous leg's floor.
	exact bool
	// include restricts the providers, when the route class is not the
	// best route on the devnet (a limit order at the solver's 10 bps
	// beats AMM routes).
	include []orchestration.ProviderID
	// via, when set, must be in one of the quote's annotations (the
	// route's intermediate asset).
	via string
}

// One test per route class: the best quote over HTTP, its payloads executed
// exactly as returned from alice to bob, and bob's balance checked.
func TestQuoteRouteClassesExecuteOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	for _, tc := range []routeClass{
		{"same-chain extension swap", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD"), "2500000", "m-swap-facility", true, nil, ""},
		{"AMM swap", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.Sepolia, "wM"), "3000000", "uniswap-v3", false,
			[]orchestration.ProviderID{orchestration.ProviderUniswapV3}, ""},
		{"cross-chain portal transfer", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "wM"), "4000000", "m-portal", true, nil, ""},
		{"three legs across chains", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "mUSD"), "5000000", "uniswap-v3,m-portal,m-swap-facility", true,
			[]orchestration.ProviderID{orchestration.ProviderUniswapV3, orchestration.ProviderMPortal, orchestration.ProviderMSwapFacility}, ""},
		// Filled by the devnet's solver on BaseSepolia, its fill reported
		// back to Sepolia.
		{"cross-chain limit order", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "mUSD"), "6000000", "limit-order", true, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) { checkRouteClass(t, s, tc) })
	}
}

// A swap into a limit order is quoted when the request waits for the
// solvers in every stage (laterLegWait negative): by default it waits once,
// and the direct order the devnet's solver offers stands for them
// (decision 57). The AMM's floor is the order's input, and the solver
// delivers exactly the order's amountOut.
func TestQuoteSwapThenLimitOrderExecutesOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	a, err := app.New(context.Background(), app.Config{
		Database:     app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:       &app.DevnetConfig{Enabled: true, RelayDelay: app.Duration(100 * time.Millisecond)},
		LaterLegWait: app.Duration(-1),
	}, app.Options{
		Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(func() {
		srv.Close()
		if err := a.Close(); err != nil {
			t.Error(err)
		}
	})
	s := &devnetServer{env: &env{t: t, url: srv.URL, app: a, good: devSecret}, app: a, http: srv}
	checkRouteClass(t, s, routeClass{"AMM swap then limit order", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.BaseSepolia, "USDT"), "2000000", "uniswap-v3,limit-order", true,
		[]orchestration.ProviderID{orchestration.ProviderUniswapV3, orchestration.ProviderLimitOrder}, "wM on Sepolia for"})
}

// checkRouteClass quotes tc over s, finds its class's best quote, executes
// it from alice to bob, and checks what bob received.
func checkRouteClass(t *testing.T, s *devnetServer, tc routeClass) {
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	req := orchestration.QuoteRequest{
		Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountIn: tc.amount,
		Sender: alice.Address.Hex(), Recipient: bob.Address.Hex(), MaxNumQuotes: ptr(20),
	}
	if tc.include != nil {
		req.Providers = &orchestration.ProvidersParams{Include: tc.include}
	}
	quotes, got := s.quote(t, req)
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	// The best quote of the class: with the limit order allowed,
	// USDC to USDT is best as one order; the mixed route is the
	// class under test.
	i := slices.IndexFunc(quotes, func(q orchestration.Quote) bool {
		return providersOf(q) == tc.providers && (tc.via == "" || slices.ContainsFunc(q.Payloads, func(p orchestration.Payload) bool {
			return strings.Contains(p.Annotation, tc.via)
		}))
	})
	if i < 0 {
		t.Fatalf("no quote with providers %s; best is %s", tc.providers, providersOf(quotes[0]))
	}
	if tc.include == nil && i != 0 {
		t.Fatalf("best route's providers = %s, want %s", providersOf(quotes[0]), tc.providers)
	}
	q := quotes[i]
	if tc.exact != (q.AmountOut == q.MinAmountOut) {
		t.Fatalf("amountOut %s, minAmountOut %s: exact route = %v", q.AmountOut, q.MinAmountOut, tc.exact)
	}
	received := s.execute(t, alice, q)
	if tc.exact && received.String() != q.AmountOut {
		t.Fatalf("bob received %s, want exactly amountOut %s", received, q.AmountOut)
	}
	t.Logf("%s: %d payloads, amountOut %s, minAmountOut %s, received %s", tc.name, len(q.Payloads), q.AmountOut, q.MinAmountOut, received)
}

// An allowance already in place means no approve payload; a short one
// means exactly one approve of the amount, first.
func TestQuoteApproveOnlyWhenAllowanceIsShort(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	carol, _ := devnet.AccountByName("carol")
	from, to := s.ref(t, orchestration.ArbitrumSepolia, "wM"), s.ref(t, orchestration.ArbitrumSepolia, "mUSD")
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: from, Destination: to}, AmountIn: "7000000", Sender: carol.Address.Hex()}
	quotes, got := s.quote(t, req)
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	if n := len(quotes[0].Payloads); n != 2 || !strings.HasPrefix(quotes[0].Payloads[0].Annotation, "Approve 7 wM") {
		t.Fatalf("without allowance: %d payloads, first %q; want approve then swap", n, quotes[0].Payloads[0].Annotation)
	}
	// Run only the approve: now the allowance covers the amount.
	clients := map[orchestration.Chain]evm.TxBackend{}
	c, _ := s.app.Devnet().Chain(orchestration.ArbitrumSepolia)
	clients[c.Name] = c.Client()
	ex := &evm.Executor{Clients: clients, Signer: evm.KeySigner(carol.Key)}
	if _, err := ex.Execute(context.Background(), quotes[0].Payloads[:1]); err != nil {
		t.Fatal(err)
	}
	// The server quotes at the chain's head as it last saw it: once it has
	// seen the approve's block, the swap goes alone.
	swapAlone := func() bool {
		quotes, got = s.quote(t, req)
		if quotes == nil {
			t.Fatalf("quote: %d %s", got.status, got.body)
		}
		p := quotes[0].Payloads
		return len(p) == 1 && p[0].Provider == orchestration.ProviderMSwapFacility && !strings.HasPrefix(p[0].Annotation, "Approve")
	}
	waitFor(t, swapAlone)
}

// include/exclude apply to every leg of a multi-leg route.
func TestQuoteIncludeExcludeOnMultiLegRoutes(t *testing.T) {
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	route := orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "USDC"), Destination: s.ref(t, orchestration.BaseSepolia, "mUSD")}
	base := orchestration.QuoteRequest{Route: route, AmountIn: "1000000", Sender: alice.Address.Hex(), MaxNumQuotes: ptr(20)}
	all, got := s.quote(t, base)
	if all == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	threeLegs := []orchestration.ProviderID{orchestration.ProviderUniswapV3, orchestration.ProviderMPortal, orchestration.ProviderMSwapFacility}
	inclThree, got := s.quote(t, orchestration.QuoteRequest{Route: route, AmountIn: "1000000", Sender: alice.Address.Hex(), MaxNumQuotes: ptr(20),
		Providers: &orchestration.ProvidersParams{Include: threeLegs}})
	if inclThree == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	lo := orchestration.ProviderLimitOrder
	for _, tc := range []struct {
		name      string
		providers *orchestration.ProvidersParams
		want      int    // 200 or 404
		count     int    // quotes wanted on 200
		only      string // on 200, every quote's providers, when set
	}{
		{"excluding the AMM and orders leaves no route from USDC", &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{orchestration.ProviderUniswapV3, lo}}, 404, 0, ""},
		{"excluding the swap facility and orders leaves no route to mUSD", &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{orchestration.ProviderMSwapFacility, lo}}, 404, 0, ""},
		{"including only the portal serves no leg from USDC", &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderMPortal}}, 404, 0, ""},
		{"including only orders leaves the direct order", &orchestration.ProvidersParams{Include: []orchestration.ProviderID{lo}}, 200, 1, "limit-order"},
		{"excluding orders leaves the other providers' routes", &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{lo}}, 200, len(inclThree), ""},
		{"excluding a provider on no leg keeps every route", &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{orchestration.ProviderKyberSwap}}, 200, len(all), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := base
			req.Providers = tc.providers
			quotes, got := s.quote(t, req)
			if got.status != tc.want {
				t.Fatalf("status %d, want %d: %s", got.status, tc.want, got.body)
			}
			if tc.want == 200 && len(quotes) != tc.count {
				t.Fatalf("%d quotes, want %d", len(quotes), tc.count)
			}
			for _, q := range quotes {
				if tc.only != "" && providersOf(q) != tc.only {
					t.Errorf("a quote by %s, want only %s", providersOf(q), tc.only)
				}
				for _, p := range q.Payloads {
					if tc.providers.Exclude != nil && slices.Contains(tc.providers.Exclude, p.Provider) {
						t.Errorf("a payload by excluded %s", p.Provider)
					}
				}
			}
		})
	}
	for _, q := range inclThree {
		for _, p := range q.Payloads {
			if !slices.Contains(threeLegs, p.Provider) {
				t.Errorf("including three providers: a payload by %s", p.Provider)
			}
		}
	}
}

// Routes rank by amountOut, then estFillTime, then payloads: between wM on
// Sepolia and wM on BaseSepolia the direct portal transfer beats the
// detours through ArbitrumSepolia; the cap returns the best.
func TestQuoteRankingAndCap(t *testing.T) {
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	req := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.BaseSepolia, "wM")},
		AmountIn: "1000000", Sender: alice.Address.Hex(), MaxNumQuotes: ptr(20),
	}
	quotes, got := s.quote(t, req)
	if quotes == nil {
		t.Fatalf("quote: %d %s", got.status, got.body)
	}
	if len(quotes) < 2 {
		t.Fatalf("%d quotes; want the direct transfer and detours", len(quotes))
	}
	if p := providersOf(quotes[0]); p != "m-portal" || len(quotes[0].Payloads) > 2 {
		t.Fatalf("best quote: providers %s, %d payloads; want the direct portal transfer", p, len(quotes[0].Payloads))
	}
	for i := 1; i < len(quotes); i++ {
		a, _ := new(big.Int).SetString(quotes[i-1].AmountOut, 10)
		b, _ := new(big.Int).SetString(quotes[i].AmountOut, 10)
		prev, cur := quotes[i-1], quotes[i]
		if c := a.Cmp(b); c < 0 || c == 0 && (prev.EstFillTime > cur.EstFillTime ||
			prev.EstFillTime == cur.EstFillTime && len(prev.Payloads) > len(cur.Payloads)) {
			t.Fatalf("quote %d (%s, %ds, %d payloads) ranks above quote %d (%s, %ds, %d payloads)",
				i-1, a, prev.EstFillTime, len(prev.Payloads), i, b, cur.EstFillTime, len(cur.Payloads))
		}
	}
	req.MaxNumQuotes = ptr(1)
	one, _ := s.quote(t, req)
	// A second request prices again: its expiry and gas price may follow a
	// newer block, so the route and its amounts are compared, not the bytes.
	if len(one) != 1 || routeOf(one[0]) != routeOf(quotes[0]) {
		t.Fatalf("maxNumQuotes 1 gave %d quotes, not the best one %s", len(one), routeOf(quotes[0]))
	}
}

// routeOf names a quote's route and amounts: its payloads' providers and
// annotations, and amountIn, amountOut, minAmountOut and estFillTime.
func routeOf(q orchestration.Quote) string {
	var steps []string
	for _, p := range q.Payloads {
		steps = append(steps, string(p.Provider)+":"+p.Annotation)
	}
	return fmt.Sprintf("%s in %s out %s min %s %ds", strings.Join(steps, ","), q.AmountIn, q.AmountOut, q.MinAmountOut, q.EstFillTime)
}

// A chain whose RPC endpoint is down fails only the quotes that need it,
// as an outage: the message names the chain (never its endpoint) and the
// answer says when to retry.
func TestQuoteIsolationWhenOneChainIsDown(t *testing.T) {
	a, err := app.New(context.Background(), app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:   &app.DevnetConfig{Enabled: true},
		// Nothing listens on port 1: every read of ArbitrumSepolia fails.
		RPC: map[orchestration.Chain]string{orchestration.ArbitrumSepolia: "http://127.0.0.1:1"},
	}, app.Options{
		Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	s := &devnetServer{env: &env{t: t, url: srv.URL, app: a, good: devSecret}, app: a}
	alice, _ := devnet.AccountByName("alice")
	quoteOn := func(chain orchestration.Chain) answer {
		_, got := s.quote(t, orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: s.ref(t, chain, "wM"), Destination: s.ref(t, chain, "mUSD")},
			AmountIn: "1000000", Sender: alice.Address.Hex(),
		})
		return got
	}
	if got := quoteOn(orchestration.Sepolia); got.status != 200 {
		t.Fatalf("Sepolia, whose chain is up: %d %s", got.status, got.body)
	}
	got := quoteOn(orchestration.ArbitrumSepolia)
	msg := s.wantError("ArbitrumSepolia, whose RPC is down", got, 500, orchestration.QuoteError)
	if strings.Contains(msg, "127.0.0.1") || !strings.Contains(msg, "ArbitrumSepolia did not answer") {
		t.Fatalf("the message %q names the endpoint or not the chain", msg)
	}
	if ra := got.header.Get("Retry-After"); ra == "" {
		t.Errorf("no Retry-After on an outage of ArbitrumSepolia")
	}
}

func ptr[T any](v T) *T { return &v }
