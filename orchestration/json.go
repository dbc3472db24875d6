package orchestration

import "encoding/json"

// The wire format requires some arrays: a client generated from the OpenAPI
// document reads "payloads": null as a schema violation, not as "none". The
// MarshalJSON methods below send each required array of a response type as
// [] when its Go slice is nil, so no producer (a provider, the order store,
// the topology service, a test fixture) has to remember to allocate one.
// Each converts to a local type with the same fields and no methods, so a
// field added to the struct later is encoded as usual.
//
// Order.Fills is not among them: there null means "the indexer is
// unavailable", which the specification keeps apart from [] ("no fill").

// MarshalJSON sends Payloads as [] when empty.
func (q Quote) MarshalJSON() ([]byte, error) {
	type plain Quote
	q.Payloads = nonNil(q.Payloads)
	return json.Marshal(plain(q))
}

// MarshalJSON sends Quotes as [] when empty.
func (r PermitQuoteResponse) MarshalJSON() ([]byte, error) {
	type plain PermitQuoteResponse
	r.Quotes = nonNil(r.Quotes)
	return json.Marshal(plain(r))
}

// MarshalJSON sends Recipes as [] when empty.
func (q PermitQuote) MarshalJSON() ([]byte, error) {
	type plain PermitQuote
	q.Recipes = nonNil(q.Recipes)
	return json.Marshal(plain(q))
}

// MarshalJSON sends Payloads as [] when empty.
func (r PermitBuildResponse) MarshalJSON() ([]byte, error) {
	type plain PermitBuildResponse
	r.Payloads = nonNil(r.Payloads)
	return json.Marshal(plain(r))
}

// MarshalJSON sends Orders as [] when empty.
func (r OrdersResponse) MarshalJSON() ([]byte, error) {
	type plain OrdersResponse
	r.Orders = nonNil(r.Orders)
	return json.Marshal(plain(r))
}

// MarshalJSON sends Providers as [] when empty.
func (r TopologyRoute) MarshalJSON() ([]byte, error) {
	type plain TopologyRoute
	r.Providers = nonNil(r.Providers)
	return json.Marshal(plain(r))
}

// MarshalJSON sends HottestPaths, TopSenders, TopRecipients and Providers
// as [] when empty.
func (s TopologyRouteStats) MarshalJSON() ([]byte, error) {
	type plain TopologyRouteStats
	s.HottestPaths = nonNil(s.HottestPaths)
	s.TopSenders = nonNil(s.TopSenders)
	s.TopRecipients = nonNil(s.TopRecipients)
	s.Providers = nonNil(s.Providers)
	return json.Marshal(plain(s))
}

// MarshalJSON sends Solvers as [] when empty.
func (s SolverStats) MarshalJSON() ([]byte, error) {
	type plain SolverStats
	s.Solvers = nonNil(s.Solvers)
	return json.Marshal(plain(s))
}

// nonNil returns s, or an empty slice when s is nil.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
