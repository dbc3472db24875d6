package httpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync"

	"github.com/m0-orchestration/m0/internal/strictjson"
	"github.com/m0-orchestration/m0/orchestration"
)

// MaxBodyBytes is the largest request body accepted (decision 16 in docs/decisions.md). A larger
// body is refused with 413 and the endpoint's Bad*Request code.
const MaxBodyBytes = 1 << 20

// decodeBody reads r's JSON body into dst. It enforces the transport's only
// decoding rules: a JSON media type (or none), at most MaxBodyBytes, exactly
// one well-formed JSON value whose types fit dst. Unknown fields are ignored.
// Every failure is an *orchestration.Error with the endpoint's Bad*Request
// code and a message naming the problem. When optional is true an empty body
// or a JSON null leaves dst untouched.
//
// The body is read into a buffer reused from request to request: what dst
// keeps must be copies (encoding/json copies strings, and a json.Unmarshaler
// must copy what it keeps, as its contract says).
func decodeBody(w http.ResponseWriter, r *http.Request, code orchestration.Code, dst any, optional bool) error {
	if ct := headerValue(r.Header, "Content-Type"); ct != "" && !isPlainJSON(ct) {
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return orchestration.Errorf(code, "body: Content-Type must be application/json, not %q", orchestration.Clip(ct))
		}
		if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
			return unsupported(code, fmt.Sprintf("body: charset must be utf-8, not %q", orchestration.Clip(cs)))
		}
	}
	for _, ce := range r.Header["Content-Encoding"] {
		for enc := range strings.SplitSeq(ce, ",") {
			if enc = strings.TrimSpace(enc); enc != "" && !strings.EqualFold(enc, "identity") {
				return unsupported(code, fmt.Sprintf("body: Content-Encoding %q is not supported; send the JSON uncompressed", orchestration.Clip(enc)))
			}
		}
	}
	buf := getBodyBuffer()
	defer putBodyBuffer(buf)
	data, err := readAllInto((*buf)[:0], http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	*buf = data
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return orchestration.Wrap(code, err, fmt.Sprintf("body: larger than the limit of %d bytes", MaxBodyBytes))
		}
		return orchestration.Wrap(code, err, "body: could not be read")
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		if optional {
			return nil
		}
		return orchestration.Errorf(code, "body: a JSON object is required")
	}
	// POST /quote's body, the hottest, has a decoder of its own for the
	// usual shape; whatever it does not take goes the way of every body.
	// It fills a fresh value only, where json.Unmarshal would merge.
	if q, ok := dst.(*orchestration.QuoteRequest); ok && *q == (orchestration.QuoteRequest{}) && decodeQuoteRequest(data, q) {
		return nil
	}
	// One pass of json.Unmarshal takes a body that is one JSON value whose
	// types fit dst, the common case; anything it refuses goes through
	// decodeStream, whose answer the error messages were written for, so a
	// refusal reads the same whichever pass found it.
	if uerr := json.Unmarshal(data, dst); uerr != nil {
		if err := decodeStream(code, data, dst); err != nil {
			return err
		}
		// decodeStream took what Unmarshal refused: no known input
		// does this, but the request is refused all the same.
		return orchestration.Wrap(code, uerr, "body: "+describeJSONError(uerr, data))
	}
	return checkKeys(code, data, dst)
}

// decodeStream decodes data into dst with a json.Decoder, value then end
// of input, and checks its keys: the slow pass of decodeBody, for a body
// json.Unmarshal refused, whose errors name what is wrong and where.
func decodeStream(code orchestration.Code, data []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data)) // offsets count from the body's first byte
	if err := dec.Decode(dst); err != nil {
		return orchestration.Wrap(code, err, "body: "+describeJSONError(err, data))
	}
	if err := dec.Decode(new(json.RawMessage)); err != io.EOF {
		return orchestration.Errorf(code, "body: unexpected data after the JSON value at byte offset %d", dec.InputOffset())
	}
	return checkKeys(code, data, dst)
}

// checkKeys is the strict half of decoding: no key twice in an object, none
// matching a field only in another case. encoding/json would take the last
// duplicate and fold case, so a proxy or audit log reading the first value,
// or the exact spelling, could see a different request than the service.
// Unknown keys stay allowed (decision 16 in docs/decisions.md).
func checkKeys(code orchestration.Code, data []byte, dst any) error {
	if err := strictjson.CheckKeys(data, reflect.TypeOf(dst), false); err != nil {
		if ke, ok := errors.AsType[*strictjson.KeyError](err); ok {
			ke.Key, ke.Path = orchestration.Clip(ke.Key), orchestration.Clip(ke.Path)
		}
		return orchestration.Errorf(code, "body: %s", err.Error())
	}
	return nil
}

// isPlainJSON reports whether a Content-Type is one of the two spellings
// nearly every client sends, which mime.ParseMediaType (a map and copies
// per call) would accept: application/json, with or without charset=utf-8.
func isPlainJSON(ct string) bool {
	return strings.EqualFold(ct, "application/json") || strings.EqualFold(ct, "application/json; charset=utf-8")
}

// Request bodies are read into buffers reused across requests. A buffer
// grown past maxPooledBody by a large body is dropped rather than kept, so
// the pool never holds megabytes for a rare request.
const (
	initialBodyBuffer = 4 << 10
	maxPooledBody     = 64 << 10
)

var bodyBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, initialBodyBuffer)
	return &b
}}

func getBodyBuffer() *[]byte { return bodyBuffers.Get().(*[]byte) }

func putBodyBuffer(b *[]byte) {
	if cap(*b) <= maxPooledBody {
		*b = (*b)[:0]
		bodyBuffers.Put(b)
	}
}

// readAllInto is io.ReadAll appending to b.
func readAllInto(b []byte, r io.Reader) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // let append grow it
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
	}
}

// unsupported is a refusal sent as 415 Unsupported Media Type that keeps the
// endpoint's Bad*Request code: clients branch on the code, the status only
// tells a proxy or a human what kind of refusal it is.
func unsupported(code orchestration.Code, msg string) error {
	return orchestration.Wrap(code, statusError(http.StatusUnsupportedMediaType), msg)
}

// statusError is the cause of an *orchestration.Error whose HTTP status is
// not its code's (see writeError).
type statusError int

func (e statusError) Error() string { return http.StatusText(int(e)) }

// describeJSONError turns a decoding error of body into caller-facing
// text.
func describeJSONError(err error, body []byte) string {
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		// Offset counts the bytes read, the offending one included.
		return fmt.Sprintf("invalid JSON at byte offset %d: %s", max(se.Offset-1, 0), se.Error())
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		if te.Field == "" {
			return fmt.Sprintf("must be %s, not %s", kindName(te.Type), te.Value)
		}
		return fmt.Sprintf("%s must be %s, not %s", orchestration.Clip(strictjson.FieldPath(body, te)), kindName(te.Type), te.Value)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "truncated JSON"
	}
	// The vocabulary's own UnmarshalJSON methods (payload and operation
	// discriminators) explain themselves.
	return strings.TrimPrefix(err.Error(), "orchestration: ")
}

func kindName(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another type"
}

// parseQuery parses the raw query string strictly: a malformed query is a
// bad request rather than silently dropped parameters.
func parseQuery(r *http.Request, code orchestration.Code) (url.Values, error) {
	v, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, orchestration.Errorf(code, "query: malformed query string")
	}
	return v, nil
}
