package httpserver_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// TestAuthEveryRoute runs the key, address and origin rules of decision 2 in docs/decisions.md
// against every API route, with the in-memory keys and with the real SQLite
// key store.
func TestAuthEveryRoute(t *testing.T) {
	t.Run("fake keys", func(t *testing.T) { testAuthEveryRoute(t, newKeys()) })
	t.Run("sqlite store", func(t *testing.T) { testAuthEveryRoute(t, storeKeys(t)) })
}

func testAuthEveryRoute(t *testing.T, keys apikey.Authenticator) {
	direct, _ := start(t, nil, func(c *httpserver.Config) { c.Keys = keys })
	proxied, _ := start(t, nil, func(c *httpserver.Config) {
		c.Keys = keys
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	cases := []struct {
		name   string
		proxy  bool // through the server that trusts loopback proxies
		header []string
		status int
		code   orchestration.Code // "" for success
	}{
		{"missing key", false, nil, 401, orchestration.Unauthorized},
		{"empty key", false, []string{"x-api-key", ""}, 401, orchestration.Unauthorized},
		{"unknown key", false, []string{"x-api-key", unknownKey}, 401, orchestration.Unauthorized},
		{"revoked key", false, []string{"x-api-key", revokedKey}, 401, orchestration.Unauthorized},
		{"good key", false, []string{"x-api-key", goodKey}, 200, ""},
		{"ip outside allowlist, direct peer", false, []string{"x-api-key", ipKey}, 403, orchestration.Forbidden},
		{"ip spoofed X-Forwarded-For from untrusted peer", false,
			[]string{"x-api-key", ipKey, "X-Forwarded-For", "10.1.2.3"}, 403, orchestration.Forbidden},
		{"ip allowed via X-Forwarded-For from trusted proxy", true,
			[]string{"x-api-key", ipKey, "X-Forwarded-For", "10.1.2.3"}, 200, ""},
		{"ip: client spoofs left of a trusted proxy's entry", true,
			[]string{"x-api-key", ipKey, "X-Forwarded-For", "10.9.9.9, 192.0.2.7"}, 403, orchestration.Forbidden},
		{"ip: trusted hops skipped", true,
			[]string{"x-api-key", ipKey, "X-Forwarded-For", "10.1.2.3, 127.0.0.5"}, 200, ""},
		{"origin not allowed", false, []string{"x-api-key", originKey, "Origin", "https://evil.example"}, 403, orchestration.Forbidden},
		{"origin allowed", false, []string{"x-api-key", originKey, "Origin", allowedOrig}, 200, ""},
		{"no origin (not a browser)", false, []string{"x-api-key", originKey}, 200, ""},
	}
	for _, rt := range routes {
		for _, c := range cases {
			t.Run(rt.name+"/"+c.name, func(t *testing.T) {
				srv := direct
				if c.proxy {
					srv = proxied
				}
				resp := send(t, srv, rt, nil, c.header...)
				if c.code == "" {
					if resp.Status != c.status {
						t.Fatalf("status = %d, want %d; body %s", resp.Status, c.status, resp.Body)
					}
					return
				}
				wantError(t, resp, c.status, c.code)
			})
		}
	}
}

func TestUnauthorizedMessageNeverSaysWhetherKeyExists(t *testing.T) {
	srv, _ := start(t, nil, nil)
	rt := routes[0]
	var msgs []string
	for _, key := range []string{"", unknownKey, revokedKey} {
		body := wantError(t, send(t, srv, rt, nil, "x-api-key", key), 401, orchestration.Unauthorized)
		msgs = append(msgs, body.Message)
	}
	for _, m := range msgs[1:] {
		if m != msgs[0] {
			t.Fatalf("401 messages differ: %q", msgs)
		}
	}
}

func TestPreflightNeedsNoKey(t *testing.T) {
	srv, fake := start(t, nil, nil)
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			path := strings.SplitN(rt.path, "?", 2)[0]
			resp := srv.Do(t, "OPTIONS", httpserver.BasePath+path, nil, http.Header{
				"Origin":                         {"https://anything.example"},
				"Access-Control-Request-Method":  {rt.method},
				"Access-Control-Request-Headers": {"x-api-key, content-type"},
			})
			if resp.Status != 204 {
				t.Fatalf("status = %d, want 204; body %s", resp.Status, resp.Body)
			}
			h := resp.Header
			if got := h.Get("Access-Control-Allow-Origin"); got != "https://anything.example" {
				t.Errorf("Allow-Origin = %q", got)
			}
			if got := h.Get("Access-Control-Allow-Methods"); !strings.Contains(got, rt.method) {
				t.Errorf("Allow-Methods = %q, want it to contain %s", got, rt.method)
			}
			if got := h.Get("Access-Control-Allow-Headers"); got != "x-api-key, content-type, x-request-id" {
				t.Errorf("Allow-Headers = %q", got)
			}
			if got := h.Get("Access-Control-Max-Age"); got != "600" {
				t.Errorf("Max-Age = %q", got)
			}
			if h.Get(httpserver.HeaderRequestID) == "" {
				t.Error("no X-Request-Id")
			}
		})
	}
	for _, m := range []string{"SupportedAssets", "Quote", "Orders"} {
		if n := fake.Calls(m); n != 0 {
			t.Errorf("preflight called %s %d times", m, n)
		}
	}
}

func TestCORSHeadersOnAllowedOrigin(t *testing.T) {
	srv, _ := start(t, nil, nil)
	rt := routes[0]
	cases := []struct {
		name, key, origin string
		status            int
		wantACAO          bool
	}{
		{"allowed origin", originKey, allowedOrig, 200, true},
		{"unrestricted key", goodKey, "https://other.example", 200, true},
		{"disallowed origin", originKey, "https://evil.example", 403, false},
		{"no key: readable 401", "", "https://other.example", 401, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := send(t, srv, rt, nil, "x-api-key", c.key, "Origin", c.origin)
			if resp.Status != c.status {
				t.Fatalf("status = %d, want %d", resp.Status, c.status)
			}
			acao := resp.Header.Get("Access-Control-Allow-Origin")
			if c.wantACAO != (acao == c.origin) || (!c.wantACAO && acao != "") {
				t.Errorf("Access-Control-Allow-Origin = %q (want set: %v)", acao, c.wantACAO)
			}
			if !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Origin") {
				t.Errorf("Vary = %q, want Origin", resp.Header.Values("Vary"))
			}
			if c.wantACAO && resp.Header.Get("Access-Control-Expose-Headers") != httpserver.HeaderRequestID {
				t.Errorf("Expose-Headers = %q", resp.Header.Get("Access-Control-Expose-Headers"))
			}
		})
	}
}

type failingKeys struct{}

func (failingKeys) Authenticate(context.Context, string) (apikey.Key, error) {
	return apikey.Key{}, errors.New("dial postgres://admin:hunter2@db.internal: refused")
}

// An Authenticator failing without an *orchestration.Error (one of the
// embedder's own) is the endpoint's internal failure, never a 401.
func TestKeyStoreFailureIsInternalNotUnauthorized(t *testing.T) {
	srv, _ := start(t, nil, func(c *httpserver.Config) { c.Keys = failingKeys{} })
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			resp := send(t, srv, rt, nil, "x-api-key", goodKey)
			body := wantError(t, resp, 500, rt.fail)
			if strings.Contains(string(resp.Body), "hunter2") {
				t.Fatalf("cause leaked: %s", resp.Body)
			}
			if body.Message != "internal error; retry may succeed" {
				t.Errorf("message = %q", body.Message)
			}
		})
	}
	if !strings.Contains(srv.Logs.String(), "db.internal") {
		t.Error("cause not logged")
	}
}

// The key store stops answering (its database closed, as a stopped
// PostgreSQL refuses) after the cache's entries expired: a key verified
// before still reaches every route (decision 99); a key the cache never
// verified is 503 KeyStoreUnavailable with Retry-After, not 401 (it may be
// valid) nor the route's internal code (the route did not fail); no key is
// still 401.
func TestKeyStoreOutage(t *testing.T) {
	const laterKey = "sk-later-0123456789abcdef" // a valid key first used during the outage
	db, err := storage.Open(t.Context(), storage.Config{DSN: "sqlite::memory:"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	st := apikey.NewStore(db, nil)
	for _, nk := range []apikey.NewKey{{Name: goodKeyName, Secret: goodKey}, {Name: "not-yet-used", Secret: laterKey}} {
		if _, _, err := st.Create(t.Context(), nk); err != nil {
			t.Fatal(err)
		}
	}
	clock := testclock.New(time.Unix(1_800_000_000, 0))
	keys := apikey.NewCache(st, apikey.DefaultCacheTTL, &apikey.CacheOptions{Now: clock.Now, Logger: slog.New(slog.DiscardHandler)})
	srv, _ := start(t, nil, func(c *httpserver.Config) { c.Keys = keys })
	if resp := send(t, srv, routes[0], nil, "x-api-key", goodKey); resp.Status != 200 {
		t.Fatalf("before the outage: %d %s", resp.Status, resp.Body)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	clock.Advance(apikey.DefaultCacheTTL) // every entry has expired
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			if resp := send(t, srv, rt, nil, "x-api-key", goodKey); resp.Status != 200 {
				t.Errorf("verified key: %d %s, want 200", resp.Status, resp.Body)
			}
			resp := send(t, srv, rt, nil, "x-api-key", laterKey)
			wantError(t, resp, 503, orchestration.KeyStoreUnavailable)
			if got := resp.Header.Get("Retry-After"); got != "5" {
				t.Errorf("Retry-After = %q, want 5", got)
			}
			wantError(t, send(t, srv, rt, nil), 401, orchestration.Unauthorized)
		})
	}
	clock.Advance(apikey.DefaultOutageGrace)
	wantError(t, send(t, srv, routes[0], nil, "x-api-key", goodKey), 503, orchestration.KeyStoreUnavailable)
}
