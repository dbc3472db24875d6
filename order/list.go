package order

import (
	"context"
	"errors"

	"github.com/m0-orchestration/m0/orchestration"
)

// Paging of GET /orders (decision 10).
const (
	DefaultListLimit = 20
	MaxListLimit     = 100
)

// Orders lists the indexed orders q selects, newest first (createdAt,
// then orderId, descending), with the total they number and the limit
// and offset used. Errors: BadOrderRequest for a limit below 1 or a
// negative offset (a limit above MaxListLimit is capped, not refused);
// NotImplemented without an index (Config.Index); OrderIndexUnavailable
// (503, decision 100) when the index cannot be read: the list has nothing
// else to fail on, and its database is down, not the route broken.
func (s *Service) Orders(ctx context.Context, q orchestration.OrdersQuery) (*orchestration.OrdersResponse, error) {
	bad := orchestration.EndpointOrders.Bad
	limit, offset := DefaultListLimit, 0
	if q.Limit != nil {
		if *q.Limit < 1 {
			return nil, orchestration.Errorf(bad, "limit must be at least 1, not %d", *q.Limit)
		}
		limit = min(*q.Limit, MaxListLimit)
	}
	if q.Offset != nil {
		if *q.Offset < 0 {
			return nil, orchestration.Errorf(bad, "offset must not be negative, not %d", *q.Offset)
		}
		offset = *q.Offset
	}
	if q.Status != "" && !q.Status.Valid() {
		return nil, orchestration.Errorf(bad, "status must be CREATED, COMPLETED or CANCELLED, not %q", orchestration.Clip(string(q.Status)))
	}
	if s.cfg.Index == nil {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "listing orders (GET /orders) is not implemented yet on this server: it needs the order index, which it does not keep")
	}
	lq := listFilter(q)
	lq.Sender = s.canonicalAccount(q.Sender) // as the index keeps it
	lq.Limit, lq.Offset = limit, offset
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ReadTimeout)
	defer cancel()
	records, total, err := s.cfg.Index.List(ctx, lq)
	if err != nil {
		return nil, indexUnavailable(err)
	}
	out := &orchestration.OrdersResponse{Orders: make([]orchestration.OrderSummary, 0, len(records)), Total: total, Limit: limit, Offset: offset}
	for _, r := range records {
		out.Orders = append(out.Orders, s.summary(r))
	}
	return out, nil
}

// indexUnavailable is the failure of a route that reads the order index
// (GET /orders, GET /solvers/stats) when the index cannot be read.
func indexUnavailable(err error) error {
	return orchestration.StoreUnavailable(orchestration.OrderIndexUnavailable, err,
		"the order index could not be read; retry later")
}

// listFilter is the ListQuery of q's filters, unpaged, with the sender
// as q writes it.
func listFilter(q orchestration.OrdersQuery) ListQuery {
	return ListQuery{Sender: q.Sender, Status: q.Status, OriginChainID: q.OriginChainID, DestChainID: q.DestChainID}
}

// canonicalAccount is the account a in the text of the first runtime
// that reads it (an EVM address in EIP-55), a itself when none does.
func (s *Service) canonicalAccount(a string) string {
	for _, rt := range s.runtimes {
		if w := s.accounts(rt); w != nil {
			if acct, err := w.ParseAccount(a); err == nil {
				return w.Account(acct)
			}
		}
	}
	return a
}

// accounts writes the accounts of runtime rt: its Book's, else
// Config.Accounts', else nil.
func (s *Service) accounts(rt orchestration.ChainRuntime) Accounts {
	if b, ok := s.cfg.Books[rt]; ok {
		return b
	}
	return s.cfg.Accounts[rt]
}

// accountsOf writes the accounts of chain id's runtime; for a chain the
// catalog does not know, those of the chain origin's runtime.
func (s *Service) accountsOf(id, origin uint64) Accounts {
	for _, c := range []uint64{id, origin} {
		if info, ok := s.chainByID(c); ok {
			return s.accounts(info.Runtime)
		}
	}
	return nil
}

// account is a written with w, or as 0x and 64 hex digits without one.
func account(w Accounts, a [32]byte) string {
	if w == nil {
		return ID(a).String()
	}
	return w.Account(a)
}

func (s *Service) summary(r Record) orchestration.OrderSummary {
	dest := s.accountsOf(r.DestChainID, r.OriginChainID)
	return orchestration.OrderSummary{
		OrderID:          r.OrderID.String(),
		CreatedAt:        r.CreatedAt,
		OriginChainID:    r.OriginChainID,
		Sender:           r.Sender,
		TokenIn:          r.TokenIn,
		AmountIn:         dec(r.AmountIn),
		DestChainID:      r.DestChainID,
		TokenOut:         account(dest, r.TokenOut),
		AmountOut:        dec(r.AmountOut),
		DesignatedSolver: account(dest, r.Solver),
		OpenTx:           r.OpenTx,
		AmountOutFilled:  dec(r.AmountOutFilled),
		FillCount:        r.FillCount,
		AmountInReleased: dec(r.AmountInReleased),
		FillReportCount:  r.FillReportCount,
		AmountRefunded:   dec(r.AmountRefunded),
		Status:           r.Status,
		FillDeadline:     r.FillDeadline,
		Funder:           r.Funder,
		ResolvedAt:       r.ResolvedAt,
	}
}

// addIndexed sets the fields of o only the index knows (funder, openTx,
// fillCount, fillReportCount, resolvedAt, fills) from the index, when it
// has the order. An index that fails or lags leaves them null: the chains'
// answer stands (the specification's degraded detail).
func (s *Service) addIndexed(ctx context.Context, o *orchestration.Order, id ID) {
	if s.cfg.Index == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ReadTimeout)
	defer cancel()
	r, fills, err := s.cfg.Index.Order(ctx, id)
	if err != nil {
		if !errors.Is(err, ErrNotIndexed) {
			s.logger.WarnContext(ctx, "order index unavailable; answering the order without its indexed fields", "orderId", id.String(), "err", err)
		}
		return
	}
	if r.OriginChainID != o.OriginChainID {
		return
	}
	funder, openTx := r.Funder, r.OpenTx
	fillCount, reports := r.FillCount, r.FillReportCount
	o.Funder, o.OpenTx, o.FillCount, o.FillReportCount, o.ResolvedAt = &funder, &openTx, &fillCount, &reports, r.ResolvedAt
	o.Fills = make([]orchestration.Fill, 0, len(fills))
	for _, f := range fills {
		o.Fills = append(o.Fills, orchestration.Fill{
			FilledAt: f.FilledAt, ChainID: f.ChainID, TransactionHash: f.Tx, Solver: f.Solver,
			AmountInToRelease: dec(f.AmountInToRelease), AmountOutFilled: dec(f.AmountOutFilled),
		})
	}
}
