package quote_test

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

const (
	sfID     = orchestration.ProviderMSwapFacility
	portalID = orchestration.ProviderMPortal
	uniID    = orchestration.ProviderUniswapV3
	cctpID   = orchestration.ProviderWormholeCCTP
)

// legs joins hop texts the way routeOf does.
func legs(hops ...string) string { return strings.Join(hops, " | ") }

func TestRoutesOfUpToMaxLegs(t *testing.T) {
	// M@Ethereum to wM@Arbitrum has routes of 1 to 4 legs, and paths that
	// would visit M@Arbitrum twice through the M/USDC pool on Arbitrum.
	providers := func() []quote.Provider {
		ex := rate(1, 1, time.Second)
		return []quote.Provider{
			memprovider.New(sfID).Edge(edge(mEth, wMEth), ex).Edge(edge(wMEth, mEth), ex).Edge(edge(mArb, wMArb), ex),
			memprovider.New(portalID).Edge(edge(mEth, mArb), ex).Edge(edge(mArb, mEth), ex).Edge(edge(wMEth, wMArb), ex),
			memprovider.New(uniID).Edge(edge(mEth, usdcEth), ex).Edge(edge(usdcEth, wMEth), ex).
				Edge(edge(usdcArb, mArb), ex).Edge(edge(mArb, usdcArb), ex),
			memprovider.New(cctpID).Edge(edge(usdcEth, usdcArb), ex),
			memprovider.New(acme).Edge(edge(mEth, wMArb), ex),
		}
	}
	one := hopText(acme, mEth, wMArb)
	two := []string{
		legs(hopText(sfID, mEth, wMEth), hopText(portalID, wMEth, wMArb)),
		legs(hopText(portalID, mEth, mArb), hopText(sfID, mArb, wMArb)),
	}
	three := legs(hopText(uniID, mEth, usdcEth), hopText(uniID, usdcEth, wMEth), hopText(portalID, wMEth, wMArb))
	four := legs(hopText(uniID, mEth, usdcEth), hopText(cctpID, usdcEth, usdcArb), hopText(uniID, usdcArb, mArb), hopText(sfID, mArb, wMArb))
	tests := []struct {
		maxLegs int
		want    []string
	}{
		{1, []string{one}},
		{2, append([]string{one}, two...)},
		{0, append([]string{one, three}, two...)}, // the default, 3
		{3, append([]string{one, three}, two...)},
		{4, append([]string{one, three, four}, two...)},
		{6, append([]string{one, three, four}, two...)},
	}
	for _, tt := range tests {
		t.Run("maxLegs="+string(rune('0'+tt.maxLegs)), func(t *testing.T) {
			e, _ := newEngine(t, quote.Config{Providers: providers(), MaxLegs: tt.maxLegs})
			req := request(wMArb)
			req.MaxNumQuotes = ptr(20)
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			got := routesOf(quotes)
			slices.Sort(got)
			slices.Sort(tt.want)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("routes (-want +got):\n%s", diff)
			}
		})
	}
}

// Every leg on the source's runtime is signed by the funder, so a route
// between chains of one runtime never passes through another runtime; a
// route to another runtime may cross to it (and continue there, signed by
// the recipient: TestRouteContinuesOnTheDestinationRuntime).
func TestIntermediateAssetsShareTheSourceRuntime(t *testing.T) {
	ex := rate(1, 1, time.Second)
	p := memprovider.New(portalID).Edge(edge(mEth, mSol), ex).Edge(edge(mSol, mArb), ex).
		Edge(edge(mEth, wMArb), ex).Edge(edge(wMArb, mSol), ex)
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})

	// Ethereum to Arbitrum through Solana would make an EVM funder sign on
	// Solana: no route.
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: addr(mEth), Destination: addr(mArb)}, AmountIn: "5", Sender: sender}
	_, err := e.Quote(context.Background(), req)
	wantError(t, err, orchestration.NoQuotesAvailable, "no provider serves a route from M on Ethereum to M on Arbitrum in up to 3 legs")

	// Ethereum to Solana: directly, or through Arbitrum.
	req = request(mSol)
	req.MaxNumQuotes = ptr(5)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{hopText(portalID, mEth, mSol), legs(hopText(portalID, mEth, wMArb), hopText(portalID, wMArb, mSol))}
	if diff := cmp.Diff(want, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
}

// A route never comes back to a chain it has left: bridging out and back
// costs two fees for nothing.
func TestRoutesDoNotReturnToAChain(t *testing.T) {
	ex := rate(1, 1, time.Second)
	p := memprovider.New(portalID).Edge(edge(mEth, mArb), ex).Edge(edge(mArb, wMEth), ex).
		Edge(edge(mEth, wMArb), ex).Edge(edge(wMArb, usdcArb), ex)
	sf := memprovider.New(sfID).Edge(edge(mEth, wMEth), ex)
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p, sf}})

	// M to wM on Ethereum: directly, not through Arbitrum and back.
	req := request(wMEth)
	req.MaxNumQuotes = ptr(5)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(sfID, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
	// Staying on the chain reached is fine: Ethereum, then two legs on Arbitrum.
	req = request(usdcArb)
	quotes, err = e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{legs(hopText(portalID, mEth, wMArb), hopText(portalID, wMArb, usdcArb))}, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
}

// A three-leg route across two chains: each leg is priced on the previous
// leg's floor, only the last delivers to the recipient, times add up and
// the payloads come in execution order, each attributed to its leg's
// provider.
func TestLegsChain(t *testing.T) {
	recipient := common.HexToAddress("0x3333333333333333333333333333333333333333").Hex()
	var uniRec, cctpRec, acmeRec recording
	uni := memprovider.New(uniID).Edge(edge(mEth, usdcEth), uniRec.wrap(legFunc(legSpec{num: 1, den: 1, slippage: true, est: 2400 * time.Millisecond})))
	cctp := memprovider.New(cctpID).Edge(edge(usdcEth, usdcArb), cctpRec.wrap(legFunc(legSpec{num: 1, den: 1, est: 2400 * time.Millisecond})))
	ac := memprovider.New(acme).Edge(edge(usdcArb, wMArb), acmeRec.wrap(legFunc(legSpec{num: 2, den: 1, slippage: true, est: 300 * time.Millisecond})))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{ac, cctp, uni}})
	req := request(wMArb)
	req.Funder, req.Recipient, req.SlippageBps = other, recipient, ptr(100)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}

	payload := func(id orchestration.ProviderID, from, to asset.AssetInfo) orchestration.Payload {
		return orchestration.Payload{Provider: id, Annotation: label(from) + ">" + label(to),
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: from.Chain, ChainID: chainID(from.Chain), To: from.Address, Data: "0x", Value: "0"}}}
	}
	want := []orchestration.Quote{{
		Route:        orchestration.Route{Source: addr(mEth), Destination: addr(wMArb)},
		Recipient:    recipient,
		AmountIn:     "1000000",
		AmountOut:    "1980000", // 2 x 990000
		MinAmountOut: "1960200", // less 1%
		EstFillTime:  6,         // 2.4s + 2.4s + 0.3s, rounded up
		Payloads: []orchestration.Payload{
			payload(uniID, mEth, usdcEth), payload(cctpID, usdcEth, usdcArb), payload(acme, usdcArb, wMArb),
		},
	}}
	if diff := cmp.Diff(want, quotes); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}

	type seen struct {
		From, To                  string
		AmountIn                  string
		Funder, Recipient, Refund string
		SlippageBps               int
	}
	var got []seen
	for _, r := range slices.Concat(uniRec.requests(), cctpRec.requests(), acmeRec.requests()) {
		got = append(got, seen{label(r.From), label(r.To), r.AmountIn.String(), r.Funder.String(), r.Recipient.String(), r.Refund.String(), r.SlippageBps})
	}
	wantSeen := []seen{
		{"M@Ethereum", "USDC@Ethereum", "1000000", other, other, other, 100},
		{"USDC@Ethereum", "USDC@Arbitrum", "990000", other, other, other, 100},   // the first leg's floor
		{"USDC@Arbitrum", "wM@Arbitrum", "990000", other, recipient, other, 100}, // exact: its amountOut
	}
	if diff := cmp.Diff(wantSeen, got); diff != "" {
		t.Errorf("leg requests (-want +got):\n%s", diff)
	}
}

func TestIncludeExcludeApplyToEveryLeg(t *testing.T) {
	ids := func(ids ...orchestration.ProviderID) []orchestration.ProviderID { return ids }
	const limitID = orchestration.ProviderLimitOrder
	const available = "available providers: m-swap-facility, m-portal, acme-bridge, uniswap-v3"
	var (
		sfPortal   = legs(hopText(sfID, mEth, wMEth), hopText(portalID, wMEth, wMArb))
		portalAcme = legs(hopText(portalID, mEth, mArb), hopText(acme, mArb, wMArb))
		direct     = hopText(uniID, mEth, wMArb)
	)
	tests := []struct {
		name      string
		providers *orchestration.ProvidersParams
		want      []string // routes, best first
		called    [4]bool  // sf, portal, acme, uni
		wantErr   string   // NoQuotesAvailable message
	}{
		{"none", nil, []string{direct, sfPortal, portalAcme}, [4]bool{true, true, true, true}, ""},
		{"both empty", &orchestration.ProvidersParams{Include: ids(), Exclude: ids()}, []string{direct, sfPortal, portalAcme}, [4]bool{true, true, true, true}, ""},
		{"exclude a provider of two-leg routes", &orchestration.ProvidersParams{Exclude: ids(portalID)}, []string{direct}, [4]bool{false, false, false, true}, ""},
		{"exclude the operator's provider", &orchestration.ProvidersParams{Exclude: ids(acme)}, []string{direct, sfPortal}, [4]bool{true, true, false, true}, ""},
		{"exclude one not run", &orchestration.ProvidersParams{Exclude: ids(limitID)}, []string{direct, sfPortal, portalAcme}, [4]bool{true, true, true, true}, ""},
		{"include the providers of one route", &orchestration.ProvidersParams{Include: ids(sfID, portalID)}, []string{sfPortal}, [4]bool{true, true, false, false}, ""},
		{"include the operator's provider", &orchestration.ProvidersParams{Include: ids(acme, portalID)}, []string{portalAcme}, [4]bool{false, true, true, false}, ""},
		{"include only one provider", &orchestration.ProvidersParams{Include: ids(uniID)}, []string{direct}, [4]bool{false, false, false, true}, ""},
		{"include one and one not run", &orchestration.ProvidersParams{Include: ids(limitID, uniID)}, []string{direct}, [4]bool{false, false, false, true}, ""},
		{"include a provider of half a route", &orchestration.ProvidersParams{Include: ids(portalID)}, nil, [4]bool{},
			"no provider serves a route from M on Ethereum to wM on Arbitrum in up to 3 legs"},
		{"include only one not run", &orchestration.ProvidersParams{Include: ids(limitID)}, nil, [4]bool{},
			"none of the providers in providers.include is available; " + available},
		{"exclude all", &orchestration.ProvidersParams{Exclude: ids(uniID, sfID, portalID, acme, limitID)}, nil, [4]bool{},
			"providers.exclude excludes every available provider; " + available},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps := []*memprovider.Provider{
				memprovider.New(sfID).Edge(edge(mEth, wMEth), rate(1, 1, time.Second)),
				memprovider.New(portalID).Edge(edge(wMEth, wMArb), rate(1, 1, time.Second)).Edge(edge(mEth, mArb), rate(1, 1, time.Second)),
				memprovider.New(acme).Edge(edge(mArb, wMArb), rate(1, 1, 2*time.Second)),
				memprovider.New(uniID).Edge(edge(mEth, wMArb), rate(1, 1, time.Second)),
			}
			e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{ps[0], ps[1], ps[2], ps[3]}})
			req := request(wMArb)
			req.MaxNumQuotes, req.Providers = ptr(5), tt.providers
			quotes, err := e.Quote(context.Background(), req)
			if tt.wantErr != "" {
				wantError(t, err, orchestration.NoQuotesAvailable, tt.wantErr)
			} else if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, routesOf(quotes)); diff != "" {
				t.Errorf("routes (-want +got):\n%s", diff)
			}
			var called [4]bool
			for i, p := range ps {
				called[i] = p.Calls() > 0
			}
			if called != tt.called {
				t.Errorf("called (sf, portal, acme, uni) = %v, want %v", called, tt.called)
			}
		})
	}
}

// Routes that share a leg at the same amount share one call of it.
func TestSharedLegPricedOnce(t *testing.T) {
	sf := memprovider.New(sfID).Edge(edge(mEth, wMEth), rate(1, 1, time.Second))
	portal := memprovider.New(portalID).Edge(edge(wMEth, wMArb), rate(1, 1, time.Second))
	ac := memprovider.New(acme).Edge(edge(wMEth, wMArb), rate(1, 1, 2*time.Second))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{sf, portal, ac}})
	req := request(wMArb)
	req.MaxNumQuotes = ptr(5)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) != 2 {
		t.Fatalf("got %d quotes, want 2: %v", len(quotes), routesOf(quotes))
	}
	if n := sf.Calls(); n != 1 {
		t.Errorf("the shared first leg was priced %d times, want 1", n)
	}
}

// MaxRoutes bounds the candidates priced, shortest first.
func TestMaxRoutes(t *testing.T) {
	direct := memprovider.New(uniID).Edge(edge(mEth, wMArb), rate(1, 2, time.Second))
	sf := memprovider.New(sfID).Edge(edge(mEth, wMEth), rate(1, 1, time.Second))
	portal := memprovider.New(portalID).Edge(edge(wMEth, wMArb), rate(1, 1, time.Second))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{sf, portal, direct}, MaxRoutes: 1})
	req := request(wMArb)
	req.MaxNumQuotes = ptr(5)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(uniID, mEth, wMArb)}, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
	if n := sf.Calls() + portal.Calls(); n != 0 {
		t.Errorf("the two-leg route beyond MaxRoutes was priced (%d calls)", n)
	}
}

// Nothing a caller signs goes anywhere the deployment does not know: a leg
// whose payload calls an unknown address, names the wrong chain id or
// another chain is rejected, and its route dropped.
func TestPayloadGuard(t *testing.T) {
	setEVM := func(f func(p *orchestration.EVMPayload)) func(*quote.Leg) {
		return func(l *quote.Leg) { f(l.Payloads[0].Data.EVM) }
	}
	tests := []struct {
		name string
		edit func(*quote.Leg)
		want string // the logged error; empty: accepted
	}{
		{"the From token", func(*quote.Leg) {}, ""},
		{"another catalog token of the chain", setEVM(func(p *orchestration.EVMPayload) { p.To = usdtEthAddr }), ""},
		{"a contract of the address book", setEVM(func(p *orchestration.EVMPayload) { p.To = facility }), ""},
		{"an address-book contract in lower case", setEVM(func(p *orchestration.EVMPayload) { p.To = strings.ToLower(portalEth) }), ""},
		{"an unknown address", setEVM(func(p *orchestration.EVMPayload) { p.To = stranger }),
			"payload 0: calls " + stranger + ", which is neither a catalog token nor a known contract on Ethereum"},
		{"a token of another chain only", setEVM(func(p *orchestration.EVMPayload) { p.To = usdcArbAddr }),
			"payload 0: calls " + usdcArbAddr + ", which is neither a catalog token nor a known contract on Ethereum"},
		{"a contract of another chain", setEVM(func(p *orchestration.EVMPayload) { p.To = portalArb }),
			"payload 0: calls " + portalArb + ", which is neither a catalog token nor a known contract on Ethereum"},
		{"the wrong chain id", setEVM(func(p *orchestration.EVMPayload) { p.ChainID = 42161 }),
			"payload 0: chainId 42161 is not Ethereum's 1"},
		{"another chain", setEVM(func(p *orchestration.EVMPayload) { p.Chain, p.ChainID, p.To = orchestration.Arbitrum, 42161, mAddr }),
			"payload 0: is on Arbitrum, not on the leg's source chain Ethereum"},
		{"an SVM transaction", func(l *quote.Leg) {
			l.Payloads[0].Data = orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: "AA=="}}
		}, "payload 0: is on Solana, not on the leg's source chain Ethereum"},
		{"a chain outside the catalog", setEVM(func(p *orchestration.EVMPayload) { p.Chain = orchestration.Base }),
			"payload 0: is on Base, not on the leg's source chain Ethereum"},
		{"a bad second payload", func(l *quote.Leg) {
			bad := l.Payloads[0]
			evm := *bad.Data.EVM
			evm.To = stranger
			bad.Data.EVM = &evm
			l.Payloads = append(l.Payloads, bad)
		}, "payload 1: calls " + stranger + ", which is neither a catalog token nor a known contract on Ethereum"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The checked leg is the second of M@Ethereum > USDT > wM; a
			// worse direct route stands by.
			bad := memprovider.New(acme).Edge(edge(mEth, usdtEth), rate(1, 1, 0)).
				Edge(edge(usdtEth, wMEth), legFunc(legSpec{num: 1, den: 1, edit: tt.edit}))
			good := memprovider.New(uniID).Edge(edge(mEth, wMEth), rate(1, 2, 0))
			e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, good}})
			req := request(wMEth)
			req.MaxNumQuotes = ptr(5)
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			want := []string{legs(hopText(acme, mEth, usdtEth), hopText(acme, usdtEth, wMEth)), hopText(uniID, mEth, wMEth)}
			if tt.want != "" {
				want = want[1:]
			}
			if diff := cmp.Diff(want, routesOf(quotes)); diff != "" {
				t.Errorf("routes (-want +got):\n%s", diff)
			}
			var warned []string
			for _, w := range rec.find(slog.LevelWarn, "quote provider failed") {
				warned = append(warned, w.Attrs["provider"].String()+": "+w.Attrs["leg"].String()+": "+w.Attrs["error"].String())
			}
			var wantWarned []string
			if tt.want != "" {
				wantWarned = []string{"acme-bridge: Ethereum USDT -> Ethereum wM: " + tt.want}
			}
			if diff := cmp.Diff(wantWarned, warned); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

// LegRequest.SlippageBps carries the request's tolerance, and AMM legs
// price their floor with it.
func TestSlippageReachesLegs(t *testing.T) {
	for _, tt := range []struct {
		slippage *int
		want     int
		floor    string
	}{
		{nil, 50, "995000"},
		{ptr(0), 0, "1000000"},
		{ptr(1000), 1000, "900000"},
	} {
		var rec recording
		p := memprovider.New(uniID).Edge(edge(mEth, wMEth), rec.wrap(legFunc(legSpec{num: 1, den: 1, slippage: true})))
		e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
		req := request(wMEth)
		req.SlippageBps = tt.slippage
		quotes, err := e.Quote(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.requests()[0].SlippageBps; got != tt.want || quotes[0].MinAmountOut != tt.floor {
			t.Errorf("slippageBps %v: leg saw %d, floor %s; want %d, %s", tt.slippage, got, quotes[0].MinAmountOut, tt.want, tt.floor)
		}
	}
}
