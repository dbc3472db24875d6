package apikey

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/ratelimit"
)

// Errors. Match them with errors.Is: the store wraps some with detail.
var (
	// ErrUnknownKey is Authenticate's one answer for a missing, malformed,
	// unknown or revoked secret. It never says which.
	ErrUnknownKey = errors.New("apikey: unknown API key")
	// ErrIPNotAllowed and ErrOriginNotAllowed are the answers of Key.Permits.
	ErrIPNotAllowed     = errors.New("apikey: client address not allowed for this key")
	ErrOriginNotAllowed = errors.New("apikey: origin not allowed for this key")

	// ErrNotFound: no key has that ID, and no active key has that name.
	ErrNotFound = errors.New("apikey: no such key")
	// ErrNameTaken: an active key already has that name.
	ErrNameTaken = errors.New("apikey: an active key already has this name")
	// ErrSecretTaken: a key (active or revoked) already has that secret.
	ErrSecretTaken = errors.New("apikey: a key already has this secret")
	// ErrInvalid: a NewKey field is malformed; the wrapping error says which.
	ErrInvalid = errors.New("apikey: invalid key")
)

// Authenticator resolves a secret, the value of an x-api-key header, to its
// active key. It returns an error wrapping ErrUnknownKey for an empty,
// unknown or revoked secret; any other error is a failure to find out (the
// database is down). Implementations are safe for concurrent use, and ctx
// bounds the lookup.
type Authenticator interface {
	Authenticate(ctx context.Context, secret string) (Key, error)
}

// Revoker revokes a key by ID or name. *Store implements it; *Cache
// implements it when the authenticator it wraps does.
type Revoker interface {
	Revoke(ctx context.Context, idOrName string) error
}

// Key is an API key as stored: everything but the secret.
type Key struct {
	ID   string // "key_" and 16 lowercase base32 characters; never reused
	Name string // unique among keys that are not revoked
	// Prefix is the first few characters of the secret, shown in listings
	// so an operator can tell keys apart; it is too short to guess the rest.
	Prefix string
	// AllowedIPs restricts the client addresses that may use the key; empty
	// allows every address. Prefixes are masked (10.0.0.0/8, not
	// 10.1.2.3/8) and IPv4-mapped IPv6 ranges are stored as IPv4.
	AllowedIPs []netip.Prefix
	// AllowedOrigins restricts the browser origins that may use the key, in
	// canonical form (see NormalizeOrigin); empty allows every origin.
	AllowedOrigins []string
	// RateLimit caps the key's requests (see package ratelimit); the zero
	// Limit, ratelimit.Off, is no limit.
	RateLimit ratelimit.Limit
	CreatedAt time.Time  // UTC, microsecond precision
	RevokedAt *time.Time // nil while the key is active
}

// Permits reports whether client, connecting from origin, may use the key:
// nil, ErrIPNotAllowed or ErrOriginNotAllowed, checked in that order.
//
// An invalid client address fails a non-empty IP allowlist. IPv4-mapped IPv6
// clients (::ffff:192.0.2.1, as a dual-stack listener reports IPv4 peers)
// match IPv4 ranges, and a client's IPv6 zone is ignored.
//
// An empty origin is always allowed, even when origins are configured:
// browsers send an Origin header on every cross-origin request, so a request
// without one comes from a server, a script or a command-line tool, for which
// origins mean nothing; only the IP allowlist restricts those callers.
func (k Key) Permits(client netip.Addr, origin string) error {
	if !k.allowsIP(client) {
		return ErrIPNotAllowed
	}
	if !k.AllowsOrigin(origin) {
		return ErrOriginNotAllowed
	}
	return nil
}

func (k Key) allowsIP(client netip.Addr) bool {
	if len(k.AllowedIPs) == 0 {
		return true
	}
	client = client.Unmap().WithZone("")
	for _, p := range k.AllowedIPs {
		if p.Contains(client) {
			return true
		}
	}
	return false
}

// AllowsOrigin reports whether a browser on origin (an Origin header's value)
// may use the key, for answering CORS preflights. Empty origin and empty
// AllowedOrigins allow; otherwise the origin must equal an allowed one after
// both are normalised (see NormalizeOrigin), so scheme and host compare
// case-insensitively and a default port may be written or not. "null" (an
// opaque origin) is never allowed by a non-empty list.
func (k Key) AllowsOrigin(origin string) bool {
	if origin == "" || len(k.AllowedOrigins) == 0 {
		return true
	}
	for _, o := range k.AllowedOrigins {
		if strings.EqualFold(o, origin) {
			return true
		}
	}
	canon, err := NormalizeOrigin(origin)
	return err == nil && slices.Contains(k.AllowedOrigins, canon)
}

// ParseAllowedIP parses one IP allowlist entry: an address (192.0.2.1,
// 2001:db8::1), which stands for itself (/32, /128), or a CIDR range
// (10.0.0.0/8, 2001:db8::/32). The result is canonical: masked, and IPv4 for
// IPv4-mapped IPv6 input.
func ParseAllowedIP(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	var p netip.Prefix
	if strings.Contains(s, "/") {
		var err error
		if p, err = netip.ParsePrefix(s); err != nil {
			return netip.Prefix{}, fmt.Errorf("%w: IP range %q: %v", ErrInvalid, s, err)
		}
	} else {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%w: IP address %q: %v", ErrInvalid, s, err)
		}
		if a.Zone() != "" {
			return netip.Prefix{}, fmt.Errorf("%w: IP address %q has a zone", ErrInvalid, s)
		}
		p = netip.PrefixFrom(a, a.BitLen())
	}
	return canonicalPrefix(p)
}

func canonicalPrefix(p netip.Prefix) (netip.Prefix, error) {
	if !p.IsValid() {
		return netip.Prefix{}, fmt.Errorf("%w: invalid IP range %v", ErrInvalid, p)
	}
	if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
		p = netip.PrefixFrom(a.Unmap(), p.Bits()-96)
	}
	return p.Masked(), nil
}

// NormalizeOrigin returns the canonical form of a web origin,
// scheme://host[:port]: scheme and host lowercased, the port dropped when it
// is the scheme's default (80 for http, 443 for https), one trailing slash
// dropped. It rejects anything else: a path, query, fragment or user info,
// a missing host, "null", and the wildcard "*" (an empty allowlist already
// allows every origin).
func NormalizeOrigin(s string) (string, error) {
	bad := func(why string) (string, error) {
		return "", fmt.Errorf("%w: origin %q: %s", ErrInvalid, s, why)
	}
	switch {
	case s == "*":
		return bad("wildcards are not supported; leave the origins empty to allow any")
	case !strings.Contains(s, "://"):
		return bad("want scheme://host[:port]")
	}
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	switch {
	case err != nil:
		return bad("not a URL")
	case u.Opaque != "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return bad("want scheme://host[:port] with nothing after it")
	case u.Hostname() == "":
		return bad("no host")
	case strings.Contains(u.Host, "%"):
		return bad("zones are not allowed")
	}
	host := strings.ToLower(u.Hostname())
	if a, err := netip.ParseAddr(host); err == nil {
		if a.Is6() {
			host = "[" + a.String() + "]"
		}
	} else if strings.Trim(host, "abcdefghijklmnopqrstuvwxyz0123456789-._") != "" {
		return bad("the host must be a DNS name or an IP address")
	}
	port := u.Port()
	if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	if port != "" {
		host += ":" + port
	}
	return u.Scheme + "://" + host, nil
}
