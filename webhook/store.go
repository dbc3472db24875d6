package webhook

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/m0-orchestration/m0/storage"
)

// Errors of the Store, matched with errors.Is.
var (
	// ErrNotFound: the key has no webhook.
	ErrNotFound = errors.New("webhook: the key has no webhook")
	// ErrInvalid: a URL or sender that cannot be a webhook's; the wrapping
	// error says why.
	ErrInvalid = errors.New("webhook: invalid webhook")
)

// Webhook is a key's webhook as stored.
type Webhook struct {
	KeyID string
	URL   string
	// Secret signs the deliveries. It is shown once, when the webhook is
	// registered; listings must not print it.
	Secret    string
	CreatedAt time.Time
	// Senders are the senders whose orders the webhook is told of.
	Senders []Sender
}

// Sender is a sender a webhook follows, and why.
type Sender struct {
	Address string
	Source  SenderSource
}

// SenderSource is why a webhook follows a sender.
type SenderSource string

const (
	// FromQuote: the service quoted a limit order for this sender to the
	// webhook's key (decision 46).
	FromQuote SenderSource = "quote"
	// Registered: the sender was given with the webhook.
	Registered SenderSource = "registered"
)

// Delivery is an outbox event leased to a dispatcher, with where and how
// it goes.
type Delivery struct {
	Seq       int64
	EventID   string
	KeyID     string
	URL       string
	Secret    string
	Body      []byte
	Attempts  int       // failed attempts so far
	CreatedAt time.Time // when the event was recorded
}

// Counts are a webhook's (or all webhooks') events waiting in the outbox.
type Counts struct {
	// Pending are to be delivered (or retried); Dead were given up.
	Pending, Dead int
}

// Store keeps the webhooks, the senders they follow and the outbox of
// their events. SQLStore is the one in the service's database; the
// conformance suite webhooktest.Run checks any. Methods are safe for
// concurrent use, including from dispatchers of several processes sharing
// the store; ctx bounds each call.
type Store interface {
	// Set makes url, signed with secret, keyID's webhook, replacing the
	// one it had (its senders, states and events stay), and adds
	// registered senders.
	Set(ctx context.Context, keyID, url, secret string, senders []string) error
	// Get returns keyID's webhook, or ErrNotFound.
	Get(ctx context.Context, keyID string) (Webhook, error)
	// Remove deletes keyID's webhook with its senders and undelivered
	// events; ErrNotFound when it has none.
	Remove(ctx context.Context, keyID string) error
	// Follow adds sender to keyID's webhook's senders with source, when
	// the key has a webhook (else it does nothing and reports false).
	Follow(ctx context.Context, keyID, sender string, source SenderSource) (bool, error)
	// Claim leases to holder, until now+lease, up to limit pending events
	// due at now whose lease (if any) has run out, oldest first, and no
	// two of one key and order: an event waits while an earlier one of
	// its order is pending.
	Claim(ctx context.Context, holder string, now time.Time, lease time.Duration, limit int) ([]Delivery, error)
	// Delivered removes the event seq from the outbox.
	Delivered(ctx context.Context, seq int64) error
	// Retry records the event's failed attempts and its next attempt's
	// time, and releases its lease.
	Retry(ctx context.Context, seq int64, attempts int, next time.Time, lastErr string) error
	// Dead gives the event up: it stays in the outbox as dead, and no
	// longer holds back its order's later events.
	Dead(ctx context.Context, seq int64, attempts int, lastErr string) error
	// Counts counts keyID's events in the outbox, or every key's for "".
	Counts(ctx context.Context, keyID string) (Counts, error)
}

//go:embed migrations/*.sql
var migrationFiles embed.FS

// The webhooks' tables are migrated with the service's database.
func init() {
	storage.Register(storage.Migrations{Name: "webhook", Files: migrationFiles})
}

// CheckURL checks that s can be a webhook's URL: absolute http or https
// with a host, no user information. It returns the error wrapping
// ErrInvalid.
func CheckURL(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return fmt.Errorf("%w: url %q does not parse", ErrInvalid, clip(s))
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Errorf("%w: url %q must be http or https", ErrInvalid, clip(s))
	case u.Host == "":
		return fmt.Errorf("%w: url %q has no host", ErrInvalid, clip(s))
	case u.User != nil:
		return fmt.Errorf("%w: url must not carry a user or password", ErrInvalid)
	}
	return nil
}

// hostOf is the host of a webhook's URL, what logs name: never its path
// or query, which may hold a token.
func hostOf(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Host
	}
	return "?"
}

// SQLStore is the Store in the service's SQL database (SQLite or
// PostgreSQL; the tables of webhook/migrations). It is also the
// order.ChangeRecorder that writes the outbox in the order index's
// transactions (RecordChanges).
type SQLStore struct {
	db        *storage.DB
	now       func() time.Time
	chainName func(uint64) string
	onCommit  func()
}

var _ Store = (*SQLStore)(nil)

// SQLConfig configures NewSQLStore.
type SQLConfig struct {
	// Now is the clock of recorded events; nil means time.Now.
	Now func() time.Time
	// ChainName names a chain id in the events' orders (Order.OriginChain);
	// nil, or "", leaves it out.
	ChainName func(chainID uint64) string
	// OnCommit, when set, is called once a transaction in which
	// RecordChanges wrote events has committed: the service wakes its
	// Dispatcher with it (Dispatcher.Wake), so that events go out without
	// waiting for its next poll. It must not block.
	OnCommit func()
}

// NewSQLStore returns the Store kept in db.
func NewSQLStore(db *storage.DB, cfg SQLConfig) *SQLStore {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &SQLStore{db: db, now: cfg.Now, chainName: cfg.ChainName, onCommit: cfg.OnCommit}
}

// Set implements Store.
func (s *SQLStore) Set(ctx context.Context, keyID, u, secret string, senders []string) error {
	if err := CheckURL(u); err != nil {
		return err
	}
	if keyID == "" || secret == "" {
		return fmt.Errorf("%w: a webhook needs a key and a secret", ErrInvalid)
	}
	now := s.now().UnixMicro()
	return s.db.WithTx(ctx, func(tx *storage.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhooks (key_id, url, secret, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (key_id) DO UPDATE SET url = excluded.url, secret = excluded.secret`, keyID, u, secret, now); err != nil {
			return fmt.Errorf("webhook: set: %w", err)
		}
		for _, a := range senders {
			if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_senders (key_id, sender, source, created_at) VALUES (?, ?, ?, ?)
				ON CONFLICT (key_id, sender) DO UPDATE SET source = excluded.source`, keyID, a, string(Registered), now); err != nil {
				return fmt.Errorf("webhook: set: %w", err)
			}
		}
		return nil
	})
}

// Get implements Store.
func (s *SQLStore) Get(ctx context.Context, keyID string) (Webhook, error) {
	w := Webhook{KeyID: keyID}
	var created int64
	err := s.db.QueryRowContext(ctx, `SELECT url, secret, created_at FROM webhooks WHERE key_id = ?`, keyID).Scan(&w.URL, &w.Secret, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Webhook{}, ErrNotFound
	}
	if err != nil {
		return Webhook{}, fmt.Errorf("webhook: get: %w", err)
	}
	w.CreatedAt = time.UnixMicro(created).UTC()
	rows, err := s.db.QueryContext(ctx, `SELECT sender, source FROM webhook_senders WHERE key_id = ? ORDER BY created_at, sender`, keyID)
	if err != nil {
		return Webhook{}, fmt.Errorf("webhook: get: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var sd Sender
		if err := rows.Scan(&sd.Address, &sd.Source); err != nil {
			return Webhook{}, fmt.Errorf("webhook: get: %w", err)
		}
		w.Senders = append(w.Senders, sd)
	}
	return w, rows.Err()
}

// Remove implements Store.
func (s *SQLStore) Remove(ctx context.Context, keyID string) error {
	return s.db.WithTx(ctx, func(tx *storage.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM webhooks WHERE key_id = ?`, keyID)
		if err != nil {
			return fmt.Errorf("webhook: remove: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return ErrNotFound
		}
		for _, q := range []string{`DELETE FROM webhook_senders WHERE key_id = ?`, `DELETE FROM webhook_order_states WHERE key_id = ?`,
			`DELETE FROM webhook_outbox WHERE key_id = ?`} {
			if _, err := tx.ExecContext(ctx, q, keyID); err != nil {
				return fmt.Errorf("webhook: remove: %w", err)
			}
		}
		return nil
	})
}

// Follow implements Store. It reads first and writes only a sender not
// followed yet: a quote of a key without a webhook, or of a sender
// followed already, costs one read and takes no write lock.
func (s *SQLStore) Follow(ctx context.Context, keyID, sender string, source SenderSource) (bool, error) {
	var hasWebhook, follows bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM webhooks WHERE key_id = ?),
		EXISTS (SELECT 1 FROM webhook_senders WHERE key_id = ? AND sender = ?)`, keyID, keyID, sender).Scan(&hasWebhook, &follows); err != nil {
		return false, fmt.Errorf("webhook: follow a sender: %w", err)
	}
	if !hasWebhook || follows {
		return hasWebhook, nil
	}
	// The webhook may go meanwhile: insert only while it is there.
	res, err := s.db.ExecContext(ctx, `INSERT INTO webhook_senders (key_id, sender, source, created_at)
		SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM webhooks WHERE key_id = ?)
		ON CONFLICT (key_id, sender) DO NOTHING`, keyID, sender, string(source), s.now().UnixMicro(), keyID)
	if err != nil {
		return false, fmt.Errorf("webhook: follow a sender: %w", err)
	}
	n, err := res.RowsAffected()
	return err == nil && n > 0, err
}

// Claim implements Store. On PostgreSQL the candidates are locked with
// FOR UPDATE SKIP LOCKED, so dispatchers of several replicas claim
// different events without waiting on each other; SQLite serialises the
// claiming transactions.
func (s *SQLStore) Claim(ctx context.Context, holder string, now time.Time, lease time.Duration, limit int) ([]Delivery, error) {
	lock := ""
	if s.db.Dialect() == storage.Postgres {
		lock = ` FOR UPDATE OF o SKIP LOCKED`
	}
	var out []Delivery
	err := s.db.WithTx(ctx, func(tx *storage.Tx) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, `SELECT o.seq, o.event_id, o.key_id, w.url, w.secret, o.body, o.attempts, o.created_at
			FROM webhook_outbox o JOIN webhooks w ON w.key_id = o.key_id
			WHERE o.state = 'pending' AND o.next_attempt_at <= ? AND o.lease_until <= ?
			AND NOT EXISTS (SELECT 1 FROM webhook_outbox p WHERE p.key_id = o.key_id AND p.order_id = o.order_id
				AND p.state = 'pending' AND p.seq < o.seq)
			ORDER BY o.seq LIMIT ?`+lock, now.UnixMicro(), now.UnixMicro(), limit)
		if err != nil {
			return fmt.Errorf("webhook: claim: %w", err)
		}
		for rows.Next() {
			var d Delivery
			var body string
			var attempts, created int64
			if err := rows.Scan(&d.Seq, &d.EventID, &d.KeyID, &d.URL, &d.Secret, &body, &attempts, &created); err != nil {
				rows.Close()
				return fmt.Errorf("webhook: claim: %w", err)
			}
			d.Body, d.Attempts, d.CreatedAt = []byte(body), int(attempts), time.UnixMicro(created).UTC()
			out = append(out, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("webhook: claim: %w", err)
		}
		if len(out) == 0 {
			return nil
		}
		args := []any{holder, now.Add(lease).UnixMicro()}
		for _, d := range out {
			args = append(args, d.Seq)
		}
		_, err = tx.ExecContext(ctx, `UPDATE webhook_outbox SET lease_holder = ?, lease_until = ? WHERE seq IN (`+
			storage.Values("?", len(out))+`)`, args...)
		if err != nil {
			return fmt.Errorf("webhook: claim: %w", err)
		}
		return nil
	})
	return out, err
}

// Delivered implements Store.
func (s *SQLStore) Delivered(ctx context.Context, seq int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM webhook_outbox WHERE seq = ?`, seq); err != nil {
		return fmt.Errorf("webhook: record a delivery: %w", err)
	}
	return nil
}

// Retry implements Store.
func (s *SQLStore) Retry(ctx context.Context, seq int64, attempts int, next time.Time, lastErr string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE webhook_outbox SET attempts = ?, next_attempt_at = ?, last_error = ?,
		lease_holder = '', lease_until = 0 WHERE seq = ?`, attempts, next.UnixMicro(), lastErr, seq); err != nil {
		return fmt.Errorf("webhook: record a failed delivery: %w", err)
	}
	return nil
}

// Dead implements Store.
func (s *SQLStore) Dead(ctx context.Context, seq int64, attempts int, lastErr string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE webhook_outbox SET state = 'dead', attempts = ?, last_error = ?,
		lease_holder = '', lease_until = 0 WHERE seq = ?`, attempts, lastErr, seq); err != nil {
		return fmt.Errorf("webhook: dead-letter an event: %w", err)
	}
	return nil
}

// Counts implements Store.
func (s *SQLStore) Counts(ctx context.Context, keyID string) (Counts, error) {
	var c Counts
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN state = 'pending' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN state = 'dead' THEN 1 ELSE 0 END), 0)
		FROM webhook_outbox WHERE ? = '' OR key_id = ?`, keyID, keyID).Scan(&c.Pending, &c.Dead)
	if err != nil {
		return Counts{}, fmt.Errorf("webhook: count the outbox: %w", err)
	}
	return c, nil
}
