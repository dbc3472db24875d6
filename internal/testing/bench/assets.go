package bench

import (
	"net/http"
	"slices"
	"strconv"
)

// BareAssetsHandler is the baseline of the overhead benchmarks: a plain
// net/http handler writing what the full chain writes for GET
// /supported-assets (body, its newline, the entity headers) and nothing
// else. body and etag are what the catalog's SupportedAssetsJSON returns.
func BareAssetsHandler(body []byte, etag string) http.Handler {
	line := append(slices.Clip(body), '\n')
	length := strconv.Itoa(len(line))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", length)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("ETag", etag)
		h.Set("Cache-Control", "private, no-cache")
		w.WriteHeader(http.StatusOK)
		w.Write(line)
	})
}
