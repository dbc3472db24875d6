package order

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

// Catalog names each chain's OrderBook and finds a chain by its id;
// *asset.Catalog implements it.
type Catalog interface {
	Chain(orchestration.Chain) (asset.ChainInfo, bool)
	ChainByID(runtime orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool)
}

var _ Catalog = (*asset.Catalog)(nil)

// Reader reads EVM chains in batches, one round trip per Read;
// *evm.Reader implements it.
type Reader interface {
	Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error)
	Has(chain orchestration.Chain) bool
}

var _ Reader = (*evm.Reader)(nil)

// Config configures New.
type Config struct {
	// Catalog lists the chains served and their OrderBooks.
	Catalog Catalog
	// Reader reads the OrderBooks. An origin chain it does not have (or a
	// nil Reader) is a 501 NotImplemented naming the chain; a destination
	// it does not have is not read.
	Reader Reader
	// ReadTimeout bounds each chain's read, and each read of the index;
	// zero means 10 seconds.
	ReadTimeout time.Duration
	// CancelFeeMarginBps is what a cross-chain cancel's value adds to the
	// bridge fee read when it is built, in basis points of that fee
	// (rounded up), so that a fee rising before the cancel is mined does
	// not revert it: the Portal refunds what exceeds the fee to the caller
	// in the same transaction (decision 37). Zero means
	// DefaultCancelFeeMarginBps; negative means none (the fee as read);
	// at most 10000.
	CancelFeeMarginBps int
	// Index is the order index (kept by an Indexer), for GET /orders and
	// the fields of an order only the index knows. Nil means none: GET
	// /orders answers 501 NotImplemented and those fields are null.
	Index *Store
	// Feed tells the status streams (OrderEvents) which orders the index
	// changed: the Indexer's feed (IndexerConfig.Feed), or one reaching
	// the replica that runs it. Nil (or no Index) means no streams: they
	// answer 501 NotImplemented. The streams share one subscription to it,
	// from the first stream until Close.
	Feed StatusFeed
	// Recheck is how often a status stream re-reads the index without a
	// notice (in case one was lost); zero means DefaultRecheck.
	Recheck time.Duration
	// Logger receives failures of the index; nil means slog.Default().
	Logger *slog.Logger
}

// Service serves limit orders. It implements orchestration.OrderService and
// is safe for concurrent use.
type Service struct {
	cfg    Config
	logger *slog.Logger
	hub    *hub // nil without a Feed
}

var _ orchestration.OrderService = (*Service)(nil)

// New returns a Service for cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("order: Config.Catalog is required")
	}
	if cfg.ReadTimeout < 0 || cfg.Recheck < 0 {
		return nil, errors.New("order: Config.ReadTimeout and Recheck must not be negative")
	}
	if cfg.CancelFeeMarginBps > maxCancelFeeMarginBps {
		return nil, fmt.Errorf("order: Config.CancelFeeMarginBps %d is above %d (twice the fee)", cfg.CancelFeeMarginBps, maxCancelFeeMarginBps)
	}
	if cfg.CancelFeeMarginBps == 0 {
		cfg.CancelFeeMarginBps = DefaultCancelFeeMarginBps
	}
	if cfg.Recheck == 0 {
		cfg.Recheck = DefaultRecheck
	}
	if cfg.ReadTimeout == 0 {
		cfg.ReadTimeout = 10 * time.Second
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	s := &Service{cfg: cfg, logger: logger}
	if cfg.Feed != nil {
		s.hub = newHub(cfg.Feed, logger)
	}
	return s, nil
}

// Close ends the subscription to Config.Feed that the status streams
// share: the first stream makes it, and it is held until Close (for
// PostgresFeed, one connection of the index's pool). Streams still open
// afterwards re-read the index only every Recheck. Close does nothing
// more, has nothing to report, and may be called more than once.
func (s *Service) Close() {
	if s.hub != nil {
		s.hub.close()
	}
}

// The OrderBook's statuses (OrderTypes.sol).
const (
	statusDoesNotExist = 0
	statusCreated      = 1
	statusCancelled    = 2
	statusCompleted    = 3
)

var (
	orderBookABI       = mustABI()
	getOrderMethod     = orderBookABI.Methods["getOrder"]
	getFilledAmountsFn = orderBookABI.Methods["getFilledAmounts"]
)

func mustABI() *abi.ABI {
	a, err := bindings.OrderBookMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return a
}

// view is one chain's view of an order.
type view struct {
	order  bindings.Order
	filled bindings.FilledAmounts
}

// Order reads the order ref names from its origin chain and, for a
// cross-chain order, its destination (see the package documentation).
// Errors: BadOrderRequest for a chain that is not an EVM chain of the
// catalog with an OrderBook or a malformed id, OrderNotFound when the
// origin's OrderBook has no such order, CancelOrderError (the endpoint's
// internal code) naming the chain when a read fails, NotImplemented when
// the origin chain has no client here.
func (s *Service) Order(ctx context.Context, ref orchestration.OrderRef) (*orchestration.Order, error) {
	origin, id, err := s.originOf(orchestration.EndpointOrder.Bad, ref)
	if err != nil {
		return nil, err
	}
	o, err := s.read(ctx, origin, id)
	if err != nil {
		return nil, err
	}
	if o.order.Status == statusDoesNotExist {
		return nil, orchestration.Errorf(orchestration.OrderNotFound, "no order %s on %s", ref.OrderID, origin.Name)
	}

	dest, destKnown := s.cfg.Catalog.ChainByID(orchestration.RuntimeEVM, uint64(o.order.DestChainId))
	if !destKnown {
		dest, destKnown = s.cfg.Catalog.ChainByID(orchestration.RuntimeSVM, uint64(o.order.DestChainId))
	}
	var d *view
	if destKnown && dest.Name != origin.Name && dest.Runtime == orchestration.RuntimeEVM &&
		dest.Contracts.OrderBook != "" && s.cfg.Reader != nil && s.cfg.Reader.Has(dest.Name) {
		if d, err = s.read(ctx, dest, id); err != nil {
			return nil, err
		}
	}
	destRuntime := orchestration.RuntimeEVM
	if destKnown {
		destRuntime = dest.Runtime
	}
	out := toWire(ref.OrderID, origin, destRuntime, o, d)
	s.addIndexed(ctx, out, id)
	return out, nil
}

// originOf resolves ref's origin chain and id; bad is the endpoint's 400
// code.
func (s *Service) originOf(bad orchestration.Code, ref orchestration.OrderRef) (asset.ChainInfo, [32]byte, error) {
	var id [32]byte
	if ref.OriginChain == "" {
		return asset.ChainInfo{}, id, orchestration.Errorf(bad, "originChain is required")
	}
	origin, ok := s.cfg.Catalog.Chain(ref.OriginChain)
	if !ok {
		return origin, id, orchestration.Errorf(bad, "originChain %q is not a chain this service serves", orchestration.Clip(string(ref.OriginChain)))
	}
	if origin.Runtime != orchestration.RuntimeEVM {
		return origin, id, orchestration.Errorf(bad, "originChain %s: only orders created on EVM chains are served here", origin.Name)
	}
	if origin.Contracts.OrderBook == "" {
		return origin, id, orchestration.Errorf(bad, "originChain %s has no OrderBook", origin.Name)
	}
	id, err := orchestration.ParseOrderID(ref.OrderID)
	if err != nil {
		return origin, id, orchestration.Wrap(bad, err, err.Error())
	}
	return origin, id, nil
}

// read makes the one batched read of id on c's OrderBook.
func (s *Service) read(ctx context.Context, c asset.ChainInfo, id [32]byte) (*view, error) {
	fail := func(err error) error {
		return orchestration.Wrap(orchestration.EndpointOrder.Fail, err,
			fmt.Sprintf("reading the order on %s failed; a retry may succeed", c.Name))
	}
	if !s.has(c) {
		return nil, notConfigured(c)
	}
	book := common.HexToAddress(c.Contracts.OrderBook)
	getOrder := evm.MustMethodCall(book, getOrderMethod, false, id)
	getFilled := evm.MustMethodCall(book, getFilledAmountsFn, false, id)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ReadTimeout)
	defer cancel()
	a, err := s.cfg.Reader.Read(ctx, c.Name, []evm.Call{getOrder, getFilled})
	if err != nil {
		return nil, fail(err)
	}
	var v view
	if err := decodeTuple(getOrderMethod, a, getOrder, &v.order); err != nil {
		return nil, fail(err)
	}
	if err := decodeTuple(getFilledAmountsFn, a, getFilled, &v.filled); err != nil {
		return nil, fail(err)
	}
	return &v, nil
}

// decodeTuple decodes m's one tuple output into dst, a binding struct.
func decodeTuple[T any](m abi.Method, a *evm.Answers, c evm.Call, dst *T) error {
	v, err := evm.Decode1[any](m, a, c)
	if err != nil {
		return err
	}
	out, ok := abi.ConvertType(v, new(T)).(*T)
	if !ok {
		return fmt.Errorf("decoding %s: got %T, want %T", m.RawName, v, *dst)
	}
	*dst = *out
	return nil
}

// toWire combines the origin's view o and the destination's d (nil when it
// was not read) into the wire order.
func toWire(orderID string, origin asset.ChainInfo, destRuntime orchestration.ChainRuntime, o, d *view) *orchestration.Order {
	status := wireStatus(o.order.Status)
	amountOutFilled := o.filled.AmountOutFilled
	if d != nil {
		if !status.Terminal() {
			if ds := wireStatus(d.order.Status); ds.Terminal() {
				status = ds
			}
		}
		if d.filled.AmountOutFilled.Cmp(amountOutFilled) > 0 {
			amountOutFilled = d.filled.AmountOutFilled
		}
	}
	return &orchestration.Order{
		OrderID:          orderID,
		Version:          int(o.order.Version),
		Nonce:            fmt.Sprint(o.order.Nonce),
		Sender:           o.order.Sender.Hex(),
		Recipient:        account(destRuntime, o.order.Recipient),
		OriginChainID:    origin.ChainID,
		DestChainID:      uint64(o.order.DestChainId),
		TokenIn:          o.order.TokenIn.Hex(),
		TokenOut:         account(destRuntime, o.order.TokenOut),
		AmountIn:         dec(o.order.AmountIn),
		AmountOut:        dec(o.order.AmountOut),
		DesignatedSolver: account(destRuntime, o.order.Solver),
		CreatedAt:        int64(o.order.CreatedAt),
		FillDeadline:     int64(o.order.FillDeadline),
		Status:           status,
		AmountOutFilled:  dec(amountOutFilled),
		AmountInReleased: dec(o.filled.AmountInReleased),
		AmountRefunded:   dec(o.filled.AmountInRefunded),
	}
}

func wireStatus(s uint8) orchestration.OrderStatus {
	switch s {
	case statusCompleted:
		return orchestration.OrderCompleted
	case statusCancelled:
		return orchestration.OrderCancelled
	}
	return orchestration.OrderCreated
}

// account is a bytes32 account of the destination chain in its runtime's
// form: the EIP-55 address of its low 20 bytes on EVM, base58 on Solana.
// Zero (an open fill's solver) is the zero account of the runtime.
func account(rt orchestration.ChainRuntime, b [32]byte) string {
	if rt == orchestration.RuntimeSVM {
		return solana.PublicKeyFromBytes(b[:]).String()
	}
	return common.BytesToAddress(b[12:]).Hex()
}

func dec(n *big.Int) string {
	if n == nil {
		return "0"
	}
	return n.String()
}
