package order

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// BenchmarkList times Store.List, the query of GET /orders, over generated
// orders (1M on PostgreSQL, 100k on SQLite; see benchdata_test.go), beside
// the same statements written by hand over database/sql in the same loop,
// and reports the 50th and 99th percentiles of each in milliseconds:
// list-* for Store.List, sql-* for the hand-written count and page, and
// page-* for the hand-written page alone. It runs only with
// ORCHESTRATION_BENCH_ORDERS=1 (and ORCHESTRATION_TEST_POSTGRES_DSN for
// PostgreSQL):
//
//	ORCHESTRATION_BENCH_ORDERS=1 go test ./order -run '^$' -bench BenchmarkList -benchtime 400x
func BenchmarkList(b *testing.B) {
	benchGuard(b)
	for _, backend := range []struct {
		name string
		open func(*testing.B) *benchDB
	}{{"postgres", benchPostgres}, {"sqlite", benchSQLite}} {
		b.Run(backend.name, func(b *testing.B) {
			db := backend.open(b)
			for _, c := range benchListCases() {
				b.Run(c.name, func(b *testing.B) { benchList(b, db, c) })
			}
		})
	}
}

type benchListCase struct {
	name string
	q    ListQuery
	// fromEnd, when set, pages from the end of the selection: the offset
	// is the total minus the limit.
	fromEnd bool
}

func benchListCases() []benchListCase {
	hot := benchSender(0)
	ordinary := benchSender(len(benchHot) + 7)
	eth, base := uint64(1), uint64(8453)
	first := func(q ListQuery) ListQuery { q.Limit = DefaultListLimit; return q }
	deep := func(q ListQuery, offset int) ListQuery { q.Limit, q.Offset = DefaultListLimit, offset; return q }
	return []benchListCase{
		{name: "first/all", q: first(ListQuery{})},
		{name: "first/sender=hot", q: first(ListQuery{Sender: hot})},
		{name: "first/sender=wallet", q: first(ListQuery{Sender: ordinary})},
		{name: "first/status=CREATED", q: first(ListQuery{Status: orchestration.OrderCreated})},
		{name: "first/origin=1", q: first(ListQuery{OriginChainID: &eth})},
		{name: "first/dest=8453&status=COMPLETED", q: first(ListQuery{DestChainID: &base, Status: orchestration.OrderCompleted})},
		{name: "first/sender=hot&status=CREATED", q: first(ListQuery{Sender: hot, Status: orchestration.OrderCreated})},
		{name: "first/sender=hot&status=COMPLETED&origin=1", q: first(ListQuery{Sender: hot, Status: orchestration.OrderCompleted, OriginChainID: &eth})},
		{name: "deep/all/offset=10000", q: deep(ListQuery{}, 10_000)},
		{name: "deep/sender=hot/offset=10000", q: deep(ListQuery{Sender: hot}, 10_000)},
		{name: "deep/status=CANCELLED/last", q: deep(ListQuery{Status: orchestration.OrderCancelled}, 0), fromEnd: true},
	}
}

// benchList runs c through Store.List and by hand alternately, b.N times
// each, after checking that both answer the same.
func benchList(b *testing.B, db *benchDB, c benchListCase) {
	ctx := context.Background()
	q := c.q
	if c.fromEnd {
		_, total, err := db.store().List(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		q.Offset = max(total-q.Limit, 0)
	}
	plain := db.plainList(q)
	recs, total, err := db.store().List(ctx, q)
	if err != nil {
		b.Fatal(err)
	}
	ids, ptotal, _, err := plain(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if total != ptotal || len(ids) != len(recs) {
		b.Fatalf("Store.List: %d orders of %d; by hand: %d of %d", len(recs), total, len(ids), ptotal)
	}
	for i, r := range recs {
		if r.OrderID.String() != ids[i] {
			b.Fatalf("order %d: Store.List %s, by hand %s", i, r.OrderID.String(), ids[i])
		}
	}
	if len(recs) == 0 {
		b.Fatalf("the case selects no order: the benchmark would time nothing")
	}
	st := db.store()
	list, hand, page := make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		// Alternate which goes first, so neither always finds the other's
		// pages in the cache.
		runList := func() {
			start := time.Now()
			if _, _, err := st.List(ctx, q); err != nil {
				b.Fatal(err)
			}
			list = append(list, time.Since(start))
		}
		runHand := func() {
			start := time.Now()
			_, _, p, err := plain(ctx)
			if err != nil {
				b.Fatal(err)
			}
			hand, page = append(hand, time.Since(start)), append(page, p)
		}
		if i%2 == 0 {
			runList()
			runHand()
		} else {
			runHand()
			runList()
		}
	}
	b.StopTimer()
	lp50, lp99 := percentiles(list)
	hp50, hp99 := percentiles(hand)
	_, pp99 := percentiles(page)
	b.ReportMetric(lp50, "list-p50-ms")
	b.ReportMetric(lp99, "list-p99-ms")
	b.ReportMetric(hp50, "sql-p50-ms")
	b.ReportMetric(hp99, "sql-p99-ms")
	b.ReportMetric(pp99, "page-p99-ms")
	if hp99 > 0 {
		b.ReportMetric(lp99/hp99, "p99-list/sql")
	}
	b.ReportMetric(float64(total), "total")
}

func (db *benchDB) store() *Store { return NewStore(db.db) }

// plainList returns the hand-written equivalent of Store.List(q): the same
// count (from the counts of migration 0002 of order/migrations) and page statements over
// database/sql, the page's ids scanned and
// the other columns read as raw bytes. It returns the ids, the total and
// the time of the page statement alone.
func (db *benchDB) plainList(q ListQuery) func(context.Context) ([]string, int, time.Duration, error) {
	var where []string
	var args []any
	add := func(col string, v any) {
		args = append(args, v)
		where = append(where, col+" = "+db.placeholder(len(args)))
	}
	if q.Sender != "" {
		add("sender", q.Sender)
	}
	if q.Status != "" {
		add("status", string(q.Status))
	}
	if q.OriginChainID != nil {
		add("origin_chain_id", int64(*q.OriginChainID))
	}
	if q.DestChainID != nil {
		add("dest_chain_id", int64(*q.DestChainID))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	counts := "order_counts"
	if q.Sender != "" {
		counts = "order_sender_counts"
	}
	count := `SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM ` + counts + cond
	pageSQL := func(order string) string {
		return `SELECT ` + orderColumns + ` FROM orders WHERE order_id IN (SELECT order_id FROM orders` + cond +
			` ORDER BY created_at ` + order + `, order_id ` + order + ` LIMIT ` + db.placeholder(len(args)+1) +
			` OFFSET ` + db.placeholder(len(args)+2) + `) ORDER BY created_at DESC, order_id DESC`
	}
	desc, asc := pageSQL("DESC"), pageSQL("ASC")
	return func(ctx context.Context) ([]string, int, time.Duration, error) {
		var total int
		if err := db.plain.QueryRowContext(ctx, count, args...).Scan(&total); err != nil {
			return nil, 0, 0, err
		}
		start := time.Now()
		// From the nearer end, as List reads.
		page, limit, offset := desc, q.Limit, q.Offset
		if back := total - offset - limit; back < offset {
			page, limit, offset = asc, min(limit, total-offset), max(back, 0)
		}
		rows, err := db.plain.QueryContext(ctx, page, append(slices.Clone(args), limit, offset)...)
		if err != nil {
			return nil, 0, 0, err
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			return nil, 0, 0, err
		}
		raw := make([]sql.RawBytes, len(cols))
		dest := make([]any, len(cols))
		for i := range raw {
			dest[i] = &raw[i]
		}
		var ids []string
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				return nil, 0, 0, err
			}
			ids = append(ids, string(raw[0]))
		}
		if err := rows.Err(); err != nil {
			return nil, 0, 0, err
		}
		return ids, total, time.Since(start), nil
	}
}

// percentiles returns the 50th and 99th percentiles of ds in milliseconds.
func percentiles(ds []time.Duration) (p50, p99 float64) {
	if len(ds) == 0 {
		return 0, 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(p int) float64 {
		i := (len(s)*p+99)/100 - 1
		return float64(s[max(i, 0)].Microseconds()) / 1000
	}
	return at(50), at(99)
}
