// Package storage opens the service's SQL database, SQLite or PostgreSQL, and
// keeps its schema current.
//
// # Opening
//
// [Open] takes a [Config] whose DSN picks the database:
//
//	sqlite:PATH                 a SQLite file; its parent directory is created
//	sqlite::memory:             a private in-memory SQLite database
//	postgres://...              PostgreSQL through pgx (postgresql:// also works)
//
// SQLite files are opened with WAL journaling, synchronous=NORMAL, foreign
// keys on, a busy timeout ([Config.BusyTimeout]) and write transactions that
// take the write lock at BEGIN (BEGIN IMMEDIATE), so concurrent writers wait
// for each other instead of failing. An in-memory database lives as long as
// its [DB] and is reached through exactly one connection: queries from
// concurrent goroutines queue for it. Each Open of sqlite::memory: is a
// different, empty database.
//
// PostgreSQL DSNs are passed to pgx unchanged, so every pgx and libpq option
// works, including search_path to place the tables in a schema of their own.
//
// Errors from Open never contain the DSN's password.
//
// # Schema
//
// Open applies the embedded migrations (storage/migrations/NNNN_name.sql) that
// the database lacks, in version order, each in its own transaction, and
// records them in the table schema_migrations. On PostgreSQL each of those
// transactions first takes a transaction-scoped advisory lock on the current
// schema, and on SQLite the transaction itself holds the write lock, so
// replicas starting at once against one database apply each migration exactly
// once. Versions the binary does not know (a newer replica migrated first) are
// left alone: migrations only ever add.
//
// A package keeps its own tables' migrations beside its code by registering a
// [Migrations] set from its init function ([Register]); Open applies every
// registered set after storage's own, the same way, recording its versions
// in a table of its own (NAME_schema_migrations). A set that took over
// migrations storage once applied says so (Migrations.Adopts): a database
// that has them records them as the set's without running them again. The
// order index's tables moved so (package order's set "order", once storage's
// versions 4 to 6, which storage's files now skip).
//
// Adding a migration is adding a file: the next version number, a short name,
// plain SQL that both dialects accept. When the dialects cannot share a text,
// write NNNN_name.sqlite.sql and NNNN_name.postgres.sql instead. The tests
// check that every version from 1 up is present exactly once for each dialect.
//
// Portable schema conventions: timestamps are BIGINT Unix microseconds (UTC),
// lists are TEXT holding a JSON array, secrets' digests are TEXT hex.
//
// # Queries
//
// Stores write one SQL text with ? placeholders. The query methods of [DB]
// and [Tx] rewrite them to $1, $2, ... on PostgreSQL (see [DB.Rebind]).
package storage
