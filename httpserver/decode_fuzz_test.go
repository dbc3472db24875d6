package httpserver

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

// The fuzz targets of the request decoders: whatever the body or query, the
// decoder (and the checks a route makes without its service) does not
// panic, and every failure is an *orchestration.Error with the endpoint's
// Bad*Request code and a bounded message. Their seed corpora are in
// testdata/fuzz/<FuzzName>, run by a plain go test; to fuzz one:
//
//	go test -run '^$' -fuzz FuzzQuoteBody -fuzztime 20s ./httpserver

// maxMessage bounds an error message: input is quoted clipped, so no body
// makes the answer large.
const maxMessage = 512

func wantBadRequest(t *testing.T, err error, code orchestration.Code) {
	t.Helper()
	if err == nil {
		return
	}
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != code {
		t.Fatalf("error %v (%T) is not an *orchestration.Error with code %s", err, err, code)
	}
	if len(oe.Message) > maxMessage {
		t.Fatalf("%d-byte message: %.200q", len(oe.Message), oe.Message)
	}
}

// bodyRequest is a POST with body, as JSON.
func bodyRequest(body []byte) (http.ResponseWriter, *http.Request) {
	r := httptest.NewRequest("POST", "/", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return httptest.NewRecorder(), r
}

func fuzzBody(f *testing.F, code orchestration.Code, read, check func(*server, http.ResponseWriter, *http.Request) error) {
	s := &server{} // no services: the checks run without a catalog
	f.Fuzz(func(t *testing.T, body []byte) {
		w, r := bodyRequest(body)
		wantBadRequest(t, read(s, w, r), code)
		w, r = bodyRequest(body)
		wantBadRequest(t, check(s, w, r), code)
	})
}

func FuzzQuoteBody(f *testing.F) {
	fuzzBody(f, orchestration.BadQuoteRequest,
		func(_ *server, w http.ResponseWriter, r *http.Request) error { _, err := readQuote(w, r); return err },
		(*server).checkQuote)
}

func FuzzPermitQuoteBody(f *testing.F) {
	fuzzBody(f, orchestration.BadPermitRequest,
		func(_ *server, w http.ResponseWriter, r *http.Request) error {
			_, err := readPermitQuote(w, r)
			return err
		},
		(*server).checkPermitQuote)
}

func FuzzPermitBuildBody(f *testing.F) {
	fuzzBody(f, orchestration.BadPermitRequest,
		func(_ *server, w http.ResponseWriter, r *http.Request) error {
			_, err := readPermitBuild(w, r)
			return err
		},
		(*server).checkPermitBuild)
}

// FuzzCancelBody fuzzes the optional cancel body and the order path
// parameters together.
func FuzzCancelBody(f *testing.F) {
	s := &server{}
	f.Fuzz(func(t *testing.T, body []byte, chain, orderID string) {
		w, r := bodyRequest(body)
		r.SetPathValue("originChain", chain)
		r.SetPathValue("orderId", orderID)
		wantBadRequest(t, s.checkCancel(w, r), orchestration.BadOrderRequest)
	})
}

func queryRequest(rawQuery string) *http.Request {
	r := httptest.NewRequest("GET", "/", nil)
	r.URL.RawQuery = rawQuery
	return r
}

func FuzzOrdersQuery(f *testing.F) {
	f.Fuzz(func(t *testing.T, rawQuery string) {
		q, err := readOrders(queryRequest(rawQuery))
		wantBadRequest(t, err, orchestration.BadOrderRequest)
		if err != nil {
			return
		}
		// What was accepted survives a round trip through the client's
		// encoding.
		back, err := orchestration.ParseOrdersQuery(q.Values())
		if err != nil || back.Values().Encode() != q.Values().Encode() {
			t.Fatalf("round trip of %q: %v, %q != %q", rawQuery, err, back.Values().Encode(), q.Values().Encode())
		}
	})
}

func FuzzTopologyQuery(f *testing.F) {
	s := &server{}
	f.Fuzz(func(t *testing.T, rawQuery string) {
		r := queryRequest(rawQuery)
		q, err := readTopology(r)
		wantBadRequest(t, err, orchestration.BadTopologyRequest)
		err = s.checkTopology(nil, r)
		wantBadRequest(t, err, orchestration.BadTopologyRequest)
		if err == nil && (q.SourceChain == "") != (q.SourceAddress == "") {
			t.Fatalf("%q: half a filter accepted: %+v", rawQuery, q)
		}
	})
}

// FuzzDecodeOnePass holds decodeBody's one-pass decoding (json.Unmarshal,
// then the key scan) to the streaming decoder it falls back on: for every
// body, the same refusal with the same message, or the same value decoded,
// for the simplest request and the most nested one.
//
//	go test ./httpserver -run '^$' -fuzz FuzzDecodeOnePass -fuzztime 60s
func FuzzDecodeOnePass(f *testing.F) {
	for _, seed := range []string{
		`{"route":{"source":{"chain":"Ethereum","address":"0x1"}},"amountIn":"1","maxNumQuotes":2}`,
		`{"amountIn":"1","amountIn":"2"}`,
		`{"maxNumQuotes": 1.5}`,
		`{"route": {`,
		`{"route" 1}`,
		`{} {}`,
		`{}x`,
		`[1,2]`,
		`{"signedRecipes":[{"recipe":{"operation":{"type":"swap","METHOD":"x"}}},{"signature":5}]}`,
		`{"signedRecipes":[{"recipe":{"operation":{"type":"nope"}}}]}`,
		`{"AMOUNTIN":"1","\u0073ender":"x"}`,
		"{\"sender\":\"\xff\"}  \n",
	} {
		f.Add([]byte(seed))
	}
	check := func(t *testing.T, body []byte, oneDst, streamDst any) {
		t.Helper()
		_, r := bodyRequest(body)
		one := decodeBody(httptest.NewRecorder(), r, orchestration.BadQuoteRequest, oneDst, true)
		trimmed := bytes.TrimSpace(body)
		if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
			return // answered before either pass
		}
		stream := decodeStream(orchestration.BadQuoteRequest, body, streamDst)
		switch {
		case one == nil && stream == nil:
			if !reflect.DeepEqual(oneDst, streamDst) {
				t.Fatalf("%q: one pass decoded %+v, the stream %+v", body, oneDst, streamDst)
			}
		case one == nil || stream == nil || one.Error() != stream.Error():
			t.Fatalf("%q: one pass says %v, the stream %v", body, one, stream)
		}
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		check(t, body, new(orchestration.QuoteRequest), new(orchestration.QuoteRequest))
		check(t, body, new(orchestration.PermitBuildRequest), new(orchestration.PermitBuildRequest))
	})
}
