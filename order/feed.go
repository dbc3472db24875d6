package order

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"github.com/m0-orchestration/m0/storage"
)

// StatusFeed carries the news that orders changed in the index, from the
// Indexer that wrote them to the status streams (Service.OrderEvents) of
// every replica sharing the index. Its notices are hints: a subscriber
// re-reads the Store, so a notice lost or repeated changes nothing but
// how soon a stream learns of a change.
type StatusFeed interface {
	// Publish tells every subscriber that the orders ids changed in the
	// index, when tx commits: not before (a subscriber reading then would
	// not see the change), and never if it rolls back. The Indexer calls
	// it in each write transaction of the index that changed orders; an
	// error rolls the write back (the Indexer retries it). tx must be a
	// transaction of the database the feed's subscribers share.
	Publish(ctx context.Context, tx *storage.Tx, ids []ID) error
	// Subscribe calls notify with the ids of every Publish, from any
	// replica, until ctx ends, then returns. notify(nil) means notices
	// may have been missed (the subscription was just made, or made again
	// after its connection failed): every order watched must be re-read.
	// Subscribe calls it once subscribed, and again after each
	// reconnection. It has no error to return: a failing connection is
	// logged and retried until ctx ends, and meanwhile the subscriber
	// re-reads on its own schedule. notify must not block; it is called
	// from one goroutine at a time.
	Subscribe(ctx context.Context, notify func(ids []ID))
}

// MemoryFeed is the StatusFeed of one process: an Indexer and the streams
// of the same Service (SQLite, or any database one replica serves). The
// zero value is ready to use.
type MemoryFeed struct {
	mu   sync.Mutex
	subs map[*func([]ID)]struct{}
}

var _ StatusFeed = (*MemoryFeed)(nil)

// Publish calls every subscriber's notify with ids once tx has committed
// (Tx.AfterCommit), before the write that commits it returns.
func (f *MemoryFeed) Publish(_ context.Context, tx *storage.Tx, ids []ID) error {
	if len(ids) == 0 {
		return nil
	}
	ids = slices.Clone(ids)
	tx.AfterCommit(func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for n := range f.subs {
			(*n)(slices.Clone(ids))
		}
	})
	return nil
}

// Subscribe implements StatusFeed; in process, nothing is ever missed
// after the first notify(nil).
func (f *MemoryFeed) Subscribe(ctx context.Context, notify func([]ID)) {
	f.mu.Lock()
	if f.subs == nil {
		f.subs = map[*func([]ID)]struct{}{}
	}
	key := &notify
	f.subs[key] = struct{}{}
	notify(nil) // under the lock: before any Publish it does not see
	f.mu.Unlock()
	<-ctx.Done()
	f.mu.Lock()
	delete(f.subs, key)
	f.mu.Unlock()
}

// DefaultFeedChannel is PostgresFeedConfig.Channel's default.
const DefaultFeedChannel = "orchestration_orders"

// PostgresFeedConfig configures NewPostgresFeed.
type PostgresFeedConfig struct {
	// DB is the PostgreSQL database the index is kept in. Required.
	DB *storage.DB
	// Channel is the LISTEN/NOTIFY channel: a lowercase identifier
	// ([a-z_][a-z0-9_]*, at most 63 bytes). Replicas sharing an index
	// share it. Empty means DefaultFeedChannel.
	Channel string
	// RetryDelay is the wait before listening again after the listening
	// connection failed; it doubles up to a minute. Zero means a second.
	RetryDelay time.Duration
	// Logger receives the listening connection's failures; nil means
	// slog.Default().
	Logger *slog.Logger
}

// PostgresFeed is the StatusFeed of replicas sharing a PostgreSQL index:
// PostgreSQL's NOTIFY carries the ids (comma-separated, at most
// feedChunk per notification, well under its 8000-byte payload limit),
// sent in the transaction that wrote them, so PostgreSQL delivers them
// when it commits; each subscriber LISTENs on a connection of its own
// taken from DB's pool for as long as it is subscribed.
type PostgresFeed struct {
	cfg    PostgresFeedConfig
	logger *slog.Logger
}

var _ StatusFeed = (*PostgresFeed)(nil)

var channelName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// NewPostgresFeed checks cfg and returns the feed.
func NewPostgresFeed(cfg PostgresFeedConfig) (*PostgresFeed, error) {
	if cfg.DB == nil || cfg.DB.Dialect() != storage.Postgres {
		return nil, errors.New("order: PostgresFeedConfig.DB must be a PostgreSQL database")
	}
	if cfg.Channel == "" {
		cfg.Channel = DefaultFeedChannel
	}
	if !channelName.MatchString(cfg.Channel) {
		return nil, fmt.Errorf("order: PostgresFeedConfig.Channel %q is not a lowercase identifier", cfg.Channel)
	}
	if cfg.RetryDelay <= 0 {
		cfg.RetryDelay = time.Second
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	return &PostgresFeed{cfg: cfg, logger: logger}, nil
}

// feedChunk bounds the ids of one notification: 100 ids of 66 characters
// and their commas stay under NOTIFY's 8000-byte payload.
const feedChunk = 100

// Publish queues one NOTIFY per feedChunk ids in tx, in one statement:
// PostgreSQL sends them when tx commits. tx must be of DB's database.
// PostgreSQL commits notifying transactions one at a time; the index's
// writes are one at a time already (lockWrites).
func (f *PostgresFeed) Publish(ctx context.Context, tx *storage.Tx, ids []ID) error {
	if len(ids) == 0 {
		return nil
	}
	var payloads []string
	for part := range slices.Chunk(ids, feedChunk) {
		hexes := make([]string, len(part))
		for j, id := range part {
			hexes[j] = id.String()
		}
		payloads = append(payloads, strings.Join(hexes, ","))
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_notify(?, p) FROM unnest(CAST(? AS text[])) AS p`, f.cfg.Channel, payloads); err != nil {
		return fmt.Errorf("order: notify order changes: %w", err)
	}
	return nil
}

// Subscribe LISTENs on a connection of its own; when that connection
// fails it listens again on another, after RetryDelay, and calls
// notify(nil) once it does. Each failure is logged at Warn, and the
// LISTEN that ends a run of them at Info, so that the log shows when
// notices flow again after a database outage.
func (f *PostgresFeed) Subscribe(ctx context.Context, notify func([]ID)) {
	delay := f.cfg.RetryDelay
	failures := 0 // in a row, since the last LISTEN that worked
	var failingSince time.Time
	listening := func() {
		if failures > 0 {
			f.logger.Info("order status feed: listening again; notices flow",
				"failures", failures, "failingFor", time.Since(failingSince).Round(time.Millisecond))
			failures = 0
		}
	}
	for {
		listened, err := f.listen(ctx, notify, listening)
		if ctx.Err() != nil {
			return
		}
		if listened {
			delay = f.cfg.RetryDelay
		}
		if failures == 0 {
			failingSince = time.Now()
		}
		failures++
		f.logger.Warn("order status feed: the LISTEN connection failed; listening again", "err", err, "retryIn", delay)
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		delay = min(2*delay, time.Minute)
	}
}

// listen listens on one connection until it fails or ctx ends; listened
// says whether LISTEN succeeded, and listening is called when it does. The
// connection is closed afterwards, not returned to the pool still
// listening.
func (f *PostgresFeed) listen(ctx context.Context, notify func([]ID), listening func()) (listened bool, err error) {
	conn, err := f.cfg.DB.SQL().Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("order: a PostgreSQL connection of type %T", dc)
		}
		pc := c.Conn()
		if _, err := pc.Exec(ctx, `LISTEN `+f.cfg.Channel); err != nil {
			return errors.Join(err, driver.ErrBadConn)
		}
		listened = true
		listening()
		notify(nil)
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				// Discarded (ErrBadConn): it is still listening, or broken.
				return errors.Join(err, driver.ErrBadConn)
			}
			notify(parseIDs(n.Payload))
		}
	})
	return listened, err
}

// parseIDs reads a notification's comma-separated ids; one that does not
// parse makes it a notify(nil) (re-read everything) rather than a lost
// notice.
func parseIDs(payload string) []ID {
	var ids []ID
	for s := range strings.SplitSeq(payload, ",") {
		id, err := ParseID(s)
		if err != nil {
			return nil
		}
		ids = append(ids, id)
	}
	return ids
}
