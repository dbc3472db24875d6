package app_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"log/slog"
	"math/big"
	"net/http/httptest"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/gagliardetto/solana-go"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/limitorder/rfq"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// The world of these tests is portal_solana_e2e_test's (the shared EVM
// devnet over HTTP, its Sepolia sending to SolanaDevnet and its OrderBook
// accepting orders bound there, the devnet's Executor stand-in as the
// testnet Executor, SolanaDevnet on a fake node with the Portal and
// Wormhole state), plus what orders on Solana need: the order book's
// global, destination accounts and the Clock sysvar on the node, a remote
// solver answering limit-order requests over the RFQ protocol, and the
// order index in a SQLite file, so that a service started again on it
// resumes where the last one stopped.
const (
	osSolanaID    = 1399811150 // SolanaDevnet's M0 chain id
	osSolverEnv   = "ORDERS_SOLANA_RFQ_SECRET"
	osSolverName  = "rfq-solana"
	osSolverFeeBp = 10 // the test solver keeps 0.1%
)

var (
	osSolverSecret = []byte("orders-solana-rfq-secret-0123")
	// osSolverKey is the solver's account on SolanaDevnet; osStranger a
	// key that is neither sender nor recipient of any order.
	osSolverKey = osKey("orders-solana solver")
	osStranger  = osKey("orders-solana stranger")
	osPayer     = osKey("orders-solana payer")                                                  // pays for the indexed orders' opening: their funder
	osMint      = solana.MustPublicKeyFromBase58("mzerojk9tg56ebsrEAhfkyc9VgKjTW2zDqp6C5mhjzH") // M on SolanaDevnet
)

// osKey is a deterministic key named by seed.
func osKey(seed string) solana.PublicKey {
	h := sha256.Sum256([]byte(seed))
	return solana.PublicKeyFromBytes(h[:])
}

// ordersSolana is one service over the shared devnet and a Solana node.
type ordersSolana struct {
	*env
	d     *devnet.Devnet
	node  *svmtest.RPC
	table []solana.PublicKey // the adapter's receive lookup table, as served
	close func()
}

// osTable is the Wormhole adapter's receive table on the node: the
// Portal send's accounts and those a foreign cancel names that are
// neither the caller's nor a program it calls.
func osTable(sepoliaID uint32) []solana.PublicKey {
	d := psDeployment
	out := svmtest.SendTable(d, []svm.Extension{solWM}, []uint32{sepoliaID})
	for _, k := range append([]solana.PublicKey{svm.Global(svm.OrderBookProgramID), svm.EventAuthority(svm.OrderBookProgramID),
		d.PortalGlobal(), d.PortalAuthority(), d.Portal, d.WormholeAdapter, svm.SystemProgram}, d.WormholeRemainingAccounts().GetKeys()...) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// newOrdersNode is a fake SolanaDevnet node serving the Portal and
// Wormhole state (as portal_solana_e2e_test's), wM and M, the funder's
// lamports and wM, and the order book (not paused, chain 1399811150,
// accepting Sepolia) with the Clock sysvar at now.
func newOrdersNode(t *testing.T, d *devnet.Devnet, now int64) (*svmtest.RPC, []solana.PublicKey) {
	t.Helper()
	node := svmtest.NewRPC()
	t.Cleanup(node.Close)
	ch, _ := d.Chain(orchestration.Sepolia)
	sepoliaID := uint32(ch.ChainID)
	k := d.Contracts(orchestration.Sepolia)
	table := osTable(sepoliaID)
	node.SetPortal(svmtest.Portal{
		Deployment: psDeployment,
		Global:     svm.PortalGlobal{ChainID: psDeployment.M0ChainID, MMint: psDeployment.MMint, Admin: solFunder, MessageNonce: 41},
		Paths: []svm.ChainBridgePaths{{DestinationChainID: sepoliaID,
			Paths: []svm.BridgePath{{SourceMint: solWM.Mint, DestinationToken: svm.EVMAddress32(k.WrappedM)}}}},
		Wormhole: svm.WormholeGlobal{Admin: solFunder, ChainID: uint32(svm.SolanaWormholeChainID), ReceiveLUT: psLUT, Peers: []svm.WormholePeer{
			{Address: svm.EVMAddress32(k.WormholeAdapter), M0ChainID: sepoliaID, AdapterChainID: uint32(devnet.WormholeSepolia)}}},
		Bridge:   svm.WormholeBridgeConfig{Fee: psSolanaMsgFee},
		Sequence: psSequence,
		Table:    table,
	})
	node.Set(solFunder, svmtest.Account{Owner: svm.SystemProgram, Lamports: 10 * solana.LAMPORTS_PER_SOL})
	node.Set(psDeployment.MMint, svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.ScaledMint(1e12, 6, 1.04, 1, 1.05)})
	node.Set(solWM.Mint, svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.Mint(1e12, 6)})
	node.Set(svm.AssociatedTokenAddress(solFunder, solWM.Mint, svm.Token2022Program),
		svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.TokenAccount(solWM.Mint, solFunder, 50_000_000)})
	node.SetOrderBook(svm.OrderBookProgramID, osSolanaID, false, now, sepoliaID)
	return node, table
}

// setClock serves the Clock sysvar at unix time now.
func setClock(node *svmtest.RPC, now int64) {
	node.Set(svm.SysvarClock, svmtest.Account{Data: svmtest.EncodeClock(svm.Clock{Slot: node.Slot(), UnixTimestamp: now}), Lamports: 1,
		Owner: solana.MustPublicKeyFromBase58("Sysvar1111111111111111111111111111111111111")})
}

// rfqSolver is a remote solver over the RFQ protocol offering, for any
// request, amountIn less its fee (the tests' tokens have 6 decimals on
// both sides), open to any solver.
func rfqSolver(t *testing.T) string {
	t.Helper()
	offer := func(_ context.Context, req rfq.Request) (*rfq.Offer, error) {
		if req.From.Decimals != req.To.Decimals {
			return nil, limitorder.ErrNoOffer
		}
		out := new(big.Int).Mul(req.AmountIn.Int, big.NewInt(10_000-osSolverFeeBp))
		return &rfq.Offer{AmountOut: rfq.NewAmount(out.Quo(out, big.NewInt(10_000))), ExpiresAt: time.Now().Add(time.Minute),
			EstFillTimeMs: 20_000, FeeBps: osSolverFeeBp}, nil
	}
	srv := httptest.NewServer(rfq.Handler(&rfq.Verifier{Secret: osSolverSecret}, offer, slog.New(slog.DiscardHandler)))
	t.Cleanup(srv.Close)
	return srv.URL + "/rfq"
}

// startOrdersSolana assembles the service as the binary does over the
// shared devnet and node, with the order index in the SQLite file db
// (polled every 100 ms) and the RFQ solver at solverURL.
func startOrdersSolana(t *testing.T, d *devnet.Devnet, node *svmtest.RPC, db, solverURL string) *ordersSolana {
	t.Helper()
	cat := withSolanaDevnet(d)
	rpc := map[orchestration.Chain]string{orchestration.SolanaDevnet: node.URL()}
	for _, c := range d.Chains() {
		rpc[c.Name] = c.RPCURL()
	}
	solverAcct, _ := devnet.AccountByName("solver")
	devKey := true
	a, err := app.New(context.Background(), app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite:" + db},
		Devnet:   &app.DevnetConfig{Enabled: false},
		Catalog:  &cat, RPC: rpc, DevKey: &devKey,
		Providers: app.ProvidersConfig{
			Executor: app.ExecutorConfig{TestnetURL: d.ExecutorURL()},
			Solvers: []app.SolverConfig{{Name: osSolverName, URL: solverURL, SecretEnv: osSolverEnv,
				Address: solverAcct.Address.Hex(), Addresses: map[orchestration.Chain]string{orchestration.SolanaDevnet: osSolverKey.String()}}},
		},
		Orders: app.OrdersConfig{Index: &app.IndexConfig{PollInterval: app.Duration(100 * time.Millisecond)}},
	}, app.Options{
		FromFile: true, Registry: prometheus.NewRegistry(),
		Getenv: func(k string) string {
			return map[string]string{app.DevKeyEnv: devSecret, osSolverEnv: string(osSolverSecret)}[k]
		},
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(openapitest.Handler(t, a.Handler()))
	var once sync.Once
	closeAll := func() { once.Do(func() { srv.Close(); a.Close() }) }
	t.Cleanup(closeAll)
	return &ordersSolana{env: &env{t: t, url: srv.URL, app: a, good: devSecret}, d: d, node: node, close: closeAll}
}

// detail is GET /orders/{chain}/{id}, decoded when 200.
func (w *ordersSolana) detail(t *testing.T, chain orchestration.Chain, id [32]byte) (orchestration.Order, answer) {
	t.Helper()
	got := w.do(call{method: "GET", path: base + "/orders/" + string(chain) + "/" + hexutil.Encode(id[:]), key: devSecret})
	var o orchestration.Order
	if got.status == 200 {
		if err := json.Unmarshal(got.body, &o); err != nil {
			t.Fatalf("decode order: %v: %s", err, got.body)
		}
	}
	return o, got
}

// cancel is POST /orders/{chain}/{id}/cancel with body; its payload
// decoded when 200.
func (w *ordersSolana) cancel(t *testing.T, chain orchestration.Chain, id [32]byte, body string) (*solana.Transaction, answer) {
	t.Helper()
	got := w.do(call{method: "POST", path: base + "/orders/" + string(chain) + "/" + hexutil.Encode(id[:]) + "/cancel", key: devSecret, body: body})
	if got.status != 200 {
		return nil, got
	}
	var p orchestration.TransactionPayload
	if err := json.Unmarshal(got.body, &p); err != nil || p.SVM == nil || p.SVM.Chain != orchestration.SolanaDevnet {
		t.Fatalf("cancel payload %s (%v): want a SolanaDevnet transaction", got.body, err)
	}
	tx, err := svm.Decode(p.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	return tx, got
}

// quote posts req limited to the limit-order provider and returns its
// first quote.
func (w *ordersSolana) quote(t *testing.T, req orchestration.QuoteRequest) orchestration.Quote {
	t.Helper()
	req.Providers = &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}}
	body, _ := json.Marshal(req)
	got := w.do(call{method: "POST", path: base + "/quote", key: w.good, body: string(body)})
	var quotes []orchestration.Quote
	if got.status != 200 || json.Unmarshal(got.body, &quotes) != nil || len(quotes) == 0 {
		t.Fatalf("limit-order quote: %d %s", got.status, got.body)
	}
	return quotes[0]
}

// field is the named field of a decoded ABI tuple.
func field(t *testing.T, tuple any, name string) any {
	t.Helper()
	v := reflect.ValueOf(tuple).FieldByName(name)
	if !v.IsValid() {
		t.Fatalf("%T has no field %s", tuple, name)
	}
	return v.Interface()
}

// nativeOrder is a same-chain SolanaDevnet order from solFunder: wM for
// M to solRecipient, created ten minutes before now, fillable an hour
// after.
func nativeOrder(now int64, nonce uint64) svm.OrderData {
	return svm.OrderData{Version: svm.OrderDataVersion, Sender: solFunder, Nonce: nonce, OriginChainID: osSolanaID, DestChainID: osSolanaID,
		CreatedAt: uint64(now - 600), FillDeadline: uint64(now + 3_600), TokenIn: solWM.Mint, TokenOut: osMint,
		AmountIn: big.NewInt(3_000_000), AmountOut: big.NewInt(2_990_000), Recipient: solRecipient}
}

// putNative serves d's order account on node in the program's layout.
func putNative(t *testing.T, node *svmtest.RPC, d svm.OrderData, s svm.OrderStatus, released, filled, refunded int64) [32]byte {
	t.Helper()
	id, err := d.ID()
	if err != nil {
		t.Fatal(err)
	}
	stored := d
	stored.OriginChainID = 0 // not stored: a native order's origin is its chain
	data, err := svmtest.EncodeOrder(&svm.OrderAccount{Type: svm.NativeOrder, Status: s, Data: stored, Payer: solFunder,
		AmountInReleased: big.NewInt(released), AmountOutFilled: big.NewInt(filled), AmountInRefunded: big.NewInt(refunded)})
	if err != nil {
		t.Fatal(err)
	}
	node.Set(svm.OrderPDA(svm.OrderBookProgramID, id), svmtest.Account{Data: data, Owner: svm.OrderBookProgramID, Lamports: solRent})
	return id
}

// putForeign serves a foreign order's account on node.
func putForeign(t *testing.T, node *svmtest.RPC, id [32]byte, s svm.OrderStatus, filled int64) {
	t.Helper()
	data, err := svmtest.EncodeOrder(&svm.OrderAccount{Type: svm.ForeignOrder, Status: s,
		AmountInReleased: new(big.Int), AmountOutFilled: big.NewInt(filled), AmountInRefunded: new(big.Int)})
	if err != nil {
		t.Fatal(err)
	}
	node.Set(svm.OrderPDA(svm.OrderBookProgramID, id), svmtest.Account{Data: data, Owner: svm.OrderBookProgramID, Lamports: solRent})
}

// TestOrdersOnSolanaOverHTTP: the order routes over a Solana order book,
// through the binary's assembly over HTTP, every answer checked against
// the OpenAPI document and every payload decoded: detail of a native
// order and of an order from Sepolia bound for SolanaDevnet (its status
// and fill the destination's), cancels (the caller's rules and the
// transactions built), and limit-order quotes in both directions.
func TestOrdersOnSolanaOverHTTP(t *testing.T) {
	d := portalSolanaDevnet(t)
	now := time.Now().Unix()
	node, table := newOrdersNode(t, d, now)
	w := startOrdersSolana(t, d, node, t.TempDir()+"/orders.db", rfqSolver(t))
	w.table = table
	alice, _ := devnet.AccountByName("alice")
	carol, _ := devnet.AccountByName("carol")
	sepolia, _ := d.Chain(orchestration.Sepolia)
	k := d.Contracts(orchestration.Sepolia)
	wmSepolia := orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: k.WrappedM.Hex()}
	wmSolana := orchestration.AssetAddress{Chain: orchestration.SolanaDevnet, Address: solWM.Mint.String()}

	native := nativeOrder(now, 7)
	nativeID := putNative(t, node, native, svm.OrderCreated, 0, 0, 0)

	t.Run("detail of a native order", func(t *testing.T) {
		w.t = t
		o, got := w.detail(t, orchestration.SolanaDevnet, nativeID)
		if got.status != 200 {
			t.Fatalf("GET: %d %s", got.status, got.body)
		}
		want := orchestration.Order{OrderID: hexutil.Encode(nativeID[:]), Version: int(svm.OrderDataVersion), Nonce: "7",
			Sender: solFunder.String(), Recipient: solRecipient.String(), OriginChainID: osSolanaID, DestChainID: osSolanaID,
			TokenIn: solWM.Mint.String(), TokenOut: osMint.String(), AmountIn: "3000000", AmountOut: "2990000",
			DesignatedSolver: solana.PublicKey{}.String(), CreatedAt: now - 600, FillDeadline: now + 3_600,
			Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"}
		got2 := o
		// The index's fields: it has not seen this order (no transaction
		// opened it on the node's ledger).
		got2.Funder, got2.OpenTx, got2.FillCount, got2.FillReportCount, got2.ResolvedAt, got2.Fills = nil, nil, nil, nil, nil, nil
		if !reflect.DeepEqual(got2, want) {
			t.Errorf("order\n %+v\nwant\n %+v", got2, want)
		}

		_, got = w.detail(t, orchestration.SolanaDevnet, [32]byte{0xab, 0xcd})
		w.wantError("unknown Solana order", got, 404, orchestration.OrderNotFound)
	})

	// The order from Sepolia bound for SolanaDevnet: quoted as a limit
	// order (EVM → Solana), its payloads executed on the devnet as alice.
	var foreignID [32]byte
	var foreignAmountOut string
	var foreignDeadline, foreignCreated int64
	t.Run("limit order from Sepolia to SolanaDevnet", func(t *testing.T) {
		w.t = t
		q := w.quote(t, orchestration.QuoteRequest{Route: orchestration.Route{Source: wmSepolia, Destination: wmSolana},
			AmountIn: "2000000", Sender: alice.Address.Hex(), Recipient: solRecipient.String()})
		if q.AmountOut != "1998000" {
			t.Errorf("amountOut %s, want the solver's 1998000", q.AmountOut)
		}
		open := q.Payloads[len(q.Payloads)-1]
		if open.Provider != orchestration.ProviderLimitOrder || open.Data.EVM == nil || open.Data.EVM.Chain != orchestration.Sepolia ||
			!strings.EqualFold(open.Data.EVM.To, k.OrderBook.Hex()) {
			t.Fatalf("last payload %+v, want limit-order's openOrder on Sepolia's OrderBook", open)
		}
		var m = contracts.MustABI("OrderBook").Methods["openOrder"]
		params := unpack(t, m, open.Data.EVM.Data)[0]
		if dest := field(t, params, "DestChainId").(uint32); dest != osSolanaID {
			t.Errorf("destChainId %d, want %d", dest, osSolanaID)
		}
		if out := field(t, params, "TokenOut").([32]byte); out != [32]byte(solWM.Mint) {
			t.Errorf("tokenOut %x, want the wM mint %s", out, solWM.Mint)
		}
		if r := field(t, params, "Recipient").([32]byte); r != [32]byte(solRecipient) {
			t.Errorf("recipient %x, want the key %s", r, solRecipient)
		}
		if a := field(t, params, "AmountOut").(*big.Int); a.String() != q.AmountOut {
			t.Errorf("amountOut %s, want %s", a, q.AmountOut)
		}
		foreignAmountOut = q.AmountOut
		foreignDeadline = int64(field(t, params, "FillDeadline").(uint32))

		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		receipts, err := (&evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: sepolia.Client()},
			Signer: evm.KeySigner(alice.Key)}).Execute(ctx, q.Payloads)
		if err != nil {
			t.Fatalf("execute: %v", err)
		}
		book, _ := bindings.NewOrderBook(k.OrderBook, sepolia.Client())
		foreignID = orderOpened(t, book, receipts)
	})

	t.Run("detail of an order from Sepolia, completed on SolanaDevnet", func(t *testing.T) {
		w.t = t
		if foreignID == ([32]byte{}) {
			t.Skip("no order opened")
		}
		o, got := w.detail(t, orchestration.Sepolia, foreignID)
		if got.status != 200 || o.Status != orchestration.OrderCreated || o.AmountOutFilled != "0" {
			t.Fatalf("before the destination has the order: %d %+v; want CREATED, nothing filled", got.status, o)
		}
		if o.Sender != alice.Address.Hex() || o.Recipient != solRecipient.String() || o.TokenOut != solWM.Mint.String() ||
			o.DestChainID != osSolanaID || o.TokenIn != k.WrappedM.Hex() || o.AmountIn != "2000000" || o.AmountOut != foreignAmountOut {
			t.Errorf("order %+v: want alice's wM on Sepolia for the wM mint to the Solana recipient, base58", o)
		}
		if o.FillDeadline != foreignDeadline {
			t.Errorf("fillDeadline %d, want the openOrder's %d", o.FillDeadline, foreignDeadline)
		}
		foreignCreated = o.CreatedAt
		putForeign(t, node, foreignID, svm.OrderCompleted, 1_998_000)
		o, got = w.detail(t, orchestration.Sepolia, foreignID)
		if got.status != 200 || o.Status != orchestration.OrderCompleted || o.AmountOutFilled != "1998000" || o.AmountInReleased != "0" {
			t.Errorf("completed on SolanaDevnet: %d %+v; want COMPLETED with 1998000 filled there, nothing released on Sepolia yet", got.status, o)
		}
		node.Delete(svm.OrderPDA(svm.OrderBookProgramID, foreignID)) // open again for the cancels below
	})

	t.Run("limit order from SolanaDevnet to Sepolia", func(t *testing.T) {
		w.t = t
		q := w.quote(t, orchestration.QuoteRequest{Route: orchestration.Route{Source: wmSolana, Destination: wmSepolia},
			AmountIn: "4000000", Sender: solFunder.String(), Recipient: carol.Address.Hex()})
		if len(q.Payloads) != 1 || q.Payloads[0].Data.SVM == nil || q.Payloads[0].Data.SVM.Chain != orchestration.SolanaDevnet {
			t.Fatalf("payloads %+v, want one SolanaDevnet transaction", q.Payloads)
		}
		tx, err := svm.Decode(q.Payloads[0].Data.SVM.Transaction)
		if err != nil {
			t.Fatal(err)
		}
		if !tx.Message.AccountKeys[0].Equals(solFunder) || tx.Message.Header.NumRequiredSignatures != 1 {
			t.Errorf("fee payer %s with %d signers, want the sender alone", tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures)
		}
		ixs, err := svm.Instructions(tx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var oo *svm.OpenOrderCall
		for _, ix := range ixs {
			if ix.ProgramID().Equals(svm.OrderBookProgramID) {
				if oo, err = svm.ReadOpenOrder(ix); err != nil {
					t.Fatalf("open_order: %v", err)
				}
			}
		}
		if oo == nil {
			t.Fatalf("%d instructions, none of the order book", len(ixs))
		}
		if oo.DestChainID != uint32(sepolia.ChainID) || oo.Recipient != svm.EVMAddress32(carol.Address) ||
			oo.TokenOut != svm.EVMAddress32(k.WrappedM) || !oo.TokenIn.Equals(solWM.Mint) || oo.AmountIn != 4_000_000 ||
			oo.AmountOut.String() != q.AmountOut || !oo.Sender.Equals(solFunder) || !oo.Payer.Equals(solFunder) ||
			!oo.Destination.Equals(svm.OrderBookDestination(svm.OrderBookProgramID, uint32(sepolia.ChainID))) {
			t.Errorf("open_order %+v: want 4000000 wM from the sender to carol (left-padded) for Sepolia's wM, chain %d", oo, sepolia.ChainID)
		}
		if oo.CreatedAt < uint64(now) || oo.CreatedAt > uint64(now)+300 || oo.FillDeadline <= oo.CreatedAt {
			t.Errorf("created_at %d, deadline %d; want created_at within [%d, %d] of the cluster's clock and the deadline after it",
				oo.CreatedAt, oo.FillDeadline, now, now+300)
		}
		if id, _ := oo.Data(0, osSolanaID).ID(); !oo.Order.Equals(svm.OrderPDA(svm.OrderBookProgramID, id)) {
			t.Errorf("order account %s, want the PDA of the order of nonce 0", oo.Order)
		}
	})

	idl, err := svm.OrderBookIDL()
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Unix(int64(native.FillDeadline)+1, 0).UTC().Format(time.RFC3339)
	t.Run("cancel a native order", func(t *testing.T) {
		w.t = t
		// Caller omitted: the sender, whose bytes are a Solana key.
		tx, got := w.cancel(t, orchestration.SolanaDevnet, nativeID, "{}")
		if got.status != 200 {
			t.Fatalf("cancel: %d %s", got.status, got.body)
		}
		if tx.Message.IsVersioned() || !tx.Message.AccountKeys[0].Equals(solFunder) || tx.Message.Header.NumRequiredSignatures != 1 ||
			tx.Message.RecentBlockhash != node.Blockhash() {
			t.Errorf("a %v-versioned message paid by %s (%d signers) at %s; want a legacy one paid by the sender alone at %s",
				tx.Message.IsVersioned(), tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures, tx.Message.RecentBlockhash, node.Blockhash())
		}
		ixs, err := svm.Instructions(tx, nil)
		if err != nil || len(ixs) != 2 {
			t.Fatalf("%d instructions (%v), want the token account's creation and the cancel", len(ixs), err)
		}
		ata := svm.AssociatedTokenAddress(solFunder, solWM.Mint, svm.Token2022Program)
		if data := mustData(t, ixs[0]); !ixs[0].ProgramID().Equals(svm.AssociatedTokenProgram) || !slices.Equal(data, []byte{1}) ||
			!ixs[0].Accounts()[1].PublicKey.Equals(ata) {
			t.Errorf("first instruction %s %x, want the associated token program's CreateIdempotent of %s", ixs[0].ProgramID(), data, ata)
		}
		c, err := idl.ReadCall(ixs[1], solFunder)
		if err != nil || c.Name != "cancel_native_order" {
			t.Fatalf("second instruction %s (%v), want cancel_native_order", c.Name, err)
		}
		if !slices.ContainsFunc(c.Accounts, func(m *solana.AccountMeta) bool {
			return m.PublicKey.Equals(svm.OrderPDA(svm.OrderBookProgramID, nativeID))
		}) {
			t.Errorf("cancel_native_order does not name the order's account")
		}

		_, got = w.cancel(t, orchestration.SolanaDevnet, nativeID, `{"caller":"`+osStranger.String()+`"}`)
		msg := w.wantError("a stranger before the deadline", got, 409, orchestration.OrderNotCancellable)
		t.Logf("a stranger before the deadline: %s", msg)
		if !strings.Contains(msg, deadline) {
			t.Errorf("message %q does not say from when (%s)", msg, deadline)
		}
		_, got = w.cancel(t, orchestration.SolanaDevnet, nativeID, `{"caller":"0OIl-not-base58"}`)
		w.wantError("a malformed caller", got, 400, orchestration.BadOrderRequest)

		// Past the deadline on the cluster's clock: anyone, paying.
		setClock(node, int64(native.FillDeadline)+5)
		defer setClock(node, now)
		tx, got = w.cancel(t, orchestration.SolanaDevnet, nativeID, `{"caller":"`+osStranger.String()+`"}`)
		if got.status != 200 {
			t.Fatalf("a stranger after the deadline: %d %s", got.status, got.body)
		}
		if !tx.Message.AccountKeys[0].Equals(osStranger) || tx.Message.Header.NumRequiredSignatures != 1 {
			t.Errorf("fee payer %s, want the stranger %s alone", tx.Message.AccountKeys[0], osStranger)
		}
		ixs, _ = svm.Instructions(tx, nil)
		// The stranger pays for the sender's token account, where the
		// refund goes.
		if a := ixs[0].Accounts(); len(ixs) != 2 || !a[0].PublicKey.Equals(osStranger) || !a[1].PublicKey.Equals(ata) || !a[2].PublicKey.Equals(solFunder) {
			t.Errorf("the stranger's first instruction does not create the sender's token account %s at the stranger's cost", ata)
		}
		if c, err := idl.ReadCall(ixs[len(ixs)-1], osStranger); err != nil || c.Name != "cancel_native_order" {
			t.Errorf("the stranger's last instruction %s (%v), want cancel_native_order", c.Name, err)
		}
	})

	t.Run("cancel an order from Sepolia on SolanaDevnet", func(t *testing.T) {
		w.t = t
		if foreignID == ([32]byte{}) {
			t.Skip("no order opened")
		}
		// The cluster's clock is past the order's creation on Sepolia
		// (the devnet's blocks run ahead of the wall clock).
		setClock(node, max(now, foreignCreated+1))
		defer setClock(node, now)
		_, got := w.cancel(t, orchestration.Sepolia, foreignID, "{}")
		msg := w.wantError("caller omitted", got, 400, orchestration.BadOrderRequest)
		t.Logf("caller omitted: %s", msg)
		if !strings.Contains(msg, "caller") {
			t.Errorf("message %q does not name caller", msg)
		}
		_, got = w.cancel(t, orchestration.Sepolia, foreignID, `{"caller":"0OIl-not-base58"}`)
		w.wantError("a malformed caller", got, 400, orchestration.BadOrderRequest)
		_, got = w.cancel(t, orchestration.Sepolia, foreignID, `{"caller":"`+osStranger.String()+`"}`)
		msg = w.wantError("a stranger before the deadline", got, 409, orchestration.OrderNotCancellable)
		t.Logf("a stranger before the deadline: %s", msg)
		if !strings.Contains(msg, time.Unix(foreignDeadline+1, 0).UTC().Format(time.RFC3339)) {
			t.Errorf("message %q does not say from when", msg)
		}

		tx, got := w.cancel(t, orchestration.Sepolia, foreignID, `{"caller":"`+solRecipient.String()+`"}`)
		if got.status != 200 {
			t.Fatalf("the recipient's cancel: %d %s", got.status, got.body)
		}
		if !tx.Message.IsVersioned() || len(tx.Message.GetAddressTableLookups()) != 1 || !tx.Message.GetAddressTableLookups()[0].AccountKey.Equals(psLUT) {
			t.Fatalf("want a v0 message through the adapter's receive table %s", psLUT)
		}
		if !tx.Message.AccountKeys[0].Equals(solRecipient) || tx.Message.Header.NumRequiredSignatures != 1 {
			t.Errorf("fee payer %s (%d signers), want the recipient alone", tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures)
		}
		ixs, err := svm.Instructions(tx, &svm.LookupTable{Address: psLUT, Addresses: w.table})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		var relay *svm.ExecutionRequest
		for _, ix := range ixs {
			switch {
			case ix.ProgramID().Equals(svm.ComputeBudgetProgram):
				if s, err := svm.ReadComputeBudget(ix); err != nil || s.Price || s.Value != 400_000 {
					t.Errorf("compute budget %+v (%v), want a limit of 400000 units", s, err)
				}
			case ix.ProgramID().Equals(svm.OrderBookProgramID):
				// Args (order_data, a struct, included) and accounts all
				// read back by the IDL.
				c, rest, err := idl.ReadCallWithRemaining(ix, solRecipient)
				if err != nil {
					t.Fatalf("order book instruction: %v", err)
				}
				names = append(names, c.Name)
				data := mustData(t, ix)
				if order, _ := c.Account("order"); !order.Equals(svm.OrderPDA(svm.OrderBookProgramID, foreignID)) || !slices.Equal(data[8:40], foreignID[:]) {
					t.Errorf("%s of order account %s, id %x; want order %x's", c.Name, order, data[8:40], foreignID)
				}
				if signer, _ := c.Account("signer"); !signer.Equals(solRecipient) || len(rest) != 10 {
					t.Errorf("%s signed by %s with %d adapter accounts; want the recipient, and the Wormhole adapter's ten", c.Name, signer, len(rest))
				}
			default:
				if r, err := svm.ExecutionRequestOf(ix); err == nil {
					relay = &r
					names = append(names, "request_for_execution")
				}
			}
		}
		if !slices.Equal(names, []string{"cancel_foreign_order", "request_for_execution"}) {
			t.Fatalf("instructions %v, want cancel_foreign_order then request_for_execution", names)
		}
		if !relay.Payer.Equals(solRecipient) || solana.PublicKeyFromBytes(relay.RefundAddr[:]) != solRecipient ||
			relay.DstChain != devnet.WormholeSepolia || relay.DstAddr != svm.EVMAddress32(k.WormholeAdapter) ||
			relay.Sequence != psSequence || !relay.Emitter.Equals(psDeployment.WormholeEmitter()) || relay.EstimatedCost == 0 {
			t.Errorf("request_for_execution %+v: want the recipient paying a relay of the report to Sepolia's adapter, sequence %d", relay, psSequence)
		}
	})
}

// TestCancelSolanaOrderOnEVMOverHTTP: an order from SolanaDevnet bound
// for Sepolia is cancelled on Sepolia, its destination; its cancel report
// to Solana can only go through the Wormhole adapter, so the payload is
// the OrderBook's cancelOrder with the Executor's signed quote as the
// adapter's arguments, and its value the core bridge's fee plus the
// relay's cost (decision 94). Executed on the devnet, the order is
// CANCELLED on Sepolia, which the detail route then reports.
func TestCancelSolanaOrderOnEVMOverHTTP(t *testing.T) {
	d := portalSolanaDevnet(t)
	now := time.Now().Unix()
	node, table := newOrdersNode(t, d, now)
	w := startOrdersSolana(t, d, node, t.TempDir()+"/orders.db", rfqSolver(t))
	w.table = table
	alice, _ := devnet.AccountByName("alice")
	sepolia, _ := d.Chain(orchestration.Sepolia)
	k := d.Contracts(orchestration.Sepolia)

	// Created well before the devnet's clock, which runs ahead of the
	// wall clock: the OrderBook refuses an order created after its block.
	o := svm.OrderData{Version: svm.OrderDataVersion, Sender: solFunder, Nonce: 11, OriginChainID: osSolanaID,
		DestChainID: uint32(sepolia.ChainID), CreatedAt: uint64(now - 600), FillDeadline: uint64(now + 3_600),
		TokenIn: solWM.Mint, TokenOut: svm.EVMAddress32(k.WrappedM), AmountIn: big.NewInt(4_000_000), AmountOut: big.NewInt(3_990_000),
		Recipient: svm.EVMAddress32(alice.Address)}
	id := putNative(t, node, o, svm.OrderCreated, 0, 0, 0)
	path := base + "/orders/" + string(orchestration.SolanaDevnet) + "/" + hexutil.Encode(id[:]) + "/cancel"

	// Before the deadline only the recipient may cancel a cross-chain
	// order: the default caller (the sender, a Solana key, which cannot
	// sign on Sepolia) is refused, the recipient is served.
	got := w.do(call{method: "POST", path: path, key: devSecret, body: "{}"})
	w.wantError("caller omitted", got, 400, orchestration.BadOrderRequest)
	got = w.do(call{method: "POST", path: path, key: devSecret, body: `{"caller":"` + alice.Address.Hex() + `"}`})
	if got.status != 200 {
		t.Fatalf("the recipient's cancel: %d %s", got.status, got.body)
	}
	var p orchestration.TransactionPayload
	if err := json.Unmarshal(got.body, &p); err != nil || p.EVM == nil || p.EVM.Chain != orchestration.Sepolia || !strings.EqualFold(p.EVM.To, k.OrderBook.Hex()) {
		t.Fatalf("cancel payload %s (%v): want a call of Sepolia's OrderBook", got.body, err)
	}
	var withArgs abi.Method
	for _, m := range contracts.MustABI("OrderBook").Methods {
		if m.RawName == "cancelOrder" && len(m.Inputs) == 3 {
			withArgs = m
		}
	}
	data := hexutil.MustDecode(p.EVM.Data)
	if !bytes.Equal(data[:4], withArgs.ID) {
		t.Fatalf("selector %x, want cancelOrder(bytes32,OrderData,bytes) %x", data[:4], withArgs.ID)
	}
	args, err := withArgs.Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	if args[0].([32]byte) != id || len(args[2].([]byte)) == 0 {
		t.Errorf("cancelOrder(%x, …, %d bytes of adapter args), want the order and the Executor's signed quote", args[0], len(args[2].([]byte)))
	}
	value, _ := new(big.Int).SetString(p.EVM.Value, 10)
	if value == nil || value.Sign() <= 0 {
		t.Fatalf("value %q, want the core bridge's fee plus the relay's cost", p.EVM.Value)
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	receipts, err := (&evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: sepolia.Client()},
		Signer: evm.KeySigner(alice.Key)}).Execute(ctx, []orchestration.Payload{{Provider: "cancel", Data: p}})
	if err != nil || len(receipts) != 1 || receipts[0].Status != 1 {
		t.Fatalf("execute the cancel: %v", err)
	}
	// The payload carries the gas table's estimate of a Wormhole-routed
	// cancel, which its receipt stays within (decision 103).
	if gas, ok := evmgas.Estimate(evmgas.OrderCancelCrossChainWormhole); !ok || p.EVM.Gas != strconv.FormatUint(gas, 10) || receipts[0].GasUsed > gas {
		t.Errorf("cancel payload gas %q, receipt %d gas; want the estimate of %s, %d, and no more used", p.EVM.Gas, receipts[0].GasUsed, evmgas.OrderCancelCrossChainWormhole, gas)
	}
	t.Logf("the Wormhole-routed cancel used %d gas of the payload's %s", receipts[0].GasUsed, p.EVM.Gas)
	book, _ := bindings.NewOrderBook(k.OrderBook, sepolia.Client())
	var cancelled bool
	for _, l := range receipts[0].Logs {
		if ev, err := book.ParseOrderCancelled(*l); err == nil && ev.OrderId == id {
			cancelled = true
		}
	}
	if !cancelled {
		t.Fatal("no OrderCancelled of the order in the cancel's receipt")
	}
	// The service reads Sepolia at the head it follows, which learns of
	// the cancel's block within its poll interval.
	deadline := time.Now().Add(15 * time.Second)
	for {
		ord, got := w.detail(t, orchestration.SolanaDevnet, id)
		if got.status == 200 && ord.Status == orchestration.OrderCancelled {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("detail after the cancel: %d, status %s; want CANCELLED (Sepolia's, the report to Solana in flight)", got.status, ord.Status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// mine puts txs in a new slot of node and returns their signatures.
func mine(node *svmtest.RPC, txs ...svmtest.Transaction) []string {
	slot := node.Slot() + 1
	node.SetSlot(slot)
	var sigs []string
	for _, tx := range txs {
		tx.Slot = slot
		sigs = append(sigs, node.AddTransaction(tx).String())
	}
	return sigs
}

// openTxOf is the open_order of d (a same-chain order), paid for by
// osPayer, with its OrderOpened event.
func openTxOf(t *testing.T, d svm.OrderData) ([32]byte, svmtest.Transaction) {
	t.Helper()
	id, err := d.ID()
	if err != nil {
		t.Fatal(err)
	}
	p := svmtest.OrderParams{DestChainID: d.DestChainID, CreatedAt: d.CreatedAt, FillDeadline: d.FillDeadline, TokenOut: d.TokenOut,
		AmountIn: d.AmountIn.Uint64(), AmountOut: d.AmountOut, Recipient: d.Recipient, Solver: d.Solver}
	sender := solana.PublicKeyFromBytes(d.Sender[:])
	mint := solana.PublicKeyFromBytes(d.TokenIn[:])
	ev := svmtest.EventData("OrderOpened", id, sender, mint, p.AmountIn, p.DestChainID, p.TokenOut, p.AmountOut, p.Solver)
	return id, svmtest.EventTx(svm.OrderBookProgramID, svmtest.OpenOrder(svm.OrderBookProgramID, osPayer, sender, mint, id, p), ev)
}

// list is GET /orders?query, decoded.
func (w *ordersSolana) list(t *testing.T, query string) orchestration.OrdersResponse {
	t.Helper()
	got := w.do(call{method: "GET", path: base + "/orders?" + query, key: devSecret})
	var r orchestration.OrdersResponse
	if got.status != 200 || json.Unmarshal(got.body, &r) != nil {
		t.Fatalf("GET /orders?%s: %d %s", query, got.status, got.body)
	}
	return r
}

// waitTotal polls GET /orders?query until it counts n.
func (w *ordersSolana) waitTotal(t *testing.T, query string, n int) orchestration.OrdersResponse {
	t.Helper()
	var r orchestration.OrdersResponse
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if r = w.list(t, query); r.Total == n {
			return r
		}
	}
	t.Fatalf("GET /orders?%s: total %d after 20 s, want %d: %+v", query, r.Total, n, r)
	return r
}

// TestSolanaOrderIndexOverHTTP: the service indexes SolanaDevnet's order
// book from the node's transactions (open_order, and the events its
// self-CPIs emit): GET /orders lists the two orders with their senders,
// funders, deadlines and statuses; a service started again on the same
// database resumes from its checkpoint (its first listing of signatures
// stops at the last one indexed) and picks up an order opened since.
func TestSolanaOrderIndexOverHTTP(t *testing.T) {
	d := portalSolanaDevnet(t)
	now := time.Now().Unix()
	node, _ := newOrdersNode(t, d, now)
	db, solver := t.TempDir()+"/orders.db", rfqSolver(t)
	w := startOrdersSolana(t, d, node, db, solver)

	o1, o2 := nativeOrder(now, 0), nativeOrder(now, 1)
	o2.AmountIn, o2.AmountOut, o2.Recipient = big.NewInt(500_000), big.NewInt(499_000), [32]byte(osStranger)
	id1, open1 := openTxOf(t, o1)
	id2, open2 := openTxOf(t, o2)
	mine(node, open1)
	mine(node, open2)
	mine(node, svmtest.EventTx(svm.OrderBookProgramID, svmtest.Call(svm.OrderBookProgramID, osSolverKey, "fill_order"),
		svmtest.EventData("OrderFilled", id1, osSolverKey, o1.AmountIn, o1.AmountOut),
		svmtest.EventData("OrderCompleted", id1)))
	last := mine(node, svmtest.EventTx(svm.OrderBookProgramID, svmtest.Call(svm.OrderBookProgramID, solFunder, "cancel_native_order"),
		svmtest.EventData("OrderCancelled", id2), svmtest.EventData("RefundClaimed", id2, solFunder, uint64(500_000))))
	mine(node) // an empty slot past the last transaction

	q := "originChainId=1399811150"
	r := w.waitTotal(t, q+"&status=CANCELLED", 1)
	all := w.list(t, q)
	if all.Total != 2 || len(all.Orders) != 2 {
		t.Fatalf("orders of SolanaDevnet: %+v; want 2", all)
	}
	want := map[string]struct {
		status          orchestration.OrderStatus
		filled, refund  string
		amountIn, recip string
	}{
		hexutil.Encode(id1[:]): {orchestration.OrderCompleted, "2990000", "0", "3000000", solRecipient.String()},
		hexutil.Encode(id2[:]): {orchestration.OrderCancelled, "0", "500000", "500000", osStranger.String()},
	}
	for _, o := range all.Orders {
		wo, ok := want[o.OrderID]
		if !ok {
			t.Errorf("unexpected order %s", o.OrderID)
			continue
		}
		if o.Status != wo.status || o.AmountOutFilled != wo.filled || o.AmountRefunded != wo.refund || o.AmountIn != wo.amountIn ||
			o.Sender != solFunder.String() || o.Funder != osPayer.String() || o.TokenIn != solWM.Mint.String() ||
			o.TokenOut != osMint.String() || o.FillDeadline != now+3_600 || o.CreatedAt != now-600 || o.OriginChainID != osSolanaID || o.DestChainID != osSolanaID ||
			o.OpenTx == "" || o.ResolvedAt == nil {
			// createdAt is the order's (open_order's created_at, as
			// its detail shows), not its block's time.
			t.Errorf("order %s: %+v; want %+v from %s, funded by %s, created %d, deadline %d", o.OrderID, o, wo, solFunder, osPayer, now-600, now+3_600)
		}
	}
	if r.Orders[0].OrderID != hexutil.Encode(id2[:]) {
		t.Errorf("CANCELLED lists %s, want %x", r.Orders[0].OrderID, id2)
	}
	if c := w.list(t, q+"&status=COMPLETED"); c.Total != 1 || c.Orders[0].OrderID != hexutil.Encode(id1[:]) {
		t.Errorf("COMPLETED: %+v; want order %x alone", c, id1)
	}
	if c := w.list(t, q+"&status=CREATED"); c.Total != 0 {
		t.Errorf("CREATED: %+v; want none", c)
	}
	if c := w.list(t, "sender="+solFunder.String()); c.Total != 2 {
		t.Errorf("sender=%s: total %d, want 2", solFunder, c.Total)
	}
	for _, other := range []solana.PublicKey{osStranger, osPayer} {
		if c := w.list(t, "sender="+other.String()); c.Total != 0 {
			t.Errorf("sender=%s (a recipient or the funder, not a sender): total %d, want 0", other, c.Total)
		}
	}
	// Detail joins the chain and the index: the funder and the opening
	// transaction are the index's.
	putNative(t, node, o1, svm.OrderCompleted, 3_000_000, 2_990_000, 0)
	if o, got := w.detail(t, orchestration.SolanaDevnet, id1); got.status != 200 || o.Funder == nil || *o.Funder != osPayer.String() ||
		o.OpenTx == nil || o.FillCount == nil || *o.FillCount != 1 || len(o.Fills) != 1 || o.Fills[0].Solver != osSolverKey.String() {
		t.Errorf("detail of %x: %d %+v; want the index's funder, opening transaction and the one fill by %s", id1, got.status, o, osSolverKey)
	}

	// Stopped and started again on the same database file.
	w.close()
	before := len(node.SignatureQueries())
	o3 := nativeOrder(now, 2)
	id3, open3 := openTxOf(t, o3)
	mine(node, open3)
	w = startOrdersSolana(t, d, node, db, solver)
	w.waitTotal(t, q, 3)
	after := node.SignatureQueries()[before:]
	t.Logf("listings after the restart: %+v (last indexed %s)", after, last[0])
	if len(after) == 0 || after[0].Until != last[0] {
		t.Fatalf("the first listing after the restart: %+v; want until %s, the last signature indexed", after, last[0])
	}
	for i, sq := range after {
		if sq.Until == "" {
			t.Errorf("listing %d after the restart has no until (%+v): it walked back past the checkpoint", i, sq)
		}
	}
	if c := w.list(t, q+"&status=CREATED"); c.Total != 1 || c.Orders[0].OrderID != hexutil.Encode(id3[:]) {
		t.Errorf("CREATED after the restart: %+v; want the new order %x alone", c, id3)
	}
}
