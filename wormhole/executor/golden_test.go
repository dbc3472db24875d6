package executor

import (
	"encoding/binary"
	"encoding/hex"
	"time"
)

// quoteFields builds a signed quote's bytes from its fields, in the
// layout of the Executor's app/signedQuote.ts; the signature is 65 bytes
// of sig.
type quoteFields struct {
	prefix                                   string
	quoter                                   [20]byte
	payee                                    [32]byte
	src, dst                                 uint16
	expiry                                   time.Time
	baseFee, dstGasPrice, srcPrice, dstPrice uint64
	sig                                      byte
}

func (f quoteFields) bytes() []byte {
	b := []byte(f.prefix)
	b = append(b, f.quoter[:]...)
	b = append(b, f.payee[:]...)
	b = binary.BigEndian.AppendUint16(b, f.src)
	b = binary.BigEndian.AppendUint16(b, f.dst)
	b = binary.BigEndian.AppendUint64(b, uint64(f.expiry.Unix()))
	for _, v := range []uint64{f.baseFee, f.dstGasPrice, f.srcPrice, f.dstPrice} {
		b = binary.BigEndian.AppendUint64(b, v)
	}
	for range 65 {
		b = append(b, f.sig)
	}
	return b
}

func (f quoteFields) hex() string { return "0x" + hex.EncodeToString(f.bytes()) }

// counting returns n bytes counting up from first, so each byte of a
// field is distinct.
func counting(first byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = first + byte(i)
	}
	return b
}

// builtFields are the fields of testdata/built_quote.hex.
var builtFields = quoteFields{
	prefix:      QuotePrefix,
	quoter:      [20]byte(counting(0x10, 20)),
	payee:       [32]byte(counting(0x40, 32)),
	src:         1,  // Solana
	dst:         30, // Base
	expiry:      time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC),
	baseFee:     0x0102030405060708,
	dstGasPrice: 0x1112131415161718,
	srcPrice:    0x2122232425262728,
	dstPrice:    0x3132333435363738,
	sig:         0xee,
}
