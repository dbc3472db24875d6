package order

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/m0-orchestration/m0/storage"
)

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
