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
	"strings"
	"sync"
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
func CheckKeys(data []byte, t reflect.Type, rejectUnknown bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers are skipped, not parsed
	w := walker{dec: dec, rejectUnknown: rejectUnknown}
	return w.value(t)
}

// step is one step from the document's root: an array index, or an object
// key when idx is -1. The path is only rendered for an error.
type step struct {
	key string
	idx int
}

type walker struct {
	dec           *json.Decoder
	rejectUnknown bool
	path          []step
}

// value reads one JSON value, checking its objects' keys against t (nil
// when the target is unknown: then only duplicates count).
func (w *walker) value(t reflect.Type) error {
	tok, err := w.dec.Token()
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
		for i := 0; w.dec.More(); i++ {
			w.path = append(w.path, step{idx: i})
			if err := w.value(elem); err != nil {
				return err
			}
			w.path = w.path[:len(w.path)-1]
		}
		_, err := w.dec.Token() // ']'
		return err
	}
	fields := fieldsOf(t)
	var seen keySet
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if !seen.add(key) {
			return &KeyError{Problem: Duplicate, Key: key, Path: render(w.path)}
		}
		var ft reflect.Type
		switch {
		case fields != nil:
			var exact bool
			if ft, exact = fields.types[key]; !exact {
				if name, ok := fields.fold(key); ok {
					return &KeyError{Problem: OtherCase, Key: key, Field: name, Path: render(w.path)}
				}
				if w.rejectUnknown {
					return &KeyError{Problem: Unknown, Key: key, Path: render(w.path)}
				}
			}
		case t != nil && t.Kind() == reflect.Map:
			ft = t.Elem()
		}
		w.path = append(w.path, step{key: key, idx: -1})
		if err := w.value(ft); err != nil {
			return err
		}
		w.path = w.path[:len(w.path)-1]
	}
	_, err = w.dec.Token() // '}'
	return err
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
// so a document of many keys costs no quadratic time.
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
