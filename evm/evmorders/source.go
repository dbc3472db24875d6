package evmorders

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
)

// DefaultMaxRange is EventSourceConfig.MaxRange's default.
const DefaultMaxRange = 2000

// EventSourceConfig configures NewEventSource.
type EventSourceConfig struct {
	// Name labels logs. Required.
	Name orchestration.Chain
	// ChainID is the chain's id, as orders name it. Required.
	ChainID uint64
	// OrderBook is the OrderBook's address. Required.
	OrderBook common.Address
	// Logs reads the chain: an evm.LogReader over the chain's client, for
	// round-trip counting and errors without URLs. Required.
	Logs evm.LogBackend
	// Confirmations is how far behind the head the index stays: blocks
	// newer than head - Confirmations are not read yet. Zero reads up to
	// the head (re-orgs are then undone as they are found).
	Confirmations uint64
	// MaxRange is the most blocks one eth_getLogs asks for; zero means
	// DefaultMaxRange. A node refusing a range halves it, down to one
	// block; it grows back by doubling after each range read.
	MaxRange uint64
	// Logger receives the ranges narrowed; nil means slog.Default().
	Logger *slog.Logger
}

// EventSource reads one EVM chain's OrderBook logs for order.Indexer: see
// the package documentation. Like every order.EventSource it is used from
// one goroutine.
type EventSource struct {
	cfg    EventSourceConfig
	logger *slog.Logger
	rng    uint64 // blocks per eth_getLogs now
}

var _ order.EventSource = (*EventSource)(nil)

// NewEventSource checks cfg and returns the chain's EventSource.
func NewEventSource(cfg EventSourceConfig) (*EventSource, error) {
	switch {
	case cfg.Name == "" || cfg.ChainID == 0:
		return nil, errors.New("evmorders: EventSourceConfig needs a name and a chain id")
	case cfg.OrderBook == (common.Address{}):
		return nil, errors.New("evmorders: EventSourceConfig: " + string(cfg.Name) + " has no OrderBook address")
	case cfg.Logs == nil:
		return nil, errors.New("evmorders: EventSourceConfig: " + string(cfg.Name) + " has no Logs backend")
	}
	if cfg.MaxRange == 0 {
		cfg.MaxRange = DefaultMaxRange
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	return &EventSource{cfg: cfg, logger: logger.With("chain", cfg.Name), rng: cfg.MaxRange}, nil
}

// Events reads the OrderBook's logs of blocks next.. with one eth_getLogs
// of at most the current range, up to the head less Confirmations, after
// checking that last is still the chain's block (else order.ErrReorg). A
// range the node refuses is halved and a Page asking to read again at
// once is returned; a range read doubles the next one back towards
// MaxRange.
func (s *EventSource) Events(ctx context.Context, next uint64, last order.Anchor) (order.Page, error) {
	logs := s.cfg.Logs
	head, err := logs.HeaderByNumber(ctx, nil)
	if err != nil {
		return order.Page{}, err
	}
	headN := head.Number.Uint64()
	page := order.Page{Head: headN}
	if headN < s.cfg.Confirmations {
		return page, nil
	}
	target := headN - s.cfg.Confirmations
	if last != (order.Anchor{}) {
		// The newest block indexed must still be on the chain.
		var h *types.Header
		switch {
		case last.Number == headN:
			h = head
		case last.Number < headN && next <= target:
			if h, err = logs.HeaderByNumber(ctx, new(big.Int).SetUint64(last.Number)); err != nil {
				return page, err
			}
		}
		if h != nil && h.Hash().Hex() != last.Hash {
			return page, order.ErrReorg
		}
	}
	if next > target {
		return page, nil
	}

	from, to := next, min(next+s.rng-1, target)
	toHeader := head
	if to != headN {
		if toHeader, err = logs.HeaderByNumber(ctx, new(big.Int).SetUint64(to)); err != nil {
			return page, err
		}
	}
	found, err := logs.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to),
		Addresses: []common.Address{s.cfg.OrderBook}, Topics: eventTopics,
	})
	if err != nil {
		if evm.NodeRefused(err) && to > from {
			s.rng = max(1, (to-from+1)/2)
			s.logger.Info("order index: the node refused a range; narrowing it", "from", from, "to", to, "blocks", s.rng, "err", err)
			page.More = true
			return page, nil
		}
		return page, err
	}
	found = inRange(found, from, to)
	chain, err := s.chainOf(ctx, toHeader, found)
	if fe := (*order.ForkError)(nil); errors.As(err, &fe) {
		fe.From, fe.To = from, to
		return page, fe
	}
	if err != nil {
		return page, err
	}
	for _, l := range found {
		ev, ok, err := decodeLog(s.cfg.ChainID, l)
		if err != nil {
			return page, &order.UndecodableError{Block: l.BlockNumber, Index: l.Index, Tx: l.TxHash.Hex(), Err: err}
		}
		if !ok {
			continue
		}
		if ev.BlockTime == 0 && !ev.Removed { // a node that does not say blockTimestamp
			ev.BlockTime = chain[l.BlockNumber].Time
		}
		page.Events = append(page.Events, ev)
	}
	page.End = order.Anchor{Number: to, Hash: toHeader.Hash().Hex()}
	page.More = to < target
	s.rng = min(s.cfg.MaxRange, s.rng*2)
	return page, nil
}

// ForkPoint returns the newest of kept the chain still has, reading the
// header of each in turn (those above the head are skipped).
func (s *EventSource) ForkPoint(ctx context.Context, kept []order.Anchor) (order.Anchor, bool, error) {
	head, err := s.cfg.Logs.HeaderByNumber(ctx, nil)
	if err != nil {
		return order.Anchor{}, false, err
	}
	for _, b := range kept {
		if b.Number > head.Number.Uint64() {
			continue
		}
		h, err := s.cfg.Logs.HeaderByNumber(ctx, new(big.Int).SetUint64(b.Number))
		if err != nil {
			return order.Anchor{}, false, err
		}
		if h.Hash().Hex() == b.Hash {
			return b, true, nil
		}
	}
	return order.Anchor{}, false, nil
}

// inRange keeps the logs of blocks from..to and every removed log (an
// undo notice names a block of the dropped fork, wherever it was).
func inRange(logs []types.Log, from, to uint64) []types.Log {
	return slices.DeleteFunc(logs, func(l types.Log) bool {
		return !l.Removed && (l.BlockNumber < from || l.BlockNumber > to)
	})
}

// headerReads bounds the header reads of one chainOf in flight at once.
const headerReads = 8

// chainOf checks that every log (bar the removed ones) is of a block of the
// chain that ends at end, and returns that chain's headers by number, from
// the oldest such log's block to end; an *order.ForkError (Block set) when
// one is not.
//
// The chain is walked by parent hash from end down to the oldest block with
// a log, a header per block. That is the cheapest check that holds when
// the backend answers each call from another node: comparing a log's
// blockHash with the header read by its number only moves the question to
// whether that header is of end's chain, and a hash names its parent alone,
// so nothing short of the walk links a block to end. It costs nothing for a
// range without logs (most ranges at the head), at most one header read per
// block of the range otherwise (read headerReads at a time), and gives the
// block times of nodes that do not say blockTimestamp.
func (s *EventSource) chainOf(ctx context.Context, end *types.Header, logs []types.Log) (map[uint64]*types.Header, error) {
	endN := end.Number.Uint64()
	low := endN + 1
	for _, l := range logs {
		if !l.Removed {
			low = min(low, l.BlockNumber)
		}
	}
	if low > endN {
		return nil, nil
	}
	headers := make([]*types.Header, endN-low+1)
	headers[len(headers)-1] = end
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(headerReads)
	for n := low; n < endN; n++ {
		g.Go(func() error {
			h, err := s.cfg.Logs.HeaderByNumber(gctx, new(big.Int).SetUint64(n))
			headers[n-low] = h
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	chain := make(map[uint64]*types.Header, len(headers))
	chain[endN] = end
	for i := len(headers) - 2; i >= 0; i-- {
		if headers[i].Hash() != headers[i+1].ParentHash {
			return nil, &order.ForkError{Block: low + uint64(i)}
		}
		chain[low+uint64(i)] = headers[i]
	}
	for _, l := range logs {
		if !l.Removed && l.BlockHash != chain[l.BlockNumber].Hash() {
			return nil, &order.ForkError{Block: l.BlockNumber}
		}
	}
	return chain, nil
}
