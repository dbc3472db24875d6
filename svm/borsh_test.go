package svm_test

import (
	"math/big"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// TestBorshReader: values read little-endian in order; a read past the
// end gives zeros and makes Done fail, naming what was read.
func TestBorshReader(t *testing.T) {
	key := solana.PublicKey{0: 9, 31: 7}
	data := append(append([]byte{1, 1, 0, 0, 0}, key[:]...), 2, 0, 0, 0, 0, 0, 0, 0, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
	r := svm.NewBorshReader(data)
	if !r.Bool() || r.U32() != 1 || r.Key() != key || r.U64() != 2 {
		t.Fatal("bool, u32, key or u64 misread")
	}
	if got, want := r.U128(), new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 120), big.NewInt(0xff)); got.Cmp(want) != 0 {
		t.Errorf("u128 %s, want %s", got, want)
	}
	if err := r.Done("test"); err != nil {
		t.Errorf("Done after the last byte: %v", err)
	}
	if r.Bytes32() != [32]byte{} || r.Option() {
		t.Error("a read past the end is not zero")
	}
	if err := r.Done("test"); err == nil {
		t.Error("Done after reading past the end: nil")
	}
}
