package apikey

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/storage"
)

// Compile-time pins.
var (
	_ Authenticator = (*Store)(nil)
	_ Revoker       = (*Store)(nil)
)

// NewKey describes a key to create.
type NewKey struct {
	Name string // required; see MaxNameLen
	// AllowedIPs and AllowedOrigins restrict the key; empty allows any.
	// Entries are canonicalised (see ParseAllowedIP and NormalizeOrigin)
	// and duplicates dropped.
	AllowedIPs     []netip.Prefix
	AllowedOrigins []string
	// RateLimit caps the key's requests; the zero Limit is no limit. It
	// must be valid (see ratelimit.Limit.Validate). SetRateLimit changes it.
	RateLimit ratelimit.Limit
	// Secret, when set, is the key's secret instead of a generated one:
	// MinSecretLen to MaxSecretLen printable ASCII characters without
	// spaces. It exists for development keys given in configuration;
	// generated secrets are stronger.
	Secret string
}

// StoreOptions configures a Store. A nil *StoreOptions means the defaults.
type StoreOptions struct {
	// Now is the clock for CreatedAt and RevokedAt; nil means time.Now.
	Now func() time.Time
}

// Store keeps API keys in the api_keys table of a storage.DB. It holds no
// state of its own, so any number of Stores, in any number of processes, may
// share a database. It is safe for concurrent use.
type Store struct {
	db  *storage.DB
	now func() time.Time
}

// NewStore returns a Store over db, whose migrations Open has applied.
func NewStore(db *storage.DB, opts *StoreOptions) *Store {
	s := &Store{db: db, now: time.Now}
	if opts != nil && opts.Now != nil {
		s.now = opts.Now
	}
	return s
}

// Create creates a key and returns its secret, which is not stored and
// cannot be recovered: show it to the operator once. It fails with
// ErrInvalid, ErrNameTaken or ErrSecretTaken.
func (s *Store) Create(ctx context.Context, nk NewKey) (secret string, k Key, err error) {
	secret, r, err := s.newRow(nk)
	if err != nil {
		return "", Key{}, err
	}
	inserted, err := s.insert(ctx, r)
	if err != nil {
		return "", Key{}, fmt.Errorf("apikey: create %q: %w", nk.Name, err)
	}
	if !inserted {
		if _, err := s.byHash(ctx, r.hash); err == nil {
			return "", Key{}, ErrSecretTaken
		} else if !errors.Is(err, ErrNotFound) {
			return "", Key{}, fmt.Errorf("apikey: create %q: %w", nk.Name, err)
		}
		return "", Key{}, fmt.Errorf("%w: %q", ErrNameTaken, nk.Name)
	}
	return secret, r.key, nil
}

// EnsureKey creates the key nk describes unless a key with nk.Secret
// (required) already exists, and reports whether it created one. An existing
// key is returned as it is, even when its name or restrictions differ from
// nk, and even when it is revoked: a revoked secret stays revoked. This lets
// a server create its configured development key on every start, from any
// number of replicas at once. It fails with ErrInvalid, or ErrNameTaken when
// another active key has nk.Name.
func (s *Store) EnsureKey(ctx context.Context, nk NewKey) (k Key, created bool, err error) {
	if nk.Secret == "" {
		return Key{}, false, fmt.Errorf("%w: EnsureKey needs a secret", ErrInvalid)
	}
	_, r, err := s.newRow(nk)
	if err != nil {
		return Key{}, false, err
	}
	inserted, err := s.insert(ctx, r)
	if err != nil {
		return Key{}, false, fmt.Errorf("apikey: ensure %q: %w", nk.Name, err)
	}
	if inserted {
		return r.key, true, nil
	}
	k, err = s.byHash(ctx, r.hash)
	switch {
	case errors.Is(err, ErrNotFound):
		return Key{}, false, fmt.Errorf("%w: %q", ErrNameTaken, nk.Name)
	case err != nil:
		return Key{}, false, fmt.Errorf("apikey: ensure %q: %w", nk.Name, err)
	}
	return k, false, nil
}

// Authenticate returns the active key whose secret this is, or ErrUnknownKey.
// A secret no key can have (shorter than MinSecretLen, longer than
// MaxSecretLen, or with a character other than printable ASCII) is unknown
// without a lookup. A database that does not answer is a
// KeyStoreUnavailable (*orchestration.Error, decision 99), unless ctx
// ended.
func (s *Store) Authenticate(ctx context.Context, secret string) (Key, error) {
	if checkSecret(secret) != nil {
		// No key was ever made with such a secret: unknown without a
		// lookup, so it is a 401 even while the database is down.
		return Key{}, ErrUnknownKey
	}
	k, err := scanKey(s.db.QueryRowContext(ctx,
		`SELECT `+keyColumns+` FROM api_keys WHERE secret_hash = ? AND revoked_at IS NULL`, hashSecret(secret)))
	switch {
	case errors.Is(err, ErrNotFound):
		return Key{}, ErrUnknownKey
	case err != nil && ctx.Err() != nil:
		return Key{}, fmt.Errorf("apikey: authenticate: %w", err) // the caller gave up
	case err != nil:
		return Key{}, storeUnavailable(fmt.Errorf("apikey: authenticate: %w", err))
	}
	return k, nil
}

// storeUnavailable is the failure to verify a key because the key store
// did not answer: a KeyStoreUnavailable (decision 99), cause err.
func storeUnavailable(err error) error {
	return orchestration.StoreUnavailable(orchestration.KeyStoreUnavailable, err,
		"the API key could not be verified: the key store did not answer; retry later")
}

// Get returns the key with this ID (active or revoked) or the active key
// with this name, or ErrNotFound.
func (s *Store) Get(ctx context.Context, idOrName string) (Key, error) {
	k, err := scanKey(s.db.QueryRowContext(ctx,
		`SELECT `+keyColumns+` FROM api_keys WHERE id = ? OR (name = ? AND revoked_at IS NULL)`, idOrName, idOrName))
	switch {
	case errors.Is(err, ErrNotFound):
		return Key{}, fmt.Errorf("%w: %q", ErrNotFound, idOrName)
	case err != nil:
		return Key{}, fmt.Errorf("apikey: get %q: %w", idOrName, err)
	}
	return k, nil
}

// List returns every key, revoked ones included, oldest first.
func (s *Store) List(ctx context.Context) ([]Key, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+keyColumns+` FROM api_keys ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("apikey: list: %w", err)
	}
	defer rows.Close()
	var keys []Key
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, fmt.Errorf("apikey: list: %w", err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("apikey: list: %w", err)
	}
	return keys, nil
}

// Revoke revokes the key with this ID or the active key with this name. Its
// secret is unknown from then on, here at once and through a Cache within the
// cache's TTL. Revoking a revoked key by ID does nothing and succeeds; a name
// only finds active keys. It fails with ErrNotFound.
func (s *Store) Revoke(ctx context.Context, idOrName string) error {
	res, err := s.db.ExecContext(ctx,
		`UPDATE api_keys SET revoked_at = ? WHERE revoked_at IS NULL AND (id = ? OR name = ?)`,
		toMicros(s.now()), idOrName, idOrName)
	if err != nil {
		return fmt.Errorf("apikey: revoke %q: %w", idOrName, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("apikey: revoke %q: %w", idOrName, err)
	} else if n > 0 {
		return nil
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_keys WHERE id = ?`, idOrName).Scan(&n); err != nil {
		return fmt.Errorf("apikey: revoke %q: %w", idOrName, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %q", ErrNotFound, idOrName)
	}
	return nil
}

// SetRateLimit sets the rate limit of the active key with this ID or name;
// ratelimit.Off removes it. Servers apply it at once, or through a Cache
// within the cache's TTL. It fails with ErrInvalid for an invalid limit and
// ErrNotFound when no active key has that ID or name.
func (s *Store) SetRateLimit(ctx context.Context, idOrName string, limit ratelimit.Limit) error {
	if err := checkRateLimit(limit); err != nil {
		return err
	}
	count, period := rateColumns(limit)
	res, err := s.db.ExecContext(ctx,
		`UPDATE api_keys SET rate_count = ?, rate_period = ? WHERE revoked_at IS NULL AND (id = ? OR name = ?)`,
		count, period, idOrName, idOrName)
	if err != nil {
		return fmt.Errorf("apikey: set rate limit of %q: %w", idOrName, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("apikey: set rate limit of %q: %w", idOrName, err)
	} else if n == 0 {
		return fmt.Errorf("%w: no active key %q", ErrNotFound, idOrName)
	}
	return nil
}

func checkRateLimit(l ratelimit.Limit) error {
	if err := l.Validate(); err != nil {
		return fmt.Errorf("%w: rate limit: %v", ErrInvalid, err)
	}
	return nil
}

// rateColumns is a limit as stored: count and period in microseconds, both
// zero for no limit.
func rateColumns(l ratelimit.Limit) (count, period int64) {
	if l.IsOff() {
		return 0, 0
	}
	return int64(l.Count), l.Period.Microseconds()
}

// row is a key about to be inserted.
type row struct {
	key  Key
	hash string
}

// newRow validates nk and makes its key, generating the ID and, unless nk
// has one, the secret.
func (s *Store) newRow(nk NewKey) (string, row, error) {
	if err := checkName(nk.Name); err != nil {
		return "", row{}, err
	}
	secret := nk.Secret
	if secret == "" {
		secret = newSecret()
	} else if err := checkSecret(secret); err != nil {
		return "", row{}, err
	}
	if err := checkRateLimit(nk.RateLimit); err != nil {
		return "", row{}, err
	}
	k := Key{
		ID:        newID(),
		Name:      nk.Name,
		Prefix:    displayPrefix(secret),
		CreatedAt: fromMicros(toMicros(s.now())),
	}
	if !nk.RateLimit.IsOff() {
		k.RateLimit = nk.RateLimit
	}
	for _, p := range nk.AllowedIPs {
		p, err := canonicalPrefix(p)
		if err != nil {
			return "", row{}, err
		}
		if !slices.Contains(k.AllowedIPs, p) {
			k.AllowedIPs = append(k.AllowedIPs, p)
		}
	}
	for _, o := range nk.AllowedOrigins {
		o, err := NormalizeOrigin(o)
		if err != nil {
			return "", row{}, err
		}
		if !slices.Contains(k.AllowedOrigins, o) {
			k.AllowedOrigins = append(k.AllowedOrigins, o)
		}
	}
	return secret, row{key: k, hash: hashSecret(secret)}, nil
}

// insert inserts r unless that would break a unique constraint (the secret,
// or the name among active keys), and reports whether it did.
func (s *Store) insert(ctx context.Context, r row) (bool, error) {
	ips := make([]string, len(r.key.AllowedIPs))
	for i, p := range r.key.AllowedIPs {
		ips[i] = p.String()
	}
	ipsJSON, err := json.Marshal(ips)
	if err != nil {
		return false, err
	}
	originsJSON, err := json.Marshal(append([]string{}, r.key.AllowedOrigins...))
	if err != nil {
		return false, err
	}
	rateCount, ratePeriod := rateColumns(r.key.RateLimit)
	res, err := s.db.ExecContext(ctx, `INSERT INTO api_keys
		(id, name, prefix, secret_hash, allowed_ips, allowed_origins, rate_count, rate_period, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`,
		r.key.ID, r.key.Name, r.key.Prefix, r.hash, string(ipsJSON), string(originsJSON), rateCount, ratePeriod, toMicros(r.key.CreatedAt))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// byHash returns the key with this secret hash, revoked or not.
func (s *Store) byHash(ctx context.Context, hash string) (Key, error) {
	return scanKey(s.db.QueryRowContext(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE secret_hash = ?`, hash))
}

const keyColumns = `id, name, prefix, allowed_ips, allowed_origins, rate_count, rate_period, created_at, revoked_at`

// scanKey reads keyColumns from one row. sql.ErrNoRows becomes ErrNotFound.
func scanKey(r interface{ Scan(...any) error }) (Key, error) {
	var (
		k                  Key
		ips, origins       string
		created            int64
		rateCount          int64
		ratePeriod         int64
		revoked            sql.NullInt64
		ipStrs, originStrs []string
	)
	err := r.Scan(&k.ID, &k.Name, &k.Prefix, &ips, &origins, &rateCount, &ratePeriod, &created, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return Key{}, ErrNotFound
	}
	if err != nil {
		return Key{}, err
	}
	if err := json.Unmarshal([]byte(ips), &ipStrs); err != nil {
		return Key{}, fmt.Errorf("key %s: allowed_ips: %w", k.ID, err)
	}
	for _, s := range ipStrs {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return Key{}, fmt.Errorf("key %s: allowed_ips: %w", k.ID, err)
		}
		k.AllowedIPs = append(k.AllowedIPs, p)
	}
	if err := json.Unmarshal([]byte(origins), &originStrs); err != nil {
		return Key{}, fmt.Errorf("key %s: allowed_origins: %w", k.ID, err)
	}
	if len(originStrs) > 0 {
		k.AllowedOrigins = originStrs
	}
	if rateCount != 0 {
		k.RateLimit = ratelimit.Limit{Count: int(rateCount), Period: time.Duration(ratePeriod) * time.Microsecond}
	}
	k.CreatedAt = fromMicros(created)
	if revoked.Valid {
		t := fromMicros(revoked.Int64)
		k.RevokedAt = &t
	}
	return k, nil
}

func toMicros(t time.Time) int64    { return t.UnixMicro() }
func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }
