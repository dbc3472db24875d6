package order

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// TestPlanListReadsAnIndex checks that every combination of List's
// filters is read, in each dialect, from an index that dialect's
// migrations create, leading with the filter's columns and those it
// leaves open, then (created_at, order_id), and that it enumerates
// statuses and chains, never senders: each part is then one range of the
// index in page order. On SQLite, a status or a chain alone is one range
// (decision 97).
func TestPlanListReadsAnIndex(t *testing.T) {
	// Each statement creating an index of orders sorted by (created_at,
	// order_id), or dropping an index, in the order the migrations run.
	re := regexp.MustCompile(`CREATE INDEX (\w+) ON orders \(([a-z_, ]+), created_at, order_id\)|DROP INDEX (\w+)`)
	for _, d := range []struct {
		dialect    storage.Dialect
		migrations []string
	}{
		{storage.Postgres, []string{"0001_order_index.sql", "0004_order_list_indexes.sql", "0005_order_list_sqlite.postgres.sql"}},
		{storage.SQLite, []string{"0001_order_index.sql", "0004_order_list_indexes.sql", "0005_order_list_sqlite.sqlite.sql"}},
	} {
		indexes := map[string]string{} // by name: the columns it leads with before the sort key
		for _, name := range d.migrations {
			text, err := migrationFiles.ReadFile("migrations/" + name)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range re.FindAllStringSubmatch(string(text), -1) {
				if m[3] != "" {
					delete(indexes, m[3])
					continue
				}
				cols := strings.Split(m[2], ", ")
				slices.Sort(cols)
				indexes[m[1]] = strings.Join(cols, ",")
			}
		}
		created := map[string]bool{}
		for _, cols := range indexes {
			created[cols] = true
		}
		one := uint64(1)
		for subset := range 16 {
			var q ListQuery
			var fixed []string
			if subset&1 != 0 {
				q.Sender, fixed = "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B", append(fixed, "sender")
			}
			if subset&2 != 0 {
				q.Status, fixed = orchestration.OrderCancelled, append(fixed, "status")
			}
			if subset&4 != 0 {
				q.OriginChainID, fixed = &one, append(fixed, "origin_chain_id")
			}
			if subset&8 != 0 {
				q.DestChainID, fixed = &one, append(fixed, "dest_chain_id")
			}
			p := planList(d.dialect, q)
			if len(fixed) == 0 {
				if p.cond != "" || len(p.open) > 0 {
					t.Errorf("dialect %v, no filter: plan %+v, want orders_created", d.dialect, p)
				}
				continue
			}
			if slices.Contains(p.open, "sender") {
				t.Errorf("dialect %v, filter %v: enumerates senders", d.dialect, fixed)
			}
			cols := slices.Concat(fixed, p.open)
			slices.Sort(cols)
			if !created[strings.Join(cols, ",")] {
				t.Errorf("dialect %v, filter %v (open %v): no index leads with %v; the migrations create %v", d.dialect, fixed, p.open, cols, created)
			}
			if len(p.open) > 2 {
				t.Errorf("dialect %v, filter %v: %d open columns", d.dialect, fixed, len(p.open))
			}
			if d.dialect == storage.SQLite && len(fixed) == 1 && fixed[0] != "sender" && len(p.open) > 0 {
				t.Errorf("SQLite, filter %v: merges the values of %v, not one range", fixed, p.open)
			}
		}
	}
}
