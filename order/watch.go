package order

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// DefaultRecheck is Config.Recheck's default.
const DefaultRecheck = 15 * time.Second

var _ orchestration.OrderWatcher = (*Service)(nil)

// OrderEvents streams the statuses of req.Order (GET
// /orders/{originChain}/{orderId}/events): first the order (the index's
// state when it has the order, else the chains' with ID 0), then each
// change the index records, until a terminal status. The errors before
// the stream are Order's, and NotImplemented without an index and a feed
// (Config.Index, Config.Feed). While it waits, a stream re-reads the index
// at each notice of its Feed for the order, after each (re)subscription
// of the feed, and every Recheck (notices are hints); an index that fails
// is read again at the next of these, and logged once per outage (when
// reads begin to fail and when they work again), not per stream. It sends a state when it
// differs from the last one sent. An ID is the order's version in the
// index (orderStatus.Version), which grows with every change of its state
// and never repeats, re-orgs included: a resumed stream skips its first
// status only when the client saw that very state (Last-Event-ID).
func (s *Service) OrderEvents(ctx context.Context, req orchestration.OrderEventsRequest) (iter.Seq2[orchestration.OrderEvent, error], error) {
	origin, id, err := s.originOf(orchestration.EndpointOrderEvents.Bad, req.Order)
	if err != nil {
		return nil, err
	}
	if s.cfg.Index == nil || s.hub == nil {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "order status events need the order index and its feed, which this server does not keep")
	}
	o, err := s.Order(ctx, req.Order)
	if err != nil {
		return nil, err
	}
	// The first status is the index's when it has the order, so that it
	// and its ID are of one read; else the chain's, with ID 0.
	began := time.Now()
	first, indexed, err := s.indexedEvent(ctx, origin.Name, req.Order.OrderID, id)
	switch {
	case err != nil && ctx.Err() == nil:
		s.hub.outage.failed(began, err)
	case err == nil:
		s.hub.outage.ended(began)
	}
	if err != nil || !indexed {
		first = orchestration.OrderEvent{
			OrderID: req.Order.OrderID, OriginChain: origin.Name, OriginChainID: o.OriginChainID, Status: o.Status,
			UpdatedAt: o.CreatedAt, AmountOutFilled: o.AmountOutFilled, AmountInReleased: o.AmountInReleased,
			AmountRefunded: o.AmountRefunded, FillCount: o.FillCount,
		}
		if o.ResolvedAt != nil {
			first.UpdatedAt = *o.ResolvedAt
		}
	}
	return func(yield func(orchestration.OrderEvent, error) bool) {
		w := s.hub.add(id)
		defer s.hub.remove(id, w)
		if first.ID == 0 || first.ID != req.LastEventID {
			if !yield(first, nil) {
				return
			}
		}
		if first.Status.Terminal() {
			return
		}
		last := first
		t := time.NewTicker(s.cfg.Recheck)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-w.ring:
			case <-t.C:
			}
			began := time.Now()
			ev, ok, err := s.indexedEvent(ctx, origin.Name, req.Order.OrderID, id)
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				s.hub.outage.failed(began, err)
				continue
			}
			s.hub.outage.ended(began)
			if !ok || sameState(ev, last) {
				continue
			}
			if !yield(ev, nil) {
				return
			}
			if ev.Status.Terminal() {
				return
			}
			last = ev
		}
	}, nil
}

// sameState says whether a and b show the same state: a fill count the
// index did not know yet (the first status, read before the index saw the
// order) is no fill.
func sameState(a, b orchestration.OrderEvent) bool {
	fills := func(e orchestration.OrderEvent) int {
		if e.FillCount == nil {
			return 0
		}
		return *e.FillCount
	}
	return a.Status == b.Status && a.AmountOutFilled == b.AmountOutFilled && a.AmountInReleased == b.AmountInReleased &&
		a.AmountRefunded == b.AmountRefunded && fills(a) == fills(b)
}

// indexedEvent is the index's state of order id; ok is false when the
// index has not seen it opened.
func (s *Service) indexedEvent(ctx context.Context, chain orchestration.Chain, orderID string, id ID) (ev orchestration.OrderEvent, ok bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ReadTimeout)
	defer cancel()
	st, err := s.cfg.Index.status(ctx, id)
	if errors.Is(err, ErrNotIndexed) {
		return ev, false, nil
	}
	if err != nil {
		return ev, false, err
	}
	r := st.Record
	fills := r.FillCount
	return orchestration.OrderEvent{
		ID: st.Version, OrderID: orderID, OriginChain: chain, OriginChainID: r.OriginChainID, Status: r.Status,
		UpdatedAt: st.UpdatedAt, AmountOutFilled: dec(r.AmountOutFilled), AmountInReleased: dec(r.AmountInReleased),
		AmountRefunded: dec(r.AmountRefunded), FillCount: &fills,
	}, true, nil
}

// outage logs the failures of the streams' reads of the index once per
// outage: a line when reads begin to fail, and one when they work again.
// A database down would otherwise log a line per stream per Recheck. The
// streams go on meanwhile, each reading again at its next notice or
// Recheck. Many streams read at once, so a read is judged by when it
// began: one that began before the read that last changed the state
// finishes late and says nothing new (a read begun in the outage failing
// after another has worked again, or the reverse).
type outage struct {
	logger *slog.Logger

	mu      sync.Mutex
	since   time.Time // when reads began to fail; zero while they work
	changed time.Time // when the read that last changed the state began
}

// failed records a read begun at began that failed with err.
func (o *outage) failed(began time.Time, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.since.IsZero() || began.Before(o.changed) {
		return
	}
	o.since, o.changed = time.Now(), began
	o.logger.Warn("order status streams: reading the index fails; each stream keeps its last status and reads again at its next notice or recheck", "err", err)
}

// ended records a read begun at began that worked.
func (o *outage) ended(began time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.since.IsZero() || began.Before(o.changed) {
		return
	}
	o.logger.Info("order status streams: reading the index works again", "after", time.Since(o.since).Round(time.Millisecond))
	o.since, o.changed = time.Time{}, began
}

// orderStatus is an indexed order with its position among the index's
// changes.
type orderStatus struct {
	Record Record
	// Version is the index's change number at the order's last change of
	// state (orders.version): it grows with each change, and never
	// repeats, even for an order a re-org dropped and the chain opened
	// again.
	Version int64
	// UpdatedAt is the block time of its newest event, its createdAt
	// before any.
	UpdatedAt int64
}

// status reads order id with its version, in one statement (one snapshot).
func (s *Store) status(ctx context.Context, id ID) (*orderStatus, error) {
	var st orderStatus
	var version, newest int64
	row := s.db.QueryRowContext(ctx, `SELECT `+orderColumns+`, version,
		(SELECT COALESCE(MAX(e.block_time), 0) FROM order_events e WHERE e.order_id = orders.order_id)
		FROM orders WHERE order_id = ?`, id.String())
	r, err := scanRecord(extraScan{row, []any{&version, &newest}})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrNotIndexed, id.String())
	}
	if err != nil {
		return nil, fmt.Errorf("order: read status of %s: %w", id.String(), err)
	}
	st.Record, st.Version, st.UpdatedAt = *r, version, max(r.CreatedAt, newest)
	return &st, nil
}

// extraScan scans the columns scanRecord reads and then extra ones.
type extraScan struct {
	row   interface{ Scan(...any) error }
	extra []any
}

func (e extraScan) Scan(dst ...any) error { return e.row.Scan(append(dst, e.extra...)...) }

// hub rings the watchers of the orders a feed's notices name. Its streams
// share one subscription to the feed, made when the first watcher comes
// and held until close, not only while it has watchers: streams that come
// and go one after another (most watch one order until it settles) would
// otherwise each make one, a new connection for PostgresFeed.
type hub struct {
	feed   StatusFeed
	logger *slog.Logger
	// outage logs the streams' failed reads of the index.
	outage outage

	mu sync.Mutex
	// watchers are the watchers of each order; an order without any has
	// no entry.
	watchers map[ID]map[*watcher]struct{}
	// cancel ends the subscription and done closes when it has; both nil
	// before the first watcher, and again once a subscription ended on its
	// own (the next watcher subscribes anew). closed is set by close.
	cancel context.CancelFunc
	done   chan struct{}
	closed bool
}

func newHub(feed StatusFeed, logger *slog.Logger) *hub {
	return &hub{feed: feed, logger: logger, outage: outage{logger: logger}, watchers: map[ID]map[*watcher]struct{}{}}
}

// watcher is one stream's doorbell: one pending ring is enough, as a ring
// means "re-read the index".
type watcher struct{ ring chan struct{} }

// add watches id, subscribing to the feed if no subscription is held;
// the watcher starts rung, so that its stream re-reads the index at once
// (a change may have landed before it was added).
func (h *hub) add(id ID) *watcher {
	w := &watcher{ring: make(chan struct{}, 1)}
	w.ring <- struct{}{}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cancel == nil && !h.closed {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		h.cancel, h.done = cancel, done
		go func() {
			defer close(done)
			defer cancel()
			h.feed.Subscribe(ctx, h.notify)
			if ctx.Err() != nil {
				return
			}
			// A feed breaking its contract (one of a third party): the
			// streams open rely on Recheck until the next stream
			// subscribes again, rather than every stream for good.
			h.logger.Error("order status feed: Subscribe returned before the service closed; the next status stream subscribes again",
				"feed", fmt.Sprintf("%T", h.feed))
			h.mu.Lock()
			if h.done == done {
				h.cancel, h.done = nil, nil
			}
			h.mu.Unlock()
		}()
	}
	if h.watchers[id] == nil {
		h.watchers[id] = map[*watcher]struct{}{}
	}
	h.watchers[id][w] = struct{}{}
	return w
}

// remove stops w; the subscription stays for the next stream.
func (h *hub) remove(id ID, w *watcher) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.watchers[id], w)
	if len(h.watchers[id]) == 0 {
		delete(h.watchers, id)
	}
}

// close ends the subscription, if one was made, and waits for it to
// return; watchers added afterwards are rung only by their stream's
// Recheck.
func (h *hub) close() {
	h.mu.Lock()
	cancel, done := h.cancel, h.done
	h.closed = true
	h.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// notify rings the watchers of ids, every watcher for nil.
func (h *hub) notify(ids []ID) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ring := func(ws map[*watcher]struct{}) {
		for w := range ws {
			select {
			case w.ring <- struct{}{}:
			default: // already rung
			}
		}
	}
	if ids == nil {
		for _, ws := range h.watchers {
			ring(ws)
		}
		return
	}
	for _, id := range ids {
		ring(h.watchers[id])
	}
}
