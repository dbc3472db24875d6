// Package testredis names the Redis this module's tests may write to. Tests
// needing Redis (the Redis limiter, the server with a shared rate limit)
// skip when it is not configured; CI configures it (.ci/run).
package testredis
