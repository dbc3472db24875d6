package app_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/internal/testing/testredis"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// replica is one running server as orchestrationd serve builds it.
type replica struct {
	app  *app.Server
	url  string
	logs *testio.Buffer
}

func startReplica(t *testing.T, cfg app.Config) *replica {
	t.Helper()
	off := false
	cfg.Devnet = &app.DevnetConfig{Enabled: false}
	cfg.DevKey = &off
	logs := &testio.Buffer{}
	a, err := app.New(t.Context(), cfg, app.Options{FromFile: true, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	t.Cleanup(func() { a.Close() })
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	return &replica{app: a, url: srv.URL, logs: logs}
}

// get sends GET path with the key and returns the status and headers.
func (r *replica) get(t *testing.T, path, key string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), "GET", r.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("x-api-key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body json.RawMessage
	json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, resp.Header, body
}

const assetsPath = "/v1/orchestration/supported-assets"

// TestReplicasShareRateLimit: two replicas on one PostgreSQL key store and
// one Redis enforce one budget per key; without Redis each replica has its
// own. A limit changed on one replica's store applies on both.
func TestReplicasShareRateLimit(t *testing.T) {
	for _, tt := range []struct {
		name  string
		redis bool
		want  int // requests allowed of 10, alternating between replicas
	}{
		{"redis", true, 4},
		{"memory", false, 8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := app.Config{
				Database:    app.DatabaseConfig{DSN: storagetest.Postgres(t).DSN},
				KeyCacheTTL: app.Duration(-1), // limit changes apply at once
			}
			if tt.redis {
				cfg.Redis.URL = testredis.URL(t)
			}
			a, b := startReplica(t, cfg), startReplica(t, cfg)
			secret, _, err := a.app.Keys().Create(t.Context(), apikey.NewKey{Name: "partner", RateLimit: ratelimit.PerMinute(4)})
			if err != nil {
				t.Fatal(err)
			}
			allowed := 0
			var last http.Header
			for i := range 10 {
				r := a
				if i%2 == 1 {
					r = b
				}
				status, h, body := r.get(t, assetsPath, secret)
				switch status {
				case 200:
					allowed++
				case 429:
					var eb orchestration.ErrorBody
					if err := json.Unmarshal(body, &eb); err != nil || eb.Code != orchestration.RateLimited {
						t.Errorf("429 body %s, want code RateLimited", body)
					}
					last = h
				default:
					t.Fatalf("status %d: %s", status, body)
				}
			}
			if allowed != tt.want {
				t.Errorf("%d of 10 requests across two replicas allowed under 4/m, want %d", allowed, tt.want)
			}
			// 4/m is one request per 15s.
			if s, err := strconv.Atoi(last.Get("Retry-After")); err != nil || s < 1 || s > 15 {
				t.Errorf("Retry-After = %q, want 1 to 15 seconds", last.Get("Retry-After"))
			}

			if err := b.app.Keys().SetRateLimit(t.Context(), "partner", ratelimit.Off); err != nil {
				t.Fatal(err)
			}
			for _, r := range []*replica{a, b} {
				if status, _, body := r.get(t, assetsPath, secret); status != 200 {
					t.Errorf("limit removed: status %d %s", status, body)
				}
				if status, _, body := r.get(t, "/readyz", ""); status != 200 {
					t.Errorf("/readyz = %d %s", status, body)
				}
			}
		})
	}
}

// TestRateLimitRedisDown: with its Redis unreachable, from the start, the
// server starts, serves, limits each key locally, says so once in its log,
// and fails /readyz naming the Redis check. The Redis password is never
// logged.
func TestRateLimitRedisDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	const password = "hunter2-redis-password"
	r := startReplica(t, app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Redis:    app.RedisConfig{URL: "redis://:" + password + "@" + addr + "/0"},
	})
	secret, _, err := r.app.Keys().Create(t.Context(), apikey.NewKey{Name: "partner", RateLimit: ratelimit.PerHour(2)})
	if err != nil {
		t.Fatal(err)
	}
	var statuses []int
	for range 4 {
		s, _, _ := r.get(t, assetsPath, secret)
		statuses = append(statuses, s)
	}
	if want := []int{200, 200, 429, 429}; !slices.Equal(statuses, want) {
		t.Errorf("statuses with Redis down = %v, want %v (limited locally)", statuses, want)
	}
	status, _, body := r.get(t, "/readyz", "")
	if status != 503 || !strings.Contains(string(body), service.RedisReadyCheck) || strings.Contains(string(body), "database") {
		t.Errorf("/readyz = %d %s; want 503 naming %s only", status, body, service.RedisReadyCheck)
	}
	logs := r.logs.String()
	if n := strings.Count(logs, "rate limiter unreachable"); n != 1 {
		t.Errorf("%d outage warnings, want 1:\n%s", n, logs)
	}
	if strings.Contains(logs, password) {
		t.Errorf("the log holds the Redis password:\n%s", logs)
	}
}

// TestRedisConfigInvalid: a Redis URL that does not parse stops the server
// before it starts, and the error does not repeat the URL's password.
func TestRedisConfigInvalid(t *testing.T) {
	const password = "hunter2-redis-password"
	for _, u := range []string{
		"http://127.0.0.1:6379",
		"redis://:" + password + "@127.0.0.1:6379/notanumber",
		"redis://:" + password + "@[::1:6379",
		"redis://:" + password + "@127.0.0.1:6379/0?dial_timeout=soon",
	} {
		_, err := app.New(context.Background(), app.Config{
			Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
			Devnet:   &app.DevnetConfig{Enabled: false},
			Redis:    app.RedisConfig{URL: u},
		}, app.Options{FromFile: true, Logger: slog.New(slog.DiscardHandler)})
		if err == nil || !strings.Contains(err.Error(), "redis.url") {
			t.Errorf("redis.url %q: error %v, want one naming redis.url", u, err)
		} else if strings.Contains(err.Error(), password) {
			t.Errorf("the error repeats the password: %v", err)
		}
	}
}
