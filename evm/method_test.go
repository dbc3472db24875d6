package evm_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
)

// testABI declares the shapes of reads the providers make: an address, a
// bool of arguments, several return values of which the first matters, a
// method returning nothing, and a custom error.
const testABI = `[
	{"type":"function","name":"mToken","stateMutability":"view","inputs":[],"outputs":[{"name":"","type":"address"}]},
	{"type":"function","name":"canSwap","stateMutability":"view",
		"inputs":[{"name":"who","type":"address"},{"name":"amount","type":"uint256"}],"outputs":[{"name":"","type":"bool"}]},
	{"type":"function","name":"quote","stateMutability":"nonpayable","inputs":[{"name":"amountIn","type":"uint256"}],
		"outputs":[{"name":"amountOut","type":"uint256"},{"name":"ticks","type":"uint32"}]},
	{"type":"function","name":"poke","stateMutability":"nonpayable","inputs":[],"outputs":[]},
	{"type":"error","name":"PoolNotFound","inputs":[]}
]`

func parseTestABI(t testing.TB) *abi.ABI {
	t.Helper()
	a, err := abi.JSON(strings.NewReader(testABI))
	if err != nil {
		t.Fatal(err)
	}
	return &a
}

// revertData is the revert data of Error(reason).
func revertData(t testing.TB, reason string) []byte {
	t.Helper()
	str, _ := abi.NewType("string", "", nil)
	packed, err := abi.Arguments{{Type: str}}.Pack(reason)
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte{0x08, 0xc3, 0x79, 0xa0}, packed...)
}

func TestMethodCallPacksLikeTheABI(t *testing.T) {
	a := parseTestABI(t)
	to, who := common.HexToAddress("0xfac1"), common.HexToAddress("0xa11ce")
	tests := []struct {
		name      string
		method    string
		immutable bool
		args      []any
		wantErr   bool
	}{
		{name: "no arguments", method: "mToken", immutable: true},
		{name: "arguments", method: "canSwap", args: []any{who, big.NewInt(7)}},
		{name: "wrong argument type", method: "canSwap", args: []any{who, "7"}, wantErr: true},
		{name: "missing argument", method: "canSwap", args: []any{who}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := evm.MethodCall(to, a.Methods[tt.method], tt.immutable, tt.args...)
			if tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), a.Methods[tt.method].Sig) {
					t.Fatalf("MethodCall = %+v, %v; want an error naming %s", c, err, a.Methods[tt.method].Sig)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want, err := a.Pack(tt.method, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if c.To != to || c.Immutable != tt.immutable || !bytes.Equal(c.Data, want) {
				t.Errorf("MethodCall = {To: %s, Immutable: %v, Data: %x}, want {%s, %v, %x}", c.To, c.Immutable, c.Data, to, tt.immutable, want)
			}
			if data, err := evm.Calldata(a.Methods[tt.method], tt.args...); err != nil || !bytes.Equal(data, want) {
				t.Errorf("Calldata = %x, %v; want %x", data, err, want)
			}
		})
	}
}

func TestMustMethodCallPanicsOnABug(t *testing.T) {
	a := parseTestABI(t)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "canSwap(address,uint256)") {
			t.Errorf("recovered %v, want a panic naming the method", r)
		}
	}()
	evm.MustMethodCall(common.Address{}, a.Methods["canSwap"], false, "not an address")
}

func TestDecode1(t *testing.T) {
	a := parseTestABI(t)
	to := common.HexToAddress("0xfac1")
	mToken := evm.MustMethodCall(to, a.Methods["mToken"], true)
	canSwap := evm.MustMethodCall(to, a.Methods["canSwap"], false, common.Address{}, big.NewInt(1))
	quote := evm.MustMethodCall(to, a.Methods["quote"], false, big.NewInt(1))
	poke := evm.MustMethodCall(to, a.Methods["poke"], false)
	m := common.HexToAddress("0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b")
	word := func(t *testing.T, method string, vals ...any) evm.Result {
		out, err := a.Methods[method].Outputs.Pack(vals...)
		if err != nil {
			t.Fatal(err)
		}
		return evm.Result{OK: true, Data: out}
	}
	notFound := a.Errors["PoolNotFound"].ID

	type decoded struct {
		v   any
		err error
	}
	tests := []struct {
		name   string
		answer func(t *testing.T) *evm.Result // nil: no answer
		decode func(a *abi.ABI, ans *evm.Answers) decoded
		want   any
		// wantIs is the sentinel the error matches; wantErr a part of its text.
		wantIs     error
		wantErr    string
		wantReason string // the *RevertError's Reason
	}{
		{
			name:   "address",
			answer: func(t *testing.T) *evm.Result { r := word(t, "mToken", m); return &r },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[common.Address](a.Methods["mToken"], ans, mToken)
				return decoded{v, err}
			},
			want: m,
		},
		{
			name:   "bool",
			answer: func(t *testing.T) *evm.Result { r := word(t, "canSwap", true); return &r },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[bool](a.Methods["canSwap"], ans, canSwap)
				return decoded{v, err}
			},
			want: true,
		},
		{
			name:   "first of several return values",
			answer: func(t *testing.T) *evm.Result { r := word(t, "quote", big.NewInt(1_990_000), uint32(3)); return &r },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[*big.Int](a.Methods["quote"], ans, quote)
				return decoded{v.String(), err}
			},
			want: "1990000",
		},
		{
			name: "no answer",
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[common.Address](a.Methods["mToken"], ans, mToken)
				return decoded{v, err}
			},
			wantIs: evm.ErrNoAnswer, wantErr: "no answer to mToken",
		},
		{
			name: "no answers at all",
			decode: func(a *abi.ABI, _ *evm.Answers) decoded {
				v, err := evm.Decode1[common.Address](a.Methods["mToken"], nil, mToken)
				return decoded{v, err}
			},
			wantIs: evm.ErrNoAnswer, wantErr: "no answer to mToken",
		},
		{
			name:   "reverted with a reason",
			answer: func(t *testing.T) *evm.Result { return &evm.Result{Data: revertData(t, "paused")} },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[bool](a.Methods["canSwap"], ans, canSwap)
				return decoded{v, err}
			},
			wantIs: evm.ErrCallReverted, wantErr: `canSwap reverted (reason "paused")`, wantReason: "paused",
		},
		{
			name:   "reverted with a panic",
			answer: func(t *testing.T) *evm.Result { return &evm.Result{Data: panicData(t, 0x11)} },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[*big.Int](a.Methods["quote"], ans, quote)
				return decoded{v, err}
			},
			wantIs: evm.ErrCallReverted, wantErr: "quote reverted (reason", wantReason: "arithmetic underflow or overflow",
		},
		{
			name:   "reverted without data",
			answer: func(t *testing.T) *evm.Result { return &evm.Result{} },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[common.Address](a.Methods["mToken"], ans, mToken)
				return decoded{v, err}
			},
			wantIs: evm.ErrCallReverted, wantErr: "mToken reverted (no revert data)",
		},
		{
			name:   "reverted with a custom error",
			answer: func(t *testing.T) *evm.Result { return &evm.Result{Data: notFound[:4]} },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[*big.Int](a.Methods["quote"], ans, quote)
				return decoded{v, err}
			},
			wantIs: evm.ErrCallReverted, wantErr: fmt.Sprintf("quote reverted (custom error %#x)", notFound[:4]),
		},
		{
			name:   "malformed answer",
			answer: func(t *testing.T) *evm.Result { return &evm.Result{OK: true, Data: []byte{1, 2, 3}} },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[common.Address](a.Methods["mToken"], ans, mToken)
				return decoded{v, err}
			},
			wantErr: "decoding mToken",
		},
		{
			name:   "wrong Go type",
			answer: func(t *testing.T) *evm.Result { r := word(t, "mToken", m); return &r },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[bool](a.Methods["mToken"], ans, mToken)
				return decoded{v, err}
			},
			wantErr: "decoding mToken: got common.Address, want bool",
		},
		{
			name:   "method returns nothing",
			answer: func(t *testing.T) *evm.Result { return &evm.Result{OK: true} },
			decode: func(a *abi.ABI, ans *evm.Answers) decoded {
				v, err := evm.Decode1[bool](a.Methods["poke"], ans, poke)
				return decoded{v, err}
			},
			wantErr: "decoding poke: it returns nothing",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans := evm.NewAnswers(1)
			if tt.answer != nil {
				// The answer is recorded under every call: only the
				// method's own call must be decoded.
				for _, c := range []evm.Call{mToken, canSwap, quote, poke} {
					ans.Put(c, *tt.answer(t))
				}
			}
			got := tt.decode(a, ans)
			if tt.wantErr == "" {
				if got.err != nil {
					t.Fatal(got.err)
				}
				if got.v != tt.want {
					t.Errorf("Decode1 = %v, want %v", got.v, tt.want)
				}
				return
			}
			if got.err == nil || !strings.Contains(got.err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one containing %q", got.err, tt.wantErr)
			}
			for _, sentinel := range []error{evm.ErrNoAnswer, evm.ErrCallReverted} {
				if errors.Is(got.err, sentinel) != (sentinel == tt.wantIs) {
					t.Errorf("errors.Is(%v, %v) = %v, want %v", got.err, sentinel, !(sentinel == tt.wantIs), sentinel == tt.wantIs)
				}
			}
			var rev *evm.RevertError
			if errors.As(got.err, &rev) != (tt.wantIs == evm.ErrCallReverted) {
				t.Fatalf("errors.As(%v, *RevertError) = %v, want %v", got.err, rev != nil, tt.wantIs == evm.ErrCallReverted)
			}
			if rev != nil && (rev.Reason != tt.wantReason || rev.Method == "" || !bytes.Equal(rev.Data, tt.answer(t).Data)) {
				t.Errorf("RevertError %+v, want reason %q, the method and the revert data", rev, tt.wantReason)
			}
		})
	}
}

// panicData is the revert data of a Solidity Panic(code).
func panicData(t testing.TB, code int64) []byte {
	t.Helper()
	u, _ := abi.NewType("uint256", "", nil)
	packed, err := abi.Arguments{{Type: u}}.Pack(big.NewInt(code))
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte{0x4e, 0x48, 0x7b, 0x71}, packed...)
}

func TestRevertReason(t *testing.T) {
	a := parseTestABI(t)
	notFound := a.Errors["PoolNotFound"].ID
	tests := []struct {
		name string
		data []byte
		abis []*abi.ABI
		want string
	}{
		{"empty", nil, nil, "no revert data"},
		{"Error(string)", revertData(t, "too old"), nil, `reason "too old"`},
		{"panic", panicData(t, 0x01), nil, `reason "assert(false)"`},
		{"shorter than a selector", []byte{1, 2}, nil, "revert data 0x0102"},
		{"unknown custom error", notFound[:4], nil, fmt.Sprintf("custom error %#x", notFound[:4])},
		{"custom error of an ABI", notFound[:4], []*abi.ABI{a}, "error PoolNotFound"},
	}
	for _, tt := range tests {
		if got := evm.RevertReason(tt.data, tt.abis...); got != tt.want {
			t.Errorf("%s: RevertReason = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A provider reads a contract's M token and decodes the answer, telling a
// read it forgot from a revert.
func ExampleDecode1() {
	facility, _ := abi.JSON(strings.NewReader(`[{"type":"function","name":"mToken","stateMutability":"view",
		"inputs":[],"outputs":[{"name":"","type":"address"}]}]`))
	mToken := facility.Methods["mToken"]
	call := evm.MustMethodCall(common.HexToAddress("0xfac1"), mToken, true)

	// A Reader would return these answers; here they are written by hand.
	answers := evm.NewAnswers(1)
	answers.Put(call, evm.Result{OK: true, Data: common.LeftPadBytes([]byte{0x0a}, 32)})
	m, err := evm.Decode1[common.Address](mToken, answers, call)
	fmt.Println(m, err)

	_, err = evm.Decode1[common.Address](mToken, evm.NewAnswers(1), call)
	fmt.Println(err, errors.Is(err, evm.ErrNoAnswer))

	answers.Put(call, evm.Result{OK: false})
	_, err = evm.Decode1[common.Address](mToken, answers, call)
	fmt.Println(err, errors.Is(err, evm.ErrCallReverted))
	// Output:
	// 0x000000000000000000000000000000000000000A <nil>
	// no answer to mToken true
	// mToken reverted (no revert data) true
}
