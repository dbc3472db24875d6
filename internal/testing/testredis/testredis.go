package testredis

import (
	"os"
	"testing"
)

// URLEnv names the environment variable holding the URL of a Redis the
// tests may write to (under keys of their own), for example
// redis://127.0.0.1:6379/0.
const URLEnv = "ORCHESTRATION_TEST_REDIS_URL"

// URL returns the test Redis URL, or skips t when URLEnv is unset.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(URLEnv)
	if u == "" {
		t.Skip(URLEnv + " is not set; set it to a Redis URL (e.g. redis://127.0.0.1:6379/0) to run the Redis tests")
	}
	return u
}
