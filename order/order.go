package order

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math/big"
	"slices"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// Catalog names each chain's OrderBook and finds a chain by its id;
// *asset.Catalog implements it.
type Catalog interface {
	Chain(orchestration.Chain) (asset.ChainInfo, bool)
	ChainByID(runtime orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool)
}

var _ Catalog = (*asset.Catalog)(nil)

// Config configures New.
type Config struct {
	// Catalog lists the chains served and their OrderBooks.
	Catalog Catalog
	// Books are the runtimes' order books (evmorders.Book for EVM
	// chains, svmorders.Book for Solana). An origin chain whose runtime has none, or whose Book does
	// not serve it, is a 501 NotImplemented naming the chain; such a
	// destination is not read (and a cancel bound for it is a 501). Nil
	// means none.
	Books map[orchestration.ChainRuntime]Book
	// Accounts write the accounts of runtimes that have no Book here (an
	// order's recipient, tokenOut and solver on a destination of such a
	// runtime). A runtime with neither has them as 0x and 64 hex digits.
	Accounts map[orchestration.ChainRuntime]Accounts
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
	// SolverRecordsWindow is how far back, by opening time, the solvers'
	// records of the metrics and SolverPolicy.SolverStats go; zero means
	// DefaultSuspensionWindow. A window, not the whole index: a read of a
	// million orders outlasts a scrape (decision 58).
	SolverRecordsWindow time.Duration
	// Logger receives failures of the index; nil means slog.Default().
	Logger *slog.Logger
}

// Service serves limit orders. It implements orchestration.OrderService and
// is safe for concurrent use.
type Service struct {
	cfg      Config
	logger   *slog.Logger
	hub      *hub                         // nil without a Feed
	runtimes []orchestration.ChainRuntime // lookupRuntimes
	// recordsCache holds the solvers' records last read, shared by the
	// metrics and SolverStats.
	recordsCache solverRecordsCache
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
	s := &Service{cfg: cfg, logger: logger, runtimes: lookupRuntimes(cfg)}
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

// lookupRuntimes are the runtimes a chain id is looked up in: those of
// Config.Books and Config.Accounts, then the vocabulary's.
func lookupRuntimes(cfg Config) []orchestration.ChainRuntime {
	out := slices.Sorted(maps.Keys(cfg.Books))
	for _, rt := range append(slices.Sorted(maps.Keys(cfg.Accounts)), orchestration.RuntimeEVM, orchestration.RuntimeSVM) {
		if !slices.Contains(out, rt) {
			out = append(out, rt)
		}
	}
	return out
}

// chainByID is the catalog's chain with id, of whichever runtime.
func (s *Service) chainByID(id uint64) (asset.ChainInfo, bool) {
	for _, rt := range s.runtimes {
		if c, ok := s.cfg.Catalog.ChainByID(rt, id); ok {
			return c, true
		}
	}
	return asset.ChainInfo{}, false
}

// Order reads the order ref names from its origin chain and, for a
// cross-chain order, its destination (see the package documentation).
// Errors: BadOrderRequest for a chain that is not a chain of the catalog
// with an OrderBook or a malformed id, OrderNotFound when the origin's
// OrderBook has no such order, CancelOrderError (the endpoint's internal
// code) naming the chain when a read fails, NotImplemented when the origin
// chain has no Book or client here.
func (s *Service) Order(ctx context.Context, ref orchestration.OrderRef) (*orchestration.Order, error) {
	fail := orchestration.EndpointOrder.Fail
	origin, id, err := s.originOf(orchestration.EndpointOrder.Bad, ref)
	if err != nil {
		return nil, err
	}
	book, err := s.bookOf(origin)
	if err != nil {
		return nil, err
	}
	o, err := s.read(ctx, fail, book, origin, id, Need{})
	if err != nil {
		return nil, err
	}
	if !o.Found {
		return nil, orchestration.Errorf(orchestration.OrderNotFound, "no order %s on %s", ref.OrderID, origin.Name)
	}
	dest, destKnown := s.chainByID(o.Terms.DestChainID)
	var d *View
	if destKnown && dest.Name != origin.Name && dest.Contracts.OrderBook != "" {
		if destBook, err := s.bookOf(dest); err == nil {
			if d, err = s.read(ctx, fail, destBook, dest, id, Need{}); err != nil {
				return nil, err
			}
		}
	}
	destAccounts := s.accountsOf(o.Terms.DestChainID, origin.ChainID)
	out := toWire(ref.OrderID, origin, book, destAccounts, o, d)
	s.addIndexed(ctx, out, id)
	return out, nil
}

// originOf resolves ref's origin chain and id; bad is the endpoint's 400
// code.
func (s *Service) originOf(bad orchestration.Code, ref orchestration.OrderRef) (asset.ChainInfo, ID, error) {
	var id ID
	if ref.OriginChain == "" {
		return asset.ChainInfo{}, id, orchestration.Errorf(bad, "originChain is required")
	}
	origin, ok := s.cfg.Catalog.Chain(ref.OriginChain)
	if !ok {
		return origin, id, orchestration.Errorf(bad, "originChain %q is not a chain this service serves", orchestration.Clip(string(ref.OriginChain)))
	}
	if origin.Contracts.OrderBook == "" {
		return origin, id, orchestration.Errorf(bad, "originChain %s has no OrderBook", origin.Name)
	}
	id, err := ParseID(ref.OrderID)
	if err != nil {
		return origin, id, orchestration.Wrap(bad, err, err.Error())
	}
	return origin, id, nil
}

// bookOf is the Book that reads chain c: a 501 NotImplemented naming it
// when its runtime has none here, or its Book no client for it.
func (s *Service) bookOf(c asset.ChainInfo) (Book, error) {
	b, ok := s.cfg.Books[c.Runtime]
	if !ok {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "reading orders on %s is not configured on this server (no order book for its runtime, %s)", c.Name, c.Runtime)
	}
	if !b.Serves(c.Name) {
		// Retrying cannot help: the server has no endpoint for the chain.
		return nil, orchestration.Errorf(orchestration.NotImplemented, "reading orders on %s is not configured on this server (no chain endpoint)", c.Name)
	}
	return b, nil
}

// read makes book's one read of id on c; fail is the endpoint's internal
// code.
func (s *Service) read(ctx context.Context, fail orchestration.Code, book Book, c asset.ChainInfo, id ID, need Need) (*View, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ReadTimeout)
	defer cancel()
	v, err := book.Read(ctx, c, id, need)
	if oe := (*orchestration.Error)(nil); errors.As(err, &oe) {
		return nil, err
	}
	if err != nil {
		return nil, orchestration.Wrap(fail, err, fmt.Sprintf("reading the order on %s failed; a retry may succeed", c.Name))
	}
	return v, nil
}

// toWire combines the origin's view o and the destination's d (nil when it
// was not read) into the wire order; originAccounts and destAccounts write
// the accounts of the two chains' runtimes.
func toWire(orderID string, origin asset.ChainInfo, originAccounts, destAccounts Accounts, o, d *View) *orchestration.Order {
	status := o.Status
	amountOutFilled := o.AmountOutFilled
	if d != nil {
		if !status.Terminal() && d.Status.Terminal() {
			status = d.Status
		}
		if d.AmountOutFilled != nil && d.AmountOutFilled.Cmp(amountOutFilled) > 0 {
			amountOutFilled = d.AmountOutFilled
		}
	}
	t := o.Terms
	return &orchestration.Order{
		OrderID:          orderID,
		Version:          int(t.Version),
		Nonce:            fmt.Sprint(t.Nonce),
		Sender:           originAccounts.Account(t.Sender),
		Recipient:        account(destAccounts, t.Recipient),
		OriginChainID:    origin.ChainID,
		DestChainID:      t.DestChainID,
		TokenIn:          originAccounts.Account(t.TokenIn),
		TokenOut:         account(destAccounts, t.TokenOut),
		AmountIn:         dec(t.AmountIn),
		AmountOut:        dec(t.AmountOut),
		DesignatedSolver: account(destAccounts, t.Solver),
		CreatedAt:        int64(t.CreatedAt),
		FillDeadline:     int64(t.FillDeadline),
		Status:           status,
		AmountOutFilled:  dec(amountOutFilled),
		AmountInReleased: dec(o.AmountInReleased),
		AmountRefunded:   dec(o.AmountRefunded),
	}
}

func dec(n *big.Int) string {
	if n == nil {
		return "0"
	}
	return n.String()
}
