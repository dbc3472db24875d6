// Package openapitest checks, in tests, every answer a server gives against
// the service's OpenAPI document and against the hosted service's public
// document.
//
//	srv := httptest.NewServer(openapitest.Handler(t, handler))
//
// Each answer to a request under the document's base path must match the
// service's document (validation.Validate); the test fails on any mismatch.
// The same answer is also checked against the hosted service's document,
// embedded from testdata/hosted-service-openapi.json, when that document
// declares it (same route, same status): a client written against the
// hosted service must be able to read it. Statuses the hosted document
// does not declare (401, 403, 413, 415, 429, 501, ...) are skipped there.
//
// Not checked: routes outside the base path (/healthz, /readyz, /metrics),
// CORS preflights (OPTIONS answered 204), which are not API operations, and
// requests carrying SkipHeader.
package openapitest

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/m0-orchestration/m0/openapi/validation"
)

// hostedDoc is the hosted service's document. It is embedded, not read
// from the module's tree, so that another module's tests (through
// httpservertest.Start) check answers against it too.
//
//go:embed testdata/hosted-service-openapi.json
var hostedDoc []byte

// SkipHeader marks a request whose answer is not checked. A test sets it
// when its fake service answers what the real one never does (a quoter
// failing with PermitExpired, to test the status table), so the answer is
// outside the document by design. Its value should say why.
const SkipHeader = "X-Openapitest-Skip"

// Divergence is a field the hosted document requires in a schema and this
// service does not send or, with Nullable, sends as null where the hosted
// document allows only a value.
type Divergence struct {
	Schema, Field, Why string
	// Nullable marks a field this service sends, null when it does not know
	// it; the hosted document's schema for it is not nullable.
	Nullable bool
}

// HostedDivergences are the known differences from the hosted document.
// Missing fields are removed from its required lists before comparing;
// Nullable ones are made nullable there. Every other difference fails the
// test. Package openapitest's tests check that each is still a difference,
// so the list cannot outlive the gap.
var HostedDivergences = []Divergence{
	{Schema: "Order", Field: "funder", Nullable: true,
		Why: "the OrderBook does not store the funder (only its OrderOpened event names it): null until an order index supplies it (decision 24 in docs/decisions.md)"},
}

// LoadHosted parses the hosted service's document and makes it
// comparable: it gets a version (it has none, which OpenAPI requires), a
// path-only server (its servers name the hosted gateways; answers are
// matched by path), and HostedDivergences are removed from its required
// lists.
func LoadHosted() (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromData(hostedDoc)
	if err != nil {
		return nil, fmt.Errorf("hosted document: %w", err)
	}
	if doc.Info != nil && doc.Info.Version == "" {
		doc.Info.Version = "unversioned"
	}
	doc.Servers = openapi3.Servers{{URL: "/v1/orchestration"}}
	for _, d := range HostedDivergences {
		s := doc.Components.Schemas[d.Schema]
		if d.Nullable {
			if s == nil || s.Value == nil || s.Value.Properties[d.Field] == nil || s.Value.Properties[d.Field].Value.Nullable {
				return nil, fmt.Errorf("hosted document: %s.%s is absent or already nullable; drop it from HostedDivergences", d.Schema, d.Field)
			}
			s.Value.Properties[d.Field].Value.Nullable = true
			continue
		}
		if s == nil || s.Value == nil || !slices.Contains(s.Value.Required, d.Field) {
			return nil, fmt.Errorf("hosted document: %s no longer requires %s; drop it from HostedDivergences", d.Schema, d.Field)
		}
		s.Value.Required = slices.DeleteFunc(s.Value.Required, func(f string) bool { return f == d.Field })
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("hosted document: %w", err)
	}
	return doc, nil
}

var (
	hosted   = sync.OnceValues(func() (*validation.Validator, error) { return newValidator(LoadHosted()) })
	basePath = sync.OnceValues(func() (string, error) {
		doc, err := validation.Load()
		if err != nil {
			return "", err
		}
		return doc.Servers.BasePath()
	})
)

func newValidator(doc *openapi3.T, err error) (*validation.Validator, error) {
	if err != nil {
		return nil, err
	}
	return validation.NewValidator(doc)
}

// Handler returns next with every answer checked as the package doc says.
// A mismatch is reported with t.Errorf, so the test goes on and shows every
// one.
func Handler(t testing.TB, next http.Handler) http.Handler {
	t.Helper()
	base, err := basePath()
	if err != nil {
		t.Fatal(err)
	}
	host, err := hosted()
	if err != nil {
		t.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, base+"/") || r.Header.Get(SkipHeader) != "" {
			next.ServeHTTP(w, r)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r) // a panic skips the check: the answer was cut
		if r.Method == http.MethodOptions && rec.status == http.StatusNoContent {
			return // a CORS preflight
		}
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		if rec.header == nil {
			rec.header = w.Header().Clone()
		}
		resp := &http.Response{StatusCode: rec.status, Header: rec.header}
		if err := validation.Validate(r.Context(), r, resp, rec.body.Bytes()); err != nil {
			t.Errorf("answer differs from the service's OpenAPI document: %v\nbody: %.600s", err, rec.body.Bytes())
		}
		if err := host.Validate(r.Context(), r, resp, rec.body.Bytes()); err != nil && !errors.Is(err, validation.ErrUndeclared) {
			t.Errorf("answer differs from the hosted service's OpenAPI document: %v\nbody: %.600s", err, rec.body.Bytes())
		}
	})
}

// recorder passes an answer through, keeping its status, headers and body.
type recorder struct {
	http.ResponseWriter
	status int
	header http.Header
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
		r.header = r.ResponseWriter.Header().Clone()
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.WriteHeader(http.StatusOK)
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
