package evm_test

import (
	"context"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/orchestration"
)

func newLogReader(t *testing.T, name orchestration.Chain, b evm.LogBackend, reg prometheus.Registerer) *evm.LogReader {
	t.Helper()
	r, err := evm.NewLogReader(evm.LogReaderConfig{Name: name, Backend: b, Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestLogReaderCountsRoundTrips(t *testing.T) {
	c, _ := dn.Chain(orchestration.Sepolia)
	reg := prometheus.NewRegistry()
	r := newLogReader(t, c.Name, c.Client(), reg)
	ctx, trips := evm.WithTrips(context.Background())

	head, err := r.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The OrderBook's deployment and wiring emitted events.
	logs, err := r.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: big.NewInt(0), ToBlock: head.Number,
		Addresses: []common.Address{dn.Contracts(c.Name).OrderBook}})
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) == 0 {
		t.Error("no logs of the OrderBook since genesis")
	}
	if got := trips.Of(c.Name); got != 2 {
		t.Errorf("Trips counted %d round trips, want 2", got)
	}
	if got := promtest.Chain(t, reg, "orchestration_evm_round_trips_total", string(c.Name)); got != 2 {
		t.Errorf("orchestration_evm_round_trips_total = %v, want 2", got)
	}
}

// node is a JSON-RPC endpoint answering every request with status and body.
func node(t *testing.T, status int, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v3/secret-api-key"
}

func TestLogReaderErrors(t *testing.T) {
	// Nothing listens on port 1. (A closed httptest server's port can be
	// given to the next one the table makes, which then answers.)
	goneURL := "http://127.0.0.1:1/v3/secret-api-key"
	for _, c := range []struct {
		name    string
		url     string
		refused bool
	}{
		{"node down", goneURL, false},
		{"range refused", node(t, 200, `{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"query returned more than 10000 results"}}`), true},
		{"payload too large", node(t, 413, `too large`), true},
		{"rate limited", node(t, 429, `slow down`), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			rc, err := rpc.Dial(c.url)
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			reg := prometheus.NewRegistry()
			r := newLogReader(t, orchestration.Sepolia, ethclient.NewClient(rc), reg)
			_, err = r.FilterLogs(context.Background(), ethereum.FilterQuery{FromBlock: big.NewInt(1), ToBlock: big.NewInt(100_000)})
			if err == nil {
				t.Fatal("FilterLogs succeeded")
			}
			if strings.Contains(err.Error(), "secret-api-key") {
				t.Errorf("error %q leaks the RPC URL", err)
			}
			if !strings.Contains(err.Error(), "Sepolia") || !strings.Contains(err.Error(), "100000") {
				t.Errorf("error %q does not name the chain and the range", err)
			}
			if got := evm.NodeRefused(err); got != c.refused {
				t.Errorf("NodeRefused(%v) = %v, want %v", err, got, c.refused)
			}
			_, err = r.HeaderByNumber(context.Background(), nil)
			if err == nil || strings.Contains(err.Error(), "secret-api-key") || !strings.Contains(err.Error(), "Sepolia") {
				t.Errorf("HeaderByNumber error %v: want one naming the chain, not the URL", err)
			}
			if got := promtest.Chain(t, reg, "orchestration_evm_read_errors_total", string(orchestration.Sepolia)); got != 2 {
				t.Errorf("orchestration_evm_read_errors_total = %v, want 2", got)
			}
		})
	}
}
