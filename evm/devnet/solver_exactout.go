package devnet

import (
	"fmt"
	"math/big"

	"github.com/m0-orchestration/m0/orchestration"
)

// QuoteIn is the least input of from for which Quote delivers at least
// amountOut of to: Quote inverted, rounded up. It answers an exact-output
// ask (decision 93).
func (s *Solver) QuoteIn(from, to orchestration.AssetAddress, amountOut *big.Int) (*big.Int, error) {
	in, err := s.d.catalog.Resolve(from)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotTraded, err)
	}
	out, err := s.d.catalog.Resolve(to)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotTraded, err)
	}
	if amountOut == nil || amountOut.Sign() <= 0 {
		return nil, fmt.Errorf("devnet solver: amountOut must be positive, got %v", amountOut)
	}
	// Quote is ⌊in · (10⁴ − spread) · 10^outDec / (10⁴ · 10^inDec)⌋ ≥ amountOut
	// exactly when in ≥ amountOut · 10⁴ · 10^inDec / ((10⁴ − spread) · 10^outDec).
	n := new(big.Int).Mul(amountOut, big.NewInt(10_000))
	n.Mul(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(in.Decimals)), nil))
	d := new(big.Int).Mul(big.NewInt(int64(10_000-s.spreadBps)), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(out.Decimals)), nil))
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q, nil
}
