package order_test

import (
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// The rules over a runtime that is not EVM: a pretend order book kept in
// memory, with its own account text ("pk:" and hex), slots instead of
// blocks and hashes that are not EVM hashes. Order, CancelOrder and the
// index (its loop, its writes, a re-org) work through order.Book and
// order.EventSource alone.

const (
	pretendRuntime               orchestration.ChainRuntime = "pretend"
	pretendHome                                             = orchestration.Solana       // the origin
	pretendAway                                             = orchestration.SolanaDevnet // a destination
	pretendHomeID, pretendAwayID                            = 7001, 7002
)

// pretendCatalog holds the two pretend chains.
type pretendCatalog struct{}

func (pretendCatalog) chains() []asset.ChainInfo {
	return []asset.ChainInfo{
		{Name: pretendHome, Runtime: pretendRuntime, ChainID: pretendHomeID, Contracts: asset.Contracts{OrderBook: "book-home"}},
		{Name: pretendAway, Runtime: pretendRuntime, ChainID: pretendAwayID, Contracts: asset.Contracts{OrderBook: "book-away"}},
	}
}

func (c pretendCatalog) Chain(name orchestration.Chain) (asset.ChainInfo, bool) {
	for _, info := range c.chains() {
		if info.Name == name {
			return info, true
		}
	}
	return asset.ChainInfo{}, false
}

func (c pretendCatalog) ChainByID(rt orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool) {
	for _, info := range c.chains() {
		if info.Runtime == rt && info.ChainID == id {
			return info, true
		}
	}
	return asset.ChainInfo{}, false
}

// pretendBook is the order book of both pretend chains.
type pretendBook struct {
	mu     sync.Mutex
	orders map[orchestration.Chain]map[order.ID]*order.View
	now    uint64
	fee    *big.Int
}

func (*pretendBook) Account(b [32]byte) string { return "pk:" + hex.EncodeToString(b[:]) }

func (*pretendBook) ParseAccount(s string) ([32]byte, error) {
	var b [32]byte
	h, ok := strings.CutPrefix(s, "pk:")
	if n, err := hex.Decode(b[:], []byte(h)); !ok || err != nil || n != 32 {
		return b, fmt.Errorf("must be pk: and 64 hex digits, not %q", s)
	}
	return b, nil
}

func (*pretendBook) Serves(chain orchestration.Chain) bool {
	return chain == pretendHome || chain == pretendAway
}

func (b *pretendBook) Read(_ context.Context, c asset.ChainInfo, id order.ID, need order.Need) (*order.View, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	v := &order.View{AmountOutFilled: new(big.Int), AmountInReleased: new(big.Int), AmountRefunded: new(big.Int)}
	if o, ok := b.orders[c.Name][id]; ok {
		*v = *o
	}
	if need.Clock {
		v.Now = b.now
	}
	if need.CancelReportTo != 0 {
		v.CancelFee = b.fee
	}
	return v, nil
}

func (*pretendBook) CancelPayload(dest asset.ChainInfo, id order.ID, _ order.Terms, value *big.Int) (*orchestration.TransactionPayload, error) {
	return &orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: dest.Name,
		Transaction: fmt.Sprintf("cancel %s on %s paying %s", id, dest.Contracts.OrderBook, value)}}, nil
}

// pretendSlot is one slot of a pretend chain.
type pretendSlot struct {
	hash   string
	events []order.Event
}

// pretendSource is a pretend chain's events: two slots a read.
type pretendSource struct {
	mu    sync.Mutex
	slots []pretendSlot // by slot number, from 0
}

func (s *pretendSource) Events(_ context.Context, next uint64, last order.Anchor) (order.Page, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	head := uint64(len(s.slots) - 1)
	page := order.Page{Head: head}
	if last != (order.Anchor{}) && (last.Number > head || s.slots[last.Number].hash != last.Hash) {
		return page, order.ErrReorg
	}
	if next > head {
		return page, nil
	}
	end := min(next+1, head)
	for n := next; n <= end; n++ {
		page.Events = append(page.Events, s.slots[n].events...)
	}
	page.End, page.More = order.Anchor{Number: end, Hash: s.slots[end].hash}, end < head
	return page, nil
}

func (s *pretendSource) ForkPoint(_ context.Context, kept []order.Anchor) (order.Anchor, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range kept {
		if a.Number < uint64(len(s.slots)) && s.slots[a.Number].hash == a.Hash {
			return a, true, nil
		}
	}
	return order.Anchor{}, false, nil
}

// set replaces the slots from n on.
func (s *pretendSource) set(n int, slots ...pretendSlot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.slots = append(s.slots[:n], slots...)
}

func pk(n byte) [32]byte { return [32]byte{31: n, 0: 0xee} }

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

	opened := func(id order.ID, slot uint64, dest uint64) order.Event {
		return order.Event{ChainID: pretendHomeID, Block: slot, BlockHash: fmt.Sprint("slot-", slot), BlockTime: 500, Tx: "sig-open",
			Kind: order.Opened, OrderID: id, AmountIn: new(big.Int), AmountOut: new(big.Int),
			Opened: &order.OpenedOrder{Funder: book.Account(sender), Sender: book.Account(sender), TokenIn: book.Account(pk(9)),
				AmountIn: big.NewInt(100), DestChainID: dest, TokenOut: pk(8), AmountOut: big.NewInt(90), FillDeadline: 2_000}}
	}
	fill := order.Event{ChainID: pretendHomeID, Block: 3, BlockHash: "slot-3", BlockTime: 600, Tx: "sig-fill",
		Kind: order.Filled, OrderID: same, Account: book.Account(solver), AmountIn: big.NewInt(40), AmountOut: big.NewInt(36)}
	src := &pretendSource{}
	src.set(0, pretendSlot{hash: "slot-0"}, pretendSlot{hash: "slot-1", events: []order.Event{opened(same, 1, pretendHomeID)}},
		pretendSlot{hash: "slot-2", events: []order.Event{opened(cross, 2, pretendAwayID)}}, pretendSlot{hash: "slot-3", events: []order.Event{fill}})

	feed := &order.MemoryFeed{}
	cfg := ordertest.FastConfig(store, order.IndexChain{Name: pretendHome, ChainID: pretendHomeID, Events: src})
	cfg.Feed = feed
	ordertest.Start(t, cfg)
	ordertest.WaitIndexed(t, store, map[uint64]uint64{pretendHomeID: 3})

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
	src.set(3, pretendSlot{hash: "slot-3-again"}, pretendSlot{hash: "slot-4"})
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
	if p.SVM == nil || p.SVM.Chain != pretendHome || p.SVM.Transaction != "cancel "+same.String()+" on book-home paying 0" {
		t.Errorf("same-chain cancel: %+v", p.SVM)
	}
	p, err = cancel(cross, book.Account(recipient))
	if err != nil {
		t.Fatal(err)
	}
	if p.SVM == nil || p.SVM.Chain != pretendAway || p.SVM.Transaction != "cancel "+cross.String()+" on book-away paying 1200" {
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
