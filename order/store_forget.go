package order

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"
)

// Forget drops what the index holds of the chains with these ids, as if
// they had never been indexed: their events and the orders opened on them
// go (the orders of other chains their events touched are folded again,
// and feed, if not nil, is told of those), and so do their checkpoints, so
// an Indexer reads them again from their start blocks. It is for chains
// started anew, an in-process devnet whose state went with the process
// that ran it: what the index holds of them describes blocks they no
// longer have. It takes each chain whoever holds its lease, so no other
// process may be indexing them. It returns how many of the chains the
// index held.
func (s *Store) Forget(ctx context.Context, feed StatusFeed, chainIDs ...uint64) (int, error) {
	holder := "forget-" + rand.Text()[:8]
	forgotten := 0
	for _, id := range chainIDs {
		res, err := s.db.ExecContext(ctx, `UPDATE order_index_chains SET holder = ? WHERE chain_id = ?`, holder, int64(id))
		if err != nil {
			return forgotten, fmt.Errorf("order: forget chain %d: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			continue // never indexed: nothing to forget
		}
		if err := s.rewind(ctx, id, holder, 0, time.Minute, nil, feed); err != nil {
			return forgotten, fmt.Errorf("order: forget chain %d: %w", id, err)
		}
		if _, err := s.db.ExecContext(ctx, `DELETE FROM order_index_chains WHERE chain_id = ? AND holder = ?`, int64(id), holder); err != nil {
			return forgotten, fmt.Errorf("order: forget chain %d: %w", id, err)
		}
		forgotten++
	}
	return forgotten, nil
}
