// Package httpservertest starts the orchestration HTTP server on a real
// listener for tests, with in-memory API keys, fake services, a captured log
// and a private metrics registry. The same helpers serve the unit tests of
// package httpserver (with Fake services) and end-to-end suites (with the
// real asset catalog, quote engine and key store passed as Services and
// Config.Keys).
//
//	keys := httpservertest.NewKeys()
//	keys.Add("secret-1", apikey.Key{Name: "ci"})
//	srv := httpservertest.Start(t, fake.Services(), httpserver.Config{Keys: keys})
//	c := srv.Client(t, "secret-1")
package httpservertest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/storage"
)

// Server is a running orchestration HTTP server.
type Server struct {
	*httptest.Server
	// BaseURL is the specification's {base_url}: URL + httpserver.BasePath.
	BaseURL string
	// Logs holds everything the server logged, as JSON lines.
	Logs *LogBuffer
	// Registry is the server's metrics registry.
	Registry *prometheus.Registry
}

// Start builds the handler with httpserver.New and serves it on a loopback
// listener until the test ends. A nil cfg.Logger logs at debug level into
// Server.Logs; a nil cfg.Registry is a fresh registry. cfg.Keys must be set.
func Start(t testing.TB, svc httpserver.Services, cfg httpserver.Config) *Server {
	t.Helper()
	s := &Server{Logs: &LogBuffer{}}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewJSONHandler(s.Logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	if cfg.Registry == nil {
		cfg.Registry = prometheus.NewRegistry()
	}
	s.Registry = cfg.Registry
	h, err := httpserver.New(svc, cfg)
	if err != nil {
		t.Fatalf("httpserver.New: %v", err)
	}
	s.Server = httptest.NewServer(openapitest.Handler(t, h)) // every answer checked against the OpenAPI documents
	t.Cleanup(s.Close)
	s.BaseURL = s.URL + httpserver.BasePath
	return s
}

// Client returns an orchestration client of the server that sends apiKey.
func (s *Server) Client(t testing.TB, apiKey string) *client.Client {
	t.Helper()
	c, err := client.New(s.BaseURL, client.Config{APIKey: apiKey, HTTPClient: s.Server.Client()})
	if err != nil {
		t.Fatalf("client.New: %v", err)
	}
	return c
}

// Response is a raw answer of Do.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// ErrorBody decodes the body as the specification's error body; it fails
// the test when the body is not one.
func (r *Response) ErrorBody(t testing.TB) orchestration.ErrorBody {
	t.Helper()
	var b orchestration.ErrorBody
	if err := json.Unmarshal(r.Body, &b); err != nil || b.Code == "" {
		t.Fatalf("HTTP %d body is not an error body (%v): %s", r.Status, err, r.Body)
	}
	return b
}

// Do sends a raw request to the server. path is relative to the server's
// root (include httpserver.BasePath for API routes); body may be nil;
// header values are set on the request.
func (s *Server) Do(t testing.TB, method, path string, body io.Reader, header http.Header) *Response {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, s.URL+path, body)
	if err != nil {
		t.Fatalf("building request: %v", err)
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := s.Server.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading body: %v", method, path, err)
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

// Keys is an in-memory apikey.Authenticator: secrets map to keys, and a
// revoked secret is unknown, as in the real store.
type Keys struct {
	mu      sync.Mutex
	keys    map[string]apikey.Key
	revoked map[string]bool
}

// NewKeys returns an empty key set.
func NewKeys() *Keys {
	return &Keys{keys: map[string]apikey.Key{}, revoked: map[string]bool{}}
}

// Add registers key under secret.
func (k *Keys) Add(secret string, key apikey.Key) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.keys[secret] = key
	delete(k.revoked, secret)
}

// Revoke makes secret unknown from now on.
func (k *Keys) Revoke(secret string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.revoked[secret] = true
}

// Authenticate implements apikey.Authenticator.
func (k *Keys) Authenticate(ctx context.Context, secret string) (apikey.Key, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	key, ok := k.keys[secret]
	if !ok || k.revoked[secret] {
		return apikey.Key{}, apikey.ErrUnknownKey
	}
	return key, nil
}

// LogBuffer collects log output safely from concurrent requests.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns everything logged so far.
func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Records returns the JSON log records whose "msg" is msg ("" for all).
func (b *LogBuffer) Records(msg string) []map[string]any {
	var out []map[string]any
	for line := range strings.Lines(b.String()) {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) != nil {
			continue
		}
		if msg == "" || m["msg"] == msg {
			out = append(out, m)
		}
	}
	return out
}

// StoreKeys returns a real key store over a fresh in-memory SQLite
// database, closed when the test ends: the authenticator an end-to-end
// suite passes as Config.Keys. Create keys with its Create or EnsureKey.
func StoreKeys(t testing.TB) *apikey.Store {
	t.Helper()
	db, err := storage.Open(context.Background(), storage.Config{DSN: "sqlite::memory:"})
	if err != nil {
		t.Fatalf("storage.Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return apikey.NewStore(db, nil)
}
