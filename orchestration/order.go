package orchestration

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
)

// OrderStatus is the state of a limit order. COMPLETED and CANCELLED are
// terminal.
type OrderStatus string

// The order states.
const (
	OrderCreated   OrderStatus = "CREATED"
	OrderCompleted OrderStatus = "COMPLETED"
	OrderCancelled OrderStatus = "CANCELLED"
)

// Valid reports whether s is one of the three states.
func (s OrderStatus) Valid() bool {
	return s == OrderCreated || s == OrderCompleted || s == OrderCancelled
}

// Terminal reports whether no further transition is possible.
func (s OrderStatus) Terminal() bool { return s == OrderCompleted || s == OrderCancelled }

// OrderSummary is the compact order shape of GET /orders, fed from the
// indexer database.
type OrderSummary struct {
	OrderID          string      `json:"orderId"`
	CreatedAt        int64       `json:"createdAt"`
	OriginChainID    uint64      `json:"originChainId"`
	Sender           string      `json:"sender"`
	TokenIn          string      `json:"tokenIn"`
	AmountIn         string      `json:"amountIn"`
	DestChainID      uint64      `json:"destChainId"`
	TokenOut         string      `json:"tokenOut"`
	AmountOut        string      `json:"amountOut"`
	DesignatedSolver string      `json:"designatedSolver"`
	OpenTx           string      `json:"openTx"`
	AmountOutFilled  string      `json:"amountOutFilled"`
	FillCount        int         `json:"fillCount"`
	AmountInReleased string      `json:"amountInReleased"`
	FillReportCount  int         `json:"fillReportCount"`
	AmountRefunded   string      `json:"amountRefunded"`
	Status           OrderStatus `json:"status"`
	// FillDeadline is Unix seconds, as in Order.
	FillDeadline int64 `json:"fillDeadline"`
	// Funder is the account that paid amountIn (the opening transaction's
	// sender, from the OrderOpened event).
	Funder string `json:"funder"`
	// ResolvedAt is null while the order is open.
	ResolvedAt *int64 `json:"resolvedAt"`
}

// OrdersResponse is the body of GET /orders.
type OrdersResponse struct {
	Orders []OrderSummary `json:"orders"`
	// Total counts every matching record, not just this page.
	Total  int `json:"total"`
	Limit  int `json:"limit"`
	Offset int `json:"offset"`
}

// Order is the full order of GET /orders/{originChain}/{orderId}. On-chain
// fields are authoritative. The indexer-only fields (Funder, OpenTx, FillCount,
// FillReportCount, ResolvedAt, Fills) are null when the indexer lags or is
// unavailable.
type Order struct {
	OrderID          string      `json:"orderId"`
	Version          int         `json:"version"`
	Nonce            string      `json:"nonce"`
	Sender           string      `json:"sender"`
	Recipient        string      `json:"recipient"`
	OriginChainID    uint64      `json:"originChainId"`
	DestChainID      uint64      `json:"destChainId"`
	TokenIn          string      `json:"tokenIn"`
	TokenOut         string      `json:"tokenOut"`
	AmountIn         string      `json:"amountIn"`
	AmountOut        string      `json:"amountOut"`
	DesignatedSolver string      `json:"designatedSolver"`
	CreatedAt        int64       `json:"createdAt"`
	FillDeadline     int64       `json:"fillDeadline"`
	Status           OrderStatus `json:"status"`
	AmountOutFilled  string      `json:"amountOutFilled"`
	AmountInReleased string      `json:"amountInReleased"`
	AmountRefunded   string      `json:"amountRefunded"`
	// Funder is the account that paid amountIn. The OrderBook does not
	// store it (only its OrderOpened event names it), so it is null unless
	// an order index supplies it.
	Funder *string `json:"funder"`

	OpenTx          *string `json:"openTx"`
	FillCount       *int    `json:"fillCount"`
	FillReportCount *int    `json:"fillReportCount"`
	ResolvedAt      *int64  `json:"resolvedAt"`
	// Fills are chronological; nil (JSON null) when the indexer is
	// unavailable, empty when it knows of no fill.
	Fills []Fill `json:"fills"`
}

// Fill is one fill of an order recorded by the indexer.
type Fill struct {
	FilledAt          int64  `json:"filledAt"`
	ChainID           uint64 `json:"chainId"`
	TransactionHash   string `json:"transactionHash"`
	Solver            string `json:"solver"`
	AmountInToRelease string `json:"amountInToRelease"`
	AmountOutFilled   string `json:"amountOutFilled"`
}

// OrdersQuery filters GET /orders. Nil fields are not set. Limit defaults to
// 20 and is capped at 100; Offset defaults to 0.
type OrdersQuery struct {
	Sender        string
	Status        OrderStatus
	OriginChainID *uint64
	DestChainID   *uint64
	Limit         *int
	Offset        *int
}

// ParseOrdersQuery decodes the query string of GET /orders. A parameter
// given twice or empty, or a value that is not of its parameter's type (a
// non-integer limit, an unknown status), is an *Error with code
// BadOrderRequest naming the parameter; range rules (limit below 1,
// negative offset, the cap) are the order service's. A limit or offset
// beyond the range of int is read as the nearest int, which those rules
// then judge (decision 40).
func ParseOrdersQuery(v url.Values) (OrdersQuery, error) {
	var q OrdersQuery
	var err error
	if q.Sender, err = queryValue(BadOrderRequest, v, "sender"); err != nil {
		return q, err
	}
	if q.Sender != "" {
		// Orders of every chain are listed, so the sender is either kind.
		_, evmErr := ParseEVMAddress(q.Sender)
		if _, svmErr := ParseSVMAddress(q.Sender); evmErr != nil && svmErr != nil {
			return q, Errorf(BadOrderRequest, "sender must be an EVM address (0x followed by 40 hex digits) or a Solana address (base58 of 32 bytes), not %q", Clip(q.Sender))
		}
	}
	s, err := queryValue(BadOrderRequest, v, "status")
	if err != nil {
		return q, err
	}
	if s != "" {
		q.Status = OrderStatus(s)
		if !q.Status.Valid() {
			return q, Errorf(BadOrderRequest, "status must be CREATED, COMPLETED or CANCELLED, not %q", Clip(s))
		}
	}
	for _, f := range []struct {
		name string
		dst  **uint64
	}{{"originChainId", &q.OriginChainID}, {"destChainId", &q.DestChainID}} {
		s, err := queryValue(BadOrderRequest, v, f.name)
		if err != nil {
			return q, err
		}
		if s != "" {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				return q, Errorf(BadOrderRequest, "%s must be a chain id (a non-negative integer), not %q", f.name, Clip(s))
			}
			*f.dst = &n
		}
	}
	for _, f := range []struct {
		name string
		dst  **int
	}{{"limit", &q.Limit}, {"offset", &q.Offset}} {
		s, err := queryValue(BadOrderRequest, v, f.name)
		if err != nil {
			return q, err
		}
		if s != "" {
			// Atoi answers an integer out of range with the nearest
			// int and ErrRange.
			n, err := strconv.Atoi(s)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return q, Errorf(BadOrderRequest, "%s must be an integer, not %q", f.name, Clip(s))
			}
			*f.dst = &n
		}
	}
	return q, nil
}

// Values encodes q as a query string, the inverse of ParseOrdersQuery.
func (q OrdersQuery) Values() url.Values {
	v := url.Values{}
	if q.Sender != "" {
		v.Set("sender", q.Sender)
	}
	if q.Status != "" {
		v.Set("status", string(q.Status))
	}
	if q.OriginChainID != nil {
		v.Set("originChainId", strconv.FormatUint(*q.OriginChainID, 10))
	}
	if q.DestChainID != nil {
		v.Set("destChainId", strconv.FormatUint(*q.DestChainID, 10))
	}
	if q.Limit != nil {
		v.Set("limit", strconv.Itoa(*q.Limit))
	}
	if q.Offset != nil {
		v.Set("offset", strconv.Itoa(*q.Offset))
	}
	return v
}

// OrderRef names one order: the chain it was created on and its id.
type OrderRef struct {
	OriginChain Chain
	OrderID     string
}

func (r OrderRef) String() string { return fmt.Sprintf("%s/%s", r.OriginChain, r.OrderID) }

// CancelOrderRequest asks for the transaction that cancels an order.
type CancelOrderRequest struct {
	Order OrderRef `json:"-"`
	// Caller signs and broadcasts the cancel, in the destination chain's
	// form; it defaults to the order's sender. On Solana it is the key that
	// signs and pays; on an EVM destination it does not change the
	// transaction but decides whether the cancel may run yet (decision 25).
	Caller string `json:"caller,omitempty"`
}

// OrderEvent is one status of an order, as GET
// /orders/{originChain}/{orderId}/events streams it (the data of a
// server-sent "status" event).
type OrderEvent struct {
	// ID is the event's position (its SSE id): the order's version in the
	// index, a change number the index raises with every change of the
	// order's state, so it grows with every state sent, re-orgs and
	// resumed streams included, and never names two states; 0 when the
	// index has not seen the order yet. A client reconnecting with
	// Last-Event-ID set to it is not sent the same state again. It is not
	// part of the JSON data.
	ID            int64       `json:"-"`
	OrderID       string      `json:"orderId"`
	OriginChain   Chain       `json:"originChain"`
	OriginChainID uint64      `json:"originChainId"`
	Status        OrderStatus `json:"status"`
	// UpdatedAt is the time (Unix seconds) of the block of the last event
	// that changed the order, its createdAt before any.
	UpdatedAt        int64  `json:"updatedAt"`
	AmountOutFilled  string `json:"amountOutFilled"`
	AmountInReleased string `json:"amountInReleased"`
	AmountRefunded   string `json:"amountRefunded"`
	// FillCount is null when the index has not seen the order yet.
	FillCount *int `json:"fillCount"`
}

// OrderEventsRequest asks for the statuses of one order.
type OrderEventsRequest struct {
	Order OrderRef
	// LastEventID is the ID of the last event a reconnecting client saw
	// (the Last-Event-ID header): a first status with that ID is not sent
	// again. Zero sends the current status first.
	LastEventID int64
}
