package order

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

// TestPlanListReadsAnIndex checks that every combination of List's
// filters is read from an index the migrations create, leading with the
// filter's columns and those it leaves open, then (created_at, order_id),
// and that it enumerates statuses and chains, never senders: each part is
// then one range of the index in page order (decision 97).
func TestPlanListReadsAnIndex(t *testing.T) {
	created := map[string]bool{} // the columns each index of orders leads with before the sort key
	re := regexp.MustCompile(`CREATE INDEX \w+ ON orders \(([a-z_, ]+), created_at, order_id\)`)
	for _, name := range []string{"migrations/0001_order_index.sql", "migrations/0004_order_list_indexes.sql"} {
		text, err := migrationFiles.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(text), -1) {
			cols := strings.Split(m[1], ", ")
			slices.Sort(cols)
			created[strings.Join(cols, ",")] = true
		}
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
		p := planList(q)
		if len(fixed) == 0 {
			if p.cond != "" || len(p.open) > 0 {
				t.Errorf("no filter: plan %+v, want orders_created", p)
			}
			continue
		}
		if slices.Contains(p.open, "sender") {
			t.Errorf("filter %v: enumerates senders", fixed)
		}
		cols := slices.Concat(fixed, p.open)
		slices.Sort(cols)
		if !created[strings.Join(cols, ",")] {
			t.Errorf("filter %v (open %v): no index leads with %v; the migrations create %v", fixed, p.open, cols, created)
		}
		if len(p.open) > 2 {
			t.Errorf("filter %v: %d open columns", fixed, len(p.open))
		}
	}
}
