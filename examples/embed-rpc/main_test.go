package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// fakeEthereum answers eth_chainId as Ethereum mainnet and refuses every
// other call, counting the requests: enough for the service to dial it.
func fakeEthereum(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		resp := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		if req.Method == "eth_chainId" {
			resp["result"] = "0x1"
		} else {
			resp["error"] = map[string]any{"code": -32601, "message": "not served by this test"}
		}
		json.NewEncoder(w).Encode(resp)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// The program serves the built-in catalog under /v1/orchestration with its
// key, reads the chain through the endpoint given, and stops cleanly.
func TestRun(t *testing.T) {
	const key = "embed-rpc-test-key-0001"
	eth, calls := fakeEthereum(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out testio.Buffer
	done := make(chan error, 1)
	rpc := endpoints{}
	if err := rpc.Set("Ethereum=" + eth.URL); err != nil {
		t.Fatal(err)
	}
	go func() { done <- run(ctx, ln, rpc, key, &out) }()
	for !strings.Contains(out.String(), "embed-rpc: serving") {
		select {
		case err := <-done:
			t.Fatalf("run returned before serving: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
	}
	c, err := client.New("http://"+ln.Addr().String()+"/v1/orchestration", client.Config{APIKey: key})
	if err != nil {
		t.Fatal(err)
	}
	assets, err := c.SupportedAssets(ctx)
	if err != nil || len(assets) != len(asset.Default().Assets()) {
		t.Fatalf("supported assets: %d, %v; want the built-in catalog's %d", len(assets), err, len(asset.Default().Assets()))
	}
	if calls.Load() == 0 {
		t.Error("the Ethereum endpoint was never dialled")
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop")
	}
}

func TestRunNeedsAKey(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if err := run(context.Background(), ln, nil, "", &testio.Buffer{}); err == nil || !strings.Contains(err.Error(), keyEnv) {
		t.Fatalf("run without a key: %v; want an error naming %s", err, keyEnv)
	}
}

func TestEndpointsFlag(t *testing.T) {
	e := endpoints{}
	for _, bad := range []string{"Ethereum", "=https://x.example", "Ethereum="} {
		if e.Set(bad) == nil {
			t.Errorf("-rpc %q accepted", bad)
		}
	}
	if err := e.Set("Base=https://base.example/k=v"); err != nil || e[orchestration.Base] != "https://base.example/k=v" {
		t.Fatalf("-rpc Base=...: %v, %v", err, e)
	}
}
