package orchestration_test

import (
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

// BenchmarkParseEVMAddress parses a checksummed address, as every quote
// request's sender: the same few addresses over and over.
//
//	go test ./orchestration -run '^$' -bench ParseEVMAddress -benchmem
func BenchmarkParseEVMAddress(b *testing.B) {
	const sender = "0x8457F3072F04a4b00E2ce48D36e57203bE0Bf554"
	for b.Loop() {
		if _, err := orchestration.ParseEVMAddress(sender); err != nil {
			b.Fatal(err)
		}
	}
}
