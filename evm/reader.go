package evm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/prometheus/client_golang/prometheus"
)

// Backend is what a reader needs from a node; *ethclient.Client satisfies
// it.
type Backend interface {
	ethereum.ContractCaller // CallContract, CodeAt
	BlockNumber(ctx context.Context) (uint64, error)
}

// ChainConfig is one chain a Reader reads.
type ChainConfig struct {
	Name    orchestration.Chain
	ChainID uint64
	// Multicall3 is the address of a Multicall3 (aggregate3 and
	// getBlockNumber with mds1's signatures) on the chain.
	Multicall3 common.Address
	Backend    Backend
}

// Config configures NewReader.
type Config struct {
	Chains []ChainConfig
	// ImmutableTTL bounds how long an immutable answer is served from the
	// cache; 0 keeps it until restart (or eviction, see package doc).
	ImmutableTTL time.Duration
	// Registerer receives orchestration_evm_round_trips_total{chain} and
	// orchestration_evm_read_errors_total{chain}; nil registers no metrics.
	Registerer prometheus.Registerer
	// Logger receives failed reads at debug level; nil means slog.Default().
	Logger *slog.Logger
}

// ErrUnknownChain is returned (wrapped) by Read and ReadAt for a chain the
// Reader was not configured with.
var ErrUnknownChain = errors.New("evm: chain not configured")

// Reader reads EVM chains cheaply: batched through Multicall3, cached per
// block and, for immutable reads, for good. It is safe for concurrent use.
// See the package documentation for the round-trip rules.
type Reader struct {
	chains  map[orchestration.Chain]*chainReader
	order   []orchestration.Chain
	logger  *slog.Logger
	metrics *metrics
}

type chainReader struct {
	ChainConfig
}

// multicall is the parsed ABI of Multicall3.
var multicall = func() *abi.ABI {
	a, err := bindings.Multicall3MetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return a
}()

var getBlockNumberData = func() []byte {
	b, err := multicall.Pack("getBlockNumber")
	if err != nil {
		panic(err)
	}
	return b
}()

// NewReader validates cfg and returns a Reader. Chain names must be known
// and distinct, each with a Multicall3 address and a Backend.
func NewReader(cfg Config) (*Reader, error) {
	r := &Reader{chains: map[orchestration.Chain]*chainReader{}, logger: cfg.Logger}
	if r.logger == nil {
		r.logger = slog.Default()
	}
	for i, c := range cfg.Chains {
		switch {
		case c.Name == "":
			return nil, fmt.Errorf("evm: chain %d has no name", i)
		case r.chains[c.Name] != nil:
			return nil, fmt.Errorf("evm: chain %s is configured twice", c.Name)
		case c.Multicall3 == (common.Address{}):
			return nil, fmt.Errorf("evm: chain %s has no Multicall3 address", c.Name)
		case c.Backend == nil:
			return nil, fmt.Errorf("evm: chain %s has no backend", c.Name)
		}
		r.chains[c.Name] = &chainReader{ChainConfig: c}
		r.order = append(r.order, c.Name)
	}
	m, err := newMetrics(cfg.Registerer, r.order)
	if err != nil {
		return nil, err
	}
	r.metrics = m
	return r, nil
}

// Chains returns the configured chains in configuration order.
func (r *Reader) Chains() []orchestration.Chain { return slices.Clone(r.order) }

// Has reports whether chain is configured.
func (r *Reader) Has(chain orchestration.Chain) bool { return r.chains[chain] != nil }

// Read answers calls on one chain at the latest block. See the package
// documentation for when it makes a round trip.
func (r *Reader) Read(ctx context.Context, chain orchestration.Chain, calls []Call) (*Answers, error) {
	c, err := r.chain(chain)
	if err != nil {
		return nil, err
	}
	a, err := r.aggregate(ctx, c, calls, nil)
	if err != nil {
		r.metrics.readError(chain)
		return nil, err
	}
	return a, nil
}

// ReadAt is Read pinned to a block, for a later phase of a quote that must
// see the state phase 1 saw. Answers cached for that block need no I/O.
func (r *Reader) ReadAt(ctx context.Context, chain orchestration.Chain, calls []Call, block uint64) (*Answers, error) {
	c, err := r.chain(chain)
	if err != nil {
		return nil, err
	}
	a, err := r.aggregate(ctx, c, calls, new(big.Int).SetUint64(block))
	if err != nil {
		r.metrics.readError(chain)
		return nil, err
	}
	return a, nil
}

func (r *Reader) chain(name orchestration.Chain) (*chainReader, error) {
	c := r.chains[name]
	if c == nil {
		return nil, fmt.Errorf("%w: %s", ErrUnknownChain, name)
	}
	return c, nil
}

// trip records one round trip to the node of c.
func (r *Reader) trip(ctx context.Context, c *chainReader) {
	countTrip(ctx, c.Name)
	r.metrics.trip(c.Name)
}

// aggregate reads calls plus getBlockNumber in one aggregate3 eth_call at
// block (nil: latest).
func (r *Reader) aggregate(ctx context.Context, c *chainReader, calls []Call, block *big.Int) (*Answers, error) {
	batch := make([]bindings.Multicall3Call3, 0, len(calls)+1)
	batch = append(batch, bindings.Multicall3Call3{Target: c.Multicall3, AllowFailure: true, CallData: getBlockNumberData})
	for _, call := range calls {
		batch = append(batch, bindings.Multicall3Call3{Target: call.To, AllowFailure: true, CallData: call.Data})
	}
	data, err := multicall.Pack("aggregate3", batch)
	if err != nil {
		return nil, fmt.Errorf("evm: %s: pack aggregate3: %w", c.Name, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("evm: %s: aggregate3 of %d calls: %w", c.Name, len(calls), err)
	}
	r.trip(ctx, c)
	out, err := c.Backend.CallContract(ctx, ethereum.CallMsg{To: &c.Multicall3, Data: data}, block)
	if err != nil {
		return nil, fmt.Errorf("evm: %s: aggregate3 of %d calls: %w", c.Name, len(calls), redact(err))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("evm: %s: aggregate3 returned nothing: no Multicall3 at %s?", c.Name, c.Multicall3)
	}
	vals, err := multicall.Unpack("aggregate3", out)
	if err != nil {
		return nil, fmt.Errorf("evm: %s: decode aggregate3: %w", c.Name, err)
	}
	results := *abi.ConvertType(vals[0], new([]bindings.Multicall3Result)).(*[]bindings.Multicall3Result)
	if len(results) != len(batch) {
		return nil, fmt.Errorf("evm: %s: aggregate3 answered %d of %d calls", c.Name, len(results), len(batch))
	}
	n, err := DecodeUint256(Result{OK: results[0].Success, Data: results[0].ReturnData})
	if err != nil || !n.IsUint64() {
		return nil, fmt.Errorf("evm: %s: Multicall3.getBlockNumber: bad answer: %v", c.Name, err)
	}
	a := NewAnswers(n.Uint64())
	for i, call := range calls {
		res := results[i+1]
		a.Put(call, Result{OK: res.Success, Data: res.ReturnData})
	}
	return a, nil
}
