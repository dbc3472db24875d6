package evmorderstest

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Chain is an in-memory chain of headers and OrderBook logs, for index
// tests that need what a devnet cannot do on demand: re-orgs, removed
// logs, a node refusing ranges. It implements evm.LogBackend.
type Chain struct {
	// ID is the chain's id; Book the address its OrderBook logs carry.
	ID   uint64
	Book common.Address
	// RefuseOver, when not zero, refuses (as a JSON-RPC error) any
	// eth_getLogs over more blocks. Set it before the chain is read.
	RefuseOver uint64
	// Widest is the widest range an eth_getLogs was answered for.
	Widest atomic.Uint64

	mu      sync.Mutex
	headers []*types.Header // by number, from genesis
	logs    [][]types.Log   // by block number
	// extra are logs appended to the answer of every eth_getLogs whose
	// range covers extraAt (logs the node says were removed, say).
	extra   []types.Log
	extraAt uint64
	salt    int
}

// NewChain is a chain with id chainID holding only its genesis block.
func NewChain(chainID uint64) *Chain {
	c := &Chain{ID: chainID, Book: common.BigToAddress(new(big.Int).SetUint64(0xb00c + chainID))}
	c.headers = []*types.Header{{Number: big.NewInt(0), Time: 1_700_000_000, Difficulty: new(big.Int)}}
	c.logs = [][]types.Log{nil}
	return c
}

// Mine adds one block holding an OrderBook log per event and returns its
// number.
func (c *Chain) Mine(events ...Event) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mineLocked(events)
}

func (c *Chain) mineLocked(events []Event) uint64 {
	parent := c.headers[len(c.headers)-1]
	h := &types.Header{ParentHash: parent.Hash(), Number: new(big.Int).Add(parent.Number, big.NewInt(1)),
		Time: parent.Time + 12, Difficulty: new(big.Int), Extra: []byte(fmt.Sprint(c.salt))}
	n := h.Number.Uint64()
	tx := common.BigToHash(new(big.Int).SetUint64(c.ID<<40 | n<<8 | uint64(c.salt)))
	var logs []types.Log
	for i, e := range events {
		logs = append(logs, types.Log{Address: c.Book, Topics: e.Topics, Data: e.Data, BlockNumber: n,
			TxHash: tx, BlockHash: h.Hash(), BlockTimestamp: h.Time, Index: uint(i)})
	}
	c.headers = append(c.headers, h)
	c.logs = append(c.logs, logs)
	return n
}

// MineEmpty adds n empty blocks.
func (c *Chain) MineEmpty(n int) {
	for range n {
		c.Mine()
	}
}

// Reorg drops the blocks from number on and mines a block for each list
// of events in their place (different hashes, even when empty).
func (c *Chain) Reorg(from uint64, blocks ...[]Event) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.headers, c.logs = c.headers[:from], c.logs[:from]
	c.salt++
	for _, b := range blocks {
		c.mineLocked(b)
	}
}

// Fork returns a copy of c that shares its blocks below from and mines a
// block for each list of events in place of the others (different hashes,
// even when empty): another node's view of the chain.
func (c *Chain) Fork(from uint64, blocks ...[]Event) *Chain {
	c.mu.Lock()
	f := &Chain{ID: c.ID, Book: c.Book, salt: c.salt + 100,
		headers: slices.Clone(c.headers[:from]), logs: slices.Clone(c.logs[:from])}
	c.mu.Unlock()
	for _, b := range blocks {
		f.Mine(b...)
	}
	return f
}

// Deliver makes every later eth_getLogs covering block at answer logs too.
func (c *Chain) Deliver(at uint64, logs ...types.Log) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.extra, c.extraAt = logs, at
}

// Log returns the index-th log of block n.
func (c *Chain) Log(n uint64, index int) types.Log {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.logs[n][index]
}

// Head is the number of the newest block.
func (c *Chain) Head() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return uint64(len(c.headers) - 1)
}

// refusal is a JSON-RPC error, as evm.NodeRefused recognises one.
type refusal struct{ msg string }

func (e refusal) Error() string  { return e.msg }
func (e refusal) ErrorCode() int { return -32005 }

// FilterLogs answers eth_getLogs.
func (c *Chain) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	from, to := q.FromBlock.Uint64(), q.ToBlock.Uint64()
	if to >= uint64(len(c.headers)) || from > to {
		return nil, refusal{fmt.Sprintf("invalid block range %d-%d", from, to)}
	}
	if c.RefuseOver != 0 && to-from+1 > c.RefuseOver {
		return nil, refusal{"block range too large"}
	}
	for w := c.Widest.Load(); to-from+1 > w && !c.Widest.CompareAndSwap(w, to-from+1); w = c.Widest.Load() {
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

// HeaderByNumber answers eth_getBlockByNumber (the head for a nil number).
func (c *Chain) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
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
