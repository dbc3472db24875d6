package evm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/m0-orchestration/m0/internal/roundtrip"
	"github.com/m0-orchestration/m0/orchestration"
)

// DefaultPollInterval is how often a head follower polls eth_blockNumber on
// a chain whose ChainConfig.BlockTime is zero.
const DefaultPollInterval = 2 * time.Second

// DefaultSubscribeRetry is how long a head follower whose newHeads
// subscription failed polls before it tries to subscribe again, when
// Config.SubscribeRetry is zero. Each failure in a row doubles the wait, up
// to maxSubscribeBackoff times it.
const DefaultSubscribeRetry = 30 * time.Second

// maxSubscribeBackoff bounds the doubling of the wait between subscription
// attempts: two minutes at the default, so a websocket node back from an
// outage pushes heads again within minutes.
const maxSubscribeBackoff = 4

// HeadSubscriber is a Backend that can push new heads (eth_subscribe
// newHeads); *ethclient.Client over a websocket endpoint does. Over HTTP it
// answers rpc.ErrNotificationsUnsupported, and the follower polls instead.
type HeadSubscriber interface {
	SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error)
}

// headState is the newest head the follower of one chain has heard, and
// when it last heard the chain (a poll that found the same head counts: the
// follower is alive and the head is still the newest).
type headState struct {
	mu   sync.Mutex
	head uint64
	seen time.Time
}

// Head returns the newest block the follower of chain has seen and when it
// last heard the chain; ok is false when the chain is not followed or not
// yet heard.
func (r *Reader) Head(chain orchestration.Chain) (head uint64, seen time.Time, ok bool) {
	c := r.chains[chain]
	if c == nil {
		return 0, time.Time{}, false
	}
	c.head.mu.Lock()
	defer c.head.mu.Unlock()
	return c.head.head, c.head.seen, !c.head.seen.IsZero()
}

// knownHead is the followed head of c if it was heard within c.maxAge:
// only then may a read trust it instead of asking the node.
func (r *Reader) knownHead(c *chainReader) (uint64, bool) {
	c.head.mu.Lock()
	defer c.head.mu.Unlock()
	if c.head.seen.IsZero() || r.now().Sub(c.head.seen) > c.maxAge {
		return 0, false
	}
	return c.head.head, true
}

// observe records head n of c as heard now. A lower n (a node of a pool
// behind another) keeps the higher head but still proves the follower alive.
func (r *Reader) observe(c *chainReader, n uint64) {
	now := r.now()
	c.head.mu.Lock()
	c.head.head = max(c.head.head, n)
	c.head.seen = now
	head := c.head.head
	c.head.mu.Unlock()
	r.metrics.headSeenAt(c.Name, head, now)
}

// saw records head n of c, as observe, and when n is a new head refreshes
// the chain's hot sets for it. The refresh is marked in flight before the
// head is published, so that a read learning of n waits for the refresh
// instead of reading the same calls itself; it runs on its own goroutine,
// so that a refresh slower than a block does not delay the next head (see
// beginRefresh for the one refresh in flight per chain).
func (r *Reader) saw(ctx context.Context, c *chainReader, n uint64) {
	var start *refresh
	if c.hot != nil {
		c.head.mu.Lock()
		newer := n > c.head.head
		c.head.mu.Unlock()
		if newer {
			start = r.beginRefresh(c, n)
		}
	}
	r.observe(c, n)
	if start != nil {
		r.followers.Add(1) // the follower holds the count above zero: Close waits for this too
		go func() {
			defer r.followers.Done()
			r.runRefreshes(ctx, c, start)
		}()
	}
}

// startFollowers starts one follower per chain; Close stops them.
func (r *Reader) startFollowers() {
	ctx, cancel := context.WithCancel(context.Background())
	r.stop = cancel
	for _, name := range r.order {
		c := r.chains[name]
		r.followers.Add(1)
		go func() {
			defer r.followers.Done()
			r.follow(ctx, c)
		}()
	}
}

// Close stops the head followers and waits for them to return. It does not
// close the Backends, which the caller owns. Reads still work after Close,
// asking for the head as a Reader without followers does.
func (r *Reader) Close() error {
	r.closeOnce.Do(func() {
		if r.stop != nil {
			r.stop()
			r.followers.Wait()
		}
	})
	return nil
}

// follow tracks c's head until ctx ends: by subscription when the backend
// supports one, else by polling. A subscription that cannot be made (the
// node is down, its websocket refused) is tried again after polling for
// c.subscribeRetry, doubled at each failure in a row up to
// maxSubscribeBackoff times it, so that the follower returns to pushed heads
// once the node takes subscriptions again. A transport that cannot push at
// all (rpc.ErrNotificationsUnsupported: HTTP) is polled for good
// (decision 31).
func (r *Reader) follow(ctx context.Context, c *chainReader) {
	s, ok := c.Backend.(HeadSubscriber)
	if !ok {
		r.poll(ctx, c, nil)
		return
	}
	wait := c.subscribeRetry
	for {
		subscribed, err := r.subscribe(ctx, c, s)
		if err == nil {
			return // ctx ended
		}
		if errors.Is(err, rpc.ErrNotificationsUnsupported) {
			r.logger.LogAttrs(ctx, slog.LevelDebug, "evm head subscription unsupported; polling",
				slog.String("chain", string(c.Name)))
			r.poll(ctx, c, nil)
			return
		}
		if subscribed {
			wait = c.subscribeRetry // it worked until now: not a failure in a row
		}
		r.metrics.headError(c.Name)
		r.logger.LogAttrs(ctx, slog.LevelDebug, "evm head subscription failed; polling until the next attempt",
			slog.String("chain", string(c.Name)), slog.Duration("retry", wait), slog.String("error", err.Error()))
		retry := time.NewTimer(wait)
		r.poll(ctx, c, retry.C)
		retry.Stop()
		if ctx.Err() != nil {
			return
		}
		wait = min(2*wait, maxSubscribeBackoff*c.subscribeRetry)
	}
}

// subscribe follows newHeads until ctx ends (nil) or a subscription cannot
// be made (its error; subscribed tells whether one was made before). Each
// subscription made costs one eth_blockNumber, for the current head; a
// subscription silent for two intervals is backed by a poll (see consume).
// A subscription that breaks is made again after one interval, so a dropped
// websocket costs a few fallback reads, not the subscription for good.
func (r *Reader) subscribe(ctx context.Context, c *chainReader, s HeadSubscriber) (subscribed bool, _ error) {
	for {
		heads := make(chan *types.Header, 16)
		sub, err := s.SubscribeNewHead(ctx, heads)
		if err != nil {
			if ctx.Err() != nil {
				return subscribed, nil
			}
			return subscribed, fmt.Errorf("evm: %s: subscribe newHeads: %w", c.Name, redact(err))
		}
		subscribed = true
		// newHeads announces the heads to come, not the current one: ask
		// it once, after subscribing so that no head falls between the two.
		// Without it the head stays unknown (every read asks the node) until
		// the next block or two silent intervals, and after a broken
		// subscription the heads it missed would go unseen (decision 31).
		r.pollOnce(ctx, c)
		broken := r.consume(ctx, c, sub, heads)
		sub.Unsubscribe()
		if !broken {
			return true, nil
		}
		r.metrics.headError(c.Name)
		select {
		case <-ctx.Done():
			return true, nil
		case <-time.After(c.interval):
		}
	}
}

// consume records the heads of sub until ctx ends (false) or sub breaks
// (true). A subscription silent for two intervals is backed by one poll, so
// a chain that mines only on transactions (the devnet), or a subscription
// accepted but mute, still has a known head: at most one poll per two
// intervals, none while heads arrive.
func (r *Reader) consume(ctx context.Context, c *chainReader, sub ethereum.Subscription, heads <-chan *types.Header) bool {
	// Two intervals, not one: heads arriving at about the interval (a chain
	// whose block time is the polling interval) would race a one-interval
	// timer and cost a poll per block on top of the refresh; two keep a
	// mute subscription's head younger than the default HeadMaxAge (three).
	silence := 2 * c.interval
	quiet := time.NewTimer(silence)
	defer quiet.Stop()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-quiet.C:
			r.pollOnce(ctx, c)
			quiet.Reset(silence)
		case err := <-sub.Err():
			if err != nil {
				r.logger.LogAttrs(ctx, slog.LevelDebug, "evm head subscription broke",
					slog.String("chain", string(c.Name)), slog.String("error", redact(err).Error()))
			}
			return true
		case h := <-heads:
			if h == nil || h.Number == nil || !h.Number.IsUint64() {
				continue
			}
			r.metrics.poll(c.Name)
			r.saw(ctx, c, h.Number.Uint64())
			quiet.Reset(silence)
		}
	}
}

// poll asks eth_blockNumber every c.interval until ctx ends or until fires
// (nil: never). Each poll is bounded by the interval (a second at least),
// so a node that hangs delays the next poll by that much at most and the
// head ages into the fallback instead of freezing the follower.
func (r *Reader) poll(ctx context.Context, c *chainReader, until <-chan time.Time) {
	t := time.NewTicker(c.interval)
	defer t.Stop()
	for {
		r.pollOnce(ctx, c)
		select {
		case <-ctx.Done():
			return
		case <-until:
			return
		case <-t.C:
		}
	}
}

// pollOnce asks eth_blockNumber once, bounded by the interval (a second at
// least), and records the head.
func (r *Reader) pollOnce(ctx context.Context, c *chainReader) {
	// Not under a second: a poll cut at a short interval on a loaded
	// machine breaks an in-process client's connection, and every read
	// sharing it fails with it.
	pctx, cancel := context.WithTimeout(ctx, max(c.interval, time.Second))
	n, err := c.Backend.BlockNumber(pctx)
	cancel()
	switch {
	case ctx.Err() != nil:
	case err != nil:
		r.metrics.headError(c.Name)
		r.logger.LogAttrs(ctx, slog.LevelDebug, "evm head poll failed",
			slog.String("chain", string(c.Name)), slog.String("error", redact(err).Error()))
	default:
		r.metrics.poll(c.Name)
		r.saw(ctx, c, n)
	}
}

// UnavailableError is a read that failed because the chain's node did not
// answer: unreachable, failing, or slower than the caller's deadline (see
// roundtrip.UnavailableError). Its message starts "evm:".
type UnavailableError = roundtrip.UnavailableError

// unavailable wraps err, a failure of c's node, as an *UnavailableError
// whose retry hint is a few polling intervals: about the time a follower
// needs to tell whether the node is back.
func unavailable(c *chainReader, err error) error {
	if _, ok := errors.AsType[*UnavailableError](err); ok || errors.Is(err, context.Canceled) {
		return err // a caller that gave up is not an outage
	}
	return &UnavailableError{Runtime: "evm", Chain: c.Name, RetryAfter: max(time.Second, 2*c.interval), Err: err}
}
