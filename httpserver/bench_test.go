package httpserver_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
)

// BenchmarkSupportedAssets measures GET /supported-assets through the whole
// handler chain (request id, access log, metrics, key check through the
// cache in front of the SQLite store) with the built-in catalog.
//
//	go test ./httpserver -run '^$' -bench SupportedAssets -benchmem
func BenchmarkSupportedAssets(b *testing.B) {
	store := httpservertest.StoreKeys(b)
	secret, _, err := store.Create(context.Background(), apikey.NewKey{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	h, err := httpserver.New(httpserver.Services{Assets: asset.Default()}, httpserver.Config{
		Keys:   apikey.NewCache(store, time.Minute, nil),
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		b.Fatal(err)
	}
	get := func(b *testing.B, etag string) {
		req := httptest.NewRequest(http.MethodGet, httpserver.BasePath+"/supported-assets", nil)
		req.Header.Set("x-api-key", secret)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK && rec.Code != http.StatusNotModified {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
	_, etag, _ := asset.Default().SupportedAssetsJSON(context.Background())

	b.Run("full", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			get(b, "")
		}
	})
	b.Run("if-none-match", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			get(b, etag)
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				get(b, "")
			}
		})
	})
}
