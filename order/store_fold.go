package order

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"slices"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// foldCounts adds the changes the transaction's writes of orders left in
// order_count_deltas (by trigger) to the counts List reads, and empties
// it (migration 0002 of order/migrations). Counts that fall to zero are deleted, so that
// order_sender_counts keeps no row per sender and past status.
func foldCounts(ctx context.Context, tx *storage.Tx) error {
	for _, q := range []string{
		`INSERT INTO order_counts (status, origin_chain_id, dest_chain_id, n)
			SELECT status, origin_chain_id, dest_chain_id, SUM(d) FROM order_count_deltas WHERE true
			GROUP BY status, origin_chain_id, dest_chain_id
			ON CONFLICT (status, origin_chain_id, dest_chain_id) DO UPDATE SET n = order_counts.n + excluded.n`,
		`INSERT INTO order_sender_counts (sender, status, origin_chain_id, dest_chain_id, n)
			SELECT sender, status, origin_chain_id, dest_chain_id, SUM(d) FROM order_count_deltas WHERE true
			GROUP BY sender, status, origin_chain_id, dest_chain_id
			ON CONFLICT (sender, status, origin_chain_id, dest_chain_id) DO UPDATE SET n = order_sender_counts.n + excluded.n`,
		`DELETE FROM order_counts WHERE n = 0 AND (status, origin_chain_id, dest_chain_id) IN
			(SELECT status, origin_chain_id, dest_chain_id FROM order_count_deltas)`,
		`DELETE FROM order_sender_counts WHERE n = 0 AND (sender, status, origin_chain_id, dest_chain_id) IN
			(SELECT sender, status, origin_chain_id, dest_chain_id FROM order_count_deltas)`,
		`DELETE FROM order_count_deltas`,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("order: fold the order counts: %w", err)
		}
	}
	return nil
}

// refresh folds the orders ids names, but for those in settled (folded
// already), again from their events and writes what changed, with
// version change. Ids without an orders row (an order whose opening the
// index has not seen) are skipped: their events wait in order_events.
func refresh(ctx context.Context, tx *storage.Tx, ids, settled map[ID]bool, change int64) error {
	all := make([]string, 0, len(ids))
	for id := range ids {
		if !settled[id] {
			all = append(all, id.String())
		}
	}
	slices.Sort(all)
	for chunk := range slices.Chunk(all, statementRows) {
		if err := refreshChunkOf(ctx, tx, chunk, change); err != nil {
			return fmt.Errorf("order: fold orders: %w", err)
		}
	}
	return nil
}

// eventsOf reads the stored events of the orders ids, in the order fold
// wants them, by order id.
func eventsOf(ctx context.Context, tx *storage.Tx, ids []string) (map[string][]storedEvent, error) {
	events := map[string][]storedEvent{}
	err := tx.QueryIn(ctx, `SELECT order_id, chain_id, block_number, log_index, block_time, kind, amount_in, amount_out
		FROM order_events WHERE order_id IN (?) ORDER BY order_id, chain_id, block_number, log_index`, ids, func(rows *sql.Rows) error {
		var id, in, out string
		var e storedEvent
		var chainID, block, logIndex int64
		err := rows.Scan(&id, &chainID, &block, &logIndex, &e.time, &e.kind, &in, &out)
		if err != nil {
			return err
		}
		e.chainID = uint64(chainID)
		if e.amountIn, err = parseAmount(in); err == nil {
			e.amountOut, err = parseAmount(out)
		}
		events[id] = append(events[id], e)
		return err
	})
	return events, err
}

func refreshChunkOf(ctx context.Context, tx *storage.Tx, ids []string, change int64) error {
	type current struct {
		origin, dest uint64
		was          folded
	}
	orders := map[string]*current{}
	err := tx.QueryIn(ctx, `SELECT order_id, origin_chain_id, dest_chain_id, status, amount_out_filled, fill_count,
		amount_in_released, fill_report_count, amount_refunded, resolved_at FROM orders WHERE order_id IN (?)`, ids, func(rows *sql.Rows) error {
		var id string
		var origin, dest int64
		var f folded
		var resolved sql.NullInt64
		if err := rows.Scan(&id, &origin, &dest, &f.status, &f.amountOutFilled, &f.fillCount, &f.amountInReleased,
			&f.fillReportCount, &f.amountRefunded, &resolved); err != nil {
			return err
		}
		if resolved.Valid {
			f.resolvedAt = &resolved.Int64
		}
		orders[id] = &current{origin: uint64(origin), dest: uint64(dest), was: f}
		return nil
	})
	if err != nil || len(orders) == 0 {
		return err
	}
	present := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return orders[id] == nil })
	events, err := eventsOf(ctx, tx, present)
	if err != nil {
		return err
	}
	var updates []any
	for _, id := range present {
		c := orders[id]
		f := fold(c.origin, c.dest, events[id])
		if f.equal(c.was) {
			continue
		}
		updates = append(append(updates, id), f.args()...)
	}
	if len(updates) == 0 {
		return nil
	}
	// One statement for the chunk's changed orders.
	_, err = tx.ExecContext(ctx, `WITH folded (order_id, status, amount_out_filled, fill_count, amount_in_released, fill_report_count,
			amount_refunded, resolved_at) AS (VALUES `+storage.Values(`(?, `+foldedRow+`)`, len(updates)/8)+`)
		UPDATE orders SET status = folded.status, amount_out_filled = folded.amount_out_filled, fill_count = folded.fill_count,
			amount_in_released = folded.amount_in_released, fill_report_count = folded.fill_report_count,
			amount_refunded = folded.amount_refunded, resolved_at = folded.resolved_at, version = ?
		FROM folded WHERE orders.order_id = folded.order_id`, append(updates, change)...)
	return err
}

// foldedRow is the placeholders of folded.args in a VALUES row. The casts
// type the parameters on PostgreSQL, which cannot infer them in VALUES.
const foldedRow = `?, ?, CAST(? AS BIGINT), ?, CAST(? AS BIGINT), ?, CAST(? AS BIGINT)`

// args is f as the parameters of foldedRow: status, amount_out_filled,
// fill_count, amount_in_released, fill_report_count, amount_refunded and
// resolved_at.
func (f folded) args() []any {
	var resolved any
	if f.resolvedAt != nil {
		resolved = *f.resolvedAt
	}
	return []any{f.status, f.amountOutFilled, f.fillCount, f.amountInReleased, f.fillReportCount, f.amountRefunded, resolved}
}

// storedEvent is an order_events row as fold reads it.
type storedEvent struct {
	chainID             uint64
	time                int64
	kind                EventKind
	amountIn, amountOut *big.Int
}

// folded is what an order's events say beyond its opening, as the orders
// row stores it.
type folded struct {
	status           string
	amountOutFilled  string
	fillCount        int
	amountInReleased string
	fillReportCount  int
	amountRefunded   string
	resolvedAt       *int64
}

func (f folded) equal(g folded) bool {
	return f.status == g.status && f.amountOutFilled == g.amountOutFilled && f.fillCount == g.fillCount &&
		f.amountInReleased == g.amountInReleased && f.fillReportCount == g.fillReportCount &&
		f.amountRefunded == g.amountRefunded && (f.resolvedAt == nil) == (g.resolvedAt == nil) &&
		(f.resolvedAt == nil || *f.resolvedAt == *g.resolvedAt)
}

// fold combines the events of an order opened on chain origin for chain
// dest, given in chain, block and log order, as decision 24 combines the
// two chains' views:
//
//   - status: the origin's last terminal event (OrderCompleted,
//     CancelReported, or for a same-chain order OrderCancelled) when there
//     is one, else the destination's (OrderCompleted or OrderCancelled
//     there: the report is still in flight), else CREATED; resolvedAt is
//     that event's block time;
//   - amountOutFilled: what the destination's fills paid, or what the
//     origin's fill reports say when more (a destination not indexed);
//   - amountInReleased: what left the origin's OrderBook: the fills
//     themselves for a same-chain order, the fill reports otherwise;
//   - amountRefunded: the origin's RefundClaimed events;
//   - fillCount and fillReportCount count OrderFilled and FillReported.
func fold(origin, dest uint64, evs []storedEvent) folded {
	var outFilled, outReported, inFilled, inReported, refunded big.Int
	var f folded
	originStatus, destStatus := orchestration.OrderCreated, orchestration.OrderCreated
	var originAt, destAt int64
	setOrigin := func(s orchestration.OrderStatus, at int64) { originStatus, originAt = s, at }
	setDest := func(s orchestration.OrderStatus, at int64) { destStatus, destAt = s, at }
	sameChain := origin == dest
	for _, e := range evs {
		atOrigin, atDest := e.chainID == origin, e.chainID == dest && !sameChain
		switch e.kind {
		case Filled:
			f.fillCount++
			outFilled.Add(&outFilled, e.amountOut)
			inFilled.Add(&inFilled, e.amountIn)
		case FillReported:
			f.fillReportCount++
			outReported.Add(&outReported, e.amountOut)
			inReported.Add(&inReported, e.amountIn)
		case RefundClaimed:
			refunded.Add(&refunded, e.amountIn)
		case Completed:
			if atOrigin {
				setOrigin(orchestration.OrderCompleted, e.time)
			} else if atDest {
				setDest(orchestration.OrderCompleted, e.time)
			}
		case CancelReported:
			if atOrigin {
				setOrigin(orchestration.OrderCancelled, e.time)
			}
		case Cancelled:
			if atOrigin && sameChain {
				setOrigin(orchestration.OrderCancelled, e.time)
			} else if atDest {
				setDest(orchestration.OrderCancelled, e.time)
			}
		}
	}
	status, at := orchestration.OrderCreated, int64(0)
	switch {
	case originStatus.Terminal():
		status, at = originStatus, originAt
	case destStatus.Terminal():
		status, at = destStatus, destAt
	}
	f.status = string(status)
	if status.Terminal() {
		f.resolvedAt = &at
	}
	if outReported.Cmp(&outFilled) > 0 {
		outFilled.Set(&outReported)
	}
	f.amountOutFilled = outFilled.String()
	if sameChain {
		f.amountInReleased = inFilled.String()
	} else {
		f.amountInReleased = inReported.String()
	}
	f.amountRefunded = refunded.String()
	return f
}
