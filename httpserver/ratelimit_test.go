package httpserver_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/internal/testing/testredis"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/ratelimit/redislimit"
)

// limitedServer serves the fake services with keys from a real SQLite store
// behind a Cache with a TTL of cacheTTL, and a memory rate limiter; key
// cache and limiter share clk.
type limitedServer struct {
	srv   *httpservertest.Server
	store *apikey.Store
	clk   *testclock.Clock
}

const cacheTTL = 5 * time.Second

func startLimited(t *testing.T) *limitedServer {
	t.Helper()
	clk := testclock.New(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	store := httpservertest.StoreKeys(t)
	srv, _ := start(t, nil, func(c *httpserver.Config) {
		c.Keys = apikey.NewCache(store, cacheTTL, &apikey.CacheOptions{Now: clk.Now})
		c.RateLimiter = ratelimit.NewMemory(ratelimit.MemoryConfig{Now: clk.Now})
	})
	return &limitedServer{srv: srv, store: store, clk: clk}
}

func (ls *limitedServer) key(t *testing.T, nk apikey.NewKey) string {
	t.Helper()
	secret, _, err := ls.store.Create(t.Context(), nk)
	if err != nil {
		t.Fatal(err)
	}
	return secret
}

// statuses sends n requests to route rt with secret and returns the
// statuses.
func (ls *limitedServer) statuses(t *testing.T, rt route, secret string, n int) []int {
	t.Helper()
	var out []int
	for range n {
		out = append(out, send(t, ls.srv, rt, nil, "x-api-key", secret).Status)
	}
	return out
}

func countStatus(statuses []int, status int) int {
	n := 0
	for _, s := range statuses {
		if s == status {
			n++
		}
	}
	return n
}

// TestRateLimit: a key over its limit gets 429 RateLimited with Retry-After,
// on every route, counted per key across routes; other keys are unaffected;
// the budget comes back with time.
func TestRateLimit(t *testing.T) {
	ls := startLimited(t)
	limited := ls.key(t, apikey.NewKey{Name: "limited", RateLimit: ratelimit.PerMinute(3)})
	neighbour := ls.key(t, apikey.NewKey{Name: "neighbour", RateLimit: ratelimit.PerMinute(3)})
	unlimited := ls.key(t, apikey.NewKey{Name: "unlimited"})

	// Three requests on three routes use the key's one budget.
	for _, rt := range routes[:3] {
		if r := send(t, ls.srv, rt, nil, "x-api-key", limited); r.Status != 200 {
			t.Fatalf("%s within the limit: %d %s", rt.name, r.Status, r.Body)
		}
	}
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			r := send(t, ls.srv, rt, nil, "x-api-key", limited)
			body := wantError(t, r, 429, orchestration.RateLimited)
			// 3/m: one request every 20s; the clock has not moved.
			if got := r.Header.Get("Retry-After"); got != "20" {
				t.Errorf("Retry-After = %q, want 20", got)
			}
			if !strings.Contains(body.Message, "3/m") {
				t.Errorf("message %q does not state the limit", body.Message)
			}
		})
	}
	if got := countStatus(ls.statuses(t, routes[0], neighbour, 5), 200); got != 3 {
		t.Errorf("another limited key: %d of 5 passed, want its own 3", got)
	}
	if got := countStatus(ls.statuses(t, routes[0], unlimited, 50), 200); got != 50 {
		t.Errorf("a key without a limit: %d of 50 passed, want all", got)
	}

	ls.clk.Advance(20 * time.Second)
	if got := ls.statuses(t, routes[0], limited, 2); got[0] != 200 || got[1] != 429 {
		t.Errorf("20s later: statuses %v, want [200 429] (one request's worth)", got)
	}
}

// TestRateLimitRetryAfterRoundsUp: Retry-After is whole seconds, rounded
// up, never 0.
func TestRateLimitRetryAfterRoundsUp(t *testing.T) {
	ls := startLimited(t)
	for _, tt := range []struct {
		limit ratelimit.Limit
		want  string
	}{
		{ratelimit.Limit{Count: 2, Period: 3 * time.Second}, "2"}, // 1.5s
		{ratelimit.PerSecond(100), "1"},                           // 10ms
		{ratelimit.PerHour(1), "3600"},
	} {
		t.Run(tt.limit.String(), func(t *testing.T) {
			secret := ls.key(t, apikey.NewKey{Name: "k-" + tt.want, RateLimit: tt.limit})
			ls.statuses(t, routes[0], secret, tt.limit.Count)
			r := send(t, ls.srv, routes[0], nil, "x-api-key", secret)
			wantError(t, r, 429, orchestration.RateLimited)
			if got := r.Header.Get("Retry-After"); got != tt.want {
				t.Errorf("Retry-After = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRateLimitCORS: a browser page allowed to use the key can read the 429
// and its Retry-After.
func TestRateLimitCORS(t *testing.T) {
	ls := startLimited(t)
	secret := ls.key(t, apikey.NewKey{Name: "web", AllowedOrigins: []string{allowedOrig}, RateLimit: ratelimit.PerHour(1)})
	send(t, ls.srv, routes[0], nil, "x-api-key", secret, "Origin", allowedOrig)
	r := send(t, ls.srv, routes[0], nil, "x-api-key", secret, "Origin", allowedOrig)
	wantError(t, r, 429, orchestration.RateLimited)
	if got := r.Header.Get("Access-Control-Allow-Origin"); got != allowedOrig {
		t.Errorf("Access-Control-Allow-Origin = %q", got)
	}
	if got := r.Header.Get("Access-Control-Expose-Headers"); !strings.Contains(got, "Retry-After") || !strings.Contains(got, httpserver.HeaderRequestID) {
		t.Errorf("Access-Control-Expose-Headers = %q, want Retry-After and %s", got, httpserver.HeaderRequestID)
	}
}

// TestRateLimitChange: a limit changed in the store applies once the key
// cache has let go of the key, within its TTL; "off" removes it.
func TestRateLimitChange(t *testing.T) {
	ls := startLimited(t)
	ctx := t.Context()
	secret := ls.key(t, apikey.NewKey{Name: "k", RateLimit: ratelimit.PerMinute(100)})
	if got := countStatus(ls.statuses(t, routes[0], secret, 3), 200); got != 3 {
		t.Fatalf("%d of 3 passed under 100/m", got)
	}
	if err := ls.store.SetRateLimit(ctx, "k", ratelimit.PerMinute(1)); err != nil {
		t.Fatal(err)
	}
	ls.clk.Advance(cacheTTL - time.Nanosecond)
	if got := countStatus(ls.statuses(t, routes[0], secret, 3), 200); got != 3 {
		t.Errorf("within the key cache TTL: %d of 3 passed, want 3 (the cached 100/m)", got)
	}
	ls.clk.Advance(time.Nanosecond)
	if got := ls.statuses(t, routes[0], secret, 3); countStatus(got, 200) != 1 || got[0] != 200 {
		t.Errorf("after the TTL under 1/m: statuses %v, want one 200 then 429s", got)
	}

	if err := ls.store.SetRateLimit(ctx, "k", ratelimit.Off); err != nil {
		t.Fatal(err)
	}
	ls.clk.Advance(cacheTTL)
	if got := countStatus(ls.statuses(t, routes[0], secret, 20), 200); got != 20 {
		t.Errorf("limit off: %d of 20 passed, want all", got)
	}
}

// TestNoRateLimiter: without Config.RateLimiter keys' limits are not
// enforced.
func TestNoRateLimiter(t *testing.T) {
	keys := httpservertest.NewKeys()
	keys.Add(goodKey, apikey.Key{ID: "k1", Name: "limited", RateLimit: ratelimit.PerHour(1)})
	srv, _ := start(t, nil, func(c *httpserver.Config) { c.Keys = keys })
	for range 5 {
		if r := send(t, srv, routes[0], nil, "x-api-key", goodKey); r.Status != 200 {
			t.Fatalf("status %d without a rate limiter", r.Status)
		}
	}
}

// failingLimiter is a limiter whose store is down.
type failingLimiter struct{}

func (failingLimiter) Allow(context.Context, string, ratelimit.Limit) (ratelimit.Decision, error) {
	return ratelimit.Decision{}, errors.New("dial tcp 127.0.0.1:6379: connect: connection refused")
}

// TestRateLimiterFailureLetsThrough: a failing limiter never fails a
// request; the failure is logged.
func TestRateLimiterFailureLetsThrough(t *testing.T) {
	keys := httpservertest.NewKeys()
	keys.Add(goodKey, apikey.Key{ID: "k1", Name: goodKeyName, RateLimit: ratelimit.PerHour(1)})
	srv, _ := start(t, nil, func(c *httpserver.Config) {
		c.Keys = keys
		c.RateLimiter = failingLimiter{}
	})
	for range 3 {
		if r := send(t, srv, routes[0], nil, "x-api-key", goodKey); r.Status != http.StatusOK {
			t.Fatalf("status %d with a failing limiter, want 200", r.Status)
		}
	}
	recs := srv.Logs.Records("rate limiter failed; request let through")
	if len(recs) != 3 || recs[0]["level"] != "WARN" || recs[0]["key"] != goodKeyName {
		t.Errorf("logged %v, want three warnings naming the key", recs)
	}
}

// BenchmarkRateLimitOverhead measures a cheap request (a 304 of
// /supported-assets) through the whole handler without a limiter, with the
// memory limiter, and with the Redis limiter behind a Fallback (when
// ORCHESTRATION_TEST_REDIS_URL is set): the cost rate limiting adds.
//
//	ORCHESTRATION_TEST_REDIS_URL=redis://127.0.0.1:6379/0 go test ./httpserver -run '^$' -bench RateLimitOverhead -benchmem
func BenchmarkRateLimitOverhead(b *testing.B) {
	_, etag, _ := asset.Default().SupportedAssetsJSON(context.Background())
	for _, tt := range []struct {
		name    string
		limiter func(b *testing.B) ratelimit.Limiter
	}{
		{"none", func(*testing.B) ratelimit.Limiter { return nil }},
		{"memory", func(*testing.B) ratelimit.Limiter { return ratelimit.NewMemory(ratelimit.MemoryConfig{}) }},
		{"redis", func(b *testing.B) ratelimit.Limiter {
			opts, err := redis.ParseURL(testredis.URL(b))
			if err != nil {
				b.Fatal(err)
			}
			rdb := redis.NewClient(opts)
			b.Cleanup(func() { rdb.Close() })
			return ratelimit.NewFallback(redislimit.New(rdb, redislimit.Config{Prefix: "m0bench:http:"}),
				ratelimit.NewMemory(ratelimit.MemoryConfig{}), ratelimit.FallbackConfig{})
		}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			keys := httpservertest.NewKeys()
			keys.Add(goodKey, apikey.Key{ID: "k1", Name: "bench", RateLimit: ratelimit.PerSecond(1000000)})
			cfg := httpserver.Config{Keys: keys, Logger: slog.New(slog.DiscardHandler)}
			if l := tt.limiter(b); l != nil {
				cfg.RateLimiter = l
			}
			h, err := httpserver.New(httpserver.Services{Assets: asset.Default()}, cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodGet, httpserver.BasePath+"/supported-assets", nil)
				req.Header.Set("x-api-key", goodKey)
				req.Header.Set("If-None-Match", etag)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusNotModified {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
