package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
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
}

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
		loop(l.tradeEvery, l.think, func(ctx context.Context) error { return l.trade(ctx, acct) })
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

// orderTimeout bounds opening one order on chain: longer than any block
// stall of the schedule.
const orderTimeout = 6 * time.Minute

// trade opens one limit order as acct: quote, send on chain, ask to cancel
// it (refused while it is open), then leaves its index wait and status
// stream to a goroutine of its own.
func (l *load) trade(ctx context.Context, acct devnet.Account) error {
	amount := big.NewInt(1_000_000 + rand.Int64N(4_000_000))
	quotes, err := l.api.Quote(withOp(ctx, "quote: limit order to open"), orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: l.ref(orchestration.Sepolia, "wM"), Destination: l.ref(orchestration.BaseSepolia, "USDC")},
		AmountIn: amount.String(), Sender: acct.Address.Hex(),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderLimitOrder}},
	})
	if err != nil || len(quotes) == 0 {
		return errors.Join(err, errors.New("no limit-order quote"))
	}
	// The transaction is sent even once the load's time is up: an order
	// half sent would be neither counted nor known.
	octx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orderTimeout)
	defer cancel()
	receipts, err := (&evm.Executor{Clients: l.chains, Signer: evm.KeySigner(acct.Key)}).Execute(octx, quotes[0].Payloads)
	if err != nil {
		return fmt.Errorf("executing %s's order: %w", acct.Name, err)
	}
	id := openedOrderID(receipts[len(receipts)-1])
	if id == "" {
		return errors.New("the order's transaction opened no order")
	}
	o := &openedOrder{ID: id, Sender: acct.Address.Hex(), Chain: orchestration.Sepolia, AmountIn: amount, OpenedAt: time.Now()}
	l.ledger.add(o)
	ref := orchestration.OrderRef{OriginChain: o.Chain, OrderID: id}
	l.api.CancelOrder(ctx, orchestration.CancelOrderRequest{Order: ref}) // 409 OrderNotCancellable until its fill deadline passes
	l.streams.Go(func() { l.follow(o.ID, o.Sender, ref) })
	return nil
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
