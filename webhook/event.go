package webhook

import (
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
)

// The types of events (Event.Type).
const (
	// TypeOrderCreated: the index saw the order opened.
	TypeOrderCreated = "order.created"
	// TypeOrderFilled: the index saw more fills of the order (Order.FillCount
	// is how many so far); one event may stand for several fills indexed
	// in one write.
	TypeOrderFilled = "order.filled"
	// TypeOrderCompleted and TypeOrderCancelled: the order's status became
	// COMPLETED or CANCELLED.
	TypeOrderCompleted = "order.completed"
	TypeOrderCancelled = "order.cancelled"
	// TypeOrderReopened: a re-org undid the order's COMPLETED or CANCELLED;
	// it is CREATED again.
	TypeOrderReopened = "order.reopened"
	// TypeTest: a test event (orchestrationd keys webhook test), with no
	// order.
	TypeTest = "webhook.test"
)

// Event is the JSON body of every delivery.
type Event struct {
	// ID is the event's id, also in HeaderEventID: the same on every
	// attempt to deliver it.
	ID   string `json:"id"`
	Type string `json:"type"`
	// CreatedAt is when the change was indexed (UTC, RFC 3339).
	CreatedAt time.Time `json:"createdAt"`
	// Order is the order as the index write that made the event left it;
	// absent from a test event.
	Order *Order `json:"order,omitempty"`
}

// Order is an order as an Event carries it: what GET
// /orders/{originChain}/{orderId} says of its state. Amounts are decimal
// strings in the tokens' smallest units; accounts are in their runtime's
// text.
type Order struct {
	OrderID       string `json:"orderId"`
	OriginChainID uint64 `json:"originChainId"`
	// OriginChain is the origin's name in the catalog, when the service
	// knows it.
	OriginChain      orchestration.Chain       `json:"originChain,omitempty"`
	DestChainID      uint64                    `json:"destChainId"`
	Sender           string                    `json:"sender"`
	Status           orchestration.OrderStatus `json:"status"`
	AmountIn         string                    `json:"amountIn"`
	AmountOut        string                    `json:"amountOut"`
	AmountOutFilled  string                    `json:"amountOutFilled"`
	AmountInReleased string                    `json:"amountInReleased"`
	AmountRefunded   string                    `json:"amountRefunded"`
	FillCount        int                       `json:"fillCount"`
}

// orderOf is r as an event carries it.
func orderOf(r *order.Record, chainName func(uint64) string) *Order {
	o := &Order{OrderID: r.OrderID.String(), OriginChainID: r.OriginChainID, DestChainID: r.DestChainID, Sender: r.Sender,
		Status: r.Status, AmountIn: dec(r.AmountIn.String()), AmountOut: dec(r.AmountOut.String()),
		AmountOutFilled: dec(r.AmountOutFilled.String()), AmountInReleased: dec(r.AmountInReleased.String()),
		AmountRefunded: dec(r.AmountRefunded.String()), FillCount: r.FillCount}
	if chainName != nil {
		o.OriginChain = orchestration.Chain(chainName(r.OriginChainID))
	}
	return o
}

func dec(s string) string {
	if s == "<nil>" {
		return "0"
	}
	return s
}

// newEventID returns "evt_" and 32 hex digits of random bytes.
func newEventID() string {
	var b [16]byte
	rand.Read(b[:])
	return "evt_" + hex.EncodeToString(b[:])
}
