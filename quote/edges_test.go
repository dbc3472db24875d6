package quote_test

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"weak"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// edgeCounter counts Edges calls.
type edgeCounter struct {
	*memprovider.Provider
	n atomic.Int64
}

func (c *edgeCounter) Edges(ctx context.Context) ([]quote.Edge, error) {
	c.n.Add(1)
	return c.Provider.Edges(ctx)
}

// A provider whose Edges fails is reported failed, asked again only after
// DefaultEdgesRetry, and its edges are kept once known.
func TestEdgesRetry(t *testing.T) {
	p := &edgeCounter{Provider: swap()}
	p.EdgesFail = errors.New("chain down")
	// Refreshing known edges is TestEdgesRefresh's; here they are listed once.
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{p}, EdgesRefresh: -1})
	clk := testclock.New(time.Unix(1_700_000_000, 0))
	quote.SetClock(e, clk.Now)

	step := func(name string, wantOK bool, wantEdgesCalls int64) {
		t.Helper()
		quotes, err := e.Quote(context.Background(), request(wMEth))
		switch {
		case wantOK && err != nil:
			t.Errorf("%s: %v, want a quote", name, err)
		case wantOK && len(quotes) != 1:
			t.Errorf("%s: %d quotes, want 1", name, len(quotes))
		case !wantOK:
			oe := wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
			if !strings.Contains(oe.Err.Error(), "provider m-swap-facility edges: chain down") {
				t.Errorf("%s: cause %v does not name the provider's edges", name, oe.Err)
			}
		}
		if n := p.n.Load(); n != wantEdgesCalls {
			t.Errorf("%s: Edges called %d times in all, want %d", name, n, wantEdgesCalls)
		}
	}
	step("first request", false, 1)
	p.EdgesFail = nil
	step("before the retry delay", false, 1)
	clk.Advance(quote.DefaultEdgesRetry - time.Nanosecond)
	step("just before the retry delay", false, 1)
	clk.Advance(time.Nanosecond)
	step("after the retry delay", true, 2)
	p.EdgesFail = errors.New("chain down again")
	clk.Advance(time.Hour)
	step("edges known", true, 2)

	warns := rec.find(slog.LevelWarn, "quote provider edges unavailable")
	if len(warns) != 3 || warns[0].Attrs["provider"].String() != "m-swap-facility" || warns[0].Attrs["error"].String() != "chain down" {
		t.Errorf("edge warnings %+v, want three for m-swap-facility", warns)
	}
}

// Edges that break the Edge contract make the provider's edges fail.
func TestInvalidEdges(t *testing.T) {
	lowerM := mEth
	lowerM.Address = strings.ToLower(mAddr)
	notInCatalog := wMEth
	notInCatalog.Chain = orchestration.Base
	tests := []struct {
		name string
		edge quote.Edge
		want string
	}{
		{"non-canonical address", edge(lowerM, wMEth), "edge 0: From Ethereum " + lowerM.Address + " is not a catalog asset in canonical form"},
		{"asset outside the catalog", edge(mEth, notInCatalog), "edge 0: To Base " + wMAddr + " is not a catalog asset in canonical form"},
		{"to itself", edge(mEth, mEth), "edge 0 goes from an asset to itself"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := memprovider.New(acme).Edge(tt.edge, rate(2, 1, 0))
			e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{bad, swap()}})
			if _, err := e.Quote(context.Background(), request(wMEth)); err != nil {
				t.Fatalf("the other provider did not quote: %v", err)
			}
			got, err := e.Edges(context.Background())
			if err == nil || err.Error() != "provider acme-bridge: "+tt.want {
				t.Errorf("Edges error %v, want %q", err, "provider acme-bridge: "+tt.want)
			}
			if _, ok := got[acme]; ok || len(got[sfID]) != 1 {
				t.Errorf("Edges = %v, want only m-swap-facility's", got)
			}
		})
	}
}

func TestEngineEdges(t *testing.T) {
	portal := memprovider.New(portalID).Edge(edge(mEth, mArb), rate(1, 1, 0)).Edge(edge(mArb, mEth), rate(1, 1, 0))
	down := memprovider.New(orchestration.ProviderLimitOrder)
	down.EdgesFail = errors.New("chain down")
	empty := memprovider.New(acme)
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{swap(), portal, down, empty}})
	got, err := e.Edges(context.Background())
	if err == nil || err.Error() != "provider limit-order: chain down" {
		t.Errorf("error %v, want limit-order's", err)
	}
	labels := map[orchestration.ProviderID][]string{}
	for id, edges := range got {
		labels[id] = []string{}
		for _, ed := range edges {
			labels[id] = append(labels[id], label(ed.From)+">"+label(ed.To))
		}
	}
	want := map[orchestration.ProviderID][]string{
		sfID:     {"M@Ethereum>wM@Ethereum"},
		portalID: {"M@Ethereum>M@Arbitrum", "M@Arbitrum>M@Ethereum"},
		acme:     {},
	}
	if diff := cmp.Diff(want, labels); diff != "" {
		t.Errorf("edges (-want +got):\n%s", diff)
	}
}

// A request whose caller gives up while a provider lists its edges does
// not leave that provider failed for the requests after it: the listing
// goes on without it, and serves the next request.
func TestCancelledWhileListingEdges(t *testing.T) {
	var calls atomic.Int64
	release := make(chan struct{})
	slowStart := providerFunc{
		id: portalID,
		edges: func(ctx context.Context) ([]quote.Edge, error) {
			calls.Add(1)
			select {
			case <-release:
			case <-ctx.Done(): // the provider timeout, not the caller
				return nil, ctx.Err()
			}
			return []quote.Edge{edge(mEth, wMEth)}, nil
		},
		leg: rate(1, 1, 0),
	}
	var observed atomic.Int64
	obs := observerFunc(func(context.Context, quote.Observation) { observed.Add(1) })
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{slowStart}, Observer: obs})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	_, err := e.Quote(ctx, request(wMEth))
	wantError(t, err, orchestration.QuoteError, "the quote request was cancelled or timed out before providers answered")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v does not wrap context.Canceled", err)
	}
	if n := observed.Load(); n != 0 {
		t.Errorf("the abandoned request was observed %d times", n)
	}
	close(release)
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil || len(quotes) != 1 {
		t.Fatalf("the next request: %d quotes, %v; want the provider's quote", len(quotes), err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("Edges called %d times, want 1: the abandoned request's listing serves the next", n)
	}
}

// partialEdges returns the edges it has with an error, as a provider does
// when one of its chains cannot be read.
type partialEdges struct {
	*memprovider.Provider
	missing error
	n       atomic.Int64
}

func (p *partialEdges) Edges(ctx context.Context) ([]quote.Edge, error) {
	p.n.Add(1)
	edges, err := p.Provider.Edges(ctx)
	if err != nil {
		return nil, err
	}
	return edges, p.missing
}

// A provider that could list only some chains' edges serves those at once
// and is asked again after DefaultEdgesRetry, until it lists all of them.
func TestPartialEdgesServeUntilRetried(t *testing.T) {
	p := &partialEdges{Provider: swap(), missing: errors.New("Arbitrum unreadable")}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})
	clk := testclock.New(time.Unix(1_700_000_000, 0))
	quote.SetClock(e, clk.Now)

	for i, want := range []int64{1, 1, 2, 2} {
		if i == 2 {
			clk.Advance(quote.DefaultEdgesRetry)
			p.missing = nil // the chain is back
		}
		if quotes, err := e.Quote(context.Background(), request(wMEth)); err != nil || len(quotes) != 1 {
			t.Fatalf("request %d: %d quotes, %v; the edges that were listed must serve", i, len(quotes), err)
		}
		if n := p.n.Load(); n != want {
			t.Fatalf("request %d: Edges called %d times, want %d", i, n, want)
		}
	}
	clk.Advance(10 * quote.DefaultEdgesRetry)
	if _, err := e.Quote(context.Background(), request(wMEth)); err != nil || p.n.Load() != 2 {
		t.Fatalf("complete edges must be kept: %v, %d calls", err, p.n.Load())
	}
}

// gatedEdges holds Edges until release is closed, and says when it entered.
type gatedEdges struct {
	*memprovider.Provider
	entered chan struct{}
	release chan struct{}
	calls   atomic.Int64
}

func (g *gatedEdges) Edges(ctx context.Context) ([]quote.Edge, error) {
	g.calls.Add(1)
	g.entered <- struct{}{}
	select {
	case <-g.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return g.Provider.Edges(ctx)
}

// The request that starts loading a provider's edges going away does not
// fail the others waiting for the same edges: they get their quote from
// the one shared call.
func TestEdgesOutliveTheRequestThatAskedFirst(t *testing.T) {
	p := &gatedEdges{Provider: swap(), entered: make(chan struct{}, 1), release: make(chan struct{})}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}})

	firstCtx, cancelFirst := context.WithCancel(context.Background())
	firstErr := make(chan error, 1)
	go func() {
		_, err := e.Quote(firstCtx, request(wMEth))
		firstErr <- err
	}()
	<-p.entered // the first request's call is loading the edges

	second := make(chan error, 1)
	var quotes []orchestration.Quote
	go func() {
		var err error
		quotes, err = e.Quote(context.Background(), request(wMEth))
		second <- err
	}()
	cancelFirst()
	if err := <-firstErr; !errors.Is(err, context.Canceled) {
		t.Errorf("first request: %v, want context.Canceled", err)
	}
	close(p.release)
	if err := <-second; err != nil || len(quotes) != 1 {
		t.Fatalf("second request: %d quotes, %v; want 1 quote", len(quotes), err)
	}
	if n := p.calls.Load(); n != 1 {
		t.Errorf("Edges called %d times, want 1 (shared)", n)
	}
}

// Known edges are listed again once EdgesRefresh has passed, in the
// background: a new edge (a pool created while the service runs) becomes
// quotable, the request that finds the edges due is served the old ones, and
// a failed listing keeps them and is tried again after DefaultEdgesRetry.
func TestEdgesRefresh(t *testing.T) {
	const refresh = 10 * time.Minute
	var (
		edges  atomic.Pointer[[]quote.Edge]
		fail   atomic.Pointer[error]
		calls  atomic.Int64
		listed = make(chan struct{}, 1)
	)
	first := []quote.Edge{edge(mEth, wMEth)}
	edges.Store(&first)
	p := providerFunc{
		id: sfID,
		edges: func(context.Context) ([]quote.Edge, error) {
			calls.Add(1)
			defer func() { listed <- struct{}{} }()
			if err := fail.Load(); err != nil {
				return nil, *err
			}
			return *edges.Load(), nil
		},
		leg: rate(1, 1, 0),
	}
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{p}, EdgesRefresh: refresh})
	clk := testclock.New(time.Unix(1_700_000_000, 0))
	quote.SetClock(e, clk.Now)
	quoteTo := func(dst asset.AssetInfo) error {
		_, err := e.Quote(context.Background(), request(dst))
		return err
	}

	if err := quoteTo(wMEth); err != nil {
		t.Fatal(err)
	}
	<-listed
	quote.AwaitEdges(e, string(sfID))
	// The provider gains an edge; before the refresh is due nobody asks.
	more := []quote.Edge{edge(mEth, wMEth), edge(mEth, usdcEth)}
	edges.Store(&more)
	clk.Advance(refresh - time.Second)
	if err := quoteTo(usdcEth); !isNoQuotes(err) {
		t.Fatalf("before the refresh: %v, want NoQuotesAvailable", err)
	}
	if n := calls.Load(); n != 1 {
		t.Fatalf("Edges called %d times before the refresh was due, want 1", n)
	}
	clk.Advance(time.Second)
	if err := quoteTo(usdcEth); !isNoQuotes(err) { // served the edges listed before
		t.Fatalf("the request finding the refresh due: %v, want NoQuotesAvailable from the old edges", err)
	}
	<-listed
	quote.AwaitEdges(e, string(sfID))
	if err := quoteTo(usdcEth); err != nil {
		t.Fatalf("after the refresh: %v, want the new edge's quote", err)
	}

	// A failed refresh keeps the edges and is retried after DefaultEdgesRetry.
	down := errors.New("chain down")
	fail.Store(&down)
	clk.Advance(refresh)
	if err := quoteTo(usdcEth); err != nil {
		t.Fatalf("while a refresh runs: %v", err)
	}
	<-listed
	quote.AwaitEdges(e, string(sfID))
	if err := quoteTo(usdcEth); err != nil {
		t.Fatalf("after a failed refresh: %v, want the edges listed before", err)
	}
	if warns := rec.find(slog.LevelWarn, "quote provider edges refresh failed; serving the edges listed before"); len(warns) != 1 {
		t.Errorf("%d warnings for the failed refresh, want 1", len(warns))
	}
	clk.Advance(quote.DefaultEdgesRetry - time.Nanosecond)
	quoteTo(usdcEth)
	if n := calls.Load(); n != 3 {
		t.Errorf("Edges called %d times before the retry delay, want 3", n)
	}
	fail.Store(nil)
	clk.Advance(time.Nanosecond)
	quoteTo(usdcEth)
	<-listed
	quote.AwaitEdges(e, string(sfID))
	if n := calls.Load(); n != 4 {
		t.Errorf("Edges called %d times after the retry delay, want 4", n)
	}
}

func isNoQuotes(err error) bool {
	oe, ok := errors.AsType[*orchestration.Error](err)
	return ok && oe.Code == orchestration.NoQuotesAvailable
}

// Close ends an edge listing that outlived its request (the provider's
// context is cancelled) and returns once it has ended; a listing asked
// afterwards fails at once.
func TestCloseEndsTheEdgeListing(t *testing.T) {
	p := &returnedEdges{gatedEdges: &gatedEdges{Provider: swap(), entered: make(chan struct{}, 1), release: make(chan struct{})}}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}, ProviderTimeout: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	quoted := make(chan error, 1)
	go func() {
		_, err := e.Quote(ctx, request(wMEth))
		quoted <- err
	}()
	<-p.entered
	cancel()
	if err := <-quoted; err == nil {
		t.Fatal("a cancelled request quoted")
	}
	// The listing is still running, with an hour to go: Close ends it.
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if !p.returned.Load() {
		t.Error("Close returned before the provider's Edges did")
	}
	_, err := e.Quote(context.Background(), request(wMEth))
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.QuoteError || !errors.Is(err, quote.ErrEngineClosed) {
		t.Errorf("quote after Close = %v, want a QuoteError wrapping ErrEngineClosed", err)
	}
	if p.calls.Load() != 1 {
		t.Errorf("%d edge listings, want the one Close ended", p.calls.Load())
	}
}

// returnedEdges is gatedEdges saying when its Edges has returned.
type returnedEdges struct {
	*gatedEdges
	returned atomic.Bool
}

func (r *returnedEdges) Edges(ctx context.Context) ([]quote.Edge, error) {
	defer r.returned.Store(true)
	return r.gatedEdges.Edges(ctx)
}

// The reads the engine keeps per leg request are keyed by the edges of a
// listing: once a refresh replaces the listing they are never asked for
// again, and keeping them would keep every listing since start alive.
func TestRefreshedListingIsNotKeptByDeclarations(t *testing.T) {
	const refresh = 10 * time.Minute
	p := &relistingAMM{amm: newAMM(uniID, true).edge(mEth, wMEth)}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{p}, Runtimes: evmRuntimes(nil, &fakeReader{compute: ammCompute}), EdgesRefresh: refresh})
	clk := testclock.New(time.Unix(1_700_000_000, 0))
	quote.SetClock(e, clk.Now)
	for range 5 {
		if _, err := e.Quote(context.Background(), request(wMEth)); err != nil {
			t.Fatal(err)
		}
		quote.AwaitEdges(e, string(uniID))
		clk.Advance(refresh)
	}
	for range 3 {
		runtime.GC()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	listings := p.listings
	if len(listings) < 5 {
		t.Fatalf("%d listings, want at least 5", len(listings))
	}
	alive := 0
	for _, w := range listings[:len(listings)-1] { // the newest is current
		if w.Value() != nil {
			alive++
		}
	}
	if alive > 1 { // the one before the newest may still serve a request
		t.Errorf("%d of %d replaced listings are still reachable", alive, len(listings)-1)
	}
	runtime.KeepAlive(e) // what the engine holds is the question
}

// relistingAMM is an amm whose every listing is a new slice; it keeps a
// weak pointer to the first edge of each.
type relistingAMM struct {
	*amm
	mu       sync.Mutex
	listings []weak.Pointer[quote.Edge]
}

func (p *relistingAMM) Edges(ctx context.Context) ([]quote.Edge, error) {
	l, err := p.amm.Edges(ctx)
	l = slices.Clone(l)
	if len(l) > 0 {
		p.mu.Lock()
		p.listings = append(p.listings, weak.Make(&l[0]))
		p.mu.Unlock()
	}
	return l, err
}
