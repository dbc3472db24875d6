package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite" // registers the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"
)

// Defaults for the zero values of [Config].
const (
	DefaultMaxOpenConns = 10
	DefaultBusyTimeout  = 5 * time.Second
)

// postgresMaxIdleTime closes PostgreSQL connections idle for this long, so a
// quiet replica gives its server slots back.
const postgresMaxIdleTime = 5 * time.Minute

// Config says which database to open and how to pool its connections.
type Config struct {
	// DSN is sqlite:PATH, sqlite::memory: or a postgres:// (postgresql://)
	// URL; see the package documentation. Required.
	DSN string

	// MaxOpenConns caps the connections open at once. Zero means
	// DefaultMaxOpenConns; negative is an error. An in-memory SQLite
	// database always uses exactly one connection.
	MaxOpenConns int

	// BusyTimeout is how long a SQLite statement waits for a lock another
	// connection holds before failing with SQLITE_BUSY. Zero means
	// DefaultBusyTimeout; negative is an error. PostgreSQL ignores it.
	BusyTimeout time.Duration
}

// Dialect is the SQL dialect of a [DB].
type Dialect int

// The supported dialects.
const (
	SQLite Dialect = iota + 1
	Postgres
)

// String returns "sqlite" or "postgres".
func (d Dialect) String() string {
	switch d {
	case SQLite:
		return "sqlite"
	case Postgres:
		return "postgres"
	}
	return "Dialect(" + strconv.Itoa(int(d)) + ")"
}

// DB is an open database with its schema migrated. It is safe for concurrent
// use. Its query methods take ? placeholders on every dialect.
type DB struct {
	rebinder
	db *sql.DB
}

// Open opens the database cfg names, checks that it answers, and applies the
// migrations it lacks. ctx bounds the connection and the migrations, not the
// life of the returned DB. The error never contains the DSN's password.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	if cfg.MaxOpenConns < 0 {
		return nil, errors.New("storage: negative MaxOpenConns")
	}
	if cfg.BusyTimeout < 0 {
		return nil, errors.New("storage: negative BusyTimeout")
	}
	if cfg.MaxOpenConns == 0 {
		cfg.MaxOpenConns = DefaultMaxOpenConns
	}
	if cfg.BusyTimeout == 0 {
		cfg.BusyTimeout = DefaultBusyTimeout
	}
	dsn, err := parseDSN(cfg.DSN)
	if err != nil {
		return nil, err
	}
	db, err := open(ctx, dsn, cfg)
	if err != nil {
		return nil, dsn.redact(fmt.Errorf("storage: open %s: %w", dsn.dialect, err))
	}
	return db, nil
}

func open(ctx context.Context, dsn parsedDSN, cfg Config) (*DB, error) {
	var sqlDB *sql.DB
	switch {
	case dsn.dialect == Postgres:
		pc, err := pgx.ParseConfig(dsn.raw)
		if err != nil {
			return nil, err
		}
		sqlDB = stdlib.OpenDB(*pc)
		sqlDB.SetMaxOpenConns(cfg.MaxOpenConns)
		sqlDB.SetMaxIdleConns(cfg.MaxOpenConns)
		sqlDB.SetConnMaxIdleTime(postgresMaxIdleTime)
	case dsn.memory:
		// The database lives in its connection: keep exactly one, forever.
		db, err := sql.Open("sqlite", ":memory:?_pragma=foreign_keys(1)")
		if err != nil {
			return nil, err
		}
		sqlDB = db
		sqlDB.SetMaxOpenConns(1)
		sqlDB.SetMaxIdleConns(1)
		sqlDB.SetConnMaxLifetime(0)
		sqlDB.SetConnMaxIdleTime(0)
	default:
		if err := os.MkdirAll(filepath.Dir(dsn.path), 0o750); err != nil {
			return nil, err
		}
		// It holds the API keys' hashes: a new file is its owner's only
		// (SQLite gives its -wal and -shm files the same mode). An
		// existing file keeps the mode its operator chose.
		f, err := os.OpenFile(dsn.path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, err
		}
		f.Close()
		db, err := sql.Open("sqlite", sqliteFileDSN(dsn.path, cfg.BusyTimeout))
		if err != nil {
			return nil, err
		}
		sqlDB = db
		sqlDB.SetMaxOpenConns(cfg.MaxOpenConns)
		sqlDB.SetMaxIdleConns(cfg.MaxOpenConns)
	}
	db := &DB{rebinder: rebinder{sqlDB, dsn.dialect}, db: sqlDB}
	if err := sqlDB.PingContext(ctx); err != nil {
		sqlDB.Close()
		return nil, err
	}
	if dsn.path != "" {
		if err := enableWAL(ctx, sqlDB, cfg.BusyTimeout); err != nil {
			sqlDB.Close()
			return nil, err
		}
	}
	if err := db.migrate(ctx); err != nil {
		sqlDB.Close()
		return nil, err
	}
	return db, nil
}

// sqliteFileDSN is the modernc.org/sqlite DSN for a database file: the
// per-connection settings. WAL is set once by enableWAL.
func sqliteFileDSN(path string, busy time.Duration) string {
	return path +
		"?_pragma=busy_timeout(" + strconv.FormatInt(busy.Milliseconds(), 10) + ")" +
		"&_pragma=synchronous(NORMAL)" +
		"&_pragma=foreign_keys(1)" +
		"&_txlock=immediate"
}

// enableWAL switches a SQLite file to WAL journaling. The file keeps the
// mode, so every connection follows. Changing it needs an exclusive lock, and
// SQLite answers SQLITE_BUSY at once, without honouring busy_timeout, when
// another connection's lock is in the way (say, another replica migrating the
// same new file), so enableWAL retries for up to timeout.
func enableWAL(ctx context.Context, db *sql.DB, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for delay := time.Millisecond; ; delay = min(2*delay, 100*time.Millisecond) {
		var mode string
		err := db.QueryRowContext(ctx, "PRAGMA journal_mode = WAL").Scan(&mode)
		if err == nil {
			if !strings.EqualFold(mode, "wal") {
				return fmt.Errorf("journal_mode is %q, want wal (does the file system support WAL?)", mode)
			}
			return nil
		}
		var se *sqlite.Error
		if !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return fmt.Errorf("journal_mode: %w", err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("journal_mode: %w", ctx.Err())
		case <-time.After(delay):
		}
	}
}

// Dialect reports which SQL dialect the database speaks.
func (db *DB) Dialect() Dialect { return db.dialect }

// SQL returns the underlying pool, for what DB does not wrap. Queries sent
// through it are not rebound.
func (db *DB) SQL() *sql.DB { return db.db }

// Ping checks that the database answers, for a readiness probe: it takes a
// connection from the pool (or opens one) and makes a round trip. ctx bounds
// the wait, including the wait for a free connection.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.db.PingContext(ctx); err != nil {
		return fmt.Errorf("storage: ping: %w", err)
	}
	return nil
}

// Close closes the pool. An in-memory SQLite database is gone afterwards.
func (db *DB) Close() error { return db.db.Close() }

// Rebind rewrites the ? placeholders of query for the database's dialect: $1,
// $2, ... on PostgreSQL, unchanged on SQLite. A ? inside a quoted string, a
// quoted identifier or a comment is left alone. Queries must not use
// PostgreSQL's jsonb ? operators, E'...' strings with backslash escapes or
// dollar-quoted strings.
func (db *DB) Rebind(query string) string { return rebind(db.dialect, query) }

// WithTx runs fn in a transaction: it commits when fn returns nil and rolls
// back when fn returns an error (which WithTx returns as is) or panics. On
// SQLite files a transaction holds the write lock from its start. fn must
// query through its Tx, not the DB: an in-memory database has one connection,
// and the transaction holds it. Nothing is retried. Once the commit
// succeeded, WithTx calls the functions fn gave [Tx.AfterCommit], then
// returns nil; if any of them panicked, it panics with the first one's
// value once all have run.
func (db *DB) WithTx(ctx context.Context, fn func(*Tx) error) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("storage: begin: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			tx.Rollback()
		}
	}()
	t := &Tx{rebinder: rebinder{tx, db.dialect}}
	err = fn(t)
	afterCommit := t.end()
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("storage: commit: %w", err)
	}
	committed = true
	runAll(afterCommit)
	return nil
}

// runAll calls every f, even after one panicked, then panics with the
// first panic's value: a notice that failed must not keep the others
// from going out, nor go unnoticed.
func runAll(fs []func()) {
	var first any
	panicked := false
	for _, f := range fs {
		func() {
			defer func() {
				if r := recover(); r != nil && !panicked {
					first, panicked = r, true
				}
			}()
			f()
		}()
	}
	if panicked {
		panic(first)
	}
}

// Tx is a transaction begun by [DB.WithTx]. Its query methods take ?
// placeholders. It must not be used after fn returns.
type Tx struct {
	rebinder

	mu sync.Mutex
	// ended is set when fn has returned: AfterCommit panics from then on.
	ended       bool
	afterCommit []func()
}

// AfterCommit has f called once the transaction has committed, in the order
// given, before WithTx returns; never when it rolls back (or its commit
// fails). Every f runs even if one before it panicked (WithTx then panics).
// It is for telling others of what the transaction wrote, exactly when
// they can read it: in process, where the database has no means of its own
// (PostgreSQL's NOTIFY is sent at commit already). It may be called from
// any goroutine while fn runs; called once fn has returned (from a goroutine
// fn left running, or from a function given AfterCommit) it panics, as the
// transaction is over and f would never run.
func (t *Tx) AfterCommit(f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		panic("storage: Tx.AfterCommit called after the transaction's function returned")
	}
	t.afterCommit = append(t.afterCommit, f)
}

// end marks the transaction's function returned and gives the functions
// to call after its commit.
func (t *Tx) end() []func() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.ended = true
	return t.afterCommit
}

// rebinder gives [DB] and [Tx] their query methods: those of q, with the ?
// placeholders rewritten for dialect.
type rebinder struct {
	q interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
	dialect Dialect
}

// ExecContext runs a statement that returns no rows.
func (r rebinder) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return r.q.ExecContext(ctx, rebind(r.dialect, query), args...)
}

// QueryContext runs a query that returns rows.
func (r rebinder) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.q.QueryContext(ctx, rebind(r.dialect, query), args...)
}

// QueryRowContext runs a query that returns at most one row.
func (r rebinder) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return r.q.QueryRowContext(ctx, rebind(r.dialect, query), args...)
}
