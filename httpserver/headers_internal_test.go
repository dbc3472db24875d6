package httpserver

import (
	"net/http"
	"testing"
)

// headerValue looks a key up as it is: every key the request path reads
// with it must already be canonical, or it would never find the header
// net/http stored under the canonical form.
func TestHeaderValueKeysAreCanonical(t *testing.T) {
	for _, k := range []string{"Origin", canonicalAPIKey, "Content-Type", "If-None-Match", HeaderRequestID} {
		if c := http.CanonicalHeaderKey(k); c != k {
			t.Errorf("headerValue is called with %q, whose canonical form is %q", k, c)
		}
	}
}
