package storage

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// MaxInList bounds the values [Tx.QueryIn] puts in one statement: far
// under the bound parameter limits of SQLite (32,766) and PostgreSQL
// (65,535), and small enough for either planner.
const MaxInList = 500

// Values is n rows of the form row, comma-separated: the VALUES of a
// multi-row INSERT, or with row "?" the list of an IN.
func Values(row string, n int) string {
	return strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
}

// QueryIn runs query once per MaxInList values, its one "IN (?)" made a
// list of those values, and calls scan for every row. Rows come in order
// within a statement only: a query whose caller needs an order across all
// values must not rely on its ORDER BY. No values run no statement.
func (t *Tx) QueryIn(ctx context.Context, query string, values []string, scan func(*sql.Rows) error) error {
	if strings.Count(query, "IN (?)") != 1 {
		return fmt.Errorf("storage: QueryIn needs exactly one \"IN (?)\" in its query")
	}
	args := make([]any, 0, min(len(values), MaxInList))
	for chunk := range slices.Chunk(values, MaxInList) {
		args = args[:0]
		for _, v := range chunk {
			args = append(args, v)
		}
		if err := t.queryRows(ctx, strings.Replace(query, "IN (?)", "IN ("+Values("?", len(chunk))+")", 1), args, scan); err != nil {
			return err
		}
	}
	return nil
}

func (t *Tx) queryRows(ctx context.Context, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := t.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
