package httpserver

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/internal/strictjson"
	"github.com/m0-orchestration/m0/orchestration"
)

// BenchmarkDecodeBody measures the transport's decoding of a permit build
// body (the largest request, a nested tagged union): plain encoding/json,
// the strict key pass alone, and decodeBody (request, read, decode, pass).
//
//	go test ./httpserver -run '^$' -bench DecodeBody -benchmem
func BenchmarkDecodeBody(b *testing.B) {
	raw, err := os.ReadFile("testdata/fuzz/FuzzPermitBuildBody/" + firstSeed(b, "testdata/fuzz/FuzzPermitBuildBody"))
	if err != nil {
		b.Fatal(err)
	}
	// The corpus file's second line is []byte("<body>").
	line := strings.Split(string(raw), "\n")[1]
	var body string
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(line, "[]byte("), ")")), &body); err != nil {
		b.Fatal(err)
	}
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			var req orchestration.PermitBuildRequest
			if err := json.Unmarshal([]byte(body), &req); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("strict-keys", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		t := reflect.TypeFor[orchestration.PermitBuildRequest]()
		for b.Loop() {
			if err := strictjson.CheckKeys([]byte(body), t, false); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decodeBody", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			w, r := bodyRequest([]byte(body))
			if _, err := readPermitBuild(w, r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func firstSeed(b *testing.B, dir string) string {
	es, err := os.ReadDir(dir)
	if err != nil || len(es) == 0 {
		b.Fatalf("no seed in %s: %v", dir, err)
	}
	return es[0].Name()
}

// BenchmarkDecodeQuoteBody measures a POST /quote body in its usual shape:
// decodeQuoteRequest's own reader, and json.Unmarshal with the strict key
// pass, the path it spares.
//
//	go test ./httpserver -run '^$' -bench DecodeQuoteBody -benchmem
func BenchmarkDecodeQuoteBody(b *testing.B) {
	bodies := quoteBodies(b)
	for _, tc := range []struct {
		name string
		body []byte
	}{{"sample", bodies[0]}, {"every-field", bodies[2]}} {
		b.Run(tc.name+"/own-reader", func(b *testing.B) {
			b.SetBytes(int64(len(tc.body)))
			b.ReportAllocs()
			for b.Loop() {
				var req orchestration.QuoteRequest
				if !decodeQuoteRequest(tc.body, &req) {
					b.Fatal("not taken")
				}
			}
		})
		b.Run(tc.name+"/unmarshal-and-keys", func(b *testing.B) {
			b.SetBytes(int64(len(tc.body)))
			b.ReportAllocs()
			t := reflect.TypeFor[*orchestration.QuoteRequest]()
			for b.Loop() {
				var req orchestration.QuoteRequest
				if err := json.Unmarshal(tc.body, &req); err != nil {
					b.Fatal(err)
				}
				if err := strictjson.CheckKeys(tc.body, t, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
