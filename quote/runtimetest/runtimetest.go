package runtimetest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// Harness is one runtime under test, on two chains it serves, with the
// knobs the suite turns on their nodes.
type Harness struct {
	// Runtime is the runtime under test.
	Runtime quote.Runtime
	// Catalog names the chains and tokens of the legs and payloads below.
	Catalog quote.Catalog
	// Chains are two chains Runtime serves, both readable when the
	// harness is made. The suite breaks the first (Break).
	Chains [2]orchestration.Chain
	// Reads returns n reads on chain that Runtime answers, distinct from
	// every read it returned before, so that no cache holds their answers
	// (the balances of fresh holders, for instance).
	Reads func(chain orchestration.Chain, n int) []quote.Read
	// Advance moves chain forward: the newest state read afterwards is at
	// a later block or slot.
	Advance func(t *testing.T, chain orchestration.Chain)
	// Break makes chain's node fail every request from now on.
	Break func(t *testing.T, chain orchestration.Chain)
	// RoundTrips is the number of requests sent to chain's node so far.
	RoundTrips func(chain orchestration.Chain) int
	// Funding are the legs and payloads of the funding and payload checks.
	Funding Funding
}

// Funding are legs on one chain of the harness, each with its chain in
// the state the suite expects (the suite reads Runtime.Reads of each).
type Funding struct {
	// Lacking is a leg whose grant is missing (no allowance, no account):
	// it gets at least one funding step.
	Lacking quote.LegRequest
	// Granted is a leg whose grant is in place on the chain (an allowance
	// that covers it, an account that exists): it gets none.
	Granted quote.LegRequest
	// Shared are two legs of one route drawing on one grant: what the
	// first's steps grant or draw counts for the second, so the second's
	// steps after the first's differ from its steps alone (on EVM an
	// allowance enough for one of them, then an approve for the second;
	// on Solana a missing account, created once).
	Shared [2]quote.LegRequest
	// CallsElsewhere is a payload on Lacking's chain calling what the
	// deployment does not know: CheckPayload and CheckLeg refuse it.
	CallsElsewhere orchestration.TransactionPayload
	// GrantsElsewhere is a payload on Lacking's chain that, though it
	// calls only what the deployment knows, grants or delivers to someone
	// other than Lacking's spender or recipient: CheckLeg refuses it.
	GrantsElsewhere orchestration.TransactionPayload
}

// timeout bounds each read of the suite.
const timeout = 10 * time.Second

// Run runs the conformance suite. newHarness is called once per subtest,
// so each subtest starts from fresh nodes (Break breaks one for good).
func Run(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Helper()
	setup := func(t *testing.T) Harness {
		t.Helper()
		h := newHarness(t)
		if h.Runtime == nil || h.Catalog == nil || h.Reads == nil || h.Advance == nil || h.Break == nil || h.RoundTrips == nil ||
			h.Chains[0] == "" || h.Chains[0] == h.Chains[1] {
			t.Fatal("runtimetest: the harness must supply a Runtime, a Catalog, two distinct Chains, Reads, Advance, Break and RoundTrips")
		}
		return h
	}
	t.Run("Serves", func(t *testing.T) { testServes(t, setup(t)) })
	t.Run("ReadsBatched", func(t *testing.T) { testBatched(t, setup(t)) })
	t.Run("StateAtPoint", func(t *testing.T) { testStateAtPoint(t, setup(t)) })
	t.Run("Funding", func(t *testing.T) { testFunding(t, setup(t)) })
	t.Run("PayloadChecks", func(t *testing.T) { testPayloadChecks(t, setup(t)) })
	t.Run("FailingNodeIsolated", func(t *testing.T) { testFailingNode(t, setup(t)) })
}

func testServes(t *testing.T, h Harness) {
	if h.Runtime.Serves() == "" {
		t.Error("Serves() is empty: the engine files a runtime under what it serves")
	}
	for _, c := range h.Chains {
		if !h.Runtime.Has(c) {
			t.Errorf("Has(%s) = false for a chain of the harness", c)
		}
	}
	if h.Runtime.Has("NoSuchChain") {
		t.Error(`Has("NoSuchChain") = true`)
	}
}

// read is ReadState under the suite's timeout, counting its round trips.
func read(t *testing.T, h Harness, chain orchestration.Chain, reads []quote.Read, prev quote.State) (quote.State, int, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	before := h.RoundTrips(chain)
	s, err := h.Runtime.ReadState(ctx, chain, reads, prev)
	return s, h.RoundTrips(chain) - before, err
}

// answered fails t unless s answers every read.
func answered(t *testing.T, what string, s quote.State, reads []quote.Read) {
	t.Helper()
	for _, rd := range reads {
		if !s.HasKey(rd.ReadKey()) {
			t.Errorf("%s: read %q is not answered", what, rd.ReadKey())
		}
	}
}

// One round trip per chain and phase, however many reads, and the chains
// read at once each make their own.
func testBatched(t *testing.T, h Harness) {
	for _, n := range []int{1, 4, 40} {
		for _, chain := range h.Chains {
			reads := h.Reads(chain, n)
			if len(reads) != n {
				t.Fatalf("harness Reads(%s, %d) gave %d reads", chain, n, len(reads))
			}
			s, trips, err := read(t, h, chain, reads, nil)
			if err != nil {
				t.Fatalf("ReadState of %d reads on %s: %v", n, chain, err)
			}
			if trips != 1 {
				t.Errorf("ReadState of %d reads on %s took %d round trips, want 1", n, chain, trips)
			}
			answered(t, "ReadState", s, reads)
		}
	}
	// Both chains at once, as a read phase does.
	reads := [2][]quote.Read{h.Reads(h.Chains[0], 8), h.Reads(h.Chains[1], 8)}
	before := [2]int{h.RoundTrips(h.Chains[0]), h.RoundTrips(h.Chains[1])}
	errs := make([]error, 2)
	done := make(chan int)
	for i, chain := range h.Chains {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			_, errs[i] = h.Runtime.ReadState(ctx, chain, reads[i], nil)
			done <- i
		}()
	}
	<-done
	<-done
	for i, chain := range h.Chains {
		if errs[i] != nil {
			t.Errorf("concurrent ReadState on %s: %v", chain, errs[i])
		}
		if trips := h.RoundTrips(chain) - before[i]; trips != 1 {
			t.Errorf("concurrent ReadState on %s took %d round trips, want 1", chain, trips)
		}
	}
}

// A later phase reads at the first phase's block or slot even after the
// chain moved, in one round trip, and leaves the first phase's state as it
// was.
func testStateAtPoint(t *testing.T, h Harness) {
	chain := h.Chains[0]
	first := h.Reads(chain, 3)
	s1, _, err := read(t, h, chain, first, nil)
	if err != nil {
		t.Fatalf("first phase: %v", err)
	}
	h.Advance(t, chain)
	second := h.Reads(chain, 2)
	s2, trips, err := read(t, h, chain, second, s1)
	if err != nil {
		t.Fatalf("second phase: %v", err)
	}
	if s2.At() != s1.At() {
		t.Errorf("second phase at %d, want the first phase's %d", s2.At(), s1.At())
	}
	if trips > 1 {
		t.Errorf("second phase took %d round trips, want at most 1", trips)
	}
	answered(t, "second phase", s2, append(slices.Clone(first), second...))
	for _, rd := range second {
		if s1.HasKey(rd.ReadKey()) {
			t.Errorf("the first phase's state answers %q after the second phase: ReadState modified prev", rd.ReadKey())
		}
	}
	fresh, _, err := read(t, h, chain, h.Reads(chain, 1), nil)
	if err != nil {
		t.Fatalf("newest state: %v", err)
	}
	if fresh.At() <= s1.At() {
		t.Errorf("the newest state after Advance is at %d, not past the first phase's %d: Advance did not move the chain, or reads are not of the newest state", fresh.At(), s1.At())
	}
}

// stateFor reads what Steps needs for leg, as the engine's first phase
// does; nil when the runtime reads nothing for it.
func stateFor(t *testing.T, h Harness, leg quote.LegRequest) quote.State {
	t.Helper()
	reads := h.Runtime.Reads(leg)
	if len(reads) == 0 {
		return nil
	}
	s, _, err := read(t, h, leg.From.Chain, reads, nil)
	if err != nil {
		t.Fatalf("reading the funding reads of %s: %v", describe(leg), err)
	}
	answered(t, "funding reads", s, reads)
	return s
}

func describe(leg quote.LegRequest) string {
	return leg.From.Symbol + "@" + string(leg.From.Chain) + " → " + leg.To.Symbol + "@" + string(leg.To.Chain)
}

// steps is Steps for leg on ledger, its payloads checked as the engine
// checks them.
func steps(t *testing.T, h Harness, leg quote.LegRequest, s quote.State, ledger *quote.Ledger) []orchestration.Payload {
	t.Helper()
	ps, err := h.Runtime.Steps(leg, s, ledger)
	if err != nil {
		t.Fatalf("Steps(%s): %v", describe(leg), err)
	}
	chain := chainInfo(t, h, leg.From.Chain)
	for i, p := range ps {
		if p.Data.Chain() != leg.From.Chain {
			t.Errorf("Steps(%s)[%d] is on %s, not the leg's chain", describe(leg), i, p.Data.Chain())
		}
		if err := h.Runtime.CheckPayload(chain, p.Data); err != nil {
			t.Errorf("Steps(%s)[%d] fails the runtime's own CheckPayload: %v", describe(leg), i, err)
		}
		if lc, ok := h.Runtime.(quote.LegChecker); ok {
			if err := lc.CheckLeg(chain, leg, p.Data); err != nil {
				t.Errorf("Steps(%s)[%d] fails the runtime's own CheckLeg: %v", describe(leg), i, err)
			}
		}
		if p.Annotation == "" {
			t.Errorf("Steps(%s)[%d] has no annotation: the wallet shows it", describe(leg), i)
		}
	}
	return ps
}

func chainInfo(t *testing.T, h Harness, chain orchestration.Chain) asset.ChainInfo {
	t.Helper()
	info, ok := h.Catalog.Chain(chain)
	if !ok {
		t.Fatalf("chain %s is not in the harness's catalog", chain)
	}
	return info
}

// A leg lacking its grant gets a step, one already granted none, and two
// legs of a route drawing on one grant count it once.
func testFunding(t *testing.T, h Harness) {
	f := h.Funding
	if f.Lacking.From.Chain == "" || f.Granted.From.Chain == "" || f.Shared[0].From.Chain == "" || f.Shared[1].From.Chain == "" {
		t.Fatal("runtimetest: the harness's Funding must supply the Lacking, Granted and Shared legs")
	}
	if got := steps(t, h, f.Lacking, stateFor(t, h, f.Lacking), new(quote.Ledger)); len(got) == 0 {
		t.Errorf("Steps(%s) of a leg lacking its grant: none, want its funding step", describe(f.Lacking))
	}
	if got := steps(t, h, f.Granted, stateFor(t, h, f.Granted), new(quote.Ledger)); len(got) != 0 {
		t.Errorf("Steps(%s) of a leg already granted: %d steps, want none", describe(f.Granted), len(got))
	}
	first, second := f.Shared[0], f.Shared[1]
	s1, s2 := stateFor(t, h, first), stateFor(t, h, second)
	alone := len(steps(t, h, second, s2, new(quote.Ledger)))
	route := new(quote.Ledger)
	steps(t, h, first, s1, route)
	after := len(steps(t, h, second, s2, route))
	if alone == after {
		t.Errorf("the second of two legs drawing on one grant gets %d steps after the first as alone: the route's ledger was not consulted, so the grant counts twice", after)
	}
	// The ledger is the route's: another route starts afresh.
	if again := len(steps(t, h, second, s2, new(quote.Ledger))); again != alone {
		t.Errorf("Steps(%s) on a fresh ledger: %d steps, then %d: Steps keeps state outside the ledger", describe(second), alone, again)
	}
}

// A runtime's own steps pass its checks (testFunding), and a payload
// calling something else, or granting someone else, does not.
func testPayloadChecks(t *testing.T, h Harness) {
	f := h.Funding
	if f.CallsElsewhere.Chain() == "" || f.GrantsElsewhere.Chain() == "" {
		t.Fatal("runtimetest: the harness's Funding must supply CallsElsewhere and GrantsElsewhere payloads")
	}
	leg := f.Lacking
	chain := chainInfo(t, h, leg.From.Chain)
	own := steps(t, h, leg, stateFor(t, h, leg), new(quote.Ledger))
	if len(own) == 0 {
		t.Fatalf("Steps(%s): none to check", describe(leg))
	}
	if err := h.Runtime.CheckPayload(chain, f.CallsElsewhere); err == nil {
		t.Error("CheckPayload passes a payload calling what the deployment does not know")
	}
	lc, ok := h.Runtime.(quote.LegChecker)
	if !ok {
		t.Fatal("the runtime is no quote.LegChecker: it cannot tell a payload granting someone else")
	}
	if err := lc.CheckLeg(chain, leg, f.CallsElsewhere); err == nil {
		t.Error("CheckLeg passes a payload calling what the deployment does not know")
	}
	if err := lc.CheckLeg(chain, leg, f.GrantsElsewhere); err == nil {
		t.Errorf("CheckLeg passes a payload granting someone other than the leg's spender or recipient")
	}
}

// A chain whose node fails fails its reads with a quote.ChainUnavailable
// naming it; the other chain still reads.
func testFailingNode(t *testing.T, h Harness) {
	down, up := h.Chains[0], h.Chains[1]
	h.Break(t, down)
	_, _, err := read(t, h, down, h.Reads(down, 2), nil)
	if err == nil {
		t.Fatalf("ReadState on %s with its node broken: no error", down)
	}
	var ue quote.ChainUnavailable
	if !errors.As(err, &ue) {
		t.Errorf("ReadState on %s with its node broken: %v (%T), want a quote.ChainUnavailable", down, err, err)
	} else if ue.UnavailableChain() != down {
		t.Errorf("the ChainUnavailable names %s, want %s", ue.UnavailableChain(), down)
	}
	reads := h.Reads(up, 2)
	s, _, err := read(t, h, up, reads, nil)
	if err != nil {
		t.Fatalf("ReadState on %s while %s is down: %v", up, down, err)
	}
	answered(t, "the chain still up", s, reads)
}
