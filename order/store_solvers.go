package order

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// SolverRecord is what the index says of one solver's orders.
type SolverRecord struct {
	// Solver is the solver's account, as SolverRecords' name writes it.
	Solver string
	// Won counts the orders it won: opened naming it, or, for an order any
	// solver may fill, filled first by it.
	Won int
	// Filled counts the orders it won that are COMPLETED.
	Filled int
	// ExpiredUnfilled counts the orders it won whose fill deadline passed
	// while they were not COMPLETED (still open, or cancelled at or after
	// the deadline: a sender's cancel before it is no fault of the solver).
	ExpiredUnfilled int
	// MedianTimeToFill is the median, over its filled orders whose fills
	// the index has, of the time from the order's opening to its last
	// fill; zero when there is none.
	MedianTimeToFill time.Duration
}

// SolverOf is who won one order, for SolverRecords' name: Named, when the
// order names its solver (32 bytes, an account of the destination's
// runtime), else Filler, the runtime's text of the solver of its first
// fill.
type SolverOf struct {
	OriginChainID, DestChainID uint64
	Named                      [32]byte
	Filler                     string
	// Opened is when the order was opened (its block's time).
	Opened time.Time
}

// SolverRecords reads every solver's record as of now, by solver, in
// their order. name writes who won an order (two orders are the same
// solver's when it writes the same text); nil writes a named solver as 0x
// and 64 hex digits and a filler as the index holds it. An order name
// writes as "" is left out.
//
// It reads every order that names a solver or has a fill, once: a scan
// that grows with the index, meant for a periodic refresh, not a request.
func (s *Store) SolverRecords(ctx context.Context, now time.Time, name func(SolverOf) string) ([]SolverRecord, error) {
	return s.SolverRecordsSince(ctx, now, time.Time{}, name)
}

// SolverRecordsSince is SolverRecords over the orders opened at or after
// since: a read of the orders of that window only (by the index of their
// opening times), for a record of recent behaviour.
func (s *Store) SolverRecordsSince(ctx context.Context, now, since time.Time, name func(SolverOf) string) ([]SolverRecord, error) {
	query := solverRecordsSQL
	if since.IsZero() && s.db.Dialect() == storage.Postgres {
		query = solverRecordsJoinSQL
	}
	return s.solverRecordsBy(ctx, query, now, since, name)
}

// solverRecordsBy is SolverRecordsSince by query, solverRecordsSQL or
// solverRecordsJoinSQL.
func (s *Store) solverRecordsBy(ctx context.Context, query string, now, since time.Time, name func(SolverOf) string) ([]SolverRecord, error) {
	if name == nil {
		name = func(o SolverOf) string {
			if o.Named != ([32]byte{}) {
				return hex32(o.Named)
			}
			return o.Filler
		}
	}
	rows, err := s.db.QueryContext(ctx, query, string(Filled), string(Filled), hex32([32]byte{}), max(since.Unix(), 0))
	if err != nil {
		return nil, fmt.Errorf("order: read solvers' orders: %w", err)
	}
	defer rows.Close()
	bySolver := map[string]*SolverRecord{}
	times := map[string][]time.Duration{}
	for rows.Next() {
		var (
			who                  SolverOf
			origin, dest         int64
			solver, status       string
			createdAt, deadline  int64
			resolvedAt, lastFill sql.NullInt64
		)
		if err := rows.Scan(&origin, &dest, &solver, &status, &createdAt, &deadline, &resolvedAt, &who.Filler, &lastFill); err != nil {
			return nil, fmt.Errorf("order: read solvers' orders: %w", err)
		}
		who.OriginChainID, who.DestChainID = uint64(origin), uint64(dest)
		if who.Named, err = parseHex32(solver); err != nil {
			return nil, fmt.Errorf("order: read solvers' orders: %w", err)
		}
		if who.Named == ([32]byte{}) && who.Filler == "" {
			continue // an open order whose fills the index lacks: no one won it
		}
		who.Opened = time.Unix(createdAt, 0)
		key := name(who)
		if key == "" {
			continue
		}
		r := bySolver[key]
		if r == nil {
			r = &SolverRecord{Solver: key}
			bySolver[key] = r
		}
		r.Won++
		switch {
		case orchestration.OrderStatus(status) == orchestration.OrderCompleted:
			r.Filled++
			if lastFill.Valid {
				times[key] = append(times[key], time.Duration(lastFill.Int64-createdAt)*time.Second)
			}
		case deadline < now.Unix() && (!resolvedAt.Valid || resolvedAt.Int64 >= deadline):
			r.ExpiredUnfilled++
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("order: read solvers' orders: %w", err)
	}
	out := make([]SolverRecord, 0, len(bySolver))
	for key, r := range bySolver {
		r.MedianTimeToFill = median(times[key])
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b SolverRecord) int { return strings.Compare(a.Solver, b.Solver) })
	return out, nil
}

// solverRecordsSQL reads the orders won opened since the fourth
// argument, each with the account of its first fill and the time of its
// last, by two lookups of its fill events per order (order_events_order).
// solverRecordsJoinSQL gives the same answer with the fill events read in
// one pass, numbered per order. BenchmarkSolverRecords: the join reads
// every order of a million on PostgreSQL 2.6 times faster, but a window's
// 4 times slower, and both slower on SQLite; SolverRecordsSince takes the
// join for a read of every order on PostgreSQL only. Both take the same
// arguments: Filled twice, the zero solver, the first opening time.
const (
	solverRecordsSQL = `SELECT o.origin_chain_id, o.dest_chain_id, o.solver, o.status, o.created_at,
		o.fill_deadline, o.resolved_at,
		COALESCE((SELECT e.account FROM order_events e WHERE e.order_id = o.order_id AND e.kind = ?
			ORDER BY e.block_time, e.chain_id, e.block_number, e.log_index LIMIT 1), ''),
		(SELECT MAX(e.block_time) FROM order_events e WHERE e.order_id = o.order_id AND e.kind = ?)
	FROM orders o WHERE (o.solver <> ? OR o.fill_count > 0) AND o.created_at >= ?`
	solverRecordsJoinSQL = `WITH p AS (SELECT CAST(? AS TEXT) AS kind, CAST(? AS TEXT) AS kind2, CAST(? AS TEXT) AS zero, CAST(? AS BIGINT) AS since),
	won AS (
		SELECT o.order_id, o.origin_chain_id, o.dest_chain_id, o.solver, o.status, o.created_at, o.fill_deadline, o.resolved_at
		FROM orders o, p WHERE (o.solver <> p.zero OR o.fill_count > 0) AND o.created_at >= p.since
	), fills AS (
		SELECT e.order_id, e.account,
			ROW_NUMBER() OVER (PARTITION BY e.order_id ORDER BY e.block_time, e.chain_id, e.block_number, e.log_index) AS n,
			MAX(e.block_time) OVER (PARTITION BY e.order_id) AS last_fill
		FROM order_events e JOIN won w ON w.order_id = e.order_id, p
		WHERE e.kind = p.kind
	)
	SELECT w.origin_chain_id, w.dest_chain_id, w.solver, w.status, w.created_at, w.fill_deadline, w.resolved_at,
		COALESCE(f.account, ''), f.last_fill
	FROM won w LEFT JOIN fills f ON f.order_id = w.order_id AND f.n = 1`
)

// median is the median of ds (the mean of the middle two for an even
// count), zero for none. It sorts ds.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	if n := len(ds); n%2 == 0 {
		return (ds[n/2-1] + ds[n/2]) / 2
	}
	return ds[len(ds)/2]
}

// SolverRecords is every solver's record in the index (Store.SolverRecords
// as of the index's clock, now), each solver written as its runtime writes accounts (an EVM
// address in EIP-55), so that a solver named by orders and one filling
// open orders are one record. NotImplemented without an index
// (Config.Index); a failing index is the error as it is.
func (s *Service) SolverRecords(ctx context.Context) ([]SolverRecord, error) {
	return s.solverRecords(ctx, time.Time{}, nil)
}

// solverRecords is SolverRecords over the orders opened since, and of
// those the ones keep keeps (nil keeps all): keep is given the solver as
// SolverRecords writes it and the order's opening time.
func (s *Service) solverRecords(ctx context.Context, since time.Time, keep func(solver string, opened time.Time) bool) ([]SolverRecord, error) {
	if s.cfg.Index == nil {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "solvers' records are not implemented on this server: they need the order index, which it does not keep")
	}
	return s.cfg.Index.SolverRecordsSince(ctx, s.cfg.Index.now(), since, func(o SolverOf) string {
		var who string
		if o.Named != ([32]byte{}) {
			who = account(s.accountsOf(o.DestChainID, o.OriginChainID), o.Named)
		} else {
			who = s.canonicalAccount(o.Filler)
		}
		if keep != nil && !keep(who, o.Opened) {
			return ""
		}
		return who
	})
}
