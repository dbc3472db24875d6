package httpserver

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

// oneKey authenticates one secret.
type oneKey string

func (k oneKey) Authenticate(_ context.Context, secret string) (apikey.Key, error) {
	if secret != string(k) {
		return apikey.Key{}, apikey.ErrUnknownKey
	}
	return apikey.Key{Name: "retain"}, nil
}

// stateCatcher is an asset catalog that remembers, weakly, the request
// state its context is.
type stateCatcher struct{ state weak.Pointer[requestState] }

func (c *stateCatcher) SupportedAssets(context.Context) ([]orchestration.Asset, error) {
	return nil, nil
}

func (c *stateCatcher) SupportedAssetsJSON(ctx context.Context) ([]byte, string, error) {
	if st, ok := ctx.(*requestState); ok {
		c.state = weak.Make(st)
	}
	return []byte("[]"), `"e"`, nil
}

// A line waiting for the access log's writer keeps the request id the
// server made, but not the request's state (nor, through it, the request
// and its response): a busy server holds a flush interval's worth of
// lines, and the collector would mark every request behind them again in
// each cycle. So in each of the access log's forms: its own text and JSON
// lines, and records for a slog.Handler.
func TestQueuedAccessLineDoesNotPinTheRequest(t *testing.T) {
	for _, tc := range []struct {
		name string
		log  func(out *bytes.Buffer) *AccessLog // its writer not started: lines stay queued
		want string                             // the id's place in a line, %s for it
	}{
		{"text", func(out *bytes.Buffer) *AccessLog {
			al := newAccessLog(nil, AccessLogConfig{})
			al.w, al.encode = out, appendTextLine
			return al
		}, " request_id=%s "},
		{"json", func(out *bytes.Buffer) *AccessLog {
			al := newAccessLog(nil, AccessLogConfig{})
			al.w, al.encode = out, appendJSONLine
			return al
		}, `"request_id":"%s"`},
		{"slog handler", func(out *bytes.Buffer) *AccessLog {
			return newAccessLog(slog.NewTextHandler(out, nil), AccessLogConfig{})
		}, " request_id=%s "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			al := tc.log(&out)
			catcher := &stateCatcher{}
			h, err := New(Services{Assets: catcher}, Config{Keys: oneKey("k"), AccessLog: al, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				t.Fatal(err)
			}
			id := func() string {
				req := httptest.NewRequest(http.MethodGet, BasePath+"/supported-assets", nil)
				req.Header.Set(HeaderAPIKey, "k")
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					t.Fatalf("status %d: %s", w.Code, w.Body)
				}
				// The header's value is a view of the state too: copy it.
				return strings.Clone(w.Header().Get(HeaderRequestID))
			}()
			if catcher.state == (weak.Pointer[requestState]{}) {
				t.Fatal("the handler's context is not the request's state; the test sees nothing")
			}
			for range 3 {
				runtime.GC()
			}
			if catcher.state.Value() != nil {
				t.Error("the request's state is still reachable while its access-log line is queued")
			}

			go al.run()
			if err := al.Close(); err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf(tc.want, id); len(id) != 32 || !strings.Contains(out.String(), want) {
				t.Errorf("log %q does not carry the id the response did (%q)", out.String(), id)
			}
		})
	}
}
