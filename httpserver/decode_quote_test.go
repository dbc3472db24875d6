package httpserver

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

// quoteBodies are bodies of POST /quote as clients send them: each must
// take decodeQuoteRequest's path, or the fuzz test below holds nothing.
func quoteBodies(t testing.TB) [][]byte {
	two := 2
	sample := orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"},
			Destination: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x437cc33344a0B27A429f795ff6B469C72698B291"},
		},
		AmountIn: "1000000", Sender: "0x1111111111111111111111111111111111111111", MaxNumQuotes: &two,
	}
	full := sample
	slippage := 0
	full.Recipient, full.Funder, full.SlippageBps = "0xrecipient", "0xfunder", &slippage
	full.Providers = &orchestration.ProvidersParams{Include: []orchestration.ProviderID{"mSwapFacility", "uniswapV3"}, Exclude: []orchestration.ProviderID{}}
	var bodies [][]byte
	for _, v := range []any{sample, full} {
		compact, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		indented, err := json.MarshalIndent(v, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, compact, append(append([]byte(" \r\n"), indented...), '\n'))
	}
	return append(bodies,
		[]byte(`{}`),
		[]byte(`{"route":{},"providers":{},"maxNumQuotes":-0,"slippageBps":-12}`),
		[]byte(`{ "amountIn" : "1" , "maxNumQuotes" : 9223372036854775807 }`),
	)
}

func TestDecodeQuoteRequestTakesUsualBodies(t *testing.T) {
	for _, body := range quoteBodies(t) {
		var fast, want orchestration.QuoteRequest
		if !decodeQuoteRequest(body, &fast) {
			t.Errorf("%s: not taken", body)
			continue
		}
		if err := decodeStream(orchestration.BadQuoteRequest, body, &want); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if !reflect.DeepEqual(fast, want) {
			t.Errorf("%s: decoded %+v, want %+v", body, fast, want)
		}
	}
}

// What decodeQuoteRequest leaves to decodeBody's path: refusals (whose
// messages that path writes) and shapes it does not read itself.
func TestDecodeQuoteRequestLeavesTheRest(t *testing.T) {
	for _, body := range []string{
		`{"amountIn":"1","amountIn":"2"}`,              // duplicate: refused
		`{"AmountIn":"1"}`,                             // other case: refused
		`{"maxNumQuotes":1.0}`, `{"maxNumQuotes":1e2}`, // not an int
		`{"maxNumQuotes":01}`, `{"maxNumQuotes":-}`, `{"maxNumQuotes":99999999999999999999}`,
		`{"maxNumQuotes":"2"}`, `{"amountIn":1}`, `{"route":[]}`, `{"providers":{"include":"x"}}`,
		`{"amountIn":"1"} x`, `{"amountIn":"1"`, `{"amountIn":"1",}`, `[]`, `null`,
		`{"comment":"an unknown key, taken by the other path"}`,
		`{"amountIn":null}`, `{"providers":null}`, `{"maxNumQuotes":null}`,
		`{"sender":"\u0030x1"}`, `{"sender":"0xé"}`, "{\"sender\":\"\x01\"}",
		`{"route":{"source":{"chain":"Ethereum","chain":"Base"}}}`,
	} {
		var q orchestration.QuoteRequest
		if decodeQuoteRequest([]byte(body), &q) {
			t.Errorf("%s: taken as %+v", body, q)
		}
		if !reflect.DeepEqual(q, orchestration.QuoteRequest{}) {
			t.Errorf("%s: left %+v behind", body, q)
		}
	}
}

// FuzzQuoteRequestFastPath holds decodeQuoteRequest to the path every
// other body takes: a body it takes, that path takes too, with the same
// value; a body it leaves, it leaves untouched.
//
//	go test ./httpserver -run '^$' -fuzz FuzzQuoteRequestFastPath -fuzztime 60s
func FuzzQuoteRequestFastPath(f *testing.F) {
	for _, body := range quoteBodies(f) {
		f.Add(body)
	}
	for _, seed := range []string{
		`{"amountIn":"1","amountIn":"2"}`, `{"maxNumQuotes":1e2}`, `{"sender":"\u0030x1"}`,
		`{"providers":{"include":[],"exclude":["a","b"]}}`, `{"route":{"source":{"chain":"Ethereum","address":"0x1"},"destination":{}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var fast orchestration.QuoteRequest
		if !decodeQuoteRequest(body, &fast) {
			if !reflect.DeepEqual(fast, orchestration.QuoteRequest{}) {
				t.Fatalf("%q: left %+v behind", body, fast)
			}
			return
		}
		var want orchestration.QuoteRequest
		if err := decodeStream(orchestration.BadQuoteRequest, body, &want); err != nil {
			t.Fatalf("%q: taken as %+v, but refused: %v", body, fast, err)
		}
		if !reflect.DeepEqual(fast, want) {
			t.Fatalf("%q: decoded %+v, want %+v", body, fast, want)
		}
	})
}

// decodeBody takes a QuoteRequest through decodeQuoteRequest: the same
// body costs it fewer allocations than the path every other type takes
// (here a type of the same fields that decodeBody does not know).
func TestDecodeBodyUsesTheQuoteReader(t *testing.T) {
	type sameFields orchestration.QuoteRequest
	body := quoteBodies(t)[0]
	allocs := func(dst func() any) float64 {
		return testing.AllocsPerRun(100, func() {
			w, r := bodyRequest(body)
			if err := decodeBody(w, r, orchestration.BadQuoteRequest, dst(), false); err != nil {
				t.Fatal(err)
			}
		})
	}
	own := allocs(func() any { return new(orchestration.QuoteRequest) })
	other := allocs(func() any { return new(sameFields) })
	if own >= other {
		t.Errorf("decodeBody allocates %.0f times for a QuoteRequest, %.0f for the same fields in another type: its own reader is not used", own, other)
	}
}
