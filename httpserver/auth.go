package httpserver

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

// HeaderAPIKey carries the API key on every API request.
const HeaderAPIKey = "x-api-key"

// canonicalAPIKey is HeaderAPIKey as http.Header stores it: looking it up in
// this form (headerValue) saves canonicalizing the name on every request.
const canonicalAPIKey = "X-Api-Key"

// errUnauthorized is the one 401 answer: the same for a missing, unknown or
// revoked key, built once rather than formatted per request.
var errUnauthorized = orchestration.Errorf(orchestration.Unauthorized,
	"a valid API key is required in the %s header", HeaderAPIKey)

// authorize checks the API key of a request to an API route (decision 2 in docs/decisions.md)
// and sets the CORS response headers. It answers the request itself and
// returns false when the request may not proceed:
//
//   - no key, or a key Keys does not know (unknown or revoked): 401
//     Unauthorized, with one message for all three so it never says whether
//     a key exists;
//   - a known key used from an address outside its IP allowlist, or from an
//     origin outside its allowed origins: 403 Forbidden;
//   - Keys failing for another reason (its store is down): the error's own
//     code, apikey's 503 KeyStoreUnavailable (decision 99), or the
//     endpoint's internal code for an error without one; cause logged;
//   - a key over its rate limit: 429 RateLimited with Retry-After (see
//     allowRate).
//
// CORS: a request with an Origin gets Access-Control-Allow-Origin (and
// exposes X-Request-Id) when its key allows that origin, and also on a 401,
// which carries nothing but the generic error body, so that a browser
// application can read why it was refused. A disallowed origin gets none, so
// the browser withholds the 403 from the page.
func (s *server) authorize(w http.ResponseWriter, r *http.Request, e *endpoint) bool {
	addVaryOrigin(w.Header())
	origin := headerValue(r.Header, "Origin")
	secret := headerValue(r.Header, canonicalAPIKey)
	if secret == "" {
		allowOrigin(w, origin)
		s.writeError(w, r, e.fail, errUnauthorized)
		return false
	}
	key, err := s.cfg.Keys.Authenticate(r.Context(), secret)
	if errors.Is(err, apikey.ErrUnknownKey) {
		allowOrigin(w, origin)
		s.writeError(w, r, e.fail, errUnauthorized)
		return false
	}
	if err != nil {
		s.writeError(w, r, e.fail, err)
		return false
	}
	info := infoOf(r)
	info.keyName, info.keyID = key.Name, key.ID
	if key.AllowsOrigin(origin) {
		allowOrigin(w, origin)
	}
	if err := key.Permits(info.client, origin); err != nil {
		msg := "this API key may not be used from this client"
		switch {
		case errors.Is(err, apikey.ErrIPNotAllowed):
			msg = "this API key may not be used from address " + info.client.String()
		case errors.Is(err, apikey.ErrOriginNotAllowed):
			msg = "this API key may not be used from origin " + orchestration.Clip(origin)
		}
		s.writeError(w, r, e.fail, orchestration.Wrap(orchestration.Forbidden, err, msg))
		return false
	}
	return s.allowRate(w, r, e, key)
}

func allowOrigin(w http.ResponseWriter, origin string) {
	if origin == "" {
		return
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Expose-Headers", HeaderRequestID)
}

// preflight answers a CORS preflight (OPTIONS) on an API path without a key:
// browsers never send one on a preflight. No key is known at that point, so
// any origin is reflected: the answer carries no data, and the actual
// request is then checked against its key's allowed origins.
func (s *server) preflight(methods []string) http.Handler {
	// Sorted, as ServeMux sorts the Allow of its 405 on the same path.
	all := append(append([]string{}, methods...), http.MethodOptions)
	slices.Sort(all)
	allow := strings.Join(slices.Compact(all), ", ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Allow", allow)
		h.Add("Vary", "Origin")
		h.Add("Vary", "Access-Control-Request-Method")
		h.Add("Vary", "Access-Control-Request-Headers")
		if origin := r.Header.Get("Origin"); origin != "" {
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Methods", allow)
			h.Set("Access-Control-Allow-Headers", "x-api-key, content-type, x-request-id")
			h.Set("Access-Control-Max-Age", s.maxAge)
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// clientIP is the address an IP allowlist is checked against: the direct
// peer, unless the peer is a trusted proxy; then X-Forwarded-For is walked
// from the right, skipping trusted proxies, and the first untrusted address
// is the client. A header from an untrusted peer is ignored, so it cannot be
// spoofed. If every hop is trusted the leftmost is the client; an entry that
// does not parse ends the walk at the last trusted hop.
func (s *server) clientIP(r *http.Request) netip.Addr {
	peer := parseHostAddr(r.RemoteAddr)
	if !peer.IsValid() || !s.trusted(peer) {
		return peer
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		for h := range strings.SplitSeq(v, ",") {
			hops = append(hops, strings.TrimSpace(h))
		}
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a := parseHostAddr(hops[i])
		if !a.IsValid() {
			break
		}
		client = a
		if !s.trusted(a) {
			break
		}
	}
	return client
}

func (s *server) trusted(a netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseHostAddr reads "1.2.3.4", "1.2.3.4:80", "::1" or "[::1]:80" as an
// unmapped address without zone; anything else is the zero Addr.
func parseHostAddr(s string) netip.Addr {
	// The usual form first (RemoteAddr is "ip:port"): a failed parse
	// allocates its error.
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone("")
	}
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone("")
	}
	host, _, err := net.SplitHostPort(s)
	if err != nil {
		host = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap().WithZone("")
}
