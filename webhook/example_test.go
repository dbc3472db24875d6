package webhook_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/webhook"
)

// A receiver checks each delivery's signature against the raw body before
// reading it, and drops event ids it has handled already.
func ExampleVerify() {
	secret := "whsec_0123" // shown once by orchestrationd keys webhook set
	seen := map[string]bool{}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		if err := webhook.Verify(secret, r.Header.Get(webhook.HeaderSignature), body, time.Now(), webhook.DefaultTolerance); err != nil {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var ev webhook.Event
		if err := json.Unmarshal(body, &ev); err != nil {
			http.Error(w, "bad event", http.StatusBadRequest)
			return
		}
		if !seen[ev.ID] { // a retry of an event handled already is answered 2xx again
			seen[ev.ID] = true
			fmt.Println(ev.Type, ev.Order.Status)
		}
	})

	// What the service sends, twice (a retry).
	body := []byte(`{"id":"evt_1","type":"order.completed","createdAt":"2026-01-02T03:04:05Z","order":{"status":"COMPLETED"}}`)
	for range 2 {
		req := httptest.NewRequest(http.MethodPost, "/hook", strings.NewReader(string(body)))
		req.Header.Set(webhook.HeaderEventID, "evt_1")
		req.Header.Set(webhook.HeaderSignature, webhook.Sign(secret, body, time.Now()))
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		fmt.Println(rec.Code)
	}
	// A forged one.
	req := httptest.NewRequest(http.MethodPost, "/hook", strings.NewReader(string(body)))
	req.Header.Set(webhook.HeaderSignature, webhook.Sign("whsec_guess", body, time.Now()))
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	fmt.Println(rec.Code)
	// Output:
	// order.completed COMPLETED
	// 200
	// 200
	// 401
}
