package order

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/m0-orchestration/m0/storage"
)

// ChangeRecorder keeps something in step with the index in the index's own
// transactions: an outbox of notifications (package webhook), say, which
// must hold a change exactly when the index does. The Indexer calls
// RecordChanges in each write transaction that changed orders, after the
// writes, with the changed orders as the transaction leaves them; an order
// the write removed (a re-org dropped its opening) is not among them. An
// error rolls the write back, and the Indexer retries it like any failed
// write, so a recorder must do nothing there but write to tx: no network,
// nothing that waits on anything but the database. It is called from one
// goroutine at a time per Indexer.
type ChangeRecorder interface {
	RecordChanges(ctx context.Context, tx *storage.Tx, changed []Record) error
}

// recordChanges reads the orders ids as tx leaves them and gives them to
// rec, if any.
func recordChanges(ctx context.Context, tx *storage.Tx, rec ChangeRecorder, ids []ID) error {
	if rec == nil || len(ids) == 0 {
		return nil
	}
	all := make([]string, len(ids))
	for i, id := range ids {
		all[i] = id.String()
	}
	slices.Sort(all)
	all = slices.Compact(all)
	var changed []Record
	for chunk := range slices.Chunk(all, statementRows) {
		err := tx.QueryIn(ctx, `SELECT `+orderColumns+` FROM orders WHERE order_id IN (?) ORDER BY order_id`, chunk, func(rows *sql.Rows) error {
			r, err := scanRecord(rows)
			if err == nil {
				changed = append(changed, *r)
			}
			return err
		})
		if err != nil {
			return fmt.Errorf("order: read the changed orders: %w", err)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	if err := rec.RecordChanges(ctx, tx, changed); err != nil {
		return fmt.Errorf("order: record the changed orders (%T): %w", rec, err)
	}
	return nil
}
