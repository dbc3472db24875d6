// Package storagetest runs the storage conformance suite and provides the
// databases the project's store tests run against: a SQLite file, an in-memory
// SQLite database, and a fresh schema of a PostgreSQL database when
// ORCHESTRATION_TEST_POSTGRES_DSN is set.
//
// A store's test runs its own suite over every backend:
//
//	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
//		mystoretest.Run(t, func(t *testing.T) *storage.DB { return storagetest.Open(t, newConfig(t)) })
//	})
package storagetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/storage"
)

// PostgresDSNEnv names the environment variable holding the DSN of a
// PostgreSQL database the tests may create and drop schemas in, for example
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable.
const PostgresDSNEnv = "ORCHESTRATION_TEST_POSTGRES_DSN"

// Backend is a kind of database the suites run against.
type Backend struct {
	Name string
	// NewConfig returns the Config of a fresh, empty database that lives
	// until t ends. Opening the Config again reaches the same database,
	// except for in-memory SQLite, where every Open is a new database.
	NewConfig func(t *testing.T) storage.Config
	// SkipReason, when not empty, says why this backend is unavailable.
	SkipReason string
}

// Backends returns the SQLite file, SQLite in-memory and PostgreSQL backends.
// PostgreSQL has a SkipReason unless PostgresDSNEnv is set.
func Backends() []Backend {
	pg := Backend{Name: "postgres", NewConfig: func(t *testing.T) storage.Config { return Postgres(t) }}
	if os.Getenv(PostgresDSNEnv) == "" {
		pg.SkipReason = PostgresDSNEnv + " is not set; set it to a PostgreSQL DSN (e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable) to run the PostgreSQL tests"
	}
	return []Backend{
		{Name: "sqlite-file", NewConfig: SQLiteFile},
		{Name: "sqlite-memory", NewConfig: SQLiteMemory},
		pg,
	}
}

// ForEach runs fn in a subtest per backend of Backends, named after it,
// skipping the backends that are unavailable.
func ForEach(t *testing.T, fn func(t *testing.T, newConfig func(*testing.T) storage.Config)) {
	for _, b := range Backends() {
		t.Run(b.Name, func(t *testing.T) {
			if b.SkipReason != "" {
				t.Skip(b.SkipReason)
			}
			fn(t, b.NewConfig)
		})
	}
}

// SQLiteFile returns the Config of a new SQLite file in a directory of
// t.TempDir() that does not exist yet, so Open must create it.
func SQLiteFile(t *testing.T) storage.Config {
	return storage.Config{DSN: "sqlite:" + filepath.Join(t.TempDir(), "db", "m0.db")}
}

// SQLiteMemory returns the Config of an in-memory SQLite database.
func SQLiteMemory(*testing.T) storage.Config {
	return storage.Config{DSN: "sqlite::memory:"}
}

// Postgres creates a schema with a random name in the database of
// PostgresDSNEnv, drops it when t ends, and returns a Config whose DSN puts
// that schema first on the search path. It skips t if PostgresDSNEnv is not
// set.
func Postgres(t testing.TB) storage.Config {
	t.Helper()
	dsn := os.Getenv(PostgresDSNEnv)
	if dsn == "" {
		t.Skip(PostgresDSNEnv + " is not set")
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("%s is not a URL", PostgresDSNEnv) // the DSN may hold a password
	}
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatalf("open %s: %v", PostgresDSNEnv, err)
	}
	t.Cleanup(func() { admin.Close() })
	schema := "test_" + strings.ToLower(rand.Text()[:16])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA "`+schema+`"`); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, `DROP SCHEMA "`+schema+`" CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return storage.Config{DSN: u.String()}
}

// Open opens cfg with t's context and closes the DB when t ends.
func Open(t *testing.T, cfg storage.Config) *storage.DB {
	t.Helper()
	db, err := storage.Open(t.Context(), cfg)
	if err != nil {
		t.Fatalf("storage.Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Run runs the storage conformance suite. newConfig must return the Config of
// a fresh, empty database on every call (see Backend.NewConfig).
func Run(t *testing.T, newConfig func(t *testing.T) storage.Config) {
	t.Run("Dialect", func(t *testing.T) { testDialect(t, newConfig(t)) })
	t.Run("Ping", func(t *testing.T) { testPing(t, newConfig(t)) })
	t.Run("SQLiteSettings", func(t *testing.T) { testSQLiteSettings(t, newConfig(t)) })
	t.Run("MigrateIdempotent", func(t *testing.T) { testMigrateIdempotent(t, newConfig(t)) })
	t.Run("Reopen", func(t *testing.T) { testReopen(t, newConfig(t)) })
	t.Run("ConcurrentOpen", func(t *testing.T) { testConcurrentOpen(t, newConfig(t)) })
	t.Run("Rebind", func(t *testing.T) { testRebind(t, newConfig(t)) })
	t.Run("Tx", func(t *testing.T) { testTx(t, newConfig(t)) })
	t.Run("AfterCommit", func(t *testing.T) { testAfterCommit(t, newConfig(t)) })
	t.Run("ConcurrentWrites", func(t *testing.T) { testConcurrentWrites(t, newConfig(t)) })
}

func isMemory(cfg storage.Config) bool { return cfg.DSN == "sqlite::memory:" }

func testDialect(t *testing.T, cfg storage.Config) {
	db := Open(t, cfg)
	want := storage.Postgres
	if strings.HasPrefix(cfg.DSN, "sqlite:") {
		want = storage.SQLite
	}
	if got := db.Dialect(); got != want {
		t.Errorf("Dialect() = %v, want %v", got, want)
	}
}

func testPing(t *testing.T, cfg storage.Config) {
	db := Open(t, cfg)
	if err := db.Ping(t.Context()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	db.Close()
	if err := db.Ping(t.Context()); err == nil {
		t.Error("Ping after Close: got nil error")
	}
}

// testSQLiteSettings checks the pragmas Open promises, on every connection of
// the pool.
func testSQLiteSettings(t *testing.T, cfg storage.Config) {
	if !strings.HasPrefix(cfg.DSN, "sqlite:") {
		t.Skip("SQLite only")
	}
	db := Open(t, cfg)
	want := map[string]string{"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "5000"}
	if isMemory(cfg) {
		want = map[string]string{"journal_mode": "memory", "foreign_keys": "1"}
	}
	// Hold several connections at once so the pool must open new ones.
	ctx := t.Context()
	for range 3 {
		conn, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatalf("Conn: %v", err)
		}
		defer conn.Close()
		got := map[string]string{}
		for name := range want {
			var v string
			if err := conn.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v); err != nil {
				t.Fatalf("PRAGMA %s: %v", name, err)
			}
			got[name] = v
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("pragmas (-want +got):\n%s", diff)
		}
		if isMemory(cfg) {
			break // one connection only
		}
	}
}

type migrationRow struct {
	Version   int
	Name      string
	AppliedAt int64
}

func migrationRows(t *testing.T, db *storage.DB) []migrationRow {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT version, name, applied_at FROM schema_migrations ORDER BY version, applied_at`)
	if err != nil {
		t.Fatalf("read schema_migrations: %v", err)
	}
	defer rows.Close()
	var out []migrationRow
	for rows.Next() {
		var r migrationRow
		if err := rows.Scan(&r.Version, &r.Name, &r.AppliedAt); err != nil {
			t.Fatalf("scan schema_migrations: %v", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("read schema_migrations: %v", err)
	}
	return out
}

// checkMigrated checks that versions from 1 up are recorded once each (a
// version whose migration moved to a package's own set is not) and that
// the first migration's table exists.
func checkMigrated(t *testing.T, db *storage.DB) []migrationRow {
	t.Helper()
	rows := migrationRows(t, db)
	if len(rows) == 0 {
		t.Fatal("schema_migrations is empty after Open")
	}
	for i, r := range rows {
		if i == 0 && r.Version != 1 || i > 0 && r.Version <= rows[i-1].Version {
			t.Fatalf("schema_migrations versions = %v, want from 1 up, each once", rows)
		}
	}
	var n int
	if err := db.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM api_keys`).Scan(&n); err != nil {
		t.Fatalf("api_keys after migrations: %v", err)
	}
	return rows
}

func testMigrateIdempotent(t *testing.T, cfg storage.Config) {
	db := Open(t, cfg)
	before := checkMigrated(t, db)
	for range 2 {
		if err := db.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate again: %v", err)
		}
	}
	if diff := cmp.Diff(before, migrationRows(t, db)); diff != "" {
		t.Errorf("schema_migrations changed by a second Migrate (-before +after):\n%s", diff)
	}
}

func testReopen(t *testing.T, cfg storage.Config) {
	if isMemory(cfg) {
		t.Skip("every Open of sqlite::memory: is a new database")
	}
	db := Open(t, cfg)
	before := checkMigrated(t, db)
	if _, err := db.ExecContext(t.Context(), `INSERT INTO api_keys (id, name, prefix, secret_hash, allowed_ips, allowed_origins, created_at) VALUES ('k', 'n', 'p', 'h', '[]', '[]', 1)`); err != nil {
		t.Fatalf("insert: %v", err)
	}
	db.Close()

	db = Open(t, cfg)
	if diff := cmp.Diff(before, migrationRows(t, db)); diff != "" {
		t.Errorf("schema_migrations changed by a second Open (-before +after):\n%s", diff)
	}
	var n int
	if err := db.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM api_keys`).Scan(&n); err != nil || n != 1 {
		t.Errorf("api_keys rows after reopening = %d, %v; want 1, nil", n, err)
	}
}

func testConcurrentOpen(t *testing.T, cfg storage.Config) {
	if isMemory(cfg) {
		t.Skip("every Open of sqlite::memory: is a new database")
	}
	const replicas = 8
	dbs := make([]*storage.DB, replicas)
	var g errgroup.Group
	for i := range dbs {
		g.Go(func() error {
			db, err := storage.Open(t.Context(), cfg)
			dbs[i] = db
			return err
		})
	}
	err := g.Wait()
	for _, db := range dbs {
		if db != nil {
			defer db.Close()
		}
	}
	if err != nil {
		t.Fatalf("concurrent Open: %v", err)
	}
	checkMigrated(t, dbs[0])
}

func testRebind(t *testing.T, cfg storage.Config) {
	db := Open(t, cfg)
	const q = `SELECT CAST(? AS TEXT) || '?' || t."x?" || CAST(? AS TEXT) -- why?
		FROM (SELECT 'y' AS "x?") t /* ? */ WHERE CAST(? AS INTEGER) = CAST(? AS INTEGER)`
	var got string
	if err := db.QueryRowContext(t.Context(), q, "a", "b", 1, 1).Scan(&got); err != nil {
		t.Fatalf("query with ? placeholders, quoted ? and commented ?: %v", err)
	}
	if got != "a?yb" {
		t.Errorf("got %q, want %q", got, "a?yb")
	}
}

func createScratch(t *testing.T, db *storage.DB) {
	t.Helper()
	if _, err := db.ExecContext(t.Context(), `CREATE TABLE storagetest_scratch (k TEXT NOT NULL PRIMARY KEY, v BIGINT NOT NULL)`); err != nil {
		t.Fatalf("create scratch table: %v", err)
	}
}

func scratchKeys(t *testing.T, db *storage.DB) []string {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT k FROM storagetest_scratch ORDER BY k`)
	if err != nil {
		t.Fatalf("read scratch: %v", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			t.Fatalf("scan scratch: %v", err)
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("read scratch: %v", err)
	}
	return out
}

func testTx(t *testing.T, cfg storage.Config) {
	db := Open(t, cfg)
	createScratch(t, db)
	ctx := t.Context()
	insert := func(k string) func(*storage.Tx) error {
		return func(tx *storage.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO storagetest_scratch (k, v) VALUES (?, ?)`, k, 1)
			return err
		}
	}
	if err := db.WithTx(ctx, insert("committed")); err != nil {
		t.Fatalf("WithTx commit: %v", err)
	}
	errAbort := errors.New("abort")
	err := db.WithTx(ctx, func(tx *storage.Tx) error {
		if err := insert("rolled-back")(tx); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM storagetest_scratch WHERE k = ?`, "rolled-back").Scan(&n); err != nil || n != 1 {
			t.Errorf("row inside its transaction: count %d, %v; want 1, nil", n, err)
		}
		return errAbort
	})
	if !errors.Is(err, errAbort) {
		t.Errorf("WithTx returned %v, want fn's error", err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("WithTx swallowed a panic")
			}
		}()
		db.WithTx(ctx, func(tx *storage.Tx) error {
			insert("panicked")(tx)
			panic("boom")
		})
	}()
	if diff := cmp.Diff([]string{"committed"}, scratchKeys(t, db)); diff != "" {
		t.Errorf("rows after commit, rollback and panic (-want +got):\n%s", diff)
	}
}

// testAfterCommit checks that the functions given Tx.AfterCommit run after
// a commit, in order, and see what it wrote; and never after a rollback or
// a panic.
func testAfterCommit(t *testing.T, cfg storage.Config) {
	db := Open(t, cfg)
	createScratch(t, db)
	ctx := t.Context()
	var calls []string
	after := func(name string) func() {
		return func() {
			// The transaction is over: the DB, not the Tx, reads what it
			// wrote (an in-memory database's one connection is free again).
			calls = append(calls, name+":"+strings.Join(scratchKeys(t, db), ","))
		}
	}
	err := db.WithTx(ctx, func(tx *storage.Tx) error {
		tx.AfterCommit(after("first"))
		if _, err := tx.ExecContext(ctx, `INSERT INTO storagetest_scratch (k, v) VALUES ('committed', 1)`); err != nil {
			return err
		}
		tx.AfterCommit(after("second"))
		if len(calls) != 0 {
			t.Errorf("AfterCommit called %v before the commit", calls)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("WithTx: %v", err)
	}
	if diff := cmp.Diff([]string{"first:committed", "second:committed"}, calls); diff != "" {
		t.Errorf("calls after a commit (-want +got):\n%s", diff)
	}
	calls = nil
	errAbort := errors.New("abort")
	if err := db.WithTx(ctx, func(tx *storage.Tx) error {
		tx.AfterCommit(after("rolled back"))
		return errAbort
	}); !errors.Is(err, errAbort) {
		t.Errorf("WithTx returned %v, want fn's error", err)
	}
	func() {
		defer func() { recover() }()
		db.WithTx(ctx, func(tx *storage.Tx) error {
			tx.AfterCommit(after("panicked"))
			panic("boom")
		})
	}()
	if len(calls) != 0 {
		t.Errorf("AfterCommit called %v for transactions rolled back", calls)
	}
}

func testConcurrentWrites(t *testing.T, cfg storage.Config) {
	db := Open(t, cfg)
	createScratch(t, db)
	const writers, each = 8, 10
	ctx := t.Context()
	var g errgroup.Group
	for w := range writers {
		g.Go(func() error {
			for i := range each {
				err := db.WithTx(ctx, func(tx *storage.Tx) error {
					var n int64
					if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM storagetest_scratch`).Scan(&n); err != nil {
						return err
					}
					_, err := tx.ExecContext(ctx, `INSERT INTO storagetest_scratch (k, v) VALUES (?, ?)`, hex.EncodeToString([]byte{byte(w), byte(i)}), n)
					return err
				})
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatalf("concurrent transactions: %v", err)
	}
	if got := len(scratchKeys(t, db)); got != writers*each {
		t.Errorf("rows = %d, want %d", got, writers*each)
	}
}
