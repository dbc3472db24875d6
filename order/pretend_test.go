package order_test

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
)

// A runtime that is not EVM: a pretend order book kept in memory, with its
// own account text ("pk:" and hex), slots instead of blocks and hashes
// that are not EVM hashes. TestRulesOverAPretendRuntime runs package
// order's rules over it, TestPretendDriverConformance the driver suites
// of order/ordertest.

const (
	pretendRuntime               orchestration.ChainRuntime = "pretend"
	pretendHome                                             = orchestration.Solana       // the origin
	pretendAway                                             = orchestration.SolanaDevnet // a destination
	pretendHomeID, pretendAwayID                            = 7001, 7002
)

// pk is the n-th pretend account.
func pk(n byte) [32]byte { return [32]byte{31: n, 0: 0xee} }

// The order books of the two pretend chains, as accounts of the runtime.
var pretendBookHome, pretendBookAway = pretendAccount(pk(0xb1)), pretendAccount(pk(0xb2))

// pretendAccount is b in the runtime's text.
func pretendAccount(b [32]byte) string { return "pk:" + hex.EncodeToString(b[:]) }

// pretendCatalog holds the two pretend chains.
type pretendCatalog struct{}

func (pretendCatalog) chains() []asset.ChainInfo {
	return []asset.ChainInfo{
		{Name: pretendHome, Runtime: pretendRuntime, ChainID: pretendHomeID, Contracts: asset.Contracts{OrderBook: pretendBookHome}},
		{Name: pretendAway, Runtime: pretendRuntime, ChainID: pretendAwayID, Contracts: asset.Contracts{OrderBook: pretendBookAway}},
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

func (*pretendBook) Account(b [32]byte) string { return pretendAccount(b) }

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

// pretendCancel is the text of a pretend cancel transaction.
const pretendCancel = "cancel %v on %v paying %v signed by %v"

func (*pretendBook) CancelPayload(_ context.Context, dest asset.ChainInfo, c order.Cancel) (*orchestration.TransactionPayload, error) {
	if c.Dest == nil {
		return nil, errors.New("no View of the destination")
	}
	return &orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: dest.Name,
		Transaction: fmt.Sprintf(pretendCancel, c.ID, dest.Contracts.OrderBook, c.Value, pretendAccount(c.Caller))}}, nil
}

// readPretendCancel reads back the order book and value of a pretend
// cancel.
func readPretendCancel(p orchestration.TransactionPayload) (book string, value *big.Int, err error) {
	if p.SVM == nil {
		return "", nil, errors.New("not a pretend transaction")
	}
	var id, amount, caller string
	if _, err := fmt.Sscanf(p.SVM.Transaction, pretendCancel, &id, &book, &amount, &caller); err != nil {
		return "", nil, err
	}
	value, ok := new(big.Int).SetString(amount, 10)
	if !ok {
		return "", nil, fmt.Errorf("value %q", amount)
	}
	return book, value, nil
}

// pretendSlot is one slot of a pretend chain.
type pretendSlot struct {
	hash   string
	events []order.Event
}

// pretendSource is a pretend chain's events: two slots a read, up to the
// head.
type pretendSource struct {
	mu      sync.Mutex
	chainID uint64
	slots   []pretendSlot // by slot number, from 0
	forks   int           // re-orgs so far: the hashes of the slots made since differ
	down    bool
}

// errPretendDown is what a broken pretend node answers.
var errPretendDown = errors.New("the pretend node is down")

// newPretendSource is a chain of id chainID holding slot 0, empty.
func newPretendSource(chainID uint64) *pretendSource {
	s := &pretendSource{chainID: chainID}
	s.mine()
	return s
}

func (s *pretendSource) Events(_ context.Context, next uint64, last order.Anchor) (order.Page, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return order.Page{}, errPretendDown
	}
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
	if s.down {
		return order.Anchor{}, false, errPretendDown
	}
	for _, a := range kept {
		if a.Number < uint64(len(s.slots)) && s.slots[a.Number].hash == a.Hash {
			return a, true, nil
		}
	}
	return order.Anchor{}, false, nil
}

// mine adds a slot holding events, placed there (chain, slot, hash, index),
// and returns its number.
func (s *pretendSource) mine(events ...order.Event) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := uint64(len(s.slots))
	slot := pretendSlot{hash: fmt.Sprintf("slot-%d-fork-%d", n, s.forks)}
	for i, e := range events {
		e.ChainID, e.Block, e.Index, e.BlockHash = s.chainID, n, uint(i), slot.hash
		slot.events = append(slot.events, e)
	}
	s.slots = append(s.slots, slot)
	return n
}

// reorg drops the slots from n on and puts as many empty ones of other
// hashes in their place.
func (s *pretendSource) reorg(n uint64) {
	s.mu.Lock()
	dropped := len(s.slots) - int(n)
	s.slots = s.slots[:n]
	s.forks++
	s.mu.Unlock()
	for range dropped {
		s.mine()
	}
}

func (s *pretendSource) breakNode() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = true
}
