package httpserver_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/internal/testing/bench"
)

// The overhead benchmarks and loadcompare compare the chain with
// bench.BareAssetsHandler, which must write the same response: the same
// status, body and header names, each value the same except the request
// id, which must be as long. A header the chain gains and the baseline
// lacks would be counted as the chain's work.
func TestBareAssetsHandlerWritesWhatTheChainWrites(t *testing.T) {
	store := httpservertest.StoreKeys(t)
	secret, _, err := store.Create(context.Background(), apikey.NewKey{Name: "baseline"})
	if err != nil {
		t.Fatal(err)
	}
	full, err := httpserver.New(httpserver.Services{Assets: asset.Default()}, httpserver.Config{
		Keys: apikey.NewCache(store, time.Minute, nil), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	body, etag, err := asset.Default().SupportedAssetsJSON(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	get := func(h http.Handler) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, httpserver.BasePath+"/supported-assets", nil)
		req.Header.Set(httpserver.HeaderAPIKey, secret)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	want, got := get(full), get(bench.BareAssetsHandler(body, etag))
	if got.Code != want.Code || got.Body.String() != want.Body.String() {
		t.Fatalf("bare answers %d with %d bytes, the chain %d with %d", got.Code, got.Body.Len(), want.Code, want.Body.Len())
	}
	names := func(h http.Header) []string {
		var n []string
		for k := range h {
			n = append(n, k)
		}
		slices.Sort(n)
		return n
	}
	if g, w := names(got.Header()), names(want.Header()); !slices.Equal(g, w) {
		t.Fatalf("bare writes the headers %q, the chain %q", g, w)
	}
	for k, w := range want.Header() {
		g := got.Header()[k]
		if k == httpserver.HeaderRequestID {
			if len(g) != 1 || len(w) != 1 || len(g[0]) != len(w[0]) {
				t.Errorf("%s: bare writes %q, the chain %q: not as long", k, g, w)
			}
			continue
		}
		if !slices.Equal(g, w) {
			t.Errorf("%s: bare writes %q, the chain %q", k, g, w)
		}
	}
}
