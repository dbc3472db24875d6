package orchestration

import (
	"bytes"
	"math/big"
	"strings"
)

// FormatUnits writes an amount in a token's smallest unit in whole tokens,
// without trailing zeros: 1500000 with 6 decimals is "1.5". Every sentence
// this module writes about an amount (annotations, payload descriptions)
// uses it, so one amount reads the same everywhere.
func FormatUnits(v *big.Int, decimals int) string {
	if v.Sign() < 0 {
		return "-" + FormatUnits(new(big.Int).Neg(v), decimals)
	}
	// In buffers of the stack: every annotation of a composed route has
	// one or two, and the string is the one allocation.
	var digits [80]byte // a uint256 has at most 78
	d := v.Append(digits[:0], 10)
	if decimals <= 0 {
		return string(d)
	}
	var buf [96]byte
	out := buf[:0]
	n := len(d) - decimals // digits of the whole part
	whole, frac := d[:max(n, 0)], bytes.TrimRight(d[max(n, 0):], "0")
	if len(whole) == 0 {
		out = append(out, '0')
	}
	out = append(out, whole...)
	if len(frac) > 0 {
		out = append(out, '.')
		for ; n < 0; n++ {
			out = append(out, '0')
		}
		out = append(out, frac...)
	}
	return string(out)
}

// ShortAddress writes an address for a sentence: its first four
// characters (five for 0x hex, the prefix and four digits), an ellipsis
// and its last four; an address of eight characters or fewer as it is.
func ShortAddress(s string) string {
	head := 4
	if strings.HasPrefix(s, "0x") {
		head = 5
	}
	if len(s) <= head+4 {
		return s
	}
	return s[:head] + "…" + s[len(s)-4:]
}
