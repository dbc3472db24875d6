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

	"github.com/m0-orchestration/m0/orchestration"
)

// MaxBodyBytes is the largest request body accepted (DECISIONS 16). A larger
// body is refused with 413 and the endpoint's Bad*Request code.
const MaxBodyBytes = 1 << 20

// decodeBody reads r's JSON body into dst. It enforces the transport's only
// decoding rules: a JSON media type (or none), at most MaxBodyBytes, exactly
// one well-formed JSON value whose types fit dst. Unknown fields are ignored.
// Every failure is an *orchestration.Error with the endpoint's Bad*Request
// code and a message naming the problem. When optional is true an empty body
// or a JSON null leaves dst untouched.
func decodeBody(w http.ResponseWriter, r *http.Request, code orchestration.Code, dst any, optional bool) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return orchestration.Errorf(code, "body: Content-Type must be application/json, not %q", orchestration.Clip(ct))
		}
		if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
			return unsupported(code, fmt.Sprintf("body: charset must be utf-8, not %q", orchestration.Clip(cs)))
		}
	}
	for _, ce := range r.Header.Values("Content-Encoding") {
		for enc := range strings.SplitSeq(ce, ",") {
			if enc = strings.TrimSpace(enc); enc != "" && !strings.EqualFold(enc, "identity") {
				return unsupported(code, fmt.Sprintf("body: Content-Encoding %q is not supported; send the JSON uncompressed", orchestration.Clip(enc)))
			}
		}
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
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
	dec := json.NewDecoder(bytes.NewReader(data)) // offsets count from the body's first byte
	if err := dec.Decode(dst); err != nil {
		return orchestration.Wrap(code, err, "body: "+describeJSONError(err))
	}
	if err := dec.Decode(new(json.RawMessage)); err != io.EOF {
		return orchestration.Errorf(code, "body: unexpected data after the JSON value at byte offset %d", dec.InputOffset())
	}
	if err := checkKeys(data, reflect.TypeOf(dst)); err != nil {
		return orchestration.Errorf(code, "body: %s", err.Error())
	}
	return nil
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

// checkKeys is the strict half of decoding, run on a body that already
// decoded: no object has the same key twice, and no key matches a field of
// the target only case-insensitively. encoding/json would take the last
// duplicate and fold case, so a proxy or audit log reading the first value,
// or the exact spelling, could see a different request than the service.
// Unknown keys stay allowed (DECISIONS 16). The message names the key and
// where it is.
func checkKeys(data []byte, t reflect.Type) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers are skipped, not parsed
	var path []pathStep
	return walkValue(dec, t, &path)
}

// pathStep is one step from the body's root: an array index, or an object
// key when idx is -1. The path is only rendered for an error.
type pathStep struct {
	key string
	idx int
}

// walkValue reads one JSON value from dec, checking its objects' keys
// against t (nil when the target is unknown: then only duplicates count).
func walkValue(dec *json.Decoder, t reflect.Type, path *[]pathStep) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil // a scalar
	}
	t = deref(t)
	if d == '[' {
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			*path = append(*path, pathStep{idx: i})
			if err := walkValue(dec, elem, path); err != nil {
				return err
			}
			*path = (*path)[:len(*path)-1]
		}
		_, err := dec.Token() // ']'
		return err
	}
	fields := fieldsOf(t)
	var seen keySet
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if !seen.add(key) {
			return fmt.Errorf("key %q appears twice%s", orchestration.Clip(key), where(*path))
		}
		var ft reflect.Type
		switch {
		case fields != nil:
			var exact bool
			if ft, exact = fields.types[key]; !exact {
				if name, ok := fields.fold(key); ok {
					return fmt.Errorf("key %q must be written %q%s", orchestration.Clip(key), name, where(*path))
				}
			}
		case t != nil && t.Kind() == reflect.Map:
			ft = t.Elem()
		}
		*path = append(*path, pathStep{key: key, idx: -1})
		if err := walkValue(dec, ft, path); err != nil {
			return err
		}
		*path = (*path)[:len(*path)-1]
	}
	_, err = dec.Token() // '}'
	return err
}

// keySet holds an object's keys: a short list scanned in place, then a map,
// so a body of many keys costs no quadratic time.
type keySet struct {
	few  [8]string
	n    int
	many map[string]struct{}
}

// add reports whether key is new.
func (s *keySet) add(key string) bool {
	if s.many != nil {
		if _, dup := s.many[key]; dup {
			return false
		}
		s.many[key] = struct{}{}
		return true
	}
	for _, k := range s.few[:s.n] {
		if k == key {
			return false
		}
	}
	if s.n < len(s.few) {
		s.few[s.n] = key
		s.n++
		return true
	}
	s.many = make(map[string]struct{}, 2*len(s.few))
	for _, k := range s.few {
		s.many[k] = struct{}{}
	}
	s.many[key] = struct{}{}
	return true
}

// where renders path for a message: " in route.source", " in
// signedRecipes[0].recipe", or "" at the root.
func where(path []pathStep) string {
	if len(path) == 0 {
		return ""
	}
	var b strings.Builder
	for i, p := range path {
		switch {
		case p.idx >= 0:
			fmt.Fprintf(&b, "[%d]", p.idx)
			continue
		case i > 0:
			b.WriteByte('.')
		}
		if p.key == "" {
			b.WriteString(`""`) // the empty key, visibly
		} else {
			b.WriteString(p.key)
		}
	}
	return " in " + orchestration.Clip(b.String())
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// jsonFields are the JSON object keys a struct type decodes, with the type
// each key decodes into.
type jsonFields struct {
	types map[string]reflect.Type
	names []string
}

// fold returns the field key equals under case folding, as encoding/json
// matches it.
func (f *jsonFields) fold(key string) (string, bool) {
	for _, n := range f.names {
		if strings.EqualFold(n, key) {
			return n, true
		}
	}
	return "", false
}

var fieldCache sync.Map // reflect.Type -> *jsonFields (nil for non-structs)

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// fieldsOf returns the keys of struct type t, or nil when t is not a struct
// whose keys are known. A struct with its own UnmarshalJSON is read as the
// vocabulary's tagged unions are written (orchestration.PermitOperation,
// TransactionPayload): one object holding the fields of any of its
// struct-valued variants plus the "type" discriminator.
func fieldsOf(t reflect.Type) *jsonFields {
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	if f, ok := fieldCache.Load(t); ok {
		return f.(*jsonFields)
	}
	f := &jsonFields{types: map[string]reflect.Type{}}
	if reflect.PointerTo(t).Implements(unmarshalerType) || t.Implements(unmarshalerType) {
		f.add("type", reflect.TypeFor[string]())
		for i := range t.NumField() {
			if v := fieldsOf(deref(t.Field(i).Type)); v != nil && t.Field(i).IsExported() {
				for _, n := range v.names {
					f.add(n, v.types[n])
				}
			}
		}
		if len(f.names) == 1 {
			f = nil // not a union (time.Time, say): its keys are unknown
		}
	} else {
		f.addStruct(t)
	}
	fieldCache.Store(t, f)
	return f
}

func (f *jsonFields) add(name string, t reflect.Type) {
	if _, ok := f.types[name]; !ok {
		f.types[name] = t
		f.names = append(f.names, name)
	}
}

// addStruct adds t's fields as encoding/json names them: the tag's name, or
// the Go name; "-" skipped; untagged embedded structs flattened.
func (f *jsonFields) addStruct(t reflect.Type) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			if et := deref(sf.Type); et.Kind() == reflect.Struct {
				f.addStruct(et)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		f.add(name, sf.Type)
	}
}

// describeJSONError turns a decoding error into caller-facing text.
func describeJSONError(err error) string {
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		// Offset counts the bytes read, the offending one included.
		return fmt.Sprintf("invalid JSON at byte offset %d: %s", max(se.Offset-1, 0), se.Error())
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		if te.Field == "" {
			return fmt.Sprintf("must be %s, not %s", kindName(te.Type), te.Value)
		}
		return fmt.Sprintf("%s must be %s, not %s", te.Field, kindName(te.Type), te.Value)
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
