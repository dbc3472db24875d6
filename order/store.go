package order

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// Store is the order index in the service's SQL database, SQLite or
// PostgreSQL alike (the tables of order/migrations: 0001_order_index.sql,
// and the counts of 0002_order_counts).
// The Indexer writes it; Service reads it for GET /orders and for the
// fields of an order only the index knows. It is safe for concurrent use.
type Store struct {
	db  *storage.DB
	now func() time.Time
}

// NewStore returns the index kept in db.
func NewStore(db *storage.DB) *Store { return &Store{db: db, now: time.Now} }

// ErrNotIndexed is returned (wrapped) by Store.Order for an order whose
// OrderOpened the index has not seen.
var ErrNotIndexed = errors.New("order: not in the index")

// errNotHolder is returned by the writes of an indexer that no longer
// holds its chain's lease, or whose idea of the chain's checkpoint is
// stale: it must acquire the chain again before writing.
var errNotHolder = errors.New("order: the chain's lease is held by another indexer, or its checkpoint moved")

// Record is one indexed order.
type Record struct {
	OrderID       ID
	OriginChainID uint64
	// OpenBlock and OpenTx locate the opening (OpenTx in the origin
	// runtime's text); CreatedAt is its block's time (Unix seconds), which
	// the order book stores as the order's createdAt.
	OpenBlock uint64
	OpenTx    string
	CreatedAt int64
	// Sender, Funder and TokenIn are accounts of the origin's runtime, in
	// its text (EIP-55 on EVM).
	Sender, Funder, TokenIn string
	AmountIn                *big.Int
	DestChainID             uint64
	// TokenOut and Solver are accounts of the destination's runtime, as
	// 32 bytes (see Book).
	TokenOut     [32]byte
	AmountOut    *big.Int
	Solver       [32]byte
	FillDeadline int64

	Status           orchestration.OrderStatus
	AmountOutFilled  *big.Int
	FillCount        int
	AmountInReleased *big.Int
	FillReportCount  int
	AmountRefunded   *big.Int
	// ResolvedAt is the time of the block of the event that made Status
	// terminal; nil while it is CREATED.
	ResolvedAt *int64
}

// FillRecord is one fill of an order (an event of the kind Filled).
type FillRecord struct {
	ChainID  uint64
	Block    uint64
	LogIndex uint
	FilledAt int64
	// Tx and Solver are in the text of the runtime of the chain filled on.
	Tx                string
	Solver            string
	AmountInToRelease *big.Int
	AmountOutFilled   *big.Int
}

// ListQuery selects orders; zero fields select every order.
type ListQuery struct {
	// Sender is an EIP-55 address (an order's sender is an EVM account:
	// orders are opened on EVM chains) or any other string, which matches
	// nothing.
	Sender        string
	Status        orchestration.OrderStatus
	OriginChainID *uint64
	DestChainID   *uint64
	// Limit and Offset page the orders, newest first (createdAt, then
	// orderId, descending). Limit must be positive.
	Limit, Offset int
}

const orderColumns = `order_id, origin_chain_id, open_block, open_tx, created_at, sender, funder, token_in, amount_in,
	dest_chain_id, token_out, amount_out, solver, fill_deadline, status, amount_out_filled, fill_count,
	amount_in_released, fill_report_count, amount_refunded, resolved_at`

// List returns the page of orders q selects and how many it selects in
// all. The page and the count are two queries, not one snapshot.
//
// The count is read from the counts the schema keeps per status and
// chain pair, and per sender (migration 0002 of order/migrations), not counted from the
// matching orders, which takes a time growing with them. The page's ids
// come from the index its filter leads to, then only those rows are read:
// a deep page skips index entries, not table rows, and from whichever end
// of the selection is nearer.
func (s *Store) List(ctx context.Context, q ListQuery) ([]Record, int, error) {
	if q.Limit <= 0 || q.Offset < 0 {
		return nil, 0, fmt.Errorf("order: list: limit %d, offset %d", q.Limit, q.Offset)
	}
	var where []string
	var args []any
	if q.Sender != "" {
		where, args = append(where, "sender = ?"), append(args, q.Sender)
	}
	if q.Status != "" {
		where, args = append(where, "status = ?"), append(args, string(q.Status))
	}
	if q.OriginChainID != nil {
		where, args = append(where, "origin_chain_id = ?"), append(args, int64(*q.OriginChainID))
	}
	if q.DestChainID != nil {
		where, args = append(where, "dest_chain_id = ?"), append(args, int64(*q.DestChainID))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	counts := "order_counts"
	if q.Sender != "" {
		counts = "order_sender_counts"
	}
	var total int64
	if err := s.db.QueryRowContext(ctx, `SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM `+counts+cond, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("order: count orders: %w", err)
	}
	if int64(q.Offset) >= total {
		return []Record{}, int(total), nil
	}
	// A page in the older half is read from the oldest end, reversed: an
	// offset skips index entries one by one, and the total says how many
	// lie on the other side.
	limit, offset, order := int64(q.Limit), int64(q.Offset), "DESC"
	if back := total - offset - limit; back < offset {
		limit, offset, order = min(limit, total-offset), max(back, 0), "ASC"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE order_id IN (SELECT order_id FROM orders`+cond+
		` ORDER BY created_at `+order+`, order_id `+order+` LIMIT ? OFFSET ?) ORDER BY created_at DESC, order_id DESC`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("order: list orders: %w", err)
	}
	defer rows.Close()
	out := []Record{}
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("order: list orders: %w", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("order: list orders: %w", err)
	}
	return out, int(total), nil
}

// Order returns the indexed order id and its fills, chronological (by
// block time, then chain, block and log). An order the index has not seen
// opened is ErrNotIndexed.
func (s *Store) Order(ctx context.Context, id ID) (*Record, []FillRecord, error) {
	r, err := scanRecord(s.db.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE order_id = ?`, id.String()))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotIndexed, id.String())
	}
	if err != nil {
		return nil, nil, fmt.Errorf("order: read order %s: %w", id.String(), err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT chain_id, block_number, log_index, filled_at, tx_hash, solver,
		amount_in_to_release, amount_out_filled FROM order_fills WHERE order_id = ?
		ORDER BY filled_at, chain_id, block_number, log_index`, id.String())
	if err != nil {
		return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
	}
	defer rows.Close()
	fills := []FillRecord{}
	for rows.Next() {
		var f FillRecord
		var chainID, block, logIndex int64
		var tx, solver, in, out string
		if err := rows.Scan(&chainID, &block, &logIndex, &f.FilledAt, &tx, &solver, &in, &out); err != nil {
			return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
		}
		f.ChainID, f.Block, f.LogIndex = uint64(chainID), uint64(block), uint(logIndex)
		f.Tx, f.Solver = tx, solver
		if f.AmountInToRelease, err = parseAmount(in); err == nil {
			f.AmountOutFilled, err = parseAmount(out)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
		}
		fills = append(fills, f)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
	}
	return r, fills, nil
}

func scanRecord(row interface{ Scan(...any) error }) (*Record, error) {
	var r Record
	var id, tx, sender, funder, tokenIn, amountIn, tokenOut, amountOut, solver, status, outFilled, inReleased, refunded string
	var origin, openBlock, dest, fills, reports int64
	var resolved sql.NullInt64
	if err := row.Scan(&id, &origin, &openBlock, &tx, &r.CreatedAt, &sender, &funder, &tokenIn, &amountIn,
		&dest, &tokenOut, &amountOut, &solver, &r.FillDeadline, &status, &outFilled, &fills,
		&inReleased, &reports, &refunded, &resolved); err != nil {
		return nil, err
	}
	var err error
	for _, b := range []struct {
		dst *[32]byte
		s   string
	}{{(*[32]byte)(&r.OrderID), id}, {&r.TokenOut, tokenOut}, {&r.Solver, solver}} {
		if *b.dst, err = parseHex32(b.s); err != nil {
			return nil, err
		}
	}
	r.OpenTx, r.Sender, r.Funder, r.TokenIn = tx, sender, funder, tokenIn
	r.OriginChainID, r.OpenBlock, r.DestChainID = uint64(origin), uint64(openBlock), uint64(dest)
	r.Status = orchestration.OrderStatus(status)
	r.FillCount, r.FillReportCount = int(fills), int(reports)
	if resolved.Valid {
		r.ResolvedAt = &resolved.Int64
	}
	for _, a := range []struct {
		dst **big.Int
		s   string
	}{{&r.AmountIn, amountIn}, {&r.AmountOut, amountOut}, {&r.AmountOutFilled, outFilled}, {&r.AmountInReleased, inReleased}, {&r.AmountRefunded, refunded}} {
		if *a.dst, err = parseAmount(a.s); err != nil {
			return nil, err
		}
	}
	return &r, nil
}

// hex32 is b as the index stores 32-byte values: 0x and 64 lowercase hex
// digits.
func hex32(b [32]byte) string { return ID(b).String() }

// parseHex32 reads what hex32 writes.
func parseHex32(s string) ([32]byte, error) {
	id, err := ParseID(s)
	if err != nil {
		return id, fmt.Errorf("a 32-byte value %q: %w", s, err)
	}
	return id, nil
}

func parseAmount(s string) (*big.Int, error) {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil, fmt.Errorf("amount %q is not a decimal integer", s)
	}
	return n, nil
}

// Checkpoint is how far the index has read one chain, and who reads it.
type Checkpoint struct {
	// Next is the first block not indexed yet.
	Next uint64
	// Holder is the replica indexing the chain until LeaseUntil; empty
	// when none does.
	Holder     string
	LeaseUntil time.Time
}

// Checkpoints returns every indexed chain's checkpoint, by chain id.
func (s *Store) Checkpoints(ctx context.Context) (map[uint64]Checkpoint, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT chain_id, next_block, holder, lease_until FROM order_index_chains`)
	if err != nil {
		return nil, fmt.Errorf("order: read checkpoints: %w", err)
	}
	defer rows.Close()
	out := map[uint64]Checkpoint{}
	for rows.Next() {
		var id, next, until int64
		var c Checkpoint
		if err := rows.Scan(&id, &next, &c.Holder, &until); err != nil {
			return nil, fmt.Errorf("order: read checkpoints: %w", err)
		}
		c.Next, c.LeaseUntil = uint64(next), time.UnixMicro(until)
		out[uint64(id)] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("order: read checkpoints: %w", err)
	}
	return out, nil
}

// ---------------------------------------------------------------- the indexer's writes

// keptBlocks is how many batch-end hashes are kept per chain for finding
// where a re-org forked.
const keptBlocks = 64

// acquire takes chain's lease for holder until ttl from now, unless
// another holder's lease runs, and returns the chain's checkpoint (the
// first block not indexed, start for a chain never indexed) and the newest
// kept block hash (zero number and hash when none). ok is false when
// another holder has the lease.
func (s *Store) acquire(ctx context.Context, chainID uint64, holder string, start uint64, ttl time.Duration) (next uint64, last Anchor, ok bool, err error) {
	now := s.now()
	err = s.db.WithTx(ctx, func(tx *storage.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_index_chains (chain_id, next_block, holder, lease_until, updated_at)
			VALUES (?, ?, '', 0, ?) ON CONFLICT (chain_id) DO NOTHING`, int64(chainID), int64(start), now.UnixMicro()); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE order_index_chains SET holder = ?, lease_until = ?, updated_at = ?
			WHERE chain_id = ? AND (holder = ? OR holder = '' OR lease_until < ?)`,
			holder, now.Add(ttl).UnixMicro(), now.UnixMicro(), int64(chainID), holder, now.UnixMicro())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		ok = true
		var n int64
		if err := tx.QueryRowContext(ctx, `SELECT next_block FROM order_index_chains WHERE chain_id = ?`, int64(chainID)).Scan(&n); err != nil {
			return err
		}
		next = uint64(n)
		last, err = newestBlock(ctx, tx, chainID)
		return err
	})
	if err != nil {
		return 0, Anchor{}, false, fmt.Errorf("order: acquire chain %d: %w", chainID, err)
	}
	return next, last, ok, nil
}

func newestBlock(ctx context.Context, tx *storage.Tx, chainID uint64) (Anchor, error) {
	var number int64
	var hash string
	err := tx.QueryRowContext(ctx, `SELECT number, hash FROM order_index_blocks WHERE chain_id = ? ORDER BY number DESC LIMIT 1`, int64(chainID)).Scan(&number, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return Anchor{}, nil
	}
	return Anchor{uint64(number), hash}, err
}

// renew extends holder's lease on chain; errNotHolder when it lost it.
func (s *Store) renew(ctx context.Context, chainID uint64, holder string, ttl time.Duration) error {
	now := s.now()
	res, err := s.db.ExecContext(ctx, `UPDATE order_index_chains SET lease_until = ?, updated_at = ? WHERE chain_id = ? AND holder = ?`,
		now.Add(ttl).UnixMicro(), now.UnixMicro(), int64(chainID), holder)
	if err != nil {
		return fmt.Errorf("order: renew lease of chain %d: %w", chainID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errNotHolder
	}
	return nil
}

// release gives up holder's lease on chain, if it still has it.
func (s *Store) release(ctx context.Context, chainID uint64, holder string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE order_index_chains SET holder = '', lease_until = 0, updated_at = ? WHERE chain_id = ? AND holder = ?`,
		s.now().UnixMicro(), int64(chainID), holder)
	if err != nil {
		return fmt.Errorf("order: release chain %d: %w", chainID, err)
	}
	return nil
}

// recentBlocks returns chain's kept batch-end blocks, newest first.
func (s *Store) recentBlocks(ctx context.Context, chainID uint64) ([]Anchor, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT number, hash FROM order_index_blocks WHERE chain_id = ? ORDER BY number DESC`, int64(chainID))
	if err != nil {
		return nil, fmt.Errorf("order: recent blocks of chain %d: %w", chainID, err)
	}
	defer rows.Close()
	var out []Anchor
	for rows.Next() {
		var n int64
		var h string
		if err := rows.Scan(&n, &h); err != nil {
			return nil, err
		}
		out = append(out, Anchor{uint64(n), h})
	}
	return out, rows.Err()
}

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
// with b.to's hash kept. feed, if not nil, is told the orders b touched,
// each once, in the same transaction.
func (s *Store) apply(ctx context.Context, b *batch, feed StatusFeed) error {
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
		for i := range b.events {
			e := &b.events[i]
			if err := writeEvent(ctx, tx, e, change); err != nil {
				return fmt.Errorf("order: write %s of %s (chain %d block %d index %d): %w", e.Kind, e.OrderID, e.ChainID, e.Block, e.Index, err)
			}
		}
		if err := refresh(ctx, tx, touched, change); err != nil {
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
		return publish(ctx, tx, feed, slices.Collect(maps.Keys(touched)))
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

// writeEvent writes e, or undoes it when e.Removed; an order it opens
// gets version change (one written again keeps its version).
func writeEvent(ctx context.Context, tx *storage.Tx, e *Event, change int64) error {
	switch {
	case e.Removed && e.Kind == Opened:
		_, err := tx.ExecContext(ctx, `DELETE FROM orders WHERE order_id = ? AND origin_chain_id = ? AND open_block = ? AND open_log_index = ? AND open_block_hash = ?`,
			e.OrderID.String(), int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash)
		return err
	case e.Removed:
		_, err := tx.ExecContext(ctx, `DELETE FROM order_events WHERE chain_id = ? AND block_number = ? AND log_index = ? AND block_hash = ?`,
			int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash)
		return err
	case e.Kind == Opened:
		o := e.Opened
		_, err := tx.ExecContext(ctx, `INSERT INTO orders (order_id, origin_chain_id, open_block, open_log_index, open_block_hash, open_tx,
				created_at, sender, funder, token_in, amount_in, dest_chain_id, token_out, amount_out, solver, fill_deadline,
				status, amount_out_filled, fill_count, amount_in_released, fill_report_count, amount_refunded, resolved_at, version)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0', 0, '0', 0, '0', NULL, ?)
			ON CONFLICT (order_id) DO UPDATE SET origin_chain_id = excluded.origin_chain_id, open_block = excluded.open_block,
				open_log_index = excluded.open_log_index, open_block_hash = excluded.open_block_hash, open_tx = excluded.open_tx,
				created_at = excluded.created_at, sender = excluded.sender, funder = excluded.funder, token_in = excluded.token_in,
				amount_in = excluded.amount_in, dest_chain_id = excluded.dest_chain_id, token_out = excluded.token_out,
				amount_out = excluded.amount_out, solver = excluded.solver, fill_deadline = excluded.fill_deadline`,
			e.OrderID.String(), int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash, e.Tx,
			int64(e.BlockTime), o.Sender, o.Funder, o.TokenIn, dec(o.AmountIn), int64(o.DestChainID),
			hex32(o.TokenOut), dec(o.AmountOut), hex32(o.Solver), o.FillDeadline,
			string(orchestration.OrderCreated), change)
		return err
	default:
		_, err := tx.ExecContext(ctx, `INSERT INTO order_events (chain_id, block_number, log_index, block_hash, block_time, tx_hash,
				kind, order_id, account, amount_in, amount_out)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (chain_id, block_number, log_index) DO UPDATE SET block_hash = excluded.block_hash,
				block_time = excluded.block_time, tx_hash = excluded.tx_hash, kind = excluded.kind, order_id = excluded.order_id,
				account = excluded.account, amount_in = excluded.amount_in, amount_out = excluded.amount_out`,
			int64(e.ChainID), int64(e.Block), int64(e.Index), e.BlockHash, int64(e.BlockTime), e.Tx,
			string(e.Kind), e.OrderID.String(), e.Account, dec(e.AmountIn), dec(e.AmountOut))
		return err
	}
}

// rewind undoes everything chain's blocks from next on said (a re-org
// dropped them) and moves its checkpoint back to next: its events go, the
// orders opened there go, and the orders those events touched are folded
// again. errNotHolder when holder lost the lease. feed, if not nil, is
// told the orders touched, in the same transaction.
func (s *Store) rewind(ctx context.Context, chainID uint64, holder string, next uint64, ttl time.Duration, feed StatusFeed) error {
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
		if err := refresh(ctx, tx, touched, change); err != nil {
			return err
		}
		if err := foldCounts(ctx, tx); err != nil {
			return err
		}
		return publish(ctx, tx, feed, ids)
	})
}

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

// refreshChunk bounds the ids of one IN list.
const refreshChunk = 500

// refresh folds the orders ids names again from their events and writes
// what changed, with version change. Ids without an orders row (an order
// whose opening the index has not seen) are skipped: their events wait in
// order_events.
func refresh(ctx context.Context, tx *storage.Tx, ids map[ID]bool, change int64) error {
	all := make([]string, 0, len(ids))
	for id := range ids {
		all = append(all, id.String())
	}
	slices.Sort(all)
	for chunk := range slices.Chunk(all, refreshChunk) {
		if err := refreshChunkOf(ctx, tx, chunk, change); err != nil {
			return fmt.Errorf("order: fold orders: %w", err)
		}
	}
	return nil
}

func refreshChunkOf(ctx context.Context, tx *storage.Tx, ids []string, change int64) error {
	in := "(" + strings.Repeat("?, ", len(ids)-1) + "?)"
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	type current struct {
		origin, dest uint64
		was          folded
	}
	orders := map[string]*current{}
	rows, err := tx.QueryContext(ctx, `SELECT order_id, origin_chain_id, dest_chain_id, status, amount_out_filled, fill_count,
		amount_in_released, fill_report_count, amount_refunded, resolved_at FROM orders WHERE order_id IN `+in, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id string
		var origin, dest int64
		var f folded
		var resolved sql.NullInt64
		if err := rows.Scan(&id, &origin, &dest, &f.status, &f.amountOutFilled, &f.fillCount, &f.amountInReleased,
			&f.fillReportCount, &f.amountRefunded, &resolved); err != nil {
			rows.Close()
			return err
		}
		if resolved.Valid {
			f.resolvedAt = &resolved.Int64
		}
		orders[id] = &current{origin: uint64(origin), dest: uint64(dest), was: f}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(orders) == 0 {
		return nil
	}
	events := map[string][]storedEvent{}
	rows, err = tx.QueryContext(ctx, `SELECT order_id, chain_id, block_number, log_index, block_time, kind, amount_in, amount_out
		FROM order_events WHERE order_id IN `+in+` ORDER BY order_id, chain_id, block_number, log_index`, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id, in, out string
		var e storedEvent
		var chainID, block, logIndex int64
		if err := rows.Scan(&id, &chainID, &block, &logIndex, &e.time, &e.kind, &in, &out); err != nil {
			rows.Close()
			return err
		}
		e.chainID = uint64(chainID)
		if e.amountIn, err = parseAmount(in); err == nil {
			e.amountOut, err = parseAmount(out)
		}
		if err != nil {
			rows.Close()
			return err
		}
		events[id] = append(events[id], e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		c := orders[id]
		if c == nil {
			continue
		}
		f := fold(c.origin, c.dest, events[id])
		if f.equal(c.was) {
			continue
		}
		var resolved any
		if f.resolvedAt != nil {
			resolved = *f.resolvedAt
		}
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = ?, amount_out_filled = ?, fill_count = ?, amount_in_released = ?,
			fill_report_count = ?, amount_refunded = ?, resolved_at = ?, version = ? WHERE order_id = ?`,
			f.status, f.amountOutFilled, f.fillCount, f.amountInReleased, f.fillReportCount, f.amountRefunded, resolved, change, id); err != nil {
			return err
		}
	}
	return nil
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
