package order_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

func TestRulesOverAPretendRuntime(t *testing.T) {
	_, store := ordertest.OpenStore(t, storagetest.SQLiteMemory(t))
	book := &pretendBook{now: 1_000, fee: big.NewInt(1_000)}
	sender, recipient, solver := pk(1), pk(2), pk(3)
	terms := func(dest uint64) order.Terms {
		return order.Terms{Version: 1, Nonce: 4, OriginChainID: pretendHomeID, DestChainID: dest, Sender: sender, TokenIn: pk(9),
			Recipient: recipient, TokenOut: pk(8), AmountIn: big.NewInt(100), AmountOut: big.NewInt(90), CreatedAt: 500, FillDeadline: 2_000}
	}
	same, cross := order.ID{1: 0xaa}, order.ID{1: 0xbb}
	created := func(t order.Terms) *order.View {
		return &order.View{Found: true, Status: orchestration.OrderCreated, Terms: t,
			AmountOutFilled: new(big.Int), AmountInReleased: new(big.Int), AmountRefunded: new(big.Int)}
	}
	book.orders = map[orchestration.Chain]map[order.ID]*order.View{
		pretendHome: {same: created(terms(pretendHomeID)), cross: created(terms(pretendAwayID))},
		pretendAway: {cross: created(terms(pretendAwayID))},
	}

	opened := func(id order.ID, dest uint64) order.Event {
		return order.Event{BlockTime: 500, Tx: "sig-open", Kind: order.Opened, OrderID: id, AmountIn: new(big.Int), AmountOut: new(big.Int),
			Opened: &order.OpenedOrder{Funder: book.Account(sender), Sender: book.Account(sender), TokenIn: book.Account(pk(9)),
				AmountIn: big.NewInt(100), DestChainID: dest, TokenOut: pk(8), AmountOut: big.NewInt(90), FillDeadline: 2_000}}
	}
	fill := order.Event{BlockTime: 600, Tx: "sig-fill",
		Kind: order.Filled, OrderID: same, Account: book.Account(solver), AmountIn: big.NewInt(40), AmountOut: big.NewInt(36)}
	src := newPretendSource(pretendHomeID)
	src.mine(opened(same, pretendHomeID))
	src.mine(opened(cross, pretendAwayID))
	filled := src.mine(fill)

	feed := &order.MemoryFeed{}
	cfg := ordertest.FastConfig(store, order.IndexChain{Name: pretendHome, ChainID: pretendHomeID, Events: src})
	cfg.Feed = feed
	ordertest.Start(t, cfg)
	ordertest.WaitIndexed(t, store, map[uint64]uint64{pretendHomeID: filled})

	svc, err := order.New(order.Config{Catalog: pretendCatalog{}, Books: map[orchestration.ChainRuntime]order.Book{pretendRuntime: book},
		Index: store, Feed: feed, Recheck: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)

	// GET /orders: the index's orders in the runtime's account text, the
	// sender filter read by its Book.
	list, err := svc.Orders(t.Context(), orchestration.OrdersQuery{Sender: book.Account(sender)})
	if err != nil {
		t.Fatal(err)
	}
	if list.Total != 2 || list.Orders[0].OrderID != cross.String() || list.Orders[1].OrderID != same.String() {
		t.Fatalf("Orders = %+v, want the two orders, newest first", list)
	}
	if s := list.Orders[1]; s.Sender != book.Account(sender) || s.TokenOut != book.Account(pk(8)) || s.OpenTx != "sig-open" ||
		s.FillCount != 1 || s.AmountOutFilled != "36" || s.DesignatedSolver != book.Account([32]byte{}) {
		t.Errorf("summary of the same-chain order: %+v", s)
	}

	// GET /orders/{originChain}/{orderId}: the Book's view, with what only
	// the index knows.
	ref := orchestration.OrderRef{OriginChain: pretendHome, OrderID: same.String()}
	o, err := svc.Order(t.Context(), ref)
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != orchestration.OrderCreated || o.Sender != book.Account(sender) || o.Recipient != book.Account(recipient) ||
		o.OpenTx == nil || *o.OpenTx != "sig-open" || len(o.Fills) != 1 || o.Fills[0].Solver != book.Account(solver) {
		t.Errorf("Order = %+v", o)
	}

	// A re-org drops the fill's slot: the index finds the fork point
	// through the source and undoes the fill.
	src.reorg(filled)
	src.mine()
	deadline := time.Now().Add(ordertest.WaitFor)
	for {
		if st := ordertest.StateOf(t, store, same); st != nil && st.FillCount == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the fill of a dropped slot is still indexed: %+v", ordertest.StateOf(t, store, same))
		}
		time.Sleep(2 * time.Millisecond)
	}

	// POST .../cancel: who may cancel when is the rules'; the payload is
	// the Book's, on the destination, with the fee and its margin.
	cancel := func(id order.ID, caller string) (*orchestration.TransactionPayload, error) {
		return svc.CancelOrder(t.Context(), orchestration.CancelOrderRequest{
			Order: orchestration.OrderRef{OriginChain: pretendHome, OrderID: id.String()}, Caller: caller})
	}
	stranger := book.Account(pk(5))
	if _, err := cancel(same, stranger); !ordertest.IsCode(err, orchestration.OrderNotCancellable) || !strings.Contains(err.Error(), stranger) {
		t.Errorf("a stranger before the deadline: %v, want OrderNotCancellable naming it", err)
	}
	if _, err := cancel(same, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"); !ordertest.IsCode(err, orchestration.BadOrderRequest) {
		t.Errorf("an EVM caller on the pretend runtime: %v, want BadOrderRequest", err)
	}
	p, err := cancel(same, "") // the sender, of a same-chain order
	if err != nil {
		t.Fatal(err)
	}
	if p.SVM == nil || p.SVM.Chain != pretendHome || p.SVM.Transaction != fmt.Sprintf(pretendCancel, same, pretendBookHome, 0, book.Account(sender)) {
		t.Errorf("same-chain cancel: %+v", p.SVM)
	}
	p, err = cancel(cross, book.Account(recipient))
	if err != nil {
		t.Fatal(err)
	}
	if p.SVM == nil || p.SVM.Chain != pretendAway || p.SVM.Transaction != fmt.Sprintf(pretendCancel, cross, pretendBookAway, 1200, book.Account(recipient)) {
		t.Errorf("cross-chain cancel: %+v, want on %s paying the fee 1000 and its 20%% margin", p.SVM, pretendAway)
	}
	book.mu.Lock()
	book.orders[pretendAway][cross].Status = orchestration.OrderCompleted
	book.mu.Unlock()
	if _, err := cancel(cross, book.Account(recipient)); !ordertest.IsCode(err, orchestration.OrderNotCancellable) {
		t.Errorf("an order completed on its destination: %v, want OrderNotCancellable", err)
	}

	// A runtime with no Book is a 501 naming the chain.
	bare, err := order.New(order.Config{Catalog: pretendCatalog{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bare.Order(t.Context(), ref); !ordertest.IsCode(err, orchestration.NotImplemented) || !strings.Contains(err.Error(), string(pretendHome)) {
		t.Errorf("no Book for the runtime: %v, want NotImplemented naming %s", err, pretendHome)
	}
}

// The pretend driver passes the driver suites, as every runtime's must.
func TestPretendDriverConformance(t *testing.T) {
	t.Run("EventSource", func(t *testing.T) {
		ordertest.RunEventSource(t, func(t *testing.T) ordertest.EventSourceHarness {
			src := newPretendSource(pretendHomeID)
			return ordertest.EventSourceHarness{Source: src, ChainID: pretendHomeID, MaxRange: 2,
				Mine: func(_ *testing.T, events ...ordertest.Emit) uint64 {
					evs := make([]order.Event, len(events))
					for i, e := range events {
						evs[i] = pretendEvent(e)
					}
					return src.mine(evs...)
				},
				Reorg: func(_ *testing.T, from uint64) { src.reorg(from) },
				Break: func(*testing.T) { src.breakNode() },
			}
		})
	})
	t.Run("Book", func(t *testing.T) {
		ordertest.RunBook(t, func(t *testing.T) ordertest.BookHarness {
			home, _ := pretendCatalog{}.Chain(pretendHome)
			terms := order.Terms{Version: 1, Nonce: 4, OriginChainID: pretendHomeID, DestChainID: pretendAwayID, Sender: pk(1), TokenIn: pk(9),
				Recipient: pk(2), TokenOut: pk(8), Solver: pk(3), AmountIn: big.NewInt(100), AmountOut: big.NewInt(90), CreatedAt: 500, FillDeadline: 2_000}
			open := order.View{Found: true, Status: orchestration.OrderCreated, Terms: terms,
				AmountOutFilled: new(big.Int), AmountInReleased: new(big.Int), AmountRefunded: new(big.Int)}
			done := open
			done.Status, done.AmountInReleased = orchestration.OrderCompleted, big.NewInt(100)
			known := []ordertest.KnownOrder{{ID: order.ID{1: 0xaa}, Want: open}, {ID: order.ID{1: 0xbb}, Want: done}}
			book := &pretendBook{now: 1_000, fee: big.NewInt(1_000), orders: map[orchestration.Chain]map[order.ID]*order.View{pretendHome: {}}}
			for _, o := range known {
				book.orders[pretendHome][o.ID] = &o.Want
			}
			return ordertest.BookHarness{Book: book, Chain: home, Foreign: orchestration.Sepolia, Orders: known, Unknown: order.ID{1: 0xcc},
				CancelReportTo: pretendAwayID, Accounts: []string{book.Account(pk(1)), book.Account([32]byte{})},
				Malformed:  []string{"", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "pk:" + strings.Repeat("zz", 32), "pk:ee01"},
				ReadCancel: readPretendCancel}
		})
	})
}

// pretendEvent is e as the pretend order book records it.
func pretendEvent(e ordertest.Emit) order.Event {
	ev := order.Event{BlockTime: 500, Tx: fmt.Sprintf("sig-%s-%s", e.Kind, e.ID), Kind: e.Kind, OrderID: e.ID, AmountIn: big.NewInt(1), AmountOut: big.NewInt(1)}
	if e.Kind == order.Opened {
		ev.Opened = &order.OpenedOrder{Funder: pretendAccount(pk(1)), Sender: pretendAccount(pk(1)), TokenIn: pretendAccount(pk(9)),
			AmountIn: big.NewInt(100), DestChainID: pretendAwayID, TokenOut: pk(8), AmountOut: big.NewInt(90), FillDeadline: 2_000}
	}
	return ev
}
