package uniswapv3_test

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

var alice, bob, carol = account("alice"), account("bob"), account("carol")

func account(name string) devnet.Account {
	a, ok := devnet.AccountByName(name)
	if !ok {
		panic("no devnet account " + name)
	}
	return a
}

func quoterABI(testing.TB) *abi.ABI { return contracts.MustABI("QuoterV2") }
func routerABI(testing.TB) *abi.ABI { return contracts.MustABI("SwapRouter02") }

// newProvider builds the provider over the devnet's catalog and reader.
func newProvider(t testing.TB, reader evmruntime.ChainReader, cfg uniswapv3.Config) *uniswapv3.Provider {
	t.Helper()
	env := devnetenv.Get(t)
	p, err := uniswapv3.New(quote.Deps{Catalog: env.Catalog, Runtimes: devnetenv.Runtimes(env.Catalog, reader), Logger: slog.New(slog.DiscardHandler)}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// findEdge returns the provider's edge from -> to on chain at fee.
func findEdge(t testing.TB, p quote.Provider, chain orchestration.Chain, from, to string, fee uint32) quote.Edge {
	t.Helper()
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatalf("Edges: %v", err)
	}
	for _, e := range edges {
		if e.From.Chain == chain && e.From.Symbol == from && e.To.Symbol == to && e.Detail.(uniswapv3.Pool).Fee == fee {
			return e
		}
	}
	t.Fatalf("no edge %s -> %s at fee %d on %s", from, to, fee, chain)
	return quote.Edge{}
}

// legRequest is a leg of e from alice to bob.
func legRequest(e quote.Edge, amount *big.Int, slippage int) quote.LegRequest {
	return quote.LegRequest{Edge: &e, AmountIn: amount, Funder: orchestration.EVMAddress(alice.Address), Recipient: orchestration.EVMAddress(bob.Address),
		Refund: orchestration.EVMAddress(alice.Address), SlippageBps: slippage}
}

// read reads what p declares for leg and sets leg.State.
func read(t testing.TB, p *uniswapv3.Provider, r evmruntime.ChainReader, leg *quote.LegRequest) {
	t.Helper()
	a, err := r.Read(context.Background(), leg.From.Chain, calls(p.Reads(*leg)))
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	leg.State = a
}

// units is n whole tokens of 6 decimals.
func units(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1_000_000)) }

// swapCall is a decoded router payload: multicall(deadline, [exactInputSingle(params)]).
type swapCall struct {
	Deadline *big.Int
	Params   bindings.ExactInputSingleParams
}

// decodeSwap decodes a payload's calldata with the SwapRouter02 ABI,
// failing unless it is exactly multicall(uint256, [exactInputSingle]).
func decodeSwap(t testing.TB, p orchestration.Payload) swapCall {
	t.Helper()
	ra := routerABI(t)
	data, err := hexutil.Decode(p.Data.EVM.Data)
	if err != nil || len(data) < 4 {
		t.Fatalf("payload data %q: %v", p.Data.EVM.Data, err)
	}
	m, err := ra.MethodById(data[:4])
	if err != nil || m.Sig != "multicall(uint256,bytes[])" {
		t.Fatalf("payload calls %v (%v), want multicall(uint256,bytes[])", m, err)
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	inner := args[1].([][]byte)
	if len(inner) != 1 {
		t.Fatalf("multicall carries %d calls, want 1", len(inner))
	}
	im, err := ra.MethodById(inner[0][:4])
	if err != nil || im.Name != "exactInputSingle" {
		t.Fatalf("inner call %v (%v), want exactInputSingle", im, err)
	}
	vals, err := im.Inputs.Unpack(inner[0][4:])
	if err != nil {
		t.Fatal(err)
	}
	params := *abi.ConvertType(vals[0], new(bindings.ExactInputSingleParams)).(*bindings.ExactInputSingleParams)
	return swapCall{Deadline: args[0].(*big.Int), Params: params}
}

// quoteParams decodes the arguments of a quoteExactInputSingle call.
func quoteParams(t testing.TB, c evm.Call) (bindings.QuoteExactInputSingleParams, bool) {
	t.Helper()
	qa := quoterABI(t)
	m := qa.Methods["quoteExactInputSingle"]
	if len(c.Data) < 4 || !slices.Equal(c.Data[:4], m.ID) {
		return bindings.QuoteExactInputSingleParams{}, false
	}
	vals, err := m.Inputs.Unpack(c.Data[4:])
	if err != nil {
		t.Fatal(err)
	}
	return *abi.ConvertType(vals[0], new(bindings.QuoteExactInputSingleParams)).(*bindings.QuoteExactInputSingleParams), true
}

// send executes one transaction from acct.
func send(t testing.TB, acct devnet.Account, chain orchestration.Chain, to common.Address, data []byte) {
	t.Helper()
	env := devnetenv.Get(t)
	info, _ := env.Catalog.Chain(chain)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := env.Executor(acct).Execute(ctx, []orchestration.Payload{{Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: chain, ChainID: info.ChainID, To: to.Hex(), Data: hexutil.Encode(data), Value: "0",
	}}}})
	if err != nil {
		t.Fatalf("send to %s on %s: %v", to, chain, err)
	}
}

// recorder is a evmruntime.ChainReader that records every read and fails the
// ones fail selects.
type recorder struct {
	evmruntime.ChainReader
	fail func(chain orchestration.Chain, calls []evm.Call) bool

	mu    sync.Mutex
	reads []readRecord
}

type readRecord struct {
	chain orchestration.Chain
	calls []evm.Call
	at    *uint64 // ReadAt's block; nil for Read
	block uint64  // the answers' block
}

var errInjected = errors.New("injected read failure")

func (r *recorder) record(chain orchestration.Chain, calls []evm.Call, at *uint64, a *evm.Answers, err error) (*evm.Answers, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec := readRecord{chain: chain, calls: slices.Clone(calls), at: at}
	if a != nil {
		rec.block = a.Block
	}
	r.reads = append(r.reads, rec)
	return a, err
}

func (r *recorder) Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	if r.fail != nil && r.fail(chain, calls) {
		return r.record(chain, calls, nil, nil, errInjected)
	}
	a, err := r.ChainReader.Read(ctx, chain, calls)
	return r.record(chain, calls, nil, a, err)
}

func (r *recorder) ReadAt(ctx context.Context, chain orchestration.Chain, calls []evm.Call, block uint64) (*evm.Answers, error) {
	if r.fail != nil && r.fail(chain, calls) {
		return r.record(chain, calls, &block, nil, errInjected)
	}
	a, err := r.ChainReader.ReadAt(ctx, chain, calls, block)
	return r.record(chain, calls, &block, a, err)
}

// of returns the reads made on chain, in order.
func (r *recorder) of(chain orchestration.Chain) []readRecord {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []readRecord
	for _, x := range r.reads {
		if x.chain == chain {
			out = append(out, x)
		}
	}
	return out
}

func (r *recorder) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads = nil
}

// calls are the EVM calls behind a provider's declared reads.
func calls(reads []quote.Read) []evm.Call {
	out := make([]evm.Call, len(reads))
	for i, r := range reads {
		out[i] = r.(evm.Call)
	}
	return out
}
