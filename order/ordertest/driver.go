package ordertest

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
)

// readTimeout bounds each call of the driver suites.
const readTimeout = 10 * time.Second

// maxReads bounds the Events calls of one catch-up, so that a source that
// never says it is done fails the suite rather than hanging it.
const maxReads = 1000

// Emit is an order-book event a harness puts on its chain: one of kind
// Kind, of order ID (the harness chooses the rest: accounts, amounts).
type Emit struct {
	Kind order.EventKind
	ID   order.ID
}

// EventSourceHarness is one runtime's order.EventSource over a chain the
// suite steers (a fake node, an in-memory chain), fresh for each subtest.
type EventSourceHarness struct {
	// Source reads the chain.
	Source order.EventSource
	// ChainID is the chain's id, as its events carry it.
	ChainID uint64
	// Confirmations is how far behind the head Source reads: a block
	// newer than the head less Confirmations is not read yet.
	Confirmations uint64
	// MaxRange is the most blocks (slots) one Events call reads; zero
	// declares no bound.
	MaxRange uint64
	// Mine adds a block (slot) holding one order-book event per Emit, in
	// that order, and returns its number; with none, an empty block.
	// Each kind of order.EventKind may be asked for.
	Mine func(t *testing.T, events ...Emit) uint64
	// Reorg replaces the blocks from number from up to the head with as
	// many empty blocks of other hashes.
	Reorg func(t *testing.T, from uint64)
	// Break makes the chain's node fail every request from now on.
	Break func(t *testing.T)
}

// RunEventSource runs the conformance suite of an order.EventSource.
// newHarness is called once per subtest, so each starts from a fresh
// chain (Break breaks it for good).
func RunEventSource(t *testing.T, newHarness func(t *testing.T) EventSourceHarness) {
	t.Helper()
	complete := func(h EventSourceHarness) bool {
		return h.Source != nil && h.ChainID != 0 && h.Mine != nil && h.Reorg != nil && h.Break != nil
	}
	runSuite(t, newHarness, complete, "an EventSourceHarness with a Source, a ChainID, Mine, Reorg and Break",
		subtest[EventSourceHarness]{"EventsInChainOrder", testEventsInOrder},
		subtest[EventSourceHarness]{"BoundedRanges", testBoundedRanges},
		subtest[EventSourceHarness]{"Confirmations", testConfirmations},
		subtest[EventSourceHarness]{"Reorg", testReorg},
		subtest[EventSourceHarness]{"BrokenNode", testBrokenNode})
}

// subtest is one check of a suite over harnesses H.
type subtest[H any] struct {
	name  string
	check func(*testing.T, H)
}

// runSuite runs each check as a subtest over a harness of its own, which
// complete must accept (else the harness lacks what its doc says, want).
func runSuite[H any](t *testing.T, newHarness func(*testing.T) H, complete func(H) bool, want string, subtests ...subtest[H]) {
	t.Helper()
	for _, s := range subtests {
		t.Run(s.name, func(t *testing.T) {
			h := newHarness(t)
			if !complete(h) {
				t.Fatal("ordertest: the suite needs " + want)
			}
			s.check(t, h)
		})
	}
}

// suiteID is the n-th order id of the suites.
func suiteID(n byte) order.ID { return order.ID{0: 0x5e, 31: n} }

// placed is what the suite compares of an event read: what it is and
// where.
type placed struct {
	Kind  order.EventKind
	ID    order.ID
	Block uint64
}

func placedOf(evs []order.Event) []placed {
	out := make([]placed, len(evs))
	for i, e := range evs {
		out[i] = placed{e.Kind, e.OrderID, e.Block}
	}
	return out
}

// events is Events under the suite's timeout.
func events(h EventSourceHarness, next uint64, last order.Anchor) (order.Page, error) {
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
	defer cancel()
	return h.Source.Events(ctx, next, last)
}

// forkPoint is ForkPoint under the suite's timeout.
func forkPoint(h EventSourceHarness, kept []order.Anchor) (order.Anchor, bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
	defer cancel()
	return h.Source.ForkPoint(ctx, kept)
}

// cursor is where a reader of a chain stands, as the Indexer keeps it: the
// next block to read and the anchors of the reads so far, newest first.
type cursor struct {
	next uint64
	kept []order.Anchor
}

func (c cursor) last() order.Anchor {
	if len(c.kept) == 0 {
		return order.Anchor{}
	}
	return c.kept[0]
}

// catchUp reads from c until the source says it is caught up, checking
// every page against the harness's declarations, and returns the events
// read and the cursor after them.
func catchUp(t *testing.T, h EventSourceHarness, c cursor) ([]order.Event, cursor) {
	t.Helper()
	var got []order.Event
	for range maxReads {
		p, err := events(h, c.next, c.last())
		if err != nil {
			t.Fatalf("Events(%d, %+v): %v", c.next, c.last(), err)
		}
		if p.End == (order.Anchor{}) {
			if len(p.Events) > 0 {
				t.Fatalf("Events(%d) read %d events and no range (zero End)", c.next, len(p.Events))
			}
			if !p.More {
				return got, c
			}
			continue
		}
		checkPage(t, h, c.next, p)
		got = append(got, p.Events...)
		c.next, c.kept = p.End.Number+1, append([]order.Anchor{p.End}, c.kept...)
		if !p.More {
			return got, c
		}
	}
	t.Fatalf("Events still reading after %d calls from one catch-up", maxReads)
	return nil, c
}

// checkPage checks a page read from next that read a range.
func checkPage(t *testing.T, h EventSourceHarness, next uint64, p order.Page) {
	t.Helper()
	end := p.End.Number
	switch {
	case end < next:
		t.Fatalf("Events(%d) ends at %d, before it began", next, end)
	case p.End.Hash == "":
		t.Fatalf("Events(%d) ends at %d without its hash: a re-org behind it cannot be found", next, end)
	case end+h.Confirmations > p.Head:
		t.Fatalf("Events(%d) read up to %d with the head at %d: fewer than the %d confirmations declared", next, end, p.Head, h.Confirmations)
	case h.MaxRange != 0 && end-next+1 > h.MaxRange:
		t.Fatalf("Events(%d) read %d blocks (to %d), more than the MaxRange %d declared", next, end-next+1, end, h.MaxRange)
	case end+h.Confirmations < p.Head && !p.More:
		t.Errorf("Events(%d) ends at %d with blocks up to %d ready, and More false: the index would wait a poll for them", next, end, p.Head-h.Confirmations)
	}
	for i, e := range p.Events {
		if e.Block < next || e.Block > end {
			t.Errorf("event %d of Events(%d) is of block %d, outside the range read (%d..%d)", i, next, e.Block, next, end)
		}
		if i > 0 {
			prev := p.Events[i-1]
			if e.Block < prev.Block || e.Block == prev.Block && e.Index <= prev.Index {
				t.Errorf("event %d of Events(%d) at %d/%d follows one at %d/%d: not in chain order", i, next, e.Block, e.Index, prev.Block, prev.Index)
			}
		}
		if e.ChainID != h.ChainID || e.Removed || e.BlockHash == "" || e.Tx == "" || (e.Opened != nil) != (e.Kind == order.Opened) {
			t.Errorf("event %d of Events(%d): %+v; want of chain %d, not removed, with its block hash and transaction, Opened set exactly for an opening",
				i, next, e, h.ChainID)
		}
	}
}

// mineConfirmations mines the empty blocks that make every block mined so
// far readable.
func mineConfirmations(t *testing.T, h EventSourceHarness) {
	for range h.Confirmations {
		h.Mine(t)
	}
}

// Events come in chain order with the cursor after them; from that cursor
// a read gives nothing until more is mined, and then only the later
// events; a range read again gives the same events.
func testEventsInOrder(t *testing.T, h EventSourceHarness) {
	id1, id2, id3 := suiteID(1), suiteID(2), suiteID(3)
	a := h.Mine(t, Emit{order.Opened, id1}, Emit{order.Opened, id2})
	b := h.Mine(t, Emit{order.Filled, id1}, Emit{order.Completed, id1})
	c := h.Mine(t, Emit{order.Cancelled, id2})
	mineConfirmations(t, h)
	first, cur := catchUp(t, h, cursor{next: a})
	want := []placed{{order.Opened, id1, a}, {order.Opened, id2, a}, {order.Filled, id1, b}, {order.Completed, id1, b}, {order.Cancelled, id2, c}}
	if diff := cmp.Diff(want, placedOf(first)); diff != "" {
		t.Fatalf("events from block %d (-want +got):\n%s", a, diff)
	}

	p, err := events(h, cur.next, cur.last())
	if err != nil {
		t.Fatalf("Events(%d) with nothing mined since: %v", cur.next, err)
	}
	if len(p.Events) != 0 || p.End != (order.Anchor{}) {
		t.Fatalf("Events(%d) with nothing mined since: %d events up to %+v, want none and a zero End", cur.next, len(p.Events), p.End)
	}

	d := h.Mine(t, Emit{order.Opened, id3})
	mineConfirmations(t, h)
	later, _ := catchUp(t, h, cur)
	if diff := cmp.Diff([]placed{{order.Opened, id3, d}}, placedOf(later)); diff != "" {
		t.Fatalf("events from the cursor %d after one more block (-want +got):\n%s", cur.next, diff)
	}

	// The Indexer reads again a range it did not write.
	again, _ := catchUp(t, h, cursor{next: a})
	if diff := cmp.Diff(append(first, later...), again, BigEq); diff != "" {
		t.Errorf("the same blocks read again (-first +again):\n%s", diff)
	}
}

// Many blocks with events are read in pages within MaxRange, each asking
// for the next while blocks are ready, none lost or repeated.
func testBoundedRanges(t *testing.T, h EventSourceHarness) {
	n := 5
	if h.MaxRange != 0 {
		n = int(2*h.MaxRange + 1)
	}
	var want []placed
	var first uint64
	for i := range n {
		id := suiteID(byte(10 + i))
		b := h.Mine(t, Emit{order.Opened, id})
		if i == 0 {
			first = b
		}
		want = append(want, placed{order.Opened, id, b})
	}
	mineConfirmations(t, h)
	got, cur := catchUp(t, h, cursor{next: first})
	if diff := cmp.Diff(want, placedOf(got)); diff != "" {
		t.Fatalf("events of %d blocks (-want +got):\n%s", n, diff)
	}
	if h.MaxRange != 0 && uint64(len(cur.kept)) < uint64(n)/h.MaxRange {
		t.Errorf("%d blocks read in %d pages with MaxRange %d", n, len(cur.kept), h.MaxRange)
	}
}

// A block is read once it is Confirmations deep, not before; the page says
// the head.
func testConfirmations(t *testing.T, h EventSourceHarness) {
	id := suiteID(1)
	n := h.Mine(t, Emit{order.Opened, id})
	head := n
	if h.Confirmations > 0 {
		for range h.Confirmations - 1 {
			head = h.Mine(t)
		}
		early, _ := catchUp(t, h, cursor{next: n})
		if len(early) != 0 {
			t.Fatalf("block %d read with the head at %d and %d confirmations declared: %+v", n, head, h.Confirmations, placedOf(early))
		}
		head = h.Mine(t)
	}
	p, err := events(h, n, order.Anchor{})
	if err != nil {
		t.Fatalf("Events(%d): %v", n, err)
	}
	if p.Head != head {
		t.Errorf("Page.Head = %d, want the newest block mined, %d", p.Head, head)
	}
	got, _ := catchUp(t, h, cursor{next: n})
	if diff := cmp.Diff([]placed{{order.Opened, id, n}}, placedOf(got)); diff != "" {
		t.Errorf("block %d with the head at %d and %d confirmations (-want +got):\n%s", n, head, h.Confirmations, diff)
	}
}

// A re-org below the last block read is ErrReorg; ForkPoint finds the
// newest kept block still on the chain (none when it has none), and a read
// on from there is of the new blocks.
func testReorg(t *testing.T, h EventSourceHarness) {
	id := suiteID(1)
	a := h.Mine(t, Emit{order.Opened, id})
	h.Mine(t)
	mineConfirmations(t, h)
	_, cur := catchUp(t, h, cursor{next: a})
	from := h.Mine(t, Emit{order.Filled, id})
	h.Mine(t)
	mineConfirmations(t, h)
	read, cur := catchUp(t, h, cur)
	if diff := cmp.Diff([]placed{{order.Filled, id, from}}, placedOf(read)); diff != "" {
		t.Fatalf("events before the re-org (-want +got):\n%s", diff)
	}
	var want order.Anchor
	var dropped []order.Anchor
	for _, k := range cur.kept {
		if k.Number >= from {
			dropped = append(dropped, k)
		} else if want == (order.Anchor{}) {
			want = k
		}
	}
	if len(dropped) == 0 || want == (order.Anchor{}) {
		t.Fatalf("kept anchors %+v: want some from block %d on and some before", cur.kept, from)
	}

	h.Reorg(t, from)
	h.Mine(t) // the new fork grows past the old head
	if _, err := events(h, cur.next, cur.last()); !errors.Is(err, order.ErrReorg) {
		t.Fatalf("Events(%d, %+v) after a re-org from block %d: %v, want order.ErrReorg", cur.next, cur.last(), from, err)
	}
	got, ok, err := forkPoint(h, cur.kept)
	if err != nil || !ok || got != want {
		t.Fatalf("ForkPoint(%+v) after a re-org from block %d = %+v, %v, %v; want %+v, the newest kept block before it", cur.kept, from, got, ok, err, want)
	}
	if got, ok, err := forkPoint(h, dropped); err != nil || ok {
		t.Errorf("ForkPoint of blocks the re-org dropped = %+v, %v, %v; want none", got, ok, err)
	}
	if got, ok, err := forkPoint(h, nil); err != nil || ok {
		t.Errorf("ForkPoint of no blocks = %+v, %v, %v; want none", got, ok, err)
	}
	after, _ := catchUp(t, h, cursor{next: want.Number + 1, kept: []order.Anchor{want}})
	if len(after) != 0 {
		t.Errorf("read on from the fork point %d: %+v, want nothing (the new blocks are empty)", want.Number, placedOf(after))
	}
}

// A node that fails is an error a retry may cure: none of the errors that
// make the Indexer undo, wait for another fork or stop.
func testBrokenNode(t *testing.T, h EventSourceHarness) {
	a := h.Mine(t, Emit{order.Opened, suiteID(1)})
	mineConfirmations(t, h)
	h.Break(t)
	_, err := events(h, a, order.Anchor{})
	var fe *order.ForkError
	var ue *order.UndecodableError
	if err == nil || errors.Is(err, order.ErrReorg) || errors.As(err, &fe) || errors.As(err, &ue) {
		t.Errorf("Events with the node broken: %v, want a failure a retry may cure", err)
	}
	if _, _, err := forkPoint(h, []order.Anchor{{Number: a, Hash: "whatever"}}); err == nil {
		t.Error("ForkPoint with the node broken: no error, so the Indexer would undo what it cannot check")
	}
}

// ---------------------------------------------------------------- Book

// KnownOrder is an order on a BookHarness's chain and what Read must say
// of it.
type KnownOrder struct {
	ID order.ID
	// Want is its view: Found, Status, the Terms it was opened with
	// (accounts as 32 bytes) and the amounts; Now, CancelFee and Runtime
	// are not compared.
	Want order.View
}

// BookHarness is one runtime's order.Book over a chain holding orders the
// harness opened.
type BookHarness struct {
	// Book is the runtime's Book.
	Book order.Book
	// Chain is a chain Book serves, with an order book holding Orders.
	Chain asset.ChainInfo
	// Foreign is a chain of another runtime: Book does not serve it.
	Foreign orchestration.Chain
	// Orders are orders opened on Chain (at least one), in whatever
	// states the harness put them.
	Orders []KnownOrder
	// Unknown is an id Chain's order book does not know.
	Unknown order.ID
	// CancelReportTo, when not zero, is a chain id Chain quotes the fee of
	// a cancel report to (Need.CancelReportTo).
	CancelReportTo uint64
	// Accounts are accounts of the runtime as users write them (the form
	// Account writes); Malformed are texts ParseAccount must refuse.
	Accounts, Malformed []string
	// Caller signs the cancels the suite builds; zero means the sender of
	// Orders[0] (an account of the runtime: Orders[0] is a same-chain
	// order, or one bound for Chain).
	Caller [32]byte
	// ReadCancel reads back from a cancel payload of the runtime the order
	// book it calls, as an account of the runtime, and the value it
	// sends (nil when the runtime's cancel carries no value).
	ReadCancel func(p orchestration.TransactionPayload) (contract string, value *big.Int, err error)
}

// RunBook runs the conformance suite of an order.Book. newHarness is
// called once per subtest.
func RunBook(t *testing.T, newHarness func(t *testing.T) BookHarness) {
	t.Helper()
	complete := func(h BookHarness) bool {
		return h.Book != nil && h.Chain.Name != "" && h.Foreign != "" && len(h.Orders) > 0 && len(h.Accounts) > 0 &&
			len(h.Malformed) > 0 && h.ReadCancel != nil
	}
	runSuite(t, newHarness, complete, "a BookHarness with a Book, a Chain, a Foreign chain, Orders, Accounts, Malformed accounts and ReadCancel",
		subtest[BookHarness]{"Serves", testServes},
		subtest[BookHarness]{"ReadKnown", testReadKnown},
		subtest[BookHarness]{"ReadUnknown", testReadUnknown},
		subtest[BookHarness]{"Accounts", testAccounts},
		subtest[BookHarness]{"CancelPayload", testCancelPayload})
}

func testServes(t *testing.T, h BookHarness) {
	if !h.Book.Serves(h.Chain.Name) {
		t.Errorf("Serves(%s) = false for the harness's chain", h.Chain.Name)
	}
	for _, c := range []orchestration.Chain{h.Foreign, "NoSuchChain"} {
		if h.Book.Serves(c) {
			t.Errorf("Serves(%s) = true for a chain of another runtime", c)
		}
	}
}

// readOrder is Read under the suite's timeout.
func readOrder(h BookHarness, id order.ID, need order.Need) (*order.View, error) {
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
	defer cancel()
	return h.Book.Read(ctx, h.Chain, id, need)
}

// ignoreExtras leaves out of a View what Need asks for besides the order.
var ignoreExtras = cmpopts.IgnoreFields(order.View{}, "Now", "CancelFee", "Runtime")

// Each known order reads as the harness opened it, alone or with the
// clock and the cancel fee.
func testReadKnown(t *testing.T, h BookHarness) {
	for _, o := range h.Orders {
		if !o.Want.Found {
			t.Fatalf("ordertest: the harness's order %s is not Found", o.ID)
		}
		v, err := readOrder(h, o.ID, order.Need{})
		if err != nil {
			t.Fatalf("Read(%s, %s): %v", h.Chain.Name, o.ID, err)
		}
		if diff := cmp.Diff(o.Want, *v, BigEq, ignoreExtras); diff != "" {
			t.Errorf("Read(%s, %s) (-want +got):\n%s", h.Chain.Name, o.ID, diff)
		}
		need := order.Need{Clock: true, CancelReportTo: h.CancelReportTo}
		v, err = readOrder(h, o.ID, need)
		if err != nil {
			t.Fatalf("Read(%s, %s, %+v): %v", h.Chain.Name, o.ID, need, err)
		}
		if diff := cmp.Diff(o.Want, *v, BigEq, ignoreExtras); diff != "" {
			t.Errorf("Read(%s, %s, %+v) (-want +got):\n%s", h.Chain.Name, o.ID, need, diff)
		}
		if v.Now == 0 {
			t.Errorf("Read(%s, %s) asked for the clock: Now = 0", h.Chain.Name, o.ID)
		}
		if h.CancelReportTo != 0 && (v.CancelFee == nil || v.CancelFee.Sign() < 0) {
			t.Errorf("Read(%s, %s) asked for the fee of a cancel report to %d: %v", h.Chain.Name, o.ID, h.CancelReportTo, v.CancelFee)
		}
	}
}

// An id the order book does not know is no error: a View not Found, empty.
func testReadUnknown(t *testing.T, h BookHarness) {
	v, err := readOrder(h, h.Unknown, order.Need{})
	if err != nil {
		t.Fatalf("Read(%s, %s) of an unknown id: %v, want a View not Found", h.Chain.Name, h.Unknown, err)
	}
	if v.Found || v.Terms.AmountIn != nil && v.Terms.AmountIn.Sign() != 0 || v.Terms.Sender != [32]byte{} {
		t.Errorf("Read(%s, %s) of an unknown id: %+v, want a View not Found and empty", h.Chain.Name, h.Unknown, v)
	}
}

// Accounts round-trip through their 32 bytes, those of the orders read
// too; a malformed one is refused.
func testAccounts(t *testing.T, h BookHarness) {
	for _, s := range h.Accounts {
		b, err := h.Book.ParseAccount(s)
		if err != nil {
			t.Errorf("ParseAccount(%q): %v", s, err)
			continue
		}
		if got := h.Book.Account(b); got != s {
			t.Errorf("Account(ParseAccount(%q)) = %q", s, got)
		}
	}
	for _, o := range h.Orders {
		for _, b := range [][32]byte{o.Want.Terms.Sender, o.Want.Terms.TokenIn} {
			s := h.Book.Account(b)
			if back, err := h.Book.ParseAccount(s); err != nil || back != b {
				t.Errorf("ParseAccount(Account(%x)) = %x, %v: an account of the order %s does not round-trip", b, back, err, o.ID)
			}
		}
	}
	for _, s := range h.Malformed {
		if b, err := h.Book.ParseAccount(s); err == nil {
			t.Errorf("ParseAccount(%q) = %x, want it refused", s, b)
		}
	}
}

// A cancel is a transaction on the chain named, to its order book, sending
// the value asked for, and of the order named. It is built from the View
// Read gives with what a cancel reads (Cancel.Dest).
func testCancelPayload(t *testing.T, h BookHarness) {
	o := h.Orders[0]
	book, err := h.Book.ParseAccount(h.Chain.Contracts.OrderBook)
	if err != nil {
		t.Fatalf("the order book of %s, %q, is no account of the runtime: %v", h.Chain.Name, h.Chain.Contracts.OrderBook, err)
	}
	caller := h.Caller
	if caller == ([32]byte{}) {
		caller = o.Want.Terms.Sender
	}
	cancelOf := func(id order.ID, terms order.Terms, value *big.Int) (*orchestration.TransactionPayload, error) {
		need := order.Need{Clock: true}
		if terms.OriginChainID != h.Chain.ChainID {
			need.CancelReportTo = terms.OriginChainID
		}
		dest, err := readOrder(h, id, need)
		if err != nil {
			t.Fatalf("Read(%s, %s, %+v): %v", h.Chain.Name, id, need, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
		defer cancel()
		return h.Book.CancelPayload(ctx, h.Chain, order.Cancel{ID: id, Terms: terms, Caller: caller, Value: value, Dest: dest})
	}
	var texts []string
	for _, value := range []*big.Int{new(big.Int), big.NewInt(1_234_567)} {
		p, err := cancelOf(o.ID, o.Want.Terms, value)
		if err != nil {
			t.Fatalf("CancelPayload(%s, %s, value %s): %v", h.Chain.Name, o.ID, value, err)
		}
		text, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("CancelPayload(%s, %s) does not marshal (one of EVM or SVM must be set): %v", h.Chain.Name, o.ID, err)
		}
		texts = append(texts, string(text))
		if p.Chain() != h.Chain.Name {
			t.Errorf("CancelPayload(%s, %s) is on %q", h.Chain.Name, o.ID, p.Chain())
		}
		contract, sent, err := h.ReadCancel(*p)
		if err != nil {
			t.Fatalf("reading back the cancel %s: %v", text, err)
		}
		if c, err := h.Book.ParseAccount(contract); err != nil || c != book {
			t.Errorf("the cancel on %s calls %q, not its order book %q", h.Chain.Name, contract, h.Chain.Contracts.OrderBook)
		}
		if sent != nil && sent.Cmp(value) != 0 {
			t.Errorf("the cancel sends %s, want the %s asked for", sent, value)
		}
	}
	// Another order's cancel differs: a second known order of the same
	// kind (a runtime may check that the terms are the id's), else the
	// unknown id with the same terms.
	otherID, otherTerms := h.Unknown, o.Want.Terms
	for _, k := range h.Orders[1:] {
		if k.Want.Terms.OriginChainID == o.Want.Terms.OriginChainID && k.Want.Terms.DestChainID == o.Want.Terms.DestChainID {
			otherID, otherTerms = k.ID, k.Want.Terms
			break
		}
	}
	other, err := cancelOf(otherID, otherTerms, new(big.Int))
	if err != nil {
		t.Fatalf("CancelPayload(%s, %s): %v", h.Chain.Name, otherID, err)
	}
	if text, _ := json.Marshal(other); slices.Contains(texts, string(text)) {
		t.Errorf("the cancels of orders %s and %s are the same transaction: the payload does not name the order", o.ID, otherID)
	}
}
