package bench

import (
	"net/http"
	"slices"
	"strconv"
)

// BareAssetsHandler is the baseline of the overhead benchmarks: a plain
// net/http handler writing the response the full chain writes for GET
// /supported-assets and nothing more: the body and its newline, the entity
// headers, and the two headers every API response carries, Vary: Origin
// and an X-Request-Id of 32 hex digits (a constant here: making one is the
// chain's work). The same bytes on the wire, so that what a comparison
// measures is the chain's work, not a longer response: net/http sorts and
// copies a response's headers, and two more cost about 1 µs a request
// (loadcompare, 2-core machine). body and etag are what the catalog's
// SupportedAssetsJSON returns.
func BareAssetsHandler(body []byte, etag string) http.Handler {
	return assetsHandler(body, etag, true)
}

// EntityAssetsHandler is the earlier baseline: BareAssetsHandler without
// Vary and X-Request-Id, the body and its entity headers only. Against it
// a comparison also counts the cost of the two headers the API writes on
// every response (loadcompare -baseline entity).
func EntityAssetsHandler(body []byte, etag string) http.Handler {
	return assetsHandler(body, etag, false)
}

func assetsHandler(body []byte, etag string, apiHeaders bool) http.Handler {
	line := append(slices.Clip(body), '\n')
	length := strconv.Itoa(len(line))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", length)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("ETag", etag)
		h.Set("Cache-Control", "private, no-cache")
		if apiHeaders {
			h.Set("Vary", "Origin")
			h.Set("X-Request-Id", bareRequestID)
		}
		w.WriteHeader(http.StatusOK)
		w.Write(line)
	})
}

// bareRequestID is the X-Request-Id BareAssetsHandler writes: as long as
// the ids the server makes.
const bareRequestID = "0123456789abcdef0123456789abcdef"
