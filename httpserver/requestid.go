package httpserver

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"unsafe"
)

// HeaderRequestID carries the per-request correlation id on every response
// (decision 17 in docs/decisions.md); error bodies repeat it as requestId.
const HeaderRequestID = "X-Request-Id"

// requestID returns incoming when it is well formed (1 to 128 characters of
// [A-Za-z0-9._:-]), otherwise a fresh id of 32 hex digits, written in
// digits and viewed there as a string (so digits must not change after).
// Anything else is replaced rather than echoed, so a caller cannot inject
// text into logs or headers.
func requestID(incoming string, digits *[32]byte) string {
	if validRequestID(incoming) {
		return incoming
	}
	// A correlation id needs to be unique, not secret: the runtime's
	// per-thread ChaCha8 generator (math/rand/v2), seeded from the system,
	// gives 128 bits without a system call.
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
	hex.Encode(digits[:], b[:])
	return unsafe.String(&digits[0], len(digits))
}

func validRequestID(s string) bool {
	if len(s) == 0 || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '.', c == '_', c == ':', c == '-':
		default:
			return false
		}
	}
	return true
}
