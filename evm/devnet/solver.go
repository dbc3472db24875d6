package devnet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"sync"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

// DefaultSolverSpreadBps is the devnet solver's spread when Config leaves
// it zero: it delivers 99.9% of what it takes in, every devnet token being
// a dollar.
const DefaultSolverSpreadBps = 10

// solverPoll is how often the solver looks for new orders.
const solverPoll = 20 * time.Millisecond

// SolverEstFillTime is how soon after an order opens the devnet solver
// fills it, with room to spare, when it waits no Config.SolverDelay: it
// fills on its next poll.
const SolverEstFillTime = time.Second

// solverAttempts bounds how often a fill that fails (rather than one the
// solver declines) is tried before the order is dropped.
const solverAttempts = 5

// solverTimeout bounds one fill, approvals included.
const solverTimeout = 20 * time.Second

// OrderBook statuses (OrderTypes.sol).
const (
	orderStatusDoesNotExist = 0
	orderStatusCreated      = 1
)

// Solver is the devnet's market maker: it prices every devnet token at one
// dollar less a spread, and, when Config.Solver is set, fills the
// OrderBook orders it is willing to: those open to any solver or naming its
// account, whose destination is a devnet chain, asking no more than its
// price for what they lock, and whose output its inventory covers. It fills
// on the destination chain as the devnet's "solver" account (seeded with
// every token like the users), paying the fill report's bridge fee for a
// cross-chain order; the relayer then carries the report to the origin,
// which releases the locked tokens to the solver.
type Solver struct {
	d         *Devnet
	from      Account
	spreadBps int
	delay     time.Duration // Config.SolverDelay
	logger    *slog.Logger
	topic     common.Hash

	// mu serializes polls (the fill loop's and Fill's), so the solver's
	// transactions never race for a nonce, and guards their state.
	mu      sync.Mutex
	next    map[uint64]uint64 // by origin chain id: first block not scanned yet
	waiting []pendingOrder
}

type pendingOrder struct {
	origin   *Chain
	id       [32]byte
	due      time.Time
	attempts int
}

func newSolver(d *Devnet, from Account, spreadBps int, delay time.Duration, logger *slog.Logger) *Solver {
	return &Solver{d: d, from: from, spreadBps: spreadBps, delay: delay, logger: logger,
		topic: contracts.MustABI("OrderBook").Events["OrderOpened"].ID, next: map[uint64]uint64{}}
}

// Solver returns the devnet's solver. It always quotes; it fills orders
// only when the devnet was started with Config.Solver.
func (d *Devnet) Solver() *Solver { return d.solver }

// Name is the solver's name in offers.
func (s *Solver) Name() string { return "devnet" }

// Address is the solver's account, the same on every chain.
func (s *Solver) Address() common.Address { return s.from.Address }

// SpreadBps is the solver's spread in basis points.
func (s *Solver) SpreadBps() int { return s.spreadBps }

// EstFillTime is how soon after an order opens the fill loop fills it:
// SolverEstFillTime plus Config.SolverDelay.
func (s *Solver) EstFillTime() time.Duration { return SolverEstFillTime + s.delay }

// ErrNotTraded is Quote's error for an asset the devnet did not deploy.
var ErrNotTraded = errors.New("devnet solver: asset not traded")

// Quote is what the solver delivers of to for amountIn of from: amountIn
// rescaled to to's decimals, less the spread, rounded down.
func (s *Solver) Quote(from, to orchestration.AssetAddress, amountIn *big.Int) (*big.Int, error) {
	in, err := s.d.catalog.Resolve(from)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotTraded, err)
	}
	out, err := s.d.catalog.Resolve(to)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotTraded, err)
	}
	if amountIn == nil || amountIn.Sign() <= 0 {
		return nil, fmt.Errorf("devnet solver: amountIn must be positive, got %v", amountIn)
	}
	n := new(big.Int).Mul(amountIn, big.NewInt(int64(10_000-s.spreadBps)))
	n.Mul(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(out.Decimals)), nil))
	q := new(big.Int).Mul(big.NewInt(10_000), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(in.Decimals)), nil))
	return n.Quo(n, q), nil
}

// Fill fills, now, every order opened since the last poll that the solver
// is willing to fill (retrying a failed fill a few times), and returns how
// many it filled. With the devnet started without Config.Solver, tests
// call it to fill deterministically, as Devnet.Relay delivers messages; a
// cross-chain fill's report then waits for the relayer.
func (s *Solver) Fill(ctx context.Context) (int, error) {
	filled, pending := 0, 0
	for range solverAttempts {
		var n int
		n, pending = s.poll(ctx, true)
		filled += n
		if err := ctx.Err(); err != nil {
			return filled, err
		}
		if pending == 0 {
			return filled, nil
		}
	}
	return filled, fmt.Errorf("devnet solver: %d orders still failing after %d attempts", pending, solverAttempts)
}

// run fills orders until ctx ends.
func (s *Solver) run(ctx context.Context) {
	t := time.NewTicker(solverPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.poll(ctx, false)
		}
	}
}

// poll scans every chain's new blocks for OrderOpened and works through the
// orders due (all of them when now is set), and returns how many it filled
// and how many still wait.
func (s *Solver) poll(ctx context.Context, now bool) (filled, pending int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.d.chains {
		if err := s.scan(ctx, c); err != nil && ctx.Err() == nil {
			s.logger.Error("devnet solver: scanning orders", "chain", c.Name, "err", err)
		}
	}
	start := time.Now()
	rest := s.waiting[:0]
	for i, p := range s.waiting {
		if ctx.Err() != nil {
			s.waiting = append(rest, s.waiting[i:]...)
			return filled, len(s.waiting)
		}
		if !now && start.Before(p.due) {
			rest = append(rest, p)
			continue
		}
		ok, err := s.fill(ctx, p.origin, p.id)
		if ok {
			filled++
		}
		if err != nil {
			if ctx.Err() != nil {
				s.waiting = append(rest, s.waiting[i:]...)
				return filled, len(s.waiting)
			}
			p.attempts++
			final := p.attempts >= solverAttempts
			s.logger.Warn("devnet solver: fill failed", "origin", p.origin.Name, "orderId", common.Hash(p.id),
				"attempt", p.attempts, "dropped", final, "err", err)
			if !final {
				p.due = start.Add(time.Duration(p.attempts) * 100 * time.Millisecond)
				rest = append(rest, p)
			}
		}
	}
	s.waiting = rest
	return filled, len(rest)
}

func (s *Solver) scan(ctx context.Context, c *Chain) error {
	head := c.head()
	next := s.next[c.ChainID]
	if head < next {
		return nil
	}
	book := s.d.contracts[c.Name].OrderBook
	logs, err := c.client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(next), ToBlock: new(big.Int).SetUint64(head),
		Addresses: []common.Address{book}, Topics: [][]common.Hash{{s.topic}},
	})
	if err != nil {
		return err
	}
	filterer, _ := bindings.NewOrderBookFilterer(book, c.client)
	self := common.BytesToHash(s.from.Address.Bytes())
	for _, l := range logs {
		ev, err := filterer.ParseOrderOpened(l)
		if err != nil {
			s.logger.Error("devnet solver: undecodable OrderOpened", "chain", c.Name, "tx", l.TxHash, "err", err)
			continue
		}
		if ev.Solver != ([32]byte{}) && ev.Solver != self {
			s.logger.Debug("devnet solver: order reserved for another solver", "origin", c.Name, "orderId", common.Hash(ev.OrderId))
			continue
		}
		s.waiting = append(s.waiting, pendingOrder{origin: c, id: ev.OrderId, due: time.Now().Add(s.delay)})
	}
	s.next[c.ChainID] = head + 1
	return nil
}

// fill fills what is left of the order on its destination chain (true),
// or declines it (logged at Debug, false and a nil error).
func (s *Solver) fill(ctx context.Context, origin *Chain, id [32]byte) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, solverTimeout)
	defer cancel()
	call := &bind.CallOpts{Context: ctx}
	decline := func(why string, args ...any) error {
		s.logger.Debug("devnet solver: declining order: "+why,
			append([]any{"origin", origin.Name, "orderId", common.Hash(id)}, args...)...)
		return nil
	}

	originBook, err := bindings.NewOrderBook(s.d.contracts[origin.Name].OrderBook, origin.client)
	if err != nil {
		return false, err
	}
	data, err := originBook.GetOrderData(call, id)
	if err != nil {
		return false, fmt.Errorf("getOrderData: %w", err)
	}
	dest, ok := s.d.ChainByID(uint64(data.DestChainId))
	if !ok {
		return false, decline("destination is not a devnet chain", "destChainId", data.DestChainId)
	}
	tokenIn, tokenOut := common.BytesToAddress(data.TokenIn[:]), common.BytesToAddress(data.TokenOut[:])
	price, err := s.Quote(orchestration.AssetAddress{Chain: origin.Name, Address: tokenIn.Hex()},
		orchestration.AssetAddress{Chain: dest.Name, Address: tokenOut.Hex()}, data.AmountIn)
	if err != nil {
		return false, decline("not priced", "err", err)
	}
	if data.AmountOut.Cmp(price) > 0 {
		return false, decline("asks more than the spread allows", "amountOut", data.AmountOut, "offer", price)
	}

	k := s.d.contracts[dest.Name]
	destBook, err := bindings.NewOrderBook(k.OrderBook, dest.client)
	if err != nil {
		return false, err
	}
	o, err := destBook.GetOrder(call, id)
	if err != nil {
		return false, fmt.Errorf("getOrder on %s: %w", dest.Name, err)
	}
	if o.Status != orderStatusDoesNotExist && o.Status != orderStatusCreated {
		return false, decline("no longer open", "status", o.Status)
	}
	filled, err := destBook.GetFilledAmounts(call, id)
	if err != nil {
		return false, fmt.Errorf("getFilledAmounts on %s: %w", dest.Name, err)
	}
	amount := new(big.Int).Sub(data.AmountOut, filled.AmountOutFilled)
	if amount.Sign() <= 0 {
		return false, decline("nothing left to fill")
	}
	if now := dest.Now(); uint64(now.Unix()) > data.FillDeadline {
		return false, decline("expired", "fillDeadline", data.FillDeadline)
	}
	// Chains that sealed many blocks run ahead of wall time: the
	// destination must not be behind the order's createdAt.
	if uint64(dest.Now().Unix()) < data.CreatedAt {
		if err := s.d.SyncClocks(); err != nil {
			return false, err
		}
	}

	token, err := bindings.NewTetherToken(tokenOut, dest.client) // approve without a return value suits every token
	if err != nil {
		return false, err
	}
	bal, err := token.BalanceOf(call, s.from.Address)
	if err != nil {
		return false, fmt.Errorf("balanceOf on %s: %w", dest.Name, err)
	}
	if bal.Cmp(amount) < 0 {
		return false, decline("inventory too small", "need", amount, "have", bal)
	}
	opts := func(value *big.Int) (*bind.TransactOpts, error) {
		o, err := bind.NewKeyedTransactorWithChainID(s.from.Key, new(big.Int).SetUint64(dest.ChainID))
		if err != nil {
			return nil, err
		}
		o.Context, o.Value = ctx, value
		return o, nil
	}
	allowance, err := token.Allowance(call, s.from.Address, k.OrderBook)
	if err != nil {
		return false, fmt.Errorf("allowance on %s: %w", dest.Name, err)
	}
	if allowance.Cmp(amount) < 0 {
		approvals := []*big.Int{new(big.Int).SetUint64(math.MaxUint64)}
		if allowance.Sign() != 0 { // the USDT stand-in's rule
			approvals = append([]*big.Int{new(big.Int)}, approvals...)
		}
		for _, a := range approvals {
			o, err := opts(nil)
			if err != nil {
				return false, err
			}
			tx, err := token.Approve(o, k.OrderBook, a)
			if err != nil {
				return false, fmt.Errorf("approve on %s: %w", dest.Name, err)
			}
			if _, err := dest.WaitMined(ctx, tx); err != nil {
				return false, fmt.Errorf("approve on %s: %w", dest.Name, err)
			}
		}
	}

	var fee *big.Int
	var adapterArgs []byte // a signed Executor quote when the report goes through Wormhole
	if data.OriginChainId != data.DestChainId {
		if adapterArgs, fee, err = s.d.wormholeFee(call, dest, data.OriginChainId, payloadFillReport); err != nil {
			return false, fmt.Errorf("wormhole fee on %s: %w", dest.Name, err)
		}
		if adapterArgs == nil {
			portal, err := bindings.NewPortal(k.Portal, dest.client)
			if err != nil {
				return false, err
			}
			if fee, err = portal.Quote0(call, data.OriginChainId, payloadFillReport); err != nil {
				return false, fmt.Errorf("portal quote on %s: %w", dest.Name, err)
			}
		}
	}
	o2, err := opts(fee)
	if err != nil {
		return false, err
	}
	self := common.BytesToHash(s.from.Address.Bytes())
	params := bindings.FillParams{AmountOutToFill: amount, OriginRecipient: self, RefundAddress: self}
	var tx *types.Transaction
	if adapterArgs != nil {
		tx, err = destBook.FillOrder0(o2, id, data, params, adapterArgs)
	} else {
		tx, err = destBook.FillOrder(o2, id, data, params)
	}
	if err != nil {
		return false, fmt.Errorf("fillOrder on %s: %w", dest.Name, err)
	}
	if _, err := dest.WaitMined(ctx, tx); err != nil {
		return false, fmt.Errorf("fillOrder on %s: %w", dest.Name, err)
	}
	s.logger.Info("devnet solver: filled", "origin", origin.Name, "destination", dest.Name, "orderId", common.Hash(id),
		"amountOut", amount, "tx", tx.Hash())
	return true, nil
}
