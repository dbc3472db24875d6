package orchestration_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/orchestration"
)

// ParseEVMAddress checks EIP-55 itself; go-ethereum's Address.Hex is the
// reference: its text is accepted and any letter with its case flipped is
// refused, also once the text itself was found valid and remembered.
func TestParseEVMAddressChecksumMatchesGoEthereum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		var a common.Address
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		s := a.Hex()
		if got, err := orchestration.ParseEVMAddress(s); err != nil || got != a {
			t.Fatalf("ParseEVMAddress(%q) = %s, %v; want %s", s, got.Hex(), err, s)
		}
		b := []byte(s)
		letters := 0
		for i := 2; i < len(b); i++ {
			if b[i] > '9' {
				letters++
				if letters > 1 {
					b[i] ^= 0x20
					break
				}
			}
		}
		d := string(b[2:])
		if letters < 2 || d == strings.ToUpper(d) || d == strings.ToLower(d) {
			continue // one case throughout carries no checksum
		}
		if _, err := orchestration.ParseEVMAddress(string(b)); err == nil {
			t.Fatalf("ParseEVMAddress(%q) accepted a flipped checksum of %s", b, s)
		}
	}
}
