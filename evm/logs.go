package evm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/orchestration"
)

// LogBackend is what following a contract's events needs from a node:
// eth_getLogs and block headers. *ethclient.Client satisfies it, and so
// does *LogReader. Its methods may be called concurrently and take the
// context that bounds the call.
type LogBackend interface {
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
	// HeaderByNumber returns the header of block number, or of the latest
	// block when number is nil.
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
}

var _ LogBackend = (*LogReader)(nil)

// LogReaderConfig configures NewLogReader. The zero value (bar Name and
// Backend) counts no metrics and logs to slog.Default().
type LogReaderConfig struct {
	// Name is the chain read; it labels metrics and errors. Required.
	Name orchestration.Chain
	// Backend is the chain's node. Required.
	Backend LogBackend
	// Registerer receives orchestration_evm_round_trips_total{chain} and
	// orchestration_evm_read_errors_total{chain}, the Reader's counters
	// (shared when both use one registry); nil registers none.
	Registerer prometheus.Registerer
	// Logger receives failed calls at debug level; nil means
	// slog.Default().
	Logger *slog.Logger
}

// LogReader reads one chain's logs and headers as a Reader reads contract
// state: each call is one round trip, counted in the context's Trips
// (WithTrips) and in orchestration_evm_round_trips_total{chain}; a failed
// call is counted in orchestration_evm_read_errors_total{chain}; errors
// name the chain and the call, wrap the cause, and never contain the
// node's URL. It is safe for concurrent use.
type LogReader struct {
	name    orchestration.Chain
	backend LogBackend
	metrics *metrics
	logger  *slog.Logger
}

// NewLogReader returns a LogReader for cfg.
func NewLogReader(cfg LogReaderConfig) (*LogReader, error) {
	if cfg.Name == "" {
		return nil, errors.New("evm: LogReaderConfig.Name is required")
	}
	if cfg.Backend == nil {
		return nil, fmt.Errorf("evm: %s: LogReaderConfig.Backend is required", cfg.Name)
	}
	m, err := newMetrics(cfg.Registerer, []orchestration.Chain{cfg.Name})
	if err != nil {
		return nil, err
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	return &LogReader{name: cfg.Name, backend: cfg.Backend, metrics: m, logger: logger}, nil
}

// Chain is the chain read.
func (r *LogReader) Chain() orchestration.Chain { return r.name }

// FilterLogs is eth_getLogs. A node refusing the query (a range or result
// too large, for many providers) answers an error for which NodeRefused
// is true.
func (r *LogReader) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	countTrip(ctx, r.name)
	r.metrics.trip(r.name)
	logs, err := r.backend.FilterLogs(ctx, q)
	if err != nil {
		return nil, r.fail(ctx, fmt.Errorf("evm: %s: eth_getLogs %s: %w", r.name, blockRange(q), redact(err)))
	}
	return logs, nil
}

// HeaderByNumber is eth_getBlockByNumber without transactions; nil number
// is the latest block.
func (r *LogReader) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
	countTrip(ctx, r.name)
	r.metrics.trip(r.name)
	h, err := r.backend.HeaderByNumber(ctx, number)
	if err != nil {
		which := "latest"
		if number != nil {
			which = number.String()
		}
		return nil, r.fail(ctx, fmt.Errorf("evm: %s: header of block %s: %w", r.name, which, redact(err)))
	}
	return h, nil
}

func (r *LogReader) fail(ctx context.Context, err error) error {
	r.metrics.readError(r.name)
	r.logger.DebugContext(ctx, "evm log read failed", "chain", r.name, "err", err)
	return err
}

func blockRange(q ethereum.FilterQuery) string {
	if q.BlockHash != nil {
		return "of block " + q.BlockHash.Hex()
	}
	return fmt.Sprintf("of blocks %v to %v", q.FromBlock, q.ToBlock)
}

// NodeRefused reports whether err carries a node's answer refusing the
// request, a JSON-RPC error (rpc.Error) or an HTTP 400 or 413 status
// (rpc.HTTPError), rather than a failure to reach the node or a rate
// limit. Providers refuse eth_getLogs over too many blocks or with too
// many results that way, so a caller can retry with a narrower range.
func NodeRefused(err error) bool {
	var re rpc.Error
	var he rpc.HTTPError
	switch {
	case errors.As(err, &re):
		return true
	case errors.As(err, &he):
		return he.StatusCode == http.StatusBadRequest || he.StatusCode == http.StatusRequestEntityTooLarge
	}
	return false
}
