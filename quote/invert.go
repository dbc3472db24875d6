package quote

import (
	"context"
	"errors"
	"fmt"
	"math/big"
)

// A provider whose legs are priced from state at hand (no I/O: its reads
// are declared, so LegRequest.State holds them) and whose payloads move an
// exact input can answer an exact-output leg by inverting its forward
// pricing, which is what these helpers do. The leg's payloads are then the
// forward ones for the input found: they spend exactly LegIn.AmountIn and
// deliver at least their floor, which is at least the output asked for.

// maxInversionSteps bounds InvertLeg's forward calls: a galloping search
// and a bisection over 256-bit amounts take fewer.
const maxInversionSteps = 600

// InvertLeg answers an exact-output leg (leg.AmountOut set) with the
// least input whose forward leg, priced by forward, guarantees at least
// the output asked for (its floor: Leg.MinAmountOut, or AmountOut when
// exact), so it never delivers less, whatever the rounding of the
// provider's rate. forward must be monotone in the input (more in, never
// less out) and cheap: it is called a few times for a rate close to
// linear (three for 1:1), at most maxInversionSteps times. A forward leg
// without a route at an amount (ErrNoRoute: it rounds to nothing, or is
// more than the provider can move) counts as too little below the
// output's input and as no route above it; any other error is returned.
func InvertLeg(ctx context.Context, leg LegRequest, forward func(context.Context, LegRequest) (Leg, error)) (LegIn, error) {
	want := leg.AmountOut
	if want == nil || want.Sign() <= 0 {
		return LegIn{}, fmt.Errorf("quote: exact-output leg without a positive amountOut (%v)", want)
	}
	steps := 0
	var lastNoRoute error
	// ok prices the leg forward at in: whether it guarantees want.
	ok := func(in *big.Int) (Leg, bool, error) {
		steps++
		if err := ctx.Err(); err != nil {
			return Leg{}, false, err
		}
		l := leg
		l.AmountOut, l.AmountIn = nil, in
		got, err := forward(ctx, l)
		switch {
		case errors.Is(err, ErrNoRoute):
			lastNoRoute = err
			return Leg{}, false, nil
		case err != nil:
			return Leg{}, false, err
		case got.AmountOut == nil:
			return Leg{}, false, errors.New("quote: forward leg without amountOut")
		}
		return got, got.floor().Cmp(want) >= 0, nil
	}
	one := big.NewInt(1)
	// A first guess from the rate at the output's own amount.
	guess := new(big.Int).Set(want)
	l0, good, err := ok(guess)
	if err != nil {
		return LegIn{}, err
	}
	l, g := l0, good
	if !good && l0.AmountOut != nil && l0.floor().Sign() > 0 {
		// The secant: in * want / floor, rounded up.
		guess = ceilDiv(new(big.Int).Mul(guess, want), l0.floor())
		if l, g, err = ok(guess); err != nil {
			return LegIn{}, err
		}
	}
	var hi, lo *big.Int // the search keeps floor(hi) >= want > floor(lo); lo 0 when unknown
	var best Leg
	if g {
		hi, best = guess, l
		for step := big.NewInt(1); ; step.Lsh(step, 1) {
			y := new(big.Int).Sub(hi, step)
			if y.Sign() <= 0 {
				lo = new(big.Int)
				break
			}
			ly, gy, err := ok(y)
			if err != nil {
				return LegIn{}, err
			}
			if !gy {
				lo = y
				break
			}
			hi, best = y, ly
		}
	} else {
		lo = guess
		for step := big.NewInt(1); ; step.Lsh(step, 1) {
			y := new(big.Int).Add(lo, step)
			if y.BitLen() > 256 || steps > maxInversionSteps {
				return LegIn{}, noInverse(leg, lastNoRoute)
			}
			ly, gy, err := ok(y)
			if err != nil {
				return LegIn{}, err
			}
			if gy {
				hi, best = y, ly
				break
			}
			lo = y
		}
	}
	for new(big.Int).Sub(hi, lo).Cmp(one) > 0 {
		if steps > maxInversionSteps {
			break // hi holds: a little more input than the least
		}
		mid := new(big.Int).Add(hi, lo)
		mid.Rsh(mid, 1)
		lm, gm, err := ok(mid)
		if err != nil {
			return LegIn{}, err
		}
		if gm {
			hi, best = mid, lm
		} else {
			lo = mid
		}
	}
	return LegIn{
		AmountIn: hi, AmountOut: best.floor(),
		EstTime: best.EstTime, ValidUntil: best.ValidUntil, Fees: best.Fees, BuildFees: best.BuildFees, Payloads: best.Payloads, Build: best.Build,
	}, nil
}

// noInverse is the answer for an output no input reaches.
func noInverse(leg LegRequest, cause error) error {
	if cause != nil {
		return fmt.Errorf("%w: no input delivers %s %s (%v)", ErrNoRoute, leg.AmountOut, leg.To.Symbol, cause)
	}
	return fmt.Errorf("%w: no input delivers %s %s", ErrNoRoute, leg.AmountOut, leg.To.Symbol)
}

// OneToOneLeg answers an exact-output leg of a provider that moves its
// input one for one (a bridge, the EVM SwapFacility): the forward leg at
// the output asked for, which must guarantee it. One forward call.
func OneToOneLeg(ctx context.Context, leg LegRequest, forward func(context.Context, LegRequest) (Leg, error)) (LegIn, error) {
	want := leg.AmountOut
	if want == nil || want.Sign() <= 0 {
		return LegIn{}, fmt.Errorf("quote: exact-output leg without a positive amountOut (%v)", want)
	}
	l := leg
	l.AmountOut, l.AmountIn = nil, want
	got, err := forward(ctx, l)
	if err != nil {
		return LegIn{}, err
	}
	if got.AmountOut == nil || got.floor().Cmp(want) < 0 {
		return LegIn{}, fmt.Errorf("%w: %s %s in guarantees %v out, not one for one", ErrNoRoute, want, leg.From.Symbol, got.floor())
	}
	return LegIn{
		AmountIn: want, AmountOut: got.floor(),
		EstTime: got.EstTime, ValidUntil: got.ValidUntil, Fees: got.Fees, BuildFees: got.BuildFees, Payloads: got.Payloads, Build: got.Build,
	}, nil
}

// ceilDiv is a / b rounded up, for positive a and b.
func ceilDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}
