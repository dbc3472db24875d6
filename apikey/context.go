package apikey

import "context"

type idKey struct{}

// ContextWithID returns a context carrying the ID of the key a request was
// authenticated with, so that the library code serving it can tell which
// key it serves (package webhook records the senders a key quoted for).
func ContextWithID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, idKey{}, id)
}

// IsIDKey reports whether key is the context key IDFromContext looks up.
// It is for a context type that carries the key's ID in a field of its
// own (the HTTP server's per-request context does, to save an allocation
// per request): its Value method answers such a key with the ID, a string.
func IsIDKey(key any) bool {
	_, ok := key.(idKey)
	return ok
}

// IDFromContext returns the key ID set by ContextWithID (or answered by
// the context, see IsIDKey), or "" for a request no key authenticated.
func IDFromContext(ctx context.Context) string {
	id, _ := ctx.Value(idKey{}).(string)
	return id
}
