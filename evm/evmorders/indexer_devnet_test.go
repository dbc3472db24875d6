package evmorders_test

import (
	"encoding/json"
	"log/slog"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// devnetIndexChains are the devnet's chains as the indexer follows them,
// from genesis, through LogReaders over their clients.
func (w *world) devnetIndexChains() []order.IndexChain {
	w.t.Helper()
	var out []order.IndexChain
	for _, c := range w.env.Devnet.Chains() {
		logs, err := evm.NewLogReader(evm.LogReaderConfig{Name: c.Name, Backend: c.Client()})
		if err != nil {
			w.t.Fatal(err)
		}
		src, err := evmorders.NewEventSource(evmorders.EventSourceConfig{Name: c.Name, ChainID: c.ChainID,
			OrderBook: w.env.Devnet.Contracts(c.Name).OrderBook, Logs: logs})
		if err != nil {
			w.t.Fatal(err)
		}
		out = append(out, order.IndexChain{Name: c.Name, ChainID: c.ChainID, Events: src})
	}
	return out
}

// indexedToHead waits until the store has indexed every devnet chain up
// to its current head.
func (w *world) indexedToHead(store *order.Store) {
	w.t.Helper()
	want := map[uint64]uint64{}
	for _, c := range w.env.Devnet.Chains() {
		n, err := c.Client().BlockNumber(w.ctx)
		if err != nil {
			w.t.Fatal(err)
		}
		want[c.ChainID] = n
	}
	ordertest.WaitIndexed(w.t, store, want)
}

// indexedMatchesChain checks that the index says what the chains say of
// the order: status and amounts as Order reads them, and fills as many as
// wantFills.
func (w *world) indexedMatchesChain(store *order.Store, id [32]byte, wantStatus orchestration.OrderStatus, wantFills int) *order.Record {
	w.t.Helper()
	chain, err := w.svc.Order(w.ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(id[:])})
	if err != nil {
		w.t.Fatal(err)
	}
	r, fills, err := store.Order(w.ctx, id)
	if err != nil {
		w.t.Fatalf("order %x: %v", id, err)
	}
	got := []string{string(r.Status), r.AmountOutFilled.String(), r.AmountInReleased.String(), r.AmountRefunded.String()}
	want := []string{string(chain.Status), chain.AmountOutFilled, chain.AmountInReleased, chain.AmountRefunded}
	if chain.Status != wantStatus || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		w.t.Errorf("order %x: index says %v, the chains %v; want status %s", id, got, want, wantStatus)
	}
	if len(fills) != wantFills || r.FillCount != wantFills {
		w.t.Errorf("order %x: %d fills (fillCount %d), want %d", id, len(fills), r.FillCount, wantFills)
	}
	if r.CreatedAt != chain.CreatedAt || r.FillDeadline != chain.FillDeadline || r.Sender != chain.Sender {
		w.t.Errorf("order %x: index createdAt %d, deadline %d, sender %s; chain %d, %d, %s", id, r.CreatedAt, r.FillDeadline, r.Sender,
			chain.CreatedAt, chain.FillDeadline, chain.Sender)
	}
	return r
}

// TestIndexerOnDevnet: orders opened, filled and cancelled on the devnet
// (same-chain and cross-chain, reports relayed) are indexed with the
// statuses and amounts the chains give them, and their fills.
func TestIndexerOnDevnet(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		w := newWorld(t)
		db, store := ordertest.OpenStore(t, newConfig(t))
		cfg := ordertest.FastConfig(store, w.devnetIndexChains()...)
		cfg.PollInterval = 20 * time.Millisecond
		stop := ordertest.Start(t, cfg)
		if err := w.env.Devnet.SyncClocks(); err != nil {
			t.Fatal(err)
		}
		deadline := uint32(w.hub.Now().Add(time.Hour).Unix())

		// A cross-chain order filled in two parts.
		amountIn, amountOut, half := big.NewInt(10_000_000), big.NewInt(9_000_000), big.NewInt(4_500_000)
		w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, amountIn)
		filledID, data := w.open(bindings.OrderParams{
			DestChainId: uint32(w.spoke.ChainID), FillDeadline: deadline, TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC),
			AmountIn: amountIn, AmountOut: amountOut, Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
		})
		// A same-chain order its sender cancels.
		w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, big.NewInt(2_000_000))
		sameID, sameData := w.open(bindings.OrderParams{
			DestChainId: uint32(w.hub.ChainID), FillDeadline: deadline, TokenIn: w.hk.WrappedM, TokenOut: addr32(w.hk.USDC),
			AmountIn: big.NewInt(2_000_000), AmountOut: big.NewInt(1_900_000), Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
		})
		// A cross-chain order its recipient cancels on the destination.
		w.approve(w.hub, w.alice, w.hk.WrappedM, w.hk.OrderBook, big.NewInt(3_000_000))
		crossID, crossData := w.open(bindings.OrderParams{
			DestChainId: uint32(w.spoke.ChainID), FillDeadline: deadline, TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC),
			AmountIn: big.NewInt(3_000_000), AmountOut: big.NewInt(2_900_000), Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
		})
		w.indexedToHead(store)
		for _, id := range [][32]byte{filledID, sameID, crossID} {
			w.indexedMatchesChain(store, id, orchestration.OrderCreated, 0)
		}

		if err := w.env.Devnet.SyncClocks(); err != nil {
			t.Fatal(err)
		}
		portal, _ := bindings.NewPortal(w.sk.Portal, w.spoke.Client())
		fillFee, err := portal.Quote0(&bind.CallOpts{Context: w.ctx}, uint32(w.hub.ChainID), 4 /* fill report */)
		if err != nil {
			t.Fatal(err)
		}
		cancelFee, err := portal.Quote0(&bind.CallOpts{Context: w.ctx}, uint32(w.hub.ChainID), 6 /* cancel report */)
		if err != nil {
			t.Fatal(err)
		}
		w.approve(w.spoke, w.solver, w.sk.USDC, w.sk.OrderBook, amountOut)
		self := addr32(w.solver.Address)
		for _, amount := range []*big.Int{half, new(big.Int).Sub(amountOut, half)} {
			tx, err := w.spokeBook.FillOrder(w.opts(w.spoke, w.solver, fillFee), filledID, data,
				bindings.FillParams{AmountOutToFill: amount, OriginRecipient: self, RefundAddress: self})
			w.mine(w.spoke, "fillOrder", tx, err)
		}
		tx, err := w.hubBook.CancelOrder(w.opts(w.hub, w.alice, nil), sameID, sameData)
		w.mine(w.hub, "same-chain cancelOrder", tx, err)
		tx, err = w.spokeBook.CancelOrder(w.opts(w.spoke, w.bob, cancelFee), crossID, crossData)
		w.mine(w.spoke, "cross-chain cancelOrder", tx, err)

		// The reports are in flight: the destination's word.
		w.indexedToHead(store)
		w.indexedMatchesChain(store, filledID, orchestration.OrderCompleted, 2)
		w.indexedMatchesChain(store, sameID, orchestration.OrderCancelled, 0)
		w.indexedMatchesChain(store, crossID, orchestration.OrderCancelled, 0)

		// The reports land.
		if _, err := w.env.Devnet.Relay(w.ctx); err != nil {
			t.Fatal(err)
		}
		w.indexedToHead(store)
		r := w.indexedMatchesChain(store, filledID, orchestration.OrderCompleted, 2)
		if r.FillReportCount != 2 || r.AmountInReleased.Cmp(amountIn) != 0 || r.Funder != w.alice.Address.Hex() || r.ResolvedAt == nil {
			t.Errorf("filled order after the reports: %+v", r)
		}
		if r := w.indexedMatchesChain(store, crossID, orchestration.OrderCancelled, 0); r.AmountRefunded.Cmp(big.NewInt(3_000_000)) != 0 {
			t.Errorf("cross-chain cancel after its report: refunded %s, want 3000000", r.AmountRefunded)
		}
		_, fills, err := store.Order(w.ctx, filledID)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range fills {
			if f.ChainID != w.spoke.ChainID || f.Solver != w.solver.Address.Hex() || f.Tx == "" || f.FilledAt < r.CreatedAt {
				t.Errorf("fill %d: %+v", i, f)
			}
		}

		w.listAndDetail(store, filledID, sameID, crossID)

		// The index goes down: the detail is the chains' with the indexed
		// fields null; the listing fails.
		stop()
		db.Close()
		svc, err := order.New(order.Config{Catalog: w.env.Catalog, Books: evmorderstest.Books(w.env.Reader), Index: store, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		o, err := svc.Order(w.ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexutil.Encode(filledID[:])})
		if err != nil {
			t.Fatalf("Order with the index down: %v", err)
		}
		if o.Status != orchestration.OrderCompleted || o.Funder != nil || o.OpenTx != nil || o.FillCount != nil || o.Fills != nil || o.ResolvedAt != nil {
			t.Errorf("Order with the index down: %+v; want the chains' answer with the indexed fields null", o)
		}
		if _, err := svc.Orders(w.ctx, orchestration.OrdersQuery{}); !ordertest.IsCode(err, orchestration.OrderIndexUnavailable) {
			t.Errorf("Orders with the index down: %v, want OrderIndexUnavailable (decision 100)", err)
		}
	})
}

// listAndDetail checks GET /orders and the indexed fields of GET
// /orders/{originChain}/{orderId} over the orders TestIndexerOnDevnet
// made: filled (COMPLETED), same (CANCELLED on the hub) and cross
// (CANCELLED, cross-chain).
func (w *world) listAndDetail(store *order.Store, filled, same, cross [32]byte) {
	t := w.t
	t.Helper()
	svc, err := order.New(order.Config{Catalog: w.env.Catalog, Books: evmorderstest.Books(w.env.Reader), Index: store})
	if err != nil {
		t.Fatal(err)
	}
	list := func(q orchestration.OrdersQuery) *orchestration.OrdersResponse {
		t.Helper()
		r, err := svc.Orders(w.ctx, q)
		if err != nil {
			t.Fatalf("Orders(%v): %v", q.Values(), err)
		}
		return r
	}
	ids := func(r *orchestration.OrdersResponse) []string {
		var out []string
		for _, o := range r.Orders {
			out = append(out, o.OrderID)
		}
		return out
	}
	hexID := func(id [32]byte) string { return hexutil.Encode(id[:]) }
	n := func(v int) *int { return &v }
	u := func(v uint64) *uint64 { return &v }

	// alice's orders, in lower case, newest first: ours are her newest.
	all := list(orchestration.OrdersQuery{Sender: strings.ToLower(w.alice.Address.Hex()), Limit: n(3)})
	if diff := cmp.Diff([]string{hexID(cross), hexID(same), hexID(filled)}, ids(all)); diff != "" || all.Limit != 3 || all.Offset != 0 || all.Total < 3 {
		t.Errorf("alice's newest 3 (total %d, limit %d, offset %d) (-want +got):\n%s", all.Total, all.Limit, all.Offset, diff)
	}
	s := all.Orders[2]
	if s.Status != orchestration.OrderCompleted || s.Funder != w.alice.Address.Hex() || s.FillCount != 2 || s.FillReportCount != 2 ||
		s.TokenOut != w.sk.USDC.Hex() || s.DesignatedSolver != (common.Address{}).Hex() || s.FillDeadline == 0 || s.ResolvedAt == nil ||
		s.DestChainID != w.spoke.ChainID || s.OriginChainID != w.hub.ChainID || s.OpenTx == "" {
		t.Errorf("summary of the filled order: %+v", s)
	}
	// Filters.
	cancelled := list(orchestration.OrdersQuery{Sender: w.alice.Address.Hex(), Status: orchestration.OrderCancelled, DestChainID: u(w.spoke.ChainID), Limit: n(1)})
	if diff := cmp.Diff([]string{hexID(cross)}, ids(cancelled)); diff != "" {
		t.Errorf("alice's newest cancelled order to the spoke (-want +got):\n%s", diff)
	}
	for _, o := range list(orchestration.OrdersQuery{Status: orchestration.OrderCancelled, OriginChainID: u(w.hub.ChainID), Limit: n(100)}).Orders {
		if o.Status != orchestration.OrderCancelled || o.OriginChainID != w.hub.ChainID {
			t.Errorf("status and origin filters let through %+v", o)
		}
	}
	// Paging: the second page of one follows the first; the cap; past the end.
	second := list(orchestration.OrdersQuery{Sender: w.alice.Address.Hex(), Limit: n(1), Offset: n(1)})
	if diff := cmp.Diff([]string{hexID(same)}, ids(second)); diff != "" || second.Total != all.Total {
		t.Errorf("second page of one (total %d, want %d) (-want +got):\n%s", second.Total, all.Total, diff)
	}
	if r := list(orchestration.OrdersQuery{Limit: n(1000)}); r.Limit != order.MaxListLimit || len(r.Orders) > order.MaxListLimit {
		t.Errorf("limit 1000: answered limit %d with %d orders, want the cap %d", r.Limit, len(r.Orders), order.MaxListLimit)
	}
	if r := list(orchestration.OrdersQuery{}); r.Limit != order.DefaultListLimit {
		t.Errorf("default limit %d, want %d", r.Limit, order.DefaultListLimit)
	}
	past := list(orchestration.OrdersQuery{Sender: w.alice.Address.Hex(), Offset: n(all.Total)})
	if body, _ := json.Marshal(past); past.Total != all.Total || !strings.Contains(string(body), `"orders":[]`) {
		t.Errorf("past the end: %s", body)
	}
	for _, q := range []orchestration.OrdersQuery{{Limit: n(0)}, {Offset: n(-1)}} {
		if _, err := svc.Orders(w.ctx, q); !ordertest.IsCode(err, orchestration.BadOrderRequest) {
			t.Errorf("Orders(%v): %v, want BadOrderRequest", q.Values(), err)
		}
	}

	// The detail: the chains' fields and the index's.
	o, err := svc.Order(w.ctx, orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: hexID(filled)})
	if err != nil {
		t.Fatal(err)
	}
	if o.Funder == nil || *o.Funder != w.alice.Address.Hex() || o.OpenTx == nil || *o.OpenTx != s.OpenTx ||
		o.FillCount == nil || *o.FillCount != 2 || o.FillReportCount == nil || *o.FillReportCount != 2 ||
		o.ResolvedAt == nil || len(o.Fills) != 2 || o.Fills[0].ChainID != w.spoke.ChainID || o.Fills[0].Solver != w.solver.Address.Hex() {
		t.Errorf("detail of the filled order: %+v", o)
	}
}
