package validation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/m0-orchestration/m0/openapi"
)

// Load parses and validates the service's document (openapi.JSON). Each
// call returns a new *openapi3.T, which the caller may modify.
func Load() (*openapi3.T, error) { return Parse(openapi.JSON()) }

// Parse parses and validates an OpenAPI 3 document in JSON or YAML.
func Parse(data []byte) (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("validation: parsing the document: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("validation: invalid document: %w", err)
	}
	return doc, nil
}

// ErrUndeclared is wrapped by the errors of Validate when the document does
// not describe the answer at all: no operation for the request and no
// NoRoute or MethodNotAllowed answer for its status, or an operation that
// does not list the status.
var ErrUndeclared = errors.New("not declared in the document")

// The components.responses a Validator checks unmatched requests against.
const (
	noRouteResponse          = "NoRoute"          // 404 for a path the document does not have
	methodNotAllowedResponse = "MethodNotAllowed" // 405 for a method the path does not have
)

// Validator checks HTTP answers against one OpenAPI document. It is safe for
// concurrent use.
type Validator struct {
	doc    *openapi3.T
	router routers.Router
}

// NewValidator returns a Validator of doc. The document's servers decide
// which request paths it covers: a server URL may be a path
// ("/v1/orchestration"), matched against the request's path alone.
func NewValidator(doc *openapi3.T) (*Validator, error) {
	r, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("validation: %w", err)
	}
	return &Validator{doc: doc, router: r}, nil
}

var ownValidator = sync.OnceValues(func() (*Validator, error) {
	doc, err := Load()
	if err != nil {
		return nil, err
	}
	return NewValidator(doc)
})

// Validate checks an answer of this service against its document (Load);
// see Validator.Validate.
func Validate(ctx context.Context, req *http.Request, resp *http.Response, body []byte) error {
	v, err := ownValidator()
	if err != nil {
		return err
	}
	return v.Validate(ctx, req, resp, body)
}

// Validate checks that resp, with its body already read into body, is an
// answer the document allows to req: the status is declared for the
// operation, each declared header is present and well formed, and the body
// matches the schema of its status and content type. A HEAD request is
// checked as a GET without a body; a 304 answer only for its status. The
// error lists
// every mismatch found and wraps ErrUndeclared when the document does not
// describe the answer at all.
func (v *Validator) Validate(ctx context.Context, req *http.Request, resp *http.Response, body []byte) error {
	where := fmt.Sprintf("%s %s answered %d", req.Method, req.URL.Path, resp.StatusCode)
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}
	if req.Method == http.MethodHead {
		// HEAD is GET without the body (RFC 9110, 9.3.2): GET's statuses
		// and headers apply.
		req = req.Clone(req.Context())
		req.Method = http.MethodGet
		opts.ExcludeResponseBody = true
	}
	route, params, err := v.findRoute(req)
	if err != nil {
		route, err = v.unmatched(resp.StatusCode)
		if err != nil {
			return fmt.Errorf("validation: %s: %w", where, err)
		}
	}
	rs := route.Operation.Responses
	if rs.Status(resp.StatusCode) == nil && rs.Default() == nil {
		return fmt.Errorf("validation: %s: status %w for %s %s", where, ErrUndeclared, route.Method, route.Path)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Options:                opts,
	}
	stream := strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream")
	if stream {
		opts.ExcludeResponseBody = true // checked event by event below
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(ctx, in); err != nil {
		return fmt.Errorf("validation: %s: %w", where, err)
	}
	if stream && req.Method == http.MethodGet { // not HEAD: no body
		if err := v.validateEvents(body); err != nil {
			return fmt.Errorf("validation: %s: %w", where, err)
		}
	}
	return nil
}

// eventSchemas are the schemas of the data of each server-sent event the
// service sends (GET /orders/{originChain}/{orderId}/events).
var eventSchemas = map[string]string{"status": "OrderEvent", "error": "ErrorBody"}

// validateEvents checks each complete event of a text/event-stream body:
// its name is known and its data, JSON, matches the name's schema.
func (v *Validator) validateEvents(body []byte) error {
	var errs []error
	blocks := strings.Split(string(body), "\n\n")
	// The last block is complete only when the body ends with its blank
	// line; a stream cut mid-event leaves a part that is not checked.
	blocks = blocks[:len(blocks)-1]
	for _, block := range blocks {
		var event, data string
		for line := range strings.SplitSeq(block, "\n") {
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "event":
				event = value
			case "data":
				if data != "" {
					data += "\n" // lines of one data field join with a newline
				}
				data += value
			}
		}
		if event == "" && data == "" {
			continue // comments
		}
		name, ok := eventSchemas[event]
		if !ok {
			errs = append(errs, fmt.Errorf("event %q is not one the document describes", event))
			continue
		}
		ref := v.doc.Components.Schemas[name]
		var value any
		if err := json.Unmarshal([]byte(data), &value); err != nil {
			errs = append(errs, fmt.Errorf("event %s: data is not JSON: %w", event, err))
			continue
		}
		if ref == nil || ref.Value == nil {
			errs = append(errs, fmt.Errorf("the document has no schema %s", name))
			continue
		}
		if err := ref.Value.VisitJSON(value); err != nil {
			errs = append(errs, fmt.Errorf("event %s: %w", event, err))
		}
	}
	return errors.Join(errs...)
}

// findRoute finds req's operation by method and path alone, so a document
// whose server URL is a path matches whatever host the request went to.
func (v *Validator) findRoute(req *http.Request) (*routers.Route, map[string]string, error) {
	r := req.Clone(req.Context())
	r.URL = &url.URL{Path: req.URL.Path, RawPath: req.URL.RawPath, RawQuery: req.URL.RawQuery}
	r.Host = ""
	return v.router.FindRoute(r)
}

// unmatched returns a route whose one declared answer is the document's
// answer to an unmatched request with this status.
func (v *Validator) unmatched(status int) (*routers.Route, error) {
	name := map[int]string{http.StatusNotFound: noRouteResponse, http.StatusMethodNotAllowed: methodNotAllowedResponse}[status]
	var ref *openapi3.ResponseRef
	if name != "" && v.doc.Components != nil {
		ref = v.doc.Components.Responses[name]
	}
	if ref == nil {
		return nil, fmt.Errorf("no operation for the request: %w", ErrUndeclared)
	}
	return &routers.Route{
		Spec:      v.doc,
		Method:    "*",
		Path:      "(" + strings.ToLower(name[:1]) + name[1:] + ")",
		Operation: &openapi3.Operation{Responses: openapi3.NewResponses(openapi3.WithStatus(status, ref))},
	}, nil
}
