package httpserver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

// GET /solvers/stats answers what the service reports, needs a key, and a
// service without the order index is a 501 NotImplemented error body (the
// server validates every answer against the OpenAPI document).
func TestSolverStats(t *testing.T) {
	srv, fake := start(t, nil, nil)
	rt := route{method: "GET", path: "/solvers/stats"}
	resp := send(t, srv, rt, nil, "x-api-key", goodKey)
	if resp.Status != 200 || !strings.Contains(string(resp.Body), `"suspendedUntil":"2025-01-02T04:04:05Z"`) || fake.Calls("SolverStats") != 1 {
		t.Errorf("GET /solvers/stats: %d %s after %d calls, want 200 with the sample's suspension", resp.Status, resp.Body, fake.Calls("SolverStats"))
	}
	wantError(t, send(t, srv, rt, nil), 401, orchestration.Unauthorized)

	noIndex, _ := start(t, &httpservertest.Fake{SolverStatsFunc: func(context.Context) (*orchestration.SolverStats, error) {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "solvers' records are not implemented on this server: they need the order index, which it does not keep")
	}}, nil)
	body := wantError(t, send(t, noIndex, rt, nil, "x-api-key", goodKey), 501, orchestration.NotImplemented)
	if !strings.Contains(body.Message, "order index") {
		t.Errorf("message %q does not say the order index is missing", body.Message)
	}
}
