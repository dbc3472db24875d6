// Package quotetest is the conformance suite for quote.Provider
// implementations. Every provider runs it from its own tests:
//
//	func TestConformance(t *testing.T) {
//		quotetest.Run(t, func(t *testing.T) quotetest.Harness {
//			return quotetest.Harness{Provider: ..., Quotable: ..., Unquotable: ...}
//		})
//	}
//
// Run the suite under the race detector (go test -race): one subtest calls
// the provider from many goroutines at once.
package quotetest

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// Harness is one provider under test, with the requests it must and must not
// quote.
type Harness struct {
	Provider quote.Provider
	// Quotable requests are ones the provider must quote; at least one.
	Quotable []quote.Request
	// Unquotable requests are ones it cannot serve and must answer with
	// ErrNoRoute (or no candidates); at least one.
	Unquotable []quote.Request
	// Contracts lists the EVM addresses a payload may call. A payload to any
	// other address fails the suite: a provider must never send funds or
	// calls anywhere the deployment does not know.
	Contracts []string
	// ChainIDs gives the EVM chain id of every EVM chain in the requests.
	ChainIDs map[orchestration.Chain]uint64
}

// promptly bounds how long a provider may take to return once its context
// is cancelled.
const promptly = 2 * time.Second

// Run runs the conformance suite. newHarness is called once per subtest, so
// each subtest starts from a fresh provider.
func Run(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Helper()
	setup := func(t *testing.T) Harness {
		t.Helper()
		h := newHarness(t)
		if h.Provider == nil || len(h.Quotable) == 0 || len(h.Unquotable) == 0 {
			t.Fatal("quotetest: the harness must supply a Provider, at least one Quotable and at least one Unquotable request")
		}
		return h
	}
	t.Run("ID", func(t *testing.T) { testID(t, setup(t)) })
	t.Run("QuotesSupportedRoute", func(t *testing.T) { testQuotes(t, setup(t)) })
	t.Run("PayloadTargetsAllowed", func(t *testing.T) { testTargets(t, setup(t)) })
	t.Run("NoRouteForUnsupported", func(t *testing.T) { testNoRoute(t, setup(t)) })
	t.Run("CancelledContext", func(t *testing.T) { testCancelled(t, setup(t)) })
	t.Run("CancelDuringCall", func(t *testing.T) { testCancelDuring(t, setup(t)) })
	t.Run("Concurrent", func(t *testing.T) { testConcurrent(t, setup(t)) })
}

func testID(t *testing.T, h Harness) {
	id := h.Provider.ID()
	if id == "" {
		t.Fatal("ID() is empty")
	}
	if !id.IsKnown() {
		t.Errorf("ID() = %q, not one of orchestration.KnownProviders()", id)
	}
	if _, err := h.Provider.Quote(context.Background(), h.Quotable[0]); err != nil {
		t.Fatalf("Quote: %v", err)
	}
	if again := h.Provider.ID(); again != id {
		t.Errorf("ID() changed from %q to %q", id, again)
	}
}

func testQuotes(t *testing.T, h Harness) {
	for i, req := range h.Quotable {
		before := copyRequest(req)
		cands, err := h.Provider.Quote(context.Background(), req)
		if diff := cmp.Diff(before, req, cmp.Comparer(bigEqual)); diff != "" {
			t.Errorf("Quotable[%d]: Quote modified its request (-before +after):\n%s", i, diff)
		}
		if err != nil {
			t.Fatalf("Quotable[%d]: Quote: %v", i, err)
		}
		if len(cands) == 0 {
			t.Fatalf("Quotable[%d]: no candidates", i)
		}
		for j, c := range cands {
			checkCandidate(t, h, req, c, "Quotable["+strconv.Itoa(i)+"] candidate "+strconv.Itoa(j))
		}
	}
}

func testTargets(t *testing.T, h Harness) {
	allowed := make(map[common.Address]bool)
	for _, s := range h.Contracts {
		a, err := orchestration.ParseEVMAddress(s)
		if err != nil {
			t.Fatalf("harness Contracts: %q %v", s, err)
		}
		allowed[a] = true
	}
	for i, req := range h.Quotable {
		cands, err := h.Provider.Quote(context.Background(), req)
		if err != nil {
			t.Fatalf("Quotable[%d]: Quote: %v", i, err)
		}
		for j, c := range cands {
			for k, p := range c.Payloads {
				if p.Data.EVM == nil {
					continue
				}
				to, err := orchestration.ParseEVMAddress(p.Data.EVM.To)
				if err != nil {
					t.Errorf("Quotable[%d] candidate %d payload %d: to %v", i, j, k, err)
					continue
				}
				if !allowed[to] {
					t.Errorf("Quotable[%d] candidate %d payload %d: to %s is not in the harness's Contracts", i, j, k, to.Hex())
				}
			}
		}
	}
}

func testNoRoute(t *testing.T, h Harness) {
	for i, req := range h.Unquotable {
		cands, err := h.Provider.Quote(context.Background(), req)
		switch {
		case err == nil && len(cands) > 0:
			t.Errorf("Unquotable[%d]: got %d candidates, want ErrNoRoute", i, len(cands))
		case err != nil && !errors.Is(err, quote.ErrNoRoute):
			t.Errorf("Unquotable[%d]: error %q does not wrap quote.ErrNoRoute", i, err)
		}
	}
}

func testCancelled(t *testing.T, h Harness) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	_, err := h.Provider.Quote(ctx, h.Quotable[0])
	if d := time.Since(start); d > promptly {
		t.Errorf("Quote with a cancelled context took %v, want under %v", d, promptly)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Quote with a cancelled context: error %v, want one wrapping context.Canceled", err)
	}
}

func testCancelDuring(t *testing.T, h Harness) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const after = 10 * time.Millisecond
	time.AfterFunc(after, cancel)
	start := time.Now()
	_, err := h.Provider.Quote(ctx, h.Quotable[0])
	if d := time.Since(start); d > after+promptly {
		t.Errorf("Quote took %v after its context was cancelled at %v, want under %v", d, after, after+promptly)
	}
	// A provider that finished before the cancellation may succeed.
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("Quote cancelled during the call: error %v, want nil or one wrapping context.Canceled", err)
	}
}

func testConcurrent(t *testing.T, h Harness) {
	const goroutines, calls = 8, 4
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for c := range calls {
				if (g+c)%2 == 0 {
					req := h.Quotable[(g+c)%len(h.Quotable)]
					cands, err := h.Provider.Quote(context.Background(), req)
					if err != nil || len(cands) == 0 {
						t.Errorf("concurrent Quote of a quotable request: %d candidates, error %v", len(cands), err)
					}
					continue
				}
				req := h.Unquotable[(g+c)%len(h.Unquotable)]
				if _, err := h.Provider.Quote(context.Background(), req); err != nil && !errors.Is(err, quote.ErrNoRoute) {
					t.Errorf("concurrent Quote of an unquotable request: %v", err)
				}
			}
		})
	}
	wg.Wait()
}

// checkCandidate checks one candidate against the Candidate contract and the
// request's route.
func checkCandidate(t *testing.T, h Harness, req quote.Request, c quote.Candidate, where string) {
	t.Helper()
	if c.AmountOut == nil || c.AmountOut.Sign() <= 0 {
		t.Errorf("%s: amountOut %v, want greater than zero", where, c.AmountOut)
	}
	if c.EstFillTime < 0 {
		t.Errorf("%s: estFillTime %v is negative", where, c.EstFillTime)
	}
	if len(c.Payloads) == 0 {
		t.Errorf("%s: no payloads", where)
	}
	runtimes := map[orchestration.Chain]orchestration.ChainRuntime{
		req.Source.Chain:      req.Source.Runtime,
		req.Destination.Chain: req.Destination.Runtime,
	}
	for k, p := range c.Payloads {
		where := where + " payload " + strconv.Itoa(k)
		if p.Provider != "" && !p.Provider.IsKnown() {
			t.Errorf("%s: provider %q is not a known provider", where, p.Provider)
		}
		switch {
		case (p.Data.EVM == nil) == (p.Data.SVM == nil):
			t.Errorf("%s: want exactly one of EVM and SVM data", where)
		case p.Data.EVM != nil:
			checkEVM(t, h, runtimes, p.Data.EVM, where)
		default:
			checkSVM(t, runtimes, p.Data.SVM, where)
		}
	}
}

func checkEVM(t *testing.T, h Harness, runtimes map[orchestration.Chain]orchestration.ChainRuntime, p *orchestration.EVMPayload, where string) {
	t.Helper()
	rt, ok := runtimes[p.Chain]
	if !ok {
		t.Errorf("%s: chain %q is neither the route's source nor its destination chain", where, p.Chain)
	} else if rt != orchestration.RuntimeEVM {
		t.Errorf("%s: EVM payload on chain %q, whose runtime is %q", where, p.Chain, rt)
	}
	if want, ok := h.ChainIDs[p.Chain]; !ok {
		t.Errorf("%s: the harness's ChainIDs lacks chain %q", where, p.Chain)
	} else if p.ChainID != want {
		t.Errorf("%s: chainId %d, want %d for %s", where, p.ChainID, want, p.Chain)
	}
	if _, err := orchestration.ParseEVMAddress(p.To); err != nil {
		t.Errorf("%s: to %v", where, err)
	}
	if !strings.HasPrefix(p.Data, "0x") || len(p.Data) < 10 {
		t.Errorf("%s: data %q, want 0x-prefixed calldata with at least a 4-byte selector", where, p.Data)
	} else if _, err := hex.DecodeString(p.Data[2:]); err != nil {
		t.Errorf("%s: data is not hex: %v", where, err)
	}
	if v, ok := new(big.Int).SetString(p.Value, 10); !ok || v.Sign() < 0 || strings.ContainsAny(p.Value, "+-") {
		t.Errorf("%s: value %q, want a non-negative decimal integer", where, p.Value)
	}
}

func checkSVM(t *testing.T, runtimes map[orchestration.Chain]orchestration.ChainRuntime, p *orchestration.SVMPayload, where string) {
	t.Helper()
	rt, ok := runtimes[p.Chain]
	if !ok {
		t.Errorf("%s: chain %q is neither the route's source nor its destination chain", where, p.Chain)
	} else if rt != orchestration.RuntimeSVM {
		t.Errorf("%s: SVM payload on chain %q, whose runtime is %q", where, p.Chain, rt)
	}
	if b, err := base64.StdEncoding.DecodeString(p.Transaction); err != nil || len(b) == 0 {
		t.Errorf("%s: transaction is not non-empty base64 (%v)", where, err)
	}
}

func copyRequest(r quote.Request) quote.Request {
	if r.AmountIn != nil {
		r.AmountIn = new(big.Int).Set(r.AmountIn)
	}
	return r
}

func bigEqual(a, b *big.Int) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Cmp(b) == 0
}
