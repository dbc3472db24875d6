package httpserver

import (
	"strconv"

	"github.com/m0-orchestration/m0/internal/strictjson"
	"github.com/m0-orchestration/m0/orchestration"
)

// decodeQuoteRequest decodes a POST /quote body in the shape clients send
// it, a few times faster than json.Unmarshal and the key scan after it. It
// takes only what it can decode exactly as they would, and sets *req only
// then: known keys spelled exactly, each once per object; strings of ASCII
// from 0x20 to 0x7f without escapes; integers without fraction or
// exponent that fit an int; lists of such strings; whitespace between
// tokens.
// Anything else (null, an unknown key, an escape, a duplicate, a type that
// does not fit) returns false and is left to decodeBody's path, so every
// refusal keeps that path's answer. FuzzQuoteRequestFastPath holds it to
// that path.
func decodeQuoteRequest(data []byte, req *orchestration.QuoteRequest) bool {
	var q orchestration.QuoteRequest
	l := fastJSON{b: data}
	ok := l.object(func(key []byte) bool {
		switch string(key) {
		case "route":
			return l.route(&q.Route)
		case "amountIn":
			return l.stringInto(&q.AmountIn)
		case "sender":
			return l.stringInto(&q.Sender)
		case "recipient":
			return l.stringInto(&q.Recipient)
		case "funder":
			return l.stringInto(&q.Funder)
		case "maxNumQuotes":
			return l.intPointer(&q.MaxNumQuotes)
		case "slippageBps":
			return l.intPointer(&q.SlippageBps)
		case "providers":
			q.Providers = new(orchestration.ProvidersParams)
			return l.providers(q.Providers)
		}
		return false
	})
	if !ok || !l.end() {
		return false
	}
	*req = q
	return true
}

// fastJSON reads the plain JSON decodeQuoteRequest takes. Each method
// returns false on anything outside it.
type fastJSON struct {
	b []byte
	i int
}

func (l *fastJSON) space() { l.i = strictjson.SkipSpace(l.b, l.i) }

// token consumes c, after any whitespace.
func (l *fastJSON) token(c byte) bool {
	l.space()
	if l.i < len(l.b) && l.b[l.i] == c {
		l.i++
		return true
	}
	return false
}

// end says only whitespace is left.
func (l *fastJSON) end() bool {
	l.space()
	return l.i == len(l.b)
}

// object reads an object, calling field for each key with the reader on
// its value; a key seen twice is refused before field sees it again.
func (l *fastJSON) object(field func(key []byte) bool) bool {
	if !l.token('{') {
		return false
	}
	if l.token('}') {
		return true
	}
	var seen [8][]byte // the objects read have at most 8 keys
	n := 0
	for {
		key, ok := l.str()
		if !ok || !l.token(':') {
			return false
		}
		for _, k := range seen[:n] {
			if string(k) == string(key) {
				return false
			}
		}
		if n == len(seen) || !field(key) {
			return false
		}
		seen[n] = key
		n++
		if l.token(',') {
			continue
		}
		return l.token('}')
	}
}

// str reads a string of ASCII from 0x20 to 0x7f (DEL included, as
// encoding/json takes it) without escapes and returns its bytes, which
// still lie in the body.
func (l *fastJSON) str() ([]byte, bool) {
	if !l.token('"') {
		return nil, false
	}
	start := l.i
	for j := start; j < len(l.b); j++ {
		switch c := l.b[j]; {
		case c == '"':
			l.i = j + 1
			return l.b[start:j], true
		case c < 0x20 || c == '\\' || c >= 0x80:
			return nil, false
		}
	}
	return nil, false
}

func (l *fastJSON) stringInto(dst *string) bool {
	s, ok := l.str()
	if ok {
		*dst = string(s) // a copy: the body's buffer is reused
	}
	return ok
}

// intPointer reads an integer as encoding/json reads one into an int:
// -?(0|[1-9][0-9]*), nothing after it that would make it a fraction or an
// exponent, within the range of int.
func (l *fastJSON) intPointer(dst **int) bool {
	l.space()
	start := l.i
	if l.i < len(l.b) && l.b[l.i] == '-' {
		l.i++
	}
	digits := l.i
	for l.i < len(l.b) && '0' <= l.b[l.i] && l.b[l.i] <= '9' {
		l.i++
	}
	switch {
	case l.i == digits, l.b[digits] == '0' && l.i > digits+1:
		return false // no digit, or a leading zero
	case l.i < len(l.b) && (l.b[l.i] == '.' || l.b[l.i] == 'e' || l.b[l.i] == 'E'):
		return false
	}
	v, err := strconv.Atoi(string(l.b[start:l.i]))
	if err != nil {
		return false
	}
	*dst = &v
	return true
}

func (l *fastJSON) route(r *orchestration.Route) bool {
	return l.object(func(key []byte) bool {
		switch string(key) {
		case "source":
			return l.asset(&r.Source)
		case "destination":
			return l.asset(&r.Destination)
		}
		return false
	})
}

func (l *fastJSON) asset(a *orchestration.AssetAddress) bool {
	return l.object(func(key []byte) bool {
		switch string(key) {
		case "chain":
			return l.stringInto((*string)(&a.Chain))
		case "address":
			return l.stringInto(&a.Address)
		}
		return false
	})
}

func (l *fastJSON) providers(p *orchestration.ProvidersParams) bool {
	return l.object(func(key []byte) bool {
		switch string(key) {
		case "include":
			return l.providerList(&p.Include)
		case "exclude":
			return l.providerList(&p.Exclude)
		}
		return false
	})
}

// providerList reads a list of strings; [] is an empty list, as
// encoding/json leaves it (not nil).
func (l *fastJSON) providerList(dst *[]orchestration.ProviderID) bool {
	if !l.token('[') {
		return false
	}
	list := []orchestration.ProviderID{}
	if !l.token(']') {
		for {
			s, ok := l.str()
			if !ok {
				return false
			}
			list = append(list, orchestration.ProviderID(s))
			if l.token(',') {
				continue
			}
			if !l.token(']') {
				return false
			}
			break
		}
	}
	*dst = list
	return true
}
