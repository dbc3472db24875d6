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

// wantError checks that err is an *orchestration.Error with the code and
// message.
func wantError(t *testing.T, err error, code orchestration.Code, msg string) *orchestration.Error {
	t.Helper()
	var oe *orchestration.Error
	if !errors.As(err, &oe) {
		t.Fatalf("error %v (%T), want *orchestration.Error", err, err)
	}
	got := struct {
		Code    orchestration.Code
		Message string
	}{oe.Code, oe.Message}
	want := struct {
		Code    orchestration.Code
		Message string
	}{code, msg}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
	return oe
}

func TestValidation(t *testing.T) {
	lower := strings.ToLower(mAddr)
	mixedBad := "0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	notEVM := `must be an EVM address, 0x followed by 40 hex digits, not `
	notInt := `must be a whole number in the smallest unit, written with digits only (no sign, exponent, fraction or spaces), not `
	two256 := new(big.Int).Lsh(big.NewInt(1), 256).String()
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
		{"same asset", func(r *orchestration.QuoteRequest) { r.Route.Destination = mEth }, "route.source and route.destination must differ"},
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
			r.Route.Destination, r.Recipient = mSol, other
		}, `recipient must be a Solana address, base58 of 32 bytes, not "` + other + `"`},
		{"recipient missing across runtimes", func(r *orchestration.QuoteRequest) { r.Route.Destination = mSol },
			"recipient is required when the route crosses runtimes (evm to svm)"},
		{"recipient missing across runtimes from svm", func(r *orchestration.QuoteRequest) {
			r.Route.Source, r.Route.Destination, r.Sender = mSol, mEth, solKey
		}, "recipient is required when the route crosses runtimes (svm to evm)"},
		{"funder malformed", func(r *orchestration.QuoteRequest) { r.Funder = "0x" }, `funder ` + notEVM + `"0x"`},
		{"funder of the destination runtime", func(r *orchestration.QuoteRequest) {
			r.Route.Destination, r.Recipient, r.Funder = mSol, solKey, solKey
		}, `funder ` + notEVM + `"` + solKey + `"`},
		{"maxNumQuotes zero", func(r *orchestration.QuoteRequest) { r.MaxNumQuotes = ptr(0) }, "maxNumQuotes must be at least 1"},
		{"maxNumQuotes negative", func(r *orchestration.QuoteRequest) { r.MaxNumQuotes = ptr(-3) }, "maxNumQuotes must be at least 1"},
		{"include and exclude", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{
				Include: []orchestration.ProviderID{orchestration.ProviderMSwapFacility},
				Exclude: []orchestration.ProviderID{orchestration.ProviderMPortal},
			}
		}, "providers.include and providers.exclude cannot both be set"},
		{"include unknown", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderMSwapFacility, "1inch"}}
		}, `providers.include has unknown provider "1inch"`},
		{"exclude unknown", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{"M-SWAP-FACILITY"}}
		}, `providers.exclude has unknown provider "M-SWAP-FACILITY"`},
		{"unknown provider clipped", func(r *orchestration.QuoteRequest) {
			r.Providers = &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{orchestration.ProviderID(strings.Repeat("x", 100))}}
		}, `providers.exclude has unknown provider "` + strings.Repeat("x", 80) + `…"`},
	}
	p := swap(candidate("swap", 1, 0, 1))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := request()
			tt.modify(&req)
			quotes, err := e.Quote(context.Background(), req)
			if quotes != nil {
				t.Errorf("got %d quotes with the error", len(quotes))
			}
			wantError(t, err, orchestration.BadQuoteRequest, tt.want)
		})
	}
	if n := p.Calls(); n != 0 {
		t.Errorf("the provider was called %d times for invalid requests", n)
	}
}

// A resolver whose errors are *orchestration.Error contributes only their
// message.
type codedResolver struct{}

func (codedResolver) Resolve(a orchestration.AssetAddress) (asset.AssetInfo, error) {
	return asset.AssetInfo{}, orchestration.Wrap(orchestration.BadPermitRequest, errors.New("internal detail"), "no such token")
}

func TestResolverErrorKeepsOnlyItsMessage(t *testing.T) {
	e, _ := newEngine(t, quote.Config{Assets: codedResolver{}})
	_, err := e.Quote(context.Background(), request())
	oe := wantError(t, err, orchestration.BadQuoteRequest, "route.source: no such token")
	if code, _ := orchestration.CodeOf(oe.Err); code != orchestration.BadPermitRequest {
		t.Errorf("the resolver's error is not kept as the cause: %v", oe.Err)
	}
}

func TestDefaultsAndCanonicalForms(t *testing.T) {
	var seen []quote.Request
	var mu sync.Mutex
	record := func(_ context.Context, r quote.Request) ([]quote.Candidate, error) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, r)
		return []quote.Candidate{candidate("a", 5, 1500*time.Millisecond, 1), candidate("b", 4, 0, 1)}, nil
	}
	p := memprovider.New(orchestration.ProviderMPortal).RouteFunc(mEth, wMEth, record).RouteFunc(mEth, mSol, record)
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})

	lowerSender := strings.ToLower("0xAbCdEf0123456789aBcDeF0123456789AbCdEf01")
	canonSender, _ := orchestration.ParseAddress(orchestration.RuntimeEVM, lowerSender)
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
		Route:       orchestration.Route{Source: mEth, Destination: wMEth},
		Recipient:   canonSender,
		AmountIn:    "1000000",
		AmountOut:   "5",
		EstFillTime: 2, // 1.5s rounds up
		Payloads:    candidate("a", 5, 0, 1).Payloads,
	}}
	want[0].Payloads[0].Provider = orchestration.ProviderMPortal // attributed
	if diff := cmp.Diff(want, quotes); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	if len(seen) != 1 {
		t.Fatalf("provider saw %d requests, want 1", len(seen))
	}
	got := seen[0]
	if got.Sender != canonSender || got.Recipient != canonSender || got.Funder != canonSender {
		t.Errorf("sender, recipient, funder = %s, %s, %s; want all %s", got.Sender, got.Recipient, got.Funder, canonSender)
	}
	if got.Source.Address != mAddr || got.Destination.Address != wMAddr || got.Source.Symbol != "M" || !got.Destination.M0Extension {
		t.Errorf("provider saw assets %+v -> %+v, want the catalog's M and wM", got.Source, got.Destination)
	}
	if got.AmountIn.String() != "1000000" {
		t.Errorf("provider saw amountIn %v", got.AmountIn)
	}

	// Cross-runtime with explicit recipient and funder.
	seen = nil
	req = orchestration.QuoteRequest{
		Route: orchestration.Route{Source: mEth, Destination: mSol}, AmountIn: "7",
		Sender: sender, Recipient: solKey, Funder: strings.ToLower(other),
	}
	quotes, err = e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if quotes[0].Recipient != solKey || seen[0].Recipient != solKey || seen[0].Funder != other || seen[0].Sender != sender {
		t.Errorf("quote recipient %s; provider saw sender %s recipient %s funder %s", quotes[0].Recipient, seen[0].Sender, seen[0].Recipient, seen[0].Funder)
	}
}

func TestMaxNumQuotes(t *testing.T) {
	var cands []quote.Candidate
	for i := range 30 {
		cands = append(cands, candidate(fmt.Sprint(i), int64(100-i), 0, 1))
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
			e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{swap(cands...)}, MaxQuotesCap: tt.cap})
			req := request()
			req.MaxNumQuotes = tt.max
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if len(quotes) != tt.want {
				t.Fatalf("got %d quotes, want %d", len(quotes), tt.want)
			}
			if quotes[0].AmountOut != "100" || quotes[len(quotes)-1].AmountOut != fmt.Sprint(100-tt.want+1) {
				t.Errorf("got amounts %s..%s, want the best %d", quotes[0].AmountOut, quotes[len(quotes)-1].AmountOut, tt.want)
			}
		})
	}
}

func TestRanking(t *testing.T) {
	a := memprovider.New(orchestration.ProviderMSwapFacility).Route(mEth, wMEth,
		candidate("a1", 100, 10*time.Second, 2),
		candidate("a2", 100, 5*time.Second, 3),
		candidate("a3", 100, 4500*time.Millisecond, 1), // 5s once rounded up
	)
	b := memprovider.New(orchestration.ProviderMPortal).Route(mEth, wMEth,
		candidate("b1", 100, 5*time.Second, 1),
		candidate("b2", 200, time.Hour, 4),
		candidate("b3", 100, 5*time.Second, 1),
		candidate("b4", 99, 0, 1),
	)
	c := memprovider.New(orchestration.ProviderUniswapV3).Route(mEth, wMEth,
		candidate("c1", 100, 5*time.Second, 1),
		candidate("c2", 100, 5*time.Second, 2),
		candidate("c3", 1_000_000_000_000, 30*time.Second, 2),
	)
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{a, b, c}})
	req := request()
	req.MaxNumQuotes = ptr(20)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	// amountOut desc, then seconds asc, then payloads asc, then provider
	// order (a, b, c), then candidate order.
	want := []string{"c3", "b2", "a3", "b1", "b3", "c1", "c2", "a2", "a1", "b4"}
	if diff := cmp.Diff(want, names(quotes)); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	req.MaxNumQuotes = ptr(3)
	quotes, err = e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want[:3], names(quotes)); diff != "" {
		t.Errorf("capped order (-want +got):\n%s", diff)
	}
}

func TestIncludeExclude(t *testing.T) {
	ids := func(ids ...orchestration.ProviderID) []orchestration.ProviderID { return ids }
	const (
		swapID   = orchestration.ProviderMSwapFacility
		portalID = orchestration.ProviderMPortal
		uniID    = orchestration.ProviderUniswapV3
		limitID  = orchestration.ProviderLimitOrder
	)
	const available = "available providers: m-swap-facility, m-portal, uniswap-v3"
	tests := []struct {
		name      string
		providers *orchestration.ProvidersParams
		want      []string // quote names, best first
		wantCalls [3]int64
		wantErr   string // NoQuotesAvailable message
	}{
		{"none", nil, []string{"uni", "portal", "swap"}, [3]int64{1, 1, 1}, ""},
		{"both empty", &orchestration.ProvidersParams{Include: ids(), Exclude: ids()}, []string{"uni", "portal", "swap"}, [3]int64{1, 1, 1}, ""},
		{"include", &orchestration.ProvidersParams{Include: ids(swapID, portalID)}, []string{"portal", "swap"}, [3]int64{1, 1, 0}, ""},
		{"include one and one not run", &orchestration.ProvidersParams{Include: ids(limitID, swapID)}, []string{"swap"}, [3]int64{1, 0, 0}, ""},
		{"exclude", &orchestration.ProvidersParams{Exclude: ids(uniID)}, []string{"portal", "swap"}, [3]int64{1, 1, 0}, ""},
		{"empty include, exclude", &orchestration.ProvidersParams{Include: ids(), Exclude: ids(uniID)}, []string{"portal", "swap"}, [3]int64{1, 1, 0}, ""},
		{"exclude one not run", &orchestration.ProvidersParams{Exclude: ids(limitID)}, []string{"uni", "portal", "swap"}, [3]int64{1, 1, 1}, ""},
		{"include only one not run", &orchestration.ProvidersParams{Include: ids(limitID)}, nil, [3]int64{},
			"none of the providers in providers.include is available; " + available},
		{"exclude all", &orchestration.ProvidersParams{Exclude: ids(uniID, swapID, portalID, limitID)}, nil, [3]int64{},
			"providers.exclude excludes every available provider; " + available},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps := []*memprovider.Provider{
				swap(candidate("swap", 1, 0, 1)),
				memprovider.New(portalID).Route(mEth, wMEth, candidate("portal", 2, 0, 1)),
				memprovider.New(uniID).Route(mEth, wMEth, candidate("uni", 3, 0, 1)),
			}
			e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{ps[0], ps[1], ps[2]}})
			req := request()
			req.MaxNumQuotes, req.Providers = ptr(5), tt.providers
			quotes, err := e.Quote(context.Background(), req)
			if tt.wantErr != "" {
				wantError(t, err, orchestration.NoQuotesAvailable, tt.wantErr)
			} else if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, names(quotes)); diff != "" {
				t.Errorf("quotes (-want +got):\n%s", diff)
			}
			if got := [3]int64{ps[0].Calls(), ps[1].Calls(), ps[2].Calls()}; got != tt.wantCalls {
				t.Errorf("calls = %v, want %v", got, tt.wantCalls)
			}
		})
	}
}

func TestNoProviders(t *testing.T) {
	e, _ := newEngine(t, quote.Config{})
	_, err := e.Quote(context.Background(), request())
	wantError(t, err, orchestration.NoQuotesAvailable, "no quote providers are available")
}

func TestProviderTimeout(t *testing.T) {
	slow := memprovider.New(orchestration.ProviderMPortal).Route(mEth, wMEth, candidate("slow", 1000, 0, 1))
	slow.Delay = time.Hour
	fast := swap(candidate("fast", 1, 0, 1))
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{slow, fast}, ProviderTimeout: 50 * time.Millisecond})
	start := time.Now()
	quotes, err := e.Quote(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Quote took %v with a 50ms provider timeout", d)
	}
	if diff := cmp.Diff([]string{"fast"}, names(quotes)); diff != "" {
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
	stuck := providerFunc{orchestration.ProviderMPortal, func(context.Context, quote.Request) ([]quote.Candidate, error) {
		<-release
		return nil, nil
	}}
	fast := swap(candidate("fast", 1, 0, 1))
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{stuck, fast}, ProviderTimeout: 40 * time.Millisecond})
	start := time.Now()
	quotes, err := e.Quote(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Quote took %v with a 40ms provider timeout", d)
	}
	if diff := cmp.Diff([]string{"fast"}, names(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || !strings.Contains(warns[0].Attrs["error"].String(), "ignored its deadline") {
		t.Errorf("warnings %+v, want one saying m-portal ignored its deadline", warns)
	}
}

func TestPanicRecovered(t *testing.T) {
	bad := memprovider.New(orchestration.ProviderMPortal).Route(mEth, wMEth, candidate("bad", 1000, 0, 1))
	bad.Panic = "kaboom"
	good := swap(candidate("good", 1, 0, 1))

	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, good}})
	quotes, err := e.Quote(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"good"}, names(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	panics := rec.find(slog.LevelError, "quote provider panicked")
	if len(panics) != 1 || panics[0].Attrs["panic"].String() != "kaboom" ||
		!strings.Contains(panics[0].Attrs["stack"].String(), "memprovider") {
		t.Errorf("panic records %+v, want one with the value and stack", panics)
	}

	// Alone, the panicking provider makes a QuoteError.
	e, _ = newEngine(t, quote.Config{Providers: []quote.Provider{bad}})
	_, err = e.Quote(context.Background(), request())
	oe := wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
	if !strings.Contains(oe.Err.Error(), "provider m-portal: provider panicked: kaboom") {
		t.Errorf("cause %q does not record the panic", oe.Err)
	}
}

func TestTransientFailureThenSuccess(t *testing.T) {
	p := swap(candidate("ok", 1, 0, 1))
	p.FailTimes = 1
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
	_, err := e.Quote(context.Background(), request())
	oe := wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
	if !errors.Is(oe, memprovider.ErrInjected) {
		t.Errorf("cause %v does not wrap the provider's error", oe.Err)
	}
	quotes, err := e.Quote(context.Background(), request())
	if err != nil {
		t.Fatalf("retry: %v", err)
	}
	if diff := cmp.Diff([]string{"ok"}, names(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	if n := p.Calls(); n != 2 {
		t.Errorf("calls = %d, want 2", n)
	}
}

func TestErrorSplit(t *testing.T) {
	secret := errors.New("dial https://rpc.example/v3/SECRETKEY: connection refused")
	failing := func(id orchestration.ProviderID) quote.Provider {
		p := memprovider.New(id).Route(mEth, wMEth, candidate("x", 1, 0, 1))
		p.Fail = secret
		return p
	}
	noRoute := func(id orchestration.ProviderID) quote.Provider { return memprovider.New(id) } // ErrNoRoute
	empty := func(id orchestration.ProviderID) quote.Provider { return memprovider.New(id).Route(mEth, wMEth) }
	invalid := func(id orchestration.ProviderID) quote.Provider {
		return memprovider.New(id).Route(mEth, wMEth, quote.Candidate{AmountOut: big.NewInt(0), Payloads: candidate("zero", 0, 0, 1).Payloads})
	}
	const (
		unavailable = "no provider can quote this route and amount"
		failed      = "quote providers failed unexpectedly; a retry may succeed"
	)
	tests := []struct {
		name      string
		providers []quote.Provider
		code      orchestration.Code
		msg       string
	}{
		{"every provider has no route", []quote.Provider{noRoute(orchestration.ProviderMPortal), empty(orchestration.ProviderUniswapV3)}, orchestration.NoQuotesAvailable, unavailable},
		{"every provider failed", []quote.Provider{failing(orchestration.ProviderMPortal), failing(orchestration.ProviderUniswapV3)}, orchestration.QuoteError, failed},
		{"no route and failure", []quote.Provider{noRoute(orchestration.ProviderMPortal), failing(orchestration.ProviderUniswapV3)}, orchestration.QuoteError, failed},
		{"only invalid candidates", []quote.Provider{invalid(orchestration.ProviderMPortal)}, orchestration.QuoteError, failed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, quote.Config{Providers: tt.providers})
			quotes, err := e.Quote(context.Background(), request())
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
	bad := memprovider.New(orchestration.ProviderMPortal)
	bad.Fail = boom
	good := swap(candidate("good", 1, 0, 1))
	none := memprovider.New(orchestration.ProviderUniswapV3)
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, good, none}})
	ctx := orchestration.ContextWithRequestID(context.Background(), "req-42")
	quotes, err := e.Quote(ctx, request())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"good"}, names(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 {
		t.Fatalf("got %d warnings, want 1: %+v", len(warns), rec.records)
	}
	w := warns[0]
	got := map[string]string{}
	for k, v := range w.Attrs {
		if k != "duration" {
			got[k] = v.String()
		}
	}
	want := map[string]string{
		"provider":    "m-portal",
		"error":       "rpc timeout",
		"requestId":   "req-42",
		"source":      "Ethereum:" + mAddr,
		"destination": "Ethereum:" + wMAddr,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warning attributes (-want +got):\n%s", diff)
	}
	if d, ok := w.Attrs["duration"]; !ok || d.Kind() != slog.KindDuration {
		t.Errorf("warning has no duration: %+v", w.Attrs)
	}
	if debug := rec.find(slog.LevelDebug, "quote provider has no route"); len(debug) != 1 || debug[0].Attrs["provider"].String() != "uniswap-v3" {
		t.Errorf("no-route records %+v, want one for uniswap-v3 at Debug", debug)
	}
}

func TestInvalidCandidatesDropped(t *testing.T) {
	p := swap(
		quote.Candidate{AmountOut: big.NewInt(1_000), Payloads: nil}, // no payloads
		candidate("ok", 10, 0, 1),
		quote.Candidate{AmountOut: nil, Payloads: candidate("nil", 0, 0, 1).Payloads},
		quote.Candidate{AmountOut: big.NewInt(1_000), EstFillTime: -time.Second, Payloads: candidate("neg", 0, 0, 1).Payloads},
		quote.Candidate{AmountOut: new(big.Int).Lsh(big.NewInt(1), 256), Payloads: candidate("huge", 0, 0, 1).Payloads},
		quote.Candidate{AmountOut: big.NewInt(1_000), Payloads: []orchestration.Payload{{}}}, // neither EVM nor SVM
	)
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
	req := request()
	req.MaxNumQuotes = ptr(10)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"ok"}, names(quotes)); diff != "" {
		t.Errorf("quotes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider returned invalid candidates")
	if len(warns) != 1 {
		t.Fatalf("got %d warnings about invalid candidates, want 1", len(warns))
	}
	msg := warns[0].Attrs["error"].String()
	for _, want := range []string{
		"candidate 0: no payloads", "candidate 2: amountOut must be greater than zero",
		"candidate 3: estFillTime must not be negative", "candidate 4: amountOut must be below 2^256",
		"candidate 5: payload 0 must have exactly one of EVM and SVM data",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("warning %q does not say %q", msg, want)
		}
	}
}

func TestPayloadAttribution(t *testing.T) {
	c := candidate("leg", 1, 0, 2)
	c.Payloads[1].Provider = orchestration.ProviderMPortal // a second leg by another provider
	p := swap(c)
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
	quotes, err := e.Quote(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	got := []orchestration.ProviderID{quotes[0].Payloads[0].Provider, quotes[0].Payloads[1].Provider}
	want := []orchestration.ProviderID{orchestration.ProviderMSwapFacility, orchestration.ProviderMPortal}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("payload providers (-want +got):\n%s", diff)
	}
}

func TestCallerCancellation(t *testing.T) {
	slow := func(id orchestration.ProviderID) *memprovider.Provider {
		p := memprovider.New(id).Route(mEth, wMEth, candidate("slow", 1, 0, 1))
		p.Delay = time.Hour
		return p
	}
	t.Run("during fan-out", func(t *testing.T) {
		a, b := slow(orchestration.ProviderMPortal), slow(orchestration.ProviderMSwapFacility)
		e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{a, b}})
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		start := time.Now()
		_, err := e.Quote(ctx, request())
		if d := time.Since(start); d > time.Second {
			t.Errorf("Quote took %v after cancellation at 20ms", d)
		}
		wantError(t, err, orchestration.QuoteError, "the quote request was cancelled or timed out before providers answered")
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error %v does not wrap context.Canceled", err)
		}
	})
	t.Run("deadline", func(t *testing.T) {
		e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{slow(orchestration.ProviderMPortal)}})
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		_, err := e.Quote(ctx, request())
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error %v does not wrap context.DeadlineExceeded", err)
		}
		if code, _ := orchestration.CodeOf(err); code != orchestration.QuoteError {
			t.Errorf("code %q, want QuoteError", code)
		}
	})
	t.Run("before the call", func(t *testing.T) {
		p := swap(candidate("x", 1, 0, 1))
		e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := e.Quote(ctx, request())
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error %v does not wrap context.Canceled", err)
		}
		if p.Calls() != 0 {
			t.Errorf("provider called %d times after cancellation", p.Calls())
		}
	})
}

// Many concurrent requests, with failing, slow, panicking and healthy
// providers, leave no goroutine behind (newEngine checks) and race on
// nothing (go test -race).
func TestConcurrentRequests(t *testing.T) {
	slow := memprovider.New(orchestration.ProviderMPortal).Route(mEth, wMEth, candidate("slow", 5, 0, 1))
	slow.Delay = time.Hour
	panicky := memprovider.New(orchestration.ProviderUniswapV3)
	panicky.Panic = "boom"
	failing := memprovider.New(orchestration.ProviderLimitOrder)
	failing.Fail = errors.New("down")
	good := swap(candidate("good", 1, 0, 1))
	e, _ := newEngine(t, quote.Config{
		Providers:       []quote.Provider{slow, panicky, failing, good},
		ProviderTimeout: 30 * time.Millisecond,
	})
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			quotes, err := e.Quote(context.Background(), request())
			if err != nil || len(quotes) != 1 || quotes[0].AmountOut != "1" {
				t.Errorf("Quote = %v, %v", quotes, err)
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
	bad := memprovider.New(orchestration.ProviderMPortal)
	bad.Fail = errors.New("down")
	none := memprovider.New(orchestration.ProviderUniswapV3)
	good := swap(candidate("good", 1, 0, 1))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{bad, good, none}, Observer: obs})

	quotes, err := e.Quote(context.Background(), request())
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
	if o.Request.Source.Address != mAddr || o.Request.Sender != sender {
		t.Errorf("observed request %+v", o.Request)
	}
	type outcome struct {
		Provider   orchestration.ProviderID
		Status     string
		Candidates int
		HasErr     bool
	}
	var outs []outcome
	for _, oc := range o.Outcomes {
		outs = append(outs, outcome{oc.Provider, oc.Status.String(), oc.Candidates, oc.Err != nil})
		if oc.Duration <= 0 {
			t.Errorf("%s: duration %v", oc.Provider, oc.Duration)
		}
	}
	want := []outcome{
		{orchestration.ProviderMPortal, "failed", 0, true},
		{orchestration.ProviderMSwapFacility, "ok", 1, false},
		{orchestration.ProviderUniswapV3, "no-route", 0, true},
	}
	if diff := cmp.Diff(want, outs); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}

	// Not observed: invalid requests and requests their caller abandoned.
	req := request()
	req.AmountIn = "0"
	if _, err := e.Quote(context.Background(), req); err == nil {
		t.Error("Quote with amountIn 0 succeeded")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Quote(ctx, request()); !errors.Is(err, context.Canceled) {
		t.Errorf("Quote with a cancelled context: %v, want context.Canceled", err)
	}
	if len(got) != 1 {
		t.Errorf("observer called %d times, want 1", len(got))
	}
}

func TestNew(t *testing.T) {
	cat := testCatalog(t)
	tests := []struct {
		name string
		cfg  quote.Config
		want string
	}{
		{"no assets", quote.Config{}, "quote: Config.Assets is nil"},
		{"nil provider", quote.Config{Assets: cat, Providers: []quote.Provider{swap(), nil}}, "quote: Config.Providers[1] is nil"},
		{"empty id", quote.Config{Assets: cat, Providers: []quote.Provider{memprovider.New("")}}, "quote: Config.Providers[0] has an empty ID"},
		{"duplicate id", quote.Config{Assets: cat, Providers: []quote.Provider{swap(), memprovider.New(orchestration.ProviderMPortal), swap()}},
			`quote: Config.Providers[2] duplicates provider ID "m-swap-facility"`},
		{"negative timeout", quote.Config{Assets: cat, ProviderTimeout: -1}, "quote: negative Config.ProviderTimeout -1ns"},
		{"negative cap", quote.Config{Assets: cat, MaxQuotesCap: -1}, "quote: negative Config.MaxQuotesCap -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := quote.New(tt.cfg)
			if err == nil || err.Error() != tt.want {
				t.Errorf("New = %v, %v; want error %q", e, err, tt.want)
			}
		})
	}
	e, err := quote.New(quote.Config{Assets: cat, Providers: []quote.Provider{memprovider.New(orchestration.ProviderMPortal), swap()}})
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.ProviderID{orchestration.ProviderMPortal, orchestration.ProviderMSwapFacility}
	if diff := cmp.Diff(want, e.Providers()); diff != "" {
		t.Errorf("Providers (-want +got):\n%s", diff)
	}
}

// A nil Logger means slog.Default(), read when the engine logs.
func TestNilLoggerUsesDefault(t *testing.T) {
	rec := new(recorder)
	defer slog.SetDefault(slog.Default())
	bad := memprovider.New(orchestration.ProviderMPortal)
	bad.Fail = errors.New("down")
	e, err := quote.New(quote.Config{Assets: testCatalog(t), Providers: []quote.Provider{bad, swap(candidate("ok", 1, 0, 1))}})
	if err != nil {
		t.Fatal(err)
	}
	slog.SetDefault(slog.New(rec))
	if _, err := e.Quote(context.Background(), request()); err != nil {
		t.Fatal(err)
	}
	if n := len(rec.find(slog.LevelWarn, "quote provider failed")); n != 1 {
		t.Errorf("default logger got %d warnings, want 1", n)
	}
}

// The embedded default catalog of the asset package serves as the engine's
// AssetResolver as it is.
func TestDefaultCatalog(t *testing.T) {
	e, _ := newEngine(t, quote.Config{Assets: asset.Default(), Providers: []quote.Provider{swap(candidate("ok", 999_000, 0, 1))}})
	req := request()
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
