package limitorder

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// ErrNoOffer is a Solver's answer when it does not quote the leg (an asset
// it does not trade, an amount beyond its inventory). It is not a failure.
var ErrNoOffer = errors.New("limitorder: the solver makes no offer for this leg")

// Solver quotes legs it is willing to fill as an OrderBook solver.
type Solver interface {
	// Name identifies the solver in offers and logs; unique among solvers.
	Name() string
	// Offer answers req, or returns ErrNoOffer (possibly wrapped) when the
	// solver does not quote it. It must honour ctx; Collect abandons a
	// solver that does not.
	Offer(ctx context.Context, req OfferRequest) (Offer, error)
}

// Addressed is a Solver whose address is configured with it, not taken
// from its offers: Collect fills it into an offer that names none and
// refuses an offer that names another (a SolverError), since the address
// is what an exclusive order binds on chain and what payloads show. A
// solver without one is known by the address its offers name, which may
// not be the configured address of another solver.
type Addressed interface {
	Solver
	// Address is the solver's address on chain, in that chain's form;
	// empty when it has none configured there.
	Address(chain orchestration.Chain) string
}

// OfferRequest is one leg a solver is asked to quote: AmountIn of From (on
// the origin chain, locked in the OrderBook) for To (delivered on the
// destination chain to Recipient).
type OfferRequest struct {
	From, To  asset.AssetInfo
	AmountIn  *big.Int
	Recipient string
}

// Offer is a solver's answer to an OfferRequest.
type Offer struct {
	// Solver is the name of the solver making the offer: Collect sets it
	// to the configured solver's Name, whatever the solver put there, so
	// that an offer is never attributed to another solver.
	Solver string
	// Address is the solver's address on the destination chain: the
	// designated solver of an exclusive order. For an Addressed solver it
	// is the configured one (see Addressed).
	Address string
	// AmountOut is what the solver delivers to the recipient, in To's
	// smallest unit, its fee already taken.
	AmountOut *big.Int
	// Exclusive says the order must name this solver on chain (only it may
	// fill); otherwise the order is open to any solver.
	Exclusive bool
	// FeeBps is the solver's fee in basis points of the amount, already
	// taken from AmountOut; for display.
	FeeBps int
	// EstFillTime is how soon after the order opens the solver fills it.
	EstFillTime time.Duration
	// ExpiresAt is when the solver stops standing by the offer (an RFQ
	// solver's expiresAt); zero when it names no time. An order quoted on
	// the offer expires with it (quote.Leg.ValidUntil), and an offer
	// already expired when its leg is priced makes no route.
	ExpiresAt time.Time
}

// PanicError is a solver's Offer that panicked; Stack is where.
type PanicError struct {
	Value any
	Stack []byte
}

func (p *PanicError) Error() string { return fmt.Sprintf("limitorder: solver panicked: %v", p.Value) }

// ErrAbandoned marks a solver that did not return once its timeout was
// over (plus a grace period): Collect stopped waiting for it.
var ErrAbandoned = fmt.Errorf("limitorder: solver ignored its deadline and was abandoned: %w", context.DeadlineExceeded)

// SolverError is a solver's failure in Collect, named by solver.
type SolverError struct {
	Solver string
	Err    error
}

func (e *SolverError) Error() string {
	return fmt.Sprintf("limitorder: solver %s: %v", e.Solver, e.Err)
}
func (e *SolverError) Unwrap() error { return e.Err }

// grace is how long Collect waits past a solver's timeout for it to notice
// its cancelled context before abandoning it.
func grace(timeout time.Duration) time.Duration { return min(timeout/2, time.Second) }

// Collect asks every solver for an offer on req concurrently, each under its
// own deadline of timeout, and returns within timeout plus a short grace
// (or when ctx ends) whatever the solvers do: a solver that ignores its
// context is abandoned (its goroutine ends whenever it returns, and its
// late answer is dropped), a panic is that solver's error.
//
// Offers come in solver order, each attributed to the solver that returned
// it (Offer.Solver is its Name; see Addressed for its Address). Exclusive offers are kept one per solver;
// open-fill offers are collapsed into the best of them (the largest
// AmountOut, the earlier solver on a tie), placed where its solver is.
// errs holds a *SolverError per solver that failed; ErrNoOffer answers are
// not errors and are left out.
func Collect(ctx context.Context, solvers []Solver, req OfferRequest, timeout time.Duration) (offers []Offer, errs []error) {
	c := StartCollect(ctx, solvers, req, timeout)
	<-c.Done()
	return c.Offers()
}

// Collection is a Collect in flight: its offers so far can be read before
// every solver has answered, so a caller in a hurry takes what has come.
type Collection struct {
	solvers []Solver
	done    chan struct{}

	mu       sync.Mutex
	results  []result
	answered []bool
}

type result struct {
	offer Offer
	err   error
}

// StartCollect starts asking every solver, as Collect does, and returns at
// once.
func StartCollect(ctx context.Context, solvers []Solver, req OfferRequest, timeout time.Duration) *Collection {
	return startCollect(ctx, solvers, nil, req, timeout)
}

// errNotAdmitted is the answer of a solver the Gate did not admit: no
// offer, and no failure to log.
var errNotAdmitted = fmt.Errorf("%w: not admitted by the gate (suspended)", ErrNoOffer)

// startCollect is StartCollect asking only the solvers gate admits (all
// when gate is nil); the others answer errNotAdmitted at once. They stay
// in the collection so that their configured addresses are still theirs:
// another solver's offer cannot claim a suspended solver's address.
func startCollect(ctx context.Context, solvers []Solver, gate Gate, req OfferRequest, timeout time.Duration) *Collection {
	c := &Collection{solvers: solvers, done: make(chan struct{}),
		results: make([]result, len(solvers)), answered: make([]bool, len(solvers))}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	addrs := configuredAddresses(solvers, req.To.Chain)
	var wg sync.WaitGroup
	for i, s := range solvers {
		if gate != nil && !gate.Admit(s.Name()) {
			c.results[i], c.answered[i] = result{err: errNotAdmitted}, true
			continue
		}
		ch := make(chan result, 1) // buffered: a late answer never blocks
		go func() {
			var r result
			defer func() {
				if p := recover(); p != nil {
					r = result{err: &PanicError{Value: p, Stack: debug.Stack()}}
				}
				ch <- r
			}()
			r.offer, r.err = s.Offer(cctx, req)
		}()
		wg.Go(func() {
			g := time.NewTimer(timeout + grace(timeout))
			defer g.Stop()
			var r result
			select {
			case r = <-ch:
			case <-ctx.Done():
				r = result{err: ctx.Err()}
			case <-g.C:
				r = result{err: ErrAbandoned}
			}
			if r.err == nil && addrs != nil {
				r.offer.Address, r.err = addressOf(solvers, addrs, i, r.offer.Address)
			}
			c.mu.Lock()
			c.results[i], c.answered[i] = r, true
			c.mu.Unlock()
		})
	}
	go func() {
		wg.Wait()
		cancel()
		close(c.done)
	}()
	return c
}

// configuredAddresses are the solvers' configured addresses on chain, by
// solver index ("" for none), or nil when no solver has one there.
func configuredAddresses(solvers []Solver, chain orchestration.Chain) []string {
	var addrs []string
	for i, s := range solvers {
		a, ok := s.(Addressed)
		if !ok {
			continue
		}
		if addr := a.Address(chain); addr != "" {
			if addrs == nil {
				addrs = make([]string, len(solvers))
			}
			addrs[i] = addr
		}
	}
	return addrs
}

// addressOf is the address of solver i's offer naming claimed: its
// configured one, or else the claimed one unless another solver is
// configured with it.
func addressOf(solvers []Solver, addrs []string, i int, claimed string) (string, error) {
	if own := addrs[i]; own != "" {
		if claimed != "" && !sameAddress(claimed, own) {
			return "", fmt.Errorf("offer names address %q, not the solver's configured %s", orchestration.Clip(claimed), own)
		}
		return own, nil
	}
	for j, other := range addrs {
		if other != "" && sameAddress(claimed, other) {
			return "", fmt.Errorf("offer names address %s, solver %s's", other, solvers[j].Name())
		}
	}
	return claimed, nil
}

// sameAddress compares two addresses of one chain: EVM hex regardless of
// case (its checksum), others byte for byte (base58 is case-sensitive).
func sameAddress(a, b string) bool {
	if common.IsHexAddress(a) && common.IsHexAddress(b) {
		return common.HexToAddress(a) == common.HexToAddress(b)
	}
	return a == b
}

// Done is closed once every solver has answered, failed or been
// abandoned.
func (c *Collection) Done() <-chan struct{} { return c.done }

// offerBy is the offer of the named solver among those Offers returns,
// found without building them: the one lookup each leg makes.
func (c *Collection) offerBy(name string) (Offer, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	valid := func(i int) bool {
		r := c.results[i]
		return c.answered[i] && r.err == nil && r.offer.AmountOut != nil && r.offer.AmountOut.Sign() > 0
	}
	bestOpen := -1
	for i, r := range c.results {
		if valid(i) && !r.offer.Exclusive && (bestOpen < 0 || r.offer.AmountOut.Cmp(c.results[bestOpen].offer.AmountOut) > 0) {
			bestOpen = i
		}
	}
	for i, r := range c.results {
		if !valid(i) || (!r.offer.Exclusive && i != bestOpen) {
			continue
		}
		if c.solvers[i].Name() == name {
			o := r.offer
			o.Solver = name // the configured solver's, never the offer's own
			return o, true
		}
	}
	return Offer{}, false
}

// Offers returns the offers and errors so far, as Collect does; a solver
// that has not answered yet is in neither.
func (c *Collection) Offers() (offers []Offer, errs []error) {
	c.mu.Lock()
	results := slices.Clone(c.results)
	answered := slices.Clone(c.answered)
	c.mu.Unlock()
	bestOpen := -1
	for i, r := range results {
		switch {
		case !answered[i] || errors.Is(r.err, ErrNoOffer):
			continue
		case r.err != nil:
			errs = append(errs, &SolverError{Solver: c.solvers[i].Name(), Err: r.err})
			continue
		case r.offer.AmountOut == nil || r.offer.AmountOut.Sign() <= 0:
			errs = append(errs, &SolverError{Solver: c.solvers[i].Name(), Err: fmt.Errorf("offer without a positive amountOut: %v", r.offer.AmountOut)})
			continue
		}
		results[i].offer.Solver = c.solvers[i].Name() // never the offer's own
		if !r.offer.Exclusive && (bestOpen < 0 || r.offer.AmountOut.Cmp(results[bestOpen].offer.AmountOut) > 0) {
			bestOpen = i
		}
	}
	for i, r := range results {
		if !answered[i] || r.err != nil || r.offer.AmountOut == nil || r.offer.AmountOut.Sign() <= 0 {
			continue
		}
		if r.offer.Exclusive || i == bestOpen {
			offers = append(offers, r.offer)
		}
	}
	return offers, errs
}
