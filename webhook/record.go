package webhook

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
)

var _ order.ChangeRecorder = (*SQLStore)(nil)

// chunkRows bounds the rows of one multi-row INSERT.
const chunkRows = storage.MaxInList

// followed is one key following an order's sender.
type followed struct {
	keyID string
	r     *order.Record
}

// told is what a webhook was last told of an order.
type told struct {
	status    orchestration.OrderStatus
	fillCount int
}

// RecordChanges writes to the outbox, in tx (the order index's write),
// the events the changed orders make for the webhooks following their
// senders, of keys not revoked: an order seen first is order.created
// (then order.filled and its terminal status when the write indexed them
// too), more fills are order.filled, a new status order.completed,
// order.cancelled or order.reopened. What each webhook was told of each
// order is kept, so an order written again unchanged makes nothing. It is
// the order.Indexer's ChangeRecorder (IndexerConfig.Changes). The writes
// are few and local: orders whose senders no webhook follows cost one
// query.
func (s *SQLStore) RecordChanges(ctx context.Context, tx *storage.Tx, changed []order.Record) error {
	bySender := map[string][]*order.Record{}
	for i := range changed {
		r := &changed[i]
		bySender[r.Sender] = append(bySender[r.Sender], r)
	}
	var follows []followed
	err := tx.QueryIn(ctx, `SELECT s.key_id, s.sender FROM webhook_senders s
		JOIN webhooks w ON w.key_id = s.key_id JOIN api_keys k ON k.id = s.key_id
		WHERE k.revoked_at IS NULL AND s.sender IN (?) ORDER BY s.key_id, s.sender`, slices.Sorted(maps.Keys(bySender)), func(rows *sql.Rows) error {
		var keyID, sender string
		if err := rows.Scan(&keyID, &sender); err != nil {
			return err
		}
		for _, r := range bySender[sender] {
			follows = append(follows, followed{keyID: keyID, r: r})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("webhook: read the followers of the changed orders' senders: %w", err)
	}
	if len(follows) == 0 {
		return nil
	}
	type pair struct{ keyID, orderID string }
	before := map[pair]told{}
	ids := make([]string, 0, len(follows))
	for _, f := range follows {
		ids = append(ids, f.r.OrderID.String())
	}
	slices.Sort(ids)
	err = tx.QueryIn(ctx, `SELECT key_id, order_id, status, fill_count FROM webhook_order_states WHERE order_id IN (?)`,
		slices.Compact(ids), func(rows *sql.Rows) error {
			var p pair
			var t told
			var fills int64
			if err := rows.Scan(&p.keyID, &p.orderID, &t.status, &fills); err != nil {
				return err
			}
			t.fillCount = int(fills)
			before[p] = t
			return nil
		})
	if err != nil {
		return fmt.Errorf("webhook: read what the webhooks were told of the orders: %w", err)
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	var outbox, states []any
	for _, f := range follows {
		id := f.r.OrderID.String()
		was, seen := before[pair{f.keyID, id}]
		types := eventTypes(was, seen, f.r)
		if len(types) == 0 {
			continue
		}
		o := orderOf(f.r, s.chainName)
		for _, typ := range types {
			ev := Event{ID: newEventID(), Type: typ, CreatedAt: now, Order: o}
			body, err := json.Marshal(ev)
			if err != nil {
				return err
			}
			outbox = append(outbox, ev.ID, f.keyID, id, string(body), now.UnixMicro(), now.UnixMicro())
		}
		states = append(states, f.keyID, id, string(f.r.Status), f.r.FillCount)
	}
	// In statements of up to chunkRows rows, in the order made: the
	// outbox's seq keeps each order's events in order.
	for rows := range slices.Chunk(outbox, 6*chunkRows) {
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_outbox (event_id, key_id, order_id, body, created_at, attempts,
			next_attempt_at, lease_holder, lease_until, last_error, state) VALUES `+
			storage.Values(`(?, ?, ?, ?, ?, 0, ?, '', 0, '', 'pending')`, len(rows)/6), rows...); err != nil {
			return fmt.Errorf("webhook: write the outbox: %w", err)
		}
	}
	for rows := range slices.Chunk(states, 4*chunkRows) {
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_order_states (key_id, order_id, status, fill_count) VALUES `+
			storage.Values(`(?, ?, ?, ?)`, len(rows)/4)+`
			ON CONFLICT (key_id, order_id) DO UPDATE SET status = excluded.status, fill_count = excluded.fill_count`, rows...); err != nil {
			return fmt.Errorf("webhook: keep the orders' states: %w", err)
		}
	}
	wrote := len(outbox) > 0
	if wrote && s.onCommit != nil {
		tx.AfterCommit(s.onCommit)
	}
	return nil
}

// eventTypes are the events an order's change makes for a webhook that
// was told was of it (seen false: nothing yet), in the order they
// happened.
func eventTypes(was told, seen bool, r *order.Record) []string {
	var types []string
	if !seen {
		types = append(types, TypeOrderCreated)
		was = told{status: orchestration.OrderCreated}
	}
	if r.FillCount > was.fillCount {
		types = append(types, TypeOrderFilled)
	}
	if r.Status != was.status {
		switch r.Status {
		case orchestration.OrderCompleted:
			types = append(types, TypeOrderCompleted)
		case orchestration.OrderCancelled:
			types = append(types, TypeOrderCancelled)
		case orchestration.OrderCreated:
			types = append(types, TypeOrderReopened)
		}
	}
	return types
}
