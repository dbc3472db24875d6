package httpserver

import (
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

// allowRate applies the rate limit of an authenticated key (decision 18 in docs/decisions.md),
// counted under the key's ID. It answers the request itself and returns
// false when the key is over its limit: 429 with code RateLimited and a
// Retry-After header in whole seconds, rounded up, at least 1 (exposed to
// browsers along with X-Request-Id). A key without a limit, or a server
// without Config.RateLimiter, is never limited. A limiter that fails lets
// the request through and logs why: limits protect the service, and an
// outage of their store must not become an outage of the API.
func (s *server) allowRate(w http.ResponseWriter, r *http.Request, e *endpoint, key apikey.Key) bool {
	if s.cfg.RateLimiter == nil || key.RateLimit.IsOff() {
		return true
	}
	d, err := s.cfg.RateLimiter.Allow(r.Context(), key.ID, key.RateLimit)
	if err != nil {
		s.log.LogAttrs(r.Context(), slog.LevelWarn, "rate limiter failed; request let through",
			slog.String("request_id", orchestration.RequestIDFromContext(r.Context())),
			slog.String("key", key.Name),
			slog.String("error", err.Error()))
		return true
	}
	if d.Allowed {
		return true
	}
	secs := setRetryAfter(w.Header(), d.RetryAfter)
	s.writeError(w, r, e.fail, orchestration.Errorf(orchestration.RateLimited,
		"this API key is limited to %s requests; retry after %d s", key.RateLimit, secs))
	return false
}

// setRetryAfter sets Retry-After to d in whole seconds (see
// retryAfterSeconds), exposed to browsers along with X-Request-Id, and
// returns the seconds.
func setRetryAfter(h http.Header, d time.Duration) int {
	secs := retryAfterSeconds(d)
	h.Set("Retry-After", strconv.Itoa(secs))
	if h.Get("Access-Control-Allow-Origin") != "" {
		h.Set("Access-Control-Expose-Headers", HeaderRequestID+", Retry-After")
	}
	return secs
}

// retryAfterSeconds is d in whole seconds, rounded up, at least 1: a client
// that waits that long is allowed again.
func retryAfterSeconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}
