package limitorder

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

type named string

func (n named) Name() string { return string(n) }
func (named) Offer(context.Context, OfferRequest) (Offer, error) {
	return Offer{}, errors.New("not asked")
}

// offerBy must find exactly the offers Offers returns, for every solver.
func TestOfferByAgreesWithOffers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		n := 1 + rng.IntN(5)
		c := &Collection{results: make([]result, n), answered: make([]bool, n)}
		for i := range n {
			c.solvers = append(c.solvers, named(fmt.Sprint("s", i)))
			c.answered[i] = rng.IntN(5) > 0
			switch rng.IntN(6) {
			case 0:
				c.results[i].err = ErrNoOffer
			case 1:
				c.results[i].err = errors.New("down")
			case 2:
				c.results[i].offer.AmountOut = big.NewInt(0)
			default:
				c.results[i].offer = Offer{AmountOut: big.NewInt(int64(1 + rng.IntN(4))), Exclusive: rng.IntN(2) == 0}
				if rng.IntN(4) == 0 {
					c.results[i].offer.Solver = fmt.Sprint("alias", i%2)
				}
			}
		}
		offers, _ := c.Offers()
		for _, name := range []string{"s0", "s1", "s2", "s3", "s4", "alias0", "alias1"} {
			var want *Offer
			for _, o := range offers {
				if o.Solver == name {
					want = &o
					break
				}
			}
			got, ok := c.offerBy(name)
			switch {
			case want == nil && ok:
				t.Fatalf("round %d: offerBy(%s) = %+v, Offers has none", round, name, got)
			case want != nil && (!ok || got.Solver != want.Solver || got.AmountOut.Cmp(want.AmountOut) != 0 || got.Exclusive != want.Exclusive):
				t.Fatalf("round %d: offerBy(%s) = %+v %v, Offers has %+v", round, name, got, ok, *want)
			}
		}
	}
}
