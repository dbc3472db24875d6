package evm_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/bench"
	"github.com/m0-orchestration/m0/orchestration"
)

func TestDialChecksChainID(t *testing.T) {
	c, _ := dn.Chain(orchestration.BaseSepolia)
	ctx := context.Background()

	client, err := evm.Dial(ctx, c.Name, c.ChainID, c.RPCURL(), evm.DialOptions{})
	if err != nil {
		t.Fatalf("right chain id: %v", err)
	}
	client.Close()

	_, err = evm.Dial(ctx, c.Name, 8453, c.RPCURL(), evm.DialOptions{}) // Base mainnet's id
	if err == nil || !strings.Contains(err.Error(), string(c.Name)) || !strings.Contains(err.Error(), "84532") {
		t.Errorf("wrong chain id: error %v, want one naming %s and the id served", err, c.Name)
	}
	if err != nil && strings.Contains(err.Error(), c.RPCURL()) {
		t.Errorf("error %q leaks the RPC URL", err)
	}
}

func TestDialErrorsHideTheURL(t *testing.T) {
	// A node that is gone: the transport error would name the URL, with its
	// API key.
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL + "/v2/secret-api-key"
	srv.Close()
	_, err := evm.Dial(context.Background(), orchestration.Sepolia, 11155111, url, evm.DialOptions{})
	if err == nil {
		t.Fatal("dialing a closed server succeeded")
	}
	if strings.Contains(err.Error(), "secret-api-key") || strings.Contains(err.Error(), srv.URL) {
		t.Errorf("error %q leaks the RPC URL", err)
	}
	if !strings.Contains(err.Error(), "Sepolia") {
		t.Errorf("error %q does not name the chain", err)
	}
}

func TestLatencyTransportCountsRoundTrips(t *testing.T) {
	chain := orchestration.Sepolia
	c, _ := dn.Chain(chain)
	lt := &bench.LatencyTransport{Delay: 1}
	client, err := evm.Dial(context.Background(), chain, c.ChainID, c.RPCURL(), evm.DialOptions{HTTPClient: &http.Client{Transport: lt}})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	if got := lt.Count(); got != 1 {
		t.Errorf("Dial made %d HTTP round trips, want 1 (eth_chainId)", got)
	}
	r := newReader(t, evm.Config{Chains: []evm.ChainConfig{{Name: chain, ChainID: c.ChainID, Multicall3: dn.Contracts(chain).Multicall3, Backend: client}}})
	k := dn.Contracts(chain)
	calls := []evm.Call{evm.ERC20BalanceOf(k.USDC, freshAddress(t)), evm.ERC20BalanceOf(k.USDT, freshAddress(t))}
	for i, want := range []int64{2, 3} { // aggregate3, then eth_blockNumber
		ctx, trips := evm.WithTrips(context.Background())
		if _, err := r.Read(ctx, chain, calls); err != nil {
			t.Fatal(err)
		}
		if got := lt.Count(); got != want || trips.Total() != 1 {
			t.Errorf("read %d: %d HTTP round trips in all (%d counted by Trips), want %d", i, got, trips.Total(), want)
		}
	}
}

func TestLatencyTransportHoldsRequests(t *testing.T) {
	c, _ := dn.Chain(orchestration.Sepolia)
	lt := &bench.LatencyTransport{Delay: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for lt.Count() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel() // the request is held in the transport: only cancelling ends it
	}()
	_, err := evm.Dial(ctx, c.Name, c.ChainID, c.RPCURL(), evm.DialOptions{HTTPClient: &http.Client{Transport: lt}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}
