package openapi

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
)

//go:embed openapi.json
var document []byte

//go:embed solver-rfq.json
var solverRFQ []byte

// SolverRFQJSON returns the OpenAPI document of the request-for-quote
// protocol between the service and remote solvers (package
// quote/limitorder/rfq). The caller must not modify it.
func SolverRFQJSON() []byte { return solverRFQ }

// etag is the document's entity tag, fixed for the life of the binary.
var etag = func() string {
	sum := sha256.Sum256(document)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}()

// JSON returns the document as served. The caller must not modify it.
func JSON() []byte { return document }

// Handler serves the document: 200 with the JSON, or 304 when
// If-None-Match names its ETag. It asks for no API key and allows any
// origin: the document is public, holds nothing per key, and is what a
// client generator or a browser-based viewer fetches before it has a key.
// Cache-Control: no-cache makes caches revalidate, so a new release is seen
// at once.
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", "public, no-cache")
		h.Set("Access-Control-Allow-Origin", "*")
		if etagMatches(r.Header.Get("If-None-Match")) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", strconv.Itoa(len(document)))
		h.Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			w.Write(document)
		}
	})
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110, 13.1.2).
func etagMatches(header string) bool {
	for c := range strings.SplitSeq(header, ",") {
		c = strings.TrimSpace(c)
		if c == "*" || strings.TrimPrefix(c, "W/") == etag {
			return true
		}
	}
	return false
}
