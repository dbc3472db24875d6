package uniswapv3

import (
	"math/big"
	"math/rand"
	"testing"
)

// divWords divides as Int.Quo does, for amounts up to a uint256 times the
// slippage factor (the widest a floor is before its division), zero and
// one-word amounts included.
func TestDivWordsMatchesQuo(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := range 3000 {
		bound := new(big.Int).Lsh(big.NewInt(1), uint(i%271)) // up to 2^270
		x := new(big.Int).Rand(r, bound)
		want := new(big.Int).Quo(x, big.NewInt(maxBps))
		got := new(big.Int).Set(x)
		divWords(got, maxBps)
		if got.Cmp(want) != 0 {
			t.Fatalf("%v / %d: divWords %v, Quo %v", x, maxBps, got, want)
		}
	}
}
