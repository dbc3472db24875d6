package svmorders_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mr-tron/base58"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmorders"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// The order book's event discriminators, as its IDL lists them
// (svm/idl/order_book.json), and the emit_cpi tag.
var goldenDiscs = map[string][]byte{
	"OrderOpened":    {2, 254, 197, 24, 41, 166, 225, 56},
	"OrderFilled":    {120, 124, 109, 66, 249, 116, 174, 30},
	"FillReported":   {167, 73, 253, 111, 29, 56, 95, 35},
	"OrderCompleted": {90, 77, 52, 248, 56, 233, 110, 197},
	"OrderCancelled": {108, 56, 128, 68, 168, 113, 168, 239},
	"CancelReported": {252, 60, 197, 41, 225, 209, 88, 99},
	"RefundClaimed":  {136, 64, 242, 99, 4, 244, 208, 130},
}

var goldenTag = []byte{0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d}

// The golden discriminators are the IDL's, and the fixtures' (svmtest)
// are the golden ones: what the decoder is checked with is what the
// program emits.
func TestDiscriminatorsAreTheIDLs(t *testing.T) {
	raw, err := os.ReadFile("../idl/order_book.json")
	if err != nil {
		t.Fatal(err)
	}
	var idl struct {
		Events []struct {
			Name          string `json:"name"`
			Discriminator []byte `json:"-"`
			Disc          []int  `json:"discriminator"`
		} `json:"events"`
	}
	if err := json.Unmarshal(raw, &idl); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range idl.Events {
		want, ok := goldenDiscs[e.Name]
		if !ok {
			continue
		}
		seen++
		got := make([]byte, len(e.Disc))
		for i, b := range e.Disc {
			got[i] = byte(b)
		}
		if !slices.Equal(got, want) {
			t.Errorf("the IDL's %s discriminator is %v, the golden one %v", e.Name, got, want)
		}
		if fx := svmtest.EventData(e.Name); !slices.Equal(fx[:8], want) {
			t.Errorf("svmtest's %s discriminator is %v, want %v", e.Name, fx[:8], want)
		}
	}
	if seen != len(goldenDiscs) {
		t.Errorf("the IDL lists %d of the %d indexed events", seen, len(goldenDiscs))
	}
	// Anchor's EVENT_IX_TAG_LE: sha256("anchor:event")[..8] as a
	// big-endian u64, written little-endian.
	h := sha256.Sum256([]byte("anchor:event"))
	if !slices.Equal(reversed(h[:8]), goldenTag) || !slices.Equal(svmtest.EmitCPITag, goldenTag) {
		t.Errorf("the emit_cpi tag: sha256 %x (reversed %x), svmtest %x, golden %x", h[:8], reversed(h[:8]), svmtest.EmitCPITag, goldenTag)
	}
}

func reversed(b []byte) []byte { r := slices.Clone(b); slices.Reverse(r); return r }

func u128LE(v int64) []byte {
	b := make([]byte, 16)
	binary.LittleEndian.PutUint64(b, uint64(v))
	return b
}

func cat(parts ...[]byte) []byte { return slices.Concat(parts...) }

// A getTransaction answer as a node sends it (version 0, the order book
// loaded from a lookup table, a router's outer instruction that invokes
// open_order, which emits OrderOpened; then a fill's events), decoded by
// svm.Client into the index's events.
func TestDecodeRealShapedTransaction(t *testing.T) {
	id := [32]byte{0: 0xab, 31: 0x01}
	router := idxKey(0x70)
	authority := svm.EventAuthority(program)
	orderPDA := svm.OrderPDA(program, id)
	// open_order's data: discriminator, then OrderParams in Borsh.
	openDisc := sha256.Sum256([]byte("global:open_order"))
	openData := cat(openDisc[:8], binary.LittleEndian.AppendUint32(nil, 1), binary.LittleEndian.AppendUint64(nil, 1_700_000_000),
		binary.LittleEndian.AppendUint64(nil, deadline), tokenOut[:], binary.LittleEndian.AppendUint64(nil, 2_000_000), u128LE(1_500_000),
		idxRecipient[:], make([]byte, 32))
	openedData := cat(goldenTag, goldenDiscs["OrderOpened"], id[:], idxSender[:], mintM[:], binary.LittleEndian.AppendUint64(nil, 2_000_000),
		binary.LittleEndian.AppendUint32(nil, 1), tokenOut[:], u128LE(1_500_000), make([]byte, 32))
	filledData := cat(goldenTag, goldenDiscs["OrderFilled"], id[:], idxSolver[:], u128LE(1_000_000), u128LE(750_000))
	completedData := cat(goldenTag, goldenDiscs["OrderCompleted"], id[:])
	// Static keys: payer, sender, the order, the event authority, the
	// router; loaded (read-only): the order book.
	keys := []string{payer.String(), idxSender.String(), orderPDA.String(), authority.String(), router.String()}
	const programIndex = 5
	openAccounts := []int{0, 1, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 3, 5}
	tx := map[string]any{
		"slot": 4242, "blockTime": 1_750_000_000, "version": 0,
		"transaction": map[string]any{
			"signatures": []string{"" /* set below */},
			"message": map[string]any{
				"header":      map[string]any{"numRequiredSignatures": 1, "numReadonlySignedAccounts": 0, "numReadonlyUnsignedAccounts": 2},
				"accountKeys": keys, "recentBlockhash": "11111111111111111111111111111111",
				"instructions": []any{
					map[string]any{"programIdIndex": 4, "accounts": []int{0, 1, 2, 3, 5}, "data": base58.Encode([]byte{1, 2, 3}), "stackHeight": nil},
				},
				"addressTableLookups": []any{map[string]any{"accountKey": idxKey(0x71).String(), "writableIndexes": []int{}, "readonlyIndexes": []int{3}}},
			},
		},
		"meta": map[string]any{
			"err": nil, "status": map[string]any{"Ok": nil}, "fee": 5000,
			"innerInstructions": []any{map[string]any{"index": 0, "instructions": []any{
				map[string]any{"programIdIndex": programIndex, "accounts": openAccounts, "data": base58.Encode(openData), "stackHeight": 2},
				map[string]any{"programIdIndex": programIndex, "accounts": []int{3}, "data": base58.Encode(openedData), "stackHeight": 3},
				// A look-alike: the tag and a discriminator, but not by
				// the event authority (not an emit_cpi of the book).
				map[string]any{"programIdIndex": programIndex, "accounts": []int{0}, "data": base58.Encode(filledData), "stackHeight": 3},
			}}},
			"loadedAddresses": map[string]any{"writable": []string{}, "readonly": []string{program.String()}},
			"logMessages":     []string{"Program " + router.String() + " invoke [1]"},
		},
	}
	fillTx := map[string]any{
		"slot": 4243, "blockTime": 1_750_000_001, "version": "legacy",
		"transaction": map[string]any{
			"signatures": []string{""},
			"message": map[string]any{"accountKeys": []string{idxSolver.String(), authority.String(), program.String()},
				"instructions": []any{map[string]any{"programIdIndex": 2, "accounts": []int{0, 1, 2}, "data": base58.Encode([]byte{9})}}},
		},
		"meta": map[string]any{"err": nil, "innerInstructions": []any{map[string]any{"index": 0, "instructions": []any{
			map[string]any{"programIdIndex": 2, "accounts": []int{1}, "data": base58.Encode(filledData)},
			map[string]any{"programIdIndex": 2, "accounts": []int{1}, "data": base58.Encode(completedData)},
		}}}},
	}
	sigOpen, sigFill := base58.Encode(slices.Repeat([]byte{7}, 64)), base58.Encode(slices.Repeat([]byte{8}, 64))
	tx["transaction"].(map[string]any)["signatures"] = []string{sigOpen}
	fillTx["transaction"].(map[string]any)["signatures"] = []string{sigFill}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var calls []struct {
			ID     int               `json:"id"`
			Method string            `json:"method"`
			Params []json.RawMessage `json:"params"`
		}
		if err := json.NewDecoder(r.Body).Decode(&calls); err != nil {
			t.Errorf("request: %v", err)
		}
		var out []map[string]any
		for _, c := range calls {
			var res any
			switch c.Method {
			case "getSlot":
				res = 4250
			case "getSignaturesForAddress":
				res = []any{
					map[string]any{"signature": sigFill, "slot": 4243, "err": nil, "memo": nil, "blockTime": 1_750_000_001, "confirmationStatus": "confirmed"},
					map[string]any{"signature": sigOpen, "slot": 4242, "err": nil, "memo": nil, "blockTime": 1_750_000_000, "confirmationStatus": "finalized"},
				}
			case "getTransaction":
				var sig string
				_ = json.Unmarshal(c.Params[0], &sig)
				if !strings.Contains(string(c.Params[1]), `"maxSupportedTransactionVersion":0`) {
					t.Errorf("getTransaction %s", c.Params[1])
				}
				res = map[string]any{sigOpen: tx, sigFill: fillTx}[sig]
			}
			out = append(out, map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": res})
		}
		_ = json.NewEncoder(w).Encode(out)
	}))
	defer srv.Close()
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: srv.URL}}})
	if err != nil {
		t.Fatal(err)
	}
	src, err := svmorders.NewEventSource(svmorders.EventSourceConfig{Name: orchestration.Solana, ChainID: 1399811149, Client: client})
	if err != nil {
		t.Fatal(err)
	}
	p, err := src.Events(t.Context(), 4000, order.Anchor{})
	if err != nil {
		t.Fatal(err)
	}
	want := []order.Event{
		{ChainID: 1399811149, Block: 4242, Index: 0, BlockHash: sigOpen, BlockTime: 1_750_000_000, Tx: sigOpen, Kind: order.Opened, OrderID: id,
			AmountIn: new(big.Int), AmountOut: new(big.Int),
			Opened: &order.OpenedOrder{Funder: payer.String(), Sender: idxSender.String(), TokenIn: mintM.String(), AmountIn: big.NewInt(2_000_000),
				AmountOut: big.NewInt(1_500_000), DestChainID: 1, TokenOut: tokenOut, CreatedAt: 1_700_000_000, FillDeadline: deadline}},
		{ChainID: 1399811149, Block: 4243, Index: 0, BlockHash: sigFill, BlockTime: 1_750_000_001, Tx: sigFill, Kind: order.Filled, OrderID: id,
			Account: idxSolver.String(), AmountIn: big.NewInt(1_000_000), AmountOut: big.NewInt(750_000)},
		{ChainID: 1399811149, Block: 4243, Index: 1, BlockHash: sigFill, BlockTime: 1_750_000_001, Tx: sigFill, Kind: order.Completed, OrderID: id,
			AmountIn: new(big.Int), AmountOut: new(big.Int)},
	}
	if diff := cmp.Diff(want, p.Events, ordertest.BigEq); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if p.End != (order.Anchor{Number: 4250, Hash: sigFill}) || p.Head != 4250 || p.More {
		t.Errorf("page ends %+v, head %d, more %v; want slot 4250 anchored at the fill", p.End, p.Head, p.More)
	}
}

// Each event kind decodes with the accounts and amounts the index keeps;
// DestinationSupportUpdated is no order's and is skipped.
func TestEventKinds(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	id := [32]byte{5}
	origin := idxKey(0x44)
	cl.mine(
		eventTx("set_destination", svmtest.EventData("DestinationSupportUpdated", uint32(1), true)),
		eventTx("report_fill", svmtest.EventData("FillReported", id, big.NewInt(40), big.NewInt(36), [32]byte(origin))),
		eventTx("report_cancel", svmtest.EventData("CancelReported", id)),
		eventTx("cancel_native_order", svmtest.EventData("OrderCancelled", id)),
		eventTx("claim_refund", svmtest.EventData("RefundClaimed", id, idxSender, uint64(60))),
	)
	events, _ := catchUp(t, cl.source(t, svmorders.EventSourceConfig{}), start, order.Anchor{})
	type kept struct {
		Kind              order.EventKind
		Account           string
		AmountIn, Amount2 string
		Index             uint
	}
	var got []kept
	for _, e := range events {
		got = append(got, kept{e.Kind, e.Account, e.AmountIn.String(), e.AmountOut.String(), e.Index})
	}
	want := []kept{
		{order.FillReported, origin.String(), "40", "36", 0},
		{order.CancelReported, "", "0", "0", 1},
		{order.Cancelled, "", "0", "0", 2},
		{order.RefundClaimed, idxSender.String(), "60", "0", 3},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// An opening whose transaction holds no open_order of the order (another
// program built it) takes its funder, created_at and deadline from the order account,
// read once for the page; an account that disagrees with the event, or
// none, stops the index.
func TestOpeningFromTheOrderAccount(t *testing.T) {
	for _, c := range []struct {
		name    string
		account func(id [32]byte) []byte
		ok      bool
	}{
		{"account", func(id [32]byte) []byte { return nativeOrder(id, 100) }, true},
		{"disagrees", func(id [32]byte) []byte { return nativeOrder(id, 99) }, false},
		{"missing", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cl := newCluster(t)
			start := cl.rpc.Slot() + 1
			id1, id2 := order.ID{1}, order.ID{2}
			p := params(100, 90, [32]byte{})
			for _, id := range []order.ID{id1, id2} {
				if c.account != nil {
					cl.rpc.Set(svm.OrderPDA(program, id), svmtest.Account{Data: c.account(id), Owner: program, Lamports: 1})
				}
			}
			cl.mine(eventTx("open_order_via_router", opened(id1, p)), eventTx("open_order_via_router", opened(id2, p)))
			src := cl.source(t, svmorders.EventSourceConfig{})
			page, err := src.Events(t.Context(), start, order.Anchor{})
			if !c.ok {
				var ue *order.UndecodableError
				if !errors.As(err, &ue) || ue.Tx == "" {
					t.Fatalf("Events: %v; want an *order.UndecodableError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range page.Events {
				if e.Opened.Funder != payer.String() || e.Opened.FillDeadline != deadline || e.Opened.CreatedAt != 1_700_000_000 {
					t.Errorf("opening of %s: funder %s, created %d, deadline %d; want %s, 1700000000, %d", e.OrderID, e.Opened.Funder, e.Opened.CreatedAt, e.Opened.FillDeadline, payer, deadline)
				}
			}
			if n := cl.rpc.Calls("getMultipleAccounts"); n != 1 {
				t.Errorf("%d getMultipleAccounts; want one for the page", n)
			}
		})
	}
}

// TestTwoOpeningsInOneTransaction: a transaction that opens two orders
// (two open_orders, each emitting its OrderOpened) gives each event the
// created_at and deadline of its own open_order, found by its order
// account, with no account read.
func TestTwoOpeningsInOneTransaction(t *testing.T) {
	cl := newCluster(t)
	start := cl.rpc.Slot() + 1
	id1, id2 := order.ID{1}, order.ID{2}
	p1, p2 := params(100, 90, [32]byte{}), params(200, 180, [32]byte{})
	p2.CreatedAt, p2.FillDeadline = 1_700_000_100, deadline+100
	tx1, tx2 := openTx(id1, p1), openTx(id2, p2)
	tx := svmtest.Transaction{Instructions: []svmtest.Instruction{tx1.Instructions[0], tx2.Instructions[0]},
		Inner: map[int][]svmtest.Instruction{0: tx1.Inner[0], 1: tx2.Inner[0]}}
	cl.mine(tx)
	page, err := cl.source(t, svmorders.EventSourceConfig{}).Events(t.Context(), start, order.Anchor{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[order.ID][2]int64{id1: {1_700_000_000, deadline}, id2: {1_700_000_100, deadline + 100}}
	if len(page.Events) != 2 {
		t.Fatalf("%d events, want the two openings", len(page.Events))
	}
	for _, e := range page.Events {
		if got := [2]int64{e.Opened.CreatedAt, e.Opened.FillDeadline}; got != want[e.OrderID] || e.Opened.Funder != payer.String() {
			t.Errorf("opening of %s: created and deadline %v, funder %s; want %v, %s", e.OrderID, got, e.Opened.Funder, want[e.OrderID], payer)
		}
	}
	if n := cl.rpc.Calls("getMultipleAccounts"); n != 0 {
		t.Errorf("%d getMultipleAccounts; want none (both open_orders are in the transaction)", n)
	}
}

// nativeOrder is the account of a Native order id paid by payer.
func nativeOrder(id [32]byte, amountIn int64) []byte {
	b, err := svmtest.EncodeOrder(&svm.OrderAccount{Type: svm.NativeOrder, Status: svm.OrderCreated, Payer: payer,
		Data: svm.OrderData{Version: 1, Sender: idxSender, DestChainID: 1, CreatedAt: 1_700_000_000, FillDeadline: deadline, TokenIn: mintM,
			TokenOut: tokenOut, AmountIn: big.NewInt(amountIn), AmountOut: big.NewInt(90), Recipient: idxRecipient},
		AmountInReleased: new(big.Int), AmountOutFilled: new(big.Int), AmountInRefunded: new(big.Int)})
	if err != nil {
		panic(err)
	}
	_ = id
	return b
}

// An event of the order book that does not decode (a discriminator its
// IDL does not list, a size not its event's) stops the index, naming where
// it is; an open_order that disagrees with its event too.
func TestUndecodable(t *testing.T) {
	id := [32]byte{3}
	mismatched := openTx(order.ID(id), params(100, 90, [32]byte{}))
	mismatched.Inner[0] = []svmtest.Instruction{svmtest.Emit(program, opened(order.ID(id), params(101, 90, [32]byte{})))}
	for name, tx := range map[string]svmtest.Transaction{
		"unknown":    eventTx("future", svmtest.EventData("OrderRepriced", id)),
		"short":      eventTx("fill_order", svmtest.EventData("OrderFilled", id, idxSolver)),
		"mismatched": mismatched,
	} {
		t.Run(name, func(t *testing.T) {
			cl := newCluster(t)
			start := cl.rpc.Slot() + 1
			slot := cl.mine(eventTx("cancel_native_order", svmtest.EventData("OrderCancelled", [32]byte{9})), tx)
			_, err := cl.source(t, svmorders.EventSourceConfig{}).Events(t.Context(), start, order.Anchor{})
			var ue *order.UndecodableError
			if !errors.As(err, &ue) || ue.Block != slot || ue.Index != 1 || ue.Tx == "" {
				t.Fatalf("Events: %v; want an *order.UndecodableError at slot %d, index 1", err, slot)
			}
		})
	}
}
