// Package permitsql keeps a permitflow.Ledger in the service's SQL database
// (SQLite or PostgreSQL, package storage), so that every replica sharing the
// database builds the recipes any of them issued.
package permitsql

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit/permitflow"
	"github.com/m0-orchestration/m0/storage"
)

// pruneEvery is how often Issue also deletes the rows past their expiry.
const pruneEvery = time.Minute

// Ledger is a permitflow.Ledger in the table permit_recipes.
type Ledger struct {
	db *storage.DB

	mu         sync.Mutex
	lastPruned time.Time
}

var _ permitflow.Ledger = (*Ledger)(nil)

// New returns the Ledger kept in db.
func New(db *storage.DB) *Ledger { return &Ledger{db: db} }

// Issue implements permitflow.Ledger, in one transaction. About once a minute
// it also deletes the recipes expired by the newest recipe's issue time.
func (l *Ledger) Issue(ctx context.Context, recipes []permitflow.IssuedRecipe) error {
	if len(recipes) == 0 {
		return nil
	}
	err := l.db.WithTx(ctx, func(tx *storage.Tx) error {
		for _, r := range recipes {
			body, err := json.Marshal(r.Recipe)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO permit_recipes
				(digest, chain_id, owner, recipe, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT (digest) DO UPDATE SET issued_at = excluded.issued_at, expires_at = excluded.expires_at`,
				hex.EncodeToString(r.Digest[:]), int64(r.ChainID), owner(r.Owner), string(body),
				r.Issued.UnixMicro(), r.Expires.UnixMicro()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("permitsql: issue: %w", err)
	}
	now := recipes[len(recipes)-1].Issued
	if l.duePrune(now) {
		if _, err := l.db.ExecContext(ctx, `DELETE FROM permit_recipes WHERE expires_at < ?`, now.UnixMicro()); err != nil {
			return fmt.Errorf("permitsql: prune: %w", err)
		}
	}
	return nil
}

func (l *Ledger) duePrune(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastPruned) < pruneEvery {
		return false
	}
	l.lastPruned = now
	return true
}

// Issued implements permitflow.Ledger.
func (l *Ledger) Issued(ctx context.Context, digest [32]byte, now time.Time) (bool, error) {
	var n int
	err := l.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM permit_recipes WHERE digest = ? AND expires_at >= ?`,
		hex.EncodeToString(digest[:]), now.UnixMicro()).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("permitsql: look up: %w", err)
	}
	return n > 0, nil
}

// IssuedTo implements permitflow.Ledger.
func (l *Ledger) IssuedTo(ctx context.Context, chainID uint64, o common.Address, now time.Time, limit int) ([]orchestration.PermitRecipe, error) {
	rows, err := l.db.QueryContext(ctx, `SELECT recipe FROM permit_recipes
		WHERE chain_id = ? AND owner = ? AND expires_at >= ? ORDER BY issued_at DESC LIMIT ?`,
		int64(chainID), owner(o), now.UnixMicro(), limit)
	if err != nil {
		return nil, fmt.Errorf("permitsql: look up: %w", err)
	}
	defer rows.Close()
	var out []orchestration.PermitRecipe
	for rows.Next() {
		var body string
		var r orchestration.PermitRecipe
		if err := rows.Scan(&body); err != nil {
			return nil, fmt.Errorf("permitsql: look up: %w", err)
		}
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			return nil, fmt.Errorf("permitsql: a stored recipe does not decode: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("permitsql: look up: %w", err)
	}
	return out, nil
}

func owner(a common.Address) string { return strings.ToLower(a.Hex()) }
