package executor

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"time"
)

// QuotePrefix opens every version-1 signed quote.
const QuotePrefix = "EQ01"

// SignedQuoteLen is the length of a version-1 signed quote: prefix 4,
// quoter 20, payee 32, source and destination chains 2 each, expiry 8,
// base fee, destination gas price, source and destination prices 8 each,
// signature 65.
const SignedQuoteLen = 4 + 20 + 32 + 2 + 2 + 8 + 4*8 + 65

// gasInstruction is the type byte of a gas instruction (gas limit and
// message value) in relay instructions.
const gasInstruction = 0x01

// RelayInstructions ask the relay provider for a gas limit and a message
// value (native units of the destination: wei, lamports) on the
// destination chain. Both must fit in 128 bits.
type RelayInstructions struct {
	GasLimit *big.Int
	MsgValue *big.Int
}

var maxU128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

// Bytes is the instructions' wire form: 0x01, then the gas limit and the
// message value each as a 16-byte big-endian integer (33 bytes). A nil
// field is zero; a negative value or one over 128 bits is an error.
func (r RelayInstructions) Bytes() ([]byte, error) {
	out := make([]byte, 33)
	out[0] = gasInstruction
	for i, f := range []struct {
		name string
		v    *big.Int
	}{{"gas limit", r.GasLimit}, {"message value", r.MsgValue}} {
		if f.v == nil {
			continue
		}
		if f.v.Sign() < 0 || f.v.Cmp(maxU128) > 0 {
			return nil, fmt.Errorf("executor: relay instructions: %s %s is not a 128-bit unsigned integer", f.name, f.v)
		}
		f.v.FillBytes(out[1+16*i : 1+16*(i+1)])
	}
	return out, nil
}

// SignedQuote is a decoded version-1 signed quote. Raw is the quote as the
// Executor sent it; it is what a transaction passes on, the fields only
// read it.
type SignedQuote struct {
	Prefix string
	// Quoter is the EVM address whose key signed the quote.
	Quoter [20]byte
	// Payee receives the relay's payment on the source chain (an EVM
	// address left-padded to 32 bytes, or a Solana key).
	Payee              [32]byte
	SrcChain, DstChain uint16
	// Expiry is when the quote stops being accepted (whole seconds, UTC).
	Expiry time.Time
	// BaseFee, DstGasPrice, SrcPrice and DstPrice are the quoter's
	// pricing inputs, as signed.
	BaseFee, DstGasPrice, SrcPrice, DstPrice uint64
	Signature                                [65]byte
	Raw                                      []byte
}

// FormatError is a signed quote whose bytes do not follow the layout.
type FormatError struct {
	Field  string // "length", "prefix", "expiry"
	Reason string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("executor: signed quote: %s: %s", e.Field, e.Reason)
}

// ParseSignedQuote decodes b, a version-1 signed quote. It checks the
// layout only: the signature is not verified (the Executor contract does
// that when the quote is used). The result's Raw is a copy of b.
func ParseSignedQuote(b []byte) (SignedQuote, error) {
	if len(b) != SignedQuoteLen {
		return SignedQuote{}, &FormatError{"length", fmt.Sprintf("%d bytes, want %d", len(b), SignedQuoteLen)}
	}
	if !bytes.Equal(b[:4], []byte(QuotePrefix)) {
		return SignedQuote{}, &FormatError{"prefix", fmt.Sprintf("%q, want %q", b[:4], QuotePrefix)}
	}
	q := SignedQuote{Prefix: QuotePrefix, Raw: bytes.Clone(b)}
	copy(q.Quoter[:], b[4:24])
	copy(q.Payee[:], b[24:56])
	q.SrcChain = binary.BigEndian.Uint16(b[56:58])
	q.DstChain = binary.BigEndian.Uint16(b[58:60])
	expiry := binary.BigEndian.Uint64(b[60:68])
	if expiry > 1<<62/uint64(time.Second) {
		// Far past any real quote, and past what time.Time adds without
		// overflow in nanoseconds.
		return SignedQuote{}, &FormatError{"expiry", fmt.Sprintf("%d seconds is out of range", expiry)}
	}
	q.Expiry = time.Unix(int64(expiry), 0).UTC()
	q.BaseFee = binary.BigEndian.Uint64(b[68:76])
	q.DstGasPrice = binary.BigEndian.Uint64(b[76:84])
	q.SrcPrice = binary.BigEndian.Uint64(b[84:92])
	q.DstPrice = binary.BigEndian.Uint64(b[92:100])
	copy(q.Signature[:], b[100:165])
	return q, nil
}
