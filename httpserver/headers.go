package httpserver

import "net/http"

// Header values written on every response, shared rather than allocated per
// request. net/http only reads header values, Header.Clone copies them, and
// Header.Add on a full slice (len == cap) reallocates, so a shared value is
// never written through.
var (
	valueJSON     = []string{"application/json"}
	valueNoSniff  = []string{"nosniff"}
	valueNoCache  = []string{"private, no-cache"}
	valueVaryOrig = []string{"Origin"}
)

// setHeader sets a header whose key is already in canonical form (a
// constant of this package), skipping the canonicalisation Header.Set does
// on every call.
func setHeader(h http.Header, canonicalKey string, values []string) {
	h[canonicalKey] = values
}

// headerValue is h.Get(canonicalKey) for a key already in canonical form (a
// constant of this package): the first value, or "". Header.Get checks and
// canonicalises its key on every call; the request path reads several
// headers per request.
func headerValue(h http.Header, canonicalKey string) string {
	if v := h[canonicalKey]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// addVaryOrigin adds Origin to Vary, sharing the value when Vary is unset.
func addVaryOrigin(h http.Header) {
	if _, ok := h["Vary"]; ok {
		h.Add("Vary", "Origin")
		return
	}
	h["Vary"] = valueVaryOrig
}
