package order

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/redis/go-redis/v9"
)

// RedisFeedConfig configures NewRedisFeed.
type RedisFeedConfig struct {
	// Client reaches the Redis that replicas share. Required; it stays the
	// caller's to close.
	Client redis.UniversalClient
	// Channel is the pub/sub channel; empty means DefaultFeedChannel.
	Channel string
	// RetryDelay is the wait after a failed receive before the next (which
	// reconnects and subscribes again); zero means a second.
	RetryDelay time.Duration
	// Logger receives the subscription's failures; nil means
	// slog.Default().
	Logger *slog.Logger
}

// RedisFeed is a StatusFeed over Redis pub/sub, for replicas that share a
// Redis (for their rate limits, say) rather than a PostgreSQL: PUBLISH
// carries the ids, comma-separated, feedChunk per message.
type RedisFeed struct {
	cfg    RedisFeedConfig
	logger *slog.Logger
}

var _ StatusFeed = (*RedisFeed)(nil)

// NewRedisFeed checks cfg and returns the feed.
func NewRedisFeed(cfg RedisFeedConfig) (*RedisFeed, error) {
	if cfg.Client == nil {
		return nil, errors.New("order: RedisFeedConfig.Client is required")
	}
	if cfg.Channel == "" {
		cfg.Channel = DefaultFeedChannel
	}
	if cfg.RetryDelay <= 0 {
		cfg.RetryDelay = time.Second
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	return &RedisFeed{cfg: cfg, logger: logger}, nil
}

// Publish sends one message per feedChunk ids.
func (f *RedisFeed) Publish(ctx context.Context, ids []common.Hash) error {
	for i := 0; i < len(ids); i += feedChunk {
		part := ids[i:min(i+feedChunk, len(ids))]
		hexes := make([]string, len(part))
		for j, id := range part {
			hexes[j] = id.Hex()
		}
		if err := f.cfg.Client.Publish(ctx, f.cfg.Channel, strings.Join(hexes, ",")).Err(); err != nil {
			return fmt.Errorf("order: publish order changes: %w", err)
		}
	}
	return nil
}

// Subscribe calls notify(nil) at each confirmation of its subscription:
// the first, and each after the connection failed and was made again
// (messages published meanwhile were lost).
func (f *RedisFeed) Subscribe(ctx context.Context, notify func([]common.Hash)) {
	ps := f.cfg.Client.Subscribe(ctx, f.cfg.Channel)
	defer ps.Close()
	// Receive does not return when ctx ends while it waits: closing the
	// subscription makes it.
	stop := context.AfterFunc(ctx, func() { ps.Close() })
	defer stop()
	for {
		msg, err := ps.Receive(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			// The next Receive dials again and subscribes again.
			f.logger.Warn("order status feed: the Redis subscription failed; subscribing again", "err", err, "retryIn", f.cfg.RetryDelay)
			t := time.NewTimer(f.cfg.RetryDelay)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
			continue
		}
		switch m := msg.(type) {
		case *redis.Subscription:
			if m.Kind == "subscribe" {
				notify(nil)
			}
		case *redis.Message:
			notify(parseIDs(m.Payload))
		}
	}
}
