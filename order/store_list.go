package order

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
)

// ListQuery selects orders; zero fields select every order.
type ListQuery struct {
	// Sender is an account in the text of its runtime, as the index keeps
	// it (Record.Sender: EIP-55 for an EVM address); any other string
	// matches nothing.
	Sender        string
	Status        orchestration.OrderStatus
	OriginChainID *uint64
	DestChainID   *uint64
	// Limit and Offset page the orders, newest first (createdAt, then
	// orderId, descending). Limit must be positive.
	Limit, Offset int
}

// List returns the page of orders q selects and how many it selects in
// all. The page and the count are two queries, not one snapshot.
//
// The count is read from the counts the schema keeps per status and
// chain pair, and per sender (migration 0002 of order/migrations), not
// counted from the matching orders, which takes a time growing with them.
// The page's ids come from the indexes of migrations 0004 and 0005 before
// any row is read: a deep page skips index entries, not table rows, from
// whichever end of the selection is nearer, and only entries the filter
// selects (decision 97).
func (s *Store) List(ctx context.Context, q ListQuery) ([]Record, int, error) {
	if q.Limit <= 0 || q.Offset < 0 {
		return nil, 0, fmt.Errorf("order: list: limit %d, offset %d", q.Limit, q.Offset)
	}
	plan := planList(s.db.Dialect(), q)
	countSQL, countArgs := listCountStatement(plan, q)
	rows, err := s.db.QueryContext(ctx, countSQL, countArgs...)
	if err != nil {
		return nil, 0, fmt.Errorf("order: count orders: %w", err)
	}
	parts, total, err := scanListParts(rows, plan.open)
	if err != nil {
		return nil, 0, fmt.Errorf("order: count orders: %w", err)
	}
	if int64(q.Offset) >= total {
		return []Record{}, int(total), nil
	}
	page, args := listPageStatement(plan, q, parts, total)
	rows, err = s.db.QueryContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE order_id IN (`+page+`) ORDER BY created_at DESC, order_id DESC`, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("order: list orders: %w", err)
	}
	defer rows.Close()
	out := []Record{}
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("order: list orders: %w", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("order: list orders: %w", err)
	}
	return out, int(total), nil
}

// listIndex is an index of orders for the listing: the filter columns it
// leads with, then (created_at, order_id), and the dialect it exists in
// (zero: both).
type listIndex struct {
	cols    []string
	dialect storage.Dialect
}

// listIndexes are the indexes of migrations 0004 and 0005 of
// order/migrations: a filter is paged from the index with the fewest parts
// among those of its dialect holding all its columns (decision 97).
var listIndexes = []listIndex{
	{cols: []string{"dest_chain_id", "status"}},
	{cols: []string{"origin_chain_id", "status"}},
	{cols: []string{"sender", "status"}},
	{cols: []string{"origin_chain_id", "dest_chain_id", "status"}},
	{cols: []string{"sender", "dest_chain_id", "status"}},
	{cols: []string{"sender", "origin_chain_id", "dest_chain_id", "status"}},
	// SQLite merges parts at a few times the cost of skipping the same
	// entries in one range, so a status or a chain alone has its own.
	{cols: []string{"status"}, dialect: storage.SQLite},
	{cols: []string{"origin_chain_id"}, dialect: storage.SQLite},
	{cols: []string{"dest_chain_id"}, dialect: storage.SQLite},
}

// listPlan is how List reads the orders a query selects in a dialect: the condition of
// its filters ("" without one) with their arguments, and the columns of
// the chosen index the filters leave open. Each value of the open columns
// that orders hold is a part: an unbroken range of the index, in page
// order.
type listPlan struct {
	dialect storage.Dialect
	cond    string
	args    []any
	open    []string
}

func planList(d storage.Dialect, q ListQuery) listPlan {
	p := listPlan{dialect: d}
	var fixed, where []string
	add := func(col string, v any) {
		fixed, where, p.args = append(fixed, col), append(where, col+" = ?"), append(p.args, v)
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
	if len(fixed) == 0 {
		return p // orders_created
	}
	p.cond = " WHERE " + strings.Join(where, " AND ")
	best := 0
	for _, index := range listIndexes {
		if index.dialect != 0 && index.dialect != d {
			continue
		}
		if index.cols[0] == "sender" && q.Sender == "" {
			continue // senders are too many to enumerate
		}
		var open []string
		parts := 1 // at most
		for _, col := range index.cols {
			if slices.Contains(fixed, col) {
				continue
			}
			open = append(open, col)
			if col == "status" {
				parts *= 3
			} else {
				parts *= 8 // a few chains
			}
		}
		if len(open)+len(fixed) == len(index.cols) && (best == 0 || parts < best) {
			p.open, best = open, parts
		}
	}
	return p
}

// listPart is one value of the open columns of a listPlan and how many
// orders have it.
type listPart struct {
	values []any
	n      int64
}

// listCountStatement counts the orders q selects (? placeholders) from
// the counts of migration 0002, by the columns q leaves open: the parts
// listPageStatement merges.
func listCountStatement(p listPlan, q ListQuery) (string, []any) {
	counts := "order_counts"
	if q.Sender != "" {
		counts = "order_sender_counts"
	}
	if len(p.open) == 0 {
		return `SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM ` + counts + p.cond, p.args
	}
	open := strings.Join(p.open, ", ")
	return `SELECT ` + open + `, CAST(SUM(n) AS BIGINT) FROM ` + counts + p.cond + ` GROUP BY ` + open, p.args
}

// scanListParts reads (and closes) the rows of listCountStatement(p, q),
// whose plan leaves open the columns open: the parts holding orders and
// their total.
func scanListParts(rows *sql.Rows, open []string) ([]listPart, int64, error) {
	defer rows.Close()
	var parts []listPart
	var total int64
	for rows.Next() {
		p := listPart{values: make([]any, len(open))}
		dest := make([]any, len(open)+1)
		for i, col := range open {
			if col == "status" {
				dest[i] = new(string)
			} else { // a chain id
				dest[i] = new(int64)
			}
		}
		dest[len(open)] = &p.n
		if err := rows.Scan(dest...); err != nil {
			return nil, 0, err
		}
		for i, d := range dest[:len(open)] {
			switch d := d.(type) {
			case *string:
				p.values[i] = *d
			case *int64:
				p.values[i] = *d
			}
		}
		if p.n > 0 {
			parts, total = append(parts, p), total+p.n
		}
	}
	return parts, total, rows.Err()
}

// listPageStatement selects the ids of the page q asks for (? placeholders)
// out of the total orders of parts, in p's dialect. Without a filter it
// walks the index on (created_at, order_id). With one, each part is a
// range of the index planList chose, read in order and only as far as the
// page reaches, and the parts are merged: the entries read are the page's
// and those it skips, however selective the filter (decision 97). A page
// in the older half of the selection is read from its oldest end,
// reversed: an offset skips entries one by one, and the total says how
// many lie on the other side.
func listPageStatement(p listPlan, q ListQuery, parts []listPart, total int64) (string, []any) {
	limit, offset, dir := int64(q.Limit), int64(q.Offset), "DESC"
	if back := total - offset - limit; back < offset {
		limit, offset, dir = min(limit, total-offset), max(back, 0), "ASC"
	}
	by := ` ORDER BY created_at ` + dir + `, order_id ` + dir
	if p.cond == "" {
		return `SELECT order_id FROM orders` + by + ` LIMIT ? OFFSET ?`, []any{limit, offset}
	}
	part := `SELECT order_id, created_at FROM orders` + p.cond
	for _, col := range p.open {
		part += ` AND ` + col + ` = ?`
	}
	if len(parts) == 1 {
		return `SELECT order_id FROM (` + part + by + ` LIMIT ? OFFSET ?) page`, append(append(p.args, parts[0].values...), limit, offset)
	}
	var merged strings.Builder
	var args []any
	for i, pt := range parts {
		if i > 0 {
			merged.WriteString(` UNION ALL `)
		}
		args = append(append(args, p.args...), pt.values...)
		if p.dialect == storage.SQLite {
			// SQLite merges the members of a compound SELECT in the
			// compound's order, each read from its index as far as the
			// merge goes.
			merged.WriteString(part)
			continue
		}
		// PostgreSQL merges the members (Merge Append) only when each is
		// ordered and limited in a subquery of its own; otherwise it
		// appends them whole and sorts them.
		fmt.Fprintf(&merged, `SELECT order_id, created_at FROM (%s%s LIMIT ?) part%d`, part, by, i)
		args = append(args, limit+offset)
	}
	return `SELECT order_id FROM (` + merged.String() + by + ` LIMIT ? OFFSET ?) page`, append(args, limit, offset)
}
