package order

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/m0-orchestration/m0/storage"
)

// batch is what one read of a chain's blocks from..to found.
type batch struct {
	chainID uint64
	holder  string
	ttl     time.Duration
	from    uint64
	end     Anchor
	events  []Event
}

// writeLockClass is the first key of the PostgreSQL advisory lock that
// serialises the index's writes ("m1"); the second is the schema's hash.
// Two chains' batches must not fold one order at once: each would read
// the other's events as not yet there (READ COMMITTED) and write a fold
// missing them. SQLite serialises write transactions already.
const writeLockClass = 0x6d31

// lockWrites makes tx the only transaction writing the index until it
// ends.
func (s *Store) lockWrites(ctx context.Context, tx *storage.Tx) error {
	if s.db.Dialect() != storage.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(`+strconv.Itoa(writeLockClass)+`, hashtext(coalesce(current_schema(), '')))`)
	if err != nil {
		return fmt.Errorf("order: lock the index: %w", err)
	}
	return nil
}

// apply writes b in one transaction: the lease is renewed and the
// checkpoint checked to be b.from (else errNotHolder and nothing is
// written); removed logs are undone, the others written (again, when a
// range is re-read: writing is idempotent); the orders they touch are
// folded again from their events; and the checkpoint moves to b.to + 1
// with b.to's hash kept. rec, if not nil, records the orders b touched
// as the transaction leaves them, and feed, if not nil, is told them, each
// once, in the same transaction.
func (s *Store) apply(ctx context.Context, b *batch, rec ChangeRecorder, feed StatusFeed) error {
	now := s.now()
	return s.db.WithTx(ctx, func(tx *storage.Tx) error {
		if err := s.lockWrites(ctx, tx); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE order_index_chains SET next_block = ?, lease_until = ?, updated_at = ?
			WHERE chain_id = ? AND holder = ? AND next_block = ?`,
			int64(b.end.Number+1), now.Add(b.ttl).UnixMicro(), now.UnixMicro(), int64(b.chainID), b.holder, int64(b.from))
		if err != nil {
			return fmt.Errorf("order: checkpoint chain %d: %w", b.chainID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errNotHolder
		}
		touched := map[ID]bool{}
		for i := range b.events {
			touched[b.events[i].OrderID] = true
		}
		var change int64
		if len(touched) > 0 {
			if change, err = nextChange(ctx, tx); err != nil {
				return err
			}
		}
		settled, err := writeEvents(ctx, tx, b.events, change)
		if err != nil {
			return err
		}
		if err := refresh(ctx, tx, touched, settled, change); err != nil {
			return err
		}
		// Only orders refresh wrote leave count changes: a batch of no
		// events (most blocks) folds nothing.
		if len(touched) > 0 {
			if err := foldCounts(ctx, tx); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_index_blocks (chain_id, number, hash) VALUES (?, ?, ?)
			ON CONFLICT (chain_id, number) DO UPDATE SET hash = excluded.hash`, int64(b.chainID), int64(b.end.Number), b.end.Hash); err != nil {
			return fmt.Errorf("order: keep block hash: %w", err)
		}
		var cutoff int64
		err = tx.QueryRowContext(ctx, `SELECT number FROM order_index_blocks WHERE chain_id = ? ORDER BY number DESC LIMIT 1 OFFSET ?`,
			int64(b.chainID), keptBlocks).Scan(&cutoff)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return fmt.Errorf("order: prune block hashes: %w", err)
		default:
			if _, err := tx.ExecContext(ctx, `DELETE FROM order_index_blocks WHERE chain_id = ? AND number <= ?`, int64(b.chainID), cutoff); err != nil {
				return fmt.Errorf("order: prune block hashes: %w", err)
			}
		}
		ids := slices.Collect(maps.Keys(touched))
		if err := recordChanges(ctx, tx, rec, ids); err != nil {
			return err
		}
		return publish(ctx, tx, feed, ids)
	})
}

// publish tells feed, if any, that ids changed, when tx commits.
func publish(ctx context.Context, tx *storage.Tx, feed StatusFeed, ids []ID) error {
	if feed == nil || len(ids) == 0 {
		return nil
	}
	if err := feed.Publish(ctx, tx, ids); err != nil {
		return &PublishError{Feed: feed, Err: err}
	}
	return nil
}

// nextChange takes the index's next change number (migration 0003 of order/migrations), the
// version of every order the transaction changes. The write lock (or
// SQLite's) orders the numbers as the writes commit.
func nextChange(ctx context.Context, tx *storage.Tx) (int64, error) {
	var n int64
	if err := tx.QueryRowContext(ctx, `UPDATE order_index_changes SET n = n + 1 RETURNING n`).Scan(&n); err != nil {
		return 0, fmt.Errorf("order: number the index's change: %w", err)
	}
	return n, nil
}

// statementRows bounds the rows of one multi-row statement, well within
// both dialects' limits on parameters (SQLite 32766, PostgreSQL 65535).
const statementRows = 500

// writeStatement is which statement writes an event.
type writeStatement int

const (
	undoOpening writeStatement = iota
	undoEvent
	upsertOpening
	upsertEvent
)

func statementOf(e *Event) writeStatement {
	switch {
	case e.Removed && e.Kind == Opened:
		return undoOpening
	case e.Removed:
		return undoEvent
	case e.Kind == Opened:
		return upsertOpening
	default:
		return upsertEvent
	}
}

// writeEvents writes events and returns the orders it inserted already
// folded, which refresh need not fold again. A page without undone events
// (the rule) is written in two runs: its other events first, then its
// openings, each order not indexed yet inserted once in the state its
// events, stored and new, fold to (rather than as CREATED, updated again
// by refresh: a second row version, its index entries and count deltas).
// A page undoing events (a re-org, rare) is written in its order.
func writeEvents(ctx context.Context, tx *storage.Tx, events []Event, change int64) (map[ID]bool, error) {
	if slices.ContainsFunc(events, func(e Event) bool { return e.Removed }) {
		return nil, writeInOrder(ctx, tx, events, change)
	}
	var openings, others []Event
	for _, e := range events {
		if e.Kind == Opened {
			openings = append(openings, e)
		} else {
			others = append(others, e)
		}
	}
	for run := range slices.Chunk(others, statementRows) {
		if err := upsertEvents(ctx, tx, run); err != nil {
			return nil, writeError(len(run), &run[0], &run[len(run)-1], err)
		}
	}
	opened := lastOfEach(openings, func(e *Event) ID { return e.OrderID })
	settled := make(map[ID]bool, len(opened))
	for rows := range slices.Chunk(opened, statementRows) {
		folds, err := foldNew(ctx, tx, rows)
		if err == nil {
			err = upsertOpenings(ctx, tx, rows, change, folds)
		}
		if err != nil {
			return nil, writeError(len(rows), rows[0], rows[len(rows)-1], err)
		}
		for _, e := range rows {
			if _, ok := folds[e.OrderID.String()]; ok {
				settled[e.OrderID] = true
			}
		}
	}
	return settled, nil
}

// foldNew folds, from their stored events, the orders rows open that have
// no orders row yet, by order id.
func foldNew(ctx context.Context, tx *storage.Tx, rows []*Event) (map[string]folded, error) {
	ids := make([]string, len(rows))
	for i, e := range rows {
		ids[i] = e.OrderID.String()
	}
	indexed := map[string]bool{}
	err := tx.QueryIn(ctx, `SELECT order_id FROM orders WHERE order_id IN (?)`, ids, func(r *sql.Rows) error {
		var id string
		err := r.Scan(&id)
		indexed[id] = true
		return err
	})
	if err != nil {
		return nil, err
	}
	fresh := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return indexed[id] })
	events, err := eventsOf(ctx, tx, fresh)
	if err != nil {
		return nil, err
	}
	folds := make(map[string]folded, len(fresh))
	for _, e := range rows {
		if id := e.OrderID.String(); !indexed[id] {
			folds[id] = fold(e.ChainID, e.Opened.DestChainID, events[id])
		}
	}
	return folds, nil
}

// writeInOrder writes events in their order, each run of consecutive
// events written alike in one statement (up to statementRows rows): a
// round trip per run rather than per event. Undone events are deleted one
// by one. An order an opening inserts gets version change (one written
// again keeps its version) and is CREATED until refresh folds it.
func writeInOrder(ctx context.Context, tx *storage.Tx, events []Event, change int64) error {
	for start := 0; start < len(events); {
		kind := statementOf(&events[start])
		end := start + 1
		if kind == upsertOpening || kind == upsertEvent {
			for end < len(events) && end-start < statementRows && statementOf(&events[end]) == kind {
				end++
			}
		}
		var err error
		switch run := events[start:end]; kind {
		case undoOpening:
			e := &run[0]
			_, err = tx.ExecContext(ctx, `DELETE FROM orders WHERE order_id = ? AND origin_chain_id = ? AND open_block = ? AND open_log_index = ? AND open_block_hash = ?`,
				e.OrderID.String(), int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash)
		case undoEvent:
			e := &run[0]
			_, err = tx.ExecContext(ctx, `DELETE FROM order_events WHERE chain_id = ? AND block_number = ? AND log_index = ? AND block_hash = ?`,
				int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash)
		case upsertOpening:
			err = upsertOpenings(ctx, tx, lastOfEach(run, func(e *Event) ID { return e.OrderID }), change, nil)
		case upsertEvent:
			err = upsertEvents(ctx, tx, run)
		}
		if err != nil {
			return writeError(end-start, &events[start], &events[end-1], err)
		}
		start = end
	}
	return nil
}

// writeError says which n events, first to last, a statement failed to
// write.
func writeError(n int, first, last *Event, err error) error {
	return fmt.Errorf("order: write %d event(s) of chain %d from block %d index %d (%s of %s) to block %d index %d: %w",
		n, first.ChainID, first.Block, first.Index, first.Kind, first.OrderID, last.Block, last.Index, err)
}

// lastOfEach returns the events of run no later event of run has the same
// key of: one row of a multi-row upsert may not touch a row another one
// does (PostgreSQL refuses), and the last one written is the one that
// would stay had each been written alone.
func lastOfEach[K comparable](run []Event, key func(*Event) K) []*Event {
	last := make(map[K]int, len(run))
	for i := range run {
		last[key(&run[i])] = i
	}
	out := make([]*Event, 0, len(last))
	for i := range run {
		if last[key(&run[i])] == i {
			out = append(out, &run[i])
		}
	}
	return out
}

// upsertOpenings writes the orders rows open, one row per order: those
// not indexed yet with version change and their folds' state (CREATED
// when folds has none); those indexed keep theirs.
func upsertOpenings(ctx context.Context, tx *storage.Tx, rows []*Event, change int64, folds map[string]folded) error {
	args := make([]any, 0, 23*len(rows))
	for _, e := range rows {
		o := e.Opened
		f, ok := folds[e.OrderID.String()]
		if !ok {
			f = fold(e.ChainID, o.DestChainID, nil)
		}
		created := int64(e.BlockTime)
		if o.CreatedAt != 0 {
			created = o.CreatedAt
		}
		args = append(args, e.OrderID.String(), int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash, e.Tx,
			created, o.Sender, o.Funder, o.TokenIn, dec(o.AmountIn), int64(o.DestChainID),
			hex32(o.TokenOut), dec(o.AmountOut), hex32(o.Solver), o.FillDeadline)
		args = append(args, f.args()...)
		args = append(args, change)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO orders (order_id, origin_chain_id, open_block, open_log_index, open_block_hash, open_tx,
			created_at, sender, funder, token_in, amount_in, dest_chain_id, token_out, amount_out, solver, fill_deadline,
			status, amount_out_filled, fill_count, amount_in_released, fill_report_count, amount_refunded, resolved_at, version)
		VALUES `+storage.Values(`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, `+foldedRow+`, ?)`, len(rows))+`
		ON CONFLICT (order_id) DO UPDATE SET origin_chain_id = excluded.origin_chain_id, open_block = excluded.open_block,
			open_log_index = excluded.open_log_index, open_block_hash = excluded.open_block_hash, open_tx = excluded.open_tx,
			created_at = excluded.created_at, sender = excluded.sender, funder = excluded.funder, token_in = excluded.token_in,
			amount_in = excluded.amount_in, dest_chain_id = excluded.dest_chain_id, token_out = excluded.token_out,
			amount_out = excluded.amount_out, solver = excluded.solver, fill_deadline = excluded.fill_deadline`, args...)
	return err
}

// upsertEvents writes run's events other than openings.
func upsertEvents(ctx context.Context, tx *storage.Tx, run []Event) error {
	type position struct {
		chain, block uint64
		index        uint
	}
	rows := lastOfEach(run, func(e *Event) position { return position{e.ChainID, e.Block, e.Index} })
	args := make([]any, 0, 11*len(rows))
	for _, e := range rows {
		args = append(args, int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash, int64(e.BlockTime), e.Tx,
			string(e.Kind), e.OrderID.String(), e.Account, dec(e.AmountIn), dec(e.AmountOut))
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO order_events (chain_id, block_number, log_index, block_hash, block_time, tx_hash,
			kind, order_id, account, amount_in, amount_out)
		VALUES `+storage.Values(`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, len(rows))+`
		ON CONFLICT (chain_id, block_number, log_index) DO UPDATE SET block_hash = excluded.block_hash,
			block_time = excluded.block_time, tx_hash = excluded.tx_hash, kind = excluded.kind, order_id = excluded.order_id,
			account = excluded.account, amount_in = excluded.amount_in, amount_out = excluded.amount_out`, args...)
	return err
}

// rewind undoes everything chain's blocks from next on said (a re-org
// dropped them) and moves its checkpoint back to next: its events go, the
// orders opened there go, and the orders those events touched are folded
// again. errNotHolder when holder lost the lease. rec, if not nil,
// records the orders still indexed it touched, and feed, if not nil, is
// told the orders touched, in the same transaction.
func (s *Store) rewind(ctx context.Context, chainID uint64, holder string, next uint64, ttl time.Duration, rec ChangeRecorder, feed StatusFeed) error {
	now := s.now()
	return s.db.WithTx(ctx, func(tx *storage.Tx) error {
		var ids []ID
		if err := s.lockWrites(ctx, tx); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE order_index_chains SET next_block = ?, lease_until = ?, updated_at = ?
			WHERE chain_id = ? AND holder = ?`, int64(next), now.Add(ttl).UnixMicro(), now.UnixMicro(), int64(chainID), holder)
		if err != nil {
			return fmt.Errorf("order: rewind chain %d: %w", chainID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errNotHolder
		}
		touched := map[ID]bool{}
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT order_id FROM order_events WHERE chain_id = ? AND block_number >= ?`, int64(chainID), int64(next))
		if err != nil {
			return fmt.Errorf("order: rewind chain %d: %w", chainID, err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			oid, err := parseHex32(id)
			if err != nil {
				rows.Close()
				return err
			}
			touched[oid] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		orows, err := tx.QueryContext(ctx, `SELECT order_id FROM orders WHERE origin_chain_id = ? AND open_block >= ?`, int64(chainID), int64(next))
		if err != nil {
			return fmt.Errorf("order: rewind chain %d: %w", chainID, err)
		}
		for orows.Next() {
			var id string
			if err := orows.Scan(&id); err != nil {
				orows.Close()
				return err
			}
			// Gone from the index: published as every order a rewind
			// changes is; a stream reading it finds it no longer indexed
			// and waits for it to be indexed again.
			oid, err := parseHex32(id)
			if err != nil {
				orows.Close()
				return err
			}
			ids = append(ids, oid)
		}
		orows.Close()
		if err := orows.Err(); err != nil {
			return err
		}
		for id := range touched {
			ids = append(ids, id)
		}
		for _, q := range []string{
			`DELETE FROM order_events WHERE chain_id = ? AND block_number >= ?`,
			`DELETE FROM orders WHERE origin_chain_id = ? AND open_block >= ?`,
			`DELETE FROM order_index_blocks WHERE chain_id = ? AND number >= ?`,
		} {
			if _, err := tx.ExecContext(ctx, q, int64(chainID), int64(next)); err != nil {
				return fmt.Errorf("order: rewind chain %d: %w", chainID, err)
			}
		}
		var change int64
		if len(touched) > 0 {
			if change, err = nextChange(ctx, tx); err != nil {
				return err
			}
		}
		if err := refresh(ctx, tx, touched, nil, change); err != nil {
			return err
		}
		if err := foldCounts(ctx, tx); err != nil {
			return err
		}
		if err := recordChanges(ctx, tx, rec, ids); err != nil {
			return err
		}
		return publish(ctx, tx, feed, ids)
	})
}
