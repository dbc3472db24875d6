package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/permit"
)

// traders are the devnet accounts that open limit orders, one closed loop
// each (one account's transactions are sent one at a time: its nonces).
var traders = []string{"alice", "bob"}

// load is the closed-loop mix: a browsing client (assets, topology, order
// lists, solver stats), a quoting client (every route class, warm and
// cold, forward and exact output), a permit client (quote, sign, build)
// and one trader per account (limit-order quote, open on chain, cancel
// refused while open, index wait, status stream to the end).
type load struct {
	api *client.Client
	// stranger calls with a key no replica knows: 401 Unauthorized, in
	// an outage too.
	stranger *client.Client
	// budget calls with a key limited to budgetRate, faster than that.
	budget *client.Client
	assets map[string]orchestration.AssetAddress // "Sepolia/wM"
	chains map[orchestration.Chain]evm.TxBackend // the chains' own endpoints
	think  time.Duration
	// tradeEvery paces each trader: the devnet seals a block per
	// transaction and each block moves its chain's clock a second on, so
	// more than about a block a second on a chain runs its clock ahead of
	// the others' and cross-chain fills wait for the destination's clock
	// to reach the order's createdAt.
	tradeEvery time.Duration
	ledger     *ledger
	streams    sync.WaitGroup
	// streamCtx bounds the status streams and index waits, which outlive
	// the load until the drain ends.
	streamCtx context.Context
	// cancelling serialises the cancels' transactions (one account,
	// one destination chain: its nonces).
	cancelling sync.Mutex
}

// cancelEvery: the first of a canceller's orders, and every cancelEvery-th
// after it, goes to the lazy solver, which never fills it, and is
// cancelled.
const cancelEvery = 6

// canceller is the trader whose orders are sometimes cancelled.
const canceller = "alice"

// ledger is every order the traders opened, and what became of it.
type ledger struct {
	mu     sync.Mutex
	orders map[string]*openedOrder // by order id
}

type openedOrder struct {
	ID        string
	Sender    string
	Chain     orchestration.Chain
	AmountIn  *big.Int
	OpenedAt  time.Time // the opening transaction's receipt
	IndexedAt time.Time // first listed by GET /orders; zero: never
	// Cancel: the order went to the lazy solver, which never fills it,
	// and the load cancels it; it must end CANCELLED with all of
	// amountIn refunded. CancelErr is why its cancel was never sent.
	Cancel    bool
	CancelErr string
	// The status stream: the last status and event id it sent, how often
	// it ended early and was resumed.
	LastStatus  orchestration.OrderStatus
	LastEventID int64
	Resumes     int
	StreamErr   string // why the stream never reached a final status
	// StreamOn is the replica (host:port) its stream is open on now, ""
	// while none is.
	StreamOn string
}

func (l *ledger) add(o *openedOrder) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.orders[o.ID] = o
}

func (l *ledger) update(id string, f func(*openedOrder)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f(l.orders[id])
}

// openStream is an order whose status stream is open now, on replica,
// with a status that is not final; ok is false when there is none.
func (l *ledger) openStream() (id, replica string, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, o := range l.orders {
		if o.StreamOn != "" && !o.LastStatus.Terminal() {
			return o.ID, o.StreamOn, true
		}
	}
	return "", "", false
}

func (l *ledger) all() []openedOrder {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]openedOrder, 0, len(l.orders))
	for _, o := range l.orders {
		out = append(out, *o)
	}
	return out
}

// answeredBy, in a request's context, receives the replica that answered
// it (host:port).
type answeredBy struct{}

// budgetOp marks the budget key's requests.
const budgetOp = "rate budget"

// opKey carries the operation name of a request (warm or cold quote, the
// route class) to the recorder.
type opKey struct{}

func withOp(ctx context.Context, op string) context.Context {
	return context.WithValue(ctx, opKey{}, op)
}

// run runs every client until ctx ends.
func (l *load) run(ctx context.Context) {
	var wg sync.WaitGroup
	// loop runs step at most once every `every`, pausing at least pause
	// between two runs.
	loop := func(every, pause time.Duration, step func(context.Context) error) {
		wg.Go(func() {
			for ctx.Err() == nil {
				next := time.Now().Add(every)
				step(ctx) // failures are in the recorder; the loop goes on
				sleep(ctx, max(time.Until(next), pause))
			}
		})
	}
	// Ten a second, ten times its budget: a limiter letting everything
	// through in an outage shows.
	loop(100*time.Millisecond, 0, func(ctx context.Context) error {
		return ignore(l.budget.SupportedAssets(withOp(ctx, budgetOp)))
	})
	loop(0, l.think, l.browse)
	loop(0, l.think, l.quotes)
	loop(0, l.think, l.permit)
	for _, name := range traders {
		acct, _ := devnet.AccountByName(name)
		n := 0
		loop(l.tradeEvery, l.think, func(ctx context.Context) error {
			cancel := name == canceller && n%cancelEvery == 0
			n++
			return l.trade(ctx, acct, cancel)
		})
	}
	wg.Wait()
}

func (l *load) ref(chain orchestration.Chain, symbol string) orchestration.AssetAddress {
	return l.assets[string(chain)+"/"+symbol]
}

func (l *load) browse(ctx context.Context) error {
	alice, _ := devnet.AccountByName("alice")
	limit := 20
	return errors.Join(
		ignore(l.api.SupportedAssets(ctx)),
		ignore(l.stranger.SupportedAssets(withOp(ctx, "unknown key"))),
		ignore(l.api.Routes(ctx, orchestration.TopologyQuery{})),
		ignore(l.api.Stats(ctx)),
		ignore(l.api.SolverStats(ctx)),
		ignore(l.api.Orders(ctx, orchestration.OrdersQuery{Sender: alice.Address.Hex(), Limit: &limit})),
	)
}

// routeClass is one kind of route the devnet offers, from
// cmd/orchestrationd/internal/app's route-class tests.
type routeClass struct {
	name     string
	from, to [2]string // chain, symbol
	amount   int64     // in the source's units (6 decimals)
	include  orchestration.ProviderID
}

var routeClasses = []routeClass{
	{"extension swap", [2]string{"Sepolia", "wM"}, [2]string{"Sepolia", "mUSD"}, 2_500_000, ""},
	{"AMM swap", [2]string{"Sepolia", "USDC"}, [2]string{"Sepolia", "wM"}, 3_000_000, ""},
	{"portal transfer", [2]string{"Sepolia", "wM"}, [2]string{"BaseSepolia", "wM"}, 4_000_000, ""},
	{"three legs", [2]string{"Sepolia", "USDC"}, [2]string{"BaseSepolia", "mUSD"}, 5_000_000, ""},
	{"limit order", [2]string{"Sepolia", "wM"}, [2]string{"BaseSepolia", "USDC"}, 3_000_000, orchestration.ProviderLimitOrder},
	{"AMM swap then limit order", [2]string{"Sepolia", "USDC"}, [2]string{"BaseSepolia", "USDT"}, 2_000_000, ""},
}

// quotes asks every route class twice: warm (the amount asked before,
// state cached) and cold (an amount never asked), and one exact output.
func (l *load) quotes(ctx context.Context) error {
	alice, _ := devnet.AccountByName("alice")
	var errs []error
	for _, rc := range routeClasses {
		req := orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: l.ref(orchestration.Chain(rc.from[0]), rc.from[1]), Destination: l.ref(orchestration.Chain(rc.to[0]), rc.to[1])},
			AmountIn: fmt.Sprint(rc.amount), Sender: alice.Address.Hex(),
		}
		if rc.include != "" {
			req.Providers = &orchestration.ProvidersParams{Include: []orchestration.ProviderID{rc.include}}
		}
		_, err := l.api.Quote(withOp(ctx, "quote warm: "+rc.name), req)
		errs = append(errs, err)
		req.AmountIn = fmt.Sprint(rc.amount + rand.Int64N(1_000_000) + 1)
		_, err = l.api.Quote(withOp(ctx, "quote cold: "+rc.name), req)
		errs = append(errs, err)
	}
	exact := orchestration.QuoteRequest{Route: orchestration.Route{Source: l.ref(orchestration.Sepolia, "wM"), Destination: l.ref(orchestration.BaseSepolia, "wM")},
		AmountOut: fmt.Sprint(1_000_000 + rand.Int64N(1_000_000)), Sender: alice.Address.Hex()}
	_, err := l.api.Quote(withOp(ctx, "quote exact output: portal transfer"), exact)
	return errors.Join(append(errs, err)...)
}

// permit quotes a permit swap, signs its recipe and builds it (the
// payload is not sent: builds are what the service serves).
func (l *load) permit(ctx context.Context) error {
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	resp, err := l.api.PermitQuote(ctx, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: l.ref(orchestration.Sepolia, "wM"), Destination: l.ref(orchestration.Sepolia, "mUSD")},
		AmountIn: fmt.Sprint(1_000_000 + rand.Int64N(1_000_000)), Sender: alice.Address.Hex(), Recipient: bob.Address.Hex()}})
	if err != nil {
		return err
	}
	if len(resp.Quotes) == 0 || len(resp.Quotes[0].Recipes) == 0 {
		return errors.New("permit quote without a recipe")
	}
	recipe := resp.Quotes[0].Recipes[0]
	sig, err := permit.Sign(ctx, recipe, permit.KeyTypedDataSigner(alice.Key))
	if err != nil {
		return err
	}
	_, err = l.api.PermitBuild(ctx, orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{{Recipe: recipe, Signature: hexutil.Encode(sig)}}})
	return err
}

// quotesPerSolver asks for both solvers' quotes (one each: one edge per
// solver).
var quotesPerSolver = 2

// orderTimeout bounds opening one order on chain: longer than any block
// stall of the schedule.
const orderTimeout = 6 * time.Minute

// trade opens one limit order as acct: quote, send on chain, ask to cancel
// it (refused while it is open), then leaves its index wait and status
// stream to a goroutine of its own. The order goes to the example solver,
// which fills it, or, with cancel, to the lazy one, which never does, and
// is cancelled.
func (l *load) trade(ctx context.Context, acct devnet.Account, cancel bool) error {
	amount := big.NewInt(1_000_000 + rand.Int64N(4_000_000))
	quotes, err := l.api.Quote(withOp(ctx, "quote: limit order to open"), orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: l.ref(orchestration.Sepolia, "wM"), Destination: l.ref(orchestration.BaseSepolia, "USDC")},
		AmountIn: amount.String(), Sender: acct.Address.Hex(), MaxNumQuotes: &quotesPerSolver,
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
	})
	solver := exampleSolverName
	if cancel {
		solver = lazySolverName
	}
	q := slices.IndexFunc(quotes, func(q orchestration.Quote) bool {
		return slices.ContainsFunc(q.Payloads, func(p orchestration.Payload) bool { return p.Solver != nil && p.Solver.Name == solver })
	})
	if err != nil || q < 0 {
		return errors.Join(err, fmt.Errorf("no limit-order quote of solver %s", solver))
	}
	// The transaction is sent even once the load's time is up: an order
	// half sent would be neither counted nor known.
	octx, stop := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer stop()
	receipts, err := (&evm.Executor{Clients: l.chains, Signer: evm.KeySigner(acct.Key)}).Execute(octx, quotes[q].Payloads)
	if err != nil {
		return fmt.Errorf("executing %s's order: %w", acct.Name, err)
	}
	id := openedOrderID(receipts[len(receipts)-1])
	if id == "" {
		return errors.New("the order's transaction opened no order")
	}
	o := &openedOrder{ID: id, Sender: acct.Address.Hex(), Chain: orchestration.Sepolia, AmountIn: amount, OpenedAt: time.Now(), Cancel: cancel}
	l.ledger.add(o)
	ref := orchestration.OrderRef{OriginChain: o.Chain, OrderID: id}
	if cancel {
		l.streams.Go(func() { l.cancel(acct, ref) })
	} else {
		l.api.CancelOrder(ctx, orchestration.CancelOrderRequest{Order: ref}) // 409 OrderNotCancellable once filled (or while the destination's clock is behind its createdAt)
	}
	l.streams.Go(func() { l.follow(o.ID, o.Sender, ref) })
	return nil
}

// cancel asks for the order's cancel until the service gives its payload
// (409 OrderNotCancellable while the destination's clock is behind the
// order's createdAt), then signs and sends it as acct, the order's sender
// and recipient, who may cancel it before its fill deadline.
func (l *load) cancel(acct devnet.Account, ref orchestration.OrderRef) {
	ctx := l.streamCtx
	var err error
	for ctx.Err() == nil {
		var p *orchestration.TransactionPayload
		p, err = l.api.CancelOrder(withOp(ctx, "cancel: lazy solver's order"), orchestration.CancelOrderRequest{Order: ref})
		if err == nil {
			octx, stop := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
			l.cancelling.Lock()
			_, err = (&evm.Executor{Clients: l.chains, Signer: evm.KeySigner(acct.Key)}).Execute(octx, []orchestration.Payload{{Provider: "m0-orderbook", Data: *p}})
			l.cancelling.Unlock()
			stop()
			if err == nil {
				return
			}
		}
		sleep(ctx, 2*time.Second)
	}
	l.ledger.update(ref.OrderID, func(o *openedOrder) { o.CancelErr = fmt.Sprint(err) })
}

func openedOrderID(r *types.Receipt) string {
	filterer, _ := bindings.NewOrderBookFilterer(common.Address{}, nil) // parses logs only
	for _, lg := range r.Logs {
		if ev, err := filterer.ParseOrderOpened(*lg); err == nil {
			return hexutil.Encode(ev.OrderId[:])
		}
	}
	return ""
}

// follow waits for the order to be listed by GET /orders (its index lag),
// then follows its status stream to a final status, resuming it from the
// last event id whenever it ends early (a replica restarted, a
// connection cut).
func (l *load) follow(id, sender string, ref orchestration.OrderRef) {
	ctx := l.streamCtx
	limit := 50
	for ctx.Err() == nil {
		list, err := l.api.Orders(ctx, orchestration.OrdersQuery{Sender: sender, Limit: &limit})
		if err == nil && listed(list, id) {
			l.ledger.update(id, func(o *openedOrder) { o.IndexedAt = time.Now() })
			break
		}
		sleep(ctx, 500*time.Millisecond)
	}
	var last int64
	var status orchestration.OrderStatus
	resumes := 0
	var streamErr error
	for ctx.Err() == nil && !status.Terminal() {
		var replica string
		events, err := l.api.OrderEvents(context.WithValue(ctx, answeredBy{}, &replica), orchestration.OrderEventsRequest{Order: ref, LastEventID: last})
		if err != nil {
			streamErr = err
			sleep(ctx, 2*time.Second)
			continue
		}
		for ev, err := range events {
			if err != nil {
				streamErr = err
				break
			}
			last, status = ev.ID, ev.Status
			l.ledger.update(id, func(o *openedOrder) { o.StreamOn, o.LastStatus = replica, status })
		}
		l.ledger.update(id, func(o *openedOrder) { o.StreamOn = "" })
		if !status.Terminal() && ctx.Err() == nil {
			resumes++
		}
	}
	l.ledger.update(id, func(o *openedOrder) {
		o.LastStatus, o.LastEventID, o.Resumes = status, last, resumes
		if !status.Terminal() {
			o.StreamErr = fmt.Sprint(streamErr)
		}
	})
}

func listed(list *orchestration.OrdersResponse, id string) bool {
	for _, o := range list.Orders {
		if strings.EqualFold(o.OrderID, id) {
			return true
		}
	}
	return false
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// ignore drops a result, keeping the error.
func ignore[T any](_ T, err error) error { return err }
