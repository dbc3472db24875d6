package order

import (
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/storage"
)

// Store is the order index in the service's SQL database, SQLite or
// PostgreSQL alike (the tables of order/migrations: 0001_order_index.sql,
// and the counts of 0002_order_counts). The Indexer writes it; Service
// reads it for GET /orders and for the fields of an order only the index
// knows. It is safe for concurrent use.
//
// Its files: store_records.go reads an order, store_list.go pages the
// orders, store_lease.go keeps each chain's checkpoint and lease,
// store_write.go writes what an EventSource read (and undoes a re-org),
// store_fold.go folds an order's events into its state and the counts,
// store_solvers.go reads each solver's record.
type Store struct {
	db  *storage.DB
	now func() time.Time
}

// NewStore returns the index kept in db.
func NewStore(db *storage.DB) *Store { return &Store{db: db, now: time.Now} }

// ErrNotIndexed is returned (wrapped) by Store.Order for an order whose
// opening the index has not seen.
var ErrNotIndexed = errors.New("order: not in the index")

// errNotHolder is returned by the writes of an indexer that no longer
// holds its chain's lease, or whose idea of the chain's checkpoint is
// stale: it must acquire the chain again before writing.
var errNotHolder = errors.New("order: the chain's lease is held by another indexer, or its checkpoint moved")

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
