package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/webhook"
)

// webhookReceiver is the soak key's webhook: an HTTP server in the soak
// process that verifies each delivery's signature and keeps what it was
// told, by order. The key follows the traders because the service quoted
// them limit orders (decision 46), as a user's key would.
type webhookReceiver struct {
	srv    *http.Server
	url    string
	secret string // set once the webhook is registered

	mu         sync.Mutex
	deliveries []delivery
	bad        []string // deliveries refused: a bad signature or body
}

// delivery is one POST the receiver answered 200.
type delivery struct {
	At      time.Time
	EventID string
	Type    string
	OrderID string // lowercased; "" for a test event
	Status  string
}

func newWebhookReceiver() (*webhookReceiver, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &webhookReceiver{url: "http://" + ln.Addr().String() + "/hooks/orders"}
	r.srv = &http.Server{Handler: http.HandlerFunc(r.serve), ReadHeaderTimeout: 10 * time.Second}
	go r.srv.Serve(ln)
	return r, nil
}

func (r *webhookReceiver) serve(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := webhook.Verify(r.secret, req.Header.Get(webhook.HeaderSignature), body, time.Now(), 0); err != nil {
		r.bad = append(r.bad, err.Error())
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	var ev webhook.Event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		r.bad = append(r.bad, fmt.Sprintf("an event body that does not parse: %v", err))
		http.Error(w, "bad event", http.StatusBadRequest)
		return
	}
	d := delivery{At: time.Now(), EventID: ev.ID, Type: ev.Type}
	if ev.Order != nil {
		d.OrderID, d.Status = strings.ToLower(ev.Order.OrderID), string(ev.Order.Status)
	}
	r.deliveries = append(r.deliveries, d)
	w.WriteHeader(http.StatusOK)
}

func (r *webhookReceiver) close() { r.srv.Close() }

func (r *webhookReceiver) snapshot() ([]delivery, []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.deliveries), slices.Clone(r.bad)
}

// webhooksReport is what the soak key's webhook was told of the orders
// the traders opened.
type webhooksReport struct {
	Delivered int `json:"delivered"`
	// Duplicates are deliveries of an event id already delivered: allowed
	// (delivery is at least once), reported.
	Duplicates int `json:"duplicates"`
	// Missing names each order opened without its order.created, or
	// without an event carrying its final status, once the run settled.
	Missing []string `json:"missing"`
	// Refused are deliveries whose signature or body was bad.
	Refused []string `json:"refused"`
	// Lag is from an order's receipt to its order.created delivery, and
	// CompletedLag to the delivery of its final status.
	Lag          durations `json:"lagNanos"`
	CompletedLag durations `json:"completedLagNanos"`
}

// webhookMissing lists the orders whose webhook events are not all in
// deliveries: order.created, and an event carrying the status the order
// ended with: order.cancelled for an order the load cancels, else
// order.completed.
func webhookMissing(opened []openedOrder, deliveries []delivery) []string {
	byOrder := map[string][]delivery{}
	for _, d := range deliveries {
		byOrder[d.OrderID] = append(byOrder[d.OrderID], d)
	}
	var missing []string
	for _, o := range opened {
		got := byOrder[strings.ToLower(o.ID)]
		created := slices.ContainsFunc(got, func(d delivery) bool { return d.Type == webhook.TypeOrderCreated })
		want := webhook.TypeOrderCompleted
		if o.Cancel {
			want = webhook.TypeOrderCancelled
		}
		final := slices.ContainsFunc(got, func(d delivery) bool { return d.Type == want })
		if !created || !final {
			var types []string
			for _, d := range got {
				types = append(types, d.Type)
			}
			missing = append(missing, fmt.Sprintf("%s (told %v)", o.ID, types))
		}
	}
	return missing
}

// verifyWebhooks waits, up to timeout, for every opened order's events to
// be delivered, then reports what was.
func verifyWebhooks(r *webhookReceiver, opened []openedOrder, timeout time.Duration) webhooksReport {
	deadline := time.Now().Add(timeout)
	var deliveries []delivery
	var bad, missing []string
	for {
		deliveries, bad = r.snapshot()
		if missing = webhookMissing(opened, deliveries); len(missing) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Second)
	}
	rep := webhooksReport{Delivered: len(deliveries), Missing: missing, Refused: bad}
	seen := map[string]bool{}
	first := map[[2]string]time.Time{} // order id, type -> first delivery
	for _, d := range deliveries {
		if seen[d.EventID] {
			rep.Duplicates++
			continue
		}
		seen[d.EventID] = true
		if k := [2]string{d.OrderID, d.Type}; first[k].IsZero() {
			first[k] = d.At
		}
	}
	for _, o := range opened {
		id := strings.ToLower(o.ID)
		if at := first[[2]string{id, webhook.TypeOrderCreated}]; !at.IsZero() {
			rep.Lag = append(rep.Lag, at.Sub(o.OpenedAt))
		}
		if at := first[[2]string{id, webhook.TypeOrderCompleted}]; !at.IsZero() {
			rep.CompletedLag = append(rep.CompletedLag, at.Sub(o.OpenedAt))
		}
	}
	return rep
}
