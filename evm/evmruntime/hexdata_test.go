package evmruntime

import (
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"
)

// isHexData stands in for hexutil.Decode on the payload check's valid path,
// so it must accept exactly what Decode accepts.
func TestIsHexDataAgreesWithDecode(t *testing.T) {
	for _, s := range []string{
		"", "0", "0x", "0X", "0x0", "0x00", "0xAbCd", "0xabcg", "00", "x0",
		"0x095ea7b3", "0x095ea7b", "0x 0", "0xzz", "1x00", "0xFF00ff",
	} {
		_, err := hexutil.Decode(s)
		if got, want := isHexData(s), err == nil; got != want {
			t.Errorf("isHexData(%q) = %v, hexutil.Decode error = %v", s, got, err)
		}
	}
}
