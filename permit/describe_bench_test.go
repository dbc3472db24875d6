package permit_test

import (
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// BenchmarkDescribe reads a warm quote's two payloads back into words (an
// approve, then the SwapFacility's swap): what describing every /quote
// payload from its calldata would add to a quote.
func BenchmarkDescribe(b *testing.B) {
	cat := catalog(b)
	approve := evmPayload(wM, evm.ApproveCalldata(facility, big.NewInt(10_000_000)), "0")
	p, err := permit.Encode(swapRecipe(), sign(b, swapRecipe(), ownerKey))
	if err != nil {
		b.Fatal(err)
	}
	payloads := []orchestration.Payload{approve, p}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range payloads {
			if _, err := permit.Describe(cat, p); err != nil {
				b.Fatal(err)
			}
		}
	}
}
