package strictjson_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/m0-orchestration/m0/internal/strictjson"
)

type inner struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type doc struct {
	Items []inner         `json:"items"`
	Meta  map[string]int  `json:"meta"`
	One   *inner          `json:"one"`
	Any   any             `json:"any"`
	Deep  [][]inner       `json:"deep"`
	Raw   json.RawMessage `json:"raw"`
}

func TestCheckKeys(t *testing.T) {
	tests := []struct {
		name, doc     string
		rejectUnknown bool
		want          *strictjson.KeyError // nil: accepted
	}{
		{"clean", `{"items":[{"name":"a","count":1}],"meta":{"X":1,"x":2},"one":{"name":"b"}}`, true, nil},
		{"unknown allowed", `{"future":{"a":1},"items":[{"colour":"red"}]}`, false, nil},
		{"duplicate at the root", `{"one":{},"one":{}}`, false, &strictjson.KeyError{Problem: strictjson.Duplicate, Key: "one"}},
		{"duplicate spelt with an escape", `{"any":1,"\u0061ny":2}`, false, &strictjson.KeyError{Problem: strictjson.Duplicate, Key: "any"}},
		{"duplicate in a map", `{"meta":{"a":1,"a":2}}`, false, &strictjson.KeyError{Problem: strictjson.Duplicate, Key: "a", Path: "meta"}},
		{"duplicate inside an interface", `{"any":{"k":[{"z":1,"z":2}]}}`, false, &strictjson.KeyError{Problem: strictjson.Duplicate, Key: "z", Path: "any.k[0]"}},
		{"other case in a list entry", `{"items":[{},{"Name":"a"}]}`, false, &strictjson.KeyError{Problem: strictjson.OtherCase, Key: "Name", Field: "name", Path: "items[1]"}},
		{"unknown in a nested list", `{"deep":[[],[{},{"nmae":"x"}]]}`, true, &strictjson.KeyError{Problem: strictjson.Unknown, Key: "nmae", Path: "deep[1][1]"}},
		{"unknown at the root", `{"items":[],"colour":1}`, true, &strictjson.KeyError{Problem: strictjson.Unknown, Key: "colour"}},
		{"the empty key", `{"one":{"":1,"":2}}`, false, &strictjson.KeyError{Problem: strictjson.Duplicate, Key: "", Path: "one"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := strictjson.CheckKeys([]byte(tt.doc), reflect.TypeFor[doc](), tt.rejectUnknown)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			ke, ok := errors.AsType[*strictjson.KeyError](err)
			if !ok {
				t.Fatalf("error %v, want a *KeyError", err)
			}
			if *ke != *tt.want {
				t.Errorf("got %+v, want %+v", *ke, *tt.want)
			}
		})
	}
}

func TestKeyErrorText(t *testing.T) {
	for _, tt := range []struct {
		err        strictjson.KeyError
		text, path string
	}{
		{strictjson.KeyError{Problem: strictjson.Duplicate, Key: "chain", Path: "route.source"}, `key "chain" appears twice in route.source`, "route.source.chain"},
		{strictjson.KeyError{Problem: strictjson.OtherCase, Key: "AMOUNTIN", Field: "amountIn"}, `key "AMOUNTIN" must be written "amountIn"`, "AMOUNTIN"},
		{strictjson.KeyError{Problem: strictjson.Unknown, Key: "", Path: "keys[0]"}, `unknown key "" in keys[0]`, `keys[0].""`},
	} {
		if got := tt.err.Error(); got != tt.text {
			t.Errorf("Error() = %q, want %q", got, tt.text)
		}
		if got := tt.err.KeyPath(); got != tt.path {
			t.Errorf("KeyPath() = %q, want %q", got, tt.path)
		}
	}
}

// FieldPath puts back the list indices encoding/json leaves out of a type
// error's field.
func TestFieldPath(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{`{"items":[{"name":"a"},{"name":5}]}`, "items[1].name"},
		{`{"items":[{"name":"a","count":1},{"count":"x"}]}`, "items[1].count"},
		{`{"deep":[[{"name":"a"}],[{"count":1},{"count":true}]]}`, "deep[1][1].count"},
		{`{"one":{"name":[1,2]}}`, "one.name"},
		{`{"items":{"name":"a"}}`, "items"},
		{`{"one":{"count":1},"items":[{"count":{}}]}`, "items[0].count"},
	} {
		var d doc
		err := json.Unmarshal([]byte(tt.doc), &d)
		te, ok := errors.AsType[*json.UnmarshalTypeError](err)
		if !ok {
			t.Fatalf("%s: error %v, want a type error", tt.doc, err)
		}
		if got := strictjson.FieldPath([]byte(tt.doc), te); got != tt.want {
			t.Errorf("%s: FieldPath = %q, want %q (encoding/json says %q)", tt.doc, got, tt.want, te.Field)
		}
	}
	// An error whose offset is not where its field is (a custom decoder's
	// carries none) keeps encoding/json's field.
	te := &json.UnmarshalTypeError{Field: "items.name", Offset: 0}
	if got := strictjson.FieldPath([]byte(`{"items":[{"name":1}]}`), te); got != "items.name" {
		t.Errorf("FieldPath without a usable offset = %q, want the error's own field", got)
	}
}
