package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// The built binary, run as a newcomer runs it (`orchestrationd serve`, no
// config file, in an empty directory), serves every order route: a limit
// order quoted over HTTP and opened through the devnet's JSON-RPC with a
// key the binary printed is filled by the devnet solver, its status stream
// shows it CREATED then COMPLETED, and GET /orders and the detail list it
// COMPLETED with its fill, from the index kept in ./orchestrationd.db.
func TestServeEmbeddedDefaultServesOrders(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and executes transactions on its devnet")
	}
	dir := t.TempDir()
	bin := buildBinary(t, dir, "orchestrationd", ".")
	const key = "default-e2e-test-key-0123456789"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	serve := startChild(t, "serve", dir, bin, []string{"serve", "-addr", "127.0.0.1:0"}, []string{"ORCHESTRATION_DEV_API_KEY=" + key})
	// The banner's last line: everything before it is printed by then.
	serve.awaitStdout(t, "serve", func(out string) bool { return strings.Contains(out, "try: curl") })
	banner := serve.stdout.String()
	server := regexp.MustCompile(`serving (http://\S+/v1/orchestration)`).FindStringSubmatch(banner)
	alice := regexp.MustCompile(`(?m)^\s+alice\s+(0x[0-9a-fA-F]{40})\s+key (\S+)$`).FindStringSubmatch(banner)
	solver := regexp.MustCompile(`(?m)^\s+solver\s+(0x[0-9a-fA-F]{40})\s`).FindStringSubmatch(banner)
	if server == nil || alice == nil || solver == nil {
		t.Fatalf("the banner lacks the server, alice's key or the solver's address:\n%s", banner)
	}
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, m := range regexp.MustCompile(`(?m)^\s+(\w+)\s+chain id (\d+)\s+RPC (\S+)$`).FindAllStringSubmatch(banner, -1) {
		id, _ := strconv.ParseUint(m[2], 10, 64)
		ec, err := evm.Dial(ctx, orchestration.Chain(m[1]), id, m[3], evm.DialOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(ec.Close)
		clients[orchestration.Chain(m[1])] = ec
	}
	aliceKey, err := crypto.HexToECDSA(strings.TrimPrefix(alice[2], "0x"))
	if err != nil || len(clients) != 3 {
		t.Fatalf("alice's key %v; %d RPC endpoints printed, want 3:\n%s", err, len(clients), banner)
	}

	c, err := client.New(server[1], client.Config{APIKey: key})
	if err != nil {
		t.Fatal(err)
	}
	assets, err := c.SupportedAssets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ref := func(chain orchestration.Chain, symbol string) orchestration.AssetAddress {
		for _, a := range assets {
			if a.Chain == chain && a.Symbol == symbol {
				return orchestration.AssetAddress{Chain: chain, Address: a.Address}
			}
		}
		t.Fatalf("no %s on %s among the supported assets", symbol, chain)
		return orchestration.AssetAddress{}
	}
	quotes, err := c.Quote(ctx, orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: ref(orchestration.Sepolia, "USDC"), Destination: ref(orchestration.BaseSepolia, "mUSD")},
		AmountIn: "1000000", Sender: alice[1],
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
	})
	if err != nil || len(quotes) == 0 {
		t.Fatalf("limit-order quote: %v, %v", quotes, err)
	}
	q := quotes[0]
	receipts, err := (&evm.Executor{Clients: clients, Signer: evm.KeySigner(aliceKey)}).Execute(ctx, q.Payloads)
	if err != nil {
		t.Fatalf("executing the quote's payloads: %v", err)
	}
	// The order's id, as a wallet learns it: from the OrderOpened log of
	// the last payload's receipt.
	var orderID string
	filterer, _ := bindings.NewOrderBookFilterer(common.Address{}, nil) // parses logs only
	for _, l := range receipts[len(receipts)-1].Logs {
		if ev, err := filterer.ParseOrderOpened(*l); err == nil {
			orderID = hexutil.Encode(ev.OrderId[:])
		}
	}
	if orderID == "" {
		t.Fatal("the last payload opened no order")
	}

	events, err := c.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: orderID}})
	if err != nil {
		t.Fatalf("status stream: %v", err)
	}
	var statuses []orchestration.OrderStatus
	for ev, err := range events {
		if err != nil {
			t.Fatalf("status stream after %v: %v", statuses, err)
		}
		statuses = append(statuses, ev.Status)
	}
	if want := []orchestration.OrderStatus{orchestration.OrderCreated, orchestration.OrderCompleted}; !slices.Equal(statuses, want) {
		t.Errorf("status stream %v, want %v", statuses, want)
	}

	// Listed COMPLETED with its fill, and its report delivered to the
	// origin (which released the locked USDC to the solver).
	var listed orchestration.OrderSummary
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		page, err := c.Orders(ctx, orchestration.OrdersQuery{Sender: alice[1]})
		if err != nil {
			t.Fatalf("GET /orders: %v", err)
		}
		if len(page.Orders) == 1 {
			listed = page.Orders[0]
		}
		if listed.Status == orchestration.OrderCompleted && listed.FillReportCount == 1 || time.Now().After(deadline) {
			break
		}
	}
	if listed.OrderID != orderID || listed.Status != orchestration.OrderCompleted || listed.FillCount != 1 ||
		listed.AmountOutFilled != q.AmountOut || listed.AmountInReleased != q.AmountIn || listed.FillReportCount != 1 {
		t.Fatalf("GET /orders lists %+v; want order %s COMPLETED, %s filled once and %s released", listed, orderID, q.AmountOut, q.AmountIn)
	}
	o, err := c.Order(ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: orderID})
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != orchestration.OrderCompleted || o.Funder == nil || !strings.EqualFold(*o.Funder, alice[1]) || len(o.Fills) != 1 ||
		!strings.EqualFold(o.Fills[0].Solver, solver[1]) || o.Fills[0].AmountOutFilled != q.AmountOut {
		t.Errorf("order detail %+v (fills %+v); want COMPLETED, funded by alice, one fill of %s by the devnet solver %s", o, o.Fills, q.AmountOut, solver[1])
	}
	if _, err := os.Stat(filepath.Join(dir, "orchestrationd.db")); err != nil {
		t.Errorf("the embedded default's database: %v", err)
	}
}
