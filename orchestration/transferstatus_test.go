package orchestration_test

import (
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
)

// A source transaction is named in its chain's form: a hex hash on an EVM
// chain, a base58 signature on Solana; either in the other's form is a 400.
func TestCheckTransferRef(t *testing.T) {
	hash := "0x" + strings.Repeat("ab", 32)
	sig := solana.Signature{0: 1, 63: 2}.String()
	for _, tc := range []struct {
		chain orchestration.Chain
		ref   string
		ok    bool
	}{
		{orchestration.Ethereum, hash, true},
		{orchestration.Ethereum, sig, false},
		{orchestration.Ethereum, "0x12", false},
		{orchestration.Solana, sig, true},
		{orchestration.SolanaDevnet, sig, true},
		{orchestration.Solana, hash, false},
		{orchestration.Solana, sig[:20], false},
	} {
		err := orchestration.CheckTransferRef(tc.chain, tc.ref)
		if (err == nil) != tc.ok {
			t.Errorf("%s %s: %v, want ok %v", tc.chain, tc.ref, err, tc.ok)
		}
		if code, _ := orchestration.CodeOf(err); err != nil && code != orchestration.BadTransferRequest {
			t.Errorf("%s %s: code %s, want BadTransferRequest", tc.chain, tc.ref, code)
		}
	}
}
