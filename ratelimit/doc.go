// Package ratelimit enforces per-key request rates: the API-key rate limits
// of the bundled server (decision 18 in docs/decisions.md), and anything else that counts
// requests per key.
//
// A [Limit] is written N/PERIOD, for example 100/s, 600/m, 5000/h or 10/30s
// (see [ParseLimit]): at most N requests in any window of PERIOD, as a
// sustained rate of one request every PERIOD/N, with bursts of up to N after
// a quiet PERIOD. "off", the zero Limit, is no limit.
//
// A [Limiter] decides whether one request for a key may proceed now, and if
// not, how long the caller should wait ([Decision.RetryAfter]). The
// algorithm is GCRA (the generic cell rate algorithm, a token bucket that
// keeps one timestamp per key). Two implementations share one conformance
// suite (package ratelimittest):
//
//   - [Memory] keeps the state in the process: the limit is per replica. Its
//     memory is bounded by the keys active within their last period; idle
//     keys are forgotten, which loses nothing (an idle key has its whole
//     burst again).
//   - package redislimit keeps it in Redis, updated by one Lua script per
//     request, timed by the Redis server's clock, so every replica using the
//     same Redis enforces one budget per key.
//
// State is per key and limit: a key whose limit changes starts the new limit
// with a full burst.
//
// [Fallback] puts a local limiter behind a shared one: while the shared one
// fails (Redis is unreachable) requests are judged locally instead of failing,
// the outage is logged once when it starts and once when it ends, and
// [Fallback.Check] reports it, for a readiness probe. During an outage each
// replica enforces the whole limit on its own.
package ratelimit
