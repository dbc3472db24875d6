package httpserver

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/m0-orchestration/m0/orchestration"
)

// The fixed bodies of a passing /healthz and /readyz, encoded once.
var (
	healthyBody = []byte(`{"status":"ok"}`)
	readyBody   = []byte(`{"status":"ready"}`)
)

// healthz is liveness: 200 for as long as the process serves HTTP.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	writeBody(w, http.StatusOK, healthyBody)
}

// readyz is readiness: it runs every check concurrently and answers 200, or
// 503 with code NotReady and a message naming the failed checks. Causes are
// logged, not sent: /readyz needs no key.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	errs := make([]error, len(s.cfg.Ready))
	var wg sync.WaitGroup
	for i, c := range s.cfg.Ready {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(r.Context(), s.cfg.ReadyTimeout)
			defer cancel()
			errs[i] = runCheck(ctx, c)
		})
	}
	wg.Wait()
	var failed []string
	for i, err := range errs {
		if err == nil {
			continue
		}
		name := s.cfg.Ready[i].Name
		failed = append(failed, name)
		s.log.LogAttrs(r.Context(), slog.LevelWarn, "readiness check failed",
			slog.String("request_id", orchestration.RequestIDFromContext(r.Context())),
			slog.String("check", name),
			slog.String("error", err.Error()))
	}
	if len(failed) > 0 {
		s.writeError(w, r, NotReady, orchestration.Errorf(NotReady, "not ready: %s", strings.Join(failed, ", ")))
		return
	}
	writeBody(w, http.StatusOK, readyBody)
}

// runCheck runs one check, turning a panic into a failure.
func runCheck(ctx context.Context, c ReadyCheck) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	if c.Check == nil {
		return nil
	}
	return c.Check(ctx)
}
