package order_test

import (
	"context"
	"iter"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// fakeBookChain is one EVM chain, named Sepolia, whose OrderBook is a
// fakeChain's: a Catalog of it alone, and a Reader whose OrderBook answers
// every order as CREATED and unfilled (a status stream's first read; what
// follows comes from the index).
type fakeBookChain struct{ c *evmorderstest.Chain }

func (f fakeBookChain) info() asset.ChainInfo {
	return asset.ChainInfo{Name: orchestration.Sepolia, Runtime: orchestration.RuntimeEVM, ChainID: f.c.ID,
		Testnet: true, Contracts: asset.Contracts{OrderBook: f.c.Book.Hex()}}
}

func (f fakeBookChain) Chain(name orchestration.Chain) (asset.ChainInfo, bool) {
	return f.info(), name == orchestration.Sepolia
}

func (f fakeBookChain) ChainByID(runtime orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool) {
	return f.info(), runtime == orchestration.RuntimeEVM && id == f.c.ID
}

func (f fakeBookChain) Has(name orchestration.Chain) bool { return name == orchestration.Sepolia }

func (f fakeBookChain) Read(_ context.Context, _ orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	a := evm.NewAnswers(1)
	for _, c := range calls {
		m, err := evmorderstest.BookABI.MethodById(c.Data)
		if err != nil {
			return nil, err
		}
		var out []byte
		switch m.Name {
		case "getOrder":
			out, err = m.Outputs.Pack(bindings.Order{Status: 1, DestChainId: uint32(f.c.ID), CreatedAt: 1_700_000_000,
				FillDeadline: 2_000_000_000, AmountIn: big.NewInt(10), AmountOut: big.NewInt(9)})
		case "getFilledAmounts":
			out, err = m.Outputs.Pack(bindings.FilledAmounts{AmountInRefunded: new(big.Int), AmountInReleased: new(big.Int), AmountOutFilled: new(big.Int)})
		}
		if err != nil {
			return nil, err
		}
		a.Put(c, evm.Result{OK: true, Data: out})
	}
	return a, nil
}

// filledOrderWorld indexes one order opened and filled on a fake chain, and
// returns the chain, the order, the fill's block and an order service over
// the index whose streams re-read it only on the feed's notices (Recheck an
// hour: every change must come by the feed).
func filledOrderWorld(t *testing.T) filledWorld {
	t.Helper()
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	a := evmorderstest.NewChain(evmorderstest.ChainA)
	solver, alice := evmorderstest.Account(1), evmorderstest.Account(2)
	o := evmorderstest.Order{ID: evmorderstest.OrderID(1), Sender: alice, Funder: alice, Dest: evmorderstest.ChainA, AmountIn: 10, AmountOut: 9, Deadline: 2_000_000_000}
	feed := &order.MemoryFeed{}
	cfg := ordertest.FastConfig(store, evmorderstest.IndexChain("A", a, nil))
	cfg.Feed = feed
	ordertest.Start(t, cfg)
	a.Mine(o.Opened())
	fillBlock := a.Mine(evmorderstest.Filled(o.ID, solver, 10, 9))
	evmorderstest.CaughtUp(t, store, a)

	book := fakeBookChain{a}
	svc, err := order.New(order.Config{Catalog: book, Books: evmorderstest.Books(book), Index: store, Feed: feed, Recheck: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	return filledWorld{a: a, o: o, solver: solver, store: store, fillBlock: fillBlock, svc: svc}
}

type filledWorld struct {
	a         *evmorderstest.Chain
	o         evmorderstest.Order
	solver    common.Address
	store     *order.Store
	fillBlock uint64
	svc       *order.Service
}

// A re-org that replaces an order's fill with its cancellation leaves the
// number of its events as it was; the stream still sends each change,
// under an ID above the last, and ends on CANCELLED.
func TestOrderEventsReorgWithoutNewEvents(t *testing.T) {
	w := filledOrderWorld(t)
	a, o, fillBlock, svc := w.a, w.o, w.fillBlock, w.svc
	ctx, cancel := context.WithTimeout(t.Context(), ordertest.WaitFor)
	defer cancel()
	seq, err := svc.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: o.ID.String()}})
	if err != nil {
		t.Fatal(err)
	}
	next, stop := iter.Pull2(seq)
	defer stop()
	first, err, ok := next()
	if !ok || err != nil || first.Status != orchestration.OrderCreated || first.FillCount == nil || *first.FillCount != 1 || first.ID == 0 {
		t.Fatalf("first status %+v, %v, %v; want CREATED with its fill, under the index's version", first, err, ok)
	}

	a.Reorg(fillBlock, []evmorderstest.Event{evmorderstest.Cancelled(o.ID)})
	last := first
	for {
		ev, err, ok := next()
		if !ok || err != nil {
			t.Fatalf("the stream ended (%v) after %+v, before CANCELLED", err, last)
		}
		if ev.ID <= last.ID {
			t.Errorf("status %s sent with ID %d after ID %d, want a greater one", ev.Status, ev.ID, last.ID)
		}
		last = ev
		if ev.Status.Terminal() {
			break
		}
	}
	if last.Status != orchestration.OrderCancelled || last.FillCount == nil || *last.FillCount != 0 {
		t.Errorf("final status %+v, want CANCELLED without fills", last)
	}
	if _, _, ok := next(); ok {
		t.Error("the stream went on after CANCELLED")
	}
}

// A stream resumed after a re-org sends the order's state when it changed
// since the client's last status, even when the order has as many events
// again as that status's ID once counted: here the re-org drops the fill
// (the client sees CREATED without it and goes), then the chain
// re-includes it with the completion, and the resumed stream must send
// COMPLETED, not skip it as the status the client saw.
func TestOrderEventsResumeAfterReorg(t *testing.T) {
	w := filledOrderWorld(t)
	a, o, solver, store, fillBlock, svc := w.a, w.o, w.solver, w.store, w.fillBlock, w.svc
	ref := orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: o.ID.String()}
	ctx, cancel := context.WithTimeout(t.Context(), ordertest.WaitFor)
	defer cancel()
	seq, err := svc.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: ref})
	if err != nil {
		t.Fatal(err)
	}
	next, stop := iter.Pull2(seq)
	defer stop()
	if ev, err, ok := next(); !ok || err != nil || ev.FillCount == nil || *ev.FillCount != 1 {
		t.Fatalf("first status %+v, %v, %v; want the one fill", ev, err, ok)
	}
	a.Reorg(fillBlock, nil)
	var seen orchestration.OrderEvent
	for {
		ev, err, ok := next()
		if !ok || err != nil {
			t.Fatalf("the stream ended (%v) before the re-org dropped the fill", err)
		}
		if ev.FillCount != nil && *ev.FillCount == 0 {
			seen = ev
			break
		}
	}
	stop() // the client goes

	a.Mine(evmorderstest.Filled(o.ID, solver, 10, 9), evmorderstest.Completed(o.ID))
	evmorderstest.CaughtUp(t, store, a)
	seq, err = svc.OrderEvents(ctx, orchestration.OrderEventsRequest{Order: ref, LastEventID: seen.ID})
	if err != nil {
		t.Fatal(err)
	}
	var got []orchestration.OrderEvent
	for ev, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ev)
	}
	if len(got) != 1 || got[0].Status != orchestration.OrderCompleted {
		t.Fatalf("resumed after ID %d (%s), the stream sent %+v; want COMPLETED alone", seen.ID, seen.Status, got)
	}
	if got[0].ID <= seen.ID {
		t.Errorf("COMPLETED sent with ID %d, not above Last-Event-ID %d", got[0].ID, seen.ID)
	}
}
