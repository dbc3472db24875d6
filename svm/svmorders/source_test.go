package svmorders_test

import (
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/internal/roundtrip"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage/storagetest"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmorders"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// chainID is the M0 id of Solana's devnet, the fake cluster's.
const chainID = 1399811150

// idxKey is the n-th test account.
func idxKey(n byte) solana.PublicKey { return solana.PublicKey{0: 0x51, 31: n} }

var (
	program                            = svm.OrderBookProgramID
	payer, idxSender, idxSolver, mintM = idxKey(1), idxKey(2), idxKey(3), idxKey(4)
	idxRecipient                       = [32]byte{12: 0xee, 31: 9} // an EVM address, left-padded
	tokenOut                           = [32]byte{12: 0xaa, 31: 7}
)

// cluster is a fake Solana cluster with the order book: a node holding
// transactions that emit its events, and a Client of it.
type cluster struct {
	rpc    *svmtest.RPC
	client *svm.Client
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	rpc := svmtest.NewRPC()
	t.Cleanup(rpc.Close)
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.SolanaDevnet, URL: rpc.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	return &cluster{rpc: rpc, client: client}
}

// mine makes a new slot holding txs, in order, and returns it.
func (c *cluster) mine(txs ...svmtest.Transaction) uint64 {
	slot := c.rpc.Slot() + 1
	c.rpc.SetSlot(slot)
	for _, tx := range txs {
		tx.Slot = slot
		c.rpc.AddTransaction(tx)
	}
	return slot
}

func (c *cluster) source(t *testing.T, cfg svmorders.EventSourceConfig) *svmorders.EventSource {
	t.Helper()
	cfg.Name, cfg.ChainID, cfg.Client, cfg.Logger = orchestration.SolanaDevnet, chainID, c.client, slog.New(slog.DiscardHandler)
	src, err := svmorders.NewEventSource(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// deadline is the fill deadline of the test orders.
const deadline = 2_000_000_000

// params are the open_order arguments of a test order.
func params(amountIn uint64, amountOut int64, solverOf [32]byte) svmtest.OrderParams {
	return svmtest.OrderParams{DestChainID: 1, CreatedAt: 1_700_000_000, FillDeadline: deadline, TokenOut: tokenOut,
		AmountIn: amountIn, AmountOut: big.NewInt(amountOut), Recipient: idxRecipient, Solver: solverOf}
}

// opened is the OrderOpened event of an order opened with p.
func opened(id order.ID, p svmtest.OrderParams) []byte {
	return svmtest.EventData("OrderOpened", [32]byte(id), idxSender, mintM, p.AmountIn, p.DestChainID, p.TokenOut, p.AmountOut, p.Solver)
}

// openTx is a transaction of payer opening order id with p.
func openTx(id order.ID, p svmtest.OrderParams) svmtest.Transaction {
	return svmtest.EventTx(program, svmtest.OpenOrder(program, payer, idxSender, mintM, id, p), opened(id, p))
}

// eventTx is a transaction of an instruction name that emits events.
func eventTx(name string, events ...[]byte) svmtest.Transaction {
	return svmtest.EventTx(program, svmtest.Call(program, payer, name), events...)
}

// txOf is the transaction that emits e, as the conformance suite asks.
func txOf(e ordertest.Emit) svmtest.Transaction {
	id := [32]byte(e.ID)
	switch e.Kind {
	case order.Opened:
		return openTx(e.ID, params(100, 90, [32]byte{}))
	case order.Filled:
		return eventTx("fill_order", svmtest.EventData("OrderFilled", id, idxSolver, big.NewInt(40), big.NewInt(36)))
	case order.FillReported:
		return eventTx("report_fill", svmtest.EventData("FillReported", id, big.NewInt(40), big.NewInt(36), [32]byte(idxSolver)))
	case order.Completed:
		return eventTx("fill_order", svmtest.EventData("OrderCompleted", id))
	case order.Cancelled:
		return eventTx("cancel_native_order", svmtest.EventData("OrderCancelled", id))
	case order.CancelReported:
		return eventTx("report_cancel", svmtest.EventData("CancelReported", id))
	case order.RefundClaimed:
		return eventTx("claim_refund", svmtest.EventData("RefundClaimed", id, idxSender, uint64(100)))
	}
	panic(fmt.Sprintf("no order-book event of kind %q", e.Kind))
}

// The EventSource passes the driver suite over the fake node: with the
// defaults, and listing two signatures and reading one transaction per
// request.
func TestEventSourceConformance(t *testing.T) {
	for _, c := range []struct{ pageSize, txBatch int }{{0, 0}, {2, 1}} {
		t.Run(fmt.Sprintf("pageSize=%d,txBatch=%d", c.pageSize, c.txBatch), func(t *testing.T) {
			ordertest.RunEventSource(t, func(t *testing.T) ordertest.EventSourceHarness {
				cl := newCluster(t)
				src := cl.source(t, svmorders.EventSourceConfig{PageSize: c.pageSize, TxBatch: c.txBatch})
				return ordertest.EventSourceHarness{Source: src, ChainID: chainID,
					Mine: func(_ *testing.T, events ...ordertest.Emit) uint64 {
						txs := make([]svmtest.Transaction, len(events))
						for i, e := range events {
							txs[i] = txOf(e)
						}
						return cl.mine(txs...)
					},
					Reorg: func(_ *testing.T, from uint64) { cl.rpc.Reorg(from) },
					Break: func(*testing.T) { cl.rpc.Fail(-32603, "Internal error") },
				}
			})
		})
	}
}

// catchUp reads from next until the source is caught up, returning the
// events and the pages' ends.
func catchUp(t *testing.T, src order.EventSource, next uint64, last order.Anchor) ([]order.Event, []order.Anchor) {
	t.Helper()
	var events []order.Event
	var ends []order.Anchor
	for range 100 {
		p, err := src.Events(t.Context(), next, last)
		if err != nil {
			t.Fatalf("Events(%d, %+v): %v", next, last, err)
		}
		events = append(events, p.Events...)
		if p.End != (order.Anchor{}) {
			ends = append(ends, p.End)
			next, last = p.End.Number+1, p.End
		}
		if !p.More {
			return events, ends
		}
	}
	t.Fatal("Events still reading after 100 calls")
	return nil, nil
}

// A transaction that failed is skipped, its events with it; the rest of
// its slot is read.
func TestFailedTransactionsSkipped(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	id1, id2 := order.ID{1}, order.ID{2}
	bad := openTx(id1, params(100, 90, [32]byte{}))
	bad.Err = map[string]any{"InstructionError": []any{0, map[string]any{"Custom": 6001}}}
	slot := cl.mine(bad, openTx(id2, params(100, 90, [32]byte{})))
	events, _ := catchUp(t, cl.source(t, svmorders.EventSourceConfig{}), start, order.Anchor{})
	if len(events) != 1 || events[0].OrderID != id2 || events[0].Block != slot || events[0].Index != 0 {
		t.Fatalf("events %+v; want only the opening of %s, the first of slot %d", events, id2, slot)
	}
	if n := cl.rpc.Calls("getTransaction"); n != 1 {
		t.Errorf("%d getTransaction calls; want 1: a transaction listed as failed is not read", n)
	}
}

// Many signatures are listed PageSize at a time, back to the checkpoint
// (until) without a gap, and read in pages of whole slots, oldest first;
// a read on from the last page's end lists only what is newer.
func TestPaging(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	var want []order.ID
	var slots []uint64
	for i := range 7 {
		id := order.ID{byte(i + 1)}
		want = append(want, id)
		slots = append(slots, cl.mine(openTx(id, params(100, 90, [32]byte{}))))
	}
	// Two in one slot: a page does not split it.
	id8, id9 := order.ID{8}, order.ID{9}
	want = append(want, id8, id9)
	last := cl.mine(openTx(id8, params(100, 90, [32]byte{})), openTx(id9, params(100, 90, [32]byte{})))
	slots = append(slots, last, last)
	src := cl.source(t, svmorders.EventSourceConfig{PageSize: 2})
	events, ends := catchUp(t, src, start, order.Anchor{})
	var got []order.ID
	for i, e := range events {
		got = append(got, e.OrderID)
		if e.Block != slots[i] {
			t.Errorf("event %d of slot %d, want %d", i, e.Block, slots[i])
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("orders opened (-want +got):\n%s", diff)
	}
	if events[8].Index != 1 {
		t.Errorf("the second opening of slot %d has index %d, want 1", last, events[8].Index)
	}
	// Pages of two transactions but the last, which reads its slot whole.
	if len(ends) != 4 || ends[3].Number != last || ends[2].Number != slots[5] {
		t.Errorf("pages ending %+v; want 4, the last at slot %d", ends, last)
	}
	queries := cl.rpc.SignatureQueries()
	// The first walk lists from the head back, two at a time, until a
	// slot before the start: 9 signatures in 5 listings.
	if len(queries) != 5 || queries[0].Before != "" || queries[0].Limit != 2 || queries[0].Commitment != "confirmed" {
		t.Errorf("listings %+v; want 5 of 2 signatures from the head back", queries)
	}
	for i := 1; i < len(queries); i++ {
		if queries[i].Before == "" {
			t.Errorf("listing %d has no before: the walk would start over", i)
		}
	}

	// Nothing new: one listing from the checkpoint.
	end := ends[len(ends)-1]
	id10 := order.ID{10}
	newer := cl.mine(openTx(id10, params(100, 90, [32]byte{})))
	more, _ := catchUp(t, src, end.Number+1, end)
	if len(more) != 1 || more[0].OrderID != id10 || more[0].Block != newer {
		t.Fatalf("events after the checkpoint: %+v; want the opening of %s", more, id10)
	}
	q := cl.rpc.SignatureQueries()[len(queries)]
	if q.Until != end.Hash || q.Before != "" {
		t.Errorf("the read from the checkpoint listed %+v; want until %s", q, end.Hash)
	}
}

// A node refusing a batch of transactions that large is asked again with
// half, until it answers.
func TestTxBatchHalves(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	var txs []svmtest.Transaction
	for i := range 6 {
		txs = append(txs, openTx(order.ID{byte(i + 1)}, params(100, 90, [32]byte{})))
	}
	cl.mine(txs...)
	cl.rpc.MaxBatch(2)
	events, _ := catchUp(t, cl.source(t, svmorders.EventSourceConfig{TxBatch: 8}), start, order.Anchor{})
	if len(events) != 6 {
		t.Fatalf("%d events, want 6", len(events))
	}
	var sizes []int
	for _, b := range cl.rpc.Batches() {
		if b[0] == "getTransaction" || b[0] == "refused" {
			n := len(b)
			if b[0] == "refused" {
				n = -1
			}
			sizes = append(sizes, n)
		}
	}
	// 8 is refused (6 asked), then 3, then 2 at a time.
	if diff := cmp.Diff([]int{-1, -1, 2, 2, 2}, sizes); diff != "" {
		t.Errorf("getTransaction batches (-1 refused) (-want +got):\n%s", diff)
	}
}

// A transaction the node lists but does not answer (a lagging node) is a
// failure a retry may cure, not an empty read.
func TestLaggingNode(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	tx := openTx(order.ID{1}, params(100, 90, [32]byte{}))
	cl.mine(tx)
	src := cl.source(t, svmorders.EventSourceConfig{})
	// The only transaction: hide it.
	p0, err := src.Events(t.Context(), start, order.Anchor{})
	if err != nil || len(p0.Events) != 1 {
		t.Fatalf("Events: %+v, %v", p0, err)
	}
	s := solana.MustSignatureFromBase58(p0.Events[0].Tx)
	cl.rpc.Hide(s, true)
	_, err = src.Events(t.Context(), start, order.Anchor{})
	var ue *order.UndecodableError
	var fe *order.ForkError
	if err == nil || errors.Is(err, order.ErrReorg) || errors.As(err, &ue) || errors.As(err, &fe) {
		t.Fatalf("Events with a transaction missing: %v; want a failure a retry may cure", err)
	}
	cl.rpc.Hide(s, false)
	if p, err := src.Events(t.Context(), start, order.Anchor{}); err != nil || len(p.Events) != 1 {
		t.Fatalf("Events again: %+v, %v", p, err)
	}
}

// A re-org that puts a transaction of the order book into a slot already
// read (after the anchor's transaction) is found.
func TestReorgIntoReadSlot(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	a := cl.mine(openTx(order.ID{1}, params(100, 90, [32]byte{})))
	cl.mine()
	src := cl.source(t, svmorders.EventSourceConfig{})
	_, ends := catchUp(t, src, start, order.Anchor{})
	end := ends[len(ends)-1]
	// The new fork has one more transaction in slot a+1, which was read
	// (empty) before.
	cl.rpc.AddTransaction(svmtest.Transaction{Slot: a + 1, Instructions: txOf(ordertest.Emit{Kind: order.Cancelled, ID: order.ID{1}}).Instructions,
		Inner: txOf(ordertest.Emit{Kind: order.Cancelled, ID: order.ID{1}}).Inner})
	if _, err := src.Events(t.Context(), end.Number+1, end); !errors.Is(err, order.ErrReorg) {
		t.Fatalf("Events after a transaction landed in slot %d, read: %v; want ErrReorg", a+1, err)
	}
	got, ok, err := src.ForkPoint(t.Context(), []order.Anchor{end, {Number: a, Hash: end.Hash}})
	if err != nil || !ok || got.Number != a {
		t.Errorf("ForkPoint = %+v, %v, %v; want slot %d, before the new transaction", got, ok, err, a)
	}
}

// A config without a name, a chain id or a client, or with a commitment
// the listing does not serve, is refused.
func TestNewEventSourceChecks(t *testing.T) {
	cl := newCluster(t)
	for _, cfg := range []svmorders.EventSourceConfig{
		{ChainID: chainID, Client: cl.client},
		{Name: orchestration.SolanaDevnet, Client: cl.client},
		{Name: orchestration.SolanaDevnet, ChainID: chainID},
		{Name: orchestration.SolanaDevnet, ChainID: chainID, Client: cl.client, Commitment: "processed"},
		{Name: orchestration.SolanaDevnet, ChainID: chainID, Client: cl.client, PageSize: 1001},
	} {
		if _, err := svmorders.NewEventSource(cfg); err == nil {
			t.Errorf("NewEventSource(%+v) accepted", cfg)
		}
	}
}

// mineSigs is mine, returning the transactions' signatures.
func (c *cluster) mineSigs(txs ...svmtest.Transaction) []string {
	slot := c.rpc.Slot() + 1
	c.rpc.SetSlot(slot)
	var sigs []string
	for _, tx := range txs {
		tx.Slot = slot
		sigs = append(sigs, c.rpc.AddTransaction(tx).String())
	}
	return sigs
}

// The index follows a Solana order book: same-chain orders filled and
// cancelled are listed with their totals, and an indexer started again
// resumes from its checkpoint, listing signatures until the last one
// indexed.
func TestIndexerFollowsSolanaOrders(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteFile(t))
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	cid := uint64(chainID)
	same := func(amountIn uint64, amountOut int64) svmtest.OrderParams {
		p := params(amountIn, amountOut, [32]byte{})
		p.DestChainID, p.TokenOut = chainID, [32]byte(mintM)
		return p
	}
	o1, o2 := order.ID{0x01}, order.ID{0x02}
	cl.mine(openTx(o1, same(1000, 900)))
	cl.mine(openTx(o2, same(500, 400)))
	cl.mine(eventTx("fill_order", svmtest.EventData("OrderFilled", [32]byte(o1), idxSolver, big.NewInt(1000), big.NewInt(900)),
		svmtest.EventData("OrderCompleted", [32]byte(o1))))
	lastSigs := cl.mineSigs(eventTx("cancel_native_order", svmtest.EventData("OrderCancelled", [32]byte(o2)),
		svmtest.EventData("RefundClaimed", [32]byte(o2), idxSender, uint64(500))))
	cl.mine() // an empty slot: the head is past the last transaction
	index := func() order.IndexChain {
		return order.IndexChain{Name: orchestration.SolanaDevnet, ChainID: chainID, StartBlock: start,
			Events: cl.source(t, svmorders.EventSourceConfig{PageSize: 2})}
	}
	stop := ordertest.Start(t, ordertest.FastConfig(store, index()))
	ordertest.WaitIndexed(t, store, map[uint64]uint64{chainID: cl.rpc.Slot()})

	want := map[order.ID]*ordertest.State{
		// A same-chain fill releases the input at once.
		o1: {Status: orchestration.OrderCompleted, AmountOutFilled: "900", AmountInReleased: "1000", AmountRefunded: "0", FillCount: 1, Resolved: true, Fills: 1},
		o2: {Status: orchestration.OrderCancelled, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "500", Resolved: true},
	}
	for id, w := range want {
		if diff := cmp.Diff(w, ordertest.StateOf(t, store, id)); diff != "" {
			t.Errorf("order %s (-want +got):\n%s", id, diff)
		}
	}
	records, total, err := store.List(t.Context(), order.ListQuery{OriginChainID: &cid, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if total != 2 || len(records) != 2 {
		t.Fatalf("List of chain %d: %d records of %d; want 2", chainID, len(records), total)
	}
	for _, r := range records {
		if r.Sender != idxSender.String() || r.Funder != payer.String() || r.TokenIn != mintM.String() || r.FillDeadline != deadline {
			t.Errorf("record %s: idxSender %s, funder %s, tokenIn %s, deadline %d", r.OrderID, r.Sender, r.Funder, r.TokenIn, r.FillDeadline)
		}
	}
	for status, n := range map[orchestration.OrderStatus]int{orchestration.OrderCompleted: 1, orchestration.OrderCancelled: 1, orchestration.OrderCreated: 0} {
		if _, total, err := store.List(t.Context(), order.ListQuery{Status: status, OriginChainID: &cid, Limit: 10}); err != nil || total != n {
			t.Errorf("List(%s) total %d, %v; want %d", status, total, err, n)
		}
	}

	// Restarted, a fresh source resumes from the checkpoint: its first
	// listing stops at the last signature indexed.
	stop()
	before := len(cl.rpc.SignatureQueries())
	o3 := order.ID{0x03}
	slot3 := cl.mine(openTx(o3, same(300, 250)))
	ordertest.Start(t, ordertest.FastConfig(store, index()))
	ordertest.WaitIndexed(t, store, map[uint64]uint64{chainID: slot3})
	if got := ordertest.StateOf(t, store, o3); got == nil || got.Status != orchestration.OrderCreated {
		t.Fatalf("order %s after the restart: %+v", o3, got)
	}
	after := cl.rpc.SignatureQueries()[before:]
	if len(after) == 0 || after[0].Until != lastSigs[0] {
		t.Fatalf("the first listing after the restart: %+v; want until %s, the last signature indexed", after, lastSigs[0])
	}
	for i, q := range after {
		if q.Until == "" {
			t.Errorf("listing %d after the restart has no until (%+v): it walked back past the checkpoint", i, q)
		}
	}
}

// A caught-up read is one round trip (the slot, the anchor's status and
// the listing in one batch), counted under the cluster; a node's failure
// names the cluster, never its URL.
func TestRoundTripsAndErrors(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	cl.mine(openTx(order.ID{1}, params(100, 90, [32]byte{})))
	src := cl.source(t, svmorders.EventSourceConfig{})
	_, ends := catchUp(t, src, start, order.Anchor{})
	end := ends[len(ends)-1]
	cl.mine()
	ctx, trips := roundtrip.WithTrips(t.Context())
	p, err := src.Events(ctx, end.Number+1, end)
	if err != nil || len(p.Events) != 0 || p.End.Hash != end.Hash || p.End.Number != end.Number+1 {
		t.Fatalf("Events after an empty slot: %+v, %v; want the slot read, anchored at %s", p, err, end.Hash)
	}
	if n := trips.Of(orchestration.SolanaDevnet); n != 1 {
		t.Errorf("a caught-up read took %d round trips, want 1", n)
	}
	cl.rpc.Fail(-32603, "Internal error")
	_, err = src.Events(t.Context(), end.Number+1, end)
	if err == nil || !strings.Contains(err.Error(), string(orchestration.SolanaDevnet)) || strings.Contains(err.Error(), cl.rpc.URL()) {
		t.Errorf("Events with the node failing: %v; want an error naming %s, not its URL", err, orchestration.SolanaDevnet)
	}
}
