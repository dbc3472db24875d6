// Package redislimit is a ratelimit.Limiter keeping its state in Redis, so
// that every replica using the same Redis enforces one budget per key.
//
// Each request runs one Lua script: GCRA over a single Redis string per key
// and limit, holding the key's theoretical arrival time in microseconds of
// the Redis server's clock (TIME). The script is atomic, so concurrent
// requests from any number of replicas are counted exactly, and the
// replicas' own clocks do not matter. Each string expires when its key has
// its whole burst again, so Redis holds only keys active within their
// period. Redis 5 or newer is required (scripts that read TIME before
// writing).
//
// The Limiter fails when Redis does; wrap it in a ratelimit.Fallback to keep
// judging requests locally during an outage.
package redislimit

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/m0-orchestration/m0/ratelimit"
)

// DefaultPrefix starts every Redis key a Limiter writes unless configured
// otherwise.
const DefaultPrefix = "m0:ratelimit:"

// Config configures a Limiter. The zero value means the defaults.
type Config struct {
	// Prefix starts every Redis key the Limiter writes, followed by the
	// limited key and the limit ("m0:ratelimit:key_abc:100/s"). Empty means
	// DefaultPrefix. Limiters sharing a budget must share the prefix.
	Prefix string
}

// Limiter is a ratelimit.Limiter over Redis. It is safe for concurrent use.
type Limiter struct {
	rdb    redis.UniversalClient
	prefix string
}

var (
	_ ratelimit.Limiter = (*Limiter)(nil)
	_ ratelimit.Pinger  = (*Limiter)(nil)
)

// New returns a Limiter over rdb, which stays the caller's to close.
func New(rdb redis.UniversalClient, cfg Config) *Limiter {
	l := &Limiter{rdb: rdb, prefix: cfg.Prefix}
	if l.prefix == "" {
		l.prefix = DefaultPrefix
	}
	return l
}

// gcra is the whole algorithm, run atomically by Redis.
//
// KEYS[1]: the state, the theoretical arrival time (TAT) in microseconds.
// ARGV[1]: the emission interval (period / count) in microseconds, ≥ 1.
// ARGV[2]: the burst, the limit's count.
// Returns {1, 0} when allowed, else {0, microseconds until allowed}.
//
// Numbers go back to Redis through string.format: Lua's default conversion
// keeps 14 significant digits, too few for microseconds since 1970.
var gcra = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1])) or now
if tat < now then tat = now end
local next = tat + interval
local allow_at = next - burst * interval
if now < allow_at then
  return {0, allow_at - now}
end
redis.call('SET', KEYS[1], string.format('%d', next), 'PX', string.format('%d', math.ceil((next - now) / 1000)))
return {1, 0}
`)

// Allow runs the GCRA script for key under limit.
func (l *Limiter) Allow(ctx context.Context, key string, limit ratelimit.Limit) (ratelimit.Decision, error) {
	if limit.IsOff() {
		return ratelimit.Decision{Allowed: true}, nil
	}
	if err := limit.Validate(); err != nil {
		return ratelimit.Decision{}, err
	}
	interval := limit.Interval().Microseconds() // ≥ 1: Validate caps the rate
	res, err := gcra.Run(ctx, l.rdb, []string{l.stateKey(key, limit)}, interval, limit.Count).Int64Slice()
	if err != nil {
		return ratelimit.Decision{}, fmt.Errorf("redislimit: %w", err)
	}
	if len(res) != 2 {
		return ratelimit.Decision{}, fmt.Errorf("redislimit: script returned %v", res)
	}
	if res[0] == 1 {
		return ratelimit.Decision{Allowed: true}, nil
	}
	return ratelimit.Decision{RetryAfter: time.Duration(res[1]) * time.Microsecond}, nil
}

// stateKey is the Redis key of key's state under limit. A limit's text has
// no colon, so the last colon ends the limited key and no two (key, limit)
// pairs share a Redis key.
func (l *Limiter) stateKey(key string, limit ratelimit.Limit) string {
	return l.prefix + key + ":" + limit.String()
}

// Ping reports whether Redis answers, for ratelimit.Fallback's Check.
func (l *Limiter) Ping(ctx context.Context) error {
	if err := l.rdb.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("redislimit: %w", err)
	}
	return nil
}
