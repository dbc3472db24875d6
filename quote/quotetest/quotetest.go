// Package quotetest is the conformance suite for quote.Provider
// implementations. Every provider runs it from its own tests, against the
// devnet when it reads a chain:
//
//	func TestConformance(t *testing.T) {
//		quotetest.Run(t, func(t *testing.T) quotetest.Harness {
//			return quotetest.Harness{Provider: ..., Catalog: ..., Runtimes: ..., Quotable: ..., Unquotable: ...}
//		})
//	}
//
// It checks what a wallet relies on: the provider's edges join catalog
// assets; quotes built from its legs alone honour the request (route,
// amount, recipient); every payload is on a chain of the route's legs with
// the catalog's chain id and calls a token or contract the catalog knows;
// the floor is at most the expected output; and, when the harness can
// execute payloads, the recipient really receives at least minAmountOut
// (exactly amountOut when the two are equal).
//
// # Solana
//
// A provider with Solana legs runs the same suite with Runtimes holding the
// Solana runtime (svm/svmruntime) over a fake node (svm/svmtest) that
// serves its accounts in their real layouts. Every SVM payload is then
// decoded and checked: unsigned, with one zeroed slot per signer, a recent
// blockhash, the funder as fee payer; each instruction calling a program of
// Programs matches one of its IDL's instructions by discriminator, with the
// IDL's number of accounts, every signer and writable account flagged so in
// the message, fixed accounts at their addresses and the data exactly the
// IDL's args (CheckSVM then checks the accounts and amounts themselves).
// What this cannot show without the programs: that the program accepts
// the accounts' state (a PDA's data, a whitelist, a wrap authority) and
// moves the amounts the provider computed. Execute stays nil for such a
// provider unless the harness can run the programs.
//
// Run the suite under the race detector (go test -race): one subtest quotes
// from many goroutines at once.
package quotetest

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

// Harness is one provider under test, with the requests it must and must not
// quote.
type Harness struct {
	Provider quote.Provider
	// Catalog is the deployment's catalog; every edge and payload is checked
	// against it.
	Catalog quote.Catalog
	// Runtimes are the engine's runtimes (quote.Config.Runtimes): the EVM
	// runtime over the chains' reader for providers that declare reads on
	// EVM chains, the Solana runtime for SVM legs. A chain whose runtime
	// is missing is not read, funded or checked by one.
	Runtimes []quote.Runtime
	// Programs are the IDLs of the programs the provider's SVM payloads
	// call, by program id; instructions calling other programs are checked
	// only by the engine's payload guard (a program of the catalog or an
	// SPL program).
	Programs map[solana.PublicKey]*svm.Program
	// CheckSVM, if set, checks the decoded instructions of each SVM
	// payload of q further: the accounts the IDL cannot know (PDAs, token
	// accounts) and the amounts.
	CheckSVM func(t *testing.T, req orchestration.QuoteRequest, q orchestration.Quote, ixs []*solana.GenericInstruction)
	// Quotable requests are ones the provider alone must quote; at least
	// one. Their routes are served by its own edges (one or more legs).
	Quotable []orchestration.QuoteRequest
	// Unquotable requests are valid requests it cannot serve; at least one.
	Unquotable []orchestration.QuoteRequest
	// Execute, if set, executes q's payloads in order from the request's
	// funder and returns how much of the destination token the recipient
	// received. The suite then checks it against minAmountOut. For a
	// provider whose legs settle later (quote.SettlesLater), Execute must
	// run what settles them (the solver that fills an order, the relayer
	// that reports the fill) before it measures, so the conformance run
	// executes through the fill.
	Execute func(t *testing.T, req orchestration.QuoteRequest, q orchestration.Quote) *big.Int
	// Spent, if set with Execute, is how much of the source token the
	// funder spent in the last Execute: RunExactOutput checks it is at
	// most the quote's amountIn.
	Spent func(t *testing.T) *big.Int
}

// promptly bounds how long a provider may take to return once its context
// is cancelled.
const promptly = 2 * time.Second

// Run runs the conformance suite. newHarness is called once per subtest, so
// each subtest starts from a fresh provider.
func Run(t *testing.T, newHarness func(t *testing.T) Harness) {
	t.Helper()
	setup := func(t *testing.T) (Harness, *quote.Engine) {
		t.Helper()
		h := newHarness(t)
		if h.Provider == nil || h.Catalog == nil || len(h.Quotable) == 0 || len(h.Unquotable) == 0 {
			t.Fatal("quotetest: the harness must supply a Provider, a Catalog, at least one Quotable and at least one Unquotable request")
		}
		e, err := quote.New(quote.Config{Catalog: h.Catalog, Runtimes: h.Runtimes, Providers: []quote.Provider{h.Provider}})
		if err != nil {
			t.Fatalf("quote.New with the provider alone: %v", err)
		}
		return h, e
	}
	t.Run("ID", func(t *testing.T) { h, _ := setup(t); testID(t, h) })
	t.Run("EdgesJoinCatalogAssets", func(t *testing.T) { h, _ := setup(t); testEdges(t, h) })
	t.Run("QuotesHonourTheRequest", func(t *testing.T) { h, e := setup(t); testQuotes(t, h, e) })
	t.Run("NoRouteForUnsupported", func(t *testing.T) { h, e := setup(t); testNoRoute(t, h, e) })
	t.Run("CancelledContext", func(t *testing.T) { h, e := setup(t); testCancelled(t, h, e) })
	t.Run("Concurrent", func(t *testing.T) { h, e := setup(t); testConcurrent(t, e, h.Quotable[0]) })
}

func testID(t *testing.T, h Harness) {
	id := h.Provider.ID()
	if id == "" || strings.TrimSpace(string(id)) != string(id) {
		t.Fatalf("ID() = %q: it must be non-empty without surrounding spaces", id)
	}
	if h.Provider.ID() != id {
		t.Fatal("ID() changed between calls")
	}
}

func testEdges(t *testing.T, h Harness) {
	edges, err := h.Provider.Edges(context.Background())
	if err != nil {
		t.Fatalf("Edges: %v", err)
	}
	if len(edges) == 0 {
		t.Fatal("Edges returned none, yet the harness has quotable requests")
	}
	for i, e := range edges {
		for _, end := range []orchestration.AssetAddress{
			{Chain: e.From.Chain, Address: e.From.Address}, {Chain: e.To.Chain, Address: e.To.Address},
		} {
			info, err := h.Catalog.Resolve(end)
			if err != nil || info.Address != end.Address {
				t.Errorf("edge %d: %s %s is not a catalog asset in canonical form (%v)", i, end.Chain, end.Address, err)
			}
		}
		if e.From.Chain == e.To.Chain && e.From.Address == e.To.Address {
			t.Errorf("edge %d goes from %s to itself", i, e.From.Symbol)
		}
		if e.Spender != "" {
			chain, ok := h.Catalog.Chain(e.From.Chain)
			if !ok || chain.Contracts.Name(e.Spender) == "" {
				t.Errorf("edge %d: spender %s is not a contract of %s's address book", i, e.Spender, e.From.Chain)
			}
		}
	}
}

func testQuotes(t *testing.T, h Harness, e *quote.Engine) {
	for _, qr := range h.Quotable {
		qr.MaxNumQuotes = ptr(quote.DefaultMaxQuotesCap)
		quotes, err := e.Quote(context.Background(), qr)
		if err != nil {
			t.Fatalf("quote %s: %v", describe(qr), err)
		}
		if len(quotes) == 0 {
			t.Fatalf("quote %s: no quotes and no error", describe(qr))
		}
		for i, q := range quotes {
			checkQuote(t, h, qr, q)
			if h.Execute != nil && i == 0 {
				got := h.Execute(t, qr, q)
				min, _ := new(big.Int).SetString(q.MinAmountOut, 10)
				switch {
				case got == nil:
					t.Errorf("%s: Execute reported nothing received", describe(qr))
				case got.Cmp(min) < 0:
					t.Errorf("%s: the recipient received %s, below minAmountOut %s", describe(qr), got, q.MinAmountOut)
				case q.MinAmountOut == q.AmountOut && got.String() != q.AmountOut:
					t.Errorf("%s: an exact route delivered %s, want exactly amountOut %s", describe(qr), got, q.AmountOut)
				}
			}
		}
	}
}

// checkQuote checks one quote against its request and the catalog.
func checkQuote(t *testing.T, h Harness, qr orchestration.QuoteRequest, q orchestration.Quote) {
	t.Helper()
	what := describe(qr)
	src, err1 := h.Catalog.Resolve(qr.Route.Source)
	dst, err2 := h.Catalog.Resolve(qr.Route.Destination)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: the harness's request names assets outside the catalog", what)
	}
	wantRoute := orchestration.Route{
		Source:      orchestration.AssetAddress{Chain: src.Chain, Address: src.Address},
		Destination: orchestration.AssetAddress{Chain: dst.Chain, Address: dst.Address},
	}
	if diff := cmp.Diff(wantRoute, q.Route); diff != "" {
		t.Errorf("%s: route not echoed (-want +got):\n%s", what, diff)
	}
	if qr.AmountOut == "" && q.AmountIn != qr.AmountIn {
		t.Errorf("%s: amountIn = %s, want the requested %s", what, q.AmountIn, qr.AmountIn)
	}
	wantRecipient := qr.Recipient
	if wantRecipient == "" {
		wantRecipient = qr.Sender
	}
	if !strings.EqualFold(q.Recipient, wantRecipient) {
		t.Errorf("%s: recipient = %s, want the requested %s", what, q.Recipient, wantRecipient)
	}
	out, ok1 := new(big.Int).SetString(q.AmountOut, 10)
	min, ok2 := new(big.Int).SetString(q.MinAmountOut, 10)
	switch {
	case !ok1 || !ok2 || out.Sign() <= 0 || min.Sign() <= 0:
		t.Errorf("%s: amountOut %q and minAmountOut %q must be positive integers", what, q.AmountOut, q.MinAmountOut)
	case min.Cmp(out) > 0:
		t.Errorf("%s: minAmountOut %s exceeds amountOut %s", what, min, out)
	}
	if q.EstFillTime < 0 {
		t.Errorf("%s: estFillTime %d is negative", what, q.EstFillTime)
	}
	if len(q.Payloads) == 0 {
		t.Errorf("%s: no payloads", what)
	}
	id := h.Provider.ID()
	for i, p := range q.Payloads {
		if p.Provider != id {
			t.Errorf("%s: payload %d is attributed to %q, not %q", what, i, p.Provider, id)
		}
		if p.Annotation == "" {
			t.Errorf("%s: payload %d has no annotation for the wallet to show", what, i)
		}
		if p.Data.SVM != nil {
			checkSVM(t, h, qr, q, i, p.Data.SVM)
		}
		evm := p.Data.EVM
		if evm == nil {
			continue
		}
		chain, ok := h.Catalog.Chain(evm.Chain)
		if !ok {
			t.Errorf("%s: payload %d is on %s, which the catalog does not enable", what, i, evm.Chain)
			continue
		}
		if evm.ChainID != chain.ChainID {
			t.Errorf("%s: payload %d chainId %d, want %s's %d", what, i, evm.ChainID, evm.Chain, chain.ChainID)
		}
		_, tokenErr := h.Catalog.Resolve(orchestration.AssetAddress{Chain: evm.Chain, Address: evm.To})
		if tokenErr != nil && chain.Contracts.Name(evm.To) == "" {
			t.Errorf("%s: payload %d calls %s, neither a catalog token nor a known contract on %s", what, i, evm.To, evm.Chain)
		}
	}
}

// checkSVM checks one SVM payload: see the package documentation.
func checkSVM(t *testing.T, h Harness, qr orchestration.QuoteRequest, q orchestration.Quote, i int, p *orchestration.SVMPayload) {
	t.Helper()
	what := describe(qr)
	chain, ok := h.Catalog.Chain(p.Chain)
	if !ok || chain.Runtime != orchestration.RuntimeSVM {
		t.Errorf("%s: payload %d is on %s, which is no SVM chain of the catalog", what, i, p.Chain)
		return
	}
	tx, err := svm.Decode(p.Transaction)
	if err != nil {
		t.Errorf("%s: payload %d does not decode: %v", what, i, err)
		return
	}
	if n := int(tx.Message.Header.NumRequiredSignatures); n == 0 || len(tx.Signatures) != n {
		t.Errorf("%s: payload %d has %d signature slots for %d signers", what, i, len(tx.Signatures), n)
	}
	for _, s := range tx.Signatures {
		if !s.IsZero() {
			t.Errorf("%s: payload %d is signed", what, i)
		}
	}
	if tx.Message.RecentBlockhash.IsZero() {
		t.Errorf("%s: payload %d has no recent blockhash", what, i)
	}
	funder := qr.Funder
	if funder == "" {
		funder = qr.Sender
	}
	if len(tx.Message.AccountKeys) == 0 || tx.Message.AccountKeys[0].String() != funder {
		t.Errorf("%s: payload %d: the fee payer is not the funder %s", what, i, funder)
	}
	ixs, err := svm.Instructions(tx, nil)
	if err != nil {
		t.Errorf("%s: payload %d: %v", what, i, err)
		return
	}
	var payer solana.PublicKey
	if len(tx.Message.AccountKeys) > 0 {
		payer = tx.Message.AccountKeys[0]
	}
	for j, ix := range ixs {
		prog := h.Programs[ix.ProgramID()]
		if prog == nil {
			continue
		}
		// The map's key is the deployment; the IDL may carry another id.
		if _, err := prog.WithID(ix.ProgramID()).ReadCall(ix, payer); err != nil {
			t.Errorf("%s: payload %d instruction %d: %v", what, i, j, err)
		}
	}
	if h.CheckSVM != nil {
		h.CheckSVM(t, qr, q, ixs)
	}
}

func testNoRoute(t *testing.T, h Harness, e *quote.Engine) {
	for _, qr := range h.Unquotable {
		_, err := e.Quote(context.Background(), qr)
		if code, _ := orchestration.CodeOf(err); code != orchestration.NoQuotesAvailable {
			t.Errorf("quote %s: err = %v, want %s", describe(qr), err, orchestration.NoQuotesAvailable)
		}
	}
}

func testCancelled(t *testing.T, h Harness, e *quote.Engine) {
	checkCancelled(t, h, e, h.Quotable[0], "QuoteLeg", func(ctx context.Context, edge *quote.Edge, party orchestration.Address) {
		_, _ = h.Provider.QuoteLeg(ctx, quote.LegRequest{Edge: edge, AmountIn: big.NewInt(1_000_000),
			Funder: party, Recipient: party, Refund: party, SlippageBps: 50})
	})
}

// checkCancelled checks that a quote of qr under a cancelled context is a
// QuoteError wrapping context.Canceled, and that a leg asked (ask, named
// name) under a context that ends during the call returns promptly.
func checkCancelled(t *testing.T, h Harness, e *quote.Engine, qr orchestration.QuoteRequest, name string,
	ask func(ctx context.Context, edge *quote.Edge, party orchestration.Address)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := e.Quote(ctx, qr)
	if code, _ := orchestration.CodeOf(err); code != orchestration.QuoteError || !errors.Is(err, context.Canceled) {
		t.Fatalf("quote with a cancelled context: err = %v, want %s wrapping context.Canceled", err, orchestration.QuoteError)
	}
	edges, err := h.Provider.Edges(context.Background())
	if err != nil || len(edges) == 0 {
		t.Fatalf("Edges: %v (%d edges)", err, len(edges))
	}
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	done := make(chan struct{})
	// No address when the sender is not one of the edge's runtime: the
	// provider must return promptly either way.
	party, _ := orchestration.CanonicalAddress(edges[0].From.Runtime, h.Quotable[0].Sender)
	go func() {
		defer close(done)
		ask(ctx, &edges[0], party)
	}()
	select {
	case <-done:
	case <-time.After(promptly):
		t.Fatalf("%s did not return within %v of its context ending", name, promptly)
	}
}

// testConcurrent checks that quotes of qr made at once equal a lone one.
func testConcurrent(t *testing.T, e *quote.Engine, qr orchestration.QuoteRequest) {
	const n = 8
	want, err := e.Quote(context.Background(), qr)
	if err != nil {
		t.Fatalf("quote %s: %v", describe(qr), err)
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	got := make([][]orchestration.Quote, n)
	for i := range n {
		wg.Go(func() { got[i], errs[i] = e.Quote(context.Background(), qr) })
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("concurrent quote %d: %v", i, errs[i])
		}
		if diff := cmp.Diff(want, got[i], sameQuote); diff != "" {
			t.Errorf("concurrent quote %d differs from a lone one (-lone +concurrent):\n%s", i, diff)
		}
	}
}

// sameQuote compares quotes whose expiresAt may differ by the second a
// provider counted its validity from (its clock at pricing, decision 87):
// more than that apart is a difference.
var sameQuote = cmp.FilterPath(func(p cmp.Path) bool {
	return p.Last().String() == ".ExpiresAt"
}, cmp.Comparer(func(a, b int64) bool { return a-b <= 1 && b-a <= 1 }))

func describe(qr orchestration.QuoteRequest) string {
	return string(qr.Route.Source.Chain) + ":" + qr.Route.Source.Address + " -> " +
		string(qr.Route.Destination.Chain) + ":" + qr.Route.Destination.Address + amountText(qr)
}

func amountText(qr orchestration.QuoteRequest) string {
	if qr.AmountOut != "" {
		return " amountOut " + qr.AmountOut
	}
	return " amount " + qr.AmountIn
}

func ptr[T any](v T) *T { return &v }

// Built returns l's payloads, building them when the provider deferred them
// (quote.Leg.Build), and fails t when building fails: for tests that call
// a provider's QuoteLeg directly.
func Built(t testing.TB, l quote.Leg) []orchestration.Payload {
	t.Helper()
	ps, err := l.BuildPayloads()
	if err != nil {
		t.Fatalf("building the leg's payloads: %v", err)
	}
	return ps
}
