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
// what each contract answers: a contract answers the calls set with Answer
// and AnswerWith, each for its exact arguments, and every other call
// reverts, as a call of a method a contract lacks does. A call of a
// method answered only for other arguments fails the whole Read instead,
// naming the call: a Book that reads the wrong chain's peer or message
// value must fail its tests, not be answered as if it asked the right
// one. It counts the batches read.
type Reader struct {
	chain orchestration.Chain

	mu sync.Mutex
	// answers[to][selector][packed arguments] is the packed answer.
	answers map[common.Address]map[[4]byte]map[string][]byte
	batches [][]evm.Call
}

// NewReader is a Reader of chain whose contracts answer nothing yet.
func NewReader(chain orchestration.Chain) *Reader {
	return &Reader{chain: chain, answers: map[common.Address]map[[4]byte]map[string][]byte{}}
}

// Answer makes to answer m, a method without inputs, with outs, packed as
// m's outputs (a struct for a tuple). A method with inputs is answered
// with AnswerWith.
func (r *Reader) Answer(to common.Address, m abi.Method, outs ...any) {
	if len(m.Inputs) > 0 {
		panic(fmt.Sprintf("evmorderstest: %s takes arguments: answer it with AnswerWith", m.Sig))
	}
	r.AnswerWith(to, m, nil, outs...)
}

// AnswerWith makes to answer m called with args (m's inputs, in order)
// with outs, packed as m's outputs (a struct for a tuple). Other
// arguments are answered as they were set, or fail the Read.
func (r *Reader) AnswerWith(to common.Address, m abi.Method, args []any, outs ...any) {
	in, err := m.Inputs.Pack(args...)
	if err != nil {
		panic(fmt.Sprintf("evmorderstest: packing %s's arguments: %v", m.Sig, err))
	}
	data, err := m.Outputs.Pack(outs...)
	if err != nil {
		panic(fmt.Sprintf("evmorderstest: packing %s's answer: %v", m.Sig, err))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.answers[to] == nil {
		r.answers[to] = map[[4]byte]map[string][]byte{}
	}
	sel := [4]byte(m.ID)
	if r.answers[to][sel] == nil {
		r.answers[to][sel] = map[string][]byte{}
	}
	r.answers[to][sel][string(in)] = data
}

// Revert makes to revert m again, whatever its arguments.
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

// Read answers calls as the contracts were told to. It fails when a call
// is of a method answered for other arguments only.
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
			if byArgs, ok := r.answers[c.To][[4]byte(c.Data[:4])]; ok && len(byArgs) > 0 {
				data, ok := byArgs[string(c.Data[4:])]
				if !ok {
					return nil, fmt.Errorf("evmorderstest: %s called %x with arguments %x, answered for other arguments only", c.To.Hex(), c.Data[:4], c.Data[4:])
				}
				res = evm.Result{OK: true, Data: data}
			}
		}
		a.Put(c, res)
	}
	return a, nil
}
