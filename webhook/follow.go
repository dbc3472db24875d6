package webhook

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

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
// FollowQueue senders are waiting (the store is slow), further ones are
// dropped, counted in the log; a failure to record never fails the quote.
//
// A recording the store fails (the database is down) is held and retried
// (decision 109): from then on every quoted sender joins the held ones,
// each distinct key and sender once, and the oldest is tried again after
// FirstRetry, doubling up to MaxRetry, until the store answers; then they
// are all recorded, in the order they were quoted, and the log says so.
// Past Pending held, the oldest is dropped, counted
// (orchestration_webhook_follows_dropped_total) and logged once per
// outage. Close tries the held ones once more and stops.
type Follower struct {
	store   Store
	cfg     FollowerConfig
	metrics *followMetrics
	queue   chan quotedSender
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once

	// held are the recordings the store failed, oldest first, each once;
	// owned by run.
	held    []quotedSender
	holding map[quotedSender]bool
	// dropped counts the held recordings dropped in this outage.
	dropped int
}

// FollowerConfig tunes a Follower; its zero value is the defaults.
type FollowerConfig struct {
	// Logger logs failures and recoveries; nil means slog.Default().
	Logger *slog.Logger
	// Registerer receives the Follower's metrics; nil records none.
	Registerer prometheus.Registerer
	// Pending bounds the recordings held while the store fails; zero
	// means DefaultFollowPending.
	Pending int
	// FirstRetry is the wait before the held recordings are tried again
	// after the store first failed; it doubles after each failure up to
	// MaxRetry. Zero means DefaultFollowFirstRetry and
	// DefaultFollowMaxRetry.
	FirstRetry, MaxRetry time.Duration
}

// FollowQueue is how many quoted senders a Follower holds waiting to be
// recorded.
const FollowQueue = 1024

// The FollowerConfig defaults. A held recording is a key id and an
// address, about a hundred bytes: DefaultFollowPending bounds them to a
// megabyte or so, more distinct senders than a replica quotes limit
// orders to in a long outage.
const (
	DefaultFollowPending    = 10_000
	DefaultFollowFirstRetry = time.Second
	DefaultFollowMaxRetry   = 30 * time.Second
)

// followTimeout bounds one recording.
const followTimeout = 5 * time.Second

// quotedSender is a quote's key and sender, the sender canonical.
type quotedSender struct{ keyID, sender string }

// NewFollower returns the Follower recording into store, running until
// Close. It fails only when its metrics cannot be registered.
func NewFollower(store Store, cfg FollowerConfig) (*Follower, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Pending < 0 || cfg.FirstRetry < 0 || cfg.MaxRetry < 0 {
		return nil, errors.New("webhook: FollowerConfig values must not be negative")
	}
	cfg.Pending = cmp.Or(cfg.Pending, DefaultFollowPending)
	cfg.FirstRetry = cmp.Or(cfg.FirstRetry, DefaultFollowFirstRetry)
	cfg.MaxRetry = max(cmp.Or(cfg.MaxRetry, DefaultFollowMaxRetry), cfg.FirstRetry)
	m, err := newFollowMetrics(cfg.Registerer)
	if err != nil {
		return nil, err
	}
	f := &Follower{store: store, cfg: cfg, metrics: m, queue: make(chan quotedSender, FollowQueue),
		stop: make(chan struct{}), done: make(chan struct{}), holding: map[quotedSender]bool{}}
	go f.run()
	return f, nil
}

// Close records the senders waiting, tries the held ones once more, and
// stops the Follower; quotes answered after it follow nobody. It is safe
// to call more than once.
func (f *Follower) Close() {
	f.once.Do(func() { close(f.stop) })
	<-f.done
}

func (f *Follower) run() {
	defer close(f.done)
	retry := time.NewTimer(0)
	<-retry.C
	wait := f.cfg.FirstRetry
	for {
		select {
		case r := <-f.queue:
			if len(f.held) > 0 {
				f.hold(r) // the store is failing: wait with the others
				continue
			}
			if !f.record(r) {
				wait = f.cfg.FirstRetry
				retry.Reset(wait)
			}
		case <-retry.C:
			if !f.recordHeld() {
				wait = min(2*wait, f.cfg.MaxRetry)
				retry.Reset(wait)
			}
		case <-f.stop:
			retry.Stop()
			for {
				select {
				case r := <-f.queue:
					if len(f.held) > 0 {
						f.hold(r)
					} else {
						f.record(r)
					}
				default:
					if len(f.held) > 0 && !f.recordHeld() {
						f.cfg.Logger.Warn("webhook: closing with quoted senders the store never recorded; their keys' webhooks will not hear of their orders",
							"senders", len(f.held))
					}
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
		f.metrics.drop()
		f.cfg.Logger.Warn("webhook: too many quoted senders waiting to be recorded (the store is slow); this one is dropped, and the key's webhook will not hear of its orders unless it was followed before",
			"key", keyID, "waiting", FollowQueue)
	}
}

// record follows r's sender for its key; when the store fails, r is held
// and record reports false.
func (f *Follower) record(r quotedSender) bool {
	canonical, err := CanonicalSender(r.sender)
	if err != nil {
		return true // a quote was answered, so the engine read it; nothing to follow otherwise
	}
	r.sender = canonical
	if err := f.follow1(r); err != nil {
		f.cfg.Logger.Warn("webhook: recording a quoted sender failed; holding it, and those quoted after it, to record when the store answers (decision 109)",
			"key", r.keyID, "err", err)
		f.hold(r)
		return false
	}
	return true
}

func (f *Follower) follow1(r quotedSender) error {
	ctx, cancel := context.WithTimeout(context.Background(), followTimeout)
	defer cancel()
	_, err := f.store.Follow(ctx, r.keyID, r.sender, FromQuote)
	return err
}

// hold keeps r to record once the store answers, once per key and
// sender, dropping the oldest held past the bound.
func (f *Follower) hold(r quotedSender) {
	if canonical, err := CanonicalSender(r.sender); err == nil {
		r.sender = canonical
	} else {
		return
	}
	if f.holding[r] {
		return
	}
	if len(f.held) >= f.cfg.Pending {
		oldest := f.held[0]
		f.held = f.held[1:]
		delete(f.holding, oldest)
		f.metrics.drop()
		if f.dropped == 0 {
			f.cfg.Logger.Warn("webhook: too many quoted senders held while the store fails; dropping the oldest (counted in orchestration_webhook_follows_dropped_total), whose keys' webhooks will not hear of their orders unless they were followed before",
				"held", f.cfg.Pending)
		}
		f.dropped++
	}
	f.held = append(f.held, r)
	f.holding[r] = true
	f.metrics.setHeld(len(f.held))
}

// recordHeld records the held senders, oldest first, until the store
// fails again (false) or none is left (true, logged).
func (f *Follower) recordHeld() bool {
	recorded := 0
	for len(f.held) > 0 {
		r := f.held[0]
		if err := f.follow1(r); err != nil {
			if recorded > 0 {
				f.cfg.Logger.Warn("webhook: the store failed again while recording the held quoted senders", "recorded", recorded, "held", len(f.held), "err", err)
			}
			f.metrics.setHeld(len(f.held))
			return false
		}
		f.held = f.held[1:]
		delete(f.holding, r)
		recorded++
	}
	f.held = nil
	f.metrics.setHeld(0)
	f.cfg.Logger.Info("webhook: the store answers again; the quoted senders held through its failure are recorded",
		"recorded", recorded, "dropped", f.dropped)
	f.dropped = 0
	return true
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
