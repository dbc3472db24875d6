package evm

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
)

// Errors of Decode1, for errors.Is. Any other error of Decode1 is an answer
// that does not decode as the method's return value.
var (
	// ErrNoAnswer is a call the Answers hold no answer to: it was not read.
	ErrNoAnswer = errors.New("no answer")
	// ErrCallReverted is a call that reverted. The error is a *RevertError,
	// which carries the revert data.
	ErrCallReverted = errors.New("call reverted")
)

// RevertError is a read that reverted. errors.Is(err, ErrCallReverted)
// reports it; errors.As gives the revert data, which a caller may decode
// with its own ABIs (RevertReason).
type RevertError struct {
	// Method is the name of the method called; empty when unknown.
	Method string
	// Data is the revert data, possibly empty.
	Data []byte
	// Reason is the revert's reason when Data is an Error(string) or a
	// Solidity Panic(uint256); empty otherwise.
	Reason string
}

func newRevertError(method string, data []byte) *RevertError {
	reason, _ := abi.UnpackRevert(data)
	return &RevertError{Method: method, Data: data, Reason: reason}
}

// Error names the method and the readable form of the revert data
// (RevertReason): `mToken reverted (reason "paused")`.
func (e *RevertError) Error() string {
	what := "call"
	if e.Method != "" {
		what = e.Method
	}
	return fmt.Sprintf("%s reverted (%s)", what, RevertReason(e.Data))
}

// Is reports whether target is ErrCallReverted.
func (e *RevertError) Is(target error) bool { return target == ErrCallReverted }

// RevertReason is a readable form of revert data: the Error(string) reason
// or Solidity panic when there is one, else the name of the custom error
// when one of abis declares its selector, else the selector.
func RevertReason(data []byte, abis ...*abi.ABI) string {
	if len(data) == 0 {
		return "no revert data"
	}
	if reason, err := abi.UnpackRevert(data); err == nil {
		return fmt.Sprintf("reason %q", reason)
	}
	if len(data) < 4 {
		return fmt.Sprintf("revert data %#x", data)
	}
	for _, a := range abis {
		if e, err := a.ErrorByID([4]byte(data[:4])); err == nil {
			return "error " + e.Name
		}
	}
	return fmt.Sprintf("custom error %#x", data[:4])
}

// Calldata is the calldata of m(args...): its selector and its packed
// arguments. It fails when args do not match m's inputs.
func Calldata(m abi.Method, args ...any) ([]byte, error) {
	return memoCalldata(&m, args)
}

// MethodCall is the read m(args...) of the contract at to; immutable sets
// Call.Immutable. It fails when args do not match m's inputs.
func MethodCall(to common.Address, m abi.Method, immutable bool, args ...any) (Call, error) {
	c, err := memoCall(to, &m, args)
	if err != nil {
		return Call{}, err
	}
	c.Immutable = immutable
	return c, nil
}

// MustMethodCall is MethodCall for a read whose argument types the program
// fixes, as a provider's reads of its own contracts: it panics when args do
// not match m's inputs, which is a bug, not a condition to handle.
func MustMethodCall(to common.Address, m abi.Method, immutable bool, args ...any) Call {
	c, err := MethodCall(to, m, immutable, args...)
	if err != nil {
		panic("evm: " + err.Error())
	}
	return c
}

// Decode1 decodes the first return value of m (for most reads, the only
// one) from a's answer to c, which must be a call of m. Its errors name m
// and are meant to be wrapped with what the caller was reading:
//
//   - no answer to c: an error wrapping ErrNoAnswer ("no answer to mToken");
//   - c reverted: a *RevertError, which errors.Is matches with
//     ErrCallReverted ("mToken reverted (reason \"paused\")");
//   - the answer does not decode as m's outputs, m has none, or the first
//     is not a T: "decoding mToken: …".
//
// T is the Go type go-ethereum decodes the output to: common.Address for
// address, bool, *big.Int for the integers wider than 64 bits, uint32 for
// uint32, [32]byte for bytes32, and so on.
func Decode1[T any](m abi.Method, a *Answers, c Call) (T, error) {
	var zero T
	data, err := answerOf(m, a, c)
	if err != nil {
		return zero, err
	}
	if v, ok := decodeWord[T](m, data); ok {
		return v, nil
	}
	return unpack1[T](m, data)
}

// DecodeBigInto is Decode1[*big.Int] written into z, whose array it
// reuses when large enough: a quote decodes an amount per leg it prices,
// and the caller may keep it with the leg, in one allocation. On error z
// is unchanged.
func DecodeBigInto(m abi.Method, a *Answers, c Call, z *big.Int) error {
	data, err := answerOf(m, a, c)
	if err != nil {
		return err
	}
	if w, ok := uintWord(m, data); ok {
		z.SetBytes(w)
		return nil
	}
	v, err := unpack1[*big.Int](m, data)
	if err != nil {
		return err
	}
	z.Set(v)
	return nil
}

// answerOf is a's answer to c, a call of m that returns something, or
// Decode1's error when there is none.
func answerOf(m abi.Method, a *Answers, c Call) ([]byte, error) {
	r, ok := a.Get(c)
	if !ok {
		return nil, fmt.Errorf("%w to %s", ErrNoAnswer, m.RawName)
	}
	if !r.OK {
		return nil, newRevertError(m.RawName, r.Data)
	}
	if len(m.Outputs) == 0 {
		return nil, fmt.Errorf("decoding %s: it returns nothing", m.RawName)
	}
	return r.Data, nil
}

// unpack1 is Decode1 through the ABI decoder.
func unpack1[T any](m abi.Method, data []byte) (T, error) {
	var zero T
	vals, err := m.Outputs.Unpack(data)
	if err != nil {
		return zero, fmt.Errorf("decoding %s: %w", m.RawName, err)
	}
	v, ok := vals[0].(T)
	if !ok {
		return zero, fmt.Errorf("decoding %s: got %T, want %T", m.RawName, vals[0], zero)
	}
	return v, nil
}

// decodeWord is Decode1's answer without the ABI decoder's reflection, for
// a method whose first output is a bool, address or integer wider than 64
// bits (which quotes decode on every request) and whose other outputs are
// one-word values too: the first word, every word checked as the ABI
// decoder checks it. ok is false for anything else, which then goes
// through the decoder, errors included.
func decodeWord[T any](m abi.Method, data []byte) (v T, ok bool) {
	w, ok := firstWord(m, data)
	if !ok {
		return v, false
	}
	t := m.Outputs[0].Type
	switch p := any(&v).(type) {
	case *bool:
		if t.T != abi.BoolTy || w[31] > 1 || !allZero(w[:31]) {
			return v, false
		}
		*p = w[31] == 1
	case *common.Address:
		if t.T != abi.AddressTy {
			return v, false
		}
		*p = common.Address(w[12:])
	case **big.Int:
		if t.T != abi.UintTy || t.Size <= 64 {
			return v, false
		}
		*p = uint256Of(w)
	default:
		return v, false
	}
	return v, true
}

// uintWord is decodeWord's first word, undecoded, for an integer output
// wider than 64 bits.
func uintWord(m abi.Method, data []byte) ([]byte, bool) {
	w, ok := firstWord(m, data)
	if !ok {
		return nil, false
	}
	if t := m.Outputs[0].Type; t.T != abi.UintTy || t.Size <= 64 {
		return nil, false
	}
	return w, true
}

// firstWord is the first word of data, an answer of m, when m's other
// outputs are one-word values data holds valid (the first is the caller's
// to check).
func firstWord(m abi.Method, data []byte) ([]byte, bool) {
	if len(m.Outputs) == 0 || len(data) < 32*len(m.Outputs) {
		return nil, false
	}
	for i, o := range m.Outputs[1:] {
		if !validWord(o.Type, data[32*(i+1):32*(i+2)]) {
			return nil, false
		}
	}
	return data[:32], true
}

// validWord reports whether w is a word the ABI decoder accepts as t, for
// the one-word types decodeWord knows; false for any other type.
func validWord(t abi.Type, w []byte) bool {
	switch t.T {
	case abi.BoolTy:
		return w[31] <= 1 && allZero(w[:31])
	case abi.AddressTy:
		return true
	case abi.UintTy:
		return t.Size > 64 || allZero(w[:32-t.Size/8])
	}
	return false
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}
