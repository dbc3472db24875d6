// Package apikey issues, stores and checks the API keys that guard the
// /v1/orchestration endpoints (the x-api-key header).
//
// A key's secret is SecretPrefix ("m0k_") and the base58 of 32 random bytes
// (48 characters).
// It is returned once, by [Store.Create], and never stored: the api_keys
// table (see package storage) keeps its SHA-256, the first few characters
// (Key.Prefix) for listings, a name unique among active keys, the optional
// restrictions, and the creation and revocation times. A caller may choose
// the secret instead (NewKey.Secret, at least MinSecretLen characters) for a
// development key given in configuration; [Store.EnsureKey] creates such a
// key once, however often the server starts.
//
// The HTTP layer depends on three things: the [Authenticator] interface,
// whose one error for a missing, unknown or revoked secret is [ErrUnknownKey];
// [Key.Permits], which applies a key's IP allowlist ([ErrIPNotAllowed]) and
// allowed origins ([ErrOriginNotAllowed]); and [Key.AllowsOrigin] for CORS
// preflights. [Store] authenticates against the database on every call;
// [Cache] wraps any Authenticator with a short TTL ([DefaultCacheTTL]) so that
// revocation reaches every replica sharing the database within the TTL.
// When the database does not answer, the Store's error is a
// KeyStoreUnavailable (*orchestration.Error, 503), and the Cache serves the
// keys it verified within [DefaultOutageGrace] (CacheOptions.OutageGrace)
// through the outage, never longer (decision 99).
//
// Restrictions: an IP allowlist holds addresses and CIDR ranges, IPv4 and
// IPv6 (a bare address is a /32 or /128); allowed origins are exact
// scheme://host[:port] values compared after normalisation, without
// wildcards. An empty list allows anything. A request without an Origin
// header passes the origin check even when origins are configured, because
// browsers always send Origin on cross-origin requests and servers do not;
// restrict such callers by IP.
//
// Rate limits: a key may carry a ratelimit.Limit (NewKey.RateLimit, changed
// with [Store.SetRateLimit]); the HTTP layer enforces it. Like a revocation,
// a change reaches a [Cache] within its TTL.
package apikey
