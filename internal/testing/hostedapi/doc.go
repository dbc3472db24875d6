// Package hostedapi is a client's types generated, by oapi-codegen, from
// the hosted service's public OpenAPI document
// (openapi/openapitest/testdata/hosted-service-openapi.json): what an
// integrator who generated a client from that document holds. Tests pass
// this service's answers through them (decode, re-encode) to check that
// such a client can send back what it was given, the permit recipes above
// all. Regenerate with scripts/gen-hostedapi.sh; do not edit
// hostedapi.gen.go.
package hostedapi

//go:generate bash ../../../scripts/gen-hostedapi.sh
