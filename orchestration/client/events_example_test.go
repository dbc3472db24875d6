package client_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// Following an order until it is final. The stand-in server sends what the
// service sends for an order a solver fills: its status when the stream
// opens, then the one the order index records.
func ExampleClient_OrderEvents() {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, ": stream of order statuses\n\n")
		fmt.Fprint(w, "id: 1\nevent: status\ndata: {\"orderId\":\"0x01\",\"originChain\":\"Sepolia\",\"status\":\"CREATED\",\"amountOutFilled\":\"0\"}\n\n")
		fmt.Fprint(w, ": ping\n\n")
		fmt.Fprint(w, "id: 3\nevent: status\ndata: {\"orderId\":\"0x01\",\"originChain\":\"Sepolia\",\"status\":\"COMPLETED\",\"amountOutFilled\":\"990000\"}\n\n")
	}))
	defer api.Close()

	c, err := client.New(api.URL, client.Config{APIKey: "my-key"})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	events, err := c.OrderEvents(ctx, orchestration.OrderEventsRequest{
		Order: orchestration.OrderRef{OriginChain: orchestration.Sepolia, OrderID: "0x01"},
	})
	if err != nil {
		fmt.Println(err) // a 404 OrderNotFound, say
		return
	}
	var last int64
	for ev, err := range events {
		if err != nil {
			// The stream ended early (client.ErrStreamEnded): open it
			// again with LastEventID: last to resume.
			fmt.Println(err)
			return
		}
		last = ev.ID
		fmt.Println(ev.ID, ev.Status, ev.AmountOutFilled)
	}
	fmt.Println("final; last event", last)
	// Output:
	// 1 CREATED 0
	// 3 COMPLETED 990000
	// final; last event 3
}
