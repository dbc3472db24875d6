package orchestration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// fill sets every field reachable from v (pointers allocated, one element
// in each slice) to a value derived from n, strings with characters
// encoding/json escapes among them, so that a field the direct encoding
// misses or writes differently shows.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		odd := []string{"", `<a&b>`, "q\"\\\n\t\x01", "é\u2028", "\xff", "0xAbC"}
		v.SetString(fmt.Sprintf("s%d%s", *n, odd[*n%len(odd)]))
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(*n) * 1_000_003)
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		v.SetUint(uint64(*n) * 1_000_003)
	case reflect.Bool:
		v.SetBool(*n%2 == 0)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), n)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	}
}

func TestAppendQuotesJSONMatchesMarshal(t *testing.T) {
	var full Quote
	n := 0
	fill(reflect.ValueOf(&full).Elem(), &n)
	evm := full
	evm.Payloads = append([]Payload(nil), full.Payloads...)
	evm.Payloads[0].Data.SVM = nil // fill set both variants
	svm := full
	svm.Payloads = append([]Payload(nil), full.Payloads...)
	svm.Payloads[0].Data.EVM = nil
	bare := evm
	bare.Payloads = []Payload{{Provider: "p", Data: evm.Payloads[0].Data}}
	bare.Issues = nil
	bare.Ranking = nil
	bare.ExpiresAt = 0 // omitted
	noPayloads := bare
	noPayloads.Payloads = nil
	for _, tc := range []struct {
		name string
		qs   []Quote
	}{
		{"every field, EVM payload", []Quote{evm}},
		{"every field, Solana payload", []Quote{svm}},
		{"optional fields absent", []Quote{bare, evm}},
		{"nil payloads", []Quote{noPayloads}},
		{"empty", []Quote{}},
		{"nil", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.qs)
			if err != nil {
				t.Fatal(err)
			}
			got, err := AppendQuotesJSON([]byte("prefix"), tc.qs)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, append([]byte("prefix"), want...)) {
				t.Errorf("AppendQuotesJSON:\n%s\njson.Marshal:\n%s", got[6:], want)
			}
		})
	}
	both := []Quote{evm}
	both[0].Payloads = full.Payloads // EVM and SVM set: refused by both
	if _, err := AppendQuotesJSON(nil, both); err == nil {
		t.Error("a payload with both variants was encoded")
	}
}
