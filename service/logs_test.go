package service

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
)

// TestRedialBackendReadsLogs: an RPC endpoint down when first used fails
// the log read without naming its URL, and serves the next one once it
// answers, without a restart.
func TestRedialBackendReadsLogs(t *testing.T) {
	var up atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !up.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		result := map[string]string{"eth_chainId": `"0xaa36a7"`, "eth_getLogs": `[]`}[req.Method]
		if result == "" {
			result = "null"
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":` + result + `}`))
	}))
	defer srv.Close()
	url := srv.URL + "/v3/secret-api-key"
	b := &redialBackend{chain: orchestration.Sepolia, chainID: 11155111, url: url}
	defer b.close()
	r, err := evm.NewLogReader(evm.LogReaderConfig{Name: orchestration.Sepolia, Backend: b})
	if err != nil {
		t.Fatal(err)
	}
	q := ethereum.FilterQuery{FromBlock: big.NewInt(1), ToBlock: big.NewInt(2)}
	_, err = r.FilterLogs(context.Background(), q)
	if err == nil || strings.Contains(err.Error(), "secret-api-key") || !strings.Contains(err.Error(), "Sepolia") {
		t.Fatalf("endpoint down: error %v, want one naming the chain and not the URL", err)
	}
	up.Store(true)
	logs, err := r.FilterLogs(context.Background(), q)
	if err != nil || len(logs) != 0 {
		t.Fatalf("endpoint up: %v, %v; want no logs and no error", logs, err)
	}
}
