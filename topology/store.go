package topology

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// Address list kinds in topology_addresses.
const (
	kindSender    = "sender"
	kindRecipient = "recipient"
)

// rowsPerInsert bounds the rows of one multi-row INSERT (7 parameters each,
// well below every driver's parameter limit).
const rowsPerInsert = 200

// store reads and writes the counters in the tables of migration
// 0002_topology. It holds no state, so any number of replicas share one
// database.
type store struct {
	db *storage.DB
	// keep is how many rows per address list survive a flush.
	keep int
}

// write adds batch's counts to the tables in one transaction, prunes the
// address lists and records since as a start of collection.
func (st *store) write(ctx context.Context, batch *counters, since time.Time) error {
	keys := make([]counterKey, 0, len(batch.routes))
	for k := range batch.routes {
		keys = append(keys, k)
	}
	// One order for every replica, so concurrent upserts take row locks in
	// the same order and cannot deadlock.
	slices.SortFunc(keys, compareCounterKeys)
	return st.db.WithTx(ctx, func(tx *storage.Tx) error {
		for chunk := range slices.Chunk(keys, rowsPerInsert) {
			args := make([]any, 0, 7*len(chunk))
			for _, k := range chunk {
				v := batch.routes[k]
				args = append(args, string(k.route.src.Chain), k.route.src.Address, string(k.route.dst.Chain), k.route.dst.Address,
					string(k.provider), v.n, v.last.UnixMicro())
			}
			q := `INSERT INTO topology_route_counts
				(source_chain, source_address, destination_chain, destination_address, provider, quote_count, last_used)
				VALUES ` + placeholders(len(chunk), 7) + `
				ON CONFLICT (source_chain, source_address, destination_chain, destination_address, provider) DO UPDATE SET
					quote_count = topology_route_counts.quote_count + excluded.quote_count,
					last_used = CASE WHEN excluded.last_used > topology_route_counts.last_used
						THEN excluded.last_used ELSE topology_route_counts.last_used END`
			if _, err := tx.ExecContext(ctx, q, args...); err != nil {
				return fmt.Errorf("route counts: %w", err)
			}
		}
		for _, l := range []struct {
			kind string
			sk   *sketch
		}{{kindSender, batch.senders}, {kindRecipient, batch.recipients}} {
			if err := st.writeAddresses(ctx, tx, l.kind, l.sk.all()); err != nil {
				return fmt.Errorf("%s addresses: %w", l.kind, err)
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO topology_meta (name, value) VALUES ('collecting_since', ?)
			ON CONFLICT (name) DO UPDATE SET value = CASE WHEN excluded.value < topology_meta.value
				THEN excluded.value ELSE topology_meta.value END`, since.UnixMicro())
		if err != nil {
			return fmt.Errorf("collecting_since: %w", err)
		}
		return nil
	})
}

// writeAddresses adds fs to the list kind and keeps its st.keep most
// frequent rows.
func (st *store) writeAddresses(ctx context.Context, tx *storage.Tx, kind string, fs []orchestration.AddressFrequency) error {
	if len(fs) == 0 {
		return nil
	}
	slices.SortFunc(fs, func(a, b orchestration.AddressFrequency) int { return strings.Compare(a.Address, b.Address) })
	for chunk := range slices.Chunk(fs, rowsPerInsert) {
		args := make([]any, 0, 3*len(chunk))
		for _, f := range chunk {
			args = append(args, kind, f.Address, f.Count)
		}
		q := `INSERT INTO topology_addresses (kind, address, hits) VALUES ` + placeholders(len(chunk), 3) + `
			ON CONFLICT (kind, address) DO UPDATE SET hits = topology_addresses.hits + excluded.hits`
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return err
		}
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM topology_addresses WHERE kind = ?`, kind).Scan(&n); err != nil {
		return err
	}
	if n <= st.keep {
		return nil
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM topology_addresses WHERE kind = ? AND address NOT IN (
		SELECT address FROM topology_addresses WHERE kind = ? ORDER BY hits DESC, address LIMIT ?)`, kind, kind, st.keep)
	return err
}

// placeholders returns rows groups of n ? placeholders: (?, ?), (?, ?).
func placeholders(rows, n int) string {
	group := "(" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(group+", ", rows), ", ")
}

// routes reads every stored counter.
func (st *store) routes(ctx context.Context) (map[counterKey]counter, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT source_chain, source_address, destination_chain, destination_address,
		provider, quote_count, last_used FROM topology_route_counts`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[counterKey]counter)
	for rows.Next() {
		var k counterKey
		var v counter
		var last int64
		if err := rows.Scan(&k.route.src.Chain, &k.route.src.Address, &k.route.dst.Chain, &k.route.dst.Address,
			&k.provider, &v.n, &last); err != nil {
			return nil, err
		}
		v.last = time.UnixMicro(last).UTC()
		out[k] = v
	}
	return out, rows.Err()
}

// topAddresses reads the n most frequent addresses of list kind.
func (st *store) topAddresses(ctx context.Context, kind string, n int) ([]orchestration.AddressFrequency, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT address, hits FROM topology_addresses WHERE kind = ?
		ORDER BY hits DESC, address LIMIT ?`, kind, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []orchestration.AddressFrequency
	for rows.Next() {
		var f orchestration.AddressFrequency
		if err := rows.Scan(&f.Address, &f.Count); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// collectingSince reads the earliest recorded start, if any.
func (st *store) collectingSince(ctx context.Context) (time.Time, bool, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT value FROM topology_meta WHERE name = 'collecting_since'`)
	if err != nil {
		return time.Time{}, false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return time.Time{}, false, rows.Err()
	}
	var v int64
	if err := rows.Scan(&v); err != nil {
		return time.Time{}, false, err
	}
	return time.UnixMicro(v).UTC(), true, rows.Err()
}
