package svmorders_test

import (
	"encoding/base64"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmorders"
)

// readCancel reads back the order book a Solana cancel calls; a Solana
// cancel sends no value (nil).
func readCancel(p orchestration.TransactionPayload) (string, *big.Int, error) {
	if p.SVM == nil {
		return "", nil, errors.New("not a Solana payload")
	}
	raw, err := base64.StdEncoding.DecodeString(p.SVM.Transaction)
	if err != nil {
		return "", nil, err
	}
	tx, err := solana.TransactionFromBytes(raw)
	if err != nil {
		return "", nil, err
	}
	ixs, err := svm.StaticInstructions(tx)
	if err != nil {
		return "", nil, err
	}
	for _, ix := range ixs {
		if ix.ProgramID().Equals(svm.OrderBookProgramID) {
			return ix.ProgramID().String(), nil, nil
		}
	}
	return "", nil, errors.New("the transaction does not call the order book")
}

// The Solana Book passes the order.Book conformance suite over a fake
// node serving the program's layouts.
func TestBookConformance(t *testing.T) {
	ordertest.RunBook(t, func(t *testing.T) ordertest.BookHarness {
		w := newWorld(t)
		open, openView := w.putNative(t, nativeData(1), svm.OrderCreated, 0, 0, 0)
		done, doneView := w.putNative(t, nativeData(2), svm.OrderCompleted, 1_000_000, 990_000, 0)
		return ordertest.BookHarness{Book: w.book, Chain: w.chain, Foreign: orchestration.Sepolia,
			Orders:  []ordertest.KnownOrder{{ID: open, Want: openView}, {ID: done, Want: doneView}},
			Unknown: order.ID{1: 0xcc}, CancelReportTo: ethereumID, Caller: caller,
			Accounts:   []string{sender.String(), svm.OrderBookProgramID.String(), solana.PublicKey{}.String()},
			Malformed:  []string{"", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "not base58 0OIl", "1111"},
			ReadCancel: readCancel}
	})
}

// Read is one round trip when the catalog names the token program and
// the adapter's table; a second, pinned to the first's slot, otherwise.
func TestReadRoundTrips(t *testing.T) {
	for _, c := range []struct {
		name       string
		listed     bool   // the catalog lists mintIn's program
		table      string // the catalog's lookup table
		need       order.Need
		foreign    bool
		trips      int
		secondAsks int
	}{
		{name: "the order alone", listed: true, table: receive.String(), trips: 1},
		{name: "native, for a cancel, the program listed", listed: true, table: receive.String(), need: order.Need{Clock: true}, trips: 1},
		{name: "native, for a cancel, the program read from the mint", need: order.Need{Clock: true}, trips: 2, secondAsks: 1},
		{name: "foreign, the adapter's table listed", table: receive.String(), need: order.Need{Clock: true, CancelReportTo: ethereumID}, foreign: true, trips: 1},
		{name: "foreign, another table listed", table: other.String(), need: order.Need{Clock: true, CancelReportTo: ethereumID}, foreign: true, trips: 2, secondAsks: 1},
		{name: "foreign, no table listed", need: order.Need{Clock: true, CancelReportTo: ethereumID}, foreign: true, trips: 2, secondAsks: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			w.chain.Contracts.LookupTable = c.table
			client, _ := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: w.node.URL()}}})
			book, err := svmorders.New(svmorders.Config{Client: client, Tokens: tokens{listed: c.listed},
				Executors: map[orchestration.Chain]svmorders.Executor{orchestration.Solana: w.exec}})
			if err != nil {
				t.Fatal(err)
			}
			var id order.ID
			if c.foreign {
				raw, _ := foreignData(ethereumID).ID()
				id = raw
				w.putForeign(t, raw, svm.OrderCreated, 0)
			} else {
				id, _ = w.putNative(t, nativeData(1), svm.OrderCreated, 0, 0, 0)
			}
			before := w.node.Requests()
			v, err := book.Read(t.Context(), w.chain, id, c.need)
			if err != nil {
				t.Fatal(err)
			}
			if got := w.node.Requests() - before; got != c.trips {
				t.Errorf("%d round trips, want %d", got, c.trips)
			}
			if c.trips > 1 && w.node.MinContextSlot() != 1000 {
				t.Errorf("the second read is not pinned to the first's slot: minContextSlot %d", w.node.MinContextSlot())
			}
			if c.need.Clock && v.Now != now {
				t.Errorf("Now = %d, want the Clock sysvar's %d", v.Now, uint64(now))
			}
			if c.foreign {
				// The Executor's estimated cost and the core bridge's fee.
				if v.CancelFee == nil || v.CancelFee.Cmp(big.NewInt(2_000_100)) != 0 {
					t.Errorf("CancelFee = %v, want 2000000 + 100 lamports", v.CancelFee)
				}
				if !v.Found || v.Status != orchestration.OrderCreated || v.Terms != (order.Terms{}) {
					t.Errorf("a foreign order reads %+v, want Found, CREATED and no terms (the origin's)", v)
				}
				asked := w.exec.asked[len(w.exec.asked)-1]
				if asked.SrcChain != 1 || asked.DstChain != ethWormhole || asked.Relay.GasLimit.Int64() != svmorders.DefaultRelayGasLimit ||
					asked.Relay.MsgValue.Int64() != svmorders.DefaultRelayMsgValue {
					t.Errorf("the Executor was asked %+v", asked)
				}
			}
		})
	}
}

// Statuses and the absent cases.
func TestReadStatuses(t *testing.T) {
	w := newWorld(t)
	fid, _ := foreignData(ethereumID).ID()
	for _, c := range []struct {
		name   string
		put    func()
		found  bool
		status orchestration.OrderStatus
	}{
		{"no account", func() {}, false, ""},
		{"a foreign order cancelled", func() { w.putForeign(t, fid, svm.OrderCancelled, 0) }, true, orchestration.OrderCancelled},
		{"a foreign order completed", func() { w.putForeign(t, fid, svm.OrderCompleted, 4_990_000) }, true, orchestration.OrderCompleted},
		{"a foreign order's account DoesNotExist", func() { w.putForeign(t, fid, svm.OrderDoesNotExist, 0) }, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.put()
			v, err := w.book.Read(t.Context(), w.chain, fid, order.Need{})
			if err != nil {
				t.Fatal(err)
			}
			if v.Found != c.found || v.Status != c.status {
				t.Errorf("Found %v, Status %q; want %v, %q", v.Found, v.Status, c.found, c.status)
			}
		})
	}
}

// What a chain lacks for a foreign cancel is a NotImplemented before any
// read; a paused order book or adapter an OrderNotCancellable.
func TestReadRefusals(t *testing.T) {
	fid, _ := foreignData(ethereumID).ID()
	bid, _ := foreignData(baseID).ID()
	for _, c := range []struct {
		name string
		set  func(w *world) *svmorders.Book
		id   [32]byte
		need order.Need
		code orchestration.Code
		says string
	}{
		{name: "no Executor for the chain", id: fid, need: order.Need{CancelReportTo: ethereumID}, code: orchestration.NotImplemented, says: "Executor",
			set: func(w *world) *svmorders.Book {
				b, _ := svmorders.New(svmorders.Config{Client: clientOf(t, w)})
				return b
			}},
		{name: "no peer for the origin", id: bid, need: order.Need{CancelReportTo: baseID}, code: orchestration.NotImplemented, says: "no peer on chain 8453"},
		{name: "a chain not served", id: fid, code: orchestration.NotImplemented, says: "not configured",
			set: func(w *world) *svmorders.Book { b, _ := svmorders.New(svmorders.Config{}); return b }},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			b := w.book
			if c.set != nil {
				b = c.set(w)
			}
			before := w.node.Requests()
			_, err := b.Read(t.Context(), w.chain, c.id, c.need)
			if !ordertest.IsCode(err, c.code) || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("Read: %v, want %s saying %q", err, c.code, c.says)
			}
			if c.code == orchestration.NotImplemented && c.says != "no peer on chain 8453" && w.node.Requests() != before {
				t.Errorf("%d reads before refusing", w.node.Requests()-before)
			}
		})
	}

	w := newWorld(t)
	w.setGlobal(true)
	d := nativeData(1)
	w.putNative(t, d, svm.OrderCreated, 0, 0, 0)
	if _, err := w.cancel(t, d, sender); !ordertest.IsCode(err, orchestration.OrderNotCancellable) || !strings.Contains(err.Error(), "paused") {
		t.Errorf("a cancel while the order book is paused: %v, want OrderNotCancellable saying paused", err)
	}
}

func clientOf(t *testing.T, w *world) *svm.Client {
	c, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: w.node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestNewRefuses(t *testing.T) {
	if _, err := svmorders.New(svmorders.Config{ReadTimeout: -1}); err == nil {
		t.Error("a negative ReadTimeout was accepted")
	}
	if _, err := svmorders.New(svmorders.Config{Deployments: map[uint64]svm.PortalDeployment{solanaID: svm.DevnetPortal}}); err == nil {
		t.Error("devnet's deployment under mainnet's chain id was accepted")
	}
}

var _ = cmp.Diff
