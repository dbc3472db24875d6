package rfq_test

import (
	"context"
	"errors"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/limitorder/rfq"
)

// exactSolver answers an exact-output ask with the input it needs at
// 10 bps (rounded up), and an ordinary request with amountIn less 10 bps.
func exactSolver(asked *atomic.Int32) rfq.OfferFunc {
	return func(ctx context.Context, req rfq.Request) (*rfq.Offer, error) {
		o := &rfq.Offer{ExpiresAt: time.Now().Add(time.Minute), EstFillTimeMs: 1500, FeeBps: 10}
		if req.AmountOut != nil {
			asked.Add(1)
			in := new(big.Int).Mul(req.AmountOut.Int, big.NewInt(10_000))
			in.Add(in, big.NewInt(9_989)).Quo(in, big.NewInt(9_990))
			a := rfq.NewAmount(in)
			o.AmountIn, o.AmountOut = &a, rfq.NewAmount(req.AmountOut.Int)
			return o, nil
		}
		out := new(big.Int).Mul(req.AmountIn.Int, big.NewInt(9_990))
		o.AmountOut = rfq.NewAmount(out.Quo(out, big.NewInt(10_000)))
		return o, nil
	}
}

// An exact-output ask travels from the Client to a solver's Handler and
// back, checked against the solver document both ways: the solver sees
// amountOut and amountIn "0", and names the input it needs. A client not
// configured for them never asks.
func TestExactOutputAskRoundTrip(t *testing.T) {
	var asked atomic.Int32
	srv, _ := solver(t, &rfq.Verifier{Secret: []byte(secret)}, exactSolver(&asked))
	req := limitorder.ExactOutputRequest{From: leg.From, To: leg.To, AmountOut: big.NewInt(1_000_000), Recipient: leg.Recipient}

	off := client(t, srv.URL+"/rfq", secret, nil)
	if _, err := off.InputFor(t.Context(), req); !errors.Is(err, limitorder.ErrNoOffer) || asked.Load() != 0 {
		t.Fatalf("a client without ExactOutput: err %v, %d asks; want ErrNoOffer and none", err, asked.Load())
	}

	on := client(t, srv.URL+"/rfq", secret, func(c *rfq.Config) { c.ExactOutput = true })
	in, err := on.InputFor(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	// ⌈1e6 · 10⁴ / 9990⌉ = 1001002, which buys ⌊1001002 · 0.999⌋ = 1000000.
	if in.String() != "1001002" || asked.Load() != 1 {
		t.Errorf("input %s after %d asks, want 1001002 after one", in, asked.Load())
	}
	// The forward offer for that input reaches the output.
	o, err := on.Offer(t.Context(), limitorder.OfferRequest{From: leg.From, To: leg.To, AmountIn: in, Recipient: leg.Recipient})
	if err != nil || o.AmountOut.Cmp(req.AmountOut) < 0 {
		t.Errorf("offer for %s: %+v, %v; want at least %s", in, o, err, req.AmountOut)
	}
}

// An answer to an exact-output ask without amountIn, or offering less
// than asked, is refused.
func TestExactOutputAskBadAnswers(t *testing.T) {
	for name, answer := range map[string]func(req rfq.Request) *rfq.Offer{
		"no amountIn": func(req rfq.Request) *rfq.Offer {
			return &rfq.Offer{AmountOut: rfq.NewAmount(req.AmountOut.Int), ExpiresAt: time.Now().Add(time.Minute)}
		},
		"short": func(req rfq.Request) *rfq.Offer {
			in := rfq.NewAmount(big.NewInt(5))
			return &rfq.Offer{AmountIn: &in, AmountOut: rfq.NewAmount(big.NewInt(1)), ExpiresAt: time.Now().Add(time.Minute)}
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv, _ := solver(t, &rfq.Verifier{Secret: []byte(secret)}, func(_ context.Context, req rfq.Request) (*rfq.Offer, error) { return answer(req), nil })
			c := client(t, srv.URL+"/rfq", secret, func(c *rfq.Config) { c.ExactOutput = true })
			if in, err := c.InputFor(t.Context(), limitorder.ExactOutputRequest{From: leg.From, To: leg.To, AmountOut: big.NewInt(1_000), Recipient: leg.Recipient}); err == nil {
				t.Errorf("accepted input %s", in)
			}
		})
	}
}
