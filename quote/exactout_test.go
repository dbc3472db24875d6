package quote_test

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// exactOut is a memprovider that also prices legs backwards, by inverting
// its forward pricing (quote.InvertLeg).
type exactOut struct{ *memprovider.Provider }

func (p exactOut) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	return quote.InvertLeg(ctx, leg, p.QuoteLeg)
}

func exactRequest(dst string, amountOut string) orchestration.QuoteRequest {
	r := request(wMEth)
	r.AmountIn, r.AmountOut = "", amountOut
	return r
}

func TestExactOutputRoutesBackwards(t *testing.T) {
	// M -> USDC at 3/7 (rounding down) then USDC -> wM at 2/1, or M -> wM
	// directly at 1/3: the two-leg route needs less input.
	two := exactOut{memprovider.New("two").
		Edge(quote.Edge{From: mEth, To: usdcEth, Spender: facility}, rate(3, 7, time.Second)).
		Edge(edge(usdcEth, wMEth), rate(2, 1, time.Second))}
	direct := exactOut{memprovider.New("direct").Edge(edge(mEth, wMEth), rate(1, 3, time.Second))}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{direct, two}})
	qr := exactRequest(wMAddr, "1000001")
	qr.MaxNumQuotes = ptr(5)
	quotes, err := e.Quote(context.Background(), qr)
	if err != nil {
		t.Fatalf("Quote: %v", err)
	}
	if len(quotes) != 2 {
		t.Fatalf("got %d quotes, want 2: %v", len(quotes), routesOf(quotes))
	}
	// wM 1000001 needs USDC ceil(1000001/2) = 500001 (which gives 1000002),
	// which needs M ceil(500001*7/3) = 1166669; directly 3000003.
	for i, want := range []struct{ in, out, route string }{
		{"1166669", "1000002", "two"},
		{"3000003", "1000001", "direct"},
	} {
		q := quotes[i]
		if q.AmountIn != want.in || q.AmountOut != want.out || q.MinAmountOut != "1000001" {
			t.Errorf("quote %d: amountIn %s amountOut %s minAmountOut %s, want %s, %s, 1000001", i, q.AmountIn, q.AmountOut, q.MinAmountOut, want.in, want.out)
		}
		if p := q.Payloads[len(q.Payloads)-1].Provider; string(p) != want.route {
			t.Errorf("quote %d is %s's, want %s's", i, p, want.route)
		}
	}
	// The first leg's approval is for the input it spends, no more.
	first := quotes[0].Payloads[0]
	if !strings.Contains(first.Annotation, "1.166669") || !strings.HasSuffix(first.Data.EVM.Data, "11cd4d") { // 1166669
		t.Errorf("quote 0 starts with %q (%s), want the approval of its input 1.166669 M", first.Annotation, first.Data.EVM.Data)
	}
}

func TestExactOutputSkipsProvidersWithoutIt(t *testing.T) {
	fwd := memprovider.New("forward").Edge(edge(mEth, wMEth), rate(1, 1, time.Second))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{fwd}})
	_, err := e.Quote(context.Background(), exactRequest(wMAddr, "1000000"))
	wantErrorPrefix(t, err, orchestration.NoQuotesAvailable, "quote an exact output")
	if fwd.Calls() != 0 {
		t.Errorf("the forward-only provider was asked %d times", fwd.Calls())
	}
	// The forward request still quotes.
	if _, err := e.Quote(context.Background(), request(wMEth)); err != nil {
		t.Errorf("forward quote: %v", err)
	}
}

func TestExactOutputValidation(t *testing.T) {
	e, _ := newEngine(t, quote.Config{})
	for _, tc := range []struct {
		in, out, msg string
	}{
		{"1000", "1000", "amountIn and amountOut cannot both be set"},
		{"", "", "amountIn is required"},
		{"", "-1", "amountOut must be a whole number"},
		{"", "1e6", "amountOut must be a whole number"},
		{"", "1.5", "amountOut must be a whole number"},
		{"", "0", "amountOut must be greater than zero"},
		{"", new(big.Int).Lsh(big.NewInt(1), 256).String(), "amountOut must be below 2^256"},
	} {
		qr := request(wMEth)
		qr.AmountIn, qr.AmountOut = tc.in, tc.out
		_, err := e.Quote(context.Background(), qr)
		wantErrorPrefix(t, err, orchestration.BadQuoteRequest, tc.msg)
	}
}

func TestInvertLegFindsTheLeastInput(t *testing.T) {
	for _, tc := range []struct {
		num, den int64
		want     int64
	}{{1, 1, 1_000_000}, {3, 7, 999_999}, {7, 3, 5}, {1_000_001, 1_000_000, 123_456_789}, {1, 1000, 7}} {
		f := memprovider.Rate(memprovider.Pricing{Num: tc.num, Den: tc.den, ChainID: 1})
		leg := quote.LegRequest{Edge: &quote.Edge{From: mEth, To: wMEth}, AmountOut: big.NewInt(tc.want)}
		in, err := quote.InvertLeg(context.Background(), leg, f)
		if err != nil {
			t.Fatalf("%d/%d for %d: %v", tc.num, tc.den, tc.want, err)
		}
		// The least x with floor(x*num/den) >= want is ceil(want*den/num).
		least := (tc.want*tc.den + tc.num - 1) / tc.num
		if in.AmountIn.Int64() != least {
			t.Errorf("%d/%d for %d: amountIn %s, want %d", tc.num, tc.den, tc.want, in.AmountIn, least)
		}
		if in.AmountOut.Int64() < tc.want {
			t.Errorf("%d/%d for %d: delivers %s, less than asked", tc.num, tc.den, tc.want, in.AmountOut)
		}
	}
}

// wantErrorPrefix is wantError for a message that starts with msg.
func wantErrorPrefix(t *testing.T, err error, code orchestration.Code, msg string) {
	t.Helper()
	oe, ok := errors.AsType[*orchestration.Error](err)
	if !ok {
		t.Fatalf("error %v (%T), want *orchestration.Error %s", err, err, code)
	}
	if oe.Code != code || !strings.HasPrefix(oe.Message, msg) && !strings.Contains(oe.Message, msg) {
		t.Errorf("error %s %q, want %s with %q", oe.Code, oe.Message, code, msg)
	}
}

// A leg without a route leaves NoQuotesAvailable; a failed leg, with no
// other quote, a QuoteError; a failed route beside a priced one still
// quotes.
func TestExactOutputFailures(t *testing.T) {
	noRoute := exactOut{memprovider.New("none").Edge(edge(mEth, wMEth), func(context.Context, quote.LegRequest) (quote.Leg, error) {
		return quote.Leg{}, quote.ErrNoRoute
	})}
	failing := exactOut{memprovider.New("failing").Edge(edge(mEth, wMEth), rate(1, 1, time.Second))}
	failing.Fail = errors.New("boom")
	good := exactOut{memprovider.New("good").Edge(edge(mEth, wMEth), rate(1, 2, time.Second))}
	for _, tc := range []struct {
		name      string
		providers []quote.Provider
		code      orchestration.Code
	}{
		{"no route", []quote.Provider{noRoute}, orchestration.NoQuotesAvailable},
		{"failure", []quote.Provider{failing}, orchestration.QuoteError},
		{"failure beside a quote", []quote.Provider{failing, good}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := newEngine(t, quote.Config{Providers: tc.providers})
			quotes, err := e.Quote(context.Background(), exactRequest(wMAddr, "1000"))
			if tc.code == "" {
				if err != nil || len(quotes) != 1 || quotes[0].AmountIn != "2000" {
					t.Fatalf("quotes %v, err %v; want good's quote of 2000 in", quotes, err)
				}
				return
			}
			if code, _ := orchestration.CodeOf(err); code != tc.code {
				t.Fatalf("err %v, want %s", err, tc.code)
			}
		})
	}
}
