package order_test

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
)

// originRuntime is a second pretend runtime: the origin of an order bound
// for the pretend runtime (as EVM → Solana is).
const originRuntime orchestration.ChainRuntime = "pretend-origin"

// crossRuntimeCatalog puts pretendHome on originRuntime and pretendAway on
// pretendRuntime.
type crossRuntimeCatalog struct{}

func (crossRuntimeCatalog) chains() []asset.ChainInfo {
	c := pretendCatalog{}.chains()
	c[0].Runtime = originRuntime
	return c
}

func (c crossRuntimeCatalog) Chain(name orchestration.Chain) (asset.ChainInfo, bool) {
	for _, info := range c.chains() {
		if info.Name == name {
			return info, true
		}
	}
	return asset.ChainInfo{}, false
}

func (c crossRuntimeCatalog) ChainByID(rt orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool) {
	for _, info := range c.chains() {
		if info.Runtime == rt && info.ChainID == id {
			return info, true
		}
	}
	return asset.ChainInfo{}, false
}

// Decision 80: the caller defaults to the sender only when the sender is
// an account of the destination's runtime; who may cancel when stays the
// Service's, judged on the caller parsed by the destination's Book.
func TestCancelCallerAcrossRuntimes(t *testing.T) {
	sender, recipient, stranger := pk(1), pk(2), pk(5)
	terms := func(dest uint64) order.Terms {
		return order.Terms{Version: 1, Nonce: 4, OriginChainID: pretendHomeID, DestChainID: dest, Sender: sender, TokenIn: pk(9),
			Recipient: recipient, TokenOut: pk(8), AmountIn: big.NewInt(100), AmountOut: big.NewInt(90), CreatedAt: 500, FillDeadline: 2_000}
	}
	created := func(t order.Terms) *order.View {
		return &order.View{Found: true, Status: orchestration.OrderCreated, Terms: t,
			AmountOutFilled: new(big.Int), AmountInReleased: new(big.Int), AmountRefunded: new(big.Int)}
	}
	same, cross := order.ID{1: 0xaa}, order.ID{1: 0xbb}
	book := &pretendBook{now: 1_000, fee: big.NewInt(1_000), orders: map[orchestration.Chain]map[order.ID]*order.View{
		pretendHome: {same: created(terms(pretendHomeID)), cross: created(terms(pretendAwayID))},
		pretendAway: {cross: {Found: true, Status: orchestration.OrderCreated, AmountOutFilled: new(big.Int), AmountInReleased: new(big.Int), AmountRefunded: new(big.Int)}},
	}}
	svc, err := order.New(order.Config{Catalog: crossRuntimeCatalog{},
		Books: map[orchestration.ChainRuntime]order.Book{pretendRuntime: book, originRuntime: book}, Recheck: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	cancel := func(id order.ID, caller string) (*orchestration.TransactionPayload, error) {
		return svc.CancelOrder(t.Context(), orchestration.CancelOrderRequest{
			Order: orchestration.OrderRef{OriginChain: pretendHome, OrderID: id.String()}, Caller: caller})
	}
	setNow := func(now uint64) {
		book.mu.Lock()
		defer book.mu.Unlock()
		book.now = now
	}
	signer := func(t *testing.T, p *orchestration.TransactionPayload) string {
		t.Helper()
		if p == nil || p.SVM == nil {
			t.Fatalf("payload %+v", p)
		}
		_, after, _ := strings.Cut(p.SVM.Transaction, " signed by ")
		return after
	}

	for _, c := range []struct {
		name      string
		id        order.ID
		caller    string
		now       uint64
		code      orchestration.Code // "" for a payload
		mention   []string
		wantSigns [32]byte
	}{
		{name: "cross-runtime, caller omitted", id: cross, now: 1_000, code: orchestration.BadOrderRequest,
			mention: []string{"caller", string(originRuntime), "cannot sign", string(pretendAway)}},
		{name: "cross-runtime, caller omitted after the deadline", id: cross, now: 2_001, code: orchestration.BadOrderRequest, mention: []string{"caller"}},
		{name: "cross-runtime, the recipient", id: cross, caller: book.Account(recipient), now: 1_000, wantSigns: recipient},
		{name: "cross-runtime, the sender's bytes before the deadline", id: cross, caller: book.Account(sender), now: 1_000,
			code: orchestration.OrderNotCancellable, mention: []string{"only the recipient"}},
		{name: "cross-runtime, a stranger at the deadline", id: cross, caller: book.Account(stranger), now: 2_000,
			code: orchestration.OrderNotCancellable, mention: []string{book.Account(stranger), "(Unix 2001)"}},
		{name: "cross-runtime, a stranger after the deadline", id: cross, caller: book.Account(stranger), now: 2_001, wantSigns: stranger},
		{name: "cross-runtime, a malformed caller", id: cross, caller: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", now: 1_000,
			code: orchestration.BadOrderRequest, mention: []string{"caller"}},
		{name: "same chain, caller omitted", id: same, now: 1_000, wantSigns: sender},
		{name: "same chain, the recipient", id: same, caller: book.Account(recipient), now: 1_000, wantSigns: recipient},
		{name: "same chain, a stranger", id: same, caller: book.Account(stranger), now: 1_000,
			code: orchestration.OrderNotCancellable, mention: []string{"the recipient or the sender"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			setNow(c.now)
			p, err := cancel(c.id, c.caller)
			if c.code != "" {
				if !ordertest.IsCode(err, c.code) {
					t.Fatalf("got %v, %v; want %s", p, err, c.code)
				}
				for _, m := range c.mention {
					if !strings.Contains(err.Error(), m) {
						t.Errorf("%v does not mention %q", err, m)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := signer(t, p); got != book.Account(c.wantSigns) {
				t.Errorf("the cancel is signed by %s, want %s", got, book.Account(c.wantSigns))
			}
		})
	}
}
