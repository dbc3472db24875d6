package strictjson

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

// checkKeysByTokens is the first CheckKeys, which walks the document with
// encoding/json's Decoder.Token: slow (an allocation per token) but plainly
// right. The tests hold the byte scanner to it on every valid document.
func checkKeysByTokens(data []byte, t reflect.Type, rejectUnknown bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers are skipped, not parsed
	w := tokenWalker{dec: dec, rejectUnknown: rejectUnknown}
	return w.value(t)
}

type tokenWalker struct {
	dec           *json.Decoder
	rejectUnknown bool
	path          []step
}

// value reads one JSON value, checking its objects' keys against t (nil
// when the target is unknown: then only duplicates count).
func (w *tokenWalker) value(t reflect.Type) error {
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil // a scalar
	}
	t = deref(t)
	if d == '[' {
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; w.dec.More(); i++ {
			w.path = append(w.path, step{idx: i})
			if err := w.value(elem); err != nil {
				return err
			}
			w.path = w.path[:len(w.path)-1]
		}
		_, err := w.dec.Token() // ']'
		return err
	}
	fields := fieldsOf(t)
	var seen keySet
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if !seen.add(key) {
			return &KeyError{Problem: Duplicate, Key: key, Path: render(w.path)}
		}
		var ft reflect.Type
		switch {
		case fields != nil:
			var exact bool
			if ft, exact = fields.types[key]; !exact {
				if name, ok := fields.fold(key); ok {
					return &KeyError{Problem: OtherCase, Key: key, Field: name, Path: render(w.path)}
				}
				if w.rejectUnknown {
					return &KeyError{Problem: Unknown, Key: key, Path: render(w.path)}
				}
			}
		case t != nil && t.Kind() == reflect.Map:
			ft = t.Elem()
		}
		w.path = append(w.path, step{key: key, idx: -1})
		if err := w.value(ft); err != nil {
			return err
		}
		w.path = w.path[:len(w.path)-1]
	}
	_, err = w.dec.Token() // '}'
	return err
}

type fuzzInner struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type fuzzDoc struct {
	Items []fuzzInner                      `json:"items"`
	Meta  map[string]fuzzInner             `json:"meta"`
	One   *fuzzInner                       `json:"one"`
	Any   any                              `json:"any"`
	Deep  [][]fuzzInner                    `json:"deep"`
	Raw   json.RawMessage                  `json:"raw"`
	Op    orchestration.PermitOperation    `json:"op"`
	Quote orchestration.QuoteRequest       `json:"quote"`
	Build orchestration.PermitBuildRequest `json:"build"`
}

// FuzzCheckKeys holds CheckKeys to the Token walker it replaced: on every
// valid document, the same answer (none, or the same *KeyError), for
// several target types, with and without rejectUnknown; on any other
// input, no panic.
//
//	go test ./internal/strictjson -run '^$' -fuzz FuzzCheckKeys -fuzztime 60s
func FuzzCheckKeys(f *testing.F) {
	for _, seed := range []string{
		`{"items":[{"name":"a","count":1}],"meta":{"X":{},"x":{"Name":1}},"one":{"name":"b"}}`,
		`{"future":{"a":1},"items":[{"colour":"red"}]}`,
		`{"one":{},"one":{}}`,
		`{"any":1,"\u0061ny":2}`,
		`{"any":{"k":[{"z":1,"z":2}]}}`,
		`{"deep":[[],[{},{"nmae":"x"}]]}`,
		`{"one":{"":1,"":2}}`,
		`{"op":{"type":"swap","METHOD":"x"}}`,
		`{"quote":{"route":{"source":{"chain":"Ethereum","Chain":"x"}}}}`,
		`{"build":{"signedRecipes":[{},{"signature":"a","signature":"b"}]}}`,
		`{"quote":{"ſender":"x","\ud800":1,"\xff":2,"\ufffd":3}}`,
		`[{"a":1},{"a":1,"a":2}]`,
		` {"raw" : [ true , false , null , -1.5e3 , "x\"y" ] } `,
		`"top"`,
		`{"items":[{"name":"a"`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	types := []reflect.Type{reflect.TypeFor[fuzzDoc](), reflect.TypeFor[orchestration.QuoteRequest](),
		reflect.TypeFor[*orchestration.PermitBuildRequest](), reflect.TypeFor[map[string][]fuzzInner](), nil}
	f.Fuzz(func(t *testing.T, data []byte, rejectUnknown bool) {
		for _, typ := range types {
			got := CheckKeys(data, typ, rejectUnknown)
			if !json.Valid(data) {
				continue // no panic is all that is asked
			}
			want := checkKeysByTokens(data, typ, rejectUnknown)
			gk, _ := got.(*KeyError)
			wk, _ := want.(*KeyError)
			switch {
			case want == nil && got == nil:
			case gk != nil && wk != nil && *gk == *wk:
			default:
				t.Fatalf("%v: CheckKeys(%q) = %v, the Token walker says %v", typ, data, got, want)
			}
		}
	})
}

// A document without a problem key costs no allocation.
func TestCheckKeysAllocations(t *testing.T) {
	data := []byte(`{"quote":{"route":{"source":{"chain":"Ethereum","address":"0x1"},"destination":{"chain":"Base","address":"0x2"}},` +
		`"amountIn":"1000000","sender":"0x3","maxNumQuotes":2,"future":[1,{"a":null}]},"meta":{"k":{"name":"n"}}}`)
	typ := reflect.TypeFor[fuzzDoc]()
	if err := CheckKeys(data, typ, false); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { CheckKeys(data, typ, false) }); n != 0 {
		t.Errorf("CheckKeys allocated %v times per run, want 0", n)
	}
}
