package webhook_test

import (
	"errors"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/webhook"
)

func TestVerify(t *testing.T) {
	const secret = "whsec_test"
	body := []byte(`{"id":"evt_1","type":"order.created"}`)
	at := time.Unix(1_700_000_000, 0)
	good := webhook.Sign(secret, body, at)
	other := webhook.Sign("whsec_old", body, at)
	for _, tc := range []struct {
		name   string
		secret string
		header string
		body   []byte
		now    time.Time
		want   error
	}{
		{"signed now", secret, good, body, at, nil},
		{"within the tolerance", secret, good, body, at.Add(webhook.DefaultTolerance), nil},
		{"a rotated secret's signature beside", secret, other[:len("t=1700000000")] + "," + other[len("t=1700000000,"):] + "," + good[len("t=1700000000,"):], body, at, nil},
		{"past the tolerance", secret, good, body, at.Add(webhook.DefaultTolerance + time.Second), webhook.ErrTooOld},
		{"from the future", secret, good, body, at.Add(-webhook.DefaultTolerance - time.Second), webhook.ErrTooOld},
		{"another secret", "whsec_other", good, body, at, webhook.ErrBadSignature},
		{"body changed", secret, good, []byte(`{"id":"evt_1","type":"order.completed"}`), at, webhook.ErrBadSignature},
		{"time changed", secret, "t=1700000001," + good[len("t=1700000000,"):], body, at, webhook.ErrBadSignature},
		{"no header", secret, "", body, at, webhook.ErrBadHeader},
		{"no signature", secret, "t=1700000000", body, at, webhook.ErrBadHeader},
		{"no time", secret, good[len("t=1700000000,"):], body, at, webhook.ErrBadHeader},
		{"time not a number", secret, "t=soon," + good[len("t=1700000000,"):], body, at, webhook.ErrBadHeader},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := webhook.Verify(tc.secret, tc.header, tc.body, tc.now, 0)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Errorf("Verify(%q): %v, want %v", tc.header, err, tc.want)
			}
		})
	}
}
