package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"math/big"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// stream opens the status stream of order id on Sepolia with the Go
// client and returns its pull iterator, closed when the test ends.
func (s *devnetServer) stream(t *testing.T, baseURL string, id [32]byte) (next func() (orchestration.OrderEvent, error, bool)) {
	t.Helper()
	return streamWith(t, baseURL, devSecret, id)
}

// streamWith is stream with the API key key.
func streamWith(t *testing.T, baseURL, key string, id [32]byte) (next func() (orchestration.OrderEvent, error, bool)) {
	t.Helper()
	cl, err := client.New(baseURL, client.Config{APIKey: key})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	seq, err := cl.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(id[:])}})
	if err != nil {
		t.Fatal(err)
	}
	next, stop := iter.Pull2(seq)
	t.Cleanup(stop)
	return next
}

// wantEvent reads the stream's next status and checks it is want.
func wantEvent(t *testing.T, next func() (orchestration.OrderEvent, error, bool), want orchestration.OrderStatus) orchestration.OrderEvent {
	t.Helper()
	ev, err, ok := next()
	if !ok || err != nil || ev.Status != want {
		t.Fatalf("stream: %+v, %v, %v; want %s", ev, err, ok, want)
	}
	return ev
}

// wantEnd checks that the stream ended cleanly.
func wantEnd(t *testing.T, next func() (orchestration.OrderEvent, error, bool)) {
	t.Helper()
	if ev, err, ok := next(); ok {
		t.Errorf("after the final status the stream went on: %+v, %v", ev, err)
	}
}

// openOrderFor opens, as from, a same-chain order on Sepolia of amountIn
// wM for amountOut USDC to to that only solver may fill (so the devnet's
// solver leaves it alone).
func (s *devnetServer) openOrderFor(t *testing.T, from, to, solver devnet.Account, amountIn, amountOut *big.Int) [32]byte {
	t.Helper()
	id, _ := s.openOrder(t, from, to, solver.Address, amountIn, amountOut)
	return id
}

// fillAs fills all of same-chain order id on Sepolia as solver.
func (s *devnetServer) fillAs(t *testing.T, solver devnet.Account, id [32]byte) {
	t.Helper()
	c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
	k := s.app.Devnet().Contracts(orchestration.Sepolia)
	opts, mined := s.transactor(t, c, solver)
	book, _ := bindings.NewOrderBook(k.OrderBook, c.Client())
	data, err := book.GetOrderData(&bind.CallOpts{Context: opts.Context}, id)
	if err != nil {
		t.Fatal(err)
	}
	usdc, _ := bindings.NewTetherToken(k.USDC, c.Client())
	tx, err := usdc.Approve(opts, k.OrderBook, data.AmountOut)
	mined("approve", tx, err)
	self := common.BytesToHash(solver.Address.Bytes())
	tx, err = book.FillOrder(opts, id, data, bindings.FillParams{AmountOutToFill: data.AmountOut, OriginRecipient: self, RefundAddress: self})
	mined("fillOrder", tx, err)
}

// transactor signs as a on c and waits for the transactions it sends.
func (s *devnetServer) transactor(t *testing.T, c *devnet.Chain, a devnet.Account) (*bind.TransactOpts, func(string, *types.Transaction, error) *types.Receipt) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	opts, err := bind.NewKeyedTransactorWithChainID(a.Key, new(big.Int).SetUint64(c.ChainID))
	if err != nil {
		t.Fatal(err)
	}
	opts.Context = ctx
	return opts, func(what string, tx *types.Transaction, err error) *types.Receipt {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		r, err := c.WaitMined(ctx, tx)
		if err != nil || r.Status != 1 {
			t.Fatalf("%s: %v %v", what, err, r)
		}
		return r
	}
}

// GET /orders/{originChain}/{orderId}/events on the devnet, through the Go
// client, with the index running in the server: a stream sees an order
// CREATED, then COMPLETED when a solver fills it (the index recorded the
// fill), and ends; another sees CANCELLED after its sender's cancel and
// ends; an unknown order is the detail route's 404.
func TestOrderEventsOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t) // every answer, each event too, checked against the OpenAPI document
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")

	t.Run("filled", func(t *testing.T) {
		id := s.openOrderFor(t, alice, bob, carol, big.NewInt(2_000_000), big.NewInt(1_990_000))
		next := s.stream(t, s.env.url, id)
		created := wantEvent(t, next, orchestration.OrderCreated)
		if created.OrderID != hexutil.Encode(id[:]) || created.OriginChain != orchestration.Sepolia || created.AmountOutFilled != "0" {
			t.Errorf("first event %+v: want the open order, nothing filled", created)
		}
		s.fillAs(t, carol, id)
		done := wantEvent(t, next, orchestration.OrderCompleted)
		if done.ID <= created.ID || done.AmountOutFilled != "1990000" || done.AmountInReleased != "2000000" ||
			done.FillCount == nil || *done.FillCount != 1 || done.UpdatedAt < created.UpdatedAt {
			t.Errorf("final event %+v after %+v: want a later id, the fill and its release", done, created)
		}
		wantEnd(t, next)
	})

	t.Run("cancelled", func(t *testing.T) {
		// Asking more than the devnet solver's price: it stays open.
		id, _ := s.openSameChainOrder(t, alice, bob, big.NewInt(1_000_000), big.NewInt(2_000_000))
		next := s.stream(t, s.env.url, id)
		wantEvent(t, next, orchestration.OrderCreated)
		got := s.do(call{method: "POST", path: base + "/orders/Sepolia/" + hexutil.Encode(id[:]) + "/cancel", key: devSecret, body: "{}"})
		var p orchestration.TransactionPayload
		if got.status != 200 || json.Unmarshal(got.body, &p) != nil {
			t.Fatalf("cancel: %d %s", got.status, got.body)
		}
		c, _ := s.app.Devnet().Chain(orchestration.Sepolia)
		ex := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: c.Client()}, Signer: evm.KeySigner(alice.Key)}
		if _, err := ex.Execute(context.Background(), []orchestration.Payload{{Provider: orchestration.ProviderLimitOrder, Data: p}}); err != nil {
			t.Fatal(err)
		}
		if ev := wantEvent(t, next, orchestration.OrderCancelled); ev.AmountRefunded != "1000000" {
			t.Errorf("final event %+v: want 1000000 refunded", ev)
		}
		wantEnd(t, next)
	})

	t.Run("unknown", func(t *testing.T) {
		got := s.do(call{method: "GET", path: base + "/orders/Sepolia/0x" + strings.Repeat("ab", 32) + "/events", key: devSecret})
		s.wantError("unknown order", got, 404, orchestration.OrderNotFound)
		got = s.do(call{method: "GET", path: base + "/orders/Sepolia/0x12/events", key: devSecret})
		s.wantError("malformed id", got, 400, orchestration.BadOrderRequest)
	})

	t.Run("streamsPerKey", func(t *testing.T) {
		id := s.openOrderFor(t, alice, bob, carol, big.NewInt(1_000), big.NewInt(900))
		for range httpserver.DefaultStreamsPerKey {
			wantEvent(t, s.stream(t, s.env.url, id), orchestration.OrderCreated)
		}
		got := s.do(call{method: "GET", path: base + "/orders/Sepolia/" + hexutil.Encode(id[:]) + "/events", key: devSecret})
		s.wantError("one stream too many", got, 429, orchestration.RateLimited)
	})
}

// A server shutting down ends its status streams rather than waiting for
// them: the client's stream ends with ErrStreamEnded (to resume
// elsewhere) and the server returns.
func TestOrderEventsEndAtShutdown(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")
	id := s.openOrderFor(t, alice, bob, carol, big.NewInt(1_000), big.NewInt(900))

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, shutdown := context.WithCancel(context.Background())
	t.Cleanup(shutdown)
	served := make(chan error, 1)
	cfg := s.app.HTTPConfig()
	cfg.ShutdownTimeout = time.Hour // a stream holding the shutdown up would hang the test
	go func() { served <- httpserver.Serve(ctx, ln, s.app.Handler(), cfg) }()

	next := s.stream(t, "http://"+ln.Addr().String(), id)
	wantEvent(t, next, orchestration.OrderCreated)
	shutdown()
	if _, err, ok := next(); !ok || !errors.Is(err, client.ErrStreamEnded) {
		t.Errorf("after the shutdown: %v, %v; want ErrStreamEnded", err, ok)
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve = %v", err)
	}
}

// Two replicas on one PostgreSQL reading the devnet's chains over
// JSON-RPC: one runs the indexer, the other only serves (its index
// external). A stream on the second sees the fill the first indexed, told
// by PostgreSQL's NOTIFY.
func TestOrderEventsAcrossReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	catalog, rpc := s.overJSONRPC()
	shared := app.Config{Database: app.DatabaseConfig{DSN: storagetest.Postgres(t).DSN}, Catalog: &catalog, RPC: rpc}
	shared.Orders.StreamRecheck = app.Duration(time.Hour) // the fill must come by NOTIFY
	indexer, server := shared, shared
	indexer.Orders.Index = &app.IndexConfig{PollInterval: app.Duration(50 * time.Millisecond)}
	server.Orders.Index = &app.IndexConfig{External: true}
	a := startReplica(t, indexer)
	b := startReplica(t, server)
	secret, _, err := a.app.Keys().Create(t.Context(), apikey.NewKey{Name: "streams"})
	if err != nil {
		t.Fatal(err)
	}

	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")
	id := s.openOrderFor(t, alice, bob, carol, big.NewInt(3_000_000), big.NewInt(2_990_000))
	next := streamWith(t, b.url, secret, id)
	wantEvent(t, next, orchestration.OrderCreated)
	s.fillAs(t, carol, id)
	if ev := wantEvent(t, next, orchestration.OrderCompleted); ev.ID < 2 || ev.AmountOutFilled != "2990000" {
		t.Errorf("final event %+v: want the indexed fill", ev)
	}
	wantEnd(t, next)
}

// The bounds of the status streams, set in the configuration file, on a
// replica indexing the devnet: one stream per replica (a second key's is
// 429), a stream cut at its lifetime and resumed with Last-Event-ID
// without its status again, and a stream ended by its key's revocation.
func TestOrderEventsBoundsOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t)
	catalog, rpc := s.overJSONRPC()
	const lifetime = 500 * time.Millisecond
	cfg := app.Config{Database: app.DatabaseConfig{DSN: "sqlite::memory:"}, Catalog: &catalog, RPC: rpc,
		KeyCacheTTL: app.Duration(-time.Second)} // a revocation is seen at the next recheck
	cfg.Orders.Index = &app.IndexConfig{PollInterval: app.Duration(50 * time.Millisecond)}
	cfg.Orders.StreamsPerReplica = 1
	cfg.Orders.StreamLifetime = app.Duration(lifetime)
	cfg.Orders.StreamKeyRecheck = app.Duration(50 * time.Millisecond)
	r := startReplica(t, cfg)
	first, _, err := r.app.Keys().Create(t.Context(), apikey.NewKey{Name: "first"})
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := r.app.Keys().Create(t.Context(), apikey.NewKey{Name: "second"})
	if err != nil {
		t.Fatal(err)
	}

	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")
	id := s.openOrderFor(t, alice, bob, carol, big.NewInt(4_000), big.NewInt(3_900))
	path := base + "/orders/Sepolia/" + hexutil.Encode(id[:])
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) { // until indexed
		if status, _, body := r.get(t, path, first); status == 200 && !strings.Contains(string(body), `"openTx":null`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the order was not indexed within a minute")
		}
	}

	began := time.Now()
	next := streamWith(t, r.url, first, id)
	created := wantEvent(t, next, orchestration.OrderCreated)
	if created.ID == 0 {
		t.Fatalf("first status %+v: want the index's version", created)
	}
	if status, _, body := r.get(t, path+"/events", second); status != 429 || !strings.Contains(string(body), string(orchestration.RateLimited)) {
		t.Errorf("a second key's stream on a replica holding one: %d %s; want 429 RateLimited", status, body)
	}
	if _, err, ok := next(); !ok || !errors.Is(err, client.ErrStreamEnded) {
		t.Fatalf("after the first status: %v, %v; want the stream ended at its lifetime (ErrStreamEnded)", err, ok)
	}
	if took := time.Since(began); took < lifetime-lifetime/10 {
		t.Errorf("the stream ended after %v, before its lifetime %v less a tenth", took, lifetime)
	}

	// Resumed: the status the client has is not sent again; the fill is.
	cl, err := client.New(r.url, client.Config{APIKey: first})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	seq, err := cl.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(id[:])}, LastEventID: created.ID})
	if err != nil {
		t.Fatal(err)
	}
	resumed, stop := iter.Pull2(seq)
	defer stop()
	s.fillAs(t, carol, id)
	if ev, err, _ := resumed(); err != nil || ev.Status != orchestration.OrderCompleted {
		t.Errorf("the resumed stream's first status %+v, %v; want COMPLETED (CREATED was seen)", ev, err)
	}

	if _, _, ok := resumed(); ok {
		t.Error("the resumed stream went on after COMPLETED")
	}

	// Revoked: an open stream of the key ends with 401.
	id = s.openOrderFor(t, alice, bob, carol, big.NewInt(5_000), big.NewInt(4_900))
	cl, err = client.New(r.url, client.Config{APIKey: second})
	if err != nil {
		t.Fatal(err)
	}
	ref := orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(id[:])}
	for { // the resumed stream's handler may not have returned yet
		if seq, err = cl.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: ref}); err == nil {
			break
		}
		if code, _ := orchestration.CodeOf(err); code != orchestration.RateLimited {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	next, stop = iter.Pull2(seq)
	defer stop()
	wantEvent(t, next, orchestration.OrderCreated)
	if err := r.app.Keys().Revoke(t.Context(), "second"); err != nil {
		t.Fatal(err)
	}
	_, err, _ = next()
	if code, _ := orchestration.CodeOf(err); code != orchestration.Unauthorized {
		t.Errorf("after its key was revoked, the stream yielded %v; want Unauthorized", err)
	}
}

// overJSONRPC is how another replica reaches s's devnet: its catalog and
// each chain's JSON-RPC endpoint.
func (s *devnetServer) overJSONRPC() (asset.Config, map[orchestration.Chain]string) {
	rpc := map[orchestration.Chain]string{}
	for _, c := range s.app.Devnet().Chains() {
		rpc[c.Name] = c.RPCURL()
	}
	return s.app.Devnet().CatalogConfig(), rpc
}
