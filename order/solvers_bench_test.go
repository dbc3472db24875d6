package order

import (
	"context"
	"reflect"
	"testing"
	"time"
)

// BenchmarkSolverRecords reads every solver's record from the generated
// index (benchdata_test.go: a million orders on PostgreSQL, 100,000 on
// SQLite, a quarter naming one of ten solvers, most filled): all of them,
// as the metrics and GET /solvers/stats do once per SolverRecordsMaxAge,
// and those of the last day's orders, as a suspension refresh does
// (SolverRecordsSince over its default window); each by both queries
// (subqueries: solverRecordsSQL, two lookups of the fill events per
// order; join: solverRecordsJoinSQL, the fill events in one pass), which
// must give the same records. The won/op metric is the orders the read
// counted as won.
func BenchmarkSolverRecords(b *testing.B) {
	benchGuard(b)
	for _, backend := range []struct {
		name string
		open func(*testing.B) *benchDB
	}{{"postgres", benchPostgres}, {"sqlite", benchSQLite}} {
		b.Run(backend.name, func(b *testing.B) {
			db := backend.open(b)
			// The newest order's opening: the index's clock for the read.
			now := time.Unix(int64(benchBaseTime+(db.n/3)*12+3), 0)
			for _, c := range []struct {
				name  string
				since time.Time
				sql   string
			}{
				{"all/subqueries", time.Time{}, solverRecordsSQL},
				{"all/join", time.Time{}, solverRecordsJoinSQL},
				{"window-24h/subqueries", now.Add(-DefaultSuspensionWindow), solverRecordsSQL},
				{"window-24h/join", now.Add(-DefaultSuspensionWindow), solverRecordsJoinSQL},
			} {
				b.Run(c.name, func(b *testing.B) {
					ctx := context.Background()
					var records []SolverRecord
					for b.Loop() {
						var err error
						if records, err = db.store().solverRecordsBy(ctx, c.sql, now, c.since, nil); err != nil {
							b.Fatal(err)
						}
					}
					won := 0
					for _, r := range records {
						won += r.Won
					}
					b.ReportMetric(float64(won), "won/op")
					if c.sql != solverRecordsSQL { // the same answer as the other
						b.StopTimer()
						want, err := db.store().solverRecordsBy(ctx, solverRecordsSQL, now, c.since, nil)
						if err != nil || !reflect.DeepEqual(want, records) {
							b.Fatalf("the two queries read different records (%v)", err)
						}
					}
				})
			}
		})
	}
}
