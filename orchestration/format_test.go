package orchestration_test

import (
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

// FormatUnits of amounts up to a uint256, with more decimals than digits.
func TestFormatUnits(t *testing.T) {
	maxUint256, _ := new(big.Int).SetString("115792089237316195423570985008687907853269984665640564039457584007913129639935", 10)
	for _, tc := range []struct {
		v        *big.Int
		decimals int
		want     string
	}{
		{big.NewInt(1_500_000), 6, "1.5"},
		{big.NewInt(1_000_000), 6, "1"},
		{big.NewInt(1), 6, "0.000001"},
		{big.NewInt(5), 6, "0.000005"},
		{big.NewInt(500_000), 6, "0.5"},
		{big.NewInt(0), 6, "0"},
		{big.NewInt(123), 0, "123"},
		{big.NewInt(120), 1, "12"},
		{big.NewInt(123), 3, "0.123"},
		{big.NewInt(1230), 3, "1.23"},
		{big.NewInt(-1_500_000), 6, "-1.5"},
		{big.NewInt(-5), 6, "-0.000005"},
		{maxUint256, 18, "115792089237316195423570985008687907853269984665640564039457.584007913129639935"},
		{maxUint256, 100, "0.0000000000000000000000115792089237316195423570985008687907853269984665640564039457584007913129639935"},
	} {
		if got := orchestration.FormatUnits(tc.v, tc.decimals); got != tc.want {
			t.Errorf("FormatUnits(%v, %d) = %q, want %q", tc.v, tc.decimals, got, tc.want)
		}
	}
}
