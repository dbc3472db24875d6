package order_test

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/order"
)

// fakeChain is an in-memory chain of headers and OrderBook logs, for
// indexer tests that need what a devnet cannot do on demand: re-orgs,
// removed logs, a node refusing ranges. It implements evm.LogBackend.
type fakeChain struct {
	chainID uint64
	book    common.Address

	mu      sync.Mutex
	headers []*types.Header // by number, from genesis
	logs    [][]types.Log   // by block number
	// refuseOver, when not zero, refuses (as a JSON-RPC error) any
	// eth_getLogs over more blocks.
	refuseOver uint64
	// extra are logs appended to the answer of every eth_getLogs whose
	// range covers extraAt (logs the node says were removed, say).
	extra   []types.Log
	extraAt uint64
	salt    int

	getLogs, headerCalls atomic.Int64
	// widest is the widest range an eth_getLogs was answered for.
	widest atomic.Uint64
}

func newFakeChain(chainID uint64) *fakeChain {
	c := &fakeChain{chainID: chainID, book: common.BigToAddress(new(big.Int).SetUint64(0xb00c + chainID))}
	c.headers = []*types.Header{{Number: big.NewInt(0), Time: 1_700_000_000, Difficulty: new(big.Int)}}
	c.logs = [][]types.Log{nil}
	return c
}

// mine adds one block holding an OrderBook log per event and returns its
// number.
func (c *fakeChain) mine(events ...fakeEvent) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mineLocked(events)
}

func (c *fakeChain) mineLocked(events []fakeEvent) uint64 {
	parent := c.headers[len(c.headers)-1]
	h := &types.Header{ParentHash: parent.Hash(), Number: new(big.Int).Add(parent.Number, big.NewInt(1)),
		Time: parent.Time + 12, Difficulty: new(big.Int), Extra: []byte(fmt.Sprint(c.salt))}
	n := h.Number.Uint64()
	tx := common.BigToHash(new(big.Int).SetUint64(c.chainID<<40 | n<<8 | uint64(c.salt)))
	var logs []types.Log
	for i, e := range events {
		logs = append(logs, types.Log{Address: c.book, Topics: e.topics, Data: e.data, BlockNumber: n,
			TxHash: tx, BlockHash: h.Hash(), BlockTimestamp: h.Time, Index: uint(i)})
	}
	c.headers = append(c.headers, h)
	c.logs = append(c.logs, logs)
	return n
}

// mineEmpty adds n empty blocks.
func (c *fakeChain) mineEmpty(n int) {
	for range n {
		c.mine()
	}
}

// reorg drops the blocks from number on and mines a block for each list
// of events in their place (different hashes, even when empty).
func (c *fakeChain) reorg(from uint64, blocks ...[]fakeEvent) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.headers, c.logs = c.headers[:from], c.logs[:from]
	c.salt++
	for _, b := range blocks {
		c.mineLocked(b)
	}
}

// fork returns a copy of c that shares its blocks below from and mines a
// block for each list of events in place of the others (different hashes,
// even when empty): another node's view of the chain.
func (c *fakeChain) fork(from uint64, blocks ...[]fakeEvent) *fakeChain {
	c.mu.Lock()
	f := &fakeChain{chainID: c.chainID, book: c.book, salt: c.salt + 100,
		headers: slices.Clone(c.headers[:from]), logs: slices.Clone(c.logs[:from])}
	c.mu.Unlock()
	for _, b := range blocks {
		f.mine(b...)
	}
	return f
}

// deliver makes every later eth_getLogs covering block at answer logs too.
func (c *fakeChain) deliver(at uint64, logs ...types.Log) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.extra, c.extraAt = logs, at
}

// log returns the index-th log of block n.
func (c *fakeChain) log(n uint64, index int) types.Log {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.logs[n][index]
}

func (c *fakeChain) head() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return uint64(len(c.headers) - 1)
}

type refusal struct{ msg string }

func (e refusal) Error() string  { return e.msg }
func (e refusal) ErrorCode() int { return -32005 }

func (c *fakeChain) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	c.getLogs.Add(1)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	from, to := q.FromBlock.Uint64(), q.ToBlock.Uint64()
	if to >= uint64(len(c.headers)) || from > to {
		return nil, refusal{fmt.Sprintf("invalid block range %d-%d", from, to)}
	}
	if c.refuseOver != 0 && to-from+1 > c.refuseOver {
		return nil, refusal{"block range too large"}
	}
	for w := c.widest.Load(); to-from+1 > w && !c.widest.CompareAndSwap(w, to-from+1); w = c.widest.Load() {
	}
	var out []types.Log
	for n := from; n <= to; n++ {
		for _, l := range c.logs[n] {
			if (len(q.Addresses) == 0 || slices.Contains(q.Addresses, l.Address)) &&
				(len(q.Topics) == 0 || slices.Contains(q.Topics[0], l.Topics[0])) {
				out = append(out, l)
			}
		}
	}
	if c.extraAt >= from && c.extraAt <= to {
		out = append(out, c.extra...)
	}
	return out, nil
}

func (c *fakeChain) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
	c.headerCalls.Add(1)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if number == nil {
		return types.CopyHeader(c.headers[len(c.headers)-1]), nil
	}
	if !number.IsUint64() || number.Uint64() >= uint64(len(c.headers)) {
		return nil, ethereum.NotFound
	}
	return types.CopyHeader(c.headers[number.Uint64()]), nil
}

// fakeEvent is an OrderBook log's topics and data.
type fakeEvent struct {
	topics []common.Hash
	data   []byte
}

var bookABI = contracts.MustABI("OrderBook")

// ev encodes the OrderBook event name with args in declaration order.
func ev(name string, args ...any) fakeEvent {
	e := bookABI.Events[name]
	var indexed [][]any
	var plain []any
	for i, in := range e.Inputs {
		if in.Indexed {
			indexed = append(indexed, []any{args[i]})
		} else {
			plain = append(plain, args[i])
		}
	}
	var topics [][]common.Hash
	if len(indexed) > 0 {
		var err error
		if topics, err = abi.MakeTopics(indexed...); err != nil {
			panic(err)
		}
	}
	data, err := e.Inputs.NonIndexed().Pack(plain...)
	if err != nil {
		panic(err)
	}
	out := fakeEvent{topics: []common.Hash{e.ID}, data: data}
	for _, t := range topics {
		out.topics = append(out.topics, t[0])
	}
	return out
}

func id(n int) order.ID { return order.ID(common.BigToHash(big.NewInt(int64(n) + 0xdead0000))) }

func acct(n int) common.Address { return common.BigToAddress(big.NewInt(int64(n) + 0xacc0000)) }

func b32(a common.Address) [32]byte { return common.BytesToHash(a.Bytes()) }

// fakeOrder describes an order opened on a fake chain.
type fakeOrder struct {
	id                  order.ID
	sender, funder      common.Address
	dest                uint64
	amountIn, amountOut int64
	solver              common.Address // zero: open fill
	deadline            uint32
}

func (o fakeOrder) opened() fakeEvent {
	return ev("OrderOpened", common.Hash(o.id), o.funder, o.sender, acct(900), big.NewInt(o.amountIn), uint32(o.dest),
		b32(acct(901)), big.NewInt(o.amountOut), b32(o.solver), o.deadline)
}

func filled(id order.ID, solver common.Address, in, out int64) fakeEvent {
	return ev("OrderFilled", common.Hash(id), solver, big.NewInt(in), big.NewInt(out), common.Hash{1})
}

func fillReported(id order.ID, to common.Address, in, out int64) fakeEvent {
	return ev("FillReported", common.Hash(id), to, big.NewInt(in), big.NewInt(out))
}

func completed(id order.ID) fakeEvent { return ev("OrderCompleted", common.Hash(id)) }

func cancelled(id order.ID) fakeEvent { return ev("OrderCancelled", common.Hash(id), common.Hash{2}) }

func cancelReported(id order.ID) fakeEvent { return ev("CancelReported", common.Hash(id)) }

func refunded(id order.ID, to common.Address, amount int64) fakeEvent {
	return ev("RefundClaimed", common.Hash(id), to, big.NewInt(amount))
}
