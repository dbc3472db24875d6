package quote_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// swap returns an m-swap-facility provider serving M to wM on Ethereum 1:1.
func swap() *memprovider.Provider {
	return memprovider.New(orchestration.ProviderMSwapFacility).Edge(edge(mEth, wMEth), rate(1, 1, 12*time.Second))
}

const acme orchestration.ProviderID = "acme-bridge" // an operator's own provider

func TestValidation(t *testing.T) {
	lower := strings.ToLower(mAddr)
	mixedBad := "0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	notEVM := `must be an EVM address, 0x followed by 40 hex digits, not `
	notInt := `must be a whole number in the smallest unit, written with digits only (no sign, exponent, fraction or spaces), not `
	two256 := new(big.Int).Lsh(big.NewInt(1), 256).String()
	ids := func(ids ...orchestration.ProviderID) []orchestration.ProviderID { return ids }
	tests := []struct {
		name   string
		modify func(*orchestration.QuoteRequest)
		want   string
	}{
		{"source chain missing", func(r *orchestration.QuoteRequest) { r.Route.Source.Chain = "" }, "route.source.chain is required"},
		{"source address missing", func(r *orchestration.QuoteRequest) { r.Route.Source.Address = "" }, "route.source.address is required"},
		{"destination chain missing", func(r *orchestration.QuoteRequest) { r.Route.Destination.Chain = "" }, "route.destination.chain is required"},
		{"destination address missing", func(r *orchestration.QuoteRequest) { r.Route.Destination.Address = "" }, "route.destination.address is required"},
		{"route missing", func(r *orchestration.QuoteRequest) { r.Route = orchestration.Route{} }, "route.source.chain is required"},
		{"source unsupported", func(r *orchestration.QuoteRequest) { r.Route.Source.Address = other },
			"route.source: asset " + other + " is not supported on Ethereum"},
		{"destination chain wrong case", func(r *orchestration.QuoteRequest) { r.Route.Destination.Chain = "ethereum" },
			`route.destination: unknown chain "ethereum" (chain names are case-sensitive: did you mean "Ethereum"?)`},
		{"destination chain not enabled", func(r *orchestration.QuoteRequest) { r.Route.Destination.Chain = orchestration.Base },
			"route.destination: chain Base is not enabled on this service"},
		{"source address malformed", func(r *orchestration.QuoteRequest) { r.Route.Source.Address = "0x1234" },
			`route.source: address ` + notEVM + `"0x1234"`},
		{"same asset", func(r *orchestration.QuoteRequest) { r.Route.Destination = addr(mEth) }, "route.source and route.destination must differ"},
		{"same asset in another case", func(r *orchestration.QuoteRequest) {
			r.Route.Destination = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: lower}
		}, "route.source and route.destination must differ"},
		{"amountIn missing", func(r *orchestration.QuoteRequest) { r.AmountIn = "" }, "amountIn is required"},
		{"amountIn negative", func(r *orchestration.QuoteRequest) { r.AmountIn = "-1" }, `amountIn ` + notInt + `"-1"`},
		{"amountIn exponent", func(r *orchestration.QuoteRequest) { r.AmountIn = "1e6" }, `amountIn ` + notInt + `"1e6"`},
		{"amountIn fraction", func(r *orchestration.QuoteRequest) { r.AmountIn = "1.5" }, `amountIn ` + notInt + `"1.5"`},
		{"amountIn plus sign", func(r *orchestration.QuoteRequest) { r.AmountIn = "+1" }, `amountIn ` + notInt + `"+1"`},
		{"amountIn leading space", func(r *orchestration.QuoteRequest) { r.AmountIn = " 1" }, `amountIn ` + notInt + `" 1"`},
		{"amountIn leading zero", func(r *orchestration.QuoteRequest) { r.AmountIn = "01" }, `amountIn must not have leading zeros, not "01"`},
		{"amountIn zero", func(r *orchestration.QuoteRequest) { r.AmountIn = "0" }, "amountIn must be greater than zero"},
		{"amountIn 2^256", func(r *orchestration.QuoteRequest) { r.AmountIn = two256 }, "amountIn must be below 2^256"},
		{"amountIn above 2^256", func(r *orchestration.QuoteRequest) { r.AmountIn = two256 + "0" }, "amountIn must be below 2^256"},
		{"sender missing", func(r *orchestration.QuoteRequest) { r.Sender = "" }, "sender is required"},
		{"sender malformed", func(r *orchestration.QuoteRequest) { r.Sender = "0xabc" }, `sender ` + notEVM + `"0xabc"`},
		{"sender of the wrong runtime", func(r *orchestration.QuoteRequest) { r.Sender = solKey }, `sender ` + notEVM + `"` + solKey + `"`},
		{"sender bad checksum", func(r *orchestration.QuoteRequest) { r.Sender = mixedBad },
			"sender has an invalid EIP-55 checksum (expected " + mAddr + ")"},
		{"recipient malformed", func(r *orchestration.QuoteRequest) { r.Recipient = "nope" }, `recipient ` + notEVM + `"nope"`},
		{"recipient of the source runtime on an svm destination", func(r *orchestration.QuoteRequest) {
			r.Route.Destination, r.Recipient = addr(mSol), other
		}, `recipient must be a Solana address, base58 of 32 bytes, not "` + other + `"`},
		{"recipient missing across runtimes", func(r *orchestration.QuoteRequest) { r.Route.Destination = addr(mSol) },
			"recipient is required when the route crosses runtimes (evm to svm)"},
		{"recipient missing across runtimes from svm", func(r *orchestration.QuoteRequest) {
			r.Route.Source, r.Route.Destination, r.Sender = addr(mSol), addr(mEth), solKey
		}, "recipient is required when the route crosses runtimes (svm to evm)"},
		{"funder malformed", func(r *orchestration.QuoteRequest) { r.Funder = "0x" }, `funder ` + notEVM + `"0x"`},
		{"funder of the destination runtime", func(r *orchestration.QuoteRequest) {
			r.Route.Destination, r.Recipient, r.Funder = addr(mSol), solKey, solKey
		}, `funder ` + notEVM + `"` + solKey + `"`},
		{"maxNumQuotes zero", func(r *orchestration.QuoteRequest) { r.MaxNumQuotes = ptr(0) }, "maxNumQuotes must be at least 1"},
		{"maxNumQuotes negative", func(r *orchestration.QuoteRequest) { r.MaxNumQuotes = ptr(-3) }, "maxNumQuotes must be at least 1"},
		{"include and exclude", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Include: ids(orchestration.ProviderMSwapFacility), Exclude: ids(orchestration.ProviderMPortal)}
		}, "providers.include and providers.exclude cannot both be set"},
		{"include unknown", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Include: ids(orchestration.ProviderMSwapFacility, "1inch")}
		}, `providers.include has unknown provider "1inch"`},
		{"exclude unknown", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Exclude: ids("M-SWAP-FACILITY")}
		}, `providers.exclude has unknown provider "M-SWAP-FACILITY"`},
		{"include an operator's provider not configured", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Include: ids("acme-other")}
		}, `providers.include has unknown provider "acme-other"`},
		{"unknown provider clipped", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Exclude: ids(orchestration.ProviderID(strings.Repeat("x", 100)))}
		}, `providers.exclude has unknown provider "` + strings.Repeat("x", 80) + `…"`},
		{"slippageBps negative", func(r *orchestration.QuoteRequest) { r.SlippageBps = ptr(-1) }, "slippageBps must be from 0 to 1000 basis points"},
		{"slippageBps above 1000", func(r *orchestration.QuoteRequest) { r.SlippageBps = ptr(1001) }, "slippageBps must be from 0 to 1000 basis points"},
		{"rankBy unknown", func(r *orchestration.QuoteRequest) { r.RankBy = "net" }, `rankBy must be "amount" or "netOfCosts", not "net"`},
		{"rankBy in another case", func(r *orchestration.QuoteRequest) { r.RankBy = "NetOfCosts" }, `rankBy must be "amount" or "netOfCosts", not "NetOfCosts"`},
	}
	p := swap()
	a := memprovider.New(acme).Edge(edge(mEth, wMEth), rate(1, 1, 0))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p, a}})
	permit := quote.Rules{Code: orchestration.BadPermitRequest, Providers: e.Providers()}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := request(wMEth)
			tt.modify(&req)
			quotes, err := e.Quote(context.Background(), req)
			if quotes != nil {
				t.Errorf("got %d quotes with the error", len(quotes))
			}
			wantError(t, err, orchestration.BadQuoteRequest, tt.want)

			// The permit endpoint's rules: the same check, its own code.
			_, err = quote.ValidateRequest(testCatalog, req, permit)
			wantError(t, err, orchestration.BadPermitRequest, tt.want)
		})
	}
	if n := p.Calls() + a.Calls(); n != 0 {
		t.Errorf("providers were called %d times for invalid requests", n)
	}
}

func TestValidateRequestAccepts(t *testing.T) {
	canonSender := sender
	tests := []struct {
		name   string
		modify func(*orchestration.QuoteRequest)
		rules  quote.Rules
		check  func(t *testing.T, r quote.Request)
	}{
		{"slippageBps defaults to 50", func(*orchestration.QuoteRequest) {}, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantInt(t, "SlippageBps", r.SlippageBps, 50) }},
		{"slippageBps 0", func(r *orchestration.QuoteRequest) { r.SlippageBps = ptr(0) }, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantInt(t, "SlippageBps", r.SlippageBps, 0) }},
		{"slippageBps 1000", func(r *orchestration.QuoteRequest) { r.SlippageBps = ptr(1000) }, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantInt(t, "SlippageBps", r.SlippageBps, 1000) }},
		{"rankBy absent", func(*orchestration.QuoteRequest) {}, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantString(t, "RankBy", string(r.RankBy), "") }},
		{"rankBy amount", func(r *orchestration.QuoteRequest) { r.RankBy = orchestration.RankByAmount }, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantString(t, "RankBy", string(r.RankBy), "amount") }},
		{"rankBy netOfCosts", func(r *orchestration.QuoteRequest) { r.RankBy = orchestration.RankByNetOfCosts }, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantString(t, "RankBy", string(r.RankBy), "netOfCosts") }},
		{"maxNumQuotes defaults to 1", func(*orchestration.QuoteRequest) {}, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantInt(t, "MaxQuotes", r.MaxQuotes, 1) }},
		{"maxNumQuotes capped by default at 20", func(r *orchestration.QuoteRequest) { r.MaxNumQuotes = ptr(1 << 30) }, quote.Rules{},
			func(t *testing.T, r quote.Request) { wantInt(t, "MaxQuotes", r.MaxQuotes, 20) }},
		{"maxNumQuotes capped by the rules", func(r *orchestration.QuoteRequest) { r.MaxNumQuotes = ptr(9) }, quote.Rules{MaxQuotesCap: 4},
			func(t *testing.T, r quote.Request) { wantInt(t, "MaxQuotes", r.MaxQuotes, 4) }},
		{"a hosted provider not run", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{orchestration.ProviderJupiter}}
		}, quote.Rules{}, func(t *testing.T, r quote.Request) {
			if diff := cmp.Diff([]orchestration.ProviderID{orchestration.ProviderJupiter}, r.Exclude); diff != "" {
				t.Errorf("Exclude (-want +got):\n%s", diff)
			}
		}},
		{"an operator's provider that is run", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Include: []orchestration.ProviderID{acme}}
		}, quote.Rules{Providers: []orchestration.ProviderID{acme}}, func(t *testing.T, r quote.Request) {
			if diff := cmp.Diff([]orchestration.ProviderID{acme}, r.Include); diff != "" {
				t.Errorf("Include (-want +got):\n%s", diff)
			}
		}},
		{"sender, recipient and funder default and are canonical", func(r *orchestration.QuoteRequest) {
			r.Sender = strings.ToLower(sender)
		}, quote.Rules{}, func(t *testing.T, r quote.Request) {
			got := []string{r.Sender, r.Recipient, r.Funder}
			if diff := cmp.Diff([]string{canonSender, canonSender, canonSender}, got); diff != "" {
				t.Errorf("sender, recipient, funder (-want +got):\n%s", diff)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qr := request(wMEth)
			tt.modify(&qr)
			r, err := quote.ValidateRequest(testCatalog, qr, tt.rules)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, r)
		})
	}
}

func wantInt(t *testing.T, name string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %d, want %d", name, got, want)
	}
}

func wantString(t *testing.T, name, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %q, want %q", name, got, want)
	}
}

// A catalog whose errors are *orchestration.Error contributes only their
// message.
type codedCatalog struct{ quote.Catalog }

func (codedCatalog) Resolve(orchestration.AssetAddress) (asset.AssetInfo, error) {
	return asset.AssetInfo{}, orchestration.Wrap(orchestration.BadPermitRequest, errors.New("internal detail"), "no such token")
}

func TestResolverErrorKeepsOnlyItsMessage(t *testing.T) {
	e, _ := newEngine(t, quote.Config{Catalog: codedCatalog{testCatalog}})
	_, err := e.Quote(context.Background(), request(wMEth))
	oe := wantError(t, err, orchestration.BadQuoteRequest, "route.source: no such token")
	if code, _ := orchestration.CodeOf(oe.Err); code != orchestration.BadPermitRequest {
		t.Errorf("the resolver's error is not kept as the cause: %v", oe.Err)
	}
}

func TestDefaultsAndCanonicalForms(t *testing.T) {
	var rec recording
	p := memprovider.New(orchestration.ProviderMPortal).
		Edge(edge(mEth, wMEth), rec.wrap(rate(1, 1, 1500*time.Millisecond))).
		Edge(edge(mEth, mSol), rec.wrap(rate(1, 1, time.Minute)))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})

	lowerSender := strings.ToLower(sender)
	req := orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: strings.ToLower(mAddr)},
			Destination: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x" + strings.ToUpper(wMAddr[2:])},
		},
		AmountIn: "1000000",
		Sender:   lowerSender,
	}
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.Quote{{
		Route:        orchestration.Route{Source: addr(mEth), Destination: addr(wMEth)},
		Recipient:    sender,
		AmountIn:     "1000000",
		AmountOut:    "1000000",
		MinAmountOut: "1000000",
		EstFillTime:  2, // 1.5s rounds up
		Payloads: []orchestration.Payload{{
			Provider:   orchestration.ProviderMPortal, // attributed
			Annotation: "M@Ethereum>wM@Ethereum",
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: orchestration.Ethereum, ChainID: 1, To: mAddr, Data: "0x", Value: "0"}},
		}},
	}}
	if diff := cmp.Diff(want, quotes); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	reqs := rec.requests()
	if len(reqs) != 1 {
		t.Fatalf("provider saw %d legs, want 1", len(reqs))
	}
	got := reqs[0]
	type seen struct {
		From, To                            orchestration.AssetAddress
		Funder, Recipient, Refund, AmountIn string
		SlippageBps                         int
		FromSymbol                          string
		ToExtension                         bool
	}
	wantSeen := seen{addr(mEth), addr(wMEth), sender, sender, sender, "1000000", 50, "M", true}
	gotSeen := seen{addr(got.From), addr(got.To), got.Funder.String(), got.Recipient.String(), got.Refund.String(), got.AmountIn.String(), got.SlippageBps, got.From.Symbol, got.To.M0Extension}
	if diff := cmp.Diff(wantSeen, gotSeen); diff != "" {
		t.Errorf("leg request (-want +got):\n%s", diff)
	}

	// Cross-runtime with explicit recipient, funder and slippage.
	req = orchestration.QuoteRequest{
		Route: orchestration.Route{Source: addr(mEth), Destination: addr(mSol)}, AmountIn: "7",
		Sender: sender, Recipient: solKey, Funder: strings.ToLower(other), SlippageBps: ptr(300),
	}
	quotes, err = e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got = rec.requests()[1]
	if quotes[0].Recipient != solKey || got.Recipient.String() != solKey || got.Funder.String() != other || got.Refund.String() != other || got.SlippageBps != 300 {
		t.Errorf("quote recipient %s; provider saw recipient %s funder %s refund %s slippage %d",
			quotes[0].Recipient, got.Recipient, got.Funder, got.Refund, got.SlippageBps)
	}
}

func TestMaxNumQuotes(t *testing.T) {
	// 30 providers of one leg each, p00 the best.
	var ps []quote.Provider
	for i := range 30 {
		ps = append(ps, memprovider.New(orchestration.ProviderID(fmt.Sprintf("p%02d", i))).
			Edge(edge(mEth, wMEth), rate(int64(100-i), 100, 0)))
	}
	tests := []struct {
		name string
		cap  int
		max  *int
		want int
	}{
		{"default is 1", 0, nil, 1},
		{"explicit", 0, ptr(7), 7},
		{"at the cap", 0, ptr(20), 20},
		{"above the cap", 0, ptr(21), 20},
		{"far above the cap", 0, ptr(1 << 30), 20},
		{"custom cap", 3, ptr(5), 3},
		{"more than there are", 50, ptr(40), 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, quote.Config{Providers: ps, MaxQuotesCap: tt.cap})
			req := request(wMEth)
			req.MaxNumQuotes = tt.max
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, q := range quotes {
				got = append(got, q.AmountOut)
			}
			var want []string
			for i := range tt.want {
				want = append(want, fmt.Sprint(10_000*(100-i)))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("amounts (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRanking(t *testing.T) {
	id := func(s string) orchestration.ProviderID { return orchestration.ProviderID(s) }
	one := func(name string, s legSpec) *memprovider.Provider {
		return memprovider.New(id(name)).Edge(edge(mEth, wMEth), legFunc(s))
	}
	ps := []quote.Provider{
		one("a", legSpec{est: 10 * time.Second, payloads: 2}),
		one("b", legSpec{est: 5 * time.Second, payloads: 3}),
		one("c", legSpec{est: 4500 * time.Millisecond}), // 5s once rounded up
		one("d", legSpec{num: 2, den: 1, est: time.Hour, payloads: 4}),
		one("e", legSpec{num: 99, den: 100}),
		memprovider.New(id("f")).Edge(edge(mEth, usdcEth), legFunc(legSpec{est: 2400 * time.Millisecond})),
		memprovider.New(id("g")).Edge(edge(usdcEth, wMEth), legFunc(legSpec{est: 2400 * time.Millisecond})),
		one("h", legSpec{est: 5 * time.Second, payloads: 2}),
		one("c2", legSpec{est: 4500 * time.Millisecond}),
	}
	e, _ := newEngine(t, quote.Config{Providers: ps})
	req := request(wMEth)
	req.MaxNumQuotes = ptr(20)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	// amountOut desc, then whole seconds asc (f>g: 2.4s+2.4s = 5s), then
	// payloads asc, then shorter routes, then provider order.
	h := func(p string) string { return hopText(id(p), mEth, wMEth) }
	want := []string{
		h("d"),
		h("c"), h("c2"), h("h"),
		hopText("f", mEth, usdcEth) + " | " + hopText("g", usdcEth, wMEth),
		h("b"), h("a"),
		h("e"),
	}
	if diff := cmp.Diff(want, routesOf(quotes)); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	if fg := quotes[4]; fg.EstFillTime != 5 {
		t.Errorf("f>g estFillTime = %d, want 5 (2.4s + 2.4s rounded up once)", fg.EstFillTime)
	}
	req.MaxNumQuotes = ptr(3)
	quotes, err = e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want[:3], routesOf(quotes)); diff != "" {
		t.Errorf("capped order (-want +got):\n%s", diff)
	}
}

func TestNoProviders(t *testing.T) {
	e, _ := newEngine(t, quote.Config{})
	_, err := e.Quote(context.Background(), request(wMEth))
	wantError(t, err, orchestration.NoQuotesAvailable, "no quote providers are available")
}

func TestNoRouteExists(t *testing.T) {
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{swap()}})
	_, err := e.Quote(context.Background(), request(usdcArb))
	wantError(t, err, orchestration.NoQuotesAvailable, "no provider serves a route from M on Ethereum to USDC on Arbitrum in up to 3 legs")
}

func TestProviderTimeout(t *testing.T) {
	slow := memprovider.New(orchestration.ProviderMPortal).Edge(edge(mEth, wMEth), rate(2, 1, 0))
	slow.Delay = time.Hour
	fast := swap()
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{slow, fast}, ProviderTimeout: 50 * time.Millisecond})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(orchestration.ProviderMSwapFacility, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || warns[0].Attrs["provider"].String() != "m-portal" ||
		!strings.Contains(warns[0].Attrs["error"].String(), "deadline exceeded") {
		t.Errorf("warnings %+v, want one for m-portal's deadline", warns)
	}
}

// A provider that ignores its context is abandoned shortly after its
// deadline, and the request goes on without it.
func TestProviderIgnoringDeadlineIsAbandoned(t *testing.T) {
	release := make(chan struct{})
	defer close(release) // before the leak check, which runs at cleanup
	stuck := providerFunc{
		id:    orchestration.ProviderMPortal,
		edges: func(context.Context) ([]quote.Edge, error) { return []quote.Edge{edge(mEth, wMEth)}, nil },
		leg: func(context.Context, quote.LegRequest) (quote.Leg, error) {
			<-release
			return quote.Leg{}, errors.New("released")
		},
	}
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{stuck, swap()}, ProviderTimeout: 40 * time.Millisecond})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(orchestration.ProviderMSwapFacility, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || !strings.Contains(warns[0].Attrs["error"].String(), "ignored its deadline") {
		t.Errorf("warnings %+v, want one saying m-portal ignored its deadline", warns)
	}
}

func TestPanicRecovered(t *testing.T) {
	bad := memprovider.New(orchestration.ProviderMPortal).Edge(edge(mEth, wMEth), rate(2, 1, 0))
	bad.Panic = "kaboom"

	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, swap()}})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(orchestration.ProviderMSwapFacility, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || warns[0].Attrs["error"].String() != "provider panicked: kaboom" ||
		!strings.Contains(warns[0].Attrs["stack"].String(), "memprovider") {
		t.Errorf("records %+v, want one with the panic and its stack", warns)
	}

	// Alone, the panicking provider makes a QuoteError.
	e, _ = newEngine(t, quote.Config{Providers: []quote.Provider{bad}})
	_, err = e.Quote(context.Background(), request(wMEth))
	oe := wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
	if !strings.Contains(oe.Err.Error(), "provider m-portal leg Ethereum M -> Ethereum wM: provider panicked: kaboom") {
		t.Errorf("cause %q does not record the panic", oe.Err)
	}
}

// A provider whose Reads panics fails its legs, not the request: the other
// providers' quotes are returned.
func TestPanicInReadsRecovered(t *testing.T) {
	bad := newAMM(orchestration.ProviderUniswapV3, true).edge(mEth, wMEth)
	bad.readsPanic = "reads kaboom"
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, swap()}, Runtimes: evmRuntimes(nil, &fakeReader{compute: ammCompute})})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(orchestration.ProviderMSwapFacility, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || warns[0].Attrs["error"].String() != "provider panicked: reads kaboom" {
		t.Errorf("records %+v, want one with the panic", warns)
	}
}

func TestTransientFailureThenSuccess(t *testing.T) {
	p := swap()
	p.FailTimes = 1
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
	_, err := e.Quote(context.Background(), request(wMEth))
	oe := wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
	if !errors.Is(oe, memprovider.ErrInjected) {
		t.Errorf("cause %v does not wrap the provider's error", oe.Err)
	}
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatalf("retry: %v", err)
	}
	if len(quotes) != 1 || quotes[0].AmountOut != "1000000" {
		t.Errorf("quotes %+v, want one of 1000000", quotes)
	}
	if n := p.Calls(); n != 2 {
		t.Errorf("calls = %d, want 2", n)
	}
}

func TestErrorSplit(t *testing.T) {
	secret := errors.New("dial https://rpc.example/v3/SECRETKEY: connection refused")
	failing := func(id orchestration.ProviderID) quote.Provider {
		p := memprovider.New(id).Edge(edge(mEth, wMEth), rate(1, 1, 0))
		p.Fail = secret
		return p
	}
	noRoute := func(id orchestration.ProviderID) quote.Provider {
		return memprovider.New(id).Edge(edge(mEth, wMEth), func(context.Context, quote.LegRequest) (quote.Leg, error) {
			return quote.Leg{}, fmt.Errorf("%w: pool empty (SECRETKEY)", quote.ErrNoRoute)
		})
	}
	noEdge := func(id orchestration.ProviderID) quote.Provider { return memprovider.New(id) }
	invalid := func(id orchestration.ProviderID) quote.Provider {
		return memprovider.New(id).Edge(edge(mEth, wMEth), legFunc(legSpec{edit: func(l *quote.Leg) { l.AmountOut = big.NewInt(0) }}))
	}
	edgesDown := func(id orchestration.ProviderID) quote.Provider {
		p := memprovider.New(id).Edge(edge(mEth, wMEth), rate(1, 1, 0))
		p.EdgesFail = secret
		return p
	}
	const (
		noLeg       = "no provider can quote this route and amount"
		noPath      = "no provider serves a route from M on Ethereum to wM on Ethereum in up to 3 legs"
		failed      = "quote providers failed unexpectedly; a retry may succeed"
		portal, uni = orchestration.ProviderMPortal, orchestration.ProviderUniswapV3
	)
	tests := []struct {
		name      string
		providers []quote.Provider
		code      orchestration.Code
		msg       string
	}{
		{"every leg has no route", []quote.Provider{noRoute(portal), noRoute(uni)}, orchestration.NoQuotesAvailable, noLeg},
		{"no edge anywhere", []quote.Provider{noEdge(portal), noEdge(uni)}, orchestration.NoQuotesAvailable, noPath},
		{"every provider failed", []quote.Provider{failing(portal), failing(uni)}, orchestration.QuoteError, failed},
		{"no route and failure", []quote.Provider{noRoute(portal), failing(uni)}, orchestration.QuoteError, failed},
		{"only invalid legs", []quote.Provider{invalid(portal)}, orchestration.QuoteError, failed},
		{"edges unavailable", []quote.Provider{edgesDown(portal)}, orchestration.QuoteError, failed},
		{"edges unavailable and no route", []quote.Provider{edgesDown(portal), noRoute(uni)}, orchestration.QuoteError, failed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, quote.Config{Providers: tt.providers})
			quotes, err := e.Quote(context.Background(), request(wMEth))
			if quotes != nil {
				t.Errorf("got quotes %v", quotes)
			}
			oe := wantError(t, err, tt.code, tt.msg)
			if strings.Contains(oe.Message, "SECRET") {
				t.Errorf("message leaks the provider's error: %q", oe.Message)
			}
			if tt.code == orchestration.QuoteError && oe.Err == nil {
				t.Error("QuoteError without a cause for the logs")
			}
		})
	}
}

func TestPartialFailureIsLogged(t *testing.T) {
	boom := errors.New("rpc timeout")
	bad := memprovider.New(orchestration.ProviderMPortal).Edge(edge(mEth, wMEth), rate(2, 1, 0))
	bad.Fail = boom
	none := memprovider.New(orchestration.ProviderUniswapV3).Edge(edge(mEth, wMEth), func(context.Context, quote.LegRequest) (quote.Leg, error) {
		return quote.Leg{}, fmt.Errorf("%w: pool empty", quote.ErrNoRoute)
	})
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, swap(), none}})
	ctx := orchestration.ContextWithRequestID(context.Background(), "req-42")
	quotes, err := e.Quote(ctx, request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(orchestration.ProviderMSwapFacility, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 {
		t.Fatalf("got %d warnings, want 1: %+v", len(warns), rec.records)
	}
	want := map[string]string{
		"provider":  "m-portal",
		"chain":     "Ethereum",
		"leg":       "Ethereum M -> Ethereum wM",
		"error":     "rpc timeout",
		"requestId": "req-42",
	}
	if diff := cmp.Diff(want, warns[0].attrs()); diff != "" {
		t.Errorf("warning attributes (-want +got):\n%s", diff)
	}
	if d, ok := warns[0].Attrs["duration"]; !ok || d.Kind() != slog.KindDuration {
		t.Errorf("warning has no duration: %+v", warns[0].Attrs)
	}
	if debug := rec.find(slog.LevelDebug, "quote provider has no route"); len(debug) != 1 || debug[0].Attrs["provider"].String() != "uniswap-v3" {
		t.Errorf("no-route records %+v, want one for uniswap-v3 at Debug", debug)
	}
}

func TestInvalidLegsDropped(t *testing.T) {
	evmPayload := func(edit func(*orchestration.EVMPayload)) []orchestration.Payload {
		p := &orchestration.EVMPayload{Chain: orchestration.Ethereum, ChainID: 1, To: mAddr, Data: "0x", Value: "0"}
		edit(p)
		return []orchestration.Payload{{Annotation: "x", Data: orchestration.TransactionPayload{EVM: p}}}
	}
	tests := []struct {
		name string
		edit func(*quote.Leg)
		want string // the logged error
	}{
		{"no payloads", func(l *quote.Leg) { l.Payloads = nil }, "no payloads"},
		{"nil amountOut", func(l *quote.Leg) { l.AmountOut = nil }, "amountOut must be greater than zero"},
		{"zero amountOut", func(l *quote.Leg) { l.AmountOut = big.NewInt(0) }, "amountOut must be greater than zero"},
		{"amountOut 2^256", func(l *quote.Leg) { l.AmountOut = new(big.Int).Lsh(big.NewInt(1), 256) }, "amountOut must be below 2^256"},
		{"floor above amountOut", func(l *quote.Leg) { l.MinAmountOut = new(big.Int).Add(l.AmountOut, big.NewInt(1)) },
			"minAmountOut must be greater than zero and at most amountOut"},
		{"zero floor", func(l *quote.Leg) { l.MinAmountOut = big.NewInt(0) }, "minAmountOut must be greater than zero and at most amountOut"},
		{"negative time", func(l *quote.Leg) { l.EstTime = -time.Second }, "estTime must not be negative"},
		{"payload of neither runtime", func(l *quote.Leg) { l.Payloads = []orchestration.Payload{{}} },
			"payload 0: must have exactly one of EVM and SVM data"},
		{"payload claims another provider", func(l *quote.Leg) { l.Payloads[0].Provider = orchestration.ProviderMPortal },
			`payload 0 claims provider "m-portal"`},
		{"bad value", func(l *quote.Leg) { l.Payloads = evmPayload(func(p *orchestration.EVMPayload) { p.Value = "-1" }) },
			`payload 0: value "-1": must be a whole number`},
		{"bad data", func(l *quote.Leg) { l.Payloads = evmPayload(func(p *orchestration.EVMPayload) { p.Data = "095ea7b3" }) },
			"payload 0: data is not 0x-prefixed hex"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := memprovider.New(orchestration.ProviderMSwapFacility).Edge(edge(mEth, wMEth), legFunc(legSpec{num: 2, den: 1, edit: tt.edit}))
			onlyTheGoodRoute(t, bad, tt.want)
		})
	}
}

func TestCallerCancellation(t *testing.T) {
	slow := func(id orchestration.ProviderID) *memprovider.Provider {
		p := memprovider.New(id).Edge(edge(mEth, wMEth), rate(1, 1, 0))
		p.Delay = time.Hour
		return p
	}
	const msg = "the quote request was cancelled or timed out before providers answered"
	t.Run("while pricing", func(t *testing.T) {
		a, b := slow(orchestration.ProviderMPortal), slow(orchestration.ProviderMSwapFacility)
		var observed int
		obs := observerFunc(func(context.Context, quote.Observation) { observed++ })
		e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{a, b}, Observer: obs})
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		_, err := e.Quote(ctx, request(wMEth))
		wantError(t, err, orchestration.QuoteError, msg)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error %v does not wrap context.Canceled", err)
		}
		if observed != 0 {
			t.Errorf("an abandoned request was observed %d times", observed)
		}
	})
	t.Run("deadline", func(t *testing.T) {
		e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{slow(orchestration.ProviderMPortal)}})
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		_, err := e.Quote(ctx, request(wMEth))
		wantError(t, err, orchestration.QuoteError, msg)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error %v does not wrap context.DeadlineExceeded", err)
		}
	})
	t.Run("before the call", func(t *testing.T) {
		p := swap()
		e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := e.Quote(ctx, request(wMEth))
		wantError(t, err, orchestration.QuoteError, msg)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error %v does not wrap context.Canceled", err)
		}
		if p.Calls() != 0 {
			t.Errorf("provider called %d times after cancellation", p.Calls())
		}
	})
}

// Many concurrent requests, with failing, slow, panicking and healthy
// providers on one- and two-leg routes, leave no goroutine behind
// (newEngine checks) and race on nothing (go test -race).
func TestConcurrentRequests(t *testing.T) {
	slow := memprovider.New(orchestration.ProviderMPortal).Edge(edge(mEth, wMEth), rate(3, 1, 0))
	slow.Delay = time.Hour
	panicky := memprovider.New(orchestration.ProviderUniswapV3).Edge(edge(mEth, wMEth), rate(3, 1, 0))
	panicky.Panic = "boom"
	failing := memprovider.New(orchestration.ProviderLimitOrder).Edge(edge(mEth, wMEth), rate(3, 1, 0))
	failing.Fail = errors.New("down")
	twoLegs := memprovider.New(acme).Edge(edge(mEth, usdcEth), rate(1, 1, 0)).Edge(edge(usdcEth, wMEth), rate(1, 1, 0))
	e, _ := newEngine(t, quote.Config{
		Providers:       []quote.Provider{slow, panicky, failing, swap(), twoLegs},
		ProviderTimeout: 30 * time.Millisecond,
	})
	want := []string{ // 0s before 12s
		hopText(acme, mEth, usdcEth) + " | " + hopText(acme, usdcEth, wMEth),
		hopText(orchestration.ProviderMSwapFacility, mEth, wMEth),
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			req := request(wMEth)
			req.MaxNumQuotes = ptr(5)
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Errorf("Quote: %v", err)
				return
			}
			if diff := cmp.Diff(want, routesOf(quotes)); diff != "" {
				t.Errorf("quotes (-want +got):\n%s", diff)
			}
		})
	}
	wg.Wait()
}

type observerFunc func(context.Context, quote.Observation)

func (f observerFunc) ObserveQuote(ctx context.Context, o quote.Observation) { f(ctx, o) }

func TestObserver(t *testing.T) {
	var got []quote.Observation
	obs := observerFunc(func(_ context.Context, o quote.Observation) { got = append(got, o) })
	bad := memprovider.New(orchestration.ProviderMPortal).Edge(edge(mEth, wMEth), rate(1, 1, 0))
	bad.Fail = errors.New("down")
	none := memprovider.New(orchestration.ProviderUniswapV3).Edge(edge(mEth, wMEth), func(context.Context, quote.LegRequest) (quote.Leg, error) {
		return quote.Leg{}, quote.ErrNoRoute
	})
	idle := memprovider.New(orchestration.ProviderJupiter) // no edge on any route
	down := memprovider.New(orchestration.ProviderLimitOrder)
	down.EdgesFail = errors.New("chain down")
	two := memprovider.New(acme).Edge(edge(mEth, usdtEth), rate(1, 1, 0)).Edge(edge(usdtEth, wMEth), rate(1, 1, 0))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{bad, swap(), none, idle, down, two}, Observer: obs})

	req := request(wMEth)
	req.MaxNumQuotes = ptr(5)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("observer called %d times, want 1", len(got))
	}
	o := got[0]
	if diff := cmp.Diff(quotes, o.Quotes); diff != "" {
		t.Errorf("observed quotes (-returned +observed):\n%s", diff)
	}
	if o.Request.Source.Address != mAddr || o.Request.Sender != sender || o.Request.MaxQuotes != 5 {
		t.Errorf("observed request %+v", o.Request)
	}
	type outcome struct {
		Provider orchestration.ProviderID
		Status   string
		Legs     int
		HasErr   bool
	}
	var outs []outcome
	for _, oc := range o.Outcomes {
		outs = append(outs, outcome{oc.Provider, oc.Status.String(), oc.Legs, oc.Err != nil})
	}
	want := []outcome{
		{orchestration.ProviderMPortal, "failed", 0, true},
		{orchestration.ProviderMSwapFacility, "ok", 1, false},
		{orchestration.ProviderUniswapV3, "no-route", 0, true},
		{orchestration.ProviderJupiter, "no-route", 0, false},
		{orchestration.ProviderLimitOrder, "failed", 0, true},
		{acme, "ok", 2, false},
	}
	if diff := cmp.Diff(want, outs); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}

	// Not observed: invalid requests and requests their caller abandoned.
	req.AmountIn = "0"
	if _, err := e.Quote(context.Background(), req); err == nil {
		t.Error("Quote with amountIn 0 succeeded")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Quote(ctx, request(wMEth)); !errors.Is(err, context.Canceled) {
		t.Errorf("Quote with a cancelled context: %v, want context.Canceled", err)
	}
	if len(got) != 1 {
		t.Errorf("observer called %d times, want 1", len(got))
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		name string
		cfg  quote.Config
		want string
	}{
		{"no catalog", quote.Config{}, "quote: Config.Catalog is nil"},
		{"nil provider", quote.Config{Catalog: testCatalog, Providers: []quote.Provider{swap(), nil}}, "quote: Config.Providers[1] is nil"},
		{"empty id", quote.Config{Catalog: testCatalog, Providers: []quote.Provider{memprovider.New("")}}, "quote: Config.Providers[0] has an empty ID"},
		{"duplicate id", quote.Config{Catalog: testCatalog, Providers: []quote.Provider{swap(), memprovider.New(orchestration.ProviderMPortal), swap()}},
			`quote: Config.Providers[2] duplicates provider ID "m-swap-facility"`},
		{"nil runtime", quote.Config{Catalog: testCatalog, Runtimes: []quote.Runtime{nil}}, "quote: Config.Runtimes[0] is nil"},
		{"two runtimes of one kind", quote.Config{Catalog: testCatalog, Runtimes: append(evmRuntimes(nil, nil), evmRuntimes(nil, nil)...)},
			"quote: Config.Runtimes[1] serves evm, as an earlier runtime does"},
		{"negative timeout", quote.Config{Catalog: testCatalog, ProviderTimeout: -1}, "quote: negative Config.ProviderTimeout"},
		{"negative cap", quote.Config{Catalog: testCatalog, MaxQuotesCap: -1}, "quote: negative Config.MaxQuotesCap"},
		{"negative legs", quote.Config{Catalog: testCatalog, MaxLegs: -1}, "quote: negative Config.MaxLegs"},
		{"negative routes", quote.Config{Catalog: testCatalog, MaxRoutes: -1}, "quote: negative Config.MaxRoutes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := quote.New(tt.cfg)
			if err == nil || err.Error() != tt.want {
				t.Errorf("New = %v, %v; want error %q", e, err, tt.want)
			}
		})
	}
	e, err := quote.New(quote.Config{Catalog: testCatalog, Providers: []quote.Provider{memprovider.New(orchestration.ProviderMPortal), swap(), memprovider.New(acme)}})
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.ProviderID{orchestration.ProviderMPortal, orchestration.ProviderMSwapFacility, acme}
	if diff := cmp.Diff(want, e.Providers()); diff != "" {
		t.Errorf("Providers (-want +got):\n%s", diff)
	}
	rules := e.Rules()
	if rules.Code != orchestration.BadQuoteRequest || rules.MaxQuotesCap != quote.DefaultMaxQuotesCap || !cmp.Equal(want, rules.Providers) {
		t.Errorf("Rules = %+v, want BadQuoteRequest, the default cap and the providers", rules)
	}
}

// A nil Logger means slog.Default(), read when the engine logs.
func TestNilLoggerUsesDefault(t *testing.T) {
	rec := new(recorder)
	defer slog.SetDefault(slog.Default())
	bad := memprovider.New(orchestration.ProviderMPortal).Edge(edge(mEth, wMEth), rate(1, 1, 0))
	bad.Fail = errors.New("down")
	e, err := quote.New(quote.Config{Catalog: testCatalog, Providers: []quote.Provider{bad, swap()}})
	if err != nil {
		t.Fatal(err)
	}
	slog.SetDefault(slog.New(rec))
	if _, err := e.Quote(context.Background(), request(wMEth)); err != nil {
		t.Fatal(err)
	}
	if n := len(rec.find(slog.LevelWarn, "quote provider failed")); n != 1 {
		t.Errorf("default logger got %d warnings, want 1", n)
	}
}

// The embedded default catalog of the asset package serves as the engine's
// Catalog as it is.
func TestDefaultCatalog(t *testing.T) {
	cat := asset.Default()
	m, err := cat.Resolve(addr(mEth))
	if err != nil {
		t.Fatal(err)
	}
	wM, err := cat.Resolve(addr(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	p := memprovider.New(orchestration.ProviderMSwapFacility).Edge(edge(m, wM), rate(999, 1000, 0))
	e, _ := newEngine(t, quote.Config{Catalog: cat, Providers: []quote.Provider{p}})
	req := request(wMEth)
	req.Route.Source.Address = strings.ToLower(mAddr)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if quotes[0].Route.Source.Address != mAddr || quotes[0].AmountOut != "999000" {
		t.Errorf("quote %+v, want the canonical M address and amount 999000", quotes[0])
	}
	req.Route.Destination = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: other}
	_, err = e.Quote(context.Background(), req)
	wantError(t, err, orchestration.BadQuoteRequest, "route.destination: asset "+other+" is not supported on Ethereum")
}

// TestUnvalidatedParties: a Request that did not pass ValidateRequest is
// refused, naming the field, when an address does not parse in its
// runtime, before any provider sees a leg with it.
func TestUnvalidatedParties(t *testing.T) {
	rec := &recording{}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{
		memprovider.New(orchestration.ProviderMSwapFacility).Edge(edge(mEth, wMEth), rec.wrap(rate(1, 1, time.Second))),
	}})
	valid, err := quote.ValidateRequest(testCatalog, request(wMEth), e.Rules())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.QuoteRequest(context.Background(), valid); err != nil {
		t.Fatalf("the valid request: %v", err)
	}
	for _, tt := range []struct {
		name   string
		modify func(*quote.Request)
		want   string
	}{
		{"funder", func(r *quote.Request) { r.Funder = "0xabc" }, "funder "},
		{"sender of another runtime", func(r *quote.Request) { r.Sender = solKey }, "sender "},
		{"recipient missing", func(r *quote.Request) { r.Recipient = "" }, "recipient "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := valid
			tt.modify(&req)
			before := len(rec.requests())
			_, err := e.QuoteRequest(context.Background(), req)
			oe, ok := errors.AsType[*orchestration.Error](err)
			if !ok || oe.Code != orchestration.BadQuoteRequest || !strings.HasPrefix(oe.Message, tt.want) {
				t.Errorf("error %v, want BadQuoteRequest starting %q", err, tt.want)
			}
			if n := len(rec.requests()) - before; n != 0 {
				t.Errorf("the provider saw %d legs", n)
			}
		})
	}
}
