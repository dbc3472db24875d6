package svm

import (
	"encoding/binary"
	"fmt"
	"math/big"

	"github.com/gagliardetto/solana-go"
)

// BorshReader reads Borsh values from the front of a byte string: the
// account and event decoders of this module share it. Reading past the
// end yields zeros and marks the reader short, so a decoder reads its
// whole layout and asks Done once instead of checking every field.
type BorshReader struct {
	b     []byte
	short bool
}

// NewBorshReader reads b.
func NewBorshReader(b []byte) *BorshReader { return &BorshReader{b: b} }

// Take reads the next n bytes.
func (r *BorshReader) Take(n int) []byte {
	if len(r.b) < n {
		r.short, r.b = true, nil
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

// Key reads a 32-byte public key; Bytes32 the same 32 bytes as an array.
func (r *BorshReader) Key() solana.PublicKey { return solana.PublicKeyFromBytes(r.Take(32)) }
func (r *BorshReader) Bytes32() [32]byte     { return [32]byte(r.Take(32)) }

// U32, U64 and U128 read little-endian unsigned integers.
func (r *BorshReader) U32() uint32 { return binary.LittleEndian.Uint32(r.Take(4)) }
func (r *BorshReader) U64() uint64 { return binary.LittleEndian.Uint64(r.Take(8)) }
func (r *BorshReader) U128() *big.Int {
	b := r.Take(16)
	be := make([]byte, 16)
	for i := range be {
		be[i] = b[15-i]
	}
	return new(big.Int).SetBytes(be)
}

// Bool reads a bool; Option an Option's tag (true: Some follows).
func (r *BorshReader) Bool() bool   { return r.Take(1)[0] != 0 }
func (r *BorshReader) Option() bool { return r.Take(1)[0] != 0 }

// Done reports data that ran out before its last field was read; name
// says what was read.
func (r *BorshReader) Done(name string) error {
	if r.short {
		return fmt.Errorf("svm: %s: the account is too short for its layout", name)
	}
	return nil
}
