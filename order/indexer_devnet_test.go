package order_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
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
		out = append(out, order.IndexChain{Name: c.Name, ChainID: c.ChainID, OrderBook: w.env.Devnet.Contracts(c.Name).OrderBook, Logs: logs})
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
	waitIndexed(w.t, store, want)
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
	if r.CreatedAt != chain.CreatedAt || r.FillDeadline != chain.FillDeadline || r.Sender.Hex() != chain.Sender {
		w.t.Errorf("order %x: index createdAt %d, deadline %d, sender %s; chain %d, %d, %s", id, r.CreatedAt, r.FillDeadline, r.Sender.Hex(),
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
		_, store := openStore(t, newConfig(t))
		cfg := fastConfig(store, w.devnetIndexChains()...)
		cfg.PollInterval = 20 * time.Millisecond
		start(t, cfg)
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
		if r.FillReportCount != 2 || r.AmountInReleased.Cmp(amountIn) != 0 || r.Funder != w.alice.Address || r.ResolvedAt == nil {
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
			if f.ChainID != w.spoke.ChainID || f.Solver != w.solver.Address || f.TxHash == (common.Hash{}) || f.FilledAt < r.CreatedAt {
				t.Errorf("fill %d: %+v", i, f)
			}
		}
	})
}
