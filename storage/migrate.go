package storage

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// retiredVersions are versions of storage's own migrations that moved to a
// package's own set (Migrations.Adopts says where): their files are gone,
// and a database migrated before keeps their records.
var retiredVersions = []int{
	4, 5, 6, // order_index, order_counts, order_versions: package order's 1, 2, 3
}

// Migrations is a package's own schema: its migrations, versioned apart
// from storage's own and from other packages', so that the package keeps
// its tables' SQL beside its code. Register it; Open and Migrate apply
// every registered set after storage's own migrations, in the order
// registered, the same way (a transaction each, under the schema lock).
type Migrations struct {
	// Name names the set: its versions are recorded in the table
	// NAME_schema_migrations. A lowercase identifier. Required.
	Name string
	// Files holds the set's migrations as
	// migrations/NNNN_name[.sqlite|.postgres].sql, numbered from 0001
	// without gaps, as storage's own. Required.
	Files fs.FS
	// Adopts maps a version of the set to the record (version and name in
	// schema_migrations) under which storage's own migrations applied the
	// same SQL before the set was the package's: a database holding that
	// record takes the version as applied, without running it again.
	Adopts map[int]Adopted
}

// Adopted names a record of schema_migrations.
type Adopted struct {
	Version int
	Name    string
}

var (
	registeredMu sync.Mutex
	registered   []Migrations
)

var setName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,40}$`)

// Register adds m to the sets Open and Migrate apply. Call it from the
// package's init function: it panics on a malformed set or a name
// registered already, as database/sql.Register does.
func Register(m Migrations) {
	if !setName.MatchString(m.Name) || m.Files == nil {
		panic(fmt.Sprintf("storage: Register: a set needs a lowercase name and its files (name %q)", m.Name))
	}
	registeredMu.Lock()
	defer registeredMu.Unlock()
	for _, r := range registered {
		if r.Name == m.Name {
			panic("storage: Register: migrations " + m.Name + " registered twice")
		}
	}
	registered = append(registered, m)
}

// migrationSets are storage's own migrations, then the registered sets.
func migrationSets() []Migrations {
	registeredMu.Lock()
	defer registeredMu.Unlock()
	return append([]Migrations{{Files: migrationFiles}}, registered...)
}

// table is where the set's versions are recorded: schema_migrations for
// storage's own.
func (m Migrations) table() string {
	if m.Name == "" {
		return "schema_migrations"
	}
	return m.Name + "_schema_migrations"
}

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
// highest one of either dialect without gaps (bar the retired ones), each
// given once for d: by a portable file or by a file for d.
func loadMigrations(fsys fs.FS, d Dialect, retired ...int) ([]migration, error) {
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
		if !ok && slices.Contains(retired, v) {
			continue
		}
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
	for _, set := range migrationSets() {
		if err := db.migrateSet(ctx, set); err != nil {
			if set.Name != "" {
				return fmt.Errorf("%s: %w", set.Name, err)
			}
			return err
		}
	}
	return nil
}

// migrateSet applies the migrations of set the database lacks.
func (db *DB) migrateSet(ctx context.Context, set Migrations) error {
	var retired []int
	if set.Name == "" {
		retired = retiredVersions
	}
	ms, err := loadMigrations(set.Files, db.dialect, retired...)
	if err != nil {
		return err
	}
	var applied []int
	err = db.WithTx(ctx, func(tx *Tx) error {
		if err := db.lockSchema(ctx, tx); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+set.table()+` (
			version    INTEGER NOT NULL PRIMARY KEY,
			name       TEXT    NOT NULL,
			applied_at BIGINT  NOT NULL
		)`); err != nil {
			return err
		}
		applied, err = appliedVersions(ctx, tx, set.table())
		return err
	})
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	for _, m := range ms {
		if slices.Contains(applied, m.version) {
			continue
		}
		if err := db.WithTx(ctx, func(tx *Tx) error { return db.apply(ctx, tx, set, m) }); err != nil {
			return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
		}
	}
	return nil
}

// apply runs m of set in tx unless another process applied it since
// migrateSet looked, or storage's own migrations applied it before the set
// adopted it.
func (db *DB) apply(ctx context.Context, tx *Tx, set Migrations, m migration) error {
	if err := db.lockSchema(ctx, tx); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+set.table()+` WHERE version = ?`, m.version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if a, ok := set.Adopts[m.version]; ok {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ? AND name = ?`, a.Version, a.Name).Scan(&n); err != nil {
			return err
		}
	}
	if n == 0 {
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO `+set.table()+` (version, name, applied_at) VALUES (?, ?, ?)`,
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

func appliedVersions(ctx context.Context, tx *Tx, table string) ([]int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT version FROM `+table+` ORDER BY version`)
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
