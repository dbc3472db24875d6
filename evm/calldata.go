package evm

import (
	"math/big"
	"reflect"
	"slices"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/orchestration"
)

// calldataMemo remembers the calldata packed for a method and arguments:
// a quote packs the same reads (a pool's quote of an amount, a facility's
// canSwap of a pair) on every request, and ABI packing is most of what
// building a read costs. Only arguments of the plain types reads take
// (addresses, integers, bools, byte arrays, and structs and slices of them)
// are remembered; others are packed every time. At most maxMemo entries
// are kept; the memo starts over when full.
var calldataMemo struct {
	mu    sync.RWMutex
	m     map[string][]byte
	calls map[string]Call // MethodCall's, by target and memoKey
	words map[string]Call // wordsCall's, by key
}

const maxMemo = 16384

var (
	bigIntType = reflect.TypeFor[*big.Int]()
)

// memoKey appends the identity of m and args to buf; ok is false when an
// argument is of a type the memo does not handle.
func memoKey(buf []byte, m *abi.Method, args []any) ([]byte, bool) {
	buf = append(buf, m.ID...)
	for _, a := range args {
		var ok bool
		switch v := a.(type) {
		case common.Address:
			buf, ok = append(append(buf, 'a'), v[:]...), true
		case *big.Int:
			buf, ok = appendBig(buf, v)
		default:
			buf, ok = appendValue(buf, reflect.ValueOf(a))
		}
		if !ok {
			return buf, false
		}
	}
	return buf, true
}

func appendBig(buf []byte, v *big.Int) ([]byte, bool) {
	if v == nil || v.BitLen() > 256 {
		return buf, false
	}
	sign := byte('+')
	if v.Sign() < 0 {
		sign = '-'
	}
	var word [32]byte
	v.FillBytes(word[:]) // the absolute value
	return append(append(buf, 'i', sign), word[:]...), true
}

func appendValue(buf []byte, v reflect.Value) ([]byte, bool) {
	if v.Type() == bigIntType {
		return appendBig(buf, v.Interface().(*big.Int))
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return append(buf, 'T'), true
		}
		return append(buf, 'F'), true
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		u := v.Uint()
		return append(buf, 'u', byte(v.Kind()), byte(u>>56), byte(u>>48), byte(u>>40), byte(u>>32), byte(u>>24), byte(u>>16), byte(u>>8), byte(u)), true
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		u := uint64(v.Int())
		return append(buf, 's', byte(v.Kind()), byte(u>>56), byte(u>>48), byte(u>>40), byte(u>>32), byte(u>>24), byte(u>>16), byte(u>>8), byte(u)), true
	case reflect.Array:
		if v.Type().Elem().Kind() != reflect.Uint8 {
			return buf, false
		}
		buf = append(buf, 'b', byte(v.Len()))
		for i := range v.Len() {
			buf = append(buf, byte(v.Index(i).Uint()))
		}
		return buf, true
	case reflect.Slice:
		n := v.Len()
		buf = append(buf, '[', byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return append(buf, v.Bytes()...), true
		}
		for i := range n {
			var ok bool
			if buf, ok = appendValue(buf, v.Index(i)); !ok {
				return buf, false
			}
		}
		return append(buf, ']'), true
	case reflect.Struct:
		buf = append(buf, '{')
		for i := range v.NumField() {
			var ok bool
			if buf, ok = appendValue(buf, v.Field(i)); !ok {
				return buf, false
			}
		}
		return append(buf, '}'), true
	}
	return buf, false
}

// memoCalldata is Calldata through calldataMemo. The slice returned is
// shared: its capacity is its length, so that appending to it copies.
func memoCalldata(m *abi.Method, args []any) ([]byte, error) {
	var arr [512]byte
	key, ok := memoKey(arr[:0], m, args)
	if ok {
		calldataMemo.mu.RLock()
		data, hit := calldataMemo.m[string(key)]
		calldataMemo.mu.RUnlock()
		if hit {
			return data, nil
		}
	}
	data, err := contracts.Pack(m, args...)
	if err != nil || !ok {
		return data, err
	}
	data = slices.Clip(data)
	calldataMemo.mu.Lock()
	if calldataMemo.m == nil || len(calldataMemo.m) >= maxMemo {
		calldataMemo.m = make(map[string][]byte)
	}
	calldataMemo.m[string(key)] = data
	calldataMemo.mu.Unlock()
	return data, nil
}

// HexToAddress is common.HexToAddress without its allocation for the usual
// form (40 hex digits, with or without 0x), which the quote path parses
// for every read it builds from catalog addresses; any other form is
// common.HexToAddress's.
func HexToAddress(s string) common.Address {
	if len(s) == 42 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	if a, ok := orchestration.DecodeHexAddress(s); ok {
		return a
	}
	return common.HexToAddress(s)
}

// memoCall is the Call of m(args...) at to, with its Key computed once and
// remembered with it (a quote looks a read up by key several times).
func memoCall(to common.Address, m *abi.Method, args []any) (Call, error) {
	var arr [512]byte
	key, ok := memoKey(append(arr[:0], to[:]...), m, args)
	if ok {
		calldataMemo.mu.RLock()
		c, hit := calldataMemo.calls[string(key)]
		calldataMemo.mu.RUnlock()
		if hit {
			return c, nil
		}
	}
	data, err := contracts.Pack(m, args...)
	if err != nil {
		return Call{}, err
	}
	c := Call{To: to, Data: slices.Clip(data)}
	c.key = CallKey(string(to[:]) + string(data))
	if !ok {
		return c, nil
	}
	calldataMemo.mu.Lock()
	if calldataMemo.calls == nil || len(calldataMemo.calls) >= maxMemo {
		calldataMemo.calls = make(map[string]Call)
	}
	calldataMemo.calls[string(key)] = c
	calldataMemo.mu.Unlock()
	return c, nil
}
