package orchestration_test

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

// The fuzz targets of the parsers: no input panics, every rejection says
// why in a bounded message (input is quoted clipped), and what is accepted
// is exactly the canonical form the rule describes. Seed corpora are in
// testdata/fuzz/<FuzzName>, run by a plain go test; to fuzz one:
//
//	go test -run '^$' -fuzz FuzzParseAmount -fuzztime 20s ./orchestration

const maxMessage = 512

func boundedError(t *testing.T, err error) {
	t.Helper()
	if err != nil && (err.Error() == "" || len(err.Error()) > maxMessage) {
		t.Fatalf("error message of %d bytes: %.200q", len(err.Error()), err)
	}
}

func FuzzParseAmount(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		n, err := orchestration.ParseAmount(s)
		boundedError(t, err)
		if err == nil && (n.Sign() <= 0 || n.BitLen() > 256 || n.String() != s) {
			t.Fatalf("ParseAmount(%q) = %v, not the canonical positive uint256 written", s, n)
		}
	})
}

func FuzzParseAmountBits(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string, bits uint16) {
		n, err := orchestration.ParseAmountBits(s, uint(bits))
		boundedError(t, err)
		if err == nil && (n.Sign() <= 0 || n.BitLen() > int(bits) || n.String() != s) {
			t.Fatalf("ParseAmountBits(%q, %d) = %v", s, bits, n)
		}
	})
}

func FuzzParseEVMAddress(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		a, err := orchestration.ParseEVMAddress(s)
		boundedError(t, err)
		if err != nil {
			return
		}
		digits := s[2:]
		mixed := digits != strings.ToLower(digits) && digits != strings.ToUpper(digits)
		if !strings.EqualFold(a.Hex(), s) || (mixed && a.Hex() != s) {
			t.Fatalf("ParseEVMAddress(%q) = %s", s, a.Hex())
		}
	})
}

func FuzzParseSVMAddress(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		k, err := orchestration.ParseSVMAddress(s)
		boundedError(t, err)
		if err == nil && k.String() != s {
			t.Fatalf("ParseSVMAddress(%q) = %s: not the canonical base58", s, k)
		}
	})
}

func FuzzParseOrderID(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		id, err := orchestration.ParseOrderID(s)
		boundedError(t, err)
		if err == nil && "0x"+hex.EncodeToString(id[:]) != strings.ToLower(s) {
			t.Fatalf("ParseOrderID(%q) = %x", s, id)
		}
	})
}
