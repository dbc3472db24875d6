package evmorderstest

import (
	"context"
	"fmt"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
)

// Reader is a fake evmorders.Reader of one chain, for Book tests that set
// what each contract answers: a contract answers the methods set with
// Answer (by selector, whatever the arguments), and every other call
// reverts, as a call of a method a contract lacks does. It counts the
// batches read.
type Reader struct {
	chain orchestration.Chain

	mu      sync.Mutex
	answers map[common.Address]map[[4]byte][]byte
	batches [][]evm.Call
}

// NewReader is a Reader of chain whose contracts answer nothing yet.
func NewReader(chain orchestration.Chain) *Reader {
	return &Reader{chain: chain, answers: map[common.Address]map[[4]byte][]byte{}}
}

// Answer makes to answer m with outs, packed as m's outputs (a struct for
// a tuple).
func (r *Reader) Answer(to common.Address, m abi.Method, outs ...any) {
	data, err := m.Outputs.Pack(outs...)
	if err != nil {
		panic(fmt.Sprintf("evmorderstest: packing %s's answer: %v", m.Sig, err))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.answers[to] == nil {
		r.answers[to] = map[[4]byte][]byte{}
	}
	r.answers[to][[4]byte(m.ID)] = data
}

// Revert makes to revert m again.
func (r *Reader) Revert(to common.Address, m abi.Method) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.answers[to], [4]byte(m.ID))
}

// Batches are the batches read so far, in order.
func (r *Reader) Batches() [][]evm.Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([][]evm.Call(nil), r.batches...)
}

// Has reports whether chain is the Reader's.
func (r *Reader) Has(chain orchestration.Chain) bool { return chain == r.chain }

// Read answers calls as the contracts were told to.
func (r *Reader) Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if chain != r.chain {
		return nil, fmt.Errorf("evmorderstest: no chain %s", chain)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.batches = append(r.batches, calls)
	a := evm.NewAnswers(1)
	for _, c := range calls {
		var res evm.Result
		if len(c.Data) >= 4 {
			if data, ok := r.answers[c.To][[4]byte(c.Data[:4])]; ok {
				res = evm.Result{OK: true, Data: data}
			}
		}
		a.Put(c, res)
	}
	return a, nil
}
