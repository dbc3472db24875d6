package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/webhook"
)

// keys webhook set prints the secret once; show lists the URL and senders,
// never the secret; test sends a signed event the receiver verifies with
// that secret and prints its status (a 500 is a failure, exit 1); remove
// removes it.
func TestKeysWebhook(t *testing.T) {
	cfg := writeConfig(t, "database:\n  dsn: sqlite:"+filepath.Join(t.TempDir(), "keys.db")+"\n")
	if code, _, stderr := runCmd(t, nil, "keys", "create", "-config", cfg, "-name", "partner"); code != 0 {
		t.Fatalf("create: %d %s", code, stderr)
	}
	var mu sync.Mutex
	var secret string
	status := http.StatusOK
	var verified []error
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		verified = append(verified, webhook.Verify(secret, r.Header.Get(webhook.HeaderSignature), body, time.Now(), 0))
		w.WriteHeader(status)
	}))
	defer rcv.Close()

	code, out, stderr := runCmd(t, nil, "keys", "webhook", "set", "-config", cfg, "-sender", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "partner", rcv.URL+"/hook")
	m := regexp.MustCompile(`secret \(shown once.*\): (whsec_[0-9a-f]{64})\n`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("set: %d %q %s; want the secret printed", code, out, stderr)
	}
	secret = m[1]
	code, out, _ = runCmd(t, nil, "keys", "webhook", "show", "-config", cfg, "partner")
	if code != 0 || !strings.Contains(out, rcv.URL+"/hook") || !strings.Contains(out, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed (registered)") ||
		!strings.Contains(out, "0 pending, 0 dead") || strings.Contains(out, secret) {
		t.Errorf("show: %d %q; want the URL, the sender in EIP-55, the outbox, no secret", code, out)
	}
	code, out, stderr = runCmd(t, nil, "keys", "webhook", "test", "-config", cfg, "partner")
	if code != 0 || !regexp.MustCompile(`sent test event evt_[0-9a-f]{32}: the receiver answered 200`).MatchString(out) {
		t.Errorf("test: %d %q %s", code, out, stderr)
	}
	mu.Lock()
	status = http.StatusInternalServerError
	mu.Unlock()
	code, out, stderr = runCmd(t, nil, "keys", "webhook", "test", "-config", cfg, "partner")
	if code != 1 || !strings.Contains(out, "answered 500") || !strings.Contains(stderr, "500") || strings.Contains(stderr, "/hook") {
		t.Errorf("test against a 500: %d %q %q; want exit 1 and the status, not the URL", code, out, stderr)
	}
	mu.Lock()
	for i, err := range verified {
		if err != nil {
			t.Errorf("test event %d: Verify: %v", i, err)
		}
	}
	if len(verified) != 2 {
		t.Errorf("%d test events received, want 2", len(verified))
	}
	mu.Unlock()
	if code, _, stderr := runCmd(t, nil, "keys", "webhook", "remove", "-config", cfg, "partner"); code != 0 {
		t.Fatalf("remove: %d %s", code, stderr)
	}
	if code, _, stderr := runCmd(t, nil, "keys", "webhook", "show", "-config", cfg, "partner"); code != 1 || !strings.Contains(stderr, "no webhook") {
		t.Errorf("show after remove: %d %s", code, stderr)
	}
	if code, _, stderr := runCmd(t, nil, "keys", "webhook", "show", "-config", cfg, "nobody"); code != 1 || !strings.Contains(stderr, "no such key") {
		t.Errorf("show of an unknown key: %d %s", code, stderr)
	}
}
