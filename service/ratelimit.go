package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/ratelimit/redislimit"
)

// RedisReadyCheck names the readiness check that fails while the configured
// Redis is unreachable and rate limits are enforced per replica.
const RedisReadyCheck = "ratelimit-redis"

// Client settings the Redis URL does not set. Short, because a request
// waits for Redis: when it does not answer in time, limits are enforced
// locally (ratelimit.Fallback) and Redis is tried again a second later.
const (
	redisDialTimeout = time.Second
	redisIOTimeout   = 500 * time.Millisecond
	redisMaxRetries  = 1
	// One dial attempt per connection: the client's default of five, 100ms
	// apart, would hold the probing request for half a second more.
	redisDialAttempts = 1
)

// ParseRedisURL parses a Redis URL as Config.RedisURL is read, with the
// service's short timeouts where the URL sets none. Its errors never
// contain the URL (it may hold a password) and say what is expected.
func ParseRedisURL(s string) (*redis.Options, error) {
	opts, err := redis.ParseURL(s)
	if err != nil {
		if ue, ok := errors.AsType[*url.Error](err); ok {
			err = ue.Err // url.Error repeats the URL, password included
		}
		return nil, fmt.Errorf("%v; expected redis://[user:password@]host:port[/db] or rediss://...", err)
	}
	if opts.DialTimeout == 0 {
		opts.DialTimeout = redisDialTimeout
	}
	if opts.ReadTimeout == 0 {
		opts.ReadTimeout = redisIOTimeout
	}
	if opts.WriteTimeout == 0 {
		opts.WriteTimeout = redisIOTimeout
	}
	if opts.MaxRetries == 0 {
		opts.MaxRetries = redisMaxRetries
	}
	opts.DialerRetries = redisDialAttempts
	opts.ContextTimeoutEnabled = true
	return opts, nil
}

// rateLimiter builds the limiter that enforces the keys' rate limits: in
// memory, or through Redis (opts non-nil) with the memory limiter standing
// in while Redis is unreachable, reported by the readiness check
// RedisReadyCheck. An unreachable Redis at start-up is logged, not fatal.
func (s *Service) rateLimiter(ctx context.Context, opts *redis.Options) (ratelimit.Limiter, []httpserver.ReadyCheck) {
	local := ratelimit.NewMemory(ratelimit.MemoryConfig{})
	if opts == nil {
		return local, nil
	}
	redisLogOnce.Do(func() { redis.SetLogger(redisLog{}) })
	rdb := redis.NewClient(opts)
	s.closers = append(s.closers, func() { rdb.Close() })
	f := ratelimit.NewFallback(redislimit.New(rdb, redislimit.Config{Prefix: s.cfg.RedisPrefix}), local, ratelimit.FallbackConfig{
		Name:   "redis " + opts.Addr,
		Logger: s.logger,
	})
	s.logger.Info("rate limits shared through Redis", slog.String("addr", opts.Addr), slog.Int("db", opts.DB))
	pingCtx, cancel := context.WithTimeout(ctx, redisDialTimeout)
	defer cancel()
	f.Check(pingCtx) // logs the outage, if Redis is down from the start
	return f, []httpserver.ReadyCheck{{Name: RedisReadyCheck, Check: f.Check}}
}

var redisLogOnce sync.Once

// redisLog takes go-redis's own log lines, such as one per failed dial, to
// slog.Default at debug level instead of stderr: ratelimit.Fallback already
// reports an outage once, at warn level, in the server's log. go-redis has
// one logger per process, hence the default logger.
type redisLog struct{}

func (redisLog) Printf(ctx context.Context, format string, v ...any) {
	slog.Default().Log(ctx, slog.LevelDebug, fmt.Sprintf(format, v...), slog.String("component", "go-redis"))
}
