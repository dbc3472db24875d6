package client

import "net/http"

// GraphQLAuthHeader returns the header that authenticates a request to the
// separate GraphQL protocol interface ({protocol_api_url}/graphql). Unlike
// the REST API's x-api-key, it takes the key as "Authorization: ApiKey
// <key>".
func GraphQLAuthHeader(key string) (name, value string) {
	return "Authorization", "ApiKey " + key
}

// GraphQLTransport returns a RoundTripper that adds GraphQLAuthHeader(key)
// to every request and sends it with base (http.DefaultTransport when nil).
// The caller's request is not modified: each request is cloned.
func GraphQLTransport(key string, base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &graphQLTransport{key: key, base: base}
}

type graphQLTransport struct {
	key  string
	base http.RoundTripper
}

func (t *graphQLTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	name, value := GraphQLAuthHeader(t.key)
	r.Header.Set(name, value)
	return t.base.RoundTrip(r)
}
