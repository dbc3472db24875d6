package order

import (
	"context"
	"database/sql"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// BenchmarkList times Store.List, the query of GET /orders, over generated
// orders (1M on PostgreSQL, 100k on SQLite; see benchdata_test.go), for
// the first and a deep page of every combination of the filters
// (benchListCases), beside the same statements run over database/sql
// without Store in the same loop, and reports the 50th and 99th
// percentiles of each in milliseconds: list-* for Store.List, sql-* for
// the statements alone (count and page), and page-* for the page
// statement alone. It runs only with ORCHESTRATION_BENCH_ORDERS=1 (and
// ORCHESTRATION_TEST_POSTGRES_DSN for PostgreSQL):
//
//	ORCHESTRATION_BENCH_ORDERS=1 go test ./order -run '^$' -bench BenchmarkList -benchtime 1000x
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

// benchListCase is one request of BenchmarkList: the filters of GET
// /orders, as the API takes them, and which page.
type benchListCase struct {
	name  string
	query orchestration.OrdersQuery
	// deep reads the page at offset benchDeepOffset or, in a selection too
	// small for that, the middle page: the deepest a page can be from the
	// nearer end of the selection, where List reads it from.
	deep bool
}

// benchDeepOffset is the offset of a deep page: 500 pages of 20 in.
const benchDeepOffset = 10_000

// benchFilter is a filter of GET /orders and the values BenchmarkList
// gives it.
type benchFilter struct {
	param  string // its query parameter
	values []benchFilterValue
}

type benchFilterValue struct {
	name string
	set  func(*orchestration.OrdersQuery)
}

// benchHotSender is the sender of a tenth of the generated orders.
// benchRareStatus is the rarer status spread over the whole history
// (CREATED is rarer still, but bunched in the newest orders, whose pages
// come first). A wallet's few orders are one part of one index (migration
// 0004 of order/migrations) whatever else the filter says, and in most
// combinations none.
var (
	benchHotSender  = benchSender(0)
	benchRareStatus = orchestration.OrderCancelled
)

// benchFilters are every filter GET /orders takes with the values the
// benchmark gives it: the hot sender, a common status and a rare one, the
// busiest origin and a busy destination. TestBenchmarkListCoversEveryFilter
// fails when the API takes a filter this list lacks.
func benchFilters() []benchFilter {
	eth, base := uint64(1), uint64(8453)
	return []benchFilter{
		{"sender", []benchFilterValue{{"hot", func(q *orchestration.OrdersQuery) { q.Sender = benchHotSender }}}},
		{"status", []benchFilterValue{
			{string(orchestration.OrderCompleted), func(q *orchestration.OrdersQuery) { q.Status = orchestration.OrderCompleted }},
			{string(benchRareStatus), func(q *orchestration.OrdersQuery) { q.Status = benchRareStatus }},
		}},
		{"originChainId", []benchFilterValue{{"1", func(q *orchestration.OrdersQuery) { q.OriginChainID = &eth }}}},
		{"destChainId", []benchFilterValue{{"8453", func(q *orchestration.OrdersQuery) { q.DestChainID = &base }}}},
	}
}

// benchListCases are the first and a deep page of every combination of
// benchFilters, each filter with each of its values.
func benchListCases() []benchListCase {
	type partial struct {
		names []string
		query orchestration.OrdersQuery
	}
	combos := []partial{{}}
	for _, f := range benchFilters() {
		for _, c := range slices.Clone(combos) { // without f, as they are
			for _, v := range f.values {
				q := c.query
				v.set(&q)
				combos = append(combos, partial{names: append(slices.Clone(c.names), f.param+"="+v.name), query: q})
			}
		}
	}
	var cases []benchListCase
	for _, deep := range []bool{false, true} {
		for _, c := range combos {
			name := "all"
			if len(c.names) > 0 {
				name = strings.Join(c.names, "&")
			}
			page := "first/"
			if deep {
				page = "deep/"
			}
			cases = append(cases, benchListCase{name: page + name, query: c.query, deep: deep})
		}
	}
	return cases
}

// benchList runs c through Store.List and by hand alternately, b.N times
// each, after checking that both answer the same.
func benchList(b *testing.B, db *benchDB, c benchListCase) {
	ctx := context.Background()
	q := listFilter(c.query)
	q.Limit = DefaultListLimit
	if c.deep {
		_, total, err := db.store().List(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		q.Offset = max(min(benchDeepOffset, (total-q.Limit)/2), 0)
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

// plainList returns Store.List(q) without Store: its count and page
// statements (listCountStatement, listPageStatement) run over the same
// database/sql handle, the page's ids scanned and the other columns read
// as raw bytes. It returns the ids, the total and the time of the page
// statement alone.
func (db *benchDB) plainList(q ListQuery) func(context.Context) ([]string, int, time.Duration, error) {
	plan := planList(db.db.Dialect(), q)
	count, countArgs := listCountStatement(plan, q)
	count = db.db.Rebind(count)
	return func(ctx context.Context) ([]string, int, time.Duration, error) {
		rows, err := db.plain.QueryContext(ctx, count, countArgs...)
		if err != nil {
			return nil, 0, 0, err
		}
		parts, total, err := scanListParts(rows, plan.open)
		if err != nil {
			return nil, 0, 0, err
		}
		start := time.Now()
		page, args := listPageStatement(plan, q, parts, total)
		rows, err = db.plain.QueryContext(ctx, db.db.Rebind(`SELECT `+orderColumns+` FROM orders WHERE order_id IN (`+page+
			`) ORDER BY created_at DESC, order_id DESC`), args...)
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
		return ids, int(total), time.Since(start), nil
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

// TestBenchmarkListCoversEveryFilter checks that BenchmarkList times the
// first and a deep page of every combination of the filters GET /orders
// takes, with the hot sender, the rare status and both: the filters are
// the fields ParseOrdersQuery fills other than the paging, so a filter
// added to the API fails this test until benchFilters gives it values.
func TestBenchmarkListCoversEveryFilter(t *testing.T) {
	queryType := reflect.TypeFor[orchestration.OrdersQuery]()
	var filters []string
	for f := range queryType.Fields() {
		if f.Name != "Limit" && f.Name != "Offset" {
			filters = append(filters, f.Name)
		}
	}
	// setFilters names the filters q sets.
	setFilters := func(q orchestration.OrdersQuery) []string {
		var set []string
		v := reflect.ValueOf(q)
		for _, name := range filters {
			if !v.FieldByName(name).IsZero() {
				set = append(set, name)
			}
		}
		return set
	}
	type key struct {
		filters string
		deep    bool
	}
	covered := map[key]bool{}
	for _, c := range benchListCases() {
		// Each case is a request the API takes, as it parses it.
		parsed, err := orchestration.ParseOrdersQuery(c.query.Values())
		if err != nil {
			t.Errorf("%s: GET /orders refuses the query: %v", c.name, err)
		} else if !reflect.DeepEqual(parsed, c.query) {
			t.Errorf("%s: GET /orders?%s parses as %+v, not %+v", c.name, c.query.Values().Encode(), parsed, c.query)
		}
		if c.query.Limit != nil || c.query.Offset != nil {
			t.Errorf("%s: the case pages itself; the benchmark sets the page", c.name)
		}
		hot := c.query.Sender == "" || c.query.Sender == benchHotSender
		rare := c.query.Status == "" || c.query.Status == benchRareStatus
		if hot && rare {
			covered[key{strings.Join(setFilters(c.query), "&"), c.deep}] = true
		}
	}
	for subset := range 1 << len(filters) {
		var names []string
		for i, name := range filters {
			if subset&(1<<i) != 0 {
				names = append(names, name)
			}
		}
		for _, deep := range []bool{false, true} {
			if !covered[key{strings.Join(names, "&"), deep}] {
				t.Errorf("BenchmarkList has no case (deep page %v) filtering by exactly %v with the hot sender and the rare status", deep, names)
			}
		}
	}
}
