package svm_test

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

func newClient(t *testing.T, url string) *svm.Client {
	t.Helper()
	c, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: url}}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// key is a deterministic public key for test account i.
func key(i int) solana.PublicKey {
	var k solana.PublicKey
	k[0], k[1], k[31] = byte(i), byte(i>>8), 0xAA
	return k
}

func TestClientReadsAccountsAndBlockhashInOneTrip(t *testing.T) {
	node := svmtest.NewRPC()
	defer node.Close()
	node.SetSlot(4242)
	owner, mint := key(1), svm.MMint
	ata := svm.AssociatedTokenAddress(owner, mint, svm.Token2022Program)
	node.Set(ata, svmtest.Account{Data: svmtest.TokenAccount(mint, owner, 1_234_567), Owner: svm.Token2022Program, Lamports: 2039280})
	node.Set(mint, svmtest.Account{Data: svmtest.Mint(1e12, 6), Owner: svm.Token2022Program, Lamports: 1})
	missing := key(2)

	ctx, trips := evm.WithTrips(context.Background())
	snap, err := newClient(t, node.URL()).Read(ctx, orchestration.Solana, []solana.PublicKey{ata, mint, missing, ata}, svm.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := trips.Of(orchestration.Solana); got != 1 || node.Requests() != 1 {
		t.Fatalf("counted %d trips, node saw %d requests; want 1 and 1", got, node.Requests())
	}
	if got, want := node.Batches()[0], []string{"getMultipleAccounts", "getLatestBlockhash"}; !slices.Equal(got, want) {
		t.Errorf("batch = %v, want %v", got, want)
	}
	if snap.Slot != 4242 || snap.Blockhash != node.Blockhash() || snap.LastValidBlockHeight != 4242+150 {
		t.Errorf("slot %d blockhash %s height %d", snap.Slot, snap.Blockhash, snap.LastValidBlockHeight)
	}
	a := snap.Accounts[ata]
	if a == nil || a.Owner != svm.Token2022Program || a.Lamports != 2039280 || len(a.Data) != 165 || a.RentEpoch != ^uint64(0) {
		t.Fatalf("token account = %+v", a)
	}
	if amt, err := svm.TokenAmount(a.Data); err != nil || amt != 1_234_567 {
		t.Errorf("TokenAmount = %d, %v", amt, err)
	}
	if d, err := svm.MintDecimals(snap.Accounts[mint].Data); err != nil || d != 6 {
		t.Errorf("MintDecimals = %d, %v", d, err)
	}
	if m, ok := snap.Accounts[missing]; !ok || m != nil {
		t.Errorf("missing account: present %v, value %+v; want a nil entry", ok, m)
	}
	if len(snap.Accounts) != 3 {
		t.Errorf("%d accounts, want 3 (the duplicate read once)", len(snap.Accounts))
	}
}

func TestClientChunksPast100AccountsInOneBatch(t *testing.T) {
	node := svmtest.NewRPC()
	defer node.Close()
	keys := make([]solana.PublicKey, 250)
	for i := range keys {
		keys[i] = key(i + 10)
		if i%2 == 0 {
			node.Set(keys[i], svmtest.Account{Data: svmtest.TokenAccount(svm.MMint, keys[i], uint64(i)), Owner: svm.TokenProgram})
		}
	}
	ctx, trips := evm.WithTrips(context.Background())
	snap, err := newClient(t, node.URL()).Read(ctx, orchestration.Solana, keys, svm.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if trips.Of(orchestration.Solana) != 1 || node.Requests() != 1 {
		t.Fatalf("%d trips, %d requests; want one of each", trips.Of(orchestration.Solana), node.Requests())
	}
	if got := node.Calls("getMultipleAccounts"); got != 3 {
		t.Errorf("%d getMultipleAccounts calls, want 3 (100+100+50)", got)
	}
	for i, k := range keys {
		a, ok := snap.Accounts[k]
		switch {
		case !ok:
			t.Fatalf("account %d not answered", i)
		case i%2 == 1 && a != nil:
			t.Fatalf("account %d should be missing", i)
		case i%2 == 0:
			if amt, err := svm.TokenAmount(a.Data); err != nil || amt != uint64(i) {
				t.Fatalf("account %d: amount %d, %v (answers out of order?)", i, amt, err)
			}
		}
	}
}

func TestClientErrorsNameTheClusterNotTheURL(t *testing.T) {
	node := svmtest.NewRPC()
	defer node.Close()
	node.Fail(-32005, "Node is behind by 42 slots")
	secretURL := node.URL() + "/?api-key=s3cret"
	_, err := newClient(t, secretURL).Read(context.Background(), orchestration.Solana, []solana.PublicKey{key(1)}, svm.ReadOptions{})
	var rpcErr *svm.RPCError
	if !errors.As(err, &rpcErr) || rpcErr.Code != -32005 || rpcErr.Cluster != orchestration.Solana {
		t.Fatalf("err = %v, want an *RPCError -32005 on Solana", err)
	}
	if !strings.Contains(err.Error(), "Solana") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("err = %q: want the cluster named and no credential", err)
	}

	// A node that is down: a transport error, whose text net/http fills
	// with the URL.
	down := httptest.NewServer(http.NotFoundHandler())
	downURL := down.URL + "/v1/s3cret-key"
	down.Close()
	ctx, trips := evm.WithTrips(context.Background())
	_, err = newClient(t, downURL).Read(ctx, orchestration.Solana, []solana.PublicKey{key(1)}, svm.ReadOptions{})
	if err == nil {
		t.Fatal("a down node answered")
	}
	if !strings.Contains(err.Error(), "Solana") || strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), down.URL) {
		t.Errorf("err = %q: want the cluster named and no URL", err)
	}
	if trips.Of(orchestration.Solana) != 1 {
		t.Errorf("a failed trip counted %d times, want 1", trips.Of(orchestration.Solana))
	}

	// An HTTP error status.
	teapot := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "no", http.StatusTooManyRequests)
	}))
	defer teapot.Close()
	_, err = newClient(t, teapot.URL+"/s3cret").Read(context.Background(), orchestration.Solana, nil, svm.ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "429") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("err = %v, want HTTP 429 without the URL", err)
	}

	_, err = newClient(t, node.URL()).Read(context.Background(), orchestration.SolanaDevnet, nil, svm.ReadOptions{})
	if !errors.Is(err, svm.ErrUnknownCluster) {
		t.Errorf("err = %v, want ErrUnknownCluster", err)
	}
}

func TestNewClientValidates(t *testing.T) {
	for name, cfg := range map[string]svm.ClientConfig{
		"no name": {Clusters: []svm.ClusterConfig{{URL: "http://x"}}},
		"no URL":  {Clusters: []svm.ClusterConfig{{Name: orchestration.Solana}}},
		"twice":   {Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: "http://x"}, {Name: orchestration.Solana, URL: "http://y"}}},
	} {
		if _, err := svm.NewClient(cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestClientMetrics(t *testing.T) {
	node := svmtest.NewRPC()
	defer node.Close()
	reg := prometheus.NewRegistry()
	c, err := svm.NewClient(svm.ClientConfig{Registerer: reg, Clusters: []svm.ClusterConfig{{Name: orchestration.SolanaDevnet, URL: node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Read(context.Background(), orchestration.SolanaDevnet, []solana.PublicKey{key(1)}, svm.ReadOptions{}); err != nil {
		t.Fatal(err)
	}
	node.Fail(-32603, "Internal error")
	if _, err := c.Read(context.Background(), orchestration.SolanaDevnet, nil, svm.ReadOptions{}); err == nil {
		t.Fatal("a failing node answered")
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				got[f.GetName()+" "+l.GetValue()] = m.GetCounter().GetValue()
			}
		}
	}
	want := map[string]float64{
		"orchestration_svm_round_trips_total SolanaDevnet": 2,
		"orchestration_svm_read_errors_total SolanaDevnet": 1,
	}
	if !maps.Equal(got, want) {
		t.Errorf("metrics %v, want %v", got, want)
	}
	// A second client on the same registry shares the counters.
	if _, err := svm.NewClient(svm.ClientConfig{Registerer: reg, Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: node.URL()}}}); err != nil {
		t.Errorf("a second client on one registry: %v", err)
	}
}

// A node that fails (down, an error status, a server-side JSON-RPC error)
// is an *UnavailableError naming the cluster with a retry hint, which the
// quote engine turns into a QuoteError with Retry-After; a request the
// node refuses as malformed is not.
func TestClientUnavailable(t *testing.T) {
	down := httptest.NewServer(http.NotFoundHandler())
	downURL := down.URL
	down.Close()
	status := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "overloaded", http.StatusServiceUnavailable)
	}))
	t.Cleanup(status.Close)
	for _, tc := range []struct {
		name string
		code int    // the fake node's JSON-RPC error, when url is ""
		url  string // another endpoint
		want bool
	}{
		{name: "connection refused", url: downURL, want: true},
		{name: "HTTP 503", url: status.URL, want: true},
		{name: "internal error", code: -32603, want: true},
		{name: "node behind", code: -32005, want: true},
		{name: "invalid params", code: -32602, want: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := tc.url
			if url == "" {
				node := svmtest.NewRPC()
				t.Cleanup(node.Close)
				node.Fail(tc.code, "failing")
				url = node.URL()
			}
			_, err := newClient(t, url).Read(context.Background(), orchestration.Solana, []solana.PublicKey{key(1)}, svm.ReadOptions{})
			ue, ok := errors.AsType[*svm.UnavailableError](err)
			if ok != tc.want {
				t.Fatalf("err = %v: unavailable %v, want %v", err, ok, tc.want)
			}
			if ok && (ue.UnavailableChain() != orchestration.Solana || ue.RetryHint() <= 0) {
				t.Errorf("unavailable %s, retry %v: want Solana and a hint", ue.UnavailableChain(), ue.RetryHint())
			}
		})
	}
}
