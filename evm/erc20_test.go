package evm_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/m0-orchestration/m0/evm"
)

func TestERC20CalldataMatchesTheABI(t *testing.T) {
	token, owner, spender := common.HexToAddress("0x01"), common.HexToAddress("0xa11ce"), common.HexToAddress("0xb0b")
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	tests := []struct {
		name string
		got  []byte
		want []byte
	}{
		{"balanceOf", evm.ERC20BalanceOf(token, owner).Data, pack(t, "MToken", "balanceOf", owner)},
		{"allowance", evm.ERC20Allowance(token, owner, spender).Data, pack(t, "MToken", "allowance", owner, spender)},
		{"approve", evm.ApproveCalldata(spender, big.NewInt(1_000_000)), pack(t, "MToken", "approve", spender, big.NewInt(1_000_000))},
		{"approve max", evm.ApproveCalldata(spender, max), pack(t, "MToken", "approve", spender, max)},
	}
	for _, tt := range tests {
		if !bytes.Equal(tt.got, tt.want) {
			t.Errorf("%s: calldata %x, the ABI packs %x", tt.name, tt.got, tt.want)
		}
	}
	if c := evm.ERC20BalanceOf(token, owner); c.To != token || c.Immutable {
		t.Errorf("balanceOf call %+v: want a state call to the token", c)
	}
}

func TestDecodeUint256(t *testing.T) {
	word := common.LeftPadBytes([]byte{0x01, 0x00}, 32)
	tests := []struct {
		name    string
		r       evm.Result
		want    int64
		wantErr bool
	}{
		{"one word", evm.Result{OK: true, Data: word}, 256, false},
		{"reverted", evm.Result{OK: false, Data: word}, 0, true},
		{"short", evm.Result{OK: true, Data: word[:31]}, 0, true},
		{"two words", evm.Result{OK: true, Data: append(word, word...)}, 0, true},
	}
	for _, tt := range tests {
		got, err := evm.DecodeUint256(tt.r)
		if (err != nil) != tt.wantErr || (err == nil && got.Int64() != tt.want) {
			t.Errorf("%s: %v, %v; want %d (error: %v)", tt.name, got, err, tt.want, tt.wantErr)
		}
		if errors.Is(err, evm.ErrCallReverted) != !tt.r.OK {
			t.Errorf("%s: errors.Is(%v, ErrCallReverted) = %v, want %v", tt.name, err, tt.r.OK, !tt.r.OK)
		}
	}
}

func TestAnswersMerge(t *testing.T) {
	x, y := evm.ERC20BalanceOf(common.HexToAddress("0x1"), common.Address{}), evm.ERC20BalanceOf(common.HexToAddress("0x2"), common.Address{})
	a, b := evm.NewAnswers(10), evm.NewAnswers(12)
	a.Put(x, evm.Result{OK: true, Data: []byte{1}})
	b.Put(x, evm.Result{OK: true, Data: []byte{2}})
	b.Put(y, evm.Result{OK: false})
	a.Merge(b)
	a.Merge(nil)
	if got, _ := a.Get(x); a.Block != 12 || a.Len() != 2 || got.Data[0] != 2 {
		t.Errorf("merged: block %d, %d answers, x=%v; want 12, 2, b's answer", a.Block, a.Len(), got)
	}
	var none *evm.Answers
	if _, ok := none.Get(x); ok {
		t.Error("a nil Answers answered")
	}
	if x.Key() == y.Key() || x.Key() != (evm.Call{To: x.To, Data: x.Data, Immutable: true}).Key() {
		t.Error("keys: want them to tell targets apart and ignore Immutable")
	}
}

// HexData writes what hexutil.Encode does, within its buffer and past it.
func TestHexDataMatchesHexutil(t *testing.T) {
	for _, n := range []int{0, 1, 68, 512, 513, 2000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i * 7)
		}
		if got, want := evm.HexData(data), hexutil.Encode(data); got != want {
			t.Errorf("%d bytes: HexData %s, hexutil.Encode %s", n, got, want)
		}
	}
}

// A decoded uint256 costs one allocation, its array included, and holds
// the word's value.
func TestDecodeUint256AllocatesOnce(t *testing.T) {
	w := make([]byte, 32)
	for i := range w {
		w[i] = 0xff - byte(i)
	}
	v, err := evm.DecodeUint256(evm.Result{OK: true, Data: w})
	if err != nil || v.Cmp(new(big.Int).SetBytes(w)) != 0 {
		t.Fatalf("DecodeUint256 = %v, %v; want %x", v, err, w)
	}
	if n := testing.AllocsPerRun(20, func() { _, _ = evm.DecodeUint256(evm.Result{OK: true, Data: w}) }); n != 1 {
		t.Errorf("DecodeUint256 allocates %v times, want 1", n)
	}
}

// UintWord refuses what no ABI word holds, as its doc says, instead of
// writing a negative number's absolute value.
func TestUintWordRefusesNegatives(t *testing.T) {
	if w := evm.UintWord(big.NewInt(5)); w[31] != 5 {
		t.Errorf("UintWord(5) = %x", w)
	}
	for _, x := range []*big.Int{big.NewInt(-5), new(big.Int).Lsh(big.NewInt(1), 256)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("UintWord(%s) did not panic", x)
				}
			}()
			evm.UintWord(x)
		}()
	}
}
