package storage

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one schema version for one dialect.
type migration struct {
	version int
	name    string
	sql     string
}

// migrationName is NNNN_name.sql, or NNNN_name.DIALECT.sql for a version
// written once per dialect.
var migrationName = regexp.MustCompile(`^(\d{4})_([a-z0-9_]+)(?:\.(sqlite|postgres))?\.sql$`)

// loadMigrations reads the migrations of dialect d from the directory
// "migrations" of fsys, in version order. Versions must run from 1 to the
// highest one of either dialect without gaps, each given once for d: by a
// portable file or by a file for d.
func loadMigrations(fsys fs.FS, d Dialect) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, "migrations")
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	byVersion := map[int]migration{}
	latest := 0 // over both dialects, so a file missing for d is noticed
	for _, e := range entries {
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migrations: %s: name is not NNNN_name[.sqlite|.postgres].sql", e.Name())
		}
		version, _ := strconv.Atoi(m[1])
		if version == 0 {
			return nil, fmt.Errorf("migrations: %s: versions start at 0001", e.Name())
		}
		latest = max(latest, version)
		if m[3] != "" && m[3] != d.String() {
			continue
		}
		if prev, dup := byVersion[version]; dup {
			return nil, fmt.Errorf("migrations: version %d given twice for %s (%s and %s)", version, d, prev.name, m[2])
		}
		text, err := fs.ReadFile(fsys, "migrations/"+e.Name())
		if err != nil {
			return nil, fmt.Errorf("migrations: %w", err)
		}
		byVersion[version] = migration{version: version, name: m[2], sql: string(text)}
	}
	out := make([]migration, 0, latest)
	for v := 1; v <= latest; v++ {
		m, ok := byVersion[v]
		if !ok {
			return nil, fmt.Errorf("migrations: version %d missing for %s", v, d)
		}
		out = append(out, m)
	}
	return out, nil
}

// Migrate applies the embedded migrations the database lacks; see the package
// documentation. Open calls it; calling it again is harmless.
func (db *DB) Migrate(ctx context.Context) error {
	if err := db.migrate(ctx); err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	return nil
}

// migrate is Migrate without the package prefix on its errors.
func (db *DB) migrate(ctx context.Context) error {
	ms, err := loadMigrations(migrationFiles, db.dialect)
	if err != nil {
		return err
	}
	var applied []int
	err = db.WithTx(ctx, func(tx *Tx) error {
		if err := db.lockSchema(ctx, tx); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER NOT NULL PRIMARY KEY,
			name       TEXT    NOT NULL,
			applied_at BIGINT  NOT NULL
		)`); err != nil {
			return err
		}
		applied, err = appliedVersions(ctx, tx)
		return err
	})
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	for _, m := range ms {
		if slices.Contains(applied, m.version) {
			continue
		}
		if err := db.WithTx(ctx, func(tx *Tx) error { return db.apply(ctx, tx, m) }); err != nil {
			return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
		}
	}
	return nil
}

// apply runs m in tx unless another process applied it since Migrate looked.
func (db *DB) apply(ctx context.Context, tx *Tx, m migration) error {
	if err := db.lockSchema(ctx, tx); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UnixMicro())
	return err
}

// migrationLockClass is the first key of the PostgreSQL advisory lock that
// serialises migrations ("m0" in ASCII); the second is the schema's hash, so
// databases in different schemas migrate independently.
const migrationLockClass = 0x6d30

// lockSchema makes tx the only migrating transaction on this database schema
// until it ends. On SQLite the transaction already holds the write lock.
func (db *DB) lockSchema(ctx context.Context, tx *Tx) error {
	if db.dialect != Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(`+strconv.Itoa(migrationLockClass)+`, hashtext(coalesce(current_schema(), '')))`)
	return err
}

func appliedVersions(ctx context.Context, tx *Tx) ([]int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
