// Package strictjson checks a JSON document's object keys against the Go
// type it decodes into, where encoding/json is lenient: it takes the last
// of two equal keys and matches a key to a field ignoring case, so a proxy,
// an audit log or a person reading the document could see other values
// than the program. Both the request decoder (httpserver) and the
// configuration loader use it. It also names a value's place with its list
// indices ("keys[1].name"), which encoding/json's errors leave out.
package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Problem is what is wrong with a key.
type Problem int

const (
	// Duplicate: the key appears twice in one object.
	Duplicate Problem = iota + 1
	// OtherCase: the key names a field only in another case.
	OtherCase
	// Unknown: the key names no field (reported only when asked).
	Unknown
)

// KeyError is a key CheckKeys refuses.
type KeyError struct {
	Problem Problem
	Key     string // as written (escapes decoded)
	Field   string // with OtherCase, the field's name as it must be written
	// Path is the place of the object holding the key: "route.source",
	// "signedRecipes[1]", "" at the root. An empty key is written "".
	Path string
}

func (e *KeyError) Error() string {
	in := ""
	if e.Path != "" {
		in = " in " + e.Path
	}
	switch e.Problem {
	case Duplicate:
		return fmt.Sprintf("key %q appears twice%s", e.Key, in)
	case OtherCase:
		return fmt.Sprintf("key %q must be written %q%s", e.Key, e.Field, in)
	}
	return fmt.Sprintf("unknown key %q%s", e.Key, in)
}

// KeyPath is the key's own place: Path and Key joined ("keys[1].nmae").
func (e *KeyError) KeyPath() string { return join(e.Path, e.Key) }

// CheckKeys reads data, a JSON document that already decoded into a value
// of type t, and returns a *KeyError for the first key that appears twice
// in its object or names a field of t only in another case; with
// rejectUnknown, also for the first key that names no field of a struct.
// Keys of maps and of values whose type is unknown (an interface, a custom
// decoder other than a tagged union) are checked only for duplicates.
//
// It scans data's bytes in place: a key is compared where it lies in data
// (decoded into a new string only when it holds an escape or invalid
// UTF-8), and the path to an object is rebuilt only for an error, so a
// document without a problem key costs no allocation. A document that is
// not valid JSON gets an error that is not a *KeyError, or a *KeyError
// for a key before the flaw.
func CheckKeys(data []byte, t reflect.Type, rejectUnknown bool) error {
	s := scanner{data: data, rejectUnknown: rejectUnknown}
	err := s.value(t, 0)
	if ke, ok := err.(*KeyError); ok {
		slices.Reverse(s.errPath)
		ke.Path = render(s.errPath)
	}
	return err
}

// step is one step from the document's root: an array index, or an object
// key when idx is -1. The path is only rendered for an error.
type step struct {
	key string
	idx int
}

// maxDepth is encoding/json's bound on nesting, which a document that
// decoded never passes; it keeps the recursion bounded on any input.
const maxDepth = 10000

// scanner walks a JSON document's bytes. The keys it compares share
// data's memory; what a *KeyError keeps (its key, errPath) is copied.
type scanner struct {
	data          []byte
	pos           int
	rejectUnknown bool
	// errPath is the path to the object holding the refused key, from the
	// innermost step out: each value on the way back from the error adds
	// its own step, so no path is kept while nothing is wrong.
	errPath []step
}

// syntaxError is what CheckKeys returns for a document that is not JSON:
// the callers decode first, so it only says where the scan stopped.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("strictjson: %s at byte offset %d", e.msg, e.off)
}

func (s *scanner) fail(msg string) error { return &syntaxError{off: s.pos, msg: msg} }

func (s *scanner) skipSpace() { s.pos = SkipSpace(s.data, s.pos) }

// SkipSpace returns the offset of the first byte of b at or after i that
// is not JSON whitespace (space, tab, newline, carriage return), or len(b).
func SkipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value reads one JSON value, checking its objects' keys against t (nil
// when the target is unknown: then only duplicates count).
func (s *scanner) value(t reflect.Type, depth int) error {
	s.skipSpace()
	if s.pos >= len(s.data) {
		return s.fail("unexpected end of JSON")
	}
	if depth >= maxDepth {
		return s.fail("nesting too deep")
	}
	switch c := s.data[s.pos]; c {
	case '{':
		return s.object(deref(t), depth)
	case '[':
		return s.array(deref(t), depth)
	case '"':
		_, _, err := s.str()
		return err
	default:
		return s.scalar()
	}
}

func (s *scanner) array(t reflect.Type, depth int) error {
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	s.pos++ // '['
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		return nil
	}
	for i := 0; ; i++ {
		if err := s.value(elem, depth+1); err != nil {
			if _, ok := err.(*KeyError); ok {
				s.errPath = append(s.errPath, step{idx: i})
			}
			return err
		}
		if done, err := s.next(']'); done || err != nil {
			return err
		}
	}
}

// next reads what follows a member: a comma (false) or the closing
// delimiter (true).
func (s *scanner) next(closing byte) (bool, error) {
	s.skipSpace()
	if s.pos >= len(s.data) {
		return false, s.fail("unexpected end of JSON")
	}
	switch s.data[s.pos] {
	case ',':
		s.pos++
		return false, nil
	case closing:
		s.pos++
		return true, nil
	}
	return false, s.fail("expected ',' or '" + string(closing) + "'")
}

func (s *scanner) object(t reflect.Type, depth int) error {
	fields := fieldsOf(t)
	var seen keySet
	s.pos++ // '{'
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		return nil
	}
	for {
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			return s.fail("expected an object key")
		}
		key, err := s.key()
		if err != nil {
			return err
		}
		if !seen.add(key) {
			return &KeyError{Problem: Duplicate, Key: strings.Clone(key)}
		}
		var ft reflect.Type
		switch {
		case fields != nil:
			var exact bool
			if ft, exact = fields.types[key]; !exact {
				if name, ok := fields.fold(key); ok {
					return &KeyError{Problem: OtherCase, Key: strings.Clone(key), Field: name}
				}
				if s.rejectUnknown {
					return &KeyError{Problem: Unknown, Key: strings.Clone(key)}
				}
			}
		case t != nil && t.Kind() == reflect.Map:
			ft = t.Elem()
		}
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			return s.fail("expected ':' after an object key")
		}
		s.pos++
		if err := s.value(ft, depth+1); err != nil {
			if _, ok := err.(*KeyError); ok {
				s.errPath = append(s.errPath, step{key: strings.Clone(key), idx: -1})
			}
			return err
		}
		if done, err := s.next('}'); done || err != nil {
			return err
		}
	}
}

// key reads an object key as encoding/json decodes it. A key of plain
// characters is data's own bytes, viewed as a string without a copy; one
// with an escape or invalid UTF-8 is decoded (escapes resolved, invalid
// bytes replaced by U+FFFD) into a new string.
func (s *scanner) key() (string, error) {
	start := s.pos
	raw, plain, err := s.str()
	if err != nil {
		return "", err
	}
	if plain {
		return unsafe.String(unsafe.SliceData(raw), len(raw)), nil
	}
	var k string
	if err := json.Unmarshal(s.data[start:s.pos], &k); err != nil {
		return "", err
	}
	return k, nil
}

// str reads a string at s.pos (its opening quote) and returns its bytes
// between the quotes, and whether they are its value as written: no
// escape, valid UTF-8.
func (s *scanner) str() (raw []byte, plain bool, err error) {
	s.pos++ // '"'
	start, ascii, escaped := s.pos, true, false
	for s.pos < len(s.data) {
		switch c := s.data[s.pos]; {
		case c == '"':
			raw = s.data[start:s.pos]
			s.pos++
			return raw, !escaped && (ascii || utf8.Valid(raw)), nil
		case c == '\\':
			escaped = true
			s.pos += 2
		case c < 0x20:
			return nil, false, s.fail("control character in a string")
		default:
			ascii = ascii && c < utf8.RuneSelf
			s.pos++
		}
	}
	s.pos = len(s.data)
	return nil, false, s.fail("unexpected end of JSON in a string")
}

// scalar skips a number, true, false or null: the bytes up to the next
// delimiter, which the decoder has already read as one.
func (s *scanner) scalar() error {
	start := s.pos
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			if s.pos == start {
				return s.fail("expected a value")
			}
			return nil
		case '{', '[', '"', ':':
			return s.fail("invalid character in a value")
		}
		s.pos++
	}
	return nil
}

// render writes path as "route.source" or "signedRecipes[0].recipe"; the
// empty key is written "" so that it shows.
func render(path []step) string {
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
			b.WriteString(`""`)
		} else {
			b.WriteString(p.key)
		}
	}
	return b.String()
}

func join(path, key string) string {
	if key == "" {
		key = `""`
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// keySet holds an object's keys: a short list scanned in place, then a map,
// so a document of many keys costs no quadratic time. The list holds 16,
// room for every object of the API's requests (a permit recipe has 9 keys),
// which then cost no allocation.
type keySet struct {
	few  [16]string
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

// FieldPath returns the place of the value encoding/json's
// *json.UnmarshalTypeError err points at in data, with list indices
// ("keys[1].name" where err.Field says "keys.name"); err.Field when the
// offset leads elsewhere (a custom decoder's error carries none).
func FieldPath(data []byte, err *json.UnmarshalTypeError) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	f := finder{dec: dec, off: err.Offset}
	if f.value() {
		if p := render(f.path); indices.ReplaceAllString(p, "") == err.Field {
			return p
		}
	}
	return err.Field
}

var indices = regexp.MustCompile(`\[[0-9]+\]`)

// finder walks a document to the first value that ends at or after off,
// leaving its place in path.
type finder struct {
	dec  *json.Decoder
	off  int64
	path []step
}

// value reads one value and reports whether the one sought is it or is
// inside it.
func (f *finder) value() bool {
	tok, err := f.dec.Token()
	if err != nil {
		return false
	}
	if f.dec.InputOffset() >= f.off {
		return true
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return false // a scalar before the offset
	}
	for i := 0; f.dec.More(); i++ {
		s := step{idx: i}
		if d == '{' {
			tok, err := f.dec.Token()
			if err != nil {
				return false
			}
			key, _ := tok.(string)
			s = step{key: key, idx: -1}
		}
		f.path = append(f.path, s)
		if f.value() {
			return true
		}
		f.path = f.path[:len(f.path)-1]
	}
	f.dec.Token() // the closing delimiter
	return false
}
