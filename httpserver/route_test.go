package httpserver

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"testing"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

type noKeys struct{}

func (noKeys) Authenticate(context.Context, string) (apikey.Key, error) {
	return apikey.Key{}, apikey.ErrUnknownKey
}

// The literal-path lookup in route answers exactly as ServeMux would, for
// every API path with every method and for the near misses ServeMux
// redirects or refuses, so skipping the mux changes no answer.
func TestRouteMatchesServeMux(t *testing.T) {
	h, err := New(Services{}, Config{Keys: noKeys{}, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	s := h.(*server)
	if len(s.literal) == 0 {
		t.Fatal("no literal paths: the fast lookup is never used")
	}
	var targets []string
	for p := range s.literal {
		escaped := fmt.Sprintf("%s%%%02X", p[:len(p)-1], p[len(p)-1]) // the same path, its last letter escaped
		targets = append(targets, p, p+"/", p+"x", "/x"+p, escaped)
	}
	targets = append(targets, "/", "/healthz", "/metrics", OpenAPIPath, BasePath+"/orders/0x12/1", BasePath+"//quote", BasePath+"/./quote")
	methods := []string{"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "get", "CONNECT"}
	fast := 0
	for _, target := range targets {
		for _, m := range methods {
			r := httptest.NewRequest(m, "http://example.com"+target, nil)
			e, hd, pattern := s.route(r)
			_, muxPattern := s.mux.Handler(r)
			if pattern != muxPattern {
				t.Errorf("%s %s: route gives pattern %q, ServeMux %q", m, target, pattern, muxPattern)
			}
			if e != s.endpoints[muxPattern] {
				t.Errorf("%s %s: route gives endpoint %v, ServeMux's pattern is %q", m, target, e, muxPattern)
			}
			if hd == nil {
				t.Errorf("%s %s: no handler", m, target)
			}
			if e != nil && e.direct && r.URL.RawPath == "" {
				fast++
			}
		}
	}
	if fast == 0 {
		t.Error("no request took the literal-path lookup")
	}
}

// The API key header is looked up under its canonical form.
func TestCanonicalAPIKeyHeader(t *testing.T) {
	if got := textproto.CanonicalMIMEHeaderKey(HeaderAPIKey); got != canonicalAPIKey {
		t.Fatalf("canonical form of %q is %q, the lookup uses %q", HeaderAPIKey, got, canonicalAPIKey)
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set(HeaderAPIKey, "k")
	if r.Header.Get(canonicalAPIKey) != "k" {
		t.Fatal("key not found under its canonical name")
	}
}

// The server registers exactly the endpoints of orchestration's table (the
// one the Go client reads), each with the table's codes, and the test table
// of this package agrees with it.
func TestRoutesAreTheEndpointTable(t *testing.T) {
	want := map[string]orchestration.Endpoint{}
	for _, ep := range orchestration.Endpoints() {
		want[ep.Method+" "+BasePath+ep.Path] = ep
	}
	var s server
	got := map[string]bool{}
	for _, e := range s.routes() {
		p := e.pattern()
		got[p] = true
		ep, ok := want[p]
		switch {
		case !ok:
			t.Errorf("the server registers %s, which orchestration.Endpoints lacks", p)
		case e.api != ep || e.fail != ep.Fail:
			t.Errorf("%s: server has %+v (fail %s), the table %+v", p, e.api, e.fail, ep)
		}
	}
	for p := range want {
		if !got[p] {
			t.Errorf("orchestration.Endpoints has %s, which the server does not register", p)
		}
	}
	if n := len(Routes()); n != len(want)+1 { // and GET OpenAPIPath
		t.Errorf("Routes lists %d routes, want the %d endpoints and the OpenAPI document", n, len(want))
	}
}
