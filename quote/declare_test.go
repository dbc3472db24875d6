package quote_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// countingAMM is an amm that counts the reads it is asked to declare and,
// as a Prefetcher, its prefetches, each of which it also sends on
// prefetched when that is set.
type countingAMM struct {
	*amm
	reads, prefetches atomic.Int32
	prefetched        chan quote.LegRequest
}

func (c *countingAMM) Reads(leg quote.LegRequest) []quote.Read {
	c.reads.Add(1)
	return c.amm.Reads(leg)
}

func (c *countingAMM) Prefetch(leg quote.LegRequest) {
	c.prefetches.Add(1)
	if c.prefetched != nil {
		c.prefetched <- leg
	}
}

// A leg's reads are declared once: a request equal to an earlier one asks
// its provider nothing, one at another amount asks only for the legs at
// that amount, and one from another sender asks for every leg again.
func TestDeclarationsKeptAcrossRequests(t *testing.T) {
	// Routes M>wM, and M>USDC>wM, whose second leg is declared without
	// its amount in the first phase and at it in the second: four leg
	// requests in all.
	p := &countingAMM{amm: newAMM(uniID, true).edge(mEth, wMEth).edge(mEth, usdcEth).edge(usdcEth, wMEth)}
	fr := &fakeReader{compute: ammCompute}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}, Runtimes: evmRuntimes(nil, fr)})
	ctx := context.Background()
	req := request(wMEth)
	req.MaxNumQuotes = ptr(5)

	first, err := e.Quote(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if n := p.reads.Load(); n != 4 {
		t.Fatalf("first request: %d leg requests declared, want 4", n)
	}
	readsBefore := len(fr.reads())
	again, err := e.Quote(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if n := p.reads.Load(); n != 4 {
		t.Errorf("the same request again asked the provider for reads %d more times, want 0", n-4)
	}
	if diff := cmp.Diff(first, again); diff != "" {
		t.Errorf("the same request quoted differently (-first +again):\n%s", diff)
	}
	// The declarations kept are the reads made: the chain is read as it
	// was the first time.
	reads := fr.reads()
	sameCall := cmp.Comparer(func(a, b evm.Call) bool { return a.Key() == b.Key() && a.Immutable == b.Immutable })
	if diff := cmp.Diff(reads[:readsBefore], reads[readsBefore:], sameCall); diff != "" {
		t.Errorf("the same request read differently (-first +again):\n%s", diff)
	}

	// M>wM and M>USDC at 2 M, USDC>wM at what M>USDC gives; USDC>wM
	// without an amount is kept.
	req.AmountIn = "2000000"
	if _, err := e.Quote(ctx, req); err != nil {
		t.Fatal(err)
	}
	if n := p.reads.Load() - 4; n != 3 {
		t.Errorf("a new amount asked for %d leg requests' reads, want 3", n)
	}

	req.Sender = other
	if _, err := e.Quote(ctx, req); err != nil {
		t.Fatal(err)
	}
	if n := p.reads.Load() - 7; n != 4 {
		t.Errorf("a new sender asked for %d leg requests' reads, want 4", n)
	}
}

// A panic in Reads is not kept: every request that declares the leg meets
// it, as the first did, and fails only the leg.
func TestDeclarationPanicNotKept(t *testing.T) {
	bad := newAMM(orchestration.ProviderUniswapV3, true).edge(mEth, wMEth)
	bad.readsPanic = "boom"
	p := &countingAMM{amm: bad}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}, Runtimes: evmRuntimes(nil, &fakeReader{compute: ammCompute})})
	for i := range 2 {
		_, err := e.Quote(context.Background(), request(wMEth))
		wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
		if n := p.reads.Load(); n != int32(i+1) {
			t.Fatalf("request %d: Reads called %d times in all, want %d", i+1, n, i+1)
		}
	}
}

// blockingReader is a fakeReader whose Read waits for release, and which,
// when warm, answers from Cached as the evm.Reader does for state at hand.
type blockingReader struct {
	*fakeReader
	release chan struct{}
	warm    atomic.Bool
}

func (b *blockingReader) Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	select {
	case <-b.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return b.fakeReader.Read(ctx, chain, calls)
}

func (b *blockingReader) Cached(chain orchestration.Chain, calls []evm.Call) (*evm.Answers, bool) {
	if !b.warm.Load() {
		return nil, false
	}
	a, err := b.fakeReader.Read(context.Background(), chain, calls)
	return a, err == nil
}

// A Prefetcher hears of a leg while the engine waits on the node for the
// leg's state, so that its own waits overlap the round trip; a request
// whose state is at hand prefetches nothing.
func TestPrefetchOverlapsNodeRead(t *testing.T) {
	p := &countingAMM{amm: newAMM(uniID, true).edge(mEth, wMEth), prefetched: make(chan quote.LegRequest, 8)}
	br := &blockingReader{fakeReader: &fakeReader{compute: ammCompute}, release: make(chan struct{})}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}, Runtimes: evmRuntimes(nil, br)})
	ctx := context.Background()

	done := make(chan error, 1)
	go func() {
		_, err := e.Quote(ctx, request(wMEth))
		done <- err
	}()
	select {
	case leg := <-p.prefetched:
		if leg.AmountIn == nil || leg.AmountIn.String() != "1000000" || leg.From.Address != mEth.Address {
			t.Errorf("prefetched %s %v, want the first leg at 1000000", label(leg.From), leg.AmountIn)
		}
	case err := <-done:
		t.Fatalf("the quote ended (%v) before the leg was prefetched", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no prefetch while the node was being read")
	}
	close(br.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := p.prefetches.Load(); n != 1 {
		t.Errorf("%d prefetches for a one-leg quote, want 1", n)
	}

	br.warm.Store(true)
	if _, err := e.Quote(ctx, request(wMEth)); err != nil {
		t.Fatal(err)
	}
	if n := p.prefetches.Load(); n != 1 {
		t.Errorf("a quote whose state was at hand prefetched %d times, want none", n-1)
	}
}

// exactCountingAMM is a countingAMM that also prices legs backwards.
type exactCountingAMM struct{ *countingAMM }

func (p exactCountingAMM) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	return quote.InvertLeg(ctx, leg, p.QuoteLeg)
}

// An exact-output leg is declared once across requests, by its output, as
// a forward leg is by its input; its Prefetcher hears of it, with its
// output, while the engine waits on the node, and not when the state is
// at hand.
func TestExactOutputLegsDeclaredOnceAndPrefetched(t *testing.T) {
	p := exactCountingAMM{&countingAMM{amm: newAMM(uniID, false).edge(mEth, wMEth), prefetched: make(chan quote.LegRequest, 8)}}
	br := &blockingReader{fakeReader: &fakeReader{compute: ammCompute}, release: make(chan struct{})}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}, Runtimes: evmRuntimes(nil, br)})
	ctx := context.Background()
	req := exactRequest(wMAddr, "1000000")

	done := make(chan error, 1)
	go func() {
		_, err := e.Quote(ctx, req)
		done <- err
	}()
	select {
	case leg := <-p.prefetched:
		if leg.AmountIn != nil || leg.AmountOut == nil || leg.AmountOut.String() != "1000000" {
			t.Errorf("prefetched a leg of input %v, output %v; want output 1000000", leg.AmountIn, leg.AmountOut)
		}
	case err := <-done:
		t.Fatalf("the quote ended (%v) before the leg was prefetched", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no prefetch while the node was being read")
	}
	close(br.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	br.warm.Store(true)
	if _, err := e.Quote(ctx, req); err != nil {
		t.Fatal(err)
	}
	if n := p.reads.Load(); n != 1 {
		t.Errorf("two equal exact-output requests declared the leg %d times, want 1", n)
	}
	if n := p.prefetches.Load(); n != 1 {
		t.Errorf("%d prefetches, want 1: none for a request whose state was at hand", n)
	}
}
