package order

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"

	"github.com/m0-orchestration/m0/orchestration"
)

// Record is one indexed order.
type Record struct {
	OrderID       ID
	OriginChainID uint64
	// OpenBlock and OpenTx locate the opening (OpenTx in the origin
	// runtime's text); CreatedAt is the order's createdAt as its order
	// book stores it (Unix seconds): its block's time on EVM, the
	// open_order's created_at on Solana (OpenedOrder.CreatedAt).
	OpenBlock uint64
	OpenTx    string
	CreatedAt int64
	// Sender, Funder and TokenIn are accounts of the origin's runtime, in
	// its text (EIP-55 on EVM).
	Sender, Funder, TokenIn string
	AmountIn                *big.Int
	DestChainID             uint64
	// TokenOut and Solver are accounts of the destination's runtime, as
	// 32 bytes (see Book).
	TokenOut     [32]byte
	AmountOut    *big.Int
	Solver       [32]byte
	FillDeadline int64

	Status           orchestration.OrderStatus
	AmountOutFilled  *big.Int
	FillCount        int
	AmountInReleased *big.Int
	FillReportCount  int
	AmountRefunded   *big.Int
	// ResolvedAt is the time of the block of the event that made Status
	// terminal; nil while it is CREATED.
	ResolvedAt *int64
}

// FillRecord is one fill of an order (an event of the kind Filled).
type FillRecord struct {
	ChainID  uint64
	Block    uint64
	LogIndex uint
	FilledAt int64
	// Tx and Solver are in the text of the runtime of the chain filled on.
	Tx                string
	Solver            string
	AmountInToRelease *big.Int
	AmountOutFilled   *big.Int
}

const orderColumns = `order_id, origin_chain_id, open_block, open_tx, created_at, sender, funder, token_in, amount_in,
	dest_chain_id, token_out, amount_out, solver, fill_deadline, status, amount_out_filled, fill_count,
	amount_in_released, fill_report_count, amount_refunded, resolved_at`

// Order returns the indexed order id and its fills, chronological (by
// block time, then chain, block and log). An order the index has not seen
// opened is ErrNotIndexed.
func (s *Store) Order(ctx context.Context, id ID) (*Record, []FillRecord, error) {
	r, err := scanRecord(s.db.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE order_id = ?`, id.String()))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotIndexed, id.String())
	}
	if err != nil {
		return nil, nil, fmt.Errorf("order: read order %s: %w", id.String(), err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT chain_id, block_number, log_index, filled_at, tx_hash, solver,
		amount_in_to_release, amount_out_filled FROM order_fills WHERE order_id = ?
		ORDER BY filled_at, chain_id, block_number, log_index`, id.String())
	if err != nil {
		return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
	}
	defer rows.Close()
	fills := []FillRecord{}
	for rows.Next() {
		var f FillRecord
		var chainID, block, logIndex int64
		var tx, solver, in, out string
		if err := rows.Scan(&chainID, &block, &logIndex, &f.FilledAt, &tx, &solver, &in, &out); err != nil {
			return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
		}
		f.ChainID, f.Block, f.LogIndex = uint64(chainID), uint64(block), uint(logIndex)
		f.Tx, f.Solver = tx, solver
		if f.AmountInToRelease, err = parseAmount(in); err == nil {
			f.AmountOutFilled, err = parseAmount(out)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
		}
		fills = append(fills, f)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("order: read fills of %s: %w", id.String(), err)
	}
	return r, fills, nil
}

func scanRecord(row interface{ Scan(...any) error }) (*Record, error) {
	var r Record
	var id, tx, sender, funder, tokenIn, amountIn, tokenOut, amountOut, solver, status, outFilled, inReleased, refunded string
	var origin, openBlock, dest, fills, reports int64
	var resolved sql.NullInt64
	if err := row.Scan(&id, &origin, &openBlock, &tx, &r.CreatedAt, &sender, &funder, &tokenIn, &amountIn,
		&dest, &tokenOut, &amountOut, &solver, &r.FillDeadline, &status, &outFilled, &fills,
		&inReleased, &reports, &refunded, &resolved); err != nil {
		return nil, err
	}
	var err error
	for _, b := range []struct {
		dst *[32]byte
		s   string
	}{{(*[32]byte)(&r.OrderID), id}, {&r.TokenOut, tokenOut}, {&r.Solver, solver}} {
		if *b.dst, err = parseHex32(b.s); err != nil {
			return nil, err
		}
	}
	r.OpenTx, r.Sender, r.Funder, r.TokenIn = tx, sender, funder, tokenIn
	r.OriginChainID, r.OpenBlock, r.DestChainID = uint64(origin), uint64(openBlock), uint64(dest)
	r.Status = orchestration.OrderStatus(status)
	r.FillCount, r.FillReportCount = int(fills), int(reports)
	if resolved.Valid {
		r.ResolvedAt = &resolved.Int64
	}
	for _, a := range []struct {
		dst **big.Int
		s   string
	}{{&r.AmountIn, amountIn}, {&r.AmountOut, amountOut}, {&r.AmountOutFilled, outFilled}, {&r.AmountInReleased, inReleased}, {&r.AmountRefunded, refunded}} {
		if *a.dst, err = parseAmount(a.s); err != nil {
			return nil, err
		}
	}
	return &r, nil
}
