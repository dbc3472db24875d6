package order

import (
	"context"
	"fmt"
	"strings"

	"github.com/m0-orchestration/m0/orchestration"
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
// chain pair, and per sender (migration 0002 of order/migrations), not counted from the
// matching orders, which takes a time growing with them. The page's ids
// come from the index its filter leads to, then only those rows are read:
// a deep page skips index entries, not table rows, and from whichever end
// of the selection is nearer.
func (s *Store) List(ctx context.Context, q ListQuery) ([]Record, int, error) {
	if q.Limit <= 0 || q.Offset < 0 {
		return nil, 0, fmt.Errorf("order: list: limit %d, offset %d", q.Limit, q.Offset)
	}
	var where []string
	var args []any
	if q.Sender != "" {
		where, args = append(where, "sender = ?"), append(args, q.Sender)
	}
	if q.Status != "" {
		where, args = append(where, "status = ?"), append(args, string(q.Status))
	}
	if q.OriginChainID != nil {
		where, args = append(where, "origin_chain_id = ?"), append(args, int64(*q.OriginChainID))
	}
	if q.DestChainID != nil {
		where, args = append(where, "dest_chain_id = ?"), append(args, int64(*q.DestChainID))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	counts := "order_counts"
	if q.Sender != "" {
		counts = "order_sender_counts"
	}
	var total int64
	if err := s.db.QueryRowContext(ctx, `SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM `+counts+cond, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("order: count orders: %w", err)
	}
	if int64(q.Offset) >= total {
		return []Record{}, int(total), nil
	}
	// A page in the older half is read from the oldest end, reversed: an
	// offset skips index entries one by one, and the total says how many
	// lie on the other side.
	limit, offset, order := int64(q.Limit), int64(q.Offset), "DESC"
	if back := total - offset - limit; back < offset {
		limit, offset, order = min(limit, total-offset), max(back, 0), "ASC"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE order_id IN (SELECT order_id FROM orders`+cond+
		` ORDER BY created_at `+order+`, order_id `+order+` LIMIT ? OFFSET ?) ORDER BY created_at DESC, order_id DESC`,
		append(args, limit, offset)...)
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
