package evm

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
)

// decodeWord must answer as the ABI decoder does, or leave the answer to
// it: every word below is decoded both ways.
func TestDecodeWordMatchesTheABIDecoder(t *testing.T) {
	parse := func(sig string) abi.Method {
		a, err := abi.JSON(strings.NewReader(sig))
		if err != nil {
			t.Fatal(err)
		}
		return a.Methods["f"]
	}
	boolM := parse(`[{"type":"function","name":"f","outputs":[{"type":"bool"}]}]`)
	addrM := parse(`[{"type":"function","name":"f","outputs":[{"type":"address"}]}]`)
	u256M := parse(`[{"type":"function","name":"f","outputs":[{"type":"uint256"}]}]`)
	u128M := parse(`[{"type":"function","name":"f","outputs":[{"type":"uint128"}]}]`)
	word := func(last ...byte) []byte {
		w := make([]byte, 32)
		copy(w[32-len(last):], last)
		return w
	}
	dirty := word(1)
	dirty[0] = 1
	long := append(word(7), word(9)...)
	for _, data := range [][]byte{word(0), word(1), word(2), dirty, long, word(0xff, 0xee), make([]byte, 31)} {
		check := func(name string, fast, slow any, fastOK bool, slowErr error) {
			t.Helper()
			if !fastOK {
				return // the decoder answers
			}
			if slowErr != nil {
				t.Errorf("%s %x: fast path decoded %v, the ABI decoder refused: %v", name, data, fast, slowErr)
			} else if fmt.Sprint(fast) != fmt.Sprint(slow) {
				t.Errorf("%s %x: fast path %v, ABI decoder %v", name, data, fast, slow)
			}
		}
		unpack := func(m abi.Method) (any, error) {
			vals, err := m.Outputs.Unpack(data)
			if err != nil {
				return nil, err
			}
			return vals[0], nil
		}
		b, ok := decodeWord[bool](boolM, data)
		slow, err := unpack(boolM)
		check("bool", b, slow, ok, err)
		if err == nil && !ok {
			t.Errorf("bool %x: the fast path left a valid word to the decoder", data)
		}
		a, ok := decodeWord[common.Address](addrM, data)
		slow, err = unpack(addrM)
		check("address", a, slow, ok, err)
		u, ok := decodeWord[*big.Int](u256M, data)
		slow, err = unpack(u256M)
		check("uint256", u, slow, ok, err)
		u, ok = decodeWord[*big.Int](u128M, data)
		slow, err = unpack(u128M)
		check("uint128", u, slow, ok, err)
	}
	// QuoterV2.quoteExactInputSingle's outputs: the first decoded, the
	// others checked as the decoder checks them.
	quoterM := parse(`[{"type":"function","name":"f","outputs":[{"type":"uint256"},{"type":"uint160"},{"type":"uint32"},{"type":"uint256"}]}]`)
	four := func(third []byte) []byte {
		return append(append(append(word(5), word(6)...), third...), word(8)...)
	}
	for _, tc := range []struct {
		data   []byte
		fastOK bool
	}{
		{four(word(7)), true},
		{four(word(1, 0, 0, 0, 0)), false}, // uint32 overflows: the decoder refuses it
		{four(word(7))[:96], false},        // short
	} {
		v, ok := decodeWord[*big.Int](quoterM, tc.data)
		_, err := quoterM.Outputs.Unpack(tc.data)
		if ok != tc.fastOK || (ok && (err != nil || v.Int64() != 5)) {
			t.Errorf("quoter answer %x: fast path %v %v, decoder error %v", tc.data, v, ok, err)
		}
		if !ok && err == nil {
			t.Errorf("quoter answer %x: the decoder accepts what the fast path refused", tc.data)
		}
	}
	if _, ok := decodeWord[bool](u256M, word(1)); ok {
		t.Error("a bool decoded from a uint256 method's answer")
	}
}

func TestDecodeClock(t *testing.T) {
	mc := common.HexToAddress("0xcA11bde05977b3631167028862bE2a173976CA11")
	word := func(b ...byte) []byte { w := make([]byte, 32); copy(w[32-len(b):], b); return w }
	wide := word(1)
	wide[7] = 1 // 2^192 + 1
	for _, tc := range []struct {
		name string
		res  *Result
		want uint64
		err  string
	}{
		{name: "a timestamp", res: &Result{OK: true, Data: word(0x65, 0x53, 0xf1, 0x00)}, want: 0x6553f100},
		{name: "past 64 bits", res: &Result{OK: true, Data: wide}, err: "does not fit 64 bits"},
		{name: "reverted", res: &Result{OK: false}, err: "reverted"},
		{name: "short", res: &Result{OK: true, Data: []byte{1}}, err: "decoding getCurrentBlockTimestamp"},
		{name: "not read", err: "no answer to getCurrentBlockTimestamp"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAnswers(1)
			if tc.res != nil {
				a.Put(ClockCall(mc), *tc.res)
			}
			got, err := DecodeClock(a, mc)
			switch {
			case tc.err == "" && (err != nil || got != tc.want):
				t.Errorf("DecodeClock = %d, %v; want %d", got, err, tc.want)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("DecodeClock = %d, %v; want an error saying %q", got, err, tc.err)
			}
		})
	}
}

// DecodeBigInto decodes what Decode1[*big.Int] does, into the caller's
// Int without allocating when its array is large enough, and leaves it
// alone on an error.
func TestDecodeBigIntoAgreesWithDecode1(t *testing.T) {
	a, err := abi.JSON(strings.NewReader(`[{"type":"function","name":"f","outputs":[{"type":"uint256"},{"type":"uint32"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	m := a.Methods["f"]
	word := func(b ...byte) []byte { w := make([]byte, 32); copy(w[32-len(b):], b); return w }
	max := make([]byte, 32)
	for i := range max {
		max[i] = 0xff
	}
	for i, res := range []Result{
		{OK: true, Data: append(word(1, 2, 3), word(7)...)},
		{OK: true, Data: append(max, word(0)...)},
		{OK: true, Data: append(word(5), word(1, 0, 0, 0, 0)...)}, // the uint32 overflows: refused
		{OK: true, Data: word(5)},                                 // short
		{OK: false, Data: nil},                                    // reverted
	} {
		c := Call{To: common.Address{byte(i + 1)}, Data: []byte{byte(i)}}
		ans := NewAnswers(1)
		ans.Put(c, res)
		want, wantErr := Decode1[*big.Int](m, ans, c)
		var words [8]big.Word
		z := new(big.Int).SetBits(words[:0]).SetInt64(42)
		err := DecodeBigInto(m, ans, c, z)
		switch {
		case (err == nil) != (wantErr == nil):
			t.Errorf("answer %d: DecodeBigInto error %v, Decode1 error %v", i, err, wantErr)
		case err != nil && z.Int64() != 42:
			t.Errorf("answer %d: z changed to %v on an error", i, z)
		case err == nil && z.Cmp(want) != 0:
			t.Errorf("answer %d: DecodeBigInto %v, Decode1 %v", i, z, want)
		}
		if err == nil {
			if n := testing.AllocsPerRun(10, func() { _ = DecodeBigInto(m, ans, c, z) }); n != 0 {
				t.Errorf("answer %d: %v allocations into an Int with room", i, n)
			}
		}
	}
}
