package storage_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"

	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// QueryIn finds every value of a list longer than one statement takes,
// on both engines, and runs nothing for an empty list.
func TestQueryIn(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		db := storagetest.Open(t, newConfig(t))
		ctx := context.Background()
		table := "query_in_test"
		const n = 2*storage.MaxInList + 7
		var want []string
		err := db.WithTx(ctx, func(tx *storage.Tx) error {
			if _, err := tx.ExecContext(ctx, `CREATE TABLE `+table+` (v TEXT PRIMARY KEY)`); err != nil {
				return err
			}
			args := make([]any, n)
			for i := range n {
				args[i] = fmt.Sprintf("v%05d", i)
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO `+table+` (v) VALUES `+storage.Values("(?)", n), args...)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		// Every other value, and some that are not stored.
		var ask []string
		for i := 0; i < n+20; i += 2 {
			v := fmt.Sprintf("v%05d", i)
			ask = append(ask, v)
			if i < n {
				want = append(want, v)
			}
		}
		var got []string
		err = db.WithTx(ctx, func(tx *storage.Tx) error {
			return tx.QueryIn(ctx, `SELECT v FROM `+table+` WHERE v IN (?)`, ask, func(r *sql.Rows) error {
				var v string
				err := r.Scan(&v)
				got = append(got, v)
				return err
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("QueryIn found %d values, want %d (first %v)", len(got), len(want), got[:min(3, len(got))])
		}
		calls := 0
		err = db.WithTx(ctx, func(tx *storage.Tx) error {
			return tx.QueryIn(ctx, `SELECT v FROM no_such_table WHERE v IN (?)`, nil, func(*sql.Rows) error { calls++; return nil })
		})
		if err != nil || calls != 0 {
			t.Errorf("QueryIn with no values: err %v, %d rows; want no statement run", err, calls)
		}
		err = db.WithTx(ctx, func(tx *storage.Tx) error {
			return tx.QueryIn(ctx, `SELECT v FROM `+table+` WHERE v = ?`, ask, func(*sql.Rows) error { return nil })
		})
		if err == nil {
			t.Error("QueryIn accepted a query without IN (?)")
		}
	})
}
