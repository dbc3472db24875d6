package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// encoding/json names a field inside a list without its index ("keys.name")
// and an unknown field without any path. The functions here find the full
// path, as the file writes it ("keys[1].name"), by walking the document.

// pathAtOffset is the path of the value that ends at or after byte offset
// off of the JSON document j (where encoding/json reports a type mismatch),
// or "" when there is none.
func pathAtOffset(j []byte, off int64) string {
	var found string
	walkJSON(j, func(path string, end int64, _ json.Token) bool {
		if end >= off {
			found = path
			return false
		}
		return true
	})
	return found
}

// unknownField finds the first object key in j that names no field of the
// Go type t exactly (encoding/json would also take a key in another case;
// the configuration is case-sensitive, as the request bodies are). It
// returns the key's path, "" when every key is known, and the field's name
// when the key differs from it only in case.
func unknownField(j []byte, t reflect.Type) (path, suggest string) {
	types := map[string]reflect.Type{"": t}
	walkJSON(j, func(p string, _ int64, _ json.Token) bool {
		if p == "" {
			return true
		}
		parent, last := splitPath(p)
		pt, ok := types[parent]
		if !ok {
			return true // inside a value whose type is not walked
		}
		ft, known, name := childType(pt, last)
		if !known {
			path, suggest = p, name
			return false
		}
		if ft != nil {
			types[p] = ft
		}
		return true
	})
	return path, suggest
}

// splitPath splits "a.b[2].c" into "a.b[2]" and ".c"; "a.b[2]" into "a.b"
// and "[2]"; "a" into "" and ".a".
func splitPath(path string) (parent, last string) {
	i := strings.LastIndexAny(path, ".[")
	if i < 0 {
		return "", "." + path
	}
	return path[:i], path[i:]
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// childType is the type of the element last (".name" or "[i]") of a value
// of type t, and whether t has such an element; for a key naming no field
// exactly, the field it names in another case, if any. A nil type with ok
// means the element exists but is not walked further (a custom decoder, an
// interface).
func childType(t reflect.Type, last string) (_ reflect.Type, ok bool, otherCase string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil, true, ""
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if strings.HasPrefix(last, "[") {
			return t.Elem(), true, ""
		}
	case reflect.Map:
		return t.Elem(), true, ""
	case reflect.Struct:
		key, isKey := strings.CutPrefix(last, ".")
		if !isKey {
			return nil, true, ""
		}
		f, name := structField(t, key)
		if name == key {
			return f.Type, true, ""
		}
		return nil, false, name
	}
	return nil, true, ""
}

// structField finds the field a JSON key names, by its json tag name or Go
// name, through embedded structs, ignoring case as encoding/json does; name
// is the field's name as the file should write it ("" when none matches).
func structField(t reflect.Type, key string) (f reflect.StructField, name string) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		n, _, _ := strings.Cut(tag, ",")
		if sf.Anonymous && n == "" {
			et := sf.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				if ef, en := structField(et, key); en != "" {
					return ef, en
				}
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if n == "" {
			n = sf.Name
		}
		if n == key {
			return sf, n
		}
		if strings.EqualFold(n, key) && name == "" {
			f, name = sf, n
		}
	}
	return f, name
}

// walkJSON calls visit for every value of j (scalars and the opening of
// objects and lists) with its path, the offset just past it, and its first
// token, until visit returns false.
func walkJSON(j []byte, visit func(path string, end int64, tok json.Token) bool) {
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	type frame struct {
		path    string
		isList  bool
		index   int
		wantKey bool // in an object, the next token is a key
		key     string
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			return
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				if top.isList {
					top.index++
				} else {
					top.wantKey = true
				}
			}
			continue
		}
		path := ""
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			switch {
			case !top.isList && top.wantKey:
				top.key, _ = tok.(string)
				top.wantKey = false
				continue
			case top.isList:
				path = top.path + "[" + strconv.Itoa(top.index) + "]"
			default:
				path = top.key
				if top.path != "" {
					path = top.path + "." + top.key
				}
			}
		}
		if !visit(path, dec.InputOffset(), tok) {
			return
		}
		if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
			stack = append(stack, &frame{path: path, isList: d == '[', wantKey: d == '{'})
			continue
		}
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			if top.isList {
				top.index++
			} else {
				top.wantKey = true
			}
		}
	}
}
