package httpserver

// INTERIM. Package apikey (apikey.Key, apikey.Authenticator and its errors)
// is being written concurrently and does not compile yet. Until it does,
// this file mirrors the part of its API the server uses, with the same names
// and shapes, so that switching is a matter of replacing these declarations
// with aliases:
//
//	type Key = apikey.Key
//	type Authenticator = apikey.Authenticator
//	var ErrUnknownKey, ErrIPNotAllowed, ErrOriginNotAllowed = apikey.ErrUnknownKey, ...
//
// and deleting Permits and AllowsOrigin below.

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"time"
)

// Authenticator resolves the secret of an x-api-key header to its key. It
// returns an error wrapping ErrUnknownKey for a missing, unknown or revoked
// key; any other error is an internal failure (the server answers 500 and
// logs it). Safe for concurrent use.
type Authenticator interface {
	Authenticate(ctx context.Context, secret string) (Key, error)
}

// Key is an API key as the server sees it. It never holds the secret.
type Key struct {
	ID     string
	Name   string
	Prefix string
	// AllowedIPs restricts client addresses; empty allows every address.
	AllowedIPs []netip.Prefix
	// AllowedOrigins restricts browser origins ("https://app.example");
	// empty allows every origin.
	AllowedOrigins []string
	CreatedAt      time.Time
	RevokedAt      *time.Time
}

// The errors of Authenticate and Key.Permits.
var (
	ErrUnknownKey       = errors.New("apikey: unknown API key")
	ErrIPNotAllowed     = errors.New("apikey: client address not allowed for this key")
	ErrOriginNotAllowed = errors.New("apikey: origin not allowed for this key")
)

// Permits reports whether the key may be used by client from origin. An
// empty origin (a non-browser caller) is always allowed.
func (k Key) Permits(client netip.Addr, origin string) error {
	if len(k.AllowedIPs) > 0 {
		ok := false
		for _, p := range k.AllowedIPs {
			if p.Contains(client.Unmap()) {
				ok = true
				break
			}
		}
		if !ok {
			return ErrIPNotAllowed
		}
	}
	if !k.AllowsOrigin(origin) {
		return ErrOriginNotAllowed
	}
	return nil
}

// AllowsOrigin reports whether a browser on origin may use the key.
func (k Key) AllowsOrigin(origin string) bool {
	if origin == "" || len(k.AllowedOrigins) == 0 {
		return true
	}
	for _, o := range k.AllowedOrigins {
		if o == "*" || strings.EqualFold(strings.TrimSuffix(o, "/"), origin) {
			return true
		}
	}
	return false
}
