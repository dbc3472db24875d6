package webhook

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

// Follower records, for the key a request was authenticated with
// (apikey.IDFromContext), the sender of every limit order quoted to it,
// so that the key's webhook is told of that sender's orders (decision
// 46). It wraps the quote endpoints' services: Quotes and PermitQuotes.
//
// It records off the request path, on a goroutine of its own, in the order
// the quotes were answered: a quote only hands it the key and the sender
// (the store's Follow, a read for a key without a webhook, cost a limit-
// order quote 39 µs on SQLite and 92 µs on PostgreSQL over loopback:
// BenchmarkFollow). The sender is followed within moments of the answer,
// long before an order its caller signs can be mined and indexed. When
// FollowQueue senders are waiting (the store is slow or down), further
// ones are dropped, counted in the log; a failure to record is logged and
// never fails the quote. Close records what is waiting and stops.
type Follower struct {
	store  Store
	logger *slog.Logger
	queue  chan quotedSender
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
}

// FollowQueue is how many quoted senders a Follower holds waiting to be
// recorded.
const FollowQueue = 1024

// followTimeout bounds one recording.
const followTimeout = 5 * time.Second

// quotedSender is a quote's key and sender, as the request gave it.
type quotedSender struct{ keyID, sender string }

// NewFollower returns the Follower recording into store, running until
// Close; a nil logger is slog.Default().
func NewFollower(store Store, logger *slog.Logger) *Follower {
	if logger == nil {
		logger = slog.Default()
	}
	f := &Follower{store: store, logger: logger, queue: make(chan quotedSender, FollowQueue),
		stop: make(chan struct{}), done: make(chan struct{})}
	go f.run()
	return f
}

// Close records the senders waiting and stops the Follower; quotes
// answered after it follow nobody. It is safe to call more than once.
func (f *Follower) Close() {
	f.once.Do(func() { close(f.stop) })
	<-f.done
}

func (f *Follower) run() {
	defer close(f.done)
	for {
		select {
		case r := <-f.queue:
			f.record(r)
		case <-f.stop:
			for {
				select {
				case r := <-f.queue:
					f.record(r)
				default:
					return
				}
			}
		}
	}
}

// Quotes wraps q: the sender of a request answered with a limit order is
// followed by the key's webhook.
func (f *Follower) Quotes(q orchestration.Quoter) orchestration.Quoter { return followQuotes{q, f} }

// PermitQuotes wraps b likewise for POST /permit/quote.
func (f *Follower) PermitQuotes(b orchestration.PermitBuilder) orchestration.PermitBuilder {
	return followPermits{b, f}
}

type followQuotes struct {
	orchestration.Quoter
	f *Follower
}

func (w followQuotes) Quote(ctx context.Context, req orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	quotes, err := w.Quoter.Quote(ctx, req)
	if err == nil && slices.ContainsFunc(quotes, func(q orchestration.Quote) bool {
		return slices.ContainsFunc(q.Payloads, func(p orchestration.Payload) bool { return p.Solver != nil })
	}) {
		w.f.follow(ctx, req.Sender)
	}
	return quotes, err
}

type followPermits struct {
	orchestration.PermitBuilder
	f *Follower
}

func (w followPermits) PermitQuote(ctx context.Context, req orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
	resp, err := w.PermitBuilder.PermitQuote(ctx, req)
	if err == nil && resp != nil && slices.ContainsFunc(resp.Quotes, func(q orchestration.PermitQuote) bool {
		return slices.ContainsFunc(q.Recipes, func(r orchestration.PermitRecipe) bool { return r.Solver != nil })
	}) {
		w.f.follow(ctx, req.Sender)
	}
	return resp, err
}

// follow hands sender, for the request's key, to the recording goroutine.
func (f *Follower) follow(ctx context.Context, sender string) {
	keyID := apikey.IDFromContext(ctx)
	if keyID == "" {
		return
	}
	select {
	case <-f.stop:
	case f.queue <- quotedSender{keyID, sender}:
	default:
		f.logger.Warn("webhook: too many quoted senders waiting to be recorded (the store is slow); this one is dropped, and the key's webhook will not hear of its orders unless it was followed before",
			"key", keyID, "waiting", FollowQueue)
	}
}

// record follows r's sender for its key.
func (f *Follower) record(r quotedSender) {
	canonical, err := CanonicalSender(r.sender)
	if err != nil {
		return // a quote was answered, so the engine read it; nothing to follow otherwise
	}
	ctx, cancel := context.WithTimeout(context.Background(), followTimeout)
	defer cancel()
	if _, err := f.store.Follow(ctx, r.keyID, canonical, FromQuote); err != nil {
		f.logger.Warn("webhook: recording a quoted sender failed; the key's webhook will not hear of its orders", "key", r.keyID, "err", err)
	}
}

// CanonicalSender is a sender as the order index stores it: the EIP-55
// form of an EVM address (0x and 40 hex digits, any case), else the
// base58 of a Solana key.
func CanonicalSender(s string) (string, error) {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		return orchestration.ParseAddress(orchestration.RuntimeEVM, "0x"+strings.ToLower(s[2:]))
	}
	return orchestration.ParseAddress(orchestration.RuntimeSVM, s)
}
